"""Which rounds of a game break a check added after they were stored: what an
upgrade and an import of an older export keep as played ("grandfathered", see
``later_checks``), and what a page shows beside such a round."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .document import Game, read_game, read_round
from .errors import ScoringError
from .later_checks import LATER_CHECKS, grandfathered_of, later_problems


def grandfathering(doc: Any) -> dict[str, list[int]]:
    """The ``grandfathered`` that ``doc``'s rounds need: each later check with the
    rounds that break it. ``ScoringError`` for any other problem of a round.

    >>> grandfathering({"variant": "classic", "sides": ["Us", "Them"], "rounds": [
    ...     {"Us": {"meld_points": 100}}, {"Us": {"meld_points": 900},
    ...     "Them": {"meld_points": 800}}]})
    {'card_points': [2]}
    """
    game = read_game({**doc, "grandfathered": {}})
    found = {}
    for number, raw in enumerate(game.rounds, start=game.start_rounds + 1):
        broken = frozenset(round_breaches(game, number, raw))
        if broken:
            found[number] = broken
    return grandfathered_of(found)


def round_breaches(game: Game, number: int, raw: Any) -> dict[str, ScoringError]:
    """What each later check that round ``number`` (``raw``, as typed) breaks says;
    ``ScoringError`` for any other problem of the round."""
    lenient = replace(game, grandfathered={number: frozenset(LATER_CHECKS)})
    entries = read_round(lenient, number, raw)
    return later_problems(game, number, entries)


def breaches(doc: Any, number: int, raw: Any) -> dict[str, ScoringError]:
    """``round_breaches`` for a game document's header (its rounds are ignored)."""
    return round_breaches(read_game({**doc, "rounds": [], "grandfathered": {}}), number, raw)
