"""Weeping Canasta: teams of two, a weeper each, and a penalty for never weeping."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

from ..i18n import N_, problem as P_, term
from ..melds import ALL_WILD, NATURAL_AND_MIXED, Canasta, MeldRules
from ..packs import BLACK_THREES, SEVENS, WILD_CARDS, Scarce
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
    RedThrees,
    Rules,
)
from ..variant import Variant, option_error, round_error

TURNED = ("meld_points", "red_threes")  # count against a side that never wept
CANASTAS = ("natural_canastas", "mixed_canastas", "sevens_canastas", "wild_canastas")
IN_WEEPER = ("weeper_points", "red_threes_in_weeper", "black_threes_in_weeper")


class Weeping(Variant):
    id = "weeping"
    name = "Weeping Canasta"
    seed = "003_c33ed201a65b10dd.txt"
    summary = (
        "Teams of two with three decks. Each player has a hand of 13 and a weeper of 9, "
        "picked up after closing a canasta. Canastas of sevens and of wild cards pay "
        "big; a team that never picks up a weeper pays for its melds."
    )
    players = (4, 6)
    fields = (
        "natural_canastas",
        "mixed_canastas",
        "sevens_canastas",
        "wild_canastas",
        "canastas_from_hand",
        "red_threes",
        "went_out",
        "meld_points",
        "hand_points",
        "black_threes_in_hand",
        "red_threes_in_hand",
        "weepers_picked_up",
        "weeper_points",
        "red_threes_in_weeper",
        "black_threes_in_weeper",
    )
    options = (
        Option("natural_canasta", "natural canasta", 500),
        Option("mixed_canasta", "dirty canasta", 300),
        Option("sevens_canasta", "canasta of sevens", 1000),
        Option("wild_canasta", "wild-card canasta", 2500),
        Option("canasta_from_hand", "canasta out of your hand, extra", 100),
        Option("red_three", "red three laid, each", 100),
        Option("red_threes_all", "red threes that make a full set", 6, kind="positive"),
        Option("red_threes_all_bonus", "a full set of red threes on one side", 1200),
        Option("going_out", "going out", 100),
        Option("out_canastas", "canastas a side needs to go out (of any kind)", 2),
        Option("black_three_in_hand", "black three left in a hand, each (against)", 100),
        Option("red_three_in_hand", "red three left in a hand, each (against)", 5),
        Option("three_in_weeper", "three in a weeper never picked up, each (against)", 5),
        Option(
            "penalty_unless_all_wept",
            "melds count against a side that has not picked up all its weepers "
            "(not only a side that picked up none)",
            False,
            kind="flag",
        ),
        Option(
            "opening",
            "opening meld by score before the round",
            [[None, 50], [3000, 90], [5000, 120]],
            kind="thresholds",
            fill="the sheet starts at 0; a negative score is treated like 0 to 2999",
        ),
        Option(
            "target",
            "game ends when a side reaches",
            10000,
            kind="positive",
            fill="the sheet names no target; it must lie above the last opening threshold",
        ),
        Option(
            "tie_plays_on",
            "a tie for the lead plays another round",
            True,
            kind="flag",
            fill="the sheet names no target, so no tie rule either",
        ),
    )
    field_words = {  # the sheet's words for the form's fields
        "mixed_canastas": "Dirty canastas",
    }
    lines = (
        Each("natural_canastas", "natural_canasta", "natural canasta"),
        Each("mixed_canastas", "mixed_canasta", "dirty canasta"),
        Each("sevens_canastas", "sevens_canasta", "canasta of sevens"),
        Each("wild_canastas", "wild_canasta", "wild-card canasta"),
        Each("canastas_from_hand", "canasta_from_hand", "canasta out of hand"),
        RedThrees("red_threes", "red_three", "red_threes_all", "red_threes_all_bonus"),
        Flag("went_out", "going_out", "going out"),
        Points("meld_points", "meld points"),
        Points("hand_points", "cards in hand", sign=-1),
        Each("black_threes_in_hand", "black_three_in_hand", "black three in hand", sign=-1),
        Each("red_threes_in_hand", "red_three_in_hand", "red three in hand", sign=-1),
        Points("weeper_points", "weeper not picked up", sign=-1),
        Each("red_threes_in_weeper", "three_in_weeper", "red three in weeper", sign=-1),
        Each("black_threes_in_weeper", "three_in_weeper", "black three in weeper", sign=-1),
    )
    card_values = STANDARD_CARDS
    going_out = (
        "Going out needs both partners to have closed at least one canasta each and "
        "picked up their weepers."
    )
    opening = ByScore()
    end = ReachTarget()
    out_needs = (AtLeast("out_canastas", CANASTAS, "canasta"),)
    weeper_dealer_offset: ClassVar[int] = -1
    """Who deals the weepers, in seats after the dealer: "Nine cards are dealt by
    the person to the right of the dealer". The deal rotates to the left, so the
    person to the dealer's right is the one seated before them."""
    fill_notes = ("Six players in three teams of two are allowed too.",)
    notes = (
        "A dirty canasta has more naturals than wilds and at most 3 wilds.",
        "Enter threes left in hands and weepers by count, not inside the point totals.",
        "A side none of whose players picked up a weeper, when another side went out, "
        "has its meld points and laid red threes counted against it; its canasta "
        "bonuses still count.",
    )

    # A dirty canasta has more naturals than wilds and at most 3 wilds; seven
    # natural sevens are a canasta of sevens, seven wild cards a wild-card canasta.
    meld_rules = MeldRules(
        kinds=(Canasta("sevens_canastas", "none", ranks=("7",)), *NATURAL_AND_MIXED, ALL_WILD),
        share="under_half",
        most_wilds=3,
    )
    # what is left in a weeper never picked up: 0 once all a side's weepers are picked up
    in_weeper = IN_WEEPER
    # a canasta laid out of the hand and a red three in a weeper never picked up come
    # up in most rounds (the typical round of docs/usability.md has both): kept open
    rare_fields = frozenset(
        {
            "sevens_canastas",
            "wild_canastas",
            "red_threes_in_hand",
            "black_threes_in_weeper",
        }
    )
    # threes left in a hand or a weeper are entered by count, never inside the points
    counter_excludes = {"hand_points": ("black_three",), "weeper_points": ("black_three",)}

    def arrangement(self, players: int) -> tuple[int, ...]:
        return (2,) * (players // 2)

    def cards_in_play(self, players: int, rules: Rules | None = None) -> int:
        return 162

    def scarce_cards(self, players: int, rules: Rules | None = None) -> Sequence[Scarce]:
        """Three decks: 12 sevens, 18 wild cards (12 twos, 6 jokers), 6 black threes."""
        return (
            (("sevens_canastas",), 7, 12, SEVENS),
            (("wild_canastas",), 7, 18, WILD_CARDS),
            (("black_threes_in_hand", "black_threes_in_weeper"), 1, 6, BLACK_THREES),
        )

    def red_threes_in_play(self, players: int, rules: Rules | None = None) -> int:
        return 6

    def cards_by_class(self, players: int, rules: Rules | None = None) -> dict[str, int]:
        """Three decks, the threes left out: they are entered by count, never inside
        the card points (1740 points at the standard values)."""
        cards = super().cards_by_class(players, rules)
        return {key: n for key, n in cards.items() if key not in ("black_three", "red_three")}

    def weeper_dealer(self, seats: list[str], dealer: str) -> str:
        """The player who deals the weepers when ``dealer`` deals the hands.

        >>> Weeping().weeper_dealer(["Ann", "Bob", "Cat", "Dan"], "Ann")
        'Dan'
        """
        return seats[(seats.index(dealer) + self.weeper_dealer_offset) % len(seats)]

    def also_deals(self, seats: list[str], dealer: str) -> list[tuple[str, str]]:
        """The weepers are dealt by the player to the dealer's right.

        >>> Weeping().also_deals(["Ann", "Bob", "Cat", "Dan"], "Bob")
        [('Ann', 'deals the weepers')]
        """
        return [(self.weeper_dealer(seats, dealer), N_("deals the weepers"))]

    @staticmethod
    def wept_too_little(picked: int, team_size: int, rules: Rules) -> bool:
        """Whether a side pays for its melds when another side goes out: it picked up
        no weeper, or (``penalty_unless_all_wept``) not all of its weepers."""
        return picked < team_size if rules["penalty_unless_all_wept"] else picked == 0

    def side_lines(self, f: Fields, rules: Rules, ctx: Context) -> list[Line]:
        never_wept = ctx.went_out not in (None, ctx.side) and self.wept_too_little(
            f["weepers_picked_up"], ctx.team_size, rules
        )
        why = (
            N_("no weeper picked up")
            if f["weepers_picked_up"] == 0
            else N_("not all weepers picked up")
        )
        out: list[Line] = []
        for rule in self.lines:
            lines = rule.lines(f, rules, ctx)
            if never_wept and getattr(rule, "field", None) in TURNED:
                lines = [(f"{label} (against: {why})", -p) for label, p in lines]
            out += lines
        return out

    def going_out_problem(
        self,
        side: str,
        entries: Mapping[str, Fields],
        rules: Rules,
        team_size: int,
        number: int = 1,
    ) -> str | None:
        problem = super().going_out_problem(side, entries, rules, team_size, number)
        picked = entries[side]["weepers_picked_up"]
        if problem is None and picked < team_size:
            template = N_("going out needs all %(most)s weepers picked up, this side has %(have)s")
            problem = P_(template, most=team_size, have=picked)
        return problem

    def check_side(self, number: int, side: str, f: Fields, rules: Rules, team_size: int) -> None:
        """A canasta out of hand is still a canasta; a player picks up a weeper after
        closing a canasta; once every weeper is picked up, none is left to count."""
        canastas, picked = self.canastas(f), f["weepers_picked_up"]
        closed = P_(
            "%(least)s %(what)s",
            least=canastas,
            what=term(N_("canasta") if canastas == 1 else N_("canastas")),
        )
        if f["canastas_from_hand"] > canastas:
            template = N_("%(n)s is more than the %(closed)s this side has")
            problem = P_(template, n=f["canastas_from_hand"], closed=closed)
            raise round_error(number, side, "canastas_from_hand", problem)
        if picked > team_size:
            problem = P_(
                "%(n)s is more than the %(most)s players on a side", n=picked, most=team_size
            )
            raise round_error(number, side, "weepers_picked_up", problem)
        if picked > canastas:
            template = N_(
                "%(n)s is more than the %(closed)s this side has "
                "(a player picks up a weeper after closing a canasta)"
            )
            problem = P_(template, n=picked, closed=closed)
            raise round_error(number, side, "weepers_picked_up", problem)
        for name in (n for n in IN_WEEPER if picked == team_size and f[n]):
            template = N_("must be 0 once all %(most)s weepers are picked up, not %(n)s")
            problem = P_(template, most=team_size, n=f[name])
            raise round_error(number, side, name, problem)

    def check_options(self, rules: Rules) -> None:
        last = max(low for low, _ in rules["opening"] if low is not None)
        if rules["target"] <= last:
            template = N_("%(target)s must lie above the last opening threshold, %(last)s")
            problem = P_(template, target=rules["target"], last=last)
            raise option_error("target", problem)
