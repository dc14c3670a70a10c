"""``score_game``: a whole game document in, every round's scores out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from .document import read_game, read_round
from .errors import ScoringError
from .i18n import problem as P_
from .registry import get_variant
from .rules import Rules
from .variant import Variant


class RoundAnswer(TypedDict):
    scores: dict[str, int]
    breakdown: dict[str, list[list[Any]]]  # side -> [[label, points], ...]


class Answer(TypedDict):
    rounds: list[RoundAnswer]
    totals: dict[str, int]
    next_round: int
    opening: dict[str, int]
    finished: bool
    winners: list[str]


def score_game(doc: Any) -> Answer:
    """Score a game document (see RULES.md); ``ScoringError`` if it is invalid.

    >>> answer = score_game({"variant": "classic", "sides": ["Us", "Them"], "rounds": [
    ...     {"Us": {"natural_canastas": 1, "meld_points": 230, "red_threes": 1,
    ...             "went_out": True},
    ...      "Them": {"mixed_canastas": 1, "meld_points": 185, "hand_points": 65}}]})
    >>> answer["rounds"][0]["scores"], answer["opening"]
    ({'Us': 930, 'Them': 420}, {'Us': 50, 'Them': 50})
    """
    game = read_game(doc)
    variant, rules = game.variant, game.rules
    totals = dict(game.start_totals)
    rounds: list[RoundAnswer] = []
    winners = variant.end.winners(totals, game.start_rounds, rules)
    for number, raw in enumerate(game.rounds, start=game.start_rounds + 1):
        if winners:
            problem = P_("the game already finished after round %(n)s", n=number - 1)
            raise ScoringError(problem, round=number)
        entries = read_round(game, number, raw)
        lines = variant.round_lines(entries, rules, number, game.team_sizes)
        scores = {side: sum(points for _, points in lines[side]) for side in game.sides}
        for side, score in scores.items():
            totals[side] += score
        breakdown = {
            side: [[label, points] for label, points in lines[side]] for side in game.sides
        }
        rounds.append({"scores": scores, "breakdown": breakdown})
        winners = variant.end.winners(totals, number, rules)
    next_round = game.start_rounds + len(rounds) + 1
    return {
        "rounds": rounds,
        "totals": totals,
        "next_round": next_round,
        "opening": {s: variant.opening_for(t, next_round, rules) for s, t in totals.items()},
        "finished": bool(winners),
        "winners": winners,
    }


def card_points(
    variant: Variant | str, counts: Mapping[str, int], rules: Rules | None = None
) -> int:
    """Points of a pile of cards counted by class, for the card counter.

    >>> card_points("classic", {"joker": 3, "ace": 2, "high": 6})
    250
    """
    if isinstance(variant, str):
        variant = get_variant(variant)
    values = variant.rules(rules)
    total = 0
    for key, n in counts.items():
        if f"card_{key}" not in values:
            raise ScoringError(f"not a card class of {variant.id}", field=key)
        total += n * values[f"card_{key}"]
    return total
