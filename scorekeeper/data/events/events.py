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
from itertools import combinations
from typing import Any

from sqlite_utils import Database

from ...club import carry, scales
from ...club.movements import Turn, keep_tables
from ...club.standings import BYES, Line, Penalty, Result, VictoryPoints, standings
from ...scoring import get_variant
from ...scoring.i18n import N_, problem as P_
from .. import apart
from ..connection import insert, now, row, writing
from ..games import games
from ..games.evenings import create_evening
from . import carried, handicaps, holds, planning
from .clock import change_clock as change_clock, clock as clock, set_clock as set_clock
from .planning import MOVEMENTS, EventProblem as EventProblem
from .scale import scale_of, victory_of

HANDICAPS = ("", "points", "cards", "ratings")  # none, event points, card points a game


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
    bye_worth: float = 0,
    handicap: str = "",
    deals: int = 0,
    minutes: int = 0,
    target: int = 0,
    rule_set: int | None = None,
    skip: bool = False,
    draw: int | None = None,
) -> int:
    """Store an event with its entries (``{"name": ..., "players": [...]}`` each, in
    seeding order) and its plan; its games' evening is made with it. Every table's
    game is checked now as each turn will make it (``options``, or a saved
    ``rule_set``'s, with the ``deals`` a turn and a lower ``target``), so an event
    stored can always start. ``skip``: a Mitchell's bridge skip; ``draw``: the seed
    of a Swiss's first turn drawn at random (None: by the list). ``bye``: one of
    ``BYES`` (``bye_worth``: a fixed bye's event points); ``handicap``: one of
    ``HANDICAPS``, each entry's number its ``"handicap"`` (worked out now from the
    players' ratings for "ratings")."""
    kind = MOVEMENTS.get(movement)
    if kind is None:
        raise EventProblem(
            P_("movement: must be one of %(names)s", names=", ".join(MOVEMENTS)), "movement"
        )
    if bye not in BYES:
        raise EventProblem(P_("bye: must be one of %(names)s", names=", ".join(BYES)), "bye")
    if not -1000 <= bye_worth <= 1000:
        raise EventProblem(P_(N_("bye: a fixed bye is worth -1000 to 1000 points")), "bye_worth")
    if handicap not in HANDICAPS:
        said = P_("handicap: must be one of %(names)s", names=", ".join(HANDICAPS))
        raise EventProblem(said, "handicap")
    game = get_variant(variant)  # ValueError for an unknown one
    planning.check_entries(entries, kind)
    planning.check_players_once(entries)
    if rule_set is not None:
        options = planning.house_rules(db, rule_set, variant)
    shape = planning.table_shape(game, movement, len(entries[0]["players"]) if entries else 1)
    options = planning.game_options(game, options, deals, target)
    planning.check_game(variant, shape, options)
    # a rotating night's plan is seconds of pure Python: worked out apart from the server
    made = apart.run(planning.plan_for, movement, len(entries), turns, shape=shape, skip=skip)
    scale_of(scale), victory_of(scale)  # checked now: refused before anything is stored
    if scale.get("named"):  # kept with its rows, as the printed results show them
        scale = {**scale, "table": [list(r) for r in scales.named(scale["named"]).rows]}
    given = handicaps.given(db, handicap, entries)
    with writing(db):
        evening_id = create_evening(db, date, name)
        event_id = insert(
            db,
            "events",
            {
                "uid": uuid.uuid4().hex,
                "cards_token": secrets.token_urlsafe(12),
                "name": name,
                "date": date,
                "evening_id": evening_id,
                "variant": variant,
                "options": json.dumps(options),
                "players": sum(shape),
                "entry_kind": kind,
                "movement": movement,
                "turns": turns,
                "deals": deals,
                "minutes": minutes,
                "scale": json.dumps(scale),
                "bye": bye,
                "bye_worth": bye_worth,
                "handicap": handicap,
                "plan": json.dumps([asdict(turn) for turn in made]),
                "turn": 0,
                "created_at": now(),
                "skip": int(skip),
                "draw": draw,
            },
        )
        db.table("event_entries").insert_all(
            {
                "event_id": event_id,
                "number": number,
                "name": entry["name"],
                "players": json.dumps(entry["players"]),
                "handicap": given[number],
            }
            for number, entry in enumerate(entries)
        )
    return event_id


def event(db: Database, event_id: int) -> dict[str, Any]:
    found = row(db, "SELECT * FROM events WHERE id = ? AND removed_at IS NULL", [event_id])
    if found is None:
        raise games.NotFound(P_("no event %(id)s", id=event_id))
    for key in ("options", "scale", "plan"):
        found[key] = json.loads(found[key])
    found["kept"] = {int(e): int(n) for e, n in json.loads(found["kept"] or "{}").items()}
    found["plan"] = [
        Turn([as_table(t) for t in turn["tables"]], turn["byes"]) for turn in found["plan"]
    ]
    found["plan"] = planned_tables(found["plan"], found["turn"], found["kept"])
    return found


def planned_tables(plan: list[Turn], started: int, kept: dict[int, int]) -> list[Turn]:
    """The plan as it will be played: the turns started as they were, the turns
    left with each entry that keeps a table at it (``keep_tables``)."""
    return plan[:started] + [keep_tables(turn, kept) for turn in plan[started:]]


def as_table(table: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(side) for side in table)


def all_events(db: Database) -> list[dict[str, Any]]:
    """Every event, newest first, with how far it is."""
    return list(
        db.query(
            "SELECT id, name, date, variant, movement, turns, turn FROM events "
            "WHERE removed_at IS NULL ORDER BY date DESC, id DESC"
        )
    )


def entries_of(db: Database, event_id: int) -> list[dict[str, Any]]:
    """The entries in number order, each with its players and its ``substitutes``
    (who sat in for which player, from which turn to which)."""
    rows = db.query("SELECT * FROM event_entries WHERE event_id = ? ORDER BY number", [event_id])
    subs: dict[int, list[dict[str, Any]]] = {}
    sql = "SELECT * FROM event_substitutes WHERE event_id = ? ORDER BY id"
    for s in db.query(sql, [event_id]):
        subs.setdefault(int(s["entry"]), []).append(s)
    return [
        {**r, "players": json.loads(r["players"]), "substitutes": subs.get(r["number"], [])}
        for r in rows
    ]


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
        if a in found["kept"] or b in found["kept"]:  # a table kept goes with its pair
            places = {a: b, b: a}
            kept = {str(places.get(e, e)): n for e, n in found["kept"].items()}
            db.execute("UPDATE events SET kept = ? WHERE id = ?", [json.dumps(kept), event_id])
        db.execute(  # a substitute named already goes with the players
            "UPDATE event_substitutes SET entry = CASE entry WHEN ? THEN ? ELSE ? END "
            "WHERE event_id = ? AND entry IN (?, ?)",
            [a, b, a, event_id, a, b],
        )


def side_name(people: list[dict[str, Any]], side: tuple[int, ...]) -> str:
    """A side's name: its entry's (a pair, a team), or its players' ("Ann & Bea")."""
    return " & ".join(people[e]["name"] for e in side)


TABLES = """
SELECT eg.turn, eg.table_no, eg.game_id, eg.entries, eg.reopened, g.sides, g.round_count,
       g.finished, g.totals, g.removed_at, g.variant, g.confirm_rounds, {queried} AS queried,
       g.ended_after, eg.ended_reason
FROM event_games eg JOIN games g ON g.id = eg.game_id
WHERE eg.event_id = ? AND g.removed_at IS NULL {where} ORDER BY eg.turn, eg.table_no
"""


def tables(db: Database, event_id: int, turn: int | None = None) -> list[dict[str, Any]]:
    """The tables of a turn (or of every turn), each with its game's state (a
    removed game is no table of the event's: it leaves the desk and the standings):
    "waiting" (no round yet), "playing" (round N), "finished", "reopened" (by the
    director: its result withheld until it is closed again), "queried" (a round a
    phone queried, not yet answered: its result withheld until then) or "withdrawn"
    (an entry at it withdrew before it finished: the others have a bye). A game
    ended as it stood has its ``ended_after`` round, and the director's
    ``ended_reason`` when it was ended at once (None: time was called)."""
    where, params = ("AND eg.turn = ?", [event_id, turn]) if turn else ("", [event_id])
    gone = withdrawn(db, event_id)
    found = []
    for r in db.query(TABLES.format(where=where, queried=holds.QUERIED), params):
        r = {
            **r,
            "entries": json.loads(r["entries"]),
            "sides": json.loads(r["sides"]),
            "totals": json.loads(r["totals"] or "{}"),
        }
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
    sql = (
        "SELECT number, withdrawn_turn FROM event_entries WHERE event_id = ? "
        "AND withdrawn_turn IS NOT NULL"
    )
    return {int(r["number"]): int(r["withdrawn_turn"]) for r in db.query(sql, [event_id])}


def left(table: Any, gone: dict[int, int], turn: int) -> list[int]:
    """The entries at ``table`` (its sides' entry numbers) that had withdrawn by ``turn``."""
    return [e for side in table for e in side if e in gone and gone[e] <= turn]


def turn_finished(db: Database, event_id: int, turn: int) -> bool:
    return all(t["state"] in ("finished", "withdrawn") for t in tables(db, event_id, turn))


def over(db: Database, found: dict[str, Any], every: list[dict[str, Any]] | None = None) -> bool:
    """Whether the event is over: its last turn started and every table of every
    turn done (none playing, reopened or with a query unanswered). ``every``: the
    event's ``tables`` when the caller has read them already."""
    if not found["turn"] or found["turn"] < found["turns"]:
        return False
    every = tables(db, found["id"]) if every is None else every
    return all(t["state"] in ("finished", "withdrawn") for t in every)


def results(
    db: Database, found: dict[str, Any], every: list[dict[str, Any]] | None = None
) -> list[Result]:
    """Every finished game as results between entries, and every bye of a turn
    started: the plan's, and those of the entries whose opponent had withdrawn (the
    table not played, or left unfinished). At a table of individuals each player
    meets the opponent across; at a table of more sides (five-person) each side
    meets every other, and a bye counts as many times as a game there meets.
    ``every``: the event's ``tables`` when the caller has read them already."""
    done: list[Result] = []
    played: dict[tuple[int, int], str] = {}
    for t in tables(db, found["id"]) if every is None else every:
        played[t["turn"], t["table_no"]] = t["state"]
        if t["state"] == "finished":
            done += table_results(t)
    gone = withdrawn(db, found["id"])
    meets = len(get_variant(found["variant"]).arrangement(found["players"])) - 1
    for turn, planned in enumerate(found["plan"][: found["turn"]], start=1):
        done += [Result(turn, e) for e in planned.byes if not left([[e]], gone, turn)] * meets
        for table_no, table in enumerate(planned.tables, start=1):
            if played.get((turn, table_no), "withdrawn") == "withdrawn" and left(table, gone, turn):
                out = left(table, gone, turn)
                done += [Result(turn, e) for side in table for e in side if e not in out] * meets
    return done


def table_results(t: dict[str, Any]) -> list[Result]:
    """A finished table's results: every two sides' players, the one across from
    the other, with the sides' totals."""
    totals = [int(t["totals"].get(name, 0)) for name in t["sides"]]
    return [
        Result(t["turn"], a, b, totals[i], totals[j])
        for i, j in combinations(range(len(t["entries"])), 2)
        for a, b in zip(t["entries"][i], t["entries"][j], strict=True)
    ]


def event_standings(
    db: Database,
    found: dict[str, Any],
    upto: int | None = None,
    counted: list[Result] | None = None,
) -> list[Line]:
    """The standings after the games finished so far (after turn ``upto``), with the
    points carried from an earlier event (``carry_from``) counted in;
    ``counted``: the event's ``results`` when the caller has read them already."""
    sql = "SELECT number, handicap FROM event_entries WHERE event_id = ?"
    given = {int(r["number"]): float(r["handicap"]) for r in db.query(sql, [found["id"]])}
    scale, victory = scale_of(found["scale"]), victory_of(found["scale"])
    counted = results(db, found) if counted is None else counted
    lines = standings(
        len(given),
        counted,
        scale,
        victory,
        bye=found["bye"],
        upto=upto,
        bye_worth=found["bye_worth"],
        penalties=penalties_of(db, found["id"]),
        handicaps=given if found["handicap"] else None,
        handicap_cards=found["handicap"] == "cards",
    )
    if not found.get("carry_from"):
        return lines
    so_far = [r for r in counted if upto is None or r.turn <= upto]
    vp = scale if isinstance(scale, VictoryPoints) else victory
    points = carried.carried_points(db, found, lambda e: event_standings(db, event(db, e)))
    return list(carry.with_carried(lines, points, so_far, scale, vp))


def penalties_of(db: Database, event_id: int) -> list[Penalty]:
    """The event's penalties that count (not removed), oldest first."""
    sql = (
        "SELECT turn, entry, points, reason FROM event_penalties "
        "WHERE event_id = ? AND removed_at IS NULL ORDER BY id"
    )
    return [
        Penalty(r["turn"], r["entry"], r["points"], r["reason"]) for r in db.query(sql, [event_id])
    ]


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
    found = row(
        db,
        "SELECT game_id FROM event_games WHERE event_id = ? AND turn = ? AND table_no = ?",
        [event_id, turn, table_no],
    )
    return int(found["game_id"]) if found else None
