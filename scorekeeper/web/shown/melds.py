"""The round screen's meld counter: the game's meld rules as the page's script
reads them (``scoring/melds.py``), with the words it shows in the reader's
language, and which of a side's fields it fills in."""

from __future__ import annotations

import json
from typing import Any

from ...scoring import Variant
from ...scoring.melds import PROBLEMS, WILD, describe
from ...scoring.rules import Each
from ..http.i18n import _, gettext


def counter(variant: Variant, rules: Any) -> dict[str, Any]:
    """What ``_meld_counter.html`` shows for a game: the ranks to tap, the wild
    cards to step, the rules (JSON) and the words the script says."""
    in_play, meld_rules = variant.fields_in_play(rules), variant.meld_rules.under(rules)
    data = describe(meld_rules, rules, in_play)
    labels = {r.field: r.label for r in variant.lines if isinstance(r, Each)}
    wild_words = {"two": _("Twos"), "joker": _("Jokers")}
    wilds = {w["wild"]: wild_words.get(w["wild"], w["wild"]) for w in data["wilds"]}
    says: dict[str, Any] = {
        "problems": {key: gettext(text) for key, text in PROBLEMS.items()},
        "kinds": {k["field"]: gettext(labels.get(k["field"], k["field"])) for k in data["kinds"]},
        "plain": _("meld"),
        "points": _("%(n)s points", n="%(n)s"),
        "wild": _("wild cards"),
        "wilds": wilds,
        "remove": _("Remove"),
        "before": _("Typed before counting: %(n)s points (the melds are added to it)", n="%(n)s"),
        "run": _("in sequence"),
    }
    # a rank the game melds no set of (Hand and Foot's threes) gets no button
    ranks = [r["rank"] for r in data["ranks"] if r["rank"] not in data["barred"]]
    ranks += [WILD] if data["wild_melds"] else []
    return {
        "rules": json.dumps(data, separators=(",", ":")),
        "says": json.dumps(says, ensure_ascii=False, separators=(",", ":")),
        "ranks": ranks,
        "runs": bool(data["runs"]),
        "wilds": list(wilds.items()),
        "fields": ["meld_points", *(k["field"] for k in data["kinds"])],
        "uncounted": [f for f in meld_rules.uncounted if f in in_play],
    }
