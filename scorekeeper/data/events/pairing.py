"""A turn not started yet, paired by the director by hand, whatever the movement:
where each entry still in the event sits (or its bye), checked (``club.pairing``)
and kept in the plan in place of the movement's, with a line in the event's
history. A Swiss's next turn, not paired yet, starts from the pairing the
standings give now; once kept, the start plays it as it is."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from sqlite_utils import Database

from ...club.movements import Turn
from ...club.pairing import PairingError, Rematch, Seat, paired, rematches
from ...scoring import get_variant
from ...scoring.i18n import N_, problem as P_
from ..connection import writing
from . import changes, editing, events, turns
from .desk import checked
from .planning import EventProblem


class PairingProblem(EventProblem):
    """A pairing refused, with the reason for each entry concerned (``problems``)."""

    def __init__(self, problems: Mapping[int, Any]) -> None:
        super().__init__(next(iter(problems.values())))
        self.problems = dict(problems)


@dataclass(frozen=True)
class Pairing:
    """What the pairing page shows of turn ``turn``: the turn as it stands (the
    plan's, or a Swiss's pairing by the standings now), the entries still in the
    event, how many entries each side of a table takes, how many tables there are
    to choose from, the rematches in it, and the stamp of the plan it was read
    from (a change meanwhile refuses the pairing sent)."""

    turn: int
    planned: Turn
    entries: list[int]
    sizes: tuple[int, ...]
    tables: int
    rematches: list[Rematch]
    basis: str


def pairable(found: dict[str, Any]) -> range:
    """The turns the director may pair by hand: those not started that are in the
    plan, and a Swiss's next one (the turns after it are paired by its results)."""
    plan = found["plan"]
    last = len(plan)
    if found["movement"] == "swiss":
        last = max(last, found["turn"] + 1)
    return range(found["turn"] + 1, min(last, found["turns"]) + 1)


def side_sizes(found: dict[str, Any]) -> tuple[int, ...]:
    """How many entries each side of the event's tables takes: a pair or team, or
    the game's own table for individuals (two to a side; five alone)."""
    if found["entry_kind"] == "individuals":
        return tuple(get_variant(found["variant"]).arrangement(found["players"]))
    return (1, 1)


def stamp(found: dict[str, Any]) -> str:
    """The plan and the turn as they stand, in a few characters."""
    text = json.dumps([found["turn"], [asdict(t) for t in found["plan"]]])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def pairing(db: Database, event_id: int, turn: int) -> Pairing:
    """Turn ``turn`` as the pairing page shows it (EventProblem for a turn that
    cannot be paired by hand: started, or past a Swiss's next)."""
    found = events.event(db, event_id)
    if turn not in pairable(found):
        raise EventProblem(P_("turn %(n)s cannot be paired by hand now", n=turn), "turn")
    gone = events.withdrawn(db, event_id)
    playing = [e["number"] for e in events.entries_of(db, event_id) if e["number"] not in gone]
    planned = as_planned(db, found, turn, playing)
    sizes = side_sizes(found)
    most = max([len(t.tables) for t in found["plan"]] + [len(playing) // sum(sizes), 1])
    others = rematches(found["plan"], turn, planned)
    return Pairing(turn, planned, playing, sizes, most, others, stamp(found))


def as_planned(db: Database, found: dict[str, Any], turn: int, playing: list[int]) -> Turn:
    """The turn as it stands: the plan's, or a Swiss's next pairing by the standings
    (everyone on a bye if it has none left without a rematch); an entry withdrawn
    since is left out."""
    try:
        planned = turns.next_turn(db, found, turn)
    except EventProblem:
        planned = Turn([], list(playing))
    keep = set(playing)
    tables = [t for t in planned.tables if all(e in keep for side in t for e in side)]
    seated = {e for t in tables for side in t for e in side}
    return Turn(tables, sorted(e for e in playing if e not in seated))


def set_pairing(
    db: Database, event_id: int, turn: int, seats: Mapping[int, Seat], reason: str, basis: str
) -> list[Rematch]:
    """Keep the director's pairing of turn ``turn`` in the plan, with the reason in
    the event's history: ``seats`` gives every entry still in the event its seat
    (``(table, side)``) or a bye (None). Refused (PairingProblem, by entry) when the
    tables could not play it, and when the plan changed since the page was read
    (``basis``). The rematches in it, which are allowed."""
    reason = checked(reason)
    shown = pairing(db, event_id, turn)
    if set(seats) != set(shown.entries):
        raise EventProblem(P_("give every entry still in the event a seat or a bye"), "turn")
    if too_far := {e: s for e, s in seats.items() if s and s[0] > shown.tables}:
        said = N_("there are %(n)s tables")
        raise PairingProblem({e: P_(said, n=shown.tables) for e in too_far})
    try:
        made = paired(seats, shown.sizes)
    except PairingError as error:
        raise PairingProblem(error.problems) from error
    with writing(db):
        found = events.event(db, event_id)
        if stamp(found) != basis or shown.basis != basis:
            raise EventProblem(P_("the plan changed meanwhile: look at it again"), "turn")
        # the plan as stored: the other turns without the tables entries keep
        plan = editing.stored_plan(db, event_id)
        plan[turn - 1 : turn] = [made]
        db.execute(
            "UPDATE events SET plan = ? WHERE id = ?",
            [json.dumps([asdict(t) for t in plan]), event_id],
        )
        again = rematches(plan, turn, made)
        changes.record(db, event_id, "paired", reason, turn=turn, rematches=len(again))
    return again
