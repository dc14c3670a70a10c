"""The director's changes to an event under way, for the turns not yet started,
each kept in the event's history with who and why: an entry keeping a table (a
pair that cannot climb the stairs keeps table 1), and the event edited (its
number of turns, its scale, the minutes and the deals a turn, its house rules).

A table kept is a renumbering, not an exchange of places: in every turn left the
entry's table and the table of that number exchange numbers, so nobody changes
opponents (an exchange of two pairs' places halfway through a Mitchell would have
one of them meet an East-West pair the other had met already). ``events.event``
applies it to the turns left; a turn's start keeps the tables as played."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from sqlite_utils import Database

from ...club.movements import MovementError, Turn
from ...club.rotating import rotating_partners
from ...scoring import get_variant
from ...scoring.i18n import N_, problem as P_
from .. import apart
from ..connection import row, writing
from . import changes, desk, events, late, planning
from .planning import EventProblem
from .scale import scale_of, victory_of


def keep_table(db: Database, event_id: int, entry: int, table: int, reason: str) -> int:
    """From the next turn to start on, ``entry`` sits at table ``table`` (0: wherever
    the plan says again). The first turn it applies to."""
    reason = desk.checked(reason)
    with writing(db):
        found = events.event(db, event_id)
        people = events.entries_of(db, event_id)
        if not 0 <= entry < len(people) or people[entry]["withdrawn_turn"] is not None:
            raise EventProblem(P_("choose an entry still playing"), "entry")
        most = events.table_count(found, len(people))
        if not 0 <= table <= most:
            raise EventProblem(P_("table: from 1 to %(n)s (0: as planned)", n=most), "table")
        turn = int(found["turn"]) + 1
        if turn > found["turns"]:
            raise EventProblem(P_("the last turn has started: no turn is left"), "table")
        kept = {e: n for e, n in found["kept"].items() if e != entry}
        holder = next((e for e, n in kept.items() if n == table), None)
        if table and holder is not None:
            said = N_("%(name)s keeps table %(n)s already")
            raise EventProblem(P_(said, name=people[holder]["name"], n=table), "table")
        if table:
            kept[entry] = table
        db.execute(
            "UPDATE events SET kept = ? WHERE id = ?",
            [json.dumps({str(e): n for e, n in kept.items()}), event_id],
        )
        name = people[entry]["name"]
        changes.record(db, event_id, "kept", reason, entry=entry, name=name, table=table, turn=turn)
    return turn


@dataclass(frozen=True)
class Edit:
    """What the event is to be for the turns not started: ``rule_set`` None keeps
    the house rules it has."""

    turns: int
    minutes: int
    deals: int
    scale: dict[str, Any]
    rule_set: int | None = None


def edit_event(db: Database, event_id: int, wanted: Edit, reason: str) -> list[str]:
    """Change the event for the turns not started: the games made already keep
    their rules, a running clock its time left; the standings are worked out under
    the new scale, finished turns too. EventProblem, on the field concerned, for
    what cannot be (``worked_out``). The fields changed."""
    reason = desk.checked(reason)
    before = events.event(db, event_id)
    after, options, plan = worked_out(db, before, wanted)
    changed = [key for key in after if before[key] != after[key]]
    with writing(db):
        found = events.event(db, event_id)
        if (found["turn"], found["plan"]) != (before["turn"], before["plan"]):
            raise EventProblem(P_("the event changed meanwhile: send it again"), "turns")
        db.execute(
            "UPDATE events SET turns = ?, minutes = ?, deals = ?, options = ?, scale = ?, "
            "plan = ? WHERE id = ?",
            [
                wanted.turns,
                wanted.minutes,
                wanted.deals,
                json.dumps(options),
                json.dumps(wanted.scale),
                json.dumps([asdict(t) for t in plan]),
                event_id,
            ],
        )
        was = {key: before[key] for key in changed}
        now = {key: after[key] for key in changed}
        changes.record(db, event_id, "edited", reason, changed=changed, was=was, now=now)
    return changed


def worked_out(
    db: Database, found: dict[str, Any], wanted: Edit
) -> tuple[dict[str, Any], dict[str, Any], list[Turn]]:
    """The event as ``wanted`` makes it (the house rules among its fields when they
    change beyond the deals), its games' options and its plan, nothing stored (the
    page asks first only about what can be done): EventProblem, on the field
    concerned, for fewer turns than started, more than the movement allows without
    a rematch, rules the game refuses, a scale that cannot be, or no change at all."""
    options = new_options(db, found, wanted)
    scale_of(wanted.scale), victory_of(wanted.scale)
    plan = new_plan(db, found, wanted.turns)
    after = {
        "turns": wanted.turns,
        "minutes": wanted.minutes,
        "deals": wanted.deals,
        "options": options,
        "scale": wanted.scale,
    }
    if without_deals(found["options"]) == without_deals(options):  # the deals said already
        after.pop("options")
    if all(found[key] == value for key, value in after.items()):
        raise EventProblem(P_("nothing to change: the event is as it was"), "turns")
    return after, options, plan


def without_deals(options: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in options.items() if k != planning.DEALS_OPTION}


def new_options(db: Database, found: dict[str, Any], wanted: Edit) -> dict[str, Any]:
    """The options the games not made yet are made with: the house rules kept (less
    the deals the event set) or a saved rule set's, with the deals a turn; checked
    by the engine as a table's game will be made."""
    game = get_variant(found["variant"])
    if wanted.rule_set is not None:
        house = planning.house_rules(db, wanted.rule_set, found["variant"])
    else:
        house = dict(found["options"])
        if found["deals"]:
            house.pop(planning.DEALS_OPTION, None)
    options = planning.game_options(game, house, wanted.deals, 0)
    per_entry = len(events.entries_of(db, found["id"])[0]["players"])
    shape = planning.table_shape(game, found["movement"], per_entry)
    planning.check_game(found["variant"], shape, options)
    return options


def new_plan(db: Database, found: dict[str, Any], turns: int) -> list[Turn]:
    """The plan with ``turns`` turns: the turns started as played, a Mitchell's
    turns left as the movement has them, a rotating night's turns cut or planned on
    from all those before (a Swiss pairs each turn when it starts)."""
    started = int(found["turn"])
    if turns < 1:
        raise EventProblem(P_("turns: at least 1"), "turns")
    if turns < started:
        said = N_("turn %(n)s has started: at least %(n)s turns")
        raise EventProblem(P_(said, n=started), "turns")
    stored = stored_plan(db, found["id"])
    entries = len(events.entries_of(db, found["id"]))
    if found["movement"] == "rotating":
        if turns <= len(stored):
            return stored[:turns]
        shape = get_variant(found["variant"]).arrangement(found["players"])
        gone = set(events.withdrawn(db, found["id"]))
        try:
            more = apart.run(
                rotating_partners,
                entries,
                turns - len(stored),
                shape=shape,
                before=stored,
                gone=gone,
            )
        except MovementError as error:
            raise EventProblem(error.args[0], "turns") from error
        return [*stored, *more]
    shape = (found["players"] // 2,) * 2
    fresh = planning.plan_for(
        found["movement"], entries, turns, shape=shape, skip=bool(found["skip"])
    )
    if (replanned := late.turns_left(db, found, turns)) is not None:
        return replanned  # a late pair's Mitchell: the movement's turns would rematch
    return stored[:started] + fresh[started:]


def stored_plan(db: Database, event_id: int) -> list[Turn]:
    """The plan as stored: the turns left without the tables entries keep."""
    found = row(db, "SELECT plan FROM events WHERE id = ?", [event_id])
    plan = json.loads(found["plan"]) if found else []
    return [Turn([events.as_table(t) for t in turn["tables"]], turn["byes"]) for turn in plan]
