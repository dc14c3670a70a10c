"""A game's state in a line, for the lists of games (the home page's recent games,
an evening's games): in progress (which round, who is ahead, the totals), or over
(who won). Read from the result every change keeps, so no list scores a game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...scoring import VARIANTS
from ..http.i18n import _, gettext


@dataclass(frozen=True)
class GameState:
    finished: bool
    round: int  # in progress: the round being played; over: the rounds played
    ahead: list[str]  # in progress: the sides with the best total (none before a round)
    level: bool  # in progress, a round played, and every side on the same total
    winners: list[str]
    totals: list[tuple[str, int]]  # (side, total), in seat order


def game_state(
    sides: Sequence[str],
    totals: Mapping[str, Any],
    winners: Sequence[str],
    finished: bool,
    played: int,
) -> GameState:
    """The state of a game with ``played`` rounds (those carried over from paper too).

    >>> s = game_state(["Us", "Them"], {"Us": 1230, "Them": 980}, [], False, 3)
    >>> s.round, s.ahead, s.level
    (4, ['Us'], False)
    >>> game_state(["Us", "Them"], {}, [], False, 0).ahead
    []
    >>> game_state(["Us", "Them"], {"Us": 5120, "Them": 3400}, ["Us"], True, 7).round
    7
    """
    shown = [(side, int(totals.get(side, 0))) for side in sides]
    best = max((t for _, t in shown), default=0)
    ahead = [s for s, t in shown if t == best] if played and not finished else []
    level = bool(ahead) and len(ahead) == len(sides)
    return GameState(
        finished=bool(finished),
        round=played if finished else played + 1,
        ahead=[] if level else ahead,
        level=level,
        winners=list(winners),
        totals=shown,
    )


def game_kind(game: Mapping[str, Any]) -> str:
    """The game as the lists call it: its variant, and the saved rules it was started
    from ("Canasta (Church Dyke Rules), Standard Canasta"), so a game played by other
    numbers is not listed as the sheet's."""
    name = gettext(VARIANTS[game["variant"]].name)
    rules = game.get("rule_set_name")
    return _("%(game)s, %(rules)s", game=name, rules=rules) if rules else name


def evening_wins(games: Sequence[Mapping[str, Any]]) -> tuple[str, int]:
    """An evening's games in a line: who won how many, most first ("Ann & Bea ×3,
    Cat & Dee"), and how many are not finished (not counted as anyone's win).

    >>> evening_wins([{"finished": True, "winners": ["Ann"]}] * 3 + [{"finished": False}])
    ('Ann ×3', 1)
    """
    counts = Counter(w for g in games if g["finished"] for w in g["winners"])
    tally = ", ".join(name if n == 1 else f"{name} ×{n}" for name, n in counts.most_common())
    return tally, sum(1 for g in games if not g["finished"])
