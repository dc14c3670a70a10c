"""The director's desk of a club night: every table of the turn at a
glance, with what its phones say (a round waiting for their confirmation, a round
queried), missing results first; who has checked in at each table; and the
director's changes, each with a reason kept in the table's game history: a score
entered or adjusted, a table reopened and closed again, an entry's withdrawal."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from sqlite_utils import Database

from ...scoring.adjustments import note_problem
from ...scoring.i18n import N_, problem as P_
from ..connection import connect, now, row, rows, writing
from ..games import games, rounds
from ..table import agreement as table_agreement, answers as table_answers, table as phones
from . import changes, clock, events, late, planning, turns
from .changes import DIRECTOR

# What needs the director first: a round queried, a table reopened; then the
# missing results: no round yet, a round awaiting its confirmation; then the
# tables playing; then those done.
# Once time is called, a table of the turn still playing is finishing the deal in
# play: its next saved round is its last.
DESK_ORDER = (
    "queried",
    "reopened",
    "waiting",
    "confirming",
    "finishing",
    "playing",
    "finished",
    "withdrawn",
)
DONE = ("finished", "withdrawn")


def desk(
    db: Database, event_id: int, turn: int, every: list[dict[str, Any]] | None = None
) -> list[dict[str, Any]]:
    """The turn's tables for the desk, and every table of an earlier turn still
    open (reopened, queried, its game taken back to playing), what needs the
    director first, each with its ``desk`` state (``DESK_ORDER``), the rounds
    queried or awaited, and the names checked in at it. A few reads for the whole
    event, however many tables; ``every``: the event's ``tables`` when the caller
    has read them already."""
    if not turn:
        found = []
    else:
        found = events.tables(db, event_id) if every is None else every
    with_desk_states(db, found)
    if found and clock.time_up(clock.clock(db, event_id)):
        for t in found:
            if t["turn"] == turn and t["desk"] in ("waiting", "playing"):
                t["desk"] = "finishing"
    found = [t for t in found if t["turn"] == turn or t["desk"] not in DONE]
    found.sort(key=lambda t: (DESK_ORDER.index(t["desk"]), t["turn"], t["table_no"]))
    return found


def finished_count(tables: list[dict[str, Any]], turn: int) -> tuple[int, int]:
    """How many of the turn's tables are done, of how many ("6 of 8 finished")."""
    mine = [t for t in tables if t["turn"] == turn]
    return sum(t["desk"] in DONE for t in mine), len(mine)


def held(db: Database, event_id: int, turn: int) -> list[dict[str, Any]]:
    """The tables that hold the event's turn: every one not done, of this turn or
    an earlier one (a round waiting for the confirmation its table asks for too)."""
    return [t for t in desk(db, event_id, turn) if t["desk"] not in DONE]


def start_turn(db: Database, event_id: int) -> int:
    """Start the next turn (``turns.start_turn``, which keeps its writes short) once
    nothing holds this one: refused, saying which tables, while any table of it or of
    an earlier turn is open. The turn's number."""
    turn = int(events.event(db, event_id)["turn"])
    holding = held(db, event_id, turn) if turn else []
    if holding:
        names = ", ".join(str(t["table_no"]) for t in holding)
        said = N_("turn %(n)s is still being played: tables %(tables)s are open")
        raise events.EventProblem(P_(said, n=turn, tables=names))
    return turns.start_turn(db, event_id)


def start_turn_at(path: str, event_id: int) -> int:
    """``start_turn`` on its own connection to the database at ``path`` (the way
    ``apart.run`` has a process of its own do it)."""
    db = connect(path)
    try:
        return start_turn(db, event_id)
    finally:
        db.close()


def with_desk_states(db: Database, found: list[dict[str, Any]]) -> None:
    """Give each table its ``desk`` state, the rounds queried and awaited, and who
    has checked in, from one read of each kind for all of them."""
    asked = [t["game_id"] for t in found if confirming(t)]
    marks = ", ".join("?" * len(asked))
    played: dict[int, list[dict[str, Any]]] = {}
    at_table: dict[int, list[phones.Phone]] = {}
    if asked:
        for r in rows(
            db,
            f"SELECT game_id, number, version FROM rounds WHERE game_id IN "
            f"({marks}) ORDER BY game_id, number",
            asked,
        ):
            played.setdefault(r["game_id"], []).append(r)
        for p in rows(
            db,
            f"SELECT * FROM table_phones WHERE game_id IN ({marks}) "
            "AND removed_at IS NULL ORDER BY id",
            asked,
        ):
            at_table.setdefault(p["game_id"], []).append(p)
    answered = table_answers.answers_of(db, asked) if asked else {}
    here = checked_in(db, [t["game_id"] for t in found])
    for t in found:
        game = t["game_id"]
        t["desk"], t["queried"], t["awaited"] = desk_state(
            t, played.get(game, []), answered.get(game, {}), at_table.get(game, [])
        )
        t["checked_in"] = here.get(game, [])


def confirming(t: dict[str, Any]) -> bool:
    """Whether what the table's phones say of its rounds matters on the desk."""
    return bool(t["round_count"] and t["confirm_rounds"] and t["state"] != "withdrawn")


def desk_state(
    t: dict[str, Any],
    played: list[dict[str, Any]],
    answered: dict[int, list[dict[str, Any]]],
    at_table: list[phones.Phone],
) -> tuple[str, list[int], list[int]]:
    """A table's state on the desk, with the numbers of its rounds queried and of
    those awaiting a confirmation: "queried" while a phone's query is unanswered,
    "confirming" while a round waits for the confirmation of a phone at the table
    (when the table confirms rounds), else the table's own state."""
    if not confirming(t):
        return t["state"], t.get("queried", []), []
    game = {"sides": t["sides"], "variant": t["variant"]}
    states = table_agreement.agreement(game, played, answered, at_table)
    queried = [n for n, s in states.items() if s["state"] == "queried"]
    awaited = [
        n for n, s in states.items() if s["state"] in ("waiting", "asked again") and s["awaited"]
    ]
    if t["state"] == "reopened":
        return "reopened", queried, awaited
    return ("queried" if queried else "confirming" if awaited else t["state"]), queried, awaited


STAMP = """
SELECT e.turn, e.clock_ends_at, e.clock_left, e.clock_ends_at <= ? AS time_up,
  (SELECT {games} || '.' || count(*) || '.' || sum(g.removed_at IS NULL) || '.' ||
     sum(eg.reopened)
   FROM event_games eg JOIN games g ON g.id = eg.game_id WHERE eg.event_id = e.id) AS games,
  (SELECT count(withdrawn_turn) FROM event_entries WHERE event_id = e.id) AS gone,
  (SELECT count(*) FROM event_changes WHERE event_id = e.id) AS changes,
  (SELECT group_concat(number || ':' || name, '|') FROM event_entries
   WHERE event_id = e.id) AS places
FROM events e WHERE e.id = ? AND e.removed_at IS NULL
"""
# Every change at every table: a table's stamp moves with each round saved, confirmed,
# queried or answered, and stamps only grow, so their sum moves with any of them. A game
# removed or brought back moves no stamp of a table's: the count of the games not
# removed follows that (the table leaves the desk; the last one playing gone, the
# event is over).
EVERY_CHANGE = "coalesce(sum(g.table_stamp), 0)"
# The standings read finished games only: each finished game and its stamp, so that a
# round saved at a table still playing leaves this alone, and a finished game's query,
# correction or removal moves it. A sum would not do here: a game that stops counting
# (corrected back to unfinished) and one that starts could leave it where it was.
FINISHED = (
    "coalesce(group_concat(CASE WHEN g.finished AND g.removed_at IS NULL "
    "THEN g.id || ':' || g.table_stamp END), '')"
)


def stamp(db: Database, event_id: int, results: bool = False) -> str | None:
    """What the desk and the big screen compare to know whether anything changed at
    the event (a round saved, confirmed or queried at a table, a turn started, a
    table reopened, an entry withdrawn, two entries swapped in the plan, any change
    the event's history keeps, the clock changed or at time): one read; None when
    there is no such event. ``results``: only what the standings show, for the big
    screen, which then has nothing new while tables play on between their games'
    ends (a poll answered 304, where the desk's page changes with every round)."""
    sql = STAMP.format(games=FINISHED if results else EVERY_CHANGE)
    found = row(db, sql, [now(), event_id])
    return None if found is None else "-".join(str(v) for v in found.values())


def checked_in(db: Database, game_ids: list[int]) -> dict[int, list[str]]:
    """The names checked in at each of these games' tables, in the order they came."""
    if not game_ids:
        return {}
    marks = ", ".join("?" * len(game_ids))
    sql = (
        f"SELECT game_id, who FROM table_events WHERE action = 'checked in' "
        f"AND game_id IN ({marks}) ORDER BY id"
    )
    found: dict[int, list[str]] = {}
    for r in rows(db, sql, game_ids):
        names = found.setdefault(int(r["game_id"]), [])
        if r["who"] not in names:
            names.append(r["who"])
    return found


def check_in(db: Database, game_id: int, name: str) -> bool:
    """A player at the table taps their name: kept in the game's history, shown on
    the desk. Only a name seated at the game; False if they had checked in already."""
    game = games.get_game(db, game_id)
    if name not in (game["seats"] or game["sides"]):
        raise events.EventProblem(P_("%(name)s is not seated at this table", name=name))
    with writing(db):
        if checked_in(db, [game_id]).get(game_id, []).count(name):
            return False
        phones.event(db, game_id, {"id": None, "who": name}, "checked in")
    return True


def event_game(db: Database, event_id: int, game_id: int) -> dict[str, Any]:
    """The event's table playing ``game_id`` (EventProblem when it is not one)."""
    found = row(
        db, "SELECT * FROM event_games WHERE event_id = ? AND game_id = ?", [event_id, game_id]
    )
    if found is None:
        raise events.EventProblem(P_("game %(id)s is not one of this event's", id=game_id))
    return found


def adjust(db: Database, event_id: int, game_id: int, points: list[int], reason: str) -> int:
    """The director enters or adjusts a table's score: each side's ``points`` are
    added to its adjustment in the game's last round (a first round of adjustments
    alone when the game has none), with ``reason`` as their note; the round stands
    as the director says (the phones need not confirm it again), and the history
    keeps who and why. The round's number."""
    reason = checked(reason)
    with writing(db):
        table = event_game(db, event_id, game_id)
        game = games.get_game(db, game_id)
        if not any(points):
            raise events.EventProblem(P_("points: give a side some points to add or take off"))
        last = row(
            db,
            "SELECT number, entries, version FROM rounds WHERE game_id = ? "
            "ORDER BY number DESC LIMIT 1",
            [game_id],
        )
        entries = json.loads(last["entries"]) if last else {}
        for side, more in zip(game["sides"], points, strict=True):
            if more:
                fields = entries.setdefault(side, {})
                fields["adjustment"] = int(fields.get("adjustment", 0)) + more
                fields["note"] = reason
        if last is None:
            number, version = rounds.add_round(db, game_id, entries), 1
        else:
            number, version = int(last["number"]), int(last["version"]) + 1
            rounds.edit_round(db, game_id, number, entries, int(last["version"]))
        director(db, game_id, "adjusted", reason, number=number, version=version)
        table_answers.stands(db, game_id, number, version, reason)
        at = {"turn": table["turn"], "table": table["table_no"], "round": number}
        changes.record(db, event_id, "adjusted", reason, **at)
    return number


def reopen(db: Database, event_id: int, game_id: int, reason: str, *, open_: bool = True) -> None:
    """The director reopens a table's game (its result no longer counts and its turn
    is not over until it is closed again: the table corrects a confirmed round, the
    director adjusts it), or closes it again (``open_`` False)."""
    with writing(db):
        table = event_game(db, event_id, game_id)
        if bool(table["reopened"]) == open_:
            said = N_("this table is open already") if open_ else N_("this table is not reopened")
            raise events.EventProblem(P_(said))
        db.execute(
            "UPDATE event_games SET reopened = ? WHERE event_id = ? AND game_id = ?",
            [int(open_), event_id, game_id],
        )
        director(db, game_id, "reopened" if open_ else "closed", reason)
        at = {"turn": table["turn"], "table": table["table_no"]}
        changes.record(db, event_id, "reopened" if open_ else "closed", reason, **at)


def end_now(db: Database, event_id: int, game_id: int, reason: str) -> int:
    """The director ends a table's game at once, as it stands (a table between deals
    when time was called, a table that must stop): its totals are its result, and
    the reason is kept in its history and shown with its result. The number of
    rounds it ended after."""
    reason = checked(reason)
    with writing(db):
        at = event_game(db, event_id, game_id)
        table = next(t for t in events.tables(db, event_id) if t["game_id"] == game_id)
        if table["state"] == "withdrawn":
            said = N_("an entry at this table withdrew: its opponents have a bye")
            raise events.EventProblem(P_(said))
        if table["finished"]:
            raise events.EventProblem(P_("this table's game is over already"))
        after = rounds.end_game(db, game_id)
        db.execute(
            "UPDATE event_games SET ended_reason = ? WHERE event_id = ? AND game_id = ?",
            [reason, event_id, game_id],
        )
        director(db, game_id, "ended", reason, number=after)
        where = {"turn": at["turn"], "table": at["table_no"], "round": after}
        changes.record(db, event_id, "ended", reason, **where)
    return after


def withdraw(db: Database, event_id: int, entry: int, reason: str) -> int:
    """An entry leaves the event: from this turn on (the first, before the start)
    it plays no more; a table of this turn it had not finished is over, and its
    opponents have a bye, as they have at its tables to come. At a rotating-partners
    night the turns to come are planned afresh without it (outside the write), so
    nobody sits out twice while others never have. The turn it left."""
    reason = checked(reason)
    before = events.event(db, event_id)
    plan = replanned(db, before, entry)
    with writing(db):
        found = events.event(db, event_id)
        people = events.entries_of(db, event_id)
        if not 0 <= entry < len(people):
            raise events.EventProblem(P_("choose an entry of this event"))
        name = people[entry]["name"]
        if people[entry]["withdrawn_turn"] is not None:
            raise events.EventProblem(P_("%(name)s has withdrawn already", name=name))
        if plan is not None:
            if (found["turn"], found["plan"]) != (before["turn"], before["plan"]):
                raise events.EventProblem(P_("the event changed meanwhile: send it again"))
            db.execute(
                "UPDATE events SET plan = ? WHERE id = ?",
                [json.dumps([asdict(t) for t in plan]), event_id],
            )
        turn = max(int(found["turn"]), 1)
        sql = "UPDATE event_entries SET withdrawn_turn = ?, withdrawn_reason = ? "
        db.execute(sql + "WHERE event_id = ? AND number = ?", [turn, reason, event_id, entry])
        for t in events.tables(db, event_id, found["turn"]) if found["turn"] else []:
            if any(entry in side for side in t["entries"]):
                director(db, t["game_id"], "withdrew", reason, who=name)
        changes.record(db, event_id, "withdrew", reason, entry=entry, name=name, turn=turn)
    return turn


def replanned(db: Database, found: dict[str, Any], entry: int) -> list[Any] | None:
    """A rotating-partners plan without ``entry`` for the turns not started (None
    for the other movements): those at its unfinished table this turn have sat out,
    as a late player has for each turn it missed."""
    if found["movement"] != "rotating":
        return None
    gone = {*events.withdrawn(db, found["id"]), entry}
    sat_out = [
        e
        for t in (events.tables(db, found["id"], found["turn"]) if found["turn"] else [])
        if t["state"] != "finished" and any(entry in side for side in t["entries"])
        for side in t["entries"]
        for e in side
        if e != entry
    ]
    count = len(events.entries_of(db, found["id"]))
    return planning.replanned(found, count, gone, [*sat_out, *late.missed(db, found["id"])])


def checked(reason: str) -> str:
    """The director's reason, tidied; EventProblem when there is none or it cannot
    be kept as a note."""
    reason = " ".join(reason.split())
    if not reason:
        raise events.EventProblem(P_("reason: say why, for the table's history"))
    if problem := note_problem(reason):
        raise events.EventProblem(P_("reason: %(problem)s", problem=problem))
    return reason


def director(
    db: Database, game_id: int, action: str, reason: str, who: str = DIRECTOR, **more: Any
) -> None:
    """Keep the director's change in the game's history, with its reason."""
    phones.event(db, game_id, {"id": None, "who": who}, action, note=reason, **more)
