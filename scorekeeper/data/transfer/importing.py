"""Import: an export (see ``transfer``) checked whole, then written in chunks.

Every game in the file is scored by the engine once, on its whole document,
and every field is checked exactly as the forms and the API check it, BEFORE
anything is written: a bad file stores nothing. Then the file is written a
step at a time (``staging.in_steps``: at most ``CHUNK_ROUNDS`` rounds or 50 ms a
transaction), each game's
rounds and history in bulk and its kept result once, so an import is linear
in the rounds and a scorer's round waits for one chunk at most, never for the
whole file. What is written stays hidden until the whole file is in (``staging``):
a failed or killed import is taken out again, so the scorers see all of a file or
none of it. Evenings and games already here (by ``uid``) are skipped.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlite_utils import Database

from ...scoring import Answer, ScoringError, score_game
from ...scoring.adjustments import TURNING
from ...scoring.document import read_game
from ...scoring.errors import quote
from ...scoring.i18n import N_, Problem, problem as P_, whole
from ...scoring.option_values import is_int
from .. import checks, stepping
from ..connection import now
from ..games import results, rule_sets
from ..games.evenings import create_evening
from ..games.games import create_game
from . import staging
from .kept import KeptRound, kept_by_number, kept_rounds, with_grandfathered

# 2: a game's document names the rounds kept despite a later check ("grandfathered");
# every round of a version 1 file that breaks one is kept so, and the import says which
FORMAT, VERSION = "scorekeeper", 2
MAX_BYTES = 10 * 1024 * 1024
MAX_GAMES = 5000
MAX_ROUNDS = checks.MAX_ROUNDS
CHUNK_ROUNDS = 1000  # at most, per step; and at most staging.STEP_SECONDS a step
RULE_SETS_A_CHUNK = 100


class ImportProblem(ValueError):
    """A file that cannot be imported; nothing was stored."""


@dataclass
class PlannedGame:
    uid: str
    doc: dict[str, Any]
    answer: Answer
    players: int
    seats: list[str]
    first_dealer: int
    name: str = ""
    removed: bool = False
    kept: list[KeptRound] = field(default_factory=list)
    started: str | None = None  # when the game was started, as the file says
    added: bool = False  # written by this import (not already here)


@dataclass
class PlannedEvening:
    uid: str
    date: str
    name: str
    note: str
    games: list[PlannedGame] = field(default_factory=list)


def parse(raw: str | bytes) -> Any:
    """The file's JSON, within the size and nesting bounds."""
    size = len(raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw)
    if size > MAX_BYTES:
        raise ImportProblem(P_("the file is larger than %(mb)s MB", mb=MAX_BYTES // (1024 * 1024)))
    try:
        return checks.read_json(raw)
    except checks.BadJSON as error:
        raise ImportProblem(error.args[0]) from None


def import_data(
    db: Database,
    data: Any,
    progress: Callable[[int, int], None] | None = None,
    kept: list[KeptRound] | None = None,
) -> dict[str, int]:
    """Add what is new in an export; how many evenings and games were added or
    skipped. ``progress`` is told the evenings written so far and in all; ``kept``
    is given each round of an added game kept despite a later check."""
    plan = check_export(data)
    with stepping.alone(db):  # after any other long job on the file, not beside it
        stage = staging.begin(db)
        try:
            added = write_rule_sets(db, data.get("rule_sets"), stage)
            counts = write(db, plan, stage, progress)
        except BaseException:
            staging.abandon(db, stage)
            raise
        staging.finish(db, stage)
    if kept is not None:
        kept.extend(k for e in plan for g in e.games if g.added for k in g.kept)
    return {**counts, "rule sets added": added} if data.get("rule_sets") else counts


def write_rule_sets(db: Database, sets: Any, stage: staging.Stage) -> int:
    """The export's saved rule sets whose uid is new: every one checked first, then
    written in short steps (``staging.in_steps``)."""
    if not sets:
        return 0
    try:
        rule_sets.check_all(sets)
    except ValueError as error:  # raised with a Problem, or a ScoringError
        raise ImportProblem(describe(error)) from None
    added: list[bool] = []
    taken: dict[str, set[str]] = {}

    def write_one(entry: dict[str, Any]) -> int:
        added.append(rule_sets.import_one(db, entry, stage.id, taken))
        return 1

    for _ in staging.in_steps(db, sets, write_one, RULE_SETS_A_CHUNK):
        pass
    return sum(added)


def check_export(data: Any) -> list[PlannedEvening]:
    """Every evening and game of the file, checked and scored; nothing written."""
    check_format(data)
    evenings = data["evenings"]
    lists = [e["games"] for e in evenings if isinstance(e, dict) and "games" in e]
    games = sum(len(g) for g in lists if isinstance(g, list))
    if games > MAX_GAMES:
        template = N_("%(games)s games: a file may hold at most %(most)s; export fewer")
        raise ImportProblem(P_(template, games=games, most=MAX_GAMES))
    if len(evenings) > MAX_GAMES:  # an evening holds a game or more; none this app writes is empty
        template = N_("%(evenings)s evenings: a file may hold at most %(most)s; export fewer")
        raise ImportProblem(P_(template, evenings=len(evenings), most=MAX_GAMES))
    planned = []
    for e, evening in enumerate(evenings, start=1):
        try:
            planned.append(check_evening(evening, data["version"]))
        except (ScoringError, ImportProblem, KeyError, TypeError) as error:
            raise ImportProblem(
                P_("evening %(n)s: %(problem)s", n=e, problem=describe(error))
            ) from None
    return planned


def describe(error: Exception) -> str:
    """What is wrong, as a page can say it (a ``Problem``) and the CLI and API in English."""
    if isinstance(error, KeyError):
        return P_("missing %(key)s", key=str(error))
    found = error.args[0] if len(error.args) == 1 else None
    return found if isinstance(found, Problem) else whole(error)


def check_format(data: Any) -> None:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportProblem(P_("this is not a Scorekeeper export"))
    if not is_int(data.get("version")) or data["version"] not in (1, VERSION):
        template = N_("export version %(version)s is not one this app reads")
        raise ImportProblem(P_(template, version=repr(data.get("version"))))
    if not isinstance(data.get("evenings"), list):
        raise ImportProblem(P_("evenings: must be a list"))


def check_evening(evening: Any, version: int) -> PlannedEvening:
    if not isinstance(evening, dict):
        raise ImportProblem(P_("must be an object"))
    if not checks.is_date(evening.get("date")):
        raise ImportProblem(P_("date: must be a real date written YYYY-MM-DD"))
    name, note = text(evening, "name", 80), text(evening, "note", 2000)
    problem = checks.name_problem(name, 80)
    if problem:
        raise ImportProblem(P_("name: %(problem)s", problem=problem))
    if checks.control(note, allowed="\n\r\t"):
        raise ImportProblem(P_("note: may not contain control characters"))
    if any(c in TURNING for c in note):  # as the evening's form refuses them
        turned = P_("may not hold a mark that turns the text around")
        raise ImportProblem(P_("note: %(problem)s", problem=turned))
    planned = PlannedEvening(uid(evening), evening["date"], name, note)
    if not isinstance(evening.get("games"), list):
        raise ImportProblem(P_("games: must be a list"))
    for g, game in enumerate(evening["games"], start=1):
        try:
            planned.games.append(check_game(game, version, evening["date"]))
        except (ScoringError, ImportProblem, KeyError, TypeError) as error:
            raise ImportProblem(
                P_("game %(n)s: %(problem)s", n=g, problem=describe(error))
            ) from None
    return planned


def check_game(game: Any, version: int, date: str) -> PlannedGame:
    """One game: its document scored whole, its names, seats and dealer checked."""
    if not isinstance(game, dict):
        raise ImportProblem(P_("must be an object"))
    doc = game.get("document")
    if not isinstance(doc, dict):
        raise ImportProblem(P_("document: must be a game document (an object)"))
    if isinstance(doc.get("rounds"), list) and len(doc["rounds"]) > MAX_ROUNDS:
        raise ImportProblem(P_("rounds: a game may have at most %(most)s", most=MAX_ROUNDS))
    doc = with_grandfathered(doc, version)
    answer = score_game(doc)
    for side in doc["sides"]:
        problem = checks.name_problem(side, checks.SIDE_NAME_LENGTH)
        if problem:
            template = N_("sides: %(side)s: %(problem)s")
            raise ImportProblem(P_(template, side=quote(side[:40]), problem=problem))
    players = read_game({**doc, "rounds": []}).players
    seats = check_seats(game.get("seats") or [], doc, players)
    dealer = game.get("first_dealer")
    dealer = 0 if dealer is None else dealer
    if not is_int(dealer) or not 0 <= dealer < max(len(seats), 1):
        template = N_("first_dealer: must be a seat number from 0 to %(most)s")
        raise ImportProblem(P_(template, most=max(len(seats), 1) - 1))
    name = text(game, "name", checks.GAME_NAME_LENGTH).strip()
    if problem := checks.name_problem(name, checks.GAME_NAME_LENGTH):
        raise ImportProblem(P_("name: %(problem)s", problem=problem))
    removed = game.get("removed_at")
    if removed is not None and not isinstance(removed, str):
        raise ImportProblem(P_("removed_at: must be the time it was removed, or absent"))
    planned = PlannedGame(uid(game), doc, answer, players, seats, dealer, name, bool(removed))
    planned.kept = kept_rounds(doc, date, name or planned.uid)
    planned.started = started(game)
    return planned


def started(game: dict[str, Any]) -> str | None:
    """When the game was started (``created_at``), as every stored time is written
    (UTC, to the second); None for a file without it. The ratings order an
    evening's games by it, so an imported game keeps its place among them."""
    value = game.get("created_at")
    if value is None:
        return None
    when = checks.moment(value)
    if when is None:
        raise ImportProblem(P_("created_at: must be the time the game was started, or absent"))
    return when


def check_seats(seats: Any, doc: dict[str, Any], players: int) -> list[str]:
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise ImportProblem(P_("seats: must be a list of names"))
    for seat in seats:
        problem = checks.name_problem(seat, checks.SEAT_NAME_LENGTH)
        if problem or not seat.strip():
            problem = problem or P_("a name may not be empty")
            raise ImportProblem(
                P_("seats: %(seat)s: %(problem)s", seat=quote(seat[:40]), problem=problem)
            )
    if seats and len(seats) != players:
        raise ImportProblem(P_("seats: do not match the sides and players of the game"))
    # side names need not follow the seats: a player renamed since keeps the sides'
    # names the game was played under (``players.rename``), and so does the export
    seen: set[str] = set()
    for seat in seats:
        if checks.name_key(seat) in seen:  # one player in two seats, as the form refuses
            raise ImportProblem(P_("seats: %(seat)s sits twice", seat=quote(seat[:40])))
        seen.add(checks.name_key(seat))
    return seats


def uid(data: dict[str, Any]) -> str:
    value = data.get("uid")
    if not isinstance(value, str) or not checks.UID.fullmatch(value):
        raise ImportProblem(P_("uid: must be 1 to 64 letters, digits, - or _"))
    return value


def text(data: dict[str, Any], key: str, limit: int) -> str:
    value = data.get(key, "")
    if not isinstance(value, str) or len(value) > limit:
        template = N_("%(key)s: must be text of at most %(most)s characters")
        raise ImportProblem(P_(template, key=key, most=limit))
    return value


# -- writing, a chunk at a time ------------------------------------------------------


def write(
    db: Database,
    plan: list[PlannedEvening],
    stage: staging.Stage,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, int]:
    """Write a checked plan in short steps (``staging.in_steps``): an evening weighs 1 (233,000
    empty ones were once one transaction), a game its rounds and 1 more."""
    counts = {"evenings added": 0, "games added": 0, "games already here": 0}
    ids: dict[str, int] = {}
    items = [
        (n, evening, game)
        for n, evening in enumerate(plan, start=1)
        for game in (None, *evening.games)
    ]

    def write_one(item: tuple[int, PlannedEvening, PlannedGame | None]) -> int:
        n, evening, game = item
        if evening.uid not in ids:
            ids[evening.uid] = evening_id(db, evening, counts, stage)
        weight = 1
        if game is not None:
            write_game(db, ids[evening.uid], game, counts, stage)
            weight += len(game.doc.get("rounds", []))
        last = evening.games[-1] if evening.games else None
        if progress and n < len(plan) and game is last:
            progress(n, len(plan))  # its last game written; the last evening is told at the end
        return weight

    for _ in staging.in_steps(db, items, write_one, CHUNK_ROUNDS):
        pass
    if progress:
        progress(len(plan), len(plan))
    return counts


def evening_id(
    db: Database, evening: PlannedEvening, counts: dict[str, int], stage: staging.Stage
) -> int:
    found = next(db.query("SELECT id FROM evenings WHERE uid = ?", [evening.uid]), None)
    if found:
        return int(found["id"])
    counts["evenings added"] += 1
    made = create_evening(db, evening.date, evening.name, evening.note, uid=evening.uid)
    staging.hide_evening(db, stage, made)
    return made


def write_game(
    db: Database, evening: int, game: PlannedGame, counts: dict[str, int], stage: staging.Stage
) -> None:
    """The game, its rounds and history rows in bulk, and its kept result once."""
    if next(db.query("SELECT 1 FROM games WHERE uid = ?", [game.uid]), None):
        counts["games already here"] += 1
        return
    doc, before = game.doc, staging.before_game(db, stage, game.seats, game.removed)
    game_id = create_game(
        db,
        evening_id=evening,
        variant=doc["variant"],
        sides=doc["sides"],
        players=game.players,
        options=doc.get("options", {}),
        seats=game.seats,
        first_dealer=game.first_dealer,
        start=doc.get("start"),
        uid=game.uid,
        name=game.name,
        created_at=game.started,
    )
    if doc.get("ended_after") is not None:  # ended as it stood (time called at a club night)
        db.execute("UPDATE games SET ended_after = ? WHERE id = ?", [doc["ended_after"], game_id])
    staging.hide_game(db, stage, game_id, before)
    stamp, played = now(), doc.get("rounds", [])
    texts = [json.dumps(entries) for entries in played]
    kept = kept_by_number(doc)
    db.conn.executemany(
        "INSERT INTO rounds (game_id, number, entries, version, created_at, updated_at, "
        "grandfathered) VALUES (?, ?, ?, 1, ?, ?, ?)",
        [
            (game_id, n, t, stamp, stamp, json.dumps(kept[n]) if n in kept else None)
            for n, t in enumerate(texts, start=1)
        ],
    )
    changes = [(n, "added", t) for n, t in enumerate(texts, start=1)]
    changes += [(n, "grandfathered", texts[n - 1]) for n in sorted(kept)]
    db.conn.executemany(
        "INSERT INTO round_changes (game_id, number, action, before, after, at) "
        "VALUES (?, ?, ?, NULL, ?, ?)",
        [(game_id, n, action, t, stamp) for n, action, t in changes],
    )
    stored = [{"number": n, "entries": e} for n, e in enumerate(played, start=1)]
    results.refresh(db, game_id, {"id": game_id, "sides": doc["sides"]}, stored, game.answer)
    counts["games added"] += 1
    game.added = True
