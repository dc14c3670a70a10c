"""A game's figures, per side: its canastas by kind, red threes laid, the
times it went out, its average and best round, and its adjustments. The scoreboard
shows them folded away, the printed game in full. Worked out from the rounds entered
here (not those carried over from paper)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ...scoring import Variant
from ...scoring.fields import CANASTA_CARDS
from ..http.i18n import _, number, signed

ALWAYS = ("natural_canastas", "mixed_canastas")  # shown even at 0: every variant has them


def rows(
    variant: Variant,
    rules: Mapping[str, Any],
    sides: Sequence[str],
    entries: Sequence[Mapping[str, Any]],
    rounds: Sequence[Mapping[str, Any]],
) -> list[dict[str, Any]]:
    """The figures as rows of a table: a label and each side's value, as shown.
    ``entries`` are the rounds as entered (``{side: fields}``), ``rounds`` the
    scoreboard's (each with its ``scores``, ``label`` and ``adjusted``)."""
    if not rounds:
        return []

    def total(name: str) -> dict[str, int]:
        return {s: sum(int(e.get(s, {}).get(name, 0)) for e in entries) for s in sides}

    out = []
    for name in (n for n in variant.fields_in_play(rules) if n in CANASTA_CARDS):
        counts = total(name)
        if name in ALWAYS or any(counts.values()):
            out.append(row(_(variant.field_label(name)), {s: number(n) for s, n in counts.items()}))
    if variant.uses("red_threes"):
        laid = total("red_threes")
        out.append(row(_("Red threes laid"), {s: number(n) for s, n in laid.items()}))
    went = {s: sum(1 for e in entries if e.get(s, {}).get("went_out")) for s in sides}
    out.append(row(_("Times went out"), {s: number(n) for s, n in went.items()}))
    scores = {s: [r["scores"][s] for r in rounds] for s in sides}
    average = {s: signed(round(sum(p) / len(p))) for s, p in scores.items()}
    out.append(row(_("Average round"), average))
    best = {}
    for s, points in scores.items():
        top = max(points)
        where = next(r["label"] for r in rounds if r["scores"][s] == top)
        best[s] = kept_whole(_("%(points)s (round %(n)s)", points=signed(top), n=where))
    out.append(row(_("Best round"), best))
    out.append(row(_("Adjustments"), {s: adjustments(rounds, s) for s in sides}))
    return out


def kept_whole(text: str) -> str:
    """``text`` with the words in brackets held together: a narrow column breaks
    "+1,400 (round 2)" before the bracket, never inside it.

    >>> kept_whole("+1,400 (round 2)")
    '+1,400 (round\xa02)'
    """
    return re.sub(r"\(([^)]*)\)", lambda m: "(" + m.group(1).replace(" ", "\u00a0") + ")", text)


def row(label: str, values: dict[str, str]) -> dict[str, Any]:
    return {"label": label, "values": values}


def adjustments(rounds: Sequence[Mapping[str, Any]], side: str) -> str:
    """How many rounds had an adjustment for ``side``, and their sum: "2 (−150)"."""
    made = [r["adjusted"][side][0] for r in rounds if side in r.get("adjusted", {})]
    if not made:
        return number(0)
    return _("%(n)s (%(points)s)", n=number(len(made)), points=signed(sum(made)))
