"""An import's rounds kept as played despite a check added after they were played
(grandfathered, see ``scoring.later_checks``): which they are, what each check says
of them, and where they are stored."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...scoring import ScoringError
from ...scoring.document import read_game
from ...scoring.grandfather import breaches, grandfathering
from ...scoring.later_checks import LATER_CHECKS


@dataclass(frozen=True)
class KeptRound:
    """A round an import kept as played despite a check added after it was played."""

    date: str  # the evening's
    game: str  # the game's name, else its uid
    number: int  # the round's, as the game's scoreboard numbers it
    problem: ScoringError  # what the later check says of it


def with_grandfathered(doc: dict[str, Any], version: int) -> dict[str, Any]:
    """``doc`` naming the rounds it keeps despite a later check: those its own
    ``grandfathered`` names, and in a file older than a check, every round that
    breaks it (none is named where none breaks it). A round breaking a check that
    neither allows is left to the engine to refuse."""
    allowed = read_game(doc).grandfathered
    older = frozenset(n for n, (_, since) in LATER_CHECKS.items() if version < since)
    broken = grandfathering(doc)
    kept = {
        name: [n for n in numbers if name in older or name in allowed.get(n, ())]
        for name, numbers in broken.items()
    }
    kept = {name: numbers for name, numbers in kept.items() if numbers}
    return {
        **{k: v for k, v in doc.items() if k != "grandfathered"},
        **({"grandfathered": kept} if kept else {}),
    }


def kept_rounds(doc: dict[str, Any], date: str, game: str) -> list[KeptRound]:
    """The rounds of ``doc`` kept despite a later check, each with what it says."""
    numbers = sorted({n for found in doc.get("grandfathered", {}).values() for n in found})
    rounds, played = doc.get("rounds", []), doc.get("start", {}).get("rounds", 0)
    out: list[KeptRound] = []
    for number in numbers:
        said = breaches(doc, number, rounds[number - played - 1])
        out.extend(KeptRound(date, game, number, p) for p in said.values())
    return out


def kept_by_number(doc: dict[str, Any]) -> dict[int, list[str]]:
    """The document's ``grandfathered`` by stored round number (from 1, after the
    rounds played on paper): the names of the checks each round is kept despite."""
    played = doc.get("start", {}).get("rounds", 0)
    out: dict[int, list[str]] = {}
    for name, numbers in doc.get("grandfathered", {}).items():
        for number in numbers:
            out.setdefault(number - played, []).append(name)
    return out
