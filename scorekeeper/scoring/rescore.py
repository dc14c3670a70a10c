"""What-if: a game's rounds scored again under other rules, without changing
what was played. Pure, like the engine it calls."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from .engine import score_game
from .errors import ScoringError
from .i18n import N_, whole
from .i18n import problem as P_


class RoundAgain(TypedDict):
    scores: dict[str, int] | None  # None: the other rules refuse this round
    problem: str | None


class Rescored(TypedDict):
    rounds: list[RoundAgain]
    totals: dict[str, int]
    finished: bool
    winners: list[str]


def rescore(doc: Mapping[str, Any], options: Mapping[str, Any]) -> Rescored:
    """Score ``doc``'s rounds with ``options`` in place of its own house rules.

    A round the other rules refuse (going out without the canastas they need,
    say) is not an error: it keeps its place, scores nothing, and says why. A
    round played after the other rules would have ended the game says so too.
    ``ScoringError`` only if ``options`` themselves are invalid.

    >>> doc = {"variant": "classic", "sides": ["Us", "Them"], "rounds": [
    ...     {"Us": {"natural_canastas": 1, "went_out": True, "meld_points": 100}}]}
    >>> again = rescore(doc, {"out_canastas": 2})
    >>> again["rounds"][0]["problem"]
    'round 1, side "Us": went_out: going out needs at least 2 canastas, this side has 1'
    >>> rescore(doc, {"natural_canasta": 600})["totals"]
    {'Us': 800, 'Them': 0}
    """
    base = {**doc, "options": dict(options), "rounds": []}
    answer = score_game(base)
    kept: list[Any] = []
    rounds: list[RoundAgain] = []
    for raw in doc.get("rounds", []):
        if answer["finished"]:
            template = N_("not played under these rules: the game was over after round %(n)s")
            over = P_(template, n=len(kept))
            rounds.append({"scores": None, "problem": over})
            continue
        try:
            answer = score_game({**base, "rounds": [*kept, raw]})
        except ScoringError as error:
            kept.append({})  # the round still happened: it keeps its number, scoring nothing
            answer = score_game({**base, "rounds": kept})
            rounds.append({"scores": None, "problem": whole(error)})
        else:
            kept.append(raw)
            rounds.append({"scores": answer["rounds"][-1]["scores"], "problem": None})
    return {
        "rounds": rounds,
        "totals": answer["totals"],
        "finished": answer["finished"],
        "winners": answer["winners"],
    }
