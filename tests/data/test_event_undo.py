"""The director's undoing at the data layer: a turn's start taken back while no
table has entered anything, a withdrawal taken back while its turn is played;
each change in the event's history with who and why."""

import pytest

from scorekeeper.data.connection import connect, now, writing
from scorekeeper.data.events import changes, desk as event_desk, events, removing, turns, undo
from scorekeeper.data.games import games, removals, rounds
from scorekeeper.data.table import table as phones
from tests.data.test_events import PAIRS, club_night, play


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


def sides_of(db, event_id, turn):
    return [(t["table_no"], t["sides"]) for t in events.tables(db, event_id, turn)]


def test_a_turn_start_undone_removes_its_games_and_starts_again_the_same(db):
    event_id = club_night(db)
    turns.start_turn(db, event_id)
    first = sides_of(db, event_id, 1)
    made = [t["game_id"] for t in events.tables(db, event_id, 1)]
    assert undo.undo_start(db, event_id, "wrong boards handed out") == 1
    found = events.event(db, event_id)
    assert found["turn"] == 0 and events.tables(db, event_id) == []
    assert all(games.game_row(db, g)["removed_at"] for g in made)
    assert turns.start_turn(db, event_id) == 1  # the same plan, new games
    again = events.tables(db, event_id, 1)
    assert sides_of(db, event_id, 1) == first
    assert not {t["game_id"] for t in again} & set(made)
    said = [(c["action"], c["reason"], c["detail"]) for c in changes.history(db, event_id)]
    assert said == [
        ("started", "", {"turn": 1, "tables": 4}),
        ("start undone", "wrong boards handed out", {"turn": 1, "tables": 4}),
        ("started", "", {"turn": 1, "tables": 4}),
    ]


def test_a_swiss_turn_undone_is_paired_again_by_the_standings_then(db):
    event_id = club_night(db, movement="swiss", entries=PAIRS[:6], turns=3)
    turns.start_turn(db, event_id)
    play(db, event_id, 1, [(50, 100), (100, 50), (100, 0)])
    turns.start_turn(db, event_id)
    assert len(events.event(db, event_id)["plan"]) == 2
    undo.undo_start(db, event_id, "a result of turn 1 was wrong")
    found = events.event(db, event_id)
    assert (found["turn"], len(found["plan"])) == (1, 1)
    table = events.tables(db, event_id, 1)[0]  # the result corrected: the standings change
    event_desk.adjust(db, event_id, table["game_id"], [200, 0], "scored the wrong way round")
    turns.start_turn(db, event_id)
    assert len(events.event(db, event_id)["plan"]) == 2
    assert len(events.tables(db, event_id, 2)) == 3


@pytest.mark.parametrize(
    ("what", "message"),
    [
        ("round", "table 2 has entered a round"),
        ("draft", "a phone at table 2 has sent its part"),
    ],
)
def test_a_turn_under_way_cannot_be_undone_and_nothing_changes(db, what, message):
    event_id = club_night(db)
    turns.start_turn(db, event_id)
    table = events.tables(db, event_id, 1)[1]
    if what == "round":
        play_one(db, table)
    else:
        phones.set_settings(db, table["game_id"], phones_enter=True, confirm_rounds=False)
        phone = phones.phone_of(db, phones.join(db, table["game_id"], table["sides"][0], 0))
        phones.save_draft(db, phone, 1, {"meld_points": 120}, 0)
    with pytest.raises(events.EventProblem, match=message):
        undo.undo_start(db, event_id, "changed my mind")
    assert events.event(db, event_id)["turn"] == 1 and len(events.tables(db, event_id, 1)) == 4
    assert [c["action"] for c in changes.history(db, event_id)] == ["started"]


def play_one(db, table):
    one, other = table["sides"]
    rounds.add_round(db, table["game_id"], {one: {"meld_points": 50}, other: {"meld_points": 0}})


def test_nothing_to_undo_before_the_first_turn_nor_without_a_reason(db):
    event_id = club_night(db)
    with pytest.raises(events.EventProblem, match="no turn has started"):
        undo.undo_start(db, event_id, "why not")
    turns.start_turn(db, event_id)
    with pytest.raises(events.EventProblem, match="reason"):
        undo.undo_start(db, event_id, "  ")
    assert events.event(db, event_id)["turn"] == 1


def test_a_withdrawal_undone_lets_the_entry_play_on_at_its_table(db):
    event_id = club_night(db)
    turns.start_turn(db, event_id)
    event_desk.withdraw(db, event_id, 1, "Cy felt unwell")  # Cy & Di, table 2
    assert events.tables(db, event_id, 1)[1]["state"] == "withdrawn"
    undo.undo_withdrawal(db, event_id, 1, "Cy is back")
    assert events.tables(db, event_id, 1)[1]["state"] == "waiting"
    assert events.withdrawn(db, event_id) == {}
    history = phones.events(db, events.tables(db, event_id, 1)[1]["game_id"])
    assert (history[0]["who"], history[0]["action"], history[0]["note"]) == (
        "Cy & Di",
        "withdrawal undone",
        "Cy is back",
    )
    actions = [(c["action"], c["reason"]) for c in changes.history(db, event_id)]
    assert actions[:2] == [("withdrawal undone", "Cy is back"), ("withdrew", "Cy felt unwell")]
    with pytest.raises(events.EventProblem, match="has not withdrawn"):
        undo.undo_withdrawal(db, event_id, 1, "twice")


def test_a_withdrawal_cannot_be_undone_once_a_turn_started_without_the_entry(db):
    event_id = club_night(db)
    event_desk.withdraw(db, event_id, 1, "Cy cannot come")  # before the first turn
    turns.start_turn(db, event_id)  # table 2 of turn 1 is not played
    with pytest.raises(events.EventProblem, match="turn 1 started without Cy & Di"):
        undo.undo_withdrawal(db, event_id, 1, "Cy came after all")
    assert events.withdrawn(db, event_id) == {1: 1}


def test_a_withdrawal_before_the_first_turn_is_undone_and_the_entry_plays(db):
    event_id = club_night(db)
    event_desk.withdraw(db, event_id, 1, "Cy cannot come")
    undo.undo_withdrawal(db, event_id, 1, "Cy came after all")
    turns.start_turn(db, event_id)
    assert len(events.tables(db, event_id, 1)) == 4


def test_a_rotating_night_plans_the_turns_to_come_with_the_entry_again(db):
    players = [{"name": n, "players": [n]} for n in "ABCDEFGHI"]
    event_id = club_night(db, movement="rotating", entries=players, turns=3)
    turns.start_turn(db, event_id)
    event_desk.withdraw(db, event_id, 8, "I must go")  # I: a bye this turn or at a table
    later = events.event(db, event_id)["plan"][1:]
    assert all(8 not in [e for t in turn.tables for s in t for e in s] for turn in later)
    undo.undo_withdrawal(db, event_id, 8, "I stays")
    later = events.event(db, event_id)["plan"][1:]
    assert all(
        8 in [e for t in turn.tables for s in t for e in s] + list(turn.byes) for turn in later
    )


def test_the_desk_changes_are_in_the_events_history(db):
    event_id = club_night(db)
    turns.start_turn(db, event_id)
    table = events.tables(db, event_id, 1)[0]
    event_desk.adjust(db, event_id, table["game_id"], [100, 0], "a late meld")
    event_desk.reopen(db, event_id, table["game_id"], "checking")
    event_desk.reopen(db, event_id, table["game_id"], "checked", open_=False)
    event_desk.end_now(db, event_id, events.tables(db, event_id, 1)[1]["game_id"], "time")
    said = [(c["action"], c["detail"].get("table")) for c in changes.history(db, event_id)]
    assert said == [
        ("ended", 2),
        ("closed", 1),
        ("reopened", 1),
        ("adjusted", 1),
        ("started", None),
    ]


def test_an_event_deleted_goes_at_once_and_its_games_to_removals_in_steps(db, monkeypatch):
    event_id = club_night(db)
    turns.start_turn(db, event_id)
    play(db, event_id, 1, [(100, 50), (50, 100), (100, 0), (0, 100)])
    turns.start_turn(db, event_id)
    assert removing.what_goes(db, event_id) == {"games": 8, "rounds": 4, "entries": 8}
    made = [t["game_id"] for t in events.tables(db, event_id)]
    monkeypatch.setattr(removing, "GAMES_A_WRITE", 3)  # three steps: 3, 3 and 2 games
    assert removing.remove_event(db, event_id, "made by mistake") == 8
    with pytest.raises(games.NotFound):
        events.event(db, event_id)
    assert events.all_events(db) == []
    assert all(games.game_row(db, g)["removed_at"] for g in made)
    listed = [r["what"] for r in removals.history(db)]
    assert listed[-1] == "Tuesday club: turn 1, table 1 (its event deleted)" and len(listed) == 8


def test_an_event_deleted_while_the_server_stopped_loses_its_games_at_the_next_start(db):
    event_id = club_night(db)
    turns.start_turn(db, event_id)
    with writing(db):  # the event's row written, the server stopped before its games
        db.execute("UPDATE events SET removed_at = ? WHERE id = ?", [now(), event_id])
    assert removing.recover(db) == [event_id]
    assert removing.what_goes(db, event_id)["games"] == 0
    assert removing.recover(db) == []
