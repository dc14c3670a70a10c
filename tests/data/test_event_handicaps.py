"""Byes, penalties and handicaps kept by the data layer on a real SQLite file: the
event's choices checked before anything is stored, handicaps worked out from the
players' ratings when the event is made, and penalties given, counted and removed."""

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.events import changes, events, penalties, turns
from scorekeeper.data.games import players
from tests.data.test_events import PAIRS, club_night, play


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


def rate(db, name, shown):
    """``name`` rated ``shown`` over every game (sigma 2, mu to match)."""
    player = players.remember(db, name)
    mu = (shown - 1500) / 20 + 3 * 2
    db.execute("INSERT INTO player_ratings VALUES (?, 'all', ?, 2, 12)", [player, mu])


def test_handicaps_from_ratings_when_the_event_is_made(db):
    # Ann 1700 and Bea new (1500): 1600; Gus 1300 and Hal new: 1400; the others 1500
    # each; the field averages 1500, so Ann & Bea start 2 down, Gus & Hal 2 up.
    rate(db, "Ann", 1700)
    rate(db, "Gus", 1300)
    event_id = club_night(db, entries=PAIRS[:4], handicap="ratings")
    assert [e["handicap"] for e in events.entries_of(db, event_id)] == [-2, 0, 0, 2]
    rate(db, "Cy", 2400)  # a later rating does not move the event's handicaps
    assert [e["handicap"] for e in events.entries_of(db, event_id)] == [-2, 0, 0, 2]


@pytest.mark.parametrize(
    ("more", "field", "said"),
    [
        ({"bye": "sometimes"}, "bye", "bye: must be one of win, draw, loss, fixed, average"),
        ({"bye": "fixed", "bye_worth": 5000}, "bye_worth", "-1000 to 1000"),
        ({"handicap": "luck"}, "handicap", "handicap: must be one of"),
        ({"scale": {"kind": "vp", "named": "fibur-9"}}, "entries", "no victory-point table"),
    ],
    ids=["unknown-bye", "fixed-bye-too-big", "unknown-handicap", "unknown-named-table"],
)
def test_bad_choices_are_refused_and_nothing_is_stored(db, more, field, said):
    with pytest.raises(events.EventProblem, match=said) as refused:
        club_night(db, **more)
    assert refused.value.field == field
    assert events.all_events(db) == []


def test_a_penalty_counts_until_it_is_removed(db):
    event_id = club_night(db, scale={"kind": "vp", "named": "burraco-4"})
    turns.start_turn(db, event_id)
    play(db, event_id, 1, [(600, 50), (100, 100), (100, 100), (100, 100)])
    table = events.tables(db, event_id, 1)[0]
    with pytest.raises(events.EventProblem, match="choose an entry at this table"):
        penalties.give(db, event_id, table["game_id"], 1, 2, "not seated here")
    with pytest.raises(events.EventProblem, match="say why"):
        penalties.give(db, event_id, table["game_id"], 0, 2, "  ")
    given = penalties.give(db, event_id, table["game_id"], 0, 2, "late")
    found = events.event(db, event_id)
    lines = {line.entry: line for line in events.event_standings(db, found)}
    # 550 on the 4-deal table: 13-7; Ann & Bea's 2 off
    assert (lines[0].raw, lines[0].penalty, lines[0].points) == (13, 2, 11)
    penalties.remove(db, event_id, given, "the clock was wrong")
    lines = {line.entry: line for line in events.event_standings(db, found)}
    assert (lines[0].raw, lines[0].penalty, lines[0].points) == (13, 0, 13)
    history = [(c["action"], c["reason"], c["who"]) for c in changes.history(db, event_id)]
    assert history[:2] == [
        ("penalty removed", "the clock was wrong", "director"),
        ("penalty", "late", "director"),
    ]
