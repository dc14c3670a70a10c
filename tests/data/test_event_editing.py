"""An event changed under way, for the turns not started: an entry keeping a table
(a renumbering of the turns left: nobody changes opponents), the turns, the scale
(the standings worked out again, hand-worked here), the minutes and the deals."""

from datetime import UTC, datetime, timedelta

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.events import changes, editing, events, turns
from scorekeeper.data.events.editing import Edit
from scorekeeper.data.games import games, rounds

PAIRS = [
    {"name": f"{a} & {b}", "players": [a, b]}
    for a, b in [
        ("Ann", "Bea"),
        ("Cy", "Di"),
        ("Ed", "Flo"),
        ("Gus", "Hal"),
        ("Ida", "Jo"),
        ("Kit", "Lu"),
        ("Max", "Ned"),
        ("Oz", "Pam"),
    ]
]
WDL = {"kind": "wdl", "win": 2, "draw": 1, "loss": 0}


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


def club_night(db, movement="mitchell", entries=PAIRS, turns=2, **more):
    more.setdefault("scale", WDL)
    more.setdefault("deals", 1)
    return events.create_event(
        db,
        name="Tuesday club",
        date="2026-11-24",
        variant="hand-and-foot",
        options={},
        movement=movement,
        turns=turns,
        entries=entries,
        **more,
    )


def play(db, event_id, turn, scores):
    """Each table's one deal: (North-South's meld points, East-West's)."""
    for table, (ns, ew) in zip(events.tables(db, event_id, turn), scores, strict=True):
        one, other = table["sides"]
        entries = {one: {"meld_points": ns}, other: {"meld_points": ew}}
        rounds.add_round(db, table["game_id"], entries)


def seated(db, event_id, turn):
    return [(t["table_no"], t["entries"]) for t in events.tables(db, event_id, turn)]


def edit(db, event_id, reason="a change of plan", **wanted):
    found = events.event(db, event_id)
    now = {k: found[k] for k in ("turns", "minutes", "deals", "scale")}
    return editing.edit_event(db, event_id, Edit(**{**now, **wanted}), reason)


def test_a_pair_kept_at_table_one_from_turn_three_of_a_mitchell(db):
    """Eight pairs at four tables, four turns. North-South pair n sits at table
    n + 1; East-West pair 4 + e is at table (e + t) % 4 + 1 in turn t + 1. During
    turn 2, Ed & Flo (North-South at table 3) keep table 1: in turns 3 and 4 tables
    1 and 3 exchange numbers. Kit & Lu (East-West) keep table 4 from turn 3 too: in
    turn 3 they are at table 4 already; in turn 4 tables 3 and 4 exchange numbers."""
    event_id = club_night(db, turns=4)
    turns.start_turn(db, event_id)
    play(db, event_id, 1, [(100, 50)] * 4)
    turns.start_turn(db, event_id)
    assert editing.keep_table(db, event_id, 2, 1, "cannot climb the stairs") == 3
    assert editing.keep_table(db, event_id, 5, 4, "near the door") == 3
    assert seated(db, event_id, 2) == [
        (1, [[0], [7]]),
        (2, [[1], [4]]),
        (3, [[2], [5]]),
        (4, [[3], [6]]),
    ]  # turn 2 as it started
    plan = events.event(db, event_id)["plan"]
    assert plan[2].tables == [((2,), (4,)), ((1,), (7,)), ((0,), (6,)), ((3,), (5,))]
    assert plan[3].tables == [((2,), (7,)), ((1,), (6,)), ((3,), (4,)), ((0,), (5,))]
    play(db, event_id, 2, [(100, 50)] * 4)
    turns.start_turn(db, event_id)
    assert seated(db, event_id, 3) == [
        (1, [[2], [4]]),
        (2, [[1], [7]]),
        (3, [[0], [6]]),
        (4, [[3], [5]]),
    ]
    editing.keep_table(db, event_id, 2, 0, "the lift works again")
    assert events.event(db, event_id)["plan"][2].tables[0] == ((2,), (4,))  # as played
    # turn 4 as planned but for Kit & Lu, who still keep table 4
    assert events.event(db, event_id)["plan"][3].tables == [
        ((3,), (4,)),
        ((1,), (6,)),
        ((2,), (7,)),
        ((0,), (5,)),
    ]
    said = [(c["action"], c["reason"], c["detail"]) for c in changes.history(db, event_id)][:3]
    assert said[0] == (
        "kept",
        "the lift works again",
        {"entry": 2, "name": "Ed & Flo", "table": 0, "turn": 4},
    )


@pytest.mark.parametrize(
    ("entry", "table", "message"),
    [
        (9, 1, "choose an entry still playing"),
        (2, 5, "table: from 1 to 4"),
        (3, 1, "Ann & Bea keeps table 1 already"),
    ],
)
def test_a_table_that_cannot_be_kept_is_refused(db, entry, table, message):
    event_id = club_night(db)
    editing.keep_table(db, event_id, 0, 1, "at the front")
    with pytest.raises(events.EventProblem, match=message):
        editing.keep_table(db, event_id, entry, table, "why not")
    assert events.event(db, event_id)["kept"] == {0: 1}


@pytest.mark.parametrize(
    ("movement", "entries", "started", "wanted", "planned", "message"),
    [
        ("mitchell", PAIRS, 1, 4, 4, None),
        ("mitchell", PAIRS, 1, 1, 1, None),
        ("mitchell", PAIRS, 1, 5, 2, "the most turns without a rematch is 4"),
        ("mitchell", PAIRS, 2, 1, 2, "turn 2 has started: at least 2 turns"),
        ("swiss", PAIRS[:4], 1, 1, 1, None),
        ("swiss", PAIRS[:4], 1, 3, 1, "can promise 2 turns without a rematch"),
        ("rotating", [{"name": n, "players": [n]} for n in "ABCDE"], 1, 4, 4, None),
        ("rotating", [{"name": n, "players": [n]} for n in "ABCDE"], 1, 1, 1, None),
        ("rotating", [{"name": n, "players": [n]} for n in "ABCDE"], 2, 1, 2, "at least 2"),
    ],
)
def test_turns_up_and_down(db, movement, entries, started, wanted, planned, message):
    event_id = club_night(db, movement=movement, entries=entries, turns=2)
    for turn in range(1, started + 1):
        turns.start_turn(db, event_id)
        play(db, event_id, turn, [(100, 50)] * len(events.tables(db, event_id, turn)))
    before = events.event(db, event_id)["plan"][:started]
    if message:
        with pytest.raises(events.EventProblem, match=message) as refused:
            edit(db, event_id, turns=wanted)
        assert refused.value.field == "turns"
        assert events.event(db, event_id)["turns"] == 2
    else:
        assert edit(db, event_id, turns=wanted) == ["turns"]
        assert events.event(db, event_id)["turns"] == wanted
    plan = events.event(db, event_id)["plan"]
    assert len(plan) == (started if movement == "swiss" else planned)
    assert plan[:started] == before  # the turns started stand as played


def test_the_added_turns_of_a_mitchell_follow_the_movement(db):
    event_id = club_night(db, turns=2)
    edit(db, event_id, turns=4)
    east = [[t[1][0] for t in turn.tables] for turn in events.event(db, event_id)["plan"]]
    assert east == [[4, 5, 6, 7], [7, 4, 5, 6], [6, 7, 4, 5], [5, 6, 7, 4]]


def test_a_new_victory_point_table_rescores_the_finished_turn(db):
    """Turn 1: Ann beat Ida by 50, Cy beat Kit by 50, Max beat Ed by 150, Gus drew
    Oz. On the new table (from margin 0: 10-10, 50: 12-8, 150: 15-5): Max 15, Ann 12
    and Cy 12 (margin +50 each: by the seeding), Gus 10 and Oz 10, Ida 8 and Kit 8,
    Ed 5."""
    event_id = club_night(db)
    turns.start_turn(db, event_id)
    play(db, event_id, 1, [(100, 50), (150, 100), (50, 200), (100, 100)])
    table = [[0, 10, 10], [50, 12, 8], [150, 15, 5]]
    assert edit(db, event_id, scale={"kind": "vp", "table": table}) == ["scale"]
    lines = events.event_standings(db, events.event(db, event_id))
    assert [(line.entry, line.points) for line in lines] == [
        (6, 15),
        (0, 12),
        (1, 12),
        (3, 10),
        (7, 10),
        (4, 8),
        (5, 8),
        (2, 5),
    ]
    (said,) = [c for c in changes.history(db, event_id) if c["action"] == "edited"]
    assert said["detail"]["was"] == {"scale": WDL}


def test_minutes_changed_while_the_clock_runs_keep_its_time_left(db):
    event_id = club_night(db, minutes=30)
    turns.start_turn(db, event_id)
    start = datetime.now(UTC)
    events.set_clock(db, event_id, running=True, left=600, at=start)
    running = events.clock(db, event_id)
    edit(db, event_id, minutes=45)
    assert events.clock(db, event_id)["ends_at"] == running["ends_at"]
    assert events.clock(db, event_id, at=start + timedelta(seconds=60))["left"] == 540
    play(db, event_id, 1, [(100, 50)] * 4)
    turns.start_turn(db, event_id)
    assert 2690 <= events.clock(db, event_id)["left"] <= 2700  # the next turn: 45 minutes


def test_deals_changed_apply_to_the_games_not_made_yet(db):
    event_id = club_night(db)
    turns.start_turn(db, event_id)
    assert edit(db, event_id, deals=2) == ["deals"]
    first = events.tables(db, event_id, 1)[0]["game_id"]
    assert games.get_game(db, first)["options"]["rounds"] == 1  # made already: kept
    play(db, event_id, 1, [(100, 50)] * 4)
    turns.start_turn(db, event_id)
    second = events.tables(db, event_id, 2)[0]["game_id"]
    assert games.get_game(db, second)["options"]["rounds"] == 2


@pytest.mark.parametrize(
    ("wanted", "field", "message"),
    [
        ({}, "turns", "nothing to change"),
        ({"deals": 0, "turns": 0}, "turns", "at least 1"),
        ({"scale": {"kind": "vp", "table": [[50, 10, 10]]}}, "entries", "margin 0"),
    ],
)
def test_an_edit_that_cannot_be_is_refused_and_nothing_stored(db, wanted, field, message):
    event_id = club_night(db)
    before = events.event(db, event_id)
    with pytest.raises(events.EventProblem, match=message) as refused:
        edit(db, event_id, **wanted)
    assert refused.value.field == field
    assert events.event(db, event_id) == before
    assert changes.history(db, event_id) == []


def test_a_swiss_turn_is_paired_then_seated_at_the_tables_kept(db):
    """Four pairs by the list: Ann-Cy, Ed-Gus. Gus & Hal keep table 1 from turn 1,
    so Ed-Gus sit at table 1. Ed and Cy win: turn 2 pairs Ed-Cy and Ann-Gus, and
    Ann-Gus sit at table 1."""
    event_id = club_night(db, movement="swiss", entries=PAIRS[:4])
    editing.keep_table(db, event_id, 3, 1, "a bad knee")
    turns.start_turn(db, event_id)
    assert seated(db, event_id, 1) == [(1, [[2], [3]]), (2, [[0], [1]])]
    play(db, event_id, 1, [(100, 50), (50, 100)])  # Ed, then Cy win
    turns.start_turn(db, event_id)
    assert seated(db, event_id, 2) == [(1, [[0], [3]]), (2, [[1], [2]])]


def test_a_rule_set_chosen_applies_to_the_games_not_made_yet(db):
    from scorekeeper.data.games import rule_sets

    friday = rule_sets.create(db, "Friday", "hand-and-foot", {"going_out": 200})
    other = rule_sets.create(db, "Canasta night", "classic", {})
    event_id = club_night(db)
    turns.start_turn(db, event_id)
    with pytest.raises(events.EventProblem, match="is for Canasta") as refused:
        edit(db, event_id, rule_set=other)
    assert refused.value.field == "rules"
    assert edit(db, event_id, rule_set=friday) == ["options"]
    first = events.tables(db, event_id, 1)[0]["game_id"]
    assert games.get_game(db, first)["options"].get("going_out", 100) == 100  # made already
    play(db, event_id, 1, [(100, 50)] * 4)
    turns.start_turn(db, event_id)
    second = games.get_game(db, events.tables(db, event_id, 2)[0]["game_id"])
    assert (second["options"]["going_out"], second["options"]["rounds"]) == (200, 1)


def test_a_table_kept_goes_with_its_pair_when_swapped_before_the_start(db):
    event_id = club_night(db)
    editing.keep_table(db, event_id, 2, 1, "the stairs")
    events.swap(db, event_id, 2, 5)  # Ed & Flo take Kit & Lu's place: against Cy & Di
    assert events.event(db, event_id)["kept"] == {5: 1}
    turns.start_turn(db, event_id)
    assert [table["sides"] for table in events.tables(db, event_id, 1)][0] == [
        "Cy & Di",
        "Ed & Flo",
    ]
