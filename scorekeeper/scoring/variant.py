"""The base every variant builds on. Each hook returns the common answer; a
variant overrides only where its rules really differ (python-chess style)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from .adjustments import adjustment_lines
from .errors import option_error, round_error
from .fields import CANASTA_CARDS, EVERY_VARIANT, FIELDS, Field
from .melds import NATURAL_AND_MIXED, MeldRules
from .packs import DECK, IN_CANASTAS, STANDARD_DECK, Scarce
from .rules import (
    AfterRounds,
    AtLeast,
    ByRound,
    ByScore,
    CardPenalty,
    CardValue,
    Context,
    Each,
    Fields,
    Fixed,
    Line,
    LineRule,
    Option,
    Points,
    ReachTarget,
    Rules,
)

CANASTA_FIELDS = tuple(CANASTA_CARDS)
# A side's round score in parts: its own points, the partner whose points it also
# scores, and those points (five-person's "own -50, with Cat +35").
Share = tuple[int, str, int]


class Variant:
    """A rule set. Subclasses fill in the class attributes; see ``variants/``."""

    id: ClassVar[str]
    name: ClassVar[str]
    seed: ClassVar[str]  # the file name of the rule sheet it was drawn from
    summary: ClassVar[str]  # a few sentences shown when choosing a variant
    players: ClassVar[Sequence[int]]  # allowed numbers of players
    default_players: ClassVar[int] = 4
    fields: ClassVar[Sequence[str]]  # the round fields it scores, in form order
    options: ClassVar[Sequence[Option]]
    lines: ClassVar[Sequence[LineRule]]  # the score table, in docs/rules.md order
    card_values: ClassVar[Sequence[CardValue]]
    card_fill: ClassVar[Mapping[str, str]] = {}  # card key -> why it is a FILL
    opening: ClassVar[ByScore | ByRound | Fixed]
    end: ClassVar[ReachTarget | AfterRounds]
    going_out: ClassVar[str]  # what going out needs, in words
    out_needs: ClassVar[Sequence[AtLeast]] = ()  # going-out requirements, each an option
    notes: ClassVar[Sequence[str]] = ()  # rules the app cannot check, for the rules page
    # The round screen: fields a typical round leaves at 0 (folded away), fields that
    # only exist while a flag option is on, and card classes a points field's card
    # counter must not offer because the variant counts them separately.
    rare_fields: ClassVar[frozenset[str]] = frozenset()
    field_switches: ClassVar[Mapping[str, str]] = {}  # field -> flag option enabling it
    counter_excludes: ClassVar[Mapping[str, Sequence[str]]] = {}  # field -> card keys
    fill_notes: ClassVar[Sequence[str]] = ()  # FILLs that are not a number
    has_dealer: ClassVar[bool] = True  # whether the sheet has a dealer (deal rotates)
    # The variant's own words for a round field where its rule sheet names the thing
    # otherwise than the catalogue ("Clean piles" for ``natural_canastas``): every
    # form, printout and doc labels the field so. The JSON field names never change.
    field_words: ClassVar[Mapping[str, str]] = {}
    # What a meld may hold and which canasta it makes, for the meld counter
    # (``melds.py``): by default natural and mixed canastas, at least as many
    # naturals as wilds.
    meld_rules: ClassVar[MeldRules] = MeldRules(kinds=NATURAL_AND_MIXED)

    # -- players and seats -------------------------------------------------

    def arrangement(self, players: int) -> tuple[int, ...]:
        """The usual team sizes, one per side, for this many players."""
        return (players // 2, players // 2)

    def arrangements(self, players: int) -> list[tuple[int, ...]]:
        """Every allowed way to seat this many players as sides (team sizes, one
        per side); the first is the usual one, ``arrangement(players)``. A variant
        where the same players may also play another way lists that way too."""
        return [self.arrangement(players)]

    def arrangement_for(self, players: int, sides: int) -> tuple[int, ...] | None:
        """The team sizes of ``players`` playing as ``sides`` sides, or None if
        this variant does not allow that."""
        return next((a for a in self.arrangements(players) if len(a) == sides), None)

    def players_for_sides(self, sides: int) -> int | None:
        """The number of players ``sides`` implies when none is given: the default
        number of players if they can play as that many sides (so two sides of
        Hand and Foot are four players in teams), else the smallest allowed number
        that can (four sides of Hand and Foot: four players, each alone)."""
        if self.arrangement_for(self.default_players, sides):
            return self.default_players
        return next((p for p in self.players if self.arrangement_for(p, sides)), None)

    def team_sizes(self, players: int, sides: Sequence[str]) -> dict[str, int]:
        """How many players each side has (the usual arrangement if none fits)."""
        sizes = self.arrangement_for(players, len(sides)) or self.arrangement(players)
        return dict(zip(sides, sizes, strict=False))

    def score_partners(self, sides: Sequence[str], side: str) -> tuple[str, str] | None:
        """Where a player also scores another's points: (their partner, their
        rentrap, whose score they add to theirs). None in most variants."""
        return None

    def shares(
        self, sides: Sequence[str], breakdown: Mapping[str, Sequence[Sequence[Any]]]
    ) -> dict[str, Share]:
        """Where a side's round score holds another's points (five-person: the
        partner's), each side's own part and the other's: ``{side: (own, partner,
        partner's points)}``, read from the round's ``breakdown``. None elsewhere."""
        return {}

    def sits_out(self, players: int) -> bool:
        """Whether one player sits out each round (five-player classic)."""
        return False

    def also_deals(self, seats: list[str], dealer: str) -> list[tuple[str, str]]:
        """Who else deals something when ``dealer`` deals the hands, and what:
        ``[(player, "deals the weepers")]`` in Weeping Canasta; none by default."""
        return []

    def table_partners(self, sides: list[str]) -> list[tuple[str, str, str]]:
        """Each player's partner and rentrap as ``(player, partner, rentrap)``, where
        partners change from seat to seat (five-person); none by default."""
        return []

    # The packs may depend on a game's rules (extra decks); by default, the defaults.
    def cards_in_play(self, players: int, rules: Rules | None = None) -> int:
        raise NotImplementedError

    def scarce_cards(self, players: int, rules: Rules | None = None) -> Sequence[Scarce]:
        """Kinds of card the packs hold few of (sevens, wild cards...) that some
        fields use up: no round may count more of one than are in play. None here."""
        return ()

    def card_limits(self, players: int, rules: Rules | None = None) -> list[Scarce]:
        """What the packs bound in one round, all sides together: the cards in
        canastas (``cards each`` 0: each canasta field's own size) and every scarce
        kind. The engine checks rounds against it; generated rounds are fitted to it."""
        canastas = tuple(n for n in CANASTA_FIELDS if self.uses(n))
        return [
            (canastas, 0, self.cards_in_play(players, rules), IN_CANASTAS),
            *self.scarce_cards(players, rules),
        ]

    def red_threes_in_play(self, players: int, rules: Rules | None = None) -> int:
        raise NotImplementedError

    def cards_by_class(self, players: int, rules: Rules | None = None) -> dict[str, int]:
        """The cards in play by card class: whole 54-card decks unless a variant
        says otherwise."""
        decks = self.cards_in_play(players, rules) // DECK
        return {key: n * decks for key, n in STANDARD_DECK.items()}

    def card_points_in_play(self, players: int, rules: Rules) -> int:
        """The value of all the cards in play at the game's card values (``rules``):
        the most the card points of one round, all sides together, can come to.

        >>> from scorekeeper.scoring import get_variant
        >>> classic = get_variant("classic")
        >>> classic.card_points_in_play(4, classic.rules()), classic.card_points_in_play(
        ...     6, classic.rules({"card_joker": 100}))
        (1180, 2070)
        """
        cards = self.cards_by_class(players, rules)
        return sum(n * rules.get(f"card_{key}", 0) for key, n in cards.items())

    # -- options -----------------------------------------------------------

    def all_options(self) -> list[Option]:
        """Every house-rule option: the rule numbers, then the card values."""
        return list(self._made()[0])

    def defaults(self) -> dict[str, Any]:
        return dict(self._made()[1])

    def _made(self) -> tuple[tuple[Option, ...], dict[str, Any]]:
        """``all_options`` and ``defaults``, made once per variant (every page and
        every save asks for them several times); made again if the class data they
        come from is replaced."""
        source = (self.options, self.card_values, self.card_fill)
        kept = self.__dict__.get("_options_made")
        if kept is None or any(a is not b for a, b in zip(kept[0], source, strict=True)):
            cards = [
                Option(
                    f"card_{c.key}",
                    f"card: {c.label}",
                    c.points,
                    fill=self.card_fill.get(c.key),
                    in_fives=True,
                )
                for c in self.card_values
            ]
            options = (*self.options, *cards)
            kept = self.__dict__["_options_made"] = (
                source,
                options,
                {o.key: o.default for o in options},
            )
        return kept[1], kept[2]

    def rules(self, house: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """A game's rule values: the defaults with its (already checked) house rules."""
        return {**self.defaults(), **(house or {})}

    @property
    def going_out_needs(self) -> dict[str, int]:
        """The default going-out requirements as ``{field or "canastas": at least}``
        ("canastas" where several kinds count together). Kept for callers written
        before the ``out_*`` options; the game's own rules may differ."""
        defaults = self.defaults()
        return {
            need.fields[0] if len(need.fields) == 1 else "canastas": defaults[need.option]
            for need in self.out_needs
        }

    def card_penalties(self, house: Mapping[str, Any] | None = None) -> list[CardPenalty]:
        """Who pays for the cards left over when a side goes out, under a game's
        rules (``house``: its house rules or all its rule values): every line that
        takes points off for cards in a hand, foot or weeper, in table order.

        >>> from scorekeeper.scoring import get_variant
        >>> [(p.label, p.out_side, p.other_sides)
        ...  for p in get_variant("hand-and-foot").card_penalties()]
        [('cards in hand', False, True), ('foot not picked up', True, True)]
        >>> samba = get_variant("samba-foot")
        >>> [p.out_side for p in samba.card_penalties({"count_out_side_hands": False})]
        [False, True]
        """
        rules = self.rules(house)
        return [
            CardPenalty(
                rule.field, rule.label, rule.counts_for(True, rules), rule.counts_for(False, rules)
            )
            for rule in self.lines
            if isinstance(rule, (Points, Each)) and rule.sign < 0
        ]

    def uses(self, field: str) -> bool:
        return field in self.fields or field in EVERY_VARIANT

    @property
    def round_fields(self) -> tuple[str, ...]:
        """Every field a side's round takes: the variant's own, then the table's
        adjustment and its note (every variant has those)."""
        return (*self.fields, *EVERY_VARIANT)

    def field_spec(self, name: str) -> Field:
        """A round field as this variant labels it.

        >>> from scorekeeper.scoring import get_variant
        >>> [get_variant(v).field_spec("natural_canastas").label
        ...  for v in ("classic", "hand-and-foot", "samba-foot")]
        ['Natural canastas', 'Clean piles', 'Red canastas']
        """
        spec, words = FIELDS[name], self.field_words.get(name)
        return replace(spec, label=words) if words else spec

    def field_label(self, name: str) -> str:
        """A round field's label in this variant's words (English; pages translate it)."""
        return self.field_spec(name).label

    def field_specs(self) -> list[Field]:
        return [self.field_spec(name) for name in self.fields]

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
        self,
        entries: Mapping[str, Fields],
        rules: Rules,
        number: int,
        sizes: Mapping[str, int] | None = None,
    ) -> dict[str, list[Line]]:
        """Every side's breakdown for one round (``entries`` has every side;
        ``sizes`` their team sizes, by default as ``players_for_sides`` implies)."""
        if sizes is None:
            players = self.players_for_sides(len(entries)) or self.default_players
            sizes = self.team_sizes(players, list(entries))
        went_out = next((s for s, f in entries.items() if f.get("went_out")), None)
        players = sum(sizes.get(side, 1) for side in entries)
        return {
            side: self.side_lines(
                f, rules, Context(number, side, went_out, sizes.get(side, 1), players)
            )
            for side, f in entries.items()
        }

    def breakdown(
        self, entries: Mapping[str, Fields], rules: Rules, number: int, sizes: Mapping[str, int]
    ) -> dict[str, list[Line]]:
        """Every side's whole breakdown: ``round_lines`` (in five-person, the
        partner's points included), then the side's own adjustment, added last."""
        lines = self.round_lines(entries, rules, number, sizes or None)
        return {side: [*lines[side], *adjustment_lines(entries[side])] for side in lines}

    def opening_for(self, total: int, next_round: int, rules: Rules) -> int:
        return self.opening(total, next_round, rules)

    # -- validation hooks --------------------------------------------------

    def canastas(self, f: Fields) -> int:
        return sum(f.get(name, 0) for name in CANASTA_FIELDS if name in self.fields)

    def going_out_problem(
        self,
        side: str,
        entries: Mapping[str, Fields],
        rules: Rules,
        team_size: int,
        number: int = 1,
    ) -> str | None:
        """Why this side may not have gone out in round ``number``, or None: the first
        ``out_needs`` requirement (at the game's numbers) its canastas do not meet."""
        f = entries[side]
        for need in self.out_needs:
            problem = need.problem(need.count(f), rules, number)
            if problem:
                return problem
        return None

    def check_side(self, number: int, side: str, f: Fields, rules: Rules, team_size: int) -> None:
        """Variant-specific checks across one side's own fields, made before the
        going-out requirement and the checks across sides; raise ScoringError."""

    def check_round(
        self, number: int, entries: Mapping[str, Fields], rules: Rules, players: int
    ) -> None:
        """Variant-specific checks across a round's sides; raise ScoringError."""

    def check_options(self, rules: Rules) -> None:
        """Variant-specific checks across option values; raise ScoringError."""


__all__ = [
    "AfterRounds",
    "AtLeast",
    "ByRound",
    "ByScore",
    "CardValue",
    "Fixed",
    "Option",
    "ReachTarget",
    "Variant",
    "option_error",
    "round_error",
]
