"""Canasta (Church Dyke Rules): two to six players, score-based openings, 5000 to win."""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import quote
from ..i18n import N_
from ..i18n import problem as P_
from ..rules import (
    STANDARD_CARDS,
    AtLeast,
    ByScore,
    Each,
    Fields,
    Flag,
    Option,
    Points,
    ReachTarget,
    Rules,
)
from ..variant import Variant, round_error


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
        "natural_canastas", "mixed_canastas", "red_threes", "went_out", "concealed",
        "dealer_bonus", "meld_points", "hand_points",
    )  # fmt: skip
    options = (
        Option("natural_canasta", "natural canasta", 500),
        Option("mixed_canasta", "mixed canasta", 300),
        Option(
            "red_three", "red three laid, each", 100,
            fill="the sheet says to add the value of your red threes but gives none; "
            "standard Canasta's 100",
        ),
        Option("going_out", "going out", 100),
        Option("concealed", "hidden canasta (going out concealed), extra", 100),
        Option("dealer_bonus", "dealer picked up exactly the right number", 100),
        Option("out_canastas", "canastas a side needs to go out", 1),
        Option(
            "opening", "opening meld by score before the round",
            [[None, 0], [0, 50], [1500, 90], [3000, 120]], kind="thresholds",
        ),
        Option("target", "game ends when a side reaches", 5000, kind="positive"),
        Option(
            "sitter_deals", "with five players, the player sitting out deals", True,
            kind="flag",
            fill="the sheet does not say who deals when one player sits out; the usual "
            "rule is that the player sitting out deals (off: the deal passes clockwise "
            "and skips whoever sits out)",
        ),
        Option(
            "tie_plays_on", "a tie for the lead plays another round", True, kind="flag",
            fill="the sheet does not say what a tie for the highest score does",
        ),
    )  # fmt: skip
    lines = (
        Each("natural_canastas", "natural_canasta", "natural canasta"),
        Each("mixed_canastas", "mixed_canasta", "mixed canasta"),
        Each("red_threes", "red_three", "red three"),
        Flag("went_out", "going_out", "going out"),
        Flag("concealed", "concealed", "hidden canasta"),
        Flag("dealer_bonus", "dealer_bonus", "dealer bonus"),
        Points("meld_points", "meld points"),
        Points("hand_points", "cards in hand", sign=-1, spare_went_out=True),
    )
    card_values = STANDARD_CARDS
    card_fill = {"black_three": "the sheet gives no value; standard Canasta's"}
    going_out = "Going out needs at least one canasta on the side's table."
    opening = ByScore()
    end = ReachTarget()
    out_needs = (AtLeast("out_canastas", ("natural_canastas", "mixed_canastas"), "canasta"),)
    notes = (
        "A first meld that is a canasta meets any opening requirement.",
        "With five players, one player of the team of three sits out each round, in rotation.",
    )

    rare_fields = frozenset({"concealed", "dealer_bonus"})

    def arrangement(self, players: int) -> tuple[int, ...]:
        return {4: (2, 2), 5: (2, 3), 6: (3, 3)}.get(players, (1,) * players)

    def sits_out(self, players: int) -> bool:
        return players == 5

    def cards_in_play(self, players: int) -> int:
        return 162 if players == 6 else 108

    def red_threes_in_play(self, players: int) -> int:
        return 6 if players == 6 else 4

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
