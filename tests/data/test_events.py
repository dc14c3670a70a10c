"""Club nights at the data layer: an event's plan, each turn's games with the right
people in the right seats, and standings from the finished games (hand-worked)."""

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.events import events, turns
from scorekeeper.data.games import games, rounds

PAIRS = [
    {"name": name, "players": players}
    for name, players in [
        ("Ann & Bea", ["Ann", "Bea"]), ("Cy & Di", ["Cy", "Di"]), ("Ed & Flo", ["Ed", "Flo"]),
        ("Gus & Hal", ["Gus", "Hal"]), ("Ida & Jo", ["Ida", "Jo"]), ("Kit & Lu", ["Kit", "Lu"]),
        ("Max & Ned", ["Max", "Ned"]), ("Oz & Pam", ["Oz", "Pam"]),
    ]
]  # fmt: skip


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


def club_night(db, movement="mitchell", entries=PAIRS, turns=2, **more):
    more.setdefault("scale", {"kind": "wdl", "win": 2, "draw": 1, "loss": 0})
    return events.create_event(
        db, name="Tuesday club", date="2026-11-24", variant="hand-and-foot", options={},
        movement=movement, turns=turns, entries=entries, deals=1, **more,
    )  # fmt: skip


def play(db, event_id, turn, scores):
    """Each table's one deal: (North-South's meld points, East-West's)."""
    for table, (ns, ew) in zip(events.tables(db, event_id, turn), scores, strict=True):
        one, other = table["sides"]
        rounds.add_round(db, table["game_id"], {one: {"meld_points": ns},
                                                other: {"meld_points": ew}})  # fmt: skip


def test_a_turn_seats_each_table_from_the_movement(db):
    event_id = club_night(db)
    assert turns.start_turn(db, event_id) == 1
    first = events.tables(db, event_id, 1)
    assert [(t["table_no"], t["sides"], t["state"]) for t in first] == [
        (1, ["Ann & Bea", "Ida & Jo"], "waiting"),
        (2, ["Cy & Di", "Kit & Lu"], "waiting"),
        (3, ["Ed & Flo", "Max & Ned"], "waiting"),
        (4, ["Gus & Hal", "Oz & Pam"], "waiting"),
    ]
    game = games.get_game(db, first[0]["game_id"])
    assert game["seats"] == ["Ann", "Ida", "Bea", "Jo"]  # partners sit across
    assert game["name"] == "Tuesday club: turn 1, table 1" and game["options"]["rounds"] == 1
    with pytest.raises(events.EventProblem, match="turn 1 is still being played"):
        turns.start_turn(db, event_id)


def test_standings_after_two_turns_as_worked_by_hand(db):
    event_id = club_night(db)
    turns.start_turn(db, event_id)
    play(db, event_id, 1, [(100, 50), (150, 100), (50, 200), (100, 100)])
    assert turns.start_turn(db, event_id) == 2
    second = events.tables(db, event_id, 2)
    assert [t["sides"][1] for t in second] == ["Oz & Pam", "Ida & Jo", "Kit & Lu", "Max & Ned"]
    play(db, event_id, 2, [(300, 0), (0, 100), (100, 100), (50, 0)])
    found = events.event(db, event_id)
    lines = events.event_standings(db, found)
    # Turn 1: Ann beat Ida, Cy beat Kit, Max beat Ed, Gus drew Oz.
    # Turn 2: Ann beat Oz, Ida beat Cy, Ed drew Kit, Gus beat Max.
    # Points: Ann 4, Gus 3, Cy 2, Ida 2, Max 2, Ed 1, Kit 1, Oz 1; ties by match points:
    # Cy +50 -100 = -50, Ida -50 +100 = +50, Max +150 -50 = +100; Ed -150, Kit -50,
    # Oz 0 - 300 = -300.
    assert [(line.entry, line.points, line.match_points) for line in lines] == [
        (0, 4, 350), (3, 3, 50), (6, 2, 100), (4, 2, 50), (1, 2, -50),
        (5, 1, -50), (2, 1, -150), (7, 1, -300),
    ]  # fmt: skip
    after_one = events.event_standings(db, found, upto=1)
    assert [line.entry for line in after_one][:2] == [6, 0]  # Max +150, Ann +50
    with pytest.raises(events.EventProblem, match="it is over"):
        turns.start_turn(db, event_id)


def test_the_director_swaps_two_entries_before_the_start_only(db):
    event_id = club_night(db)
    events.swap(db, event_id, 0, 4)
    turns.start_turn(db, event_id)
    assert events.tables(db, event_id, 1)[0]["sides"] == ["Ida & Jo", "Ann & Bea"]
    with pytest.raises(events.EventProblem, match="started"):
        events.swap(db, event_id, 1, 2)


def test_a_swiss_turn_is_paired_by_the_standings(db):
    event_id = club_night(db, movement="swiss", entries=PAIRS[:4], turns=2)
    turns.start_turn(db, event_id)
    assert [t["sides"] for t in events.tables(db, event_id, 1)] == [
        ["Ann & Bea", "Cy & Di"], ["Ed & Flo", "Gus & Hal"]]  # fmt: skip
    play(db, event_id, 1, [(50, 100), (100, 50)])  # Cy and Ed win
    turns.start_turn(db, event_id)
    assert [t["sides"] for t in events.tables(db, event_id, 2)] == [
        ["Cy & Di", "Ed & Flo"], ["Ann & Bea", "Gus & Hal"]]  # fmt: skip


def test_rotating_partners_seat_individuals_two_to_a_side(db):
    players = [{"name": n, "players": [n]} for n in ("Ann", "Bea", "Cy", "Di", "Ed")]
    event_id = club_night(db, movement="rotating", entries=players, turns=2)
    turns.start_turn(db, event_id)
    (table,) = events.tables(db, event_id, 1)
    assert all(" & " in side for side in table["sides"])
    assert events.event(db, event_id)["plan"][0].byes == [4]  # Ed sits out turn 1
    play(db, event_id, 1, [(100, 50)])
    lines = {line.entry: line for line in events.event_standings(db, events.event(db, event_id))}
    winners = table["entries"][0]
    assert all(lines[p].points == 2 for p in winners) and lines[4].byes == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"movement": "rotating"}, "each entry is one player"),
        ({"movement": "carousel"}, "movement: must be one of"),
        ({"turns": 9}, "without a rematch is 4"),
        ({"entries": PAIRS[:1] + PAIRS[:1]}, "same name"),
        (
            {"entries": [*PAIRS[:5], {"name": "ann & Kit", "players": ["ann", "Kit"]}]},
            "Ann is in Ann & Bea and in ann & Kit: each player in one entry",
        ),
        (
            {"entries": [*PAIRS[:5], {"name": "Kit & KIT", "players": ["Kit", "KIT"]}]},
            "Kit is twice in Kit & KIT: each player once",
        ),
        ({"bye": "half"}, "bye: must be one of"),
    ],
)
def test_an_event_that_cannot_be_played_is_refused_and_nothing_stored(db, change, message):
    before = db.table("events").count
    with pytest.raises(events.EventProblem, match=message):
        club_night(db, **change)
    assert db.table("events").count == before


def test_the_turns_clock_runs_pauses_and_moves_by_the_directors_minutes(db):
    from datetime import UTC, datetime, timedelta

    event_id = club_night(db, minutes=30)
    assert events.clock(db, event_id) == {"set": False, "turn": 0}
    turns.start_turn(db, event_id)
    start = datetime.now(UTC)
    assert 1790 <= events.clock(db, event_id)["left"] <= 1800
    events.set_clock(db, event_id, running=True, left=600, at=start)
    later = events.clock(db, event_id, at=start + timedelta(seconds=90))
    assert later == {"set": True, "running": True, "left": 510, "turn": 1,
                     "ends_at": (start + timedelta(seconds=600)).isoformat(timespec="seconds")}  # fmt: skip
    assert events.clock(db, event_id, at=start + timedelta(hours=1))["left"] == 0
    paused = events.change_clock(db, event_id, "pause")
    assert paused["running"] is False and 590 <= paused["left"] <= 600
    assert events.change_clock(db, event_id, "add", 5)["left"] == paused["left"] + 300
    assert events.change_clock(db, event_id, "add", -60)["left"] == 0  # never below nothing
    assert events.change_clock(db, event_id, "resume")["running"] is True


def test_a_turn_without_a_clock_has_no_buttons(db):
    event_id = club_night(db)
    turns.start_turn(db, event_id)
    with pytest.raises(events.EventProblem, match="no clock"):
        events.change_clock(db, event_id, "pause")


def test_victory_points_break_ties_when_the_event_has_a_table(db):
    table = [[0, 10, 10], [100, 12, 8], [500, 16, 4]]
    event_id = club_night(db, scale={"kind": "wdl", "win": 2, "draw": 1, "loss": 0,
                                     "table": table})  # fmt: skip
    turns.start_turn(db, event_id)
    play(db, event_id, 1, [(150, 50), (600, 0), (100, 100), (0, 50)])
    lines = events.event_standings(db, events.event(db, event_id))
    assert [(x.entry, x.points, x.victory_points) for x in lines][:4] == [
        (1, 2, 16), (0, 2, 12), (7, 2, 10), (2, 1, 10)]  # fmt: skip
    with pytest.raises(events.EventProblem, match="starts at margin 0"):
        club_night(db, scale={"kind": "wdl", "table": [[50, 10, 10]]})


def test_a_withdrawal_at_rotating_partners_replans_the_turns_left(db):
    """Eight players, three turns: Ann withdraws during turn 2, before her table
    finished, so her partner and opponents miss turn 2 (a bye). Turn 3 is planned
    afresh among the seven left: four play, three sit out, never those three."""
    from scorekeeper.data.events import desk as event_desk

    players = [
        {"name": n, "players": [n]} for n in ("Ann", "Bea", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")
    ]
    event_id = club_night(db, movement="rotating", entries=players, turns=3)
    turns.start_turn(db, event_id)
    play(db, event_id, 1, [(100, 50), (50, 100)])
    turns.start_turn(db, event_id)
    (hers,) = [t for t in events.tables(db, event_id, 2) if any(0 in s for s in t["entries"])]
    missed = {e for side in hers["entries"] for e in side} - {0}
    event_desk.withdraw(db, event_id, 0, "taken ill")
    found = events.event(db, event_id)
    third = found["plan"][2]
    assert len(third.byes) == 3 and missed.isdisjoint(third.byes)
    assert all(0 not in side for table in third.tables for side in table)
    assert {e for t in third.tables for s in t for e in s} | set(third.byes) == set(range(1, 8))
