"""The base every variant builds on. Each hook returns the common answer; a
variant overrides only where its rules really differ (python-chess style)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from .errors import ScoringError
from .fields import CANASTA_CARDS, FIELDS, Field
from .rules import (
    AfterRounds,
    ByRound,
    ByScore,
    CardValue,
    Context,
    Fields,
    Fixed,
    Line,
    LineRule,
    Option,
    ReachTarget,
    Rules,
)

CANASTA_FIELDS = tuple(CANASTA_CARDS)


class Variant:
    """A rule set. Subclasses fill in the class attributes; see ``variants/``."""

    id: ClassVar[str]
    name: ClassVar[str]
    seed: ClassVar[str]  # the rule sheet in shared/seeds it was drawn from
    summary: ClassVar[str]  # a few sentences shown when choosing a variant
    players: ClassVar[Sequence[int]]  # allowed numbers of players
    default_players: ClassVar[int] = 4
    fields: ClassVar[Sequence[str]]  # the round fields it scores, in form order
    options: ClassVar[Sequence[Option]]
    lines: ClassVar[Sequence[LineRule]]  # the score table, in RULES.md order
    card_values: ClassVar[Sequence[CardValue]]
    card_fill: ClassVar[Mapping[str, str]] = {}  # card key -> why it is a FILL
    opening: ClassVar[ByScore | ByRound | Fixed]
    end: ClassVar[ReachTarget | AfterRounds]
    going_out: ClassVar[str]  # what going out needs, in words
    going_out_needs: ClassVar[Mapping[str, int]] = {}  # field or "canastas" -> at least
    notes: ClassVar[Sequence[str]] = ()  # rules the app cannot check, for the rules page
    # The round screen: fields a typical round leaves at 0 (folded away), fields that
    # only exist while a flag option is on, and card classes a points field's card
    # counter must not offer because the variant counts them separately.
    rare_fields: ClassVar[frozenset[str]] = frozenset()
    field_switches: ClassVar[Mapping[str, str]] = {}  # field -> flag option enabling it
    counter_excludes: ClassVar[Mapping[str, Sequence[str]]] = {}  # field -> card keys
    fill_notes: ClassVar[Sequence[str]] = ()  # FILLs that are not a number

    # -- players and seats -------------------------------------------------

    def arrangement(self, players: int) -> tuple[int, ...]:
        """Team sizes, one per side, for this many players."""
        return (players // 2, players // 2)

    def players_for_sides(self, sides: int) -> int | None:
        """The number of players ``sides`` implies when none is given."""
        if len(self.arrangement(self.default_players)) == sides:
            return self.default_players
        return next((p for p in self.players if len(self.arrangement(p)) == sides), None)

    def sits_out(self, players: int) -> bool:
        """Whether one player sits out each round (five-player classic)."""
        return False

    def cards_in_play(self, players: int) -> int:
        raise NotImplementedError

    def red_threes_in_play(self, players: int) -> int:
        raise NotImplementedError

    # -- options -----------------------------------------------------------

    def all_options(self) -> list[Option]:
        """Every house-rule option: the rule numbers, then the card values."""
        cards = [
            Option(f"card_{c.key}", f"card: {c.label}", c.points, fill=self.card_fill.get(c.key))
            for c in self.card_values
        ]
        return [*self.options, *cards]

    def defaults(self) -> dict[str, Any]:
        return {o.key: o.default for o in self.all_options()}

    def rules(self, house: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """A game's rule values: the defaults with its (already checked) house rules."""
        return {**self.defaults(), **(house or {})}

    def uses(self, field: str) -> bool:
        return field in self.fields

    def field_specs(self) -> list[Field]:
        return [FIELDS[name] for name in self.fields]

    def fields_in_play(self, rules: Rules) -> list[str]:
        """The fields a game under ``rules`` can score (a switched-off field is not).

        >>> from scorekeeper.scoring import get_variant
        >>> samba = get_variant("samba-foot")
        >>> "red_sevens_canastas" in samba.fields_in_play(samba.rules())
        False
        >>> "red_sevens_canastas" in samba.fields_in_play(samba.rules({"red_sevens": True}))
        True
        """
        switches = self.field_switches
        return [f for f in self.fields if f not in switches or rules[switches[f]]]

    def counter_cards(self, field: str) -> list[CardValue]:
        """The card classes whose points belong in ``field``'s total.

        >>> from scorekeeper.scoring import get_variant
        >>> [c.key for c in get_variant("hand-and-foot").counter_cards("meld_points")][:2]
        ['joker', 'two']
        """
        excluded = self.counter_excludes.get(field, ())
        return [c for c in self.card_values if c.key not in excluded]

    # -- scoring -----------------------------------------------------------

    def side_lines(self, f: Fields, rules: Rules, ctx: Context) -> list[Line]:
        """One side's own breakdown lines for a round."""
        return [line for rule in self.lines for line in rule.lines(f, rules, ctx)]

    def round_lines(
        self, entries: Mapping[str, Fields], rules: Rules, number: int
    ) -> dict[str, list[Line]]:
        """Every side's breakdown for one round (``entries`` has every side)."""
        went_out = next((s for s, f in entries.items() if f.get("went_out")), None)
        return {
            side: self.side_lines(f, rules, Context(number, side, went_out))
            for side, f in entries.items()
        }

    def opening_for(self, total: int, next_round: int, rules: Rules) -> int:
        return self.opening(total, next_round, rules)

    # -- validation hooks --------------------------------------------------

    def canastas(self, f: Fields) -> int:
        return sum(f.get(name, 0) for name in CANASTA_FIELDS if name in self.fields)

    def going_out_problem(
        self, side: str, entries: Mapping[str, Fields], rules: Rules, team_size: int
    ) -> str | None:
        """Why this side may not have gone out, or None."""
        f = entries[side]
        for need, least in self.going_out_needs.items():
            have = self.canastas(f) if need == "canastas" else f[need]
            if have < least:
                what = "canastas" if need == "canastas" else need.replace("_", " ")
                what = what.removesuffix("s") if least == 1 else what
                return f"going out needs at least {least} {what}, this side has {have}"
        return None

    def check_round(
        self, number: int, entries: Mapping[str, Fields], rules: Rules, players: int
    ) -> None:
        """Variant-specific checks across a round's fields; raise ScoringError."""

    def check_options(self, rules: Rules) -> None:
        """Variant-specific checks across option values; raise ScoringError."""


def round_error(number: int, side: str, field: str, problem: str) -> ScoringError:
    return ScoringError(problem, round=number, side=side, field=field)


__all__ = [
    "AfterRounds",
    "ByRound",
    "ByScore",
    "CardValue",
    "Fixed",
    "Option",
    "ReachTarget",
    "Variant",
    "round_error",
]
