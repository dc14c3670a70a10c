"""Counting a side's table melds one by one: each meld is a rank, its natural cards
and its wild cards; the variant's meld rules (data, ``MeldRules``) say whether it
may be melded, which kind of canasta it is, if any, and what its cards are worth.

The round screen's meld counter reads the same rules as JSON (``describe``), so a
meld counts the same in the browser as here; what it fills in (meld points and
canasta counts) is checked again by the engine when the round is saved.

>>> rules = MeldRules(kinds=(Canasta("natural_canastas", "none"),
...                          Canasta("mixed_canastas", "some")), most_wilds=3)
>>> values = {"card_ace": 20, "card_high": 10, "card_low": 5, "card_black_three": 5,
...           "card_two": 20, "card_joker": 50}
>>> count(Meld("K", 7), rules, values)
Counted(kind='natural_canastas', points=70)
>>> count(Meld("5", 5, {"two": 1, "joker": 1}), rules, values)
Counted(kind='mixed_canastas', points=95)
>>> count(Meld("A", 3), rules, values)
Counted(kind='', points=60)
>>> count(Meld("8", 2, {"two": 3}), rules, values)
Traceback (most recent call last):
 ...
scorekeeper.scoring.melds.MeldProblem: a meld needs at least as many natural cards as wild cards
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .i18n import N_, Problem, problem as P_

WILD = "wild"  # the rank of a meld of wild cards only
# The ranks a meld can be of, each with its card class (a key of the card values).
STANDARD_RANKS = (
    ("A", "ace"),
    ("K", "high"),
    ("Q", "high"),
    ("J", "high"),
    ("10", "high"),
    ("9", "high"),
    ("8", "high"),
    ("7", "low"),
    ("6", "low"),
    ("5", "low"),
    ("4", "low"),
    ("3", "black_three"),
)
STANDARD_WILDS = (("two", "two"), ("joker", "joker"))  # wild card -> card class
# A ``wild_ratio`` house option's words -> ``MeldRules.share``: the Hand and Foot
# sheet's "at least one more normal card than wild cards", or as many.
WILD_RATIOS = {"one_more_natural": "under_half", "at_least_equal": "half"}

# Each problem, by what the rule is called in ``describe``'s "problems".
PROBLEMS = {
    "rank": N_("choose the meld's rank first"),
    "smallest": N_("a meld needs at least %(n)s cards"),
    "half": N_("a meld needs at least as many natural cards as wild cards"),
    "under_half": N_("a meld needs more natural cards than wild cards"),
    "most_wilds": N_("a meld may hold at most %(n)s wild cards"),
    "clean": N_("these cards are melded without wild cards"),
    "barred": N_("melds of this rank are not played in this game"),
    "wild_melds": N_("melds of wild cards only are not played in this game"),
    "runs": N_("melds in sequence are not played in this game"),
    "run_wilds": N_("a meld in sequence takes no wild cards"),
    "run_rank": N_("a meld in sequence cannot start at this rank"),
    "run_end": N_("a meld in sequence holds at most %(n)s cards from this rank"),
}


class MeldProblem(ValueError):
    """A meld the variant's rules do not allow; ``problem`` says why."""

    def __init__(self, problem: Problem) -> None:
        self.problem = problem
        super().__init__(str(problem))


@dataclass(frozen=True)
class Canasta:
    """A kind of canasta: the round field counting it, its wild cards (``none``,
    ``some`` or ``only``), the ranks it may be of (``()``: any), its size, and
    whether it is a sequence of one suit (``run``, a samba) instead of one rank."""

    field: str
    wilds: str
    ranks: tuple[str, ...] = ()
    least: int = 7
    run: bool = False

    def fits(self, meld: Meld) -> bool:
        wilds = meld.wild_count
        if meld.cards < self.least or (self.ranks and meld.rank not in self.ranks):
            return False
        if self.run != meld.run:
            return False
        naturals = meld.naturals
        some = naturals > 0 and wilds > 0
        return {"none": wilds == 0, "only": naturals == 0}.get(self.wilds, some)


# The kinds most variants have: natural and mixed canastas; and wild-card canastas.
NATURAL_AND_MIXED = (Canasta("natural_canastas", "none"), Canasta("mixed_canastas", "some"))
ALL_WILD = Canasta("wild_canastas", "only")


@dataclass(frozen=True)
class MeldRules:
    """A variant's meld rules, as data. ``kinds`` in the order a meld is tried
    against them (a canasta of sevens before a natural one); ``share`` is ``half``
    (at least as many naturals as wilds) or ``under_half`` (more naturals than
    wilds); ``most_wilds`` caps a meld's wild cards (None: no cap); ``clean`` ranks
    take no wild card. ``runs``: the ranks a meld in sequence (of one suit) may run
    through, lowest first, at most ``longest_run`` of them (none: no such melds).
    ``uncounted``: canasta fields the counter cannot tell apart (a red-sevens
    canasta needs the sevens' colour), typed as totals instead. The rules may
    follow a game's house options (``under``): ``share_option`` names the option
    whose word (``WILD_RATIOS``) sets ``share``; a ``barred`` rank may be melded
    only while a kind of canasta of that rank is in play (threes, where the sheet
    allows no set of them); ``counted_when`` pairs an ``uncounted`` field with the
    flag option that makes it countable (its kind is tried only then)."""

    kinds: tuple[Canasta, ...]
    ranks: tuple[tuple[str, str], ...] = STANDARD_RANKS
    wilds: tuple[tuple[str, str], ...] = STANDARD_WILDS
    smallest: int = 3
    share: str = "half"
    most_wilds: int | None = None
    clean: tuple[str, ...] = ("3",)
    runs: tuple[str, ...] = ()
    longest_run: int = 7
    uncounted: tuple[str, ...] = ()
    share_option: str | None = None
    barred: tuple[str, ...] = ()
    counted_when: tuple[tuple[str, str], ...] = ()

    def kinds_in_play(self, in_play: Collection[str] | None) -> list[Canasta]:
        return [k for k in self.kinds if in_play is None or k.field in in_play]

    def barred_in_play(self, in_play: Collection[str] | None) -> list[str]:
        """The barred ranks no kind of canasta in play lets a side meld."""
        ranks = {rank for k in self.kinds_in_play(in_play) for rank in k.ranks}
        return [rank for rank in self.barred if rank not in ranks]

    def under(self, options: Mapping[str, Any]) -> MeldRules:
        """These rules in a game under ``options`` (its rule values).

        >>> rules = MeldRules(kinds=NATURAL_AND_MIXED, share_option="wild_ratio")
        >>> rules.under({"wild_ratio": "one_more_natural"}).share
        'under_half'
        """
        share = WILD_RATIOS[options[self.share_option]] if self.share_option else self.share
        off = {name for name, option in self.counted_when if not options.get(option)}
        on = {name for name, _ in self.counted_when} - off
        kinds = tuple(k for k in self.kinds if k.field not in off)
        uncounted = tuple(name for name in self.uncounted if name not in on)
        return replace(self, share=share, kinds=kinds, uncounted=uncounted)


@dataclass(frozen=True)
class Meld:
    """One meld on a side's table: its rank (``WILD``: wild cards only), how many
    natural cards, and how many of each wild card (``{"two": 1, "joker": 2}``); or,
    with ``run``, a sequence of one suit from ``rank`` upwards."""

    rank: str
    naturals: int = 0
    wilds: Mapping[str, int] = field(default_factory=dict)
    run: bool = False

    @property
    def wild_count(self) -> int:
        return sum(self.wilds.values())

    @property
    def cards(self) -> int:
        return self.naturals + self.wild_count


@dataclass(frozen=True)
class Counted:
    """A meld as it counts: the canasta field it adds one to (``""``: a plain
    meld) and the value of its cards."""

    kind: str
    points: int


def refusal(meld: Meld, rules: MeldRules, in_play: Collection[str] | None = None) -> Problem | None:
    """Why ``meld`` may not be melded under ``rules``, or None."""
    if meld.run:
        return run_refusal(meld, rules, in_play)
    wilds = meld.wild_count
    only_wild = meld.rank == WILD
    ranks = {rank for rank, _ in rules.ranks}
    if not only_wild and meld.rank not in ranks:
        return P_(PROBLEMS["rank"])
    if only_wild and not any(k.wilds == "only" for k in rules.kinds_in_play(in_play)):
        return P_(PROBLEMS["wild_melds"])
    if meld.cards < rules.smallest:
        return P_(PROBLEMS["smallest"], n=rules.smallest)
    if only_wild:
        return None
    if meld.rank in rules.barred_in_play(in_play):
        return P_(PROBLEMS["barred"])
    if wilds and meld.rank in rules.clean:
        return P_(PROBLEMS["clean"])
    if wilds > meld.naturals or (rules.share == "under_half" and wilds == meld.naturals):
        return P_(PROBLEMS[rules.share])
    if rules.most_wilds is not None and wilds > rules.most_wilds:
        return P_(PROBLEMS["most_wilds"], n=rules.most_wilds)
    return None


def run_refusal(
    meld: Meld, rules: MeldRules, in_play: Collection[str] | None = None
) -> Problem | None:
    """Why a meld in sequence may not be melded, or None."""
    if not any(k.run for k in rules.kinds_in_play(in_play)):
        return P_(PROBLEMS["runs"])
    if meld.rank not in rules.runs:
        return P_(PROBLEMS["run_rank"])
    if meld.wild_count:
        return P_(PROBLEMS["run_wilds"])
    if meld.cards < rules.smallest:
        return P_(PROBLEMS["smallest"], n=rules.smallest)
    most = min(rules.longest_run, len(rules.runs) - rules.runs.index(meld.rank))
    return P_(PROBLEMS["run_end"], n=most) if meld.naturals > most else None


def cards(meld: Meld, rules: MeldRules) -> list[str]:
    """A meld's natural cards by rank: a rank repeated, or a run from its rank up."""
    if meld.run and meld.rank in rules.runs:
        start = rules.runs.index(meld.rank)
        return list(rules.runs[start : start + meld.naturals])
    return [meld.rank] * meld.naturals


def points(meld: Meld, rules: MeldRules, values: Mapping[str, Any]) -> int:
    """The value of a meld's cards at the game's card values (``card_<class>``)."""
    ranks = dict(rules.ranks)
    total = sum(int(values.get(f"card_{ranks[r]}", 0)) for r in cards(meld, rules) if r in ranks)
    classes = dict(rules.wilds)
    return total + sum(n * int(values.get(f"card_{classes[w]}", 0)) for w, n in meld.wilds.items())


def count(
    meld: Meld,
    rules: MeldRules,
    values: Mapping[str, Any],
    in_play: Collection[str] | None = None,
) -> Counted:
    """The kind and points of one meld; ``MeldProblem`` if it may not be melded.
    ``in_play``: the round fields the game scores (a switched-off kind is not)."""
    refused = refusal(meld, rules, in_play)
    if refused:
        raise MeldProblem(refused)
    kind = next((k.field for k in rules.kinds_in_play(in_play) if k.fits(meld)), "")
    return Counted(kind, points(meld, rules, values))


def totals(
    melds: Sequence[Meld],
    rules: MeldRules,
    values: Mapping[str, Any],
    in_play: Collection[str] | None = None,
) -> dict[str, int]:
    """What a side's melds fill in: its meld points and a count of each kind of
    canasta in play (0 where it has none).

    >>> rules = MeldRules(kinds=(Canasta("natural_canastas", "none"),))
    >>> totals([Meld("K", 7), Meld("4", 3)], rules, {"card_high": 10, "card_low": 5})
    {'meld_points': 85, 'natural_canastas': 1}
    """
    filled = {"meld_points": 0, **{k.field: 0 for k in rules.kinds_in_play(in_play)}}
    for meld in melds:
        counted = count(meld, rules, values, in_play)
        filled["meld_points"] += counted.points
        if counted.kind:
            filled[counted.kind] += 1
    return filled


def describe(
    rules: MeldRules, values: Mapping[str, Any], in_play: Collection[str] | None = None
) -> dict[str, Any]:
    """The meld rules of a game as JSON for the round screen's counter: each rank
    and wild card with its value at the game's card values, the limits, and the
    kinds of canasta in play in the order a meld is tried against them."""
    kinds = rules.kinds_in_play(in_play)
    return {
        "ranks": [
            {"rank": rank, "points": int(values.get(f"card_{card}", 0))}
            for rank, card in rules.ranks
        ],
        "wilds": [
            {"wild": wild, "points": int(values.get(f"card_{card}", 0))}
            for wild, card in rules.wilds
        ],
        "smallest": rules.smallest,
        "share": rules.share,
        "most_wilds": rules.most_wilds,
        "clean": list(rules.clean),
        "barred": rules.barred_in_play(in_play),
        "wild_melds": any(k.wilds == "only" for k in kinds),
        "runs": list(rules.runs) if any(k.run for k in kinds) else [],
        "longest_run": rules.longest_run,
        "kinds": [
            {
                "field": k.field,
                "wilds": k.wilds,
                "ranks": list(k.ranks),
                "least": k.least,
                "run": k.run,
            }
            for k in kinds
        ],
    }
