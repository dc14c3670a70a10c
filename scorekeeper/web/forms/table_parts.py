"""The phones' parts of a round, as forms see them: one side's values taken from
the round form, every side's draft put back into one, scored together, and what
the scorer's round screen shows of them. Forms never touch the database: the
views pass the drafts in."""

from __future__ import annotations

import re
from typing import Any

from flask import request
from werkzeug.datastructures import MultiDict

from ...scoring import ScoringError, Variant, get_variant
from ...scoring.document import read_game, round_problems
from . import round_form
from .round_form import NOBODY
from .whole_numbers import digits

SIDE_FIELD = re.compile(r"s(\d+)_")


def foreign_keys(posted: MultiDict[str, str], side: int) -> list[str]:
    """Posted names a phone for ``side`` may not send: another side's fields, or
    another side as the one that went out."""
    bad = [k for k in posted if (m := SIDE_FIELD.match(k)) and int(m.group(1)) != side]
    if posted.get("went_out", NOBODY) not in (NOBODY, str(side)):
        bad.append("went_out")
    return bad


def part_of(form: Any, side: int) -> dict[str, Any]:
    """One side's values on a bound round form, as typed (the draft's ``fields``)."""
    fields: dict[str, Any] = {}
    for field in form:
        if (
            field.name.startswith(f"s{side}_")
            and field.data not in (None, "", False, [])
            and not (
                field.name.endswith("_adjustment_sign") and field.data == "+"  # the sign unset
            )
        ):
            fields[field.name] = field.data
    if form.went_out.data == str(side):
        fields["went_out"] = str(side)
        if form.concealed.data:
            fields["concealed"] = True
    return fields


def formdata(parts: list[dict[str, Any]], base: MultiDict[str, str] | None = None) -> Any:
    """Form data with each part's values in place of what ``base`` had for that side."""
    data: MultiDict[str, str] = MultiDict(base or {})
    for part in parts:
        side = side_of(part)
        if side is None:
            continue
        for key in [k for k in data if k.startswith(f"s{side}_")]:
            data.poplist(key)
        if part.get("went_out") or data.get("went_out") == str(side):
            data.poplist("went_out")
            data.poplist("concealed")
        for key, value in part.items():
            for one in value if isinstance(value, list) else [value]:
                data.add(key, "y" if one is True else str(one))
    return data


def out_claims(parts: list[dict[str, Any]]) -> list[int]:
    """The sides whose phones say they went out (more than one: the scorer must choose)."""
    return sorted({int(p["went_out"]) for p in parts if p.get("went_out", NOBODY) != NOBODY})


def side_of(part: dict[str, Any]) -> int | None:
    for key in part:
        if m := SIDE_FIELD.match(key):
            return int(m.group(1))
    return int(part["went_out"]) if part.get("went_out", NOBODY) != NOBODY else None


def bound(game: dict[str, Any], members: dict[str, list[str]], data: Any) -> Any:
    """A round form of ``game`` filled with ``data`` (no CSRF: nothing is posted)."""
    variant = get_variant(game["variant"])
    rules = variant.rules(game["options"])
    return round_form.round_form(
        variant, game["sides"], rules, members, formdata=data, meta={"csrf": False}
    )


def entries_of(game: dict[str, Any], form: Any) -> dict[str, Any]:
    variant: Variant = get_variant(game["variant"])
    return round_form.entries_from(form, variant, game["sides"], variant.rules(game["options"]))


def part_problems(game: dict[str, Any], form: Any, side: int, label: int) -> list[ScoringError]:
    """The engine's problems with one side's part on its own (the other sides empty)."""
    entries = entries_of(game, form)
    name = game["sides"][side]
    found = round_problems(read_game(document_of(game)), label, entries)
    return [p for p in found if p.side in (name, None)]


def document_of(game: dict[str, Any]) -> dict[str, Any]:
    head = {k: game[k] for k in ("variant", "sides", "players", "options")}
    return {**head, "rounds": [], **({"start": game["start"]} if game.get("start") else {})}


def taking() -> int | None:
    """The side whose phone's numbers the scorer asked for ("Use their numbers")."""
    posted = request.form.get("take", "") if request.method == "POST" else ""
    return digits(posted, 3)  # a side's number: a page sends 0 to 4
