"""Time called at a club night by time: each table finishes the deal in play (its
next saved round is its last), then its game ends as it stands; the director ends a
table between deals at once, with a reason. The totals are the result, and the
standings and victory points come from them. Figures worked by hand below."""

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.events import desk as event_desk, events, turns
from scorekeeper.data.games import games, rounds
from scorekeeper.data.table import table as phones

FIVE_PAIRS = [
    {"name": f"{a} & {b}", "players": [a, b]}
    for a, b in [("Ann", "Bea"), ("Cy", "Di"), ("Ed", "Flo"), ("Gus", "Hal"), ("Ida", "Jo")]
]
# From a margin of 0, 100 and 500 on: the winner's and the loser's victory points.
VP = {"kind": "vp", "table": [[0, 10, 10], [100, 12, 8], [500, 16, 4]]}
# Canasta rounds: went out with a mixed canasta and 120 melded: 300 + 120 + 100 = 520;
# 60 melded and 25 left in hand: 35; 30 melded, nothing in hand: 30.
OUT = {"meld_points": 120, "went_out": True, "mixed_canastas": 1}
CAUGHT = {"meld_points": 60, "hand_points": 25}
SMALL = {"meld_points": 30}


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


def swiss_by_time(db):
    """Five pairs, a Swiss of Canasta by time (30 minutes a turn), victory points: turn 1
    goes by the list, Ann & Bea against Cy & Di, Ed & Flo against Gus & Hal, and
    Ida & Jo (the last) have the bye."""
    event_id = events.create_event(
        db,
        name="Canasta Swiss",
        date="2026-11-27",
        variant="classic",
        options={},
        movement="swiss",
        turns=2,
        entries=FIVE_PAIRS,
        scale=VP,
        minutes=30,
    )
    turns.start_turn(db, event_id)
    return event_id


def save(db, table, first, second):
    one, other = table["sides"]
    return rounds.add_round(db, table["game_id"], {one: first, other: second})


def call_time(db, event_id):
    events.change_clock(db, event_id, "add", -30)  # the 30 minutes taken off: time


def test_time_called_ends_each_game_after_the_deal_in_play(db):
    event_id = swiss_by_time(db)
    one, two = events.tables(db, event_id, 1)
    save(db, one, OUT, CAUGHT)  # before time: Ann & Bea 520, Cy & Di 35
    assert not games.get_game(db, one["game_id"])["finished"]
    call_time(db, event_id)
    assert {t["table_no"]: t["desk"] for t in event_desk.desk(db, event_id, 1)} == {
        1: "finishing",
        2: "finishing",
    }
    assert save(db, one, SMALL, CAUGHT) == 2  # the deal in play: 550 against 70
    game = games.get_game(db, one["game_id"])
    assert (game["finished"], game["ended_after"]) == (1, 2)
    assert games.scored(db, one["game_id"])[2]["winners"] == ["Ann & Bea"]
    with pytest.raises(Exception, match="already finished after round 2"):
        save(db, one, SMALL, SMALL)  # no deal after it
    history = [(c["action"], c["number"]) for c in rounds.changes(db, one["game_id"])]
    assert history[:2] == [("time called", 2), ("added", 2)]
    # table 2 was between deals: the director ends it at once, 0 - 0, a draw
    assert event_desk.end_now(db, event_id, two["game_id"], "between deals at time") == 0
    shown = {t["table_no"]: t for t in event_desk.desk(db, event_id, 1)}
    assert shown[1]["desk"] == "finished" and shown[1]["ended_after"] == 2
    assert shown[1]["ended_reason"] is None  # ended by the clock
    assert (shown[2]["ended_after"], shown[2]["ended_reason"]) == (0, "between deals at time")
    said = phones.events(db, two["game_id"])
    assert [(e["who"], e["action"], e["note"]) for e in said] == [
        ("director", "ended", "between deals at time")
    ]
    # margin 480 at table 1: 12 and 8; the draw at table 2: 10 each; the bye: the
    # table's widest win, 16
    points = {
        line.entry: line.points for line in events.event_standings(db, events.event(db, event_id))
    }
    assert points == {0: 12, 1: 8, 2: 10, 3: 10, 4: 16}
    assert event_desk.held(db, event_id, 1) == []
    assert turns.start_turn(db, event_id) == 2  # the next turn starts with a clock of its own
    assert events.clock(db, event_id)["left"] > 0


def test_a_paused_clock_holds_the_end_off_and_more_minutes_call_it_back(db):
    event_id = swiss_by_time(db)
    one, two = events.tables(db, event_id, 1)
    events.change_clock(db, event_id, "pause")
    save(db, one, OUT, CAUGHT)
    assert not games.get_game(db, one["game_id"])["finished"]  # paused with time left
    events.change_clock(db, event_id, "add", -30)  # paused at time: time is called
    save(db, two, SMALL, CAUGHT)
    assert games.get_game(db, two["game_id"])["ended_after"] == 1
    events.change_clock(db, event_id, "add", 5)  # five more minutes: table 1 plays on
    save(db, one, SMALL, SMALL)
    assert games.get_game(db, one["game_id"])["ended_after"] is None
    assert {t["table_no"]: t["desk"] for t in event_desk.desk(db, event_id, 1)}[1] == "playing"


def test_ending_a_table_is_refused_without_a_reason_when_over_and_when_withdrawn(db):
    event_id = swiss_by_time(db)
    one, two = events.tables(db, event_id, 1)
    with pytest.raises(events.EventProblem, match="reason"):
        event_desk.end_now(db, event_id, one["game_id"], "  ")
    event_desk.end_now(db, event_id, one["game_id"], "they must leave")
    with pytest.raises(events.EventProblem, match="over already"):
        event_desk.end_now(db, event_id, one["game_id"], "again")
    event_desk.withdraw(db, event_id, 2, "unwell")  # Ed & Flo, at table 2
    with pytest.raises(events.EventProblem, match="withdrew"):
        event_desk.end_now(db, event_id, two["game_id"], "too late")
    assert not games.get_game(db, two["game_id"])["finished"]


def test_a_deal_saved_after_time_by_mistake_is_deleted_and_the_table_ended_at_time(db):
    event_id = swiss_by_time(db)
    one, _ = events.tables(db, event_id, 1)
    save(db, one, OUT, CAUGHT)  # round 1 before time: 520 - 35
    call_time(db, event_id)
    save(db, one, SMALL, CAUGHT)  # a table between deals dealt again: it ended the game
    assert games.get_game(db, one["game_id"])["ended_after"] == 2
    rounds.delete_round(db, one["game_id"], 2, 1)
    assert not games.get_game(db, one["game_id"])["finished"]  # no longer over
    assert event_desk.end_now(db, event_id, one["game_id"], "round 2 dealt after time") == 1
    table = events.tables(db, event_id, 1)[0]
    assert table["finished"] and table["totals"] == {"Ann & Bea": 520, "Cy & Di": 35}


def test_a_game_over_by_its_own_end_after_time_is_not_marked_ended(db):
    event_id = events.create_event(
        db,
        name="Hand and Foot",
        date="2026-11-27",
        variant="hand-and-foot",
        options={},
        movement="swiss",
        turns=1,
        entries=FIVE_PAIRS[:4],
        scale=VP,
        minutes=30,
        deals=1,
    )
    turns.start_turn(db, event_id)
    one, _ = events.tables(db, event_id, 1)
    call_time(db, event_id)
    save(db, one, {"meld_points": 100}, {"meld_points": 50})  # its one deal ends it anyway
    game = games.get_game(db, one["game_id"])
    assert (game["finished"], game["ended_after"]) == (1, None)
    assert [c["action"] for c in rounds.changes(db, one["game_id"])] == ["added"]
