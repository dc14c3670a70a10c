"""The building blocks a variant is made of: house-rule options, score lines,
opening requirements and game-end rules. All data; no variant logic here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from .i18n import N_, Problem, problem as P_, term

Line = tuple[str, int]  # (label, points) in a round's breakdown
Fields = Mapping[str, Any]  # one side's fields in one round, defaults filled in
Rules = Mapping[str, Any]  # a game's option values: defaults merged with house rules


@dataclass(frozen=True)
class Option:
    """A number (or switch, or table) a game may change as a house rule.

    ``kind`` is ``points`` (whole number >= 0, at most ``most`` when given),
    ``positive`` (whole number >= 1), ``flag`` (true/false), ``thresholds``
    (``[[min score or null, points], ...]`` with rising minimums), ``by_round``
    (``[points for round 1, 2, ...]``), ``rising`` (a whole number >= 0 for every
    round, or a list of them, one per round of the game: ``for_round``) or
    ``choice`` (one of the words in ``choices``).
    ``fill`` gives the reason where docs/rules.md marks the seed value as a FILL;
    ``in_fives``: a card's value, a multiple of 5 (docs/rules.md: every entered point
    total is one, which a card worth 7 would break).
    """

    key: str
    label: str
    default: Any
    kind: str = "points"
    fill: str | None = None
    in_fives: bool = False
    group: str | None = None  # its topic (a key of TOPICS) where its key does not say
    most: int | None = None  # the largest value a ``points`` option may take
    choices: tuple[str, ...] = ()  # the words a ``choice`` option may take, default first
    players: tuple[int, ...] = ()  # the player counts it matters at (empty: every count)

    @property
    def topic(self) -> str:
        """The house-rule editor's topic for this option (a key of ``TOPICS``):
        ``group`` if given, else read off the key.

        >>> [Option(k, "", 0).topic for k in ("card_ace", "out_canastas", "opening_reduced",
        ...                                   "red_threes_all", "samba", "target", "kitty")]
        ['cards', 'going_out', 'opening', 'red_threes', 'canastas', 'game', 'other']
        """
        return self.group or topic_of(self.key)


# The house-rule editor's topics, in the order it shows them, each folded on its own:
# an option belongs to the one its key names (``topic_of``).
TOPICS = {
    "canastas": N_("Canastas"),
    "red_threes": N_("Red threes"),
    "going_out": N_("Going out"),
    "opening": N_("Opening meld"),
    "other": N_("Other bonuses and penalties"),
    "game": N_("Deal, game end and ties"),
    "cards": N_("Card values"),
}
# The words a ``choice`` option may take, as a table says them.
CHOICES = {
    "one_more_natural": N_("at least one more natural card than wild cards"),
    "at_least_equal": N_("at least as many natural cards as wild cards"),
}
GOING_OUT_KEYS = ("going_out", "concealed", "count_out_side_hands")
GAME_KEYS = ("target", "rounds", "tie_plays_on", "sitter_deals")


def topic_of(key: str) -> str:
    """The topic an option's key names (``card_ace``: the card values)."""
    if key.startswith("card_"):
        return "cards"
    if key.startswith("out_") or key in GOING_OUT_KEYS:
        return "going_out"
    if key.startswith("opening"):
        return "opening"
    if key in GAME_KEYS:
        return "game"
    if key.startswith("red_three"):
        return "red_threes"
    if "canasta" in key or key in ("samba", "red_sevens"):
        return "canastas"
    return "other"


@dataclass(frozen=True)
class Context:
    """What a side's score may depend on beyond its own fields."""

    round: int
    side: str
    went_out: str | None  # the side that went out this round, if any
    team_size: int = 1  # how many players the side has
    players: int = 0  # how many play in all (0: not known)


def for_round(value: Any, number: int) -> int:
    """A ``rising`` option's value in round ``number``: a number is the same every
    round; a list gives round n its n-th value, and its last after the list.

    >>> [for_round(100, 3), for_round([100, 200, 300, 400], 2), for_round([1, 2], 5)]
    [100, 200, 2]
    """
    if isinstance(value, list):
        return int(value[min(max(number, 1), len(value)) - 1])
    return int(value)


class LineRule(Protocol):
    def lines(self, f: Fields, rules: Rules, ctx: Context) -> list[Line]: ...


def counted(label: str, n: int) -> str:
    return label if n == 1 else f"{label} ×{n}"


@dataclass(frozen=True)
class Each:
    """``count × value`` of an option: a bonus, or a penalty with ``sign=-1``."""

    field: str
    option: str
    label: str
    sign: int = 1

    def counts_for(self, went_out: bool, rules: Rules) -> bool:
        """A count of cards always counts, whoever went out."""
        return True

    def lines(self, f: Fields, rules: Rules, ctx: Context) -> list[Line]:
        n = f[self.field]
        return [(counted(self.label, n), self.sign * n * rules[self.option])] if n else []


@dataclass(frozen=True)
class Flag:
    """A one-off bonus for a true/false field."""

    field: str
    option: str
    label: str

    def lines(self, f: Fields, rules: Rules, ctx: Context) -> list[Line]:
        return [(self.label, for_round(rules[self.option], ctx.round))] if f[self.field] else []


@dataclass(frozen=True)
class Switch:
    """A yes/no rule that follows a flag option, so a table can change it.

    ``Switch("x")`` is on while option ``x`` is true; ``Switch("x", when=False)``
    while it is false.

    >>> Switch("count_out_side_hands", when=False).on({"count_out_side_hands": True})
    False
    """

    option: str
    when: bool = True

    def on(self, rules: Rules) -> bool:
        return bool(rules[self.option]) is self.when


def is_on(rule: bool | Switch, rules: Rules) -> bool:
    """A fixed yes/no, or a ``Switch`` read from the game's rules."""
    return rule.on(rules) if isinstance(rule, Switch) else rule


@dataclass(frozen=True)
class Points:
    """Card points entered as a total: added (``sign=1``) or subtracted.

    ``spare_went_out`` leaves them out for the side that went out: always
    (``True``), never (``False``) or as a flag option says (a ``Switch``).
    """

    field: str
    label: str
    sign: int = 1
    spare_went_out: bool | Switch = False

    def counts_for(self, went_out: bool, rules: Rules) -> bool:
        """Whether these points count for a side that did (or did not) go out."""
        return not (went_out and is_on(self.spare_went_out, rules))

    def lines(self, f: Fields, rules: Rules, ctx: Context) -> list[Line]:
        if not self.counts_for(ctx.went_out == ctx.side, rules):
            return []
        return [(self.label, self.sign * f[self.field])] if f[self.field] else []


@dataclass(frozen=True)
class RedThrees:
    """Red threes laid: ``each`` apiece, or a flat ``big_value`` for the first
    ``big_count`` once a side lays that many (then ``each`` for every further one)."""

    field: str
    each: str
    big_count: str
    big_value: str
    label: str = "red three"

    def lines(self, f: Fields, rules: Rules, ctx: Context) -> list[Line]:
        n, each = f[self.field], rules[self.each]
        big = rules[self.big_count]
        if n and n >= big:
            return [(f"{self.label} ×{n}", rules[self.big_value] + (n - big) * each)]
        return [(counted(self.label, n), n * each)] if n else []


@dataclass(frozen=True)
class AtLeast:
    """A going-out requirement: at least ``rules[option]`` canastas of the kinds in
    ``fields`` (summed). ``what`` names one such canasta in messages.

    The number is a house-rule option, so 0 means going out needs none of them.

    >>> need = AtLeast("out_canastas", ("natural_canastas", "mixed_canastas"), "canasta")
    >>> need.problem(need.count({"natural_canastas": 1}), {"out_canastas": 2})
    'going out needs at least 2 canastas, this side has 1'
    >>> need.problem(0, {"out_canastas": 0}) is None
    True
    """

    option: str
    fields: tuple[str, ...]
    what: str

    def count(self, f: Fields) -> int:
        return sum(int(f.get(name, 0)) for name in self.fields)

    def least(self, rules: Rules, number: int = 1) -> int:
        """The number needed in round ``number`` (the option may rise by round)."""
        return for_round(rules[self.option], number)

    def describe(self, least: int) -> Problem:
        """``least`` of these canastas in words: "1 canasta", "2 mixed canastas"."""
        return P_(
            "%(least)s %(what)s",
            least=least,
            what=term(self.what if least == 1 else f"{self.what}s"),
        )

    def problem(self, have: int, rules: Rules, number: int = 1) -> str | None:
        least = self.least(rules, number)
        if have >= least:
            return None
        template = N_("going out needs at least %(need)s, this side has %(have)s")
        return P_(template, need=self.describe(least), have=have)


# The canastas ``AtLeast.what`` names, one and several, for the catalogs.
CANASTA_WORDS = (
    N_("canasta"),
    N_("canastas"),
    N_("natural canasta"),
    N_("natural canastas"),
    N_("mixed canasta"),
    N_("mixed canastas"),
    N_("wild canasta"),
    N_("wild canastas"),
    N_("samba"),
    N_("sambas"),
)


@dataclass(frozen=True)
class CardPenalty:
    """Who pays for one kind of card left over when a side goes out, for the
    rules page: the line's ``label``, its round ``field``, and whether it counts
    for the side that went out (``out_side``) and for every other side."""

    field: str
    label: str
    out_side: bool
    other_sides: bool


@dataclass(frozen=True)
class ByScore:
    """Opening requirement from the side's total before the round."""

    option: str = "opening"
    kind = "score"

    def __call__(self, total: int, round_number: int, rules: Rules) -> int:
        table: Sequence[Sequence[int | None]] = rules[self.option]
        need = int(table[0][1] or 0)
        for low, points in table:
            if low is None or total >= low:
                need = int(points or 0)
        return need


@dataclass(frozen=True)
class ByRound:
    """Opening requirement by round number; the last value holds after the table."""

    option: str = "opening"
    kind = "round"

    def __call__(self, total: int, round_number: int, rules: Rules) -> int:
        table: Sequence[int] = rules[self.option]
        return int(table[min(round_number, len(table)) - 1])


@dataclass(frozen=True)
class Fixed:
    """The same opening requirement every round."""

    option: str = "opening"
    kind = "fixed"

    def __call__(self, total: int, round_number: int, rules: Rules) -> int:
        return int(rules[self.option])


@dataclass(frozen=True)
class ReachTarget:
    """Over after a round in which a side reaches the target. The highest total
    wins; a tie for it plays another round while the ``tie_plays_on`` option is
    on, and shares the win when it is off."""

    option: str = "target"

    def winners(self, totals: Mapping[str, int], rounds: int, rules: Rules) -> list[str]:
        best = max(totals.values())
        leaders = [s for s, t in totals.items() if t == best]
        if best < rules[self.option] or (len(leaders) > 1 and rules["tie_plays_on"]):
            return []
        return leaders


@dataclass(frozen=True)
class AfterRounds:
    """Over after a fixed number of rounds; equal highest totals share the win.
    With a ``target`` option above 0, over instead after the round in which a side
    reaches it (equal highest totals still share the win)."""

    option: str = "rounds"
    target: str | None = None

    def by_target(self, rules: Rules) -> int:
        """The target score the game plays to, or 0 while it plays its rounds."""
        return int(rules[self.target]) if self.target else 0

    def winners(self, totals: Mapping[str, int], rounds: int, rules: Rules) -> list[str]:
        target = self.by_target(rules)
        if target and max(totals.values()) < target:
            return []
        if not target and rounds < rules[self.option]:
            return []
        best = max(totals.values())
        return [s for s, t in totals.items() if t == best]


@dataclass(frozen=True)
class CardValue:
    """A class of cards for the card counter: ``key``, what it covers, its points."""

    key: str
    label: str
    points: int


# Standard Canasta card values, shared by every variant but five-person.
STANDARD_CARDS = (
    CardValue("joker", "joker", 50),
    CardValue("two", "two", 20),
    CardValue("ace", "ace", 20),
    CardValue("high", "8 to K", 10),
    CardValue("low", "4 to 7", 5),
    CardValue("black_three", "black three", 5),
)
