"""Saved rule sets: a variant's house rules under a name ("Friday rules").

A set is offered on the new-game page until it is retired; a retired set stays
readable and can be brought back. A game started from a set copies its options
(and notes the set's id and name then), so changing the set later never changes
a game already played. Names are unique, ignoring case, among the active sets.
"""

from __future__ import annotations

import json
import uuid
from datetime import datetime
from typing import Any

from sqlite_utils import Database

from ...scoring import ScoringError, get_variant
from ...scoring.document import read_options
from ...scoring.i18n import N_, problem as P_
from .. import checks
from ..connection import insert, now, writing
from . import games

RuleSet = dict[str, Any]
NAME_LENGTH = 40


class NameTaken(ValueError):
    """Another active rule set already has this name (or, as ``NameRefused``, the
    name cannot be shown at all)."""


class NameRefused(NameTaken):
    """A name too long or with control characters (NUL, escape...)."""


def check_shown(name: str) -> None:
    """Raise NameRefused if ``name`` could not be shown on a page as every other
    name here (``checks.name_problem``), whether the set is active or retired."""
    problem = checks.name_problem(name, NAME_LENGTH)
    if problem:
        raise NameRefused(problem)


def parse(row: dict[str, Any]) -> RuleSet:
    return {**row, "options": json.loads(row["options"])}


def rule_set(db: Database, set_id: int) -> RuleSet:
    row = next(db.query("SELECT * FROM rule_sets WHERE id = ?", [set_id]), None)
    if row is None:
        raise games.NotFound(P_("no rule set %(id)s", id=set_id))
    return parse(row)


def rule_sets(db: Database, retired: bool = False) -> list[RuleSet]:
    """The active sets (or the retired ones), by name."""
    where = "retired_at IS NOT NULL" if retired else "retired_at IS NULL"
    where += " AND import_id IS NULL"  # an import under way shows them when it is all in
    sql = f"SELECT * FROM rule_sets WHERE {where} ORDER BY name COLLATE NOCASE, id"
    return [parse(r) for r in db.query(sql)]


def check_name(db: Database, name: str, set_id: int | None = None) -> None:
    """Raise NameTaken if an active set other than ``set_id`` is called ``name``."""
    sql = (
        "SELECT id FROM rule_sets WHERE name = ? COLLATE NOCASE AND retired_at IS NULL "
        "AND id IS NOT ?"
    )
    if next(db.query(sql, [name, set_id]), None):
        template = N_("A rule set called %(name)s already exists; choose another name.")
        raise NameTaken(P_(template, name=repr(name)))


def checked(variant: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options, after the engine has accepted them for ``variant``."""
    read_options(get_variant(variant), options)
    return options


def create(
    db: Database,
    name: str,
    variant: str,
    options: dict[str, Any],
    uid: str | None = None,
    stamps: dict[str, Any] | None = None,
) -> int:
    """Save a rule set; NameTaken if the name is in use, ScoringError if the
    options are not valid for the variant."""
    check_shown(name)
    with writing(db):
        if not (stamps or {}).get("retired_at"):
            check_name(db, name)
        at = now()
        row = {
            "uid": uid or uuid.uuid4().hex,
            "name": name,
            "variant": variant,
            "options": json.dumps(checked(variant, options)),
            "created_at": at,
            "updated_at": at,
            "retired_at": None,
            **(stamps or {}),
        }
        return insert(db, "rule_sets", row)


def update(db: Database, set_id: int, name: str, options: dict[str, Any]) -> None:
    """Rename a set and change its numbers; games already started keep theirs."""
    check_shown(name)
    with writing(db):
        found = rule_set(db, set_id)
        if found["retired_at"] is None:
            check_name(db, name, set_id)
        db.execute(
            "UPDATE rule_sets SET name = ?, options = ?, updated_at = ? WHERE id = ?",
            [name, json.dumps(checked(found["variant"], options)), now(), set_id],
        )


def retire(db: Database, set_id: int) -> None:
    with writing(db):
        rule_set(db, set_id)
        db.execute(
            "UPDATE rule_sets SET retired_at = ? WHERE id = ? AND retired_at IS NULL",
            [now(), set_id],
        )


def restore(db: Database, set_id: int) -> None:
    """Offer a retired set again; NameTaken if an active set has taken its name."""
    with writing(db):
        found = rule_set(db, set_id)
        check_name(db, found["name"], set_id)
        db.execute("UPDATE rule_sets SET retired_at = NULL WHERE id = ?", [set_id])


def start_game(
    db: Database, game: dict[str, Any], set_id: int | None = None, save_as: str | None = None
) -> int:
    """Create a game (``games.create_game``'s arguments) in one transaction with
    what it says about rule sets: started from set ``set_id``, and/or its house
    rules saved as a new set called ``save_as``."""
    with writing(db):
        source = rule_set(db, set_id) if set_id else None
        if save_as:
            set_id = create(db, save_as, game["variant"], game["options"])
            source = rule_set(db, set_id)
        game_id = games.create_game(db, **game)
        if source:
            db.execute(
                "UPDATE games SET rule_set_id = ?, rule_set_name = ? WHERE id = ?",
                [source["id"], source["name"], game_id],
            )
        return game_id


def export_all(db: Database) -> list[dict[str, Any]]:
    """Every rule set, retired ones too, for the export file."""
    keys = ("uid", "name", "variant", "options", "created_at", "updated_at", "retired_at")
    rows = db.query("SELECT * FROM rule_sets WHERE import_id IS NULL ORDER BY id")
    return [{key: parse(row)[key] for key in keys} for row in rows]


MOST_IMPORTED = 1000  # saved rule sets in one file: a club has a handful


def check_all(sets: Any) -> None:
    """Every exported rule set checked, nothing written: ValueError for the first
    one that is not as the export writes it."""
    if not isinstance(sets, list):
        raise ValueError(P_("rule_sets: must be a list"))
    if len(sets) > MOST_IMPORTED:
        template = N_("rule_sets: %(n)s; a file may hold at most %(most)s")
        raise ValueError(P_(template, n=len(sets), most=MOST_IMPORTED))
    for n, entry in enumerate(sets, start=1):
        check_one(n, entry)


def check_one(n: int, entry: Any) -> None:
    """Exported rule set number ``n``, checked as the export writes them."""
    if not isinstance(entry, dict):
        raise ValueError(P_("rule set %(n)s: must be an object", n=n))
    uid, name = entry.get("uid"), entry.get("name")
    if not (isinstance(uid, str) and checks.UID.fullmatch(uid)):
        template = N_("rule set %(n)s: uid: must be 1 to 64 letters, digits, - or _")
        raise ValueError(P_(template, n=n))
    if not (isinstance(name, str) and 0 < len(name.strip()) <= NAME_LENGTH):
        template = N_("rule set %(n)s: name: must be text of 1 to %(most)s characters")
        raise ValueError(P_(template, n=n, most=NAME_LENGTH))
    if problem := checks.name_problem(name, NAME_LENGTH):
        raise ValueError(P_("rule set %(n)s: name: %(problem)s", n=n, problem=problem))
    try:
        get_variant(str(entry.get("variant")))
        checked(str(entry["variant"]), entry.get("options", {}))
    except (ScoringError, ValueError) as error:
        raise ValueError(P_("rule set %(n)s: %(problem)s", n=n, problem=error)) from None
    retired = entry.get("retired_at")
    if retired is not None and not is_time(retired):  # "" was neither active nor retired
        template = N_("rule set %(n)s: retired_at: must be a time (ISO 8601) or null")
        raise ValueError(P_(template, n=n))


def import_one(
    db: Database, entry: dict[str, Any], import_id: int | None, taken: dict[str, set[str]]
) -> bool:
    """Add one exported rule set (checked already: ``check_all``) if its uid is new,
    inside the caller's transaction; whether it was added. A name already in use gets
    a number: "Friday rules (2)". ``taken`` keeps the names read for each name of this
    import, so a thousand sets of one name cost one read, not one each. With
    ``import_id``, the set stays hidden until that import is all in (``staging``)."""
    uid, name, retired = entry["uid"], entry["name"].strip(), entry.get("retired_at")
    if next(db.query("SELECT 1 FROM rule_sets WHERE uid = ?", [uid]), None):
        return False
    stamps = {k: entry[k] for k in ("created_at", "updated_at") if isinstance(entry.get(k), str)}
    if not retired:
        name = free_name(db, name, taken)
    create(
        db,
        name,
        entry["variant"],
        entry.get("options", {}),
        uid=uid,
        stamps={**stamps, "retired_at": retired, "import_id": import_id},
    )
    return True


def free_name(db: Database, name: str, taken: dict[str, set[str]] | None = None) -> str:
    """``name``, or ``name (2)``, ``name (3)``... whichever no active set has: the
    names taken read in one query (not one query a number tried), once per ``name``
    when ``taken`` keeps them."""
    stem = name[: NAME_LENGTH - 5]
    names = (taken or {}).get(nocase(name))
    if names is None:
        like = stem.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + " (%)"
        sql = (
            "SELECT name FROM rule_sets WHERE retired_at IS NULL "
            "AND (name = ? COLLATE NOCASE OR name LIKE ? ESCAPE '\\')"
        )
        names = {nocase(r["name"]) for r in db.query(sql, [name, like])}
        if taken is not None:
            taken[nocase(name)] = names
    chosen = name
    if nocase(name) in names:
        n = 2
        while nocase(f"{stem} ({n})") in names:
            n += 1
        chosen = f"{stem} ({n})"
    names.add(nocase(chosen))
    return chosen


ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def nocase(name: str) -> str:
    """``name`` as SQLite's NOCASE compares it (A-Z folded, nothing else)."""
    return name.translate(ASCII_LOWER)


def is_time(value: Any) -> bool:
    """Whether ``value`` is a time as the export writes them (ISO 8601)."""
    if not isinstance(value, str) or not value:
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True
