"""Five-person Canasta: five players alone, each also scoring their partner's points."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ..i18n import N_, problem as P_
from ..melds import NATURAL_AND_MIXED, MeldRules
from ..rules import (
    AtLeast,
    CardValue,
    Each,
    Fields,
    Fixed,
    Flag,
    Line,
    Option,
    Points,
    ReachTarget,
    Rules,
)
from ..variant import Share, Variant, round_error

CANASTAS = ("natural_canastas", "mixed_canastas", "super_canastas_pure", "super_canastas_impure")


class FivePerson(Variant):
    id = "five-person"
    name = "Five-person Canasta"
    seed = "002_890485d286f95e16.txt"
    summary = (
        "Exactly five players, each scoring alone, with two packs and six jokers. Your "
        "partner sits two places after you, and your round score adds your partner's "
        "own score to yours. First to 4000 wins."
    )
    players = (5,)
    default_players = 5
    fields = (
        "natural_canastas",
        "mixed_canastas",
        "super_canastas_pure",
        "super_canastas_impure",
        "kitties",
        "went_out",
        "meld_points",
        "hand_points",
    )
    options = (
        Option("natural_canasta", "pure canasta", 100),
        Option("mixed_canasta", "impure canasta", 50),
        Option("super_canasta_pure", "pure super canasta (instead of a canasta)", 500),
        Option("super_canasta_impure", "impure super canasta (instead of a canasta)", 300),
        Option("kitty", "kitty picked up, each", 50),
        Option("going_out", "finishing", 50),
        Option("opening", "opening meld", 75),
        Option(
            "opening_reduced",
            "opening meld with a kitty, when finishing, or when the partner has a canasta",
            25,
        ),
        Option("out_canastas", "canastas a player and partner need between them to finish", 1),
        Option("target", "game ends when a player reaches", 4000, kind="positive"),
        Option(
            "tie_plays_on",
            "a tie for the lead plays another round",
            True,
            kind="flag",
            fill="the sheet does not say what a tie for the highest score does",
        ),
    )
    field_words = {  # the sheet's words for the form's fields
        "natural_canastas": "Pure canastas",
        "mixed_canastas": "Impure canastas",
    }
    lines = (
        Each("natural_canastas", "natural_canasta", "pure canasta"),
        Each("mixed_canastas", "mixed_canasta", "impure canasta"),
        Each("super_canastas_pure", "super_canasta_pure", "pure super canasta"),
        Each("super_canastas_impure", "super_canasta_impure", "impure super canasta"),
        Each("kitties", "kitty", "kitty"),
        Flag("went_out", "going_out", "finishing"),
        Points("meld_points", "meld points"),
        Points("hand_points", "cards in hand", sign=-1),
    )
    card_values = (
        CardValue("ace", "ace", 15),
        CardValue("high", "7 to K", 10),
        CardValue("low", "3 to 6", 5),
        CardValue("joker", "joker or two", 10),
    )
    going_out = "Finishing needs a canasta among the melds of the player or of their partner."
    opening = Fixed()
    end = ReachTarget()
    out_needs = (AtLeast("out_canastas", CANASTAS, "canasta"),)  # the player's and partner's
    kitties_dealt: ClassVar[int] = 2
    notes = (
        "Seats are numbered 1 to 5 clockwise; your partner sits two places after you "
        "(seat 1 with seat 3, seat 4 with seat 1).",
        "The opening meld needs only the reduced amount when the opener also picks up a "
        "kitty, is finishing, or their partner already has a canasta.",
        "At game end players draw for new seats: start a new game.",
    )

    # Twos are jokers (10 each); threes are plain cards. A super canasta is a
    # sequence of one suit, not a rank: the counter leaves it to be typed.
    meld_rules = MeldRules(
        kinds=NATURAL_AND_MIXED,
        ranks=(
            ("A", "ace"),
            ("K", "high"),
            ("Q", "high"),
            ("J", "high"),
            ("10", "high"),
            ("9", "high"),
            ("8", "high"),
            ("7", "high"),
            ("6", "low"),
            ("5", "low"),
            ("4", "low"),
            ("3", "low"),
        ),
        wilds=(("two", "joker"), ("joker", "joker")),
        clean=(),
        uncounted=("super_canastas_pure", "super_canastas_impure"),
    )
    rare_fields = frozenset({"super_canastas_pure", "super_canastas_impure"})

    def arrangement(self, players: int) -> tuple[int, ...]:
        return (1,) * 5

    def cards_in_play(self, players: int, rules: Rules | None = None) -> int:
        return 110

    def red_threes_in_play(self, players: int, rules: Rules | None = None) -> int:
        return 0

    def cards_by_class(self, players: int, rules: Rules | None = None) -> dict[str, int]:
        """Two packs and six jokers: 8 aces, 56 cards 7 to K, 32 cards 3 to 6, and 14
        jokers or twos (980 points at the sheet's values)."""
        return {"ace": 8, "high": 56, "low": 32, "joker": 14}

    @staticmethod
    def partner(sides: list[str], side: str) -> str:
        """The player seated two places after ``side``."""
        return sides[(sides.index(side) + 2) % len(sides)]

    def score_partners(self, sides: Sequence[str], side: str) -> tuple[str, str] | None:
        """Seat i's partner is seat i+2; its rentrap, seat i-2, scores its points too.

        >>> FivePerson().score_partners(["P1", "P2", "P3", "P4", "P5"], "P1")
        ('P3', 'P4')
        """
        return self.partner(list(sides), side), self.rentrap(list(sides), side)

    @staticmethod
    def rentrap(sides: list[str], side: str) -> str:
        """The player seated two places before ``side``: the one whose partner
        ``side`` is, and who earns ``side``'s score too.

        >>> FivePerson.rentrap(["P1", "P2", "P3", "P4", "P5"], "P1")
        'P4'
        """
        return sides[(sides.index(side) - 2) % len(sides)]

    def table_partners(self, sides: list[str]) -> list[tuple[str, str, str]]:
        """Every player with their partner and their rentrap, in seat order.

        >>> FivePerson().table_partners(["P1", "P2", "P3", "P4", "P5"])[0]
        ('P1', 'P3', 'P4')
        """
        return [(s, self.partner(sides, s), self.rentrap(sides, s)) for s in sides]

    @staticmethod
    def partner_label(mate: str) -> str:
        """The breakdown line of the partner's points: ``partner Cat``."""
        return f"partner {mate}"

    def shares(
        self, sides: Sequence[str], breakdown: Mapping[str, Sequence[Sequence[Any]]]
    ) -> dict[str, Share]:
        """Each player's own round score (their adjustment included) and their
        partner's points, which their round score adds.

        >>> FivePerson().shares(["Rekha", "Bo", "Cat", "Di", "Eli"], {
        ...     "Rekha": [("cards in hand", -50), ("partner Cat", 35)]})
        {'Rekha': (-50, 'Cat', 35)}
        """
        found = {}
        for side, lines in breakdown.items():
            mate = self.partner(list(sides), side)
            theirs = sum(p for label, p in lines if label == self.partner_label(mate))
            found[side] = (sum(p for _, p in lines) - theirs, mate, theirs)
        return found

    def round_lines(
        self,
        entries: Mapping[str, Fields],
        rules: Rules,
        number: int,
        sizes: Mapping[str, int] | None = None,
    ) -> dict[str, list[Line]]:
        own = super().round_lines(entries, rules, number, sizes)
        sides = list(entries)
        combined = {}
        for side, lines in own.items():
            mate = self.partner(sides, side)
            combined[side] = [*lines, (self.partner_label(mate), sum(p for _, p in own[mate]))]
        return combined

    def going_out_problem(
        self,
        side: str,
        entries: Mapping[str, Fields],
        rules: Rules,
        team_size: int,
        number: int = 1,
    ) -> str | None:
        """Finishing counts the canastas of the player and their partner together."""
        mate, need = self.partner(list(entries), side), self.out_needs[0]
        have, least = (
            need.count(entries[side]) + need.count(entries[mate]),
            need.least(rules, number),
        )
        if have < least:
            template = N_(
                "finishing needs at least %(need)s among the melds of this "
                "player and their partner (%(mate)s), they have %(have)s"
            )
            return P_(template, need=need.describe(least), mate=mate, have=have)
        return None

    def check_round(
        self, number: int, entries: Mapping[str, Fields], rules: Rules, players: int
    ) -> None:
        """Two kitties are dealt: the players' kitties add up to at most that."""
        seen = 0
        for side, f in entries.items():
            n, seen = f["kitties"], seen + f["kitties"]
            if n > self.kitties_dealt:
                problem = P_(
                    "%(n)s is more than the %(most)s kitties dealt", n=n, most=self.kitties_dealt
                )
                raise round_error(number, side, "kitties", problem)
            if seen > self.kitties_dealt:
                template = N_(
                    "%(n)s makes %(seen)s kitties this round, more than the %(most)s dealt"
                )
                problem = P_(template, n=n, seen=seen, most=self.kitties_dealt)
                raise round_error(number, side, "kitties", problem)
