"""Hand and Foot: a deck per player, four rounds with rising openings."""

from __future__ import annotations

from ..rules import (
    STANDARD_CARDS,
    AfterRounds,
    AtLeast,
    ByRound,
    CardValue,
    Each,
    Flag,
    Option,
    Points,
)
from ..variant import Variant


class HandAndFoot(Variant):
    id = "hand-and-foot"
    name = "Hand and Foot"
    seed = "001_85234c199684ab4e.txt"
    summary = (
        "One deck with jokers per player; each player has a hand and a foot. An odd "
        "number of players play alone, an even number in two teams or each alone. Four "
        "rounds; the opening meld rises each round."
    )
    players = tuple(range(2, 13))
    fields = (
        "natural_canastas",
        "mixed_canastas",
        "red_threes",
        "went_out",
        "meld_points",
        "hand_points",
        "foot_points",
    )
    options = (
        Option("natural_canasta", "clean pile (natural canasta)", 500),
        Option("mixed_canasta", "dirty pile (mixed canasta)", 300),
        Option("red_three", "red three laid, each", 100),
        Option("going_out", "going out", 100),
        Option("out_natural_canastas", "clean piles a side needs to go out", 1),
        Option("out_mixed_canastas", "dirty piles a side needs to go out", 1),
        Option("opening", "opening meld by round", [50, 90, 120, 150], kind="by_round"),
        Option("rounds", "rounds in a game", 4, kind="positive"),
    )
    field_words = {  # the sheet's words for the form's fields
        "natural_canastas": "Clean piles",
        "mixed_canastas": "Dirty piles",
    }
    lines = (
        Each("natural_canastas", "natural_canasta", "clean pile"),
        Each("mixed_canastas", "mixed_canasta", "dirty pile"),
        Each("red_threes", "red_three", "red three"),
        Flag("went_out", "going_out", "going out"),
        Points("meld_points", "meld points"),
        Points("hand_points", "cards in hand", sign=-1, spare_went_out=True),
        Points("foot_points", "foot not picked up", sign=-1),
    )
    card_values = (CardValue("red_three", "red three", 100), *STANDARD_CARDS)
    going_out = "Going out needs the side to have at least one clean and one dirty pile."
    opening = ByRound()
    end = AfterRounds()
    out_needs = (
        AtLeast("out_natural_canastas", ("natural_canastas",), "clean pile"),
        AtLeast("out_mixed_canastas", ("mixed_canastas",), "dirty pile"),
    )
    has_dealer = False  # each player picks their hand and foot from the pile
    notes = ("Once a side has opened, it has no minimum for the rest of that round.",)

    counter_excludes = {"meld_points": ("red_three",)}  # laid red threes score apart

    def arrangement(self, players: int) -> tuple[int, ...]:
        if players % 2:
            return (1,) * players
        return (players // 2, players // 2)

    def arrangements(self, players: int) -> list[tuple[int, ...]]:
        """An even number "can" play in two teams: they may also each play alone
        (a document with as many sides as players)."""
        usual, alone = self.arrangement(players), (1,) * players
        return [usual] if usual == alone else [usual, alone]

    def cards_in_play(self, players: int) -> int:
        return 54 * players

    def red_threes_in_play(self, players: int) -> int:
        return 2 * players
