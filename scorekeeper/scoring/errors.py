"""The one kind of error the scoring package raises: a message a scorer can act on."""

from __future__ import annotations

import json

from .i18n import N_, problem as P_


class ScoringError(ValueError):
    """An invalid game document.

    ``str(error)`` is one line naming the round, the side and the field when it
    concerns them, e.g. ``round 2, side "Cat & Dee": red_threes: 5 is more than
    the 4 red threes in play``. The parts are kept as attributes so a form can
    show the message beside the field it concerns.
    """

    def __init__(
        self,
        problem: str,
        *,
        round: int | None = None,
        side: str | None = None,
        field: str | None = None,
    ) -> None:
        self.problem = problem
        self.problem_template: str | None = getattr(problem, "template", None)
        self.params: dict[str, object] = dict(getattr(problem, "params", {}))
        self.round = round
        self.side = side
        self.field = field
        super().__init__(self.message)

    @property
    def message(self) -> str:
        where = []
        if self.round is not None:
            where.append(f"round {self.round}")
        if self.side is not None:
            where.append(f"side {quote(self.side)}")
        text = f"{self.field}: {self.problem}" if self.field else self.problem
        return one_line(f"{', '.join(where)}: {text}" if where else text)


def quote(name: str) -> str:
    """A side's name as it appears in messages: in double quotes, JSON-escaped."""
    return json.dumps(name, ensure_ascii=False)


def one_line(text: str) -> str:
    """Escape every character that would break the message over lines."""
    if len(text.splitlines()) <= 1 and not text.endswith(("\n", "\r")):
        return text
    return "".join(json.dumps(c)[1:-1] if c.splitlines() != [c] else c for c in text)


def round_error(number: int, side: str, field: str, problem: str) -> ScoringError:
    return ScoringError(problem, round=number, side=side, field=field)


OPTION_PROBLEM = N_("%(option)s: %(problem)s")


def option_error(key: str, problem: str) -> ScoringError:
    """A house rule refused: ``options: target: 6000 must lie above ...``; the
    problem's parameters name the option and what is wrong with it."""
    return ScoringError(P_(OPTION_PROBLEM, option=key, problem=problem), field="options")
