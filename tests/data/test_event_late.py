"""A late entry and a substitute at the data layer: the plan re-made for the turns
left (worked by hand), the standings, the substitute's own statistics, the event's
history with who and why, and what is refused."""

import pytest

from scorekeeper.data.connection import connect, row
from scorekeeper.data.events import (
    changes,
    desk as event_desk,
    editing,
    events,
    late,
    substitutes,
    turns,
)
from scorekeeper.data.games import games, players
from scorekeeper.data.ratings import leaderboards
from tests.data.test_events import PAIRS, club_night, play

LATE = {"name": "Qu & Ro", "players": ["Qu", "Ro"]}


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


def seated(db, event_id, turn):
    return [(t["table_no"], t["sides"]) for t in events.tables(db, event_id, turn)]


def lines(db, event_id):
    found = events.event(db, event_id)
    return [
        (line.entry, line.points, line.played, line.byes)
        for line in events.event_standings(db, found)
    ]


def test_a_late_pair_into_a_mitchell_of_three_tables_at_turn_two(db):
    """Six pairs at three tables for three turns; Qu & Ro (entry 6) come for turn 2.
    Turn 1 as planned: 0-3, 1-4, 2-5 (North-South first). Then, worked by hand in
    tests/club/test_late.py: turn 2 0-4, 1-6, 2-3, Kit & Lu (5) sit out; turn 3
    0-5, 1-3, 2-6, Ida & Jo (4) sit out. North-South win every game 100 to 50:
    Ann & Bea, Cy & Di, Ed & Flo 6 points each; Qu & Ro lose both (0, played 2)."""
    event_id = club_night(db, entries=PAIRS[:6], turns=3)
    turns.start_turn(db, event_id)
    assert late.add_entry(db, event_id, LATE, "their train was late") == 2
    play(db, event_id, 1, [(100, 50)] * 3)
    turns.start_turn(db, event_id)
    assert seated(db, event_id, 2) == [
        (1, ["Ann & Bea", "Ida & Jo"]),
        (2, ["Cy & Di", "Qu & Ro"]),
        (3, ["Ed & Flo", "Gus & Hal"]),
    ]
    play(db, event_id, 2, [(100, 50)] * 3)
    turns.start_turn(db, event_id)
    assert seated(db, event_id, 3) == [
        (1, ["Ann & Bea", "Kit & Lu"]),
        (2, ["Cy & Di", "Gus & Hal"]),
        (3, ["Ed & Flo", "Qu & Ro"]),
    ]
    play(db, event_id, 3, [(100, 50)] * 3)
    assert sorted(lines(db, event_id)) == [
        (0, 6, 3, 0),
        (1, 6, 3, 0),
        (2, 6, 3, 0),
        (3, 0, 3, 0),
        (4, 2, 2, 1),
        (5, 2, 2, 1),
        (6, 0, 2, 0),
    ]
    assert events.entries_of(db, event_id)[6]["joined_turn"] == 2
    said = changes.history(db, event_id)[-2]
    assert (said["action"], said["reason"], said["who"]) == (
        "joined",
        "their train was late",
        "director",
    )
    assert said["detail"] == {"entry": 6, "name": "Qu & Ro", "turn": 2}


def test_a_late_pair_into_a_swiss_joins_the_next_pairing_with_no_points(db):
    """Four pairs, two turns. Turn 1: Ann & Bea beat Cy & Di 100-50, Ed & Flo beat
    Gus & Hal 100-0. Qu & Ro (4) join for turn 2 with 0 points and margin 0: the
    order is Ed & Flo, Ann & Bea, Qu & Ro, Cy & Di (-50), Gus & Hal (-100). Five
    entries: the lowest placed without a bye sits out, Qu & Ro's missed turn
    counting as one: Gus & Hal. Then top-down: 2-0, 4-1."""
    event_id = club_night(db, movement="swiss", entries=PAIRS[:4], turns=2)
    turns.start_turn(db, event_id)
    play(db, event_id, 1, [(100, 50), (100, 0)])
    assert late.add_entry(db, event_id, LATE, "") == 2
    assert [line.entry for line in events.event_standings(db, events.event(db, event_id))] == [
        2,
        0,
        4,
        1,
        3,
    ]
    turns.start_turn(db, event_id)
    assert seated(db, event_id, 2) == [(1, ["Ed & Flo", "Ann & Bea"]), (2, ["Qu & Ro", "Cy & Di"])]
    assert events.event(db, event_id)["plan"][1].byes == [3]


def test_a_late_player_into_a_rotating_night_plays_every_turn_left(db):
    """Eight players at two tables, three turns; Ida (8) comes for turn 2. Nine
    players: one sits out each turn left, never Ida (her missed turn counts) and
    nobody twice; no partners twice."""
    people = [
        {"name": n, "players": [n]} for n in ["Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    ]
    event_id = club_night(db, movement="rotating", entries=people, turns=3)
    turns.start_turn(db, event_id)
    assert late.add_entry(db, event_id, {"name": "Ida", "players": ["Ida"]}, "") == 2
    plan = events.event(db, event_id)["plan"]
    assert plan[0].byes == []
    for turn in plan[1:]:
        assert 8 in {e for table in turn.tables for side in table for e in side}
        assert len(turn.byes) == 1
    assert plan[1].byes != plan[2].byes
    partners = [frozenset(side) for turn in plan for table in turn.tables for side in table]
    assert len(partners) == len(set(partners))


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"name": "Ann & Bea", "players": ["Ann", "Bea"]}, "two entries have the same name"),
        ({"name": "Solo", "players": ["Solo"]}, "the same number of players"),
        ({"name": "Cy & Zed", "players": ["Cy", "Zed"]}, "Cy plays in this event already"),
    ],
)
def test_a_late_entry_that_cannot_play_is_refused_and_nothing_stored(db, entry, message):
    event_id = club_night(db, entries=PAIRS[:6], turns=3)
    with pytest.raises(events.EventProblem, match=message):
        late.add_entry(db, event_id, entry, "")
    assert len(events.entries_of(db, event_id)) == 6


def test_no_late_entry_once_the_last_turn_has_started_and_a_second_tap_changes_nothing(db):
    event_id = club_night(db, entries=PAIRS[:6], turns=2)
    turns.start_turn(db, event_id)
    late.add_entry(db, event_id, LATE, "late")
    late.add_entry(db, event_id, LATE, "late")  # the button tapped twice
    assert len(events.entries_of(db, event_id)) == 7
    assert [c["action"] for c in changes.history(db, event_id)].count("joined") == 1
    play(db, event_id, 1, [(100, 50)] * 3)
    turns.start_turn(db, event_id)
    with pytest.raises(events.EventProblem, match="the last turn has started"):
        late.add_entry(db, event_id, {"name": "Sy & Ty", "players": ["Sy", "Ty"]}, "")


def stats(db, name):
    found = players.same_name(db, name)
    return players.statistics(db, found["id"])["all"]["played"] if found else 0


def test_a_substitute_sits_in_at_once_and_the_games_count_for_them(db):
    """Bea is away for turn 1 (no round entered yet): Zed takes her seat now. Ann &
    Bea win 100-50 as without him: the entry's standing is its own; the game counts
    in Zed's statistics, not Bea's. Turn 2 seats Bea again."""
    event_id = club_night(db, entries=PAIRS[:6], turns=2)
    turns.start_turn(db, event_id)
    first = substitutes.substitute(db, event_id, 0, "Bea", "Zed", rest=False, reason="ill")
    assert first == 1
    game = games.get_game(db, events.tables(db, event_id, 1)[0]["game_id"])
    assert game["seats"] == ["Ann", "Gus", "Zed", "Hal"] and game["sides"][0] == "Ann & Bea"
    play(db, event_id, 1, [(100, 50)] * 3)
    assert (stats(db, "Zed"), stats(db, "Bea"), stats(db, "Ann")) == (1, 0, 1)
    rated = {n: leaderboards.of_player(db, players.same_name(db, n)["id"]) for n in ("Zed", "Bea")}
    assert rated["Zed"]["all"]["games"] == 1 and rated["Bea"] == {}  # his rating, not hers
    assert lines(db, event_id)[0] == (0, 2, 1, 0)
    turns.start_turn(db, event_id)
    assert games.get_game(db, events.tables(db, event_id, 2)[0]["game_id"])["seats"][2] == "Bea"
    said = changes.history(db, event_id)[1]
    assert (said["action"], said["reason"]) == ("substitute", "ill")
    assert said["detail"] == {
        "entry": 0,
        "name": "Ann & Bea",
        "player": "Bea",
        "substitute": "Zed",
        "turn": 1,
        "until": 1,
    }


def test_a_substitute_after_a_round_plays_from_the_next_turn_to_the_end(db):
    event_id = club_night(db, entries=PAIRS[:6], turns=3)
    turns.start_turn(db, event_id)
    play(db, event_id, 1, [(100, 50)] * 3)
    sub = substitutes.substitute(db, event_id, 3, "Hal", "Zed", rest=True, reason="")
    again = substitutes.substitute(db, event_id, 3, "Hal", "Zed", rest=True, reason="")
    assert sub == again == 2 and len(substitutes.substitutes(db, event_id)) == 1
    game = games.get_game(db, events.tables(db, event_id, 1)[0]["game_id"])
    assert "Hal" in game["seats"]  # the game under way keeps its seats
    for turn in (2, 3):
        turns.start_turn(db, event_id)
        seats = {
            s
            for t in events.tables(db, event_id, turn)
            for s in games.get_game(db, t["game_id"])["seats"]
        }
        assert "Zed" in seats and "Hal" not in seats
        play(db, event_id, turn, [(100, 50)] * 3)
    assert (stats(db, "Zed"), stats(db, "Hal")) == (2, 1)


@pytest.mark.parametrize(
    ("entry", "player", "name", "message"),
    [
        (0, "Cy", "Zed", "choose a player of this event"),
        (9, "Ann", "Zed", "choose a player of this event"),
        (0, "Bea", "Cy", "Cy plays in this event already"),
        (0, "Bea", "", "substitute: "),
    ],
)
def test_a_substitute_that_cannot_sit_in_is_refused(db, entry, player, name, message):
    event_id = club_night(db, entries=PAIRS[:6], turns=2)
    with pytest.raises(events.EventProblem, match=message):
        substitutes.substitute(db, event_id, entry, player, name, rest=False, reason="")
    assert substitutes.substitutes(db, event_id) == []
    assert row(db, "SELECT count(*) AS n FROM event_changes", [])["n"] == 0


def test_a_swap_before_the_first_turn_takes_a_substitute_with_the_players(db):
    event_id = club_night(db, entries=PAIRS[:6], turns=2)
    substitutes.substitute(db, event_id, 0, "Bea", "Zed", rest=True, reason="")
    events.swap(db, event_id, 0, 3)
    turns.start_turn(db, event_id)
    seats = [games.get_game(db, t["game_id"])["seats"] for t in events.tables(db, event_id, 1)]
    assert any("Zed" in s and "Ann" in s for s in seats)
    assert [s["entry"] for s in substitutes.substitutes(db, event_id)] == [3]


def test_a_withdrawal_after_a_late_player_still_counts_the_turns_they_missed(db):
    """Nine players, three turns: one sits out turn 1. Jo (9) comes for turn 2, so two
    sit out each turn left. In turn 2 a player at the other table withdraws: turn 3
    is planned afresh, and Jo, who missed turn 1, is not the one to sit out."""
    names = ["Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida"]
    event_id = club_night(
        db, movement="rotating", entries=[{"name": n, "players": [n]} for n in names], turns=3
    )
    turns.start_turn(db, event_id)
    late.add_entry(db, event_id, {"name": "Jo", "players": ["Jo"]}, "")
    play(db, event_id, 1, [(100, 50)] * 2)
    turns.start_turn(db, event_id)
    away = next(t for t in events.tables(db, event_id, 2) if 9 not in sum(t["entries"], []))
    leaving = away["entries"][0][0]  # not Jo's table: his tablemates sit out as it is
    event_desk.withdraw(db, event_id, leaving, "unwell")
    plan = events.event(db, event_id)["plan"]
    assert 9 not in plan[1].byes and 9 not in plan[2].byes
    assert 9 in {e for table in plan[2].tables for side in table for e in side}


def test_one_substitute_sits_in_for_one_player_at_a_time(db):
    event_id = club_night(db, entries=PAIRS[:6], turns=2)
    substitutes.substitute(db, event_id, 0, "Bea", "Zed", rest=True, reason="")
    with pytest.raises(events.EventProblem, match="Zed plays in this event already"):
        substitutes.substitute(db, event_id, 1, "Di", "Zed", rest=False, reason="")
    substitutes.substitute(db, event_id, 0, "Bea", "Yan", rest=True, reason="")  # takes over
    assert [s["substitute"] for s in substitutes.substitutes(db, event_id)] == ["Yan"]


def test_before_the_first_turn_a_late_player_joins_a_plan_made_afresh_without_the_withdrawn(db):
    names = ["Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    event_id = club_night(
        db, movement="rotating", entries=[{"name": n, "players": [n]} for n in names], turns=2
    )
    event_desk.withdraw(db, event_id, 2, "cannot come")
    assert late.add_entry(db, event_id, {"name": "Ida", "players": ["Ida"]}, "") == 1
    for turn in events.event(db, event_id)["plan"]:
        seated = {e for table in turn.tables for side in table for e in side}
        assert 2 not in seated and 8 in seated and not turn.byes


def test_an_edit_after_a_late_pair_keeps_the_turns_left_free_of_rematches(db):
    """The Mitchell of three tables with Qu & Ro from turn 2, then the event edited
    to four turns during turn 1: the turns left are matched again, not the
    movement's (whose fourth turn would wrap round to pairs who had met)."""
    event_id = club_night(db, entries=PAIRS[:6], turns=3)
    turns.start_turn(db, event_id)
    late.add_entry(db, event_id, LATE, "")
    before = events.event(db, event_id)["plan"]
    scale = {"kind": "wdl", "win": 2, "draw": 1, "loss": 0}
    editing.edit_event(db, event_id, editing.Edit(4, 30, 1, scale), "the hall is ours")
    plan = events.event(db, event_id)["plan"]
    assert plan[:3] == before and len(plan) == 4
    met = [{frozenset((a, b)) for (a,), (b,) in turn.tables} for turn in plan]
    assert all(not met[i] & met[j] for i in range(4) for j in range(i + 1, 4))
