"""Starting a club night's turn: each table's game made with the right people in
the right seats, without keeping the other tables' saves waiting (the tables are
worked out outside any write, then stored a few a write)."""

from __future__ import annotations

import json
import time
from dataclasses import asdict
from typing import Any

from sqlite_utils import Database

from ...club.late import missed_as_byes
from ...club.movements import (
    MovementError,
    Table,
    Turn,
    first_order,
    keep_tables,
    swiss_without,
)
from ...scoring import ScoringError
from ...scoring.i18n import problem as P_
from ..connection import PAUSE_BETWEEN_STEPS, row, writing
from ..games import games
from . import changes, events, late, planning, substitutes
from .clock import set_clock
from .planning import EventProblem


def start_turn(db: Database, event_id: int) -> int:
    """Start the next turn: each of its tables gets its game, with the right people
    in the right seats. The turn's number.

    No step keeps the other tables' saves waiting long: the turn's tables are worked
    out outside any write (a Swiss pairs by the standings) and fixed by a short
    write that checks nothing they depend on changed meanwhile (else they are
    worked out again); the games are then stored a few tables a write, and the
    turn starts, all at once, with the last. A start cut short (the server
    stopped) goes on where it stopped when pressed again."""
    for _ in range(PLANNING_TRIES):
        found = events.event(db, event_id)
        turn = int(found["turn"]) + 1
        if turn > found["turns"]:
            raise EventProblem(P_("the event has %(n)s turns: it is over", n=found["turns"]))
        if found["turn"] and not events.turn_finished(db, event_id, found["turn"]):
            raise EventProblem(P_("turn %(n)s is still being played", n=found["turn"]))
        basis = turn_basis(db, event_id)
        planned = next_turn(db, found, turn)
        with writing(db):
            if turn_basis(db, event_id) == basis:
                fix_turn(db, found, turn, planned)
                break
    else:
        raise EventProblem(P_("the event kept changing while the turn was worked out: press again"))
    tables_ = list(enumerate(planned.tables, start=1))
    for first in range(0, len(tables_), TABLES_A_WRITE):
        with writing(db):
            if int(events.event(db, event_id)["turn"]) != turn - 1:
                return turn  # another press of the button started it meanwhile
            store_tables(db, found, turn, tables_[first : first + TABLES_A_WRITE])
        time.sleep(BETWEEN_WRITES)  # the saves waiting meanwhile go first
    with writing(db):
        if int(events.event(db, event_id)["turn"]) == turn - 1:
            db.execute(
                "UPDATE events SET turn = ?, clock_ends_at = NULL, clock_left = NULL WHERE id = ?",
                [turn, event_id],
            )
            if found["minutes"]:
                set_clock(db, event_id, running=True, left=60 * int(found["minutes"]))
            changes.record(db, event_id, "started", "", turn=turn, tables=len(tables_))
    return turn


# Tables whose games one write stores: a few tens of milliseconds on a laptop.
TABLES_A_WRITE = 3
# The pause after each such write: long enough for every save that found the lock
# taken to try again (SQLite's busy handler sleeps up to 100 ms between tries).
BETWEEN_WRITES = PAUSE_BETWEEN_STEPS
PLANNING_TRIES = 3
BASIS = """
SELECT e.turn, e.plan, e.kept,
  (SELECT coalesce(sum(g.table_stamp), 0) || '.' || count(*) || '.' || sum(eg.reopened)
   FROM event_games eg JOIN games g ON g.id = eg.game_id WHERE eg.event_id = e.id) AS games,
  (SELECT group_concat(number || ':' || withdrawn_turn) FROM event_entries
   WHERE event_id = e.id AND withdrawn_turn IS NOT NULL) AS gone,
  (SELECT count(*) FROM event_entries WHERE event_id = e.id) AS entries
FROM events e WHERE e.id = ?
"""


def turn_basis(db: Database, event_id: int) -> dict[str, Any] | None:
    """What a turn's tables depend on, in one read: the turn, the plan, every game's
    saves and reopenings (the standings a Swiss pairs by), the withdrawals, the
    entries (one joined late)."""
    return row(db, BASIS, [event_id])


def next_turn(db: Database, found: dict[str, Any], turn: int) -> Turn:
    """The tables of turn ``turn``: the plan's, or a Swiss's paired now (the first
    by the list or the draw, the later ones by the standings), either with the
    tables entries keep."""
    if found["movement"] != "swiss" or len(found["plan"]) >= turn:  # fixed already
        planned: Turn = found["plan"][turn - 1]
        return planned
    gone = {e for e, t in events.withdrawn(db, found["id"]).items() if t <= turn}
    if turn == 1:
        count = len(events.entries_of(db, found["id"]))
        order = first_order(count, found["draw"])
    else:
        order = [line.entry for line in events.event_standings(db, found)]
    try:  # seated at the tables kept, as the turns left of a fixed plan are
        # a late entry's missed turns count as sat out: the bye goes to another first
        played = missed_as_byes(found["plan"], late.joined(db, found["id"]))
        return keep_tables(swiss_without(played, order, gone), found["kept"])
    except MovementError as error:
        raise EventProblem(error.args[0]) from error


def fix_turn(db: Database, found: dict[str, Any], turn: int, planned: Turn) -> None:
    """Keep the turn in the plan as it is played (inside the write): a Swiss's
    pairing, the tables kept by entries (``events.kept``); a start cut short goes
    on with the same tables, and a table kept later changes only the turns left."""
    stored = row(db, "SELECT plan FROM events WHERE id = ?", [found["id"]])
    plan = json.loads(stored["plan"]) if stored else []
    plan[turn - 1 :] = [asdict(planned), *plan[turn:]]
    db.execute("UPDATE events SET plan = ? WHERE id = ?", [json.dumps(plan), found["id"]])


def store_tables(
    db: Database, found: dict[str, Any], turn: int, planned: list[tuple[int, Table]]
) -> None:
    """Make the game of each of these tables not made yet (inside the write), the
    table's phones and settings following it from its game of the turn before; a
    substitute of the turn sits in the absent player's seat."""
    event_id = found["id"]
    people = substitutes.seated(
        events.entries_of(db, event_id), substitutes.substitutes(db, event_id), turn
    )
    gone = events.withdrawn(db, event_id)
    options = dict(found["options"])
    if found["deals"]:
        options["rounds"] = found["deals"]
    before = previous_games(db, event_id, turn - 1)
    sql = "SELECT table_no FROM event_games WHERE event_id = ? AND turn = ?"
    made = {t["table_no"] for t in db.query(sql, [event_id, turn])}
    for table_no, table in planned:
        if events.left(table, gone, turn) or table_no in made:  # not played: the others have a bye
            continue
        previous = before.get(table_no)
        seats = planning.seating(people, table)
        try:
            game_id = games.create_game(
                db,
                evening_id=found["evening_id"],
                variant=found["variant"],
                sides=[events.side_name(people, side) for side in table],
                players=len(seats),
                options=options,
                seats=seats,
                name=f"{found['name']}: turn {turn}, table {table_no}",
                # the event's own key: a game a table started itself ("Same table
                # again", keyed "after:<uid>") is none of the event's and never in its way
                request_key=f"turn:{found['uid']}:{turn}:{table_no}",
            )
        except ScoringError as error:  # an event made before its game was checked
            raise EventProblem(P_("rules: %(problem)s", problem=str(error)), "rules") from error
        if previous:  # the table's settings go on, and its phones are told (as play_again)
            db.execute(
                "UPDATE games SET phones_enter = ?, confirm_rounds = ? WHERE id = ?",
                [previous["phones_enter"], previous["confirm_rounds"], game_id],
            )
            db.execute(
                "UPDATE games SET table_stamp = table_stamp + 1 WHERE id = ?", [previous["id"]]
            )
        db.table("event_games").insert(
            {
                "event_id": event_id,
                "turn": turn,
                "table_no": table_no,
                "game_id": game_id,
                "entries": json.dumps([list(s) for s in table]),
            }
        )


def previous_games(db: Database, event_id: int, turn: int) -> dict[int, dict[str, Any]]:
    """Each table's game of ``turn`` (its uid and settings), by table number."""
    sql = (
        "SELECT eg.table_no, g.id, g.uid, g.phones_enter, g.confirm_rounds FROM event_games "
        "eg JOIN games g ON g.id = eg.game_id WHERE eg.event_id = ? AND eg.turn = ?"
    )
    return {int(r["table_no"]): r for r in db.query(sql, [event_id, turn])}
