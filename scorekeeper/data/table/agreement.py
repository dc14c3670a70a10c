"""Whether a round's numbers are agreed at the table: which sides' phones may confirm
which side's numbers (opponents only; in five-person, anyone but the player and their
partner), and each round's state from the phones' confirmations and queries (waiting,
confirmed, queried, answered, asked again). Reads nothing itself: the table's phones
and answers come from ``table``."""

from __future__ import annotations

from typing import Any

from ...scoring import get_variant
from ..games import games
from .table import Phone


def confirmers(game: games.Game) -> list[set[int]]:
    """For each side, the sides whose phones may confirm its numbers: the others (issue
    24: the scorer's own side's phone had confirmed its round); in five-person, anyone
    but the player and their partner."""
    sides = game["sides"]
    variant = get_variant(game["variant"])
    found = []
    for s, side in enumerate(sides):
        partners = variant.score_partners(sides, side)
        own = {s} | ({sides.index(partners[0])} if partners else set())
        found.append(set(range(len(sides))) - own)
    return found


def agreement(
    game: games.Game,
    played: list[dict[str, Any]],
    answered: dict[int, list[dict[str, Any]]],
    at_table: list[Phone],
) -> dict[int, dict[str, Any]]:
    """Each round's state at its current version: queried (a phone's query, not yet
    answered), confirmed (every side's numbers confirmed by a phone that may confirm
    them, of the phones at the table), answered ("stands as entered"), asked again
    (corrected since it was answered) or waiting; with who confirmed it so far and the
    sides whose phones' confirmation is still awaited. ``answered``: ``answers``."""
    by = confirmers(game)
    present = {p["side"] for p in at_table if p["side"] is not None}
    needed = {s for s, who in enumerate(by) if who & present}  # sides a phone here can confirm
    states: dict[int, dict[str, Any]] = {}
    for r in played:
        found = answered.get(r["number"], [])
        now = [a for a in found if a["version"] == r["version"]]
        says = [a for a in now if a["action"] in ("queried", "answered")]
        confirms = [a for a in now if a["action"] == "confirmed" and a["side"] is not None]
        covered = {s for s in needed for c in confirms if c["side"] in by[s]}
        if says and says[0]["action"] == "queried":
            state, shown = "queried", says[0]
        elif confirms and needed <= covered:
            state, shown = "confirmed", confirms[0]
        elif says:
            state, shown = "answered", says[0]
        else:
            state, shown = ("asked again" if found and not now else "waiting"), None
        who = list(dict.fromkeys(c["who"] for c in reversed(confirms)))
        states[r["number"]] = {
            "state": state,
            "answer": shown,
            "version": r["version"],
            "confirmed_by": who,
            "phones": {c["phone_id"] for c in confirms},
            "awaited": [
                game["sides"][p]
                for p in sorted(set().union(*(by[s] & present for s in needed - covered)))
            ],
        }
    return states
