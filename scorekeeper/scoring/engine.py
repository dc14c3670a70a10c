"""``score_game``: a whole game document in, every round's scores out."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from .document import Game, read_game, read_round
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
    """Score a game document (see docs/rules.md); ``ScoringError`` if it is invalid.

    >>> answer = score_game({"variant": "classic", "sides": ["Us", "Them"], "rounds": [
    ...     {"Us": {"natural_canastas": 1, "meld_points": 230, "red_threes": 1,
    ...             "went_out": True},
    ...      "Them": {"mixed_canastas": 1, "meld_points": 185, "hand_points": 65}}]})
    >>> answer["rounds"][0]["scores"], answer["opening"]
    ({'Us': 930, 'Them': 420}, {'Us': 50, 'Them': 50})
    """
    game = read_game(doc)
    return score_rounds(game, dict(game.start_totals), game.start_rounds, game.rounds)


class State(TypedDict):
    """Where a game stands after some round: what ``score_from`` starts from."""

    totals: dict[str, int]  # each side's running total, paper start included
    played: int  # the number of the last round scored (rounds played on paper count)


def state_after(doc: Any, scores: list[dict[str, int]]) -> State:
    """The state after the rounds whose ``scores`` are given (from the first on).

    >>> state_after({"variant": "classic", "sides": ["Us", "Them"]},
    ...             [{"Us": 930, "Them": 420}, {"Us": -50, "Them": 100}])
    {'totals': {'Us': 880, 'Them': 520}, 'played': 2}
    """
    game = read_game({**doc, "rounds": []})
    totals = dict(game.start_totals)
    for round_scores in scores:
        for side in game.sides:
            totals[side] += round_scores[side]
    return {"totals": totals, "played": game.start_rounds + len(scores)}


def score_from(doc: Any, state: State, rounds: list[Any]) -> Answer:
    """Score ``rounds`` (raw round documents) played after ``state``: the game
    document's header (``doc``: variant, sides, players, options, start; its own
    ``rounds`` are ignored) and where it stood. The answer has the shape of
    ``score_game``'s, with ``rounds`` holding the given rounds only; scoring a
    game in pieces gives exactly what ``score_game`` gives for the whole (a
    round's score depends on that round and its number alone; the totals decide
    the opening and the end). Adding a round then costs the same in round 5 as
    in round 500.

    >>> head = {"variant": "classic", "sides": ["Us", "Them"]}
    >>> one = {"Us": {"natural_canastas": 1, "meld_points": 230, "red_threes": 1,
    ...               "went_out": True},
    ...        "Them": {"mixed_canastas": 1, "meld_points": 185, "hand_points": 65}}
    >>> answer = score_from(head, {"totals": {"Us": 0, "Them": 0}, "played": 0}, [one])
    >>> answer == score_game({**head, "rounds": [one]})
    True
    """
    game = read_game({**doc, "rounds": []})
    totals = {side: state["totals"][side] for side in game.sides}
    return score_rounds(game, totals, state["played"], rounds)


def score_rounds(game: Game, totals: dict[str, int], played: int, rounds: list[Any]) -> Answer:
    """Score ``rounds`` of a checked game after ``played`` rounds ending at ``totals``
    (the one loop behind ``score_game`` and ``score_from``)."""
    variant, rules = game.variant, game.rules
    scored: list[RoundAnswer] = []
    winners = winners_of(game, totals, played)
    for number, raw in enumerate(rounds, start=played + 1):
        if winners:
            problem = P_("the game already finished after round %(n)s", n=number - 1)
            raise ScoringError(problem, round=number)
        entries = read_round(game, number, raw)
        lines = variant.breakdown(entries, rules, number, game.team_sizes)
        scores = {side: sum(points for _, points in lines[side]) for side in game.sides}
        for side, score in scores.items():
            totals[side] += score
        breakdown = {
            side: [[label, points] for label, points in lines[side]] for side in game.sides
        }
        scored.append({"scores": scores, "breakdown": breakdown})
        winners = winners_of(game, totals, number)
    next_round = played + len(scored) + 1
    return {
        "rounds": scored,
        "totals": totals,
        "next_round": next_round,
        "opening": {s: variant.opening_for(t, next_round, rules) for s, t in totals.items()},
        "finished": bool(winners),
        "winners": winners,
    }


def winners_of(game: Game, totals: dict[str, int], played: int) -> list[str]:
    """Who has won after round ``played``: by the variant's own end, or, once a game
    ended as it stood (``ended_after``), the highest totals, equal ones sharing it.

    >>> head = {"variant": "classic", "sides": ["Us", "Them"], "ended_after": 1}
    >>> one = {"Us": {"meld_points": 120, "went_out": True, "mixed_canastas": 1},
    ...        "Them": {"meld_points": 60, "hand_points": 25}}
    >>> answer = score_game({**head, "rounds": [one]})
    >>> answer["totals"], answer["finished"], answer["winners"]
    ({'Us': 520, 'Them': 35}, True, ['Us'])
    """
    if game.ended_after is not None and played >= game.ended_after:
        best = max(totals.values())
        return [side for side, total in totals.items() if total == best]
    return game.variant.end.winners(totals, played, game.rules)


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
            raise ScoringError(P_("not a card class of %(variant)s", variant=variant.id), field=key)
        total += n * values[f"card_{key}"]
    return total
