"""Canasta (Church Dyke Rules): two to six players, score-based openings, 5000 to win."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..errors import quote
from ..i18n import N_, problem as P_
from ..melds import ALL_WILD, NATURAL_AND_MIXED, MeldRules
from ..packs import WILD_CARDS, Scarce
from ..rules import (
    STANDARD_CARDS,
    AtLeast,
    ByScore,
    Context,
    Each,
    Fields,
    Flag,
    Line,
    Option,
    Points,
    ReachTarget,
    Rules,
    Switch,
    counted,
)
from ..variant import Variant, round_error

CANASTAS = ("natural_canastas", "mixed_canastas", "wild_canastas")
NOTHING_MELDED = N_("nothing melded")


def red_threes_in_play(players: int) -> int:
    """Two packs hold 4 red threes; three packs (six players) 6."""
    return 6 if players == 6 else 4


@dataclass(frozen=True)
class ClassicRedThrees:
    """Red threes laid, with standard Canasta's two house options: a side holding
    every red three in play scores ``red_threes_all_bonus`` for them (when above 0)
    instead of ``red_three`` each, and under ``red_threes_unmelded`` a side that
    melded nothing (0 meld points, no canasta) counts them against it.

    >>> rule, ctx = ClassicRedThrees(), Context(1, "A", "B", 2, 4)
    >>> rules = {"red_three": 100, "red_threes_all_bonus": 800, "red_threes_unmelded": True}
    >>> rule.lines({"red_threes": 4, "meld_points": 0}, rules, ctx)
    [('red three ×4 (against: nothing melded)', -800)]
    >>> rule.lines({"red_threes": 2, "meld_points": 90}, rules, ctx)
    [('red three ×2', 200)]
    """

    field: str = "red_threes"
    option: str = "red_three"
    label: str = "red three"
    options = ("red_three", "red_threes_all_bonus", "red_threes_unmelded")

    def described(self, value: Callable[[str], str]) -> str:
        """The points column of docs/rules.md (``value`` gives an option's default)."""
        return (
            f"+{value('red_three')} each; every red three in play on one side: "
            "`red_threes_all_bonus` instead, when above 0; against a side that melded "
            "nothing (no meld points, no canasta) when `red_threes_unmelded`"
        )

    def lines(self, f: Fields, rules: Rules, ctx: Context) -> list[Line]:
        n = f[self.field]
        if not n:
            return []
        bonus = rules["red_threes_all_bonus"]
        full = bonus and n >= red_threes_in_play(ctx.players or 4)
        points, label = (bonus if full else n * rules[self.option]), counted(self.label, n)
        melded = f.get("meld_points", 0) or any(f.get(name, 0) for name in CANASTAS)
        if rules["red_threes_unmelded"] and not melded:
            return [(f"{label} (against: {NOTHING_MELDED})", -points)]
        return [(label, points)]


class Classic(Variant):
    id = "classic"
    name = "Canasta (Church Dyke Rules)"
    seed = "000_9aa04ae40477b10b.txt"
    summary = (
        "Two packs and four jokers (three packs for six). Two or three play alone; "
        "four, five or six play in two teams. First to 5000 wins; the opening meld "
        "grows with your score."
    )
    players = (2, 3, 4, 5, 6)
    fields = (
        "natural_canastas",
        "mixed_canastas",
        "red_threes",
        "went_out",
        "concealed",
        "dealer_bonus",
        "wild_canastas",
        "meld_points",
        "hand_points",
    )
    options = (
        Option("natural_canasta", "natural canasta", 500),
        Option("mixed_canasta", "mixed canasta", 300),
        Option(
            "red_three",
            "red three laid, each",
            100,
            fill="the sheet says to add the value of your red threes but gives none; "
            "standard Canasta's 100",
        ),
        Option("going_out", "going out", 100),
        Option("concealed", "hidden canasta (going out concealed), extra", 100),
        Option("dealer_bonus", "dealer picked up exactly the right number", 100),
        Option("out_canastas", "canastas a side needs to go out", 1),
        Option(
            "opening",
            "opening meld by score before the round",
            [[None, 0], [0, 50], [1500, 90], [3000, 120]],
            kind="thresholds",
        ),
        Option("target", "game ends when a side reaches", 5000, kind="positive"),
        Option(
            "deal_in_turn",
            "with five players, every player deals in turn",
            True,
            kind="flag",
            fill="the sheet has a new dealer, to the left of the last, each round, and "
            "says no more for five: so all five deal in turn, whoever sits out, and "
            "both teams can earn the dealer bonus (off: the next rule decides)",
            players=(5,),
        ),
        Option(
            "sitter_deals",
            "with five players, when the deal is not in turn, the player sitting out deals",
            True,
            kind="flag",
            fill="the sheet does not say who deals when one player sits out; a common "
            "rule is that the player sitting out deals (the team of two then never "
            "deals; off: the deal passes clockwise and skips whoever sits out)",
            players=(5,),
        ),
        Option(
            "tie_plays_on",
            "a tie for the lead plays another round",
            True,
            kind="flag",
            fill="the sheet does not say what a tie for the highest score does",
        ),
        Option(
            "red_threes_all_bonus",
            "every red three in play on one side, instead of each (0: off)",
            0,
        ),
        Option(
            "red_threes_unmelded",
            "red threes count against a side that melded nothing",
            False,
            kind="flag",
        ),
        Option("wild_canasta", "wild-card canasta (0: not played)", 0),
        Option(
            "count_out_side_hands",
            "hand points count against the side that went out too",
            False,
            kind="flag",
        ),
    )
    lines = (
        Each("natural_canastas", "natural_canasta", "natural canasta"),
        Each("mixed_canastas", "mixed_canasta", "mixed canasta"),
        Each("wild_canastas", "wild_canasta", "wild-card canasta"),
        ClassicRedThrees(),
        Flag("went_out", "going_out", "going out"),
        Flag("concealed", "concealed", "hidden canasta"),
        Flag("dealer_bonus", "dealer_bonus", "dealer bonus"),
        Points("meld_points", "meld points"),
        Points(
            "hand_points",
            "cards in hand",
            sign=-1,
            spare_went_out=Switch("count_out_side_hands", when=False),
        ),
    )
    card_values = STANDARD_CARDS
    card_fill = {"black_three": "the sheet gives no value; standard Canasta's"}
    going_out = "Going out needs at least one canasta on the side's table."
    opening = ByScore()
    end = ReachTarget()
    out_needs = (AtLeast("out_canastas", CANASTAS, "canasta"),)
    notes = (
        "A first meld that is a canasta meets any opening requirement.",
        "With five players, one player of the team of three sits out each round, in rotation.",
        "Standard Canasta's house options, off by default: every red three in play on "
        "one side pays a single bonus (standard Canasta: 800); red threes count against "
        "a side that melded nothing (no meld points, no canasta); wild-card canastas of "
        "seven or more twos and jokers (1000 or 2000), which count for going out; and "
        "the hands of the side that went out count against it too.",
    )

    # At least as many naturals as wilds, at most three wilds; seven or more wild
    # cards alone make a wild-card canasta while the wild_canasta option is played.
    meld_rules = MeldRules(
        kinds=(*NATURAL_AND_MIXED, ALL_WILD),
        most_wilds=3,
    )
    rare_fields = frozenset({"concealed", "dealer_bonus", "wild_canastas"})
    field_switches = {"wild_canastas": "wild_canasta"}  # played while its value is above 0

    def arrangement(self, players: int) -> tuple[int, ...]:
        return {4: (2, 2), 5: (2, 3), 6: (3, 3)}.get(players, (1,) * players)

    def sits_out(self, players: int) -> bool:
        return players == 5

    def cards_in_play(self, players: int, rules: Rules | None = None) -> int:
        return 162 if players == 6 else 108

    def red_threes_in_play(self, players: int, rules: Rules | None = None) -> int:
        return red_threes_in_play(players)

    def scarce_cards(self, players: int, rules: Rules | None = None) -> Sequence[Scarce]:
        """Twelve wild cards in two packs (8 twos, 4 jokers), eighteen in three."""
        return ((("wild_canastas",), 7, 18 if players == 6 else 12, WILD_CARDS),)

    def check_side(self, number: int, side: str, f: Fields, rules: Rules, team_size: int) -> None:
        """Wild-card canastas count only in a game that plays them."""
        if f["wild_canastas"] and not rules["wild_canasta"]:
            problem = P_(
                "wild-card canastas are not played in this game (the wild_canasta option is 0)"
            )
            raise round_error(number, side, "wild_canastas", problem)

    def check_round(
        self, number: int, entries: Mapping[str, Fields], rules: Rules, players: int
    ) -> None:
        """There is one dealer, so at most one side has the dealer bonus."""
        dealer = None
        for side, f in entries.items():
            if not f["dealer_bonus"]:
                continue
            if dealer is not None:
                template = N_("only one side can have the dealer bonus; %(other)s already has it")
                problem = P_(template, other=quote(dealer))
                raise round_error(number, side, "dealer_bonus", problem)
            dealer = side
