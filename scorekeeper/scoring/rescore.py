"""What-if: a game's rounds scored again under other rules, without changing
what was played. Pure, like the engine it calls."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from .engine import score_from, score_game, state_after
from .errors import ScoringError
from .i18n import N_, problem as P_, whole


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
    state = state_after(base, [])  # each round is scored from where the last left it:
    kept = 0  # linear in the rounds (a 1,000-round game was 24 s, scored again each round)
    rounds: list[RoundAgain] = []
    for raw in doc.get("rounds", []):
        if answer["finished"]:
            template = N_("not played under these rules: the game was over after round %(n)s")
            over = P_(template, n=kept)
            rounds.append({"scores": None, "problem": over})
            continue
        try:
            answer = score_from(base, state, [raw])
        except ScoringError as error:
            # the round still happened: it keeps its number, scoring nothing
            answer = score_from(base, state, [{}])
            rounds.append({"scores": None, "problem": whole(error)})
        else:
            rounds.append({"scores": answer["rounds"][-1]["scores"], "problem": None})
        kept += 1
        state = {"totals": dict(answer["totals"]), "played": state["played"] + 1}
    return {
        "rounds": rounds,
        "totals": answer["totals"],
        "finished": answer["finished"],
        "winners": answer["winners"],
    }
