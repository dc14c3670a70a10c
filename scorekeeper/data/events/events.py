"""Club nights and tournaments: an event and its entries, its plan of
turns (club.movements), the game each table plays each turn, and the standings
(club.standings) from the games finished so far.

An event's games are ordinary games in an evening of the event's own: the tables
play them as a home table does (scorer, phones, parts, confirmations), and the
history and the players' statistics count them like any other.
"""

from __future__ import annotations

import json
import secrets
import uuid
from dataclasses import asdict
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlite_utils import Database

from ...club.movements import Turn, mitchell, rotating_partners, swiss_without
from ...club.standings import Line, Result, VictoryPoints, WinDrawLoss, standings
from ...scoring import get_variant
from ...scoring.i18n import N_, problem as P_
from .. import checks
from ..connection import insert, now, row, writing
from ..games import games
from ..games.evenings import create_evening
from . import holds

MOVEMENTS = {"mitchell": "pairs", "swiss": "pairs", "rotating": "individuals"}
BYES = ("win", "draw", "loss")


class EventProblem(ValueError):
    """An event that cannot be made or played as asked; the message says why."""


def create_event(
    db: Database,
    *,
    name: str,
    date: str,
    variant: str,
    options: dict[str, Any],
    movement: str,
    turns: int,
    entries: list[dict[str, Any]],
    scale: dict[str, Any],
    bye: str = "win",
    deals: int = 0,
    minutes: int = 0,
) -> int:
    """Store an event with its entries (``{"name": ..., "players": [...]}`` each, in
    seeding order) and its plan; its games' evening is made with it."""
    kind = MOVEMENTS.get(movement)
    if kind is None:
        raise EventProblem(P_("movement: must be one of %(names)s", names=", ".join(MOVEMENTS)))
    if bye not in BYES:
        raise EventProblem(P_("bye: must be one of %(names)s", names=", ".join(BYES)))
    get_variant(variant)  # ValueError for an unknown one
    for entry in entries:
        if problem := checks.name_problem(entry["name"], checks.SEAT_NAME_LENGTH):
            raise EventProblem(P_("entry %(name)s: %(problem)s", name=entry["name"],
                                  problem=problem))  # fmt: skip
    sizes = {len(entry["players"]) for entry in entries}
    if kind == "individuals" and sizes != {1}:
        raise EventProblem(P_("rotating partners: each entry is one player"))
    if kind == "pairs" and len(sizes) > 1:
        raise EventProblem(P_("every pair or team has the same number of players"))
    if len({checks.name_key(e["name"]) for e in entries}) < len(entries):
        raise EventProblem(P_("two entries have the same name"))
    made = plan_for(movement, len(entries), turns)
    scale_of(scale), victory_of(scale)  # checked now: refused before anything is stored
    per_side = 2 if kind == "individuals" else len(entries[0]["players"]) if entries else 0
    with writing(db):
        evening_id = create_evening(db, date, name)
        event_id = insert(db, "events", {
            "uid": uuid.uuid4().hex, "cards_token": secrets.token_urlsafe(12), "name": name,
            "date": date, "evening_id": evening_id,
            "variant": variant, "options": json.dumps(options), "players": 2 * per_side,
            "entry_kind": kind, "movement": movement, "turns": turns, "deals": deals,
            "minutes": minutes, "scale": json.dumps(scale), "bye": bye,
            "plan": json.dumps([asdict(turn) for turn in made]), "turn": 0,
            "created_at": now(),
        })  # fmt: skip
        for number, entry in enumerate(entries):
            db.table("event_entries").insert({
                "event_id": event_id, "number": number, "name": entry["name"],
                "players": json.dumps(entry["players"]),
            })  # fmt: skip
    return event_id


def plan_for(movement: str, entries: int, turns: int) -> list[Turn]:
    """The whole plan, for the movements that fix it in advance (Swiss: none yet)."""
    if turns < 1:
        raise EventProblem(P_("turns: at least 1"))
    try:
        if movement == "mitchell":
            return mitchell(entries, turns)
        if movement == "rotating":
            return rotating_partners(entries, turns)
    except ValueError as error:
        raise EventProblem(error.args[0]) from error
    if entries < 2:
        raise EventProblem(P_("a Swiss event needs at least 2 entries"))
    return []


def scale_of(scale: dict[str, Any]) -> WinDrawLoss | VictoryPoints:
    """The event's scale from its stored form."""
    try:
        if scale.get("kind") == "vp":
            return vp_table(scale["table"])
        if scale.get("kind") == "wdl":
            return WinDrawLoss(scale.get("win", 2), scale.get("draw", 1), scale.get("loss", 0))
    except (KeyError, TypeError, ValueError) as error:
        raise EventProblem(P_("scale: %(problem)s", problem=str(error))) from error
    raise EventProblem(P_(N_("scale: must be win/draw/loss points or a victory-point table")))


def victory_of(scale: dict[str, Any]) -> VictoryPoints | None:
    """The victory-point table that breaks ties on a win/draw/loss scale, if any."""
    if scale.get("kind") != "wdl" or not scale.get("table"):
        return None
    try:
        return vp_table(scale["table"])
    except (TypeError, ValueError) as error:
        raise EventProblem(P_("scale: %(problem)s", problem=str(error))) from error


def vp_table(rows: list[list[int]]) -> VictoryPoints:
    """A stored victory-point table: rows of (margin, winner's VP, loser's VP)."""
    return VictoryPoints(tuple((int(m), w, lo) for m, w, lo in rows))


def event(db: Database, event_id: int) -> dict[str, Any]:
    found = row(db, "SELECT * FROM events WHERE id = ?", [event_id])
    if found is None:
        raise games.NotFound(P_("no event %(id)s", id=event_id))
    for key in ("options", "scale", "plan"):
        found[key] = json.loads(found[key])
    found["plan"] = [Turn([as_table(t) for t in turn["tables"]], turn["byes"])
                     for turn in found["plan"]]  # fmt: skip
    return found


def as_table(table: list[list[int]]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    one, other = table
    return tuple(one), tuple(other)


def all_events(db: Database) -> list[dict[str, Any]]:
    """Every event, newest first, with how far it is."""
    return list(db.query("SELECT id, name, date, variant, movement, turns, turn FROM events "
                         "ORDER BY date DESC, id DESC"))  # fmt: skip


def entries_of(db: Database, event_id: int) -> list[dict[str, Any]]:
    rows = db.query("SELECT * FROM event_entries WHERE event_id = ? ORDER BY number", [event_id])
    return [{**r, "players": json.loads(r["players"])} for r in rows]


def swap(db: Database, event_id: int, a: int, b: int) -> None:
    """Swap two entries' places in the plan (before the first turn starts)."""
    with writing(db):
        found = event(db, event_id)
        if found["turn"]:
            raise EventProblem(P_("the event has started: the plan is fixed"))
        people = {e["number"]: e for e in entries_of(db, event_id)}
        if a not in people or b not in people or a == b:
            raise EventProblem(P_("choose two different entries"))
        for number, other in ((a, people[b]), (b, people[a])):
            db.execute(
                "UPDATE event_entries SET name = ?, players = ? WHERE event_id = ? AND number = ?",
                [other["name"], json.dumps(other["players"]), event_id, number],
            )


def start_turn(db: Database, event_id: int) -> int:
    """Start the next turn: each of its tables gets its game, with the right people
    in the right seats. The turn's number."""
    with writing(db):
        found = event(db, event_id)
        turn = int(found["turn"]) + 1
        if turn > found["turns"]:
            raise EventProblem(P_("the event has %(n)s turns: it is over", n=found["turns"]))
        if found["turn"] and not turn_finished(db, event_id, found["turn"]):
            raise EventProblem(P_("turn %(n)s is still being played", n=found["turn"]))
        plan = found["plan"]
        gone = withdrawn(db, event_id)
        if found["movement"] == "swiss":
            order = [line.entry for line in event_standings(db, found)]
            plan.append(swiss_without(plan, order, {e for e, t in gone.items() if t <= turn}))
            db.execute("UPDATE events SET plan = ? WHERE id = ?",
                       [json.dumps([asdict(t) for t in plan]), event_id])  # fmt: skip
        people = entries_of(db, event_id)
        options = dict(found["options"])
        if found["deals"]:
            options["rounds"] = found["deals"]
        before = {t["table_no"]: t["game_id"] for t in tables(db, event_id, turn - 1)}
        for table_no, table in enumerate(plan[turn - 1].tables, start=1):
            if left(table, gone, turn):  # not played: the others have a bye
                continue
            names = [side_name(people, side) for side in table]
            seats = seating(people, table)
            previous = games.get_game(db, before[table_no]) if table_no in before else None
            game_id = games.create_game(
                db, evening_id=found["evening_id"], variant=found["variant"], sides=names,
                players=len(seats), options=options, seats=seats,
                name=f"{found['name']}: turn {turn}, table {table_no}",
                # the event's own key: a game a table started itself ("Same table
                # again", keyed "after:<uid>") is none of the event's and never in its way
                request_key=f"turn:{found['uid']}:{turn}:{table_no}",
            )  # fmt: skip
            if previous:  # the table's settings go on, and its phones are told (as play_again)
                db.execute(
                    "UPDATE games SET phones_enter = ?, confirm_rounds = ? WHERE id = ?",
                    [previous["phones_enter"], previous["confirm_rounds"], game_id],
                )
                db.execute("UPDATE games SET table_stamp = table_stamp + 1 WHERE id = ?",
                           [previous["id"]])  # fmt: skip
            db.table("event_games").insert({
                "event_id": event_id, "turn": turn, "table_no": table_no,
                "game_id": game_id, "entries": json.dumps([list(s) for s in table]),
            })  # fmt: skip
        db.execute("UPDATE events SET turn = ?, clock_ends_at = NULL, clock_left = NULL "
                   "WHERE id = ?", [turn, event_id])  # fmt: skip
        if found["minutes"]:
            set_clock(db, event_id, running=True, left=60 * int(found["minutes"]))
    return turn


def clock(db: Database, event_id: int, at: datetime | None = None) -> dict[str, Any]:
    """The turn's clock: whether it runs, the seconds left (never below 0), and
    when it ends (UTC, while it runs); ``{"set": False}`` when the turn has none."""
    found = row(db, "SELECT turn, clock_ends_at, clock_left FROM events WHERE id = ?",
                [event_id])  # fmt: skip
    if found is None:
        raise games.NotFound(P_("no event %(id)s", id=event_id))
    at = at or datetime.now(UTC)
    if found["clock_ends_at"]:
        ends = datetime.fromisoformat(found["clock_ends_at"])
        left = max(0, int((ends - at).total_seconds() + 0.999))
        return {"set": True, "running": True, "left": left, "ends_at": found["clock_ends_at"],
                "turn": found["turn"]}  # fmt: skip
    if found["clock_left"] is not None:
        return {"set": True, "running": False, "left": int(found["clock_left"]),
                "turn": found["turn"]}  # fmt: skip
    return {"set": False, "turn": found["turn"]}


def set_clock(
    db: Database, event_id: int, *, running: bool, left: int, at: datetime | None = None
) -> None:
    """Run the clock with ``left`` seconds to go, or hold it there (paused)."""
    at = at or datetime.now(UTC)
    left = max(0, left)
    ends = (at + timedelta(seconds=left)).isoformat(timespec="seconds") if running else None
    db.execute("UPDATE events SET clock_ends_at = ?, clock_left = ? WHERE id = ?",
               [ends, None if running else left, event_id])  # fmt: skip


def change_clock(db: Database, event_id: int, action: str, minutes: int = 0) -> dict[str, Any]:
    """The director's buttons: "pause", "resume", or "add" ``minutes`` (negative to
    take some off). The clock as it is afterwards."""
    with writing(db):
        now_ = datetime.now(UTC)
        state = clock(db, event_id, now_)
        if not state["set"]:
            raise EventProblem(P_("this turn has no clock"))
        running = {"pause": False, "resume": True}.get(action, state["running"])
        left = state["left"] + (60 * minutes if action == "add" else 0)
        set_clock(db, event_id, running=running, left=left, at=now_)
    return clock(db, event_id)


def side_name(people: list[dict[str, Any]], side: tuple[int, ...]) -> str:
    """A side's name: its entry's (a pair, a team), or its players' ("Ann & Bea")."""
    return " & ".join(people[e]["name"] for e in side)


def seating(people: list[dict[str, Any]], table: tuple[tuple[int, ...], ...]) -> list[str]:
    """The seats around a table: partners alternate with opponents (seat ``i`` plays
    for side ``i % 2``)."""
    sides = [[p for e in side for p in people[e]["players"]] for side in table]
    return [sides[i % 2][i // 2] for i in range(sum(len(s) for s in sides))]


TABLES = """
SELECT eg.turn, eg.table_no, eg.game_id, eg.entries, eg.reopened, g.sides, g.round_count,
       g.finished, g.totals, g.removed_at, g.variant, g.confirm_rounds, {queried} AS queried
FROM event_games eg JOIN games g ON g.id = eg.game_id
WHERE eg.event_id = ? AND g.removed_at IS NULL {where} ORDER BY eg.turn, eg.table_no
"""


def tables(db: Database, event_id: int, turn: int | None = None) -> list[dict[str, Any]]:
    """The tables of a turn (or of every turn), each with its game's state (a
    removed game is no table of the event's: it leaves the desk and the standings):
    "waiting" (no round yet), "playing" (round N), "finished", "reopened" (by the
    director: its result withheld until it is closed again), "queried" (a round a
    phone queried, not yet answered: its result withheld until then) or "withdrawn"
    (an entry at it withdrew before it finished: the others have a bye)."""
    where, params = ("AND eg.turn = ?", [event_id, turn]) if turn else ("", [event_id])
    gone = withdrawn(db, event_id)
    found = []
    for r in db.query(TABLES.format(where=where, queried=holds.QUERIED), params):
        r = {**r, "entries": json.loads(r["entries"]), "sides": json.loads(r["sides"]),
             "totals": json.loads(r["totals"] or "{}")}  # fmt: skip
        r["state"] = "finished" if r["finished"] else "playing" if r["round_count"] else "waiting"
        r["queried"] = holds.queried_rounds(r["queried"])
        if r["reopened"]:
            r["state"] = "reopened"
        elif r["state"] != "finished" and left(r["entries"], gone, r["turn"]):
            r["state"] = "withdrawn"
        elif r["queried"]:  # a query unanswered: the result waits for the answer
            r["state"] = "queried"
        found.append(r)
    return found


def withdrawn(db: Database, event_id: int) -> dict[int, int]:
    """The entries that withdrew, each with the first turn it plays no more."""
    sql = "SELECT number, withdrawn_turn FROM event_entries WHERE event_id = ? " \
          "AND withdrawn_turn IS NOT NULL"  # fmt: skip
    return {int(r["number"]): int(r["withdrawn_turn"]) for r in db.query(sql, [event_id])}


def left(table: Any, gone: dict[int, int], turn: int) -> list[int]:
    """The entries at ``table`` (its sides' entry numbers) that had withdrawn by ``turn``."""
    return [e for side in table for e in side if e in gone and gone[e] <= turn]


def turn_finished(db: Database, event_id: int, turn: int) -> bool:
    return all(t["state"] in ("finished", "withdrawn") for t in tables(db, event_id, turn))


def results(db: Database, found: dict[str, Any]) -> list[Result]:
    """Every finished game as results between entries, and every bye of a turn
    started: the plan's, and those of the entries whose opponent had withdrawn (the
    table not played, or left unfinished). At a table of individuals each player
    meets the opponent across."""
    done: list[Result] = []
    played: dict[tuple[int, int], str] = {}
    for t in tables(db, found["id"]):
        played[t["turn"], t["table_no"]] = t["state"]
        if t["state"] != "finished":
            continue
        one, other = t["entries"]
        mine, theirs = (int(t["totals"].get(name, 0)) for name in t["sides"])
        for a, b in zip(one, other, strict=True):
            done.append(Result(t["turn"], a, b, mine, theirs))
    gone = withdrawn(db, found["id"])
    for turn, planned in enumerate(found["plan"][: found["turn"]], start=1):
        done += [Result(turn, e) for e in planned.byes if not left([[e]], gone, turn)]
        for table_no, table in enumerate(planned.tables, start=1):
            if played.get((turn, table_no), "withdrawn") == "withdrawn" and left(table, gone, turn):
                out = left(table, gone, turn)
                done += [Result(turn, e) for side in table for e in side if e not in out]
    return done


def event_standings(db: Database, found: dict[str, Any], upto: int | None = None) -> list[Line]:
    """The standings after the games finished so far (after turn ``upto``)."""
    count = row(db, "SELECT count(*) AS n FROM event_entries WHERE event_id = ?", [found["id"]])
    scale = scale_of(found["scale"])
    return standings(int(count["n"]) if count else 0, results(db, found), scale,
                     victory_of(found["scale"]), bye=found["bye"], upto=upto)  # fmt: skip


def event_of_game(db: Database, game_id: int) -> int | None:
    """The event whose current turn this game is, if any (its screens show the clock)."""
    found = row(
        db,
        "SELECT e.id FROM event_games eg JOIN events e ON e.id = eg.event_id "
        "WHERE eg.game_id = ? AND eg.turn = e.turn",
        [game_id],
    )
    return int(found["id"]) if found else None


def table_count(found: dict[str, Any], entries: int) -> int:
    """How many tables the event plays at."""
    if found["plan"]:
        return max(len(turn.tables) for turn in found["plan"])
    return entries // 2


def current_game(db: Database, event_id: int, turn: int, table_no: int) -> int | None:
    """The game table ``table_no`` plays this turn, once the turn has started."""
    found = row(db, "SELECT game_id FROM event_games WHERE event_id = ? AND turn = ? "
                "AND table_no = ?", [event_id, turn, table_no])  # fmt: skip
    return int(found["game_id"]) if found else None
