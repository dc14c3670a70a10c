"""The director's desk at the data layer: each table's state with what its phones
say, missing results first; the director's changes, each with its reason in the
game's history; withdrawals scored as byes; players checking in."""

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.events import desk as event_desk, events, turns
from scorekeeper.data.games import rounds
from scorekeeper.data.table import answers as table_answers, table as phones
from scorekeeper.scoring import ScoringError
from tests.data.test_events import PAIRS, club_night, play


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


def deal(db, table, ns, ew):
    one, other = table["sides"]
    return rounds.add_round(db, table["game_id"], {one: {"meld_points": ns},
                                                   other: {"meld_points": ew}})  # fmt: skip


def phones_at(db, table):
    """A phone for each side of the table, which confirms rounds."""
    phones.set_settings(db, table["game_id"], phones_enter=False, confirm_rounds=True)
    return [phones.phone_of(db, phones.join(db, table["game_id"], side, n))
            for n, side in enumerate(table["sides"])]  # fmt: skip


def test_the_desk_shows_missing_results_first_with_what_the_phones_say(db):
    event_id = club_night(db)
    turns.start_turn(db, event_id)
    one, two, three, four = events.tables(db, event_id, 1)
    ns, _ = phones_at(db, two)  # table 2: one side's phone has confirmed, the other's not yet
    deal(db, two, 100, 50)
    table_answers.answer_round(db, ns, 1, 1, "confirmed")
    _, ew = phones_at(db, three)  # table 3: a phone queries the round
    deal(db, three, 100, 50)
    table_answers.answer_round(db, ew, 1, 1, "queried", "we had 150")
    deal(db, four, 200, 0)  # table 4: finished, the table does not confirm rounds
    shown = event_desk.desk(db, event_id, 1)
    assert [(t["table_no"], t["desk"]) for t in shown] == [
        (3, "queried"),
        (1, "waiting"),
        (2, "confirming"),
        (4, "finished"),
    ]
    assert shown[0]["queried"] == [1] and shown[2]["awaited"] == [1]
    ew2 = phones.phone_of(db, phones.join(db, two["game_id"], "Kit", 1))
    table_answers.answer_round(db, ew2, 1, 1, "confirmed")  # the other side confirms too
    assert {t["table_no"]: t["desk"] for t in event_desk.desk(db, event_id, 1)}[2] == "finished"


def test_the_director_adjusts_a_score_with_a_reason_the_history_keeps(db):
    event_id = club_night(db)
    turns.start_turn(db, event_id)
    first = events.tables(db, event_id, 1)[0]  # Ann & Bea against Ida & Jo
    _, ew = phones_at(db, first)
    deal(db, first, 100, 50)
    table_answers.answer_round(db, ew, 1, 1, "queried", "they talked across the table")
    event_desk.adjust(db, event_id, first["game_id"], [-100, 0], "table talk: 100 off")
    table = events.tables(db, event_id, 1)[0]
    assert table["totals"] == {"Ann & Bea": 0, "Ida & Jo": 50} and table["state"] == "finished"
    (line,) = [t for t in event_desk.desk(db, event_id, 1) if t["table_no"] == 1]
    assert line["desk"] == "finished"  # the director's word answers the query
    history = phones.events(db, first["game_id"])
    adjusted = next(e for e in history if e["action"] == "adjusted")
    assert (adjusted["who"], adjusted["note"], adjusted["number"]) == (
        "director", "table talk: 100 off", 1)  # fmt: skip
    (edited,) = [c for c in rounds.changes(db, first["game_id"]) if c["action"] == "edited"]
    assert edited["after"]["Ann & Bea"] == {"meld_points": 100, "adjustment": -100,
                                            "note": "table talk: 100 off"}  # fmt: skip
    lines = events.event_standings(db, events.event(db, event_id))
    assert next(x for x in lines if x.entry == 4).points == 2  # Ida & Jo now win


def test_the_director_enters_the_score_of_a_table_without_a_round(db):
    event_id = club_night(db)
    turns.start_turn(db, event_id)
    second = events.tables(db, event_id, 1)[1]
    event_desk.adjust(db, event_id, second["game_id"], [350, 200], "their phone died")
    table = events.tables(db, event_id, 1)[1]
    assert table["totals"] == {"Cy & Di": 350, "Kit & Lu": 200} and table["state"] == "finished"


@pytest.mark.parametrize(
    ("points", "reason", "message"),
    [([0, 0], "nothing", "give a side some points"), ([50, 0], "  ", "say why"),
     ([50, 0], "x" * 201, "more than the 200"), ([3, 0], "odd", "not a multiple of 5")],
)  # fmt: skip
def test_a_change_without_a_reason_or_with_bad_points_stores_nothing(db, points, reason, message):
    event_id = club_night(db)
    turns.start_turn(db, event_id)
    first = events.tables(db, event_id, 1)[0]
    deal(db, first, 100, 50)
    with pytest.raises((events.EventProblem, ScoringError), match=message):
        event_desk.adjust(db, event_id, first["game_id"], points, reason)
    assert events.tables(db, event_id, 1)[0]["totals"] == {"Ann & Bea": 100, "Ida & Jo": 50}
    assert not [e for e in phones.events(db, first["game_id"]) if e["action"] == "adjusted"]


def test_a_reopened_table_counts_again_once_it_is_closed(db):
    event_id = club_night(db)
    turns.start_turn(db, event_id)
    play(db, event_id, 1, [(100, 50), (150, 100), (50, 200), (100, 100)])
    game = events.tables(db, event_id, 1)[0]["game_id"]
    event_desk.reopen(db, event_id, game, "the sheet and the phone disagree")
    assert events.tables(db, event_id, 1)[0]["state"] == "reopened"
    assert event_desk.desk(db, event_id, 1)[0]["table_no"] == 1  # first on the desk
    lines = events.event_standings(db, events.event(db, event_id))
    assert next(x for x in lines if x.entry == 0).played == 0  # its result is withheld
    with pytest.raises(events.EventProblem, match="still being played"):
        turns.start_turn(db, event_id)
    with pytest.raises(events.EventProblem, match="open already"):
        event_desk.reopen(db, event_id, game, "again")
    event_desk.reopen(db, event_id, game, "checked: it stands", open_=False)
    assert [e["action"] for e in phones.events(db, game)][:2] == ["closed", "reopened"]
    assert turns.start_turn(db, event_id) == 2


def test_a_withdrawal_gives_the_opponents_a_bye_now_and_later(db):
    event_id = club_night(db)
    turns.start_turn(db, event_id)
    tables = events.tables(db, event_id, 1)
    deal(db, tables[0], 100, 50)  # table 1 finished: Ann beat Ida
    event_desk.withdraw(db, event_id, 4, "Ida is unwell")  # Ida & Jo, done at table 1
    event_desk.withdraw(db, event_id, 1, "Cy had to leave")  # Cy & Di, table 2 unfinished
    states = [t["state"] for t in events.tables(db, event_id, 1)]
    assert states == ["finished", "withdrawn", "waiting", "waiting"]
    history = phones.events(db, tables[1]["game_id"])
    assert (history[0]["who"], history[0]["action"], history[0]["note"]) == (
        "Cy & Di", "withdrew", "Cy had to leave")  # fmt: skip
    for table in tables[2:]:
        deal(db, table, 100, 100)
    assert turns.start_turn(db, event_id) == 2
    # Turn 2: table 2 would be Cy & Di against Ida & Jo (both gone): not played;
    # table 1 Ann & Bea against Oz & Pam is played; Kit & Lu (opponent of Cy at table 2
    # of turn 1) had a bye then.
    second = events.tables(db, event_id, 2)
    assert [t["table_no"] for t in second] == [1, 3, 4]
    lines = {x.entry: x for x in events.event_standings(db, events.event(db, event_id))}
    assert (lines[5].byes, lines[5].points) == (1, 2)  # Kit & Lu: the bye of turn 1
    assert (lines[1].played, lines[1].points) == (0, 0)  # Cy & Di: nothing
    assert lines[4].played == 1  # Ida & Jo's finished game stands
    with pytest.raises(events.EventProblem, match="withdrawn already"):
        event_desk.withdraw(db, event_id, 4, "twice")


def test_a_swiss_turn_pairs_only_the_entries_still_playing(db):
    event_id = club_night(db, movement="swiss", entries=PAIRS[:6], turns=3)
    turns.start_turn(db, event_id)
    play(db, event_id, 1, [(50, 100), (100, 50), (100, 0)])
    event_desk.withdraw(db, event_id, 1, "gone home")  # Cy & Di, who won
    turns.start_turn(db, event_id)
    turn = events.event(db, event_id)["plan"][1]
    seated = sorted(e for table in turn.tables for side in table for e in side)
    assert sorted(seated + turn.byes) == [0, 2, 3, 4, 5]
    assert 1 not in seated and len(turn.byes) == 1


def test_a_player_checks_in_by_name_once(db):
    event_id = club_night(db)
    turns.start_turn(db, event_id)
    first = events.tables(db, event_id, 1)[0]
    assert event_desk.check_in(db, first["game_id"], "Bea") is True
    assert event_desk.check_in(db, first["game_id"], "Bea") is False
    event_desk.check_in(db, first["game_id"], "Jo")
    with pytest.raises(events.EventProblem, match="not seated"):
        event_desk.check_in(db, first["game_id"], "Cy")
    (line,) = [t for t in event_desk.desk(db, event_id, 1) if t["table_no"] == 1]
    assert line["checked_in"] == ["Bea", "Jo"]
