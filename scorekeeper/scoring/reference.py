"""The rules reference (docs/reference.md), rendered as Markdown from the registry.

Every number comes from a variant's options, score lines, card values, opening
and game-end rules, so a house-rule option or a variant added to the registry is
documented by regenerating: ``scorekeeper rules --markdown > docs/reference.md``.
The scoring specification it follows is docs/rules.md.

>>> "| `natural_canasta` |" in rules_markdown()
True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from .fields import FIELDS, Field
from .registry import VARIANTS
from .rules import AfterRounds, ByRound, ByScore, Fixed, Option, ReachTarget, RedThrees, Switch
from .schema import FIELD_KINDS, OPTION_KINDS
from .variant import Variant

RULES_COMMAND = "scorekeeper rules --markdown > docs/reference.md"
GENERATED = "<!-- Generated from the variant registry by `{}`: do not edit by hand. -->"


def table(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> list[str]:
    """A Markdown table; ``|`` inside a cell is escaped."""
    cells = [[str(c).replace("|", "\\|").replace("\n", " ") for c in row] for row in rows]
    return [
        "| " + " | ".join(header) + " |",
        "|" + "---|" * len(header),
        *("| " + " | ".join(row) + " |" for row in cells),
    ]


def code(value: Any) -> str:
    """A value as JSON in backticks: ``true``, ``[50, 90]``, ``null``."""
    return f"`{json.dumps(value, ensure_ascii=False)}`"


def signed(sign: int, amount: str) -> str:
    """``+500``, ``−100``; ``+ the points entered``."""
    space = "" if amount[:1].isdigit() else " "
    return f"{'−' if sign < 0 else '+'}{space}{amount}"


def line_row(rule: Any, options: dict[str, Option]) -> list[str]:
    """One score line of the table: label, field, points, option(s) and defaults.

    Generic over the line rules of ``rules.py`` (``Each``, ``Flag``, ``Points``,
    ``RedThrees``) and any other that has a ``label``, ``field`` and ``option``.
    """

    def value(key: str) -> str:
        return str(options[key].default) if key in options else f"`{key}`"

    sign = int(getattr(rule, "sign", 1))
    label = str(getattr(rule, "label", type(rule).__name__))
    field = getattr(rule, "field", None)
    keys: list[str] = []
    if isinstance(rule, RedThrees):
        keys = [rule.each, rule.big_count, rule.big_value]
        points = (
            f"+{value(rule.each)} each; a side with {value(rule.big_count)} or more: "
            f"{value(rule.big_value)} for the first {value(rule.big_count)}, "
            f"then +{value(rule.each)} each"
        )
    elif hasattr(rule, "described"):  # a rule that says its own points (classic red threes)
        keys, points = list(rule.options), rule.described(value)
    elif hasattr(rule, "option"):
        keys = [rule.option]
        once = type(rule).__name__ == "Flag"
        points = signed(sign, value(rule.option)) + ("" if once else " each")
        points += " when true" if once else ""
    else:
        points = signed(sign, "the points entered")
        spare = getattr(rule, "spare_went_out", False)
        if isinstance(spare, Switch):
            keys = [spare.option]
            points += f", except for the side that went out while `{spare.option}` is " + (
                "true" if spare.when else "false"
            )
        elif spare:
            points += ", except for the side that went out"
    opts = ", ".join(f"`{k}` ({code(options[k].default)})" for k in keys if k in options)
    return [label, f"`{field}`" if field else "", points, opts or "—"]


def opening_text(variant: Variant) -> list[str]:
    rule, options = variant.opening, {o.key: o for o in variant.all_options()}
    default: Any = options[rule.option].default if rule.option in options else None
    if isinstance(rule, ByScore) and default:
        lows = [low for low, _ in default[1:]]
        rows = [
            [score_range(low, nxt), need]
            for (low, need), nxt in zip(default, [*lows, None], strict=True)
        ]
        intro = f"By the side's total before the round (option `{rule.option}`):"
        return [intro, "", *table(["total before the round", "opening meld"], rows)]
    if isinstance(rule, ByRound) and default:
        rows = [[f"round {i}", need] for i, need in enumerate(default, start=1)]
        intro = (
            f"By round number (option `{rule.option}`); the last value holds for every later round:"
        )
        return [intro, "", *table(["round", "opening meld"], rows)]
    if isinstance(rule, Fixed):
        return [f"{default} points every round (option `{rule.option}`)."]
    return [" ".join((type(rule).__doc__ or type(rule).__name__).split())]


def score_range(low: int | None, below: int | None) -> str:
    """``below 0``, ``1500 to 2999``, ``3000 or more``: one row of a thresholds table."""
    if low is None:
        return f"below {below}" if below is not None else "any score"
    return f"{low} to {below - 1}" if below is not None else f"{low} or more"


def end_text(variant: Variant) -> str:
    rule, rules = variant.end, variant.defaults()
    if isinstance(rule, ReachTarget):
        tie = (
            "a tie for the highest plays another round"
            if rules.get("tie_plays_on")
            else "equal highest totals share the win"
        )
        return (
            f"After a round in which a side reaches {rules[rule.option]} (option "
            f"`{rule.option}`). The highest total wins; by default {tie} (option "
            "`tie_plays_on`)."
        )
    if isinstance(rule, AfterRounds):
        return (
            f"After round {rules[rule.option]} (option `{rule.option}`). The highest "
            "total wins; equal highest totals share the win."
        )
    return " ".join((type(rule).__doc__ or type(rule).__name__).split())


def players_text(variant: Variant) -> str:
    parts = []
    for players in variant.players:
        sizes = variant.arrangement(players)
        shape = (
            f"{len(sizes)} sides of {sizes[0]}"
            if len(set(sizes)) == 1
            else f"{len(sizes)} sides of " + " and ".join(str(s) for s in sizes)
        )
        parts.append(f"{players}: {shape}")
    return f"Players (default {variant.default_players}): " + "; ".join(parts) + "."


def card_points_text(variant: Variant) -> str:
    """The bound on a round's card points at the default card values, by players.

    >>> from scorekeeper.scoring import get_variant
    >>> card_points_text(get_variant("classic")).split(": ")[1].split(".")[0]
    '1180 with 2, 3, 4 or 5 players; 1770 with 6 players'
    """
    rules, by = variant.rules(), dict[int, list[str]]()
    for players in variant.players:
        by.setdefault(variant.card_points_in_play(players, rules), []).append(str(players))
    parts = [
        f"{points} with {' or '.join(', '.join(ps).rsplit(', ', 1))} players"
        for points, ps in by.items()
    ]
    return (
        "The card points of one round, all sides together, may not exceed the value of all "
        "the cards in play at these values: " + "; ".join(parts) + ". A house rule "
        "changing a card value changes it too."
    )


def meld_text(variant: Variant) -> list[str]:
    """What the round screen's meld counter checks (``variant.meld_rules``), in words.

    >>> from scorekeeper.scoring import get_variant
    >>> print(meld_text(get_variant("weeping"))[0])  # doctest: +NORMALIZE_WHITESPACE
    A meld is at least 3 cards of one rank with more natural cards than wild cards
    (twos and jokers), at most 3 wild cards; black threes (rank 3) take no wild cards.
    """
    melds = variant.meld_rules.under(variant.defaults())
    share = {"half": "at least as many natural cards as", "under_half": "more natural cards than"}
    wilds = " and ".join(f"{w}s" for w, _ in melds.wilds)
    text = (
        f"A meld is at least {melds.smallest} cards of one rank with "
        f"{share[melds.share]} wild cards ({wilds})"
    )
    if melds.share_option:
        text += f" (option `{melds.share_option}`)"
    if melds.most_wilds is not None:
        text += f", at most {melds.most_wilds} wild cards"
    labels = {c.key: c.label for c in variant.card_values}
    ranks = dict(melds.ranks)
    for rank in melds.clean:
        text += f"; {labels[ranks[rank]]}s (rank {rank}) take no wild cards"
    for rank in melds.barred:
        text += f"; no meld of rank {rank} unless a canasta of them is played"
    wild = {"none": "no wild cards", "some": "natural and wild cards", "only": "wild cards only"}
    switched = variant.field_switches
    kinds = [
        f"`{k.field}`: {k.least} or more cards"
        + (f" of rank {', '.join(k.ranks)}" if k.ranks else "")
        + (" of one suit in sequence" if k.run else "")
        + f", {wild[k.wilds]}"
        + (f" (while `{switched[k.field]}` is played)" if k.field in switched else "")
        for k in melds.kinds
    ]
    if melds.runs:
        text += (
            f". A meld in sequence (one suit) runs up from its lowest card, "
            f"{melds.runs[0]} to {melds.runs[-1]}, at most {melds.longest_run} cards, "
            "no wild cards"
        )
    out = [
        text + ".",
        "",
        "Each meld counted is the first of these canastas it makes, else a "
        "plain meld: " + "; ".join(kinds) + ".",
    ]
    if melds.uncounted:
        named = ", ".join(f"`{f}`" for f in melds.uncounted)
        out += ["", f"The meld counter cannot tell {named} (typed as totals instead)."]
    return out


def variant_section(variant: Variant) -> list[str]:
    options = {o.key: o for o in variant.all_options()}
    out = [f"## `{variant.id}` — {variant.name}", "", " ".join(variant.summary.split()), ""]
    out += [players_text(variant)]
    if any(variant.sits_out(p) for p in variant.players):
        sits = ", ".join(str(p) for p in variant.players if variant.sits_out(p))
        out[-1] += f" With {sits} players one player sits out each round, in rotation."
    out += ["", "### Scoring", ""]
    rows = [line_row(rule, options) for rule in variant.lines]
    out += table(["score line", "field", "points", "option (default)"], rows)
    out += ["", "### Round fields", "", fields_text(variant)]
    out += ["", "### Card values", ""]
    cards = [
        [c.label, c.points, f"`card_{c.key}`", fill_mark(variant.card_fill.get(c.key))]
        for c in variant.card_values
    ]
    out += table(["cards", "points", "option", "FILL"], cards)
    out += ["", card_points_text(variant)]
    out += ["", "### Opening requirement", "", *opening_text(variant)]
    out += ["", "### Melds (the round screen's meld counter)", "", *meld_text(variant)]
    out += ["", "### Going out", "", variant.going_out]
    if variant.going_out_needs:
        needs = ", ".join(f"`{k}` ≥ {n}" for k, n in variant.going_out_needs.items())
        out[-1] += f" Checked: {needs}."
    out += ["", "### Game end", "", end_text(variant)]
    if variant.notes or variant.fill_notes:
        out += ["", "### Notes", ""]
        out += [f"- {note}" for note in variant.notes]
        out += [f"- **FILL**: {note}" for note in variant.fill_notes]
    out += ["", "### House options", ""]
    rows = [
        [f"`{o.key}`", o.label, code(o.default), o.kind, fill_mark(o.fill)]
        for o in variant.all_options()
    ]
    out += table(["key", "label", "default", "kind", "FILL"], rows)
    return out + [""]


def fields_text(variant: Variant) -> str:
    """What the round screen asks of each side, labelled as this variant's pages
    label it (its own words where its sheet has them), with each field's JSON name.

    >>> from scorekeeper.scoring import get_variant
    >>> fields_text(get_variant("hand-and-foot"))[37:101]
    'Clean piles (`natural_canastas`), Dirty piles (`mixed_canastas`)'
    """
    named = ", ".join(f"{variant.field_label(n)} (`{n}`)" for n in variant.round_fields)
    return f"The round screen asks each side for: {named}."


def labels_text(field: Field) -> str:
    """A field's label, with the variants that call it by their own words.

    >>> labels_text(FIELDS["mixed_canastas"]).split("; ")[1]
    '`five-person`: Impure canastas'
    """
    own = [
        f"`{v.id}`: {v.field_words[field.name]}"
        for v in VARIANTS.values()
        if field.name in v.field_words
    ]
    return f"{field.label} ({'; '.join(own)})" if own else field.label


def fill_mark(reason: str | None) -> str:
    return f"**FILL**: {reason}" if reason else ""


def vocabulary() -> list[str]:
    out = ["## Shared vocabulary", "", "### Round fields", ""]
    out.append("What a scorer enters for each side in each round (kinds below).")
    out.append("")
    rows = [
        [
            f"`{f.name}`",
            labels_text(f),
            f.kind,
            f.help,
            ", ".join(f"`{v.id}`" for v in VARIANTS.values() if v.uses(f.name)),
        ]
        for f in FIELDS.values()
    ]
    out += table(["field", "label", "kind", "meaning", "variants"], rows)
    out += ["", "### Field kinds", ""]
    out += table(["kind", "values"], ([f"`{k}`", text] for k, (_, text) in FIELD_KINDS.items()))
    out += ["", "### Option kinds", ""]
    out += table(["kind", "values"], ([f"`{k}`", text] for k, (_, text) in OPTION_KINDS.items()))
    out += [
        "",
        "### Words",
        "",
        "- **side**: a player alone or a team; each round every side gets a score.",
        "- **score line**: one item of a side's round score (a bonus or a penalty); the "
        "answer's `breakdown` lists them and they add up to the round score.",
        "- **house option**: a rule number (or switch, or table) a game may change when "
        "it is created; card values are options too (`card_<class>`).",
        "- **adjustment**: the table's own points for a side in a round (a penalty for "
        "table talk, a misdeal, a forfeit), with a note saying why; every variant takes it "
        "(fields `adjustment` and `note`). It is added last, shown as its own score line, "
        "and is not card points; in `five-person` it is the player's alone.",
        "- **opening requirement**: the least a side's first meld of a round must be worth.",
        "- **FILL**: a value the rule sheet leaves open, filled in by Scorekeeper; the "
        "reason is given beside it.",
        "",
    ]
    return out


def rules_markdown() -> str:
    """docs/reference.md: every variant's rules, then the shared vocabulary."""
    out = [
        "# Rules reference",
        "",
        GENERATED.format(RULES_COMMAND),
        "",
        "Every variant Scorekeeper scores, with the numbers it uses by default. Each number "
        "is a house option a game may change; the JSON contract is in "
        "[api.md](api.md).",
        "",
        *table(["id", "variant"], ([f"`{v.id}`", v.name] for v in VARIANTS.values())),
        "",
    ]
    for variant in VARIANTS.values():
        out += variant_section(variant)
    out += vocabulary()
    return "\n".join(out).rstrip("\n") + "\n"
