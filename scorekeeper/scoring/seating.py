"""Who sits where: sides from seats, the dealer each round, who sits out.

Partners sit alternately: with ``k`` sides, the player in seat ``i`` (counted
clockwise from 0) plays for side ``i % k``. Four players in two teams: seats
0 and 2 against 1 and 3; six in three teams of two: partners sit opposite.
"""

from __future__ import annotations

from dataclasses import dataclass

from .variant import Variant


def side_count(variant: Variant, players: int) -> int:
    return len(variant.arrangement(players))


def teams(variant: Variant, seats: list[str]) -> list[list[str]]:
    """The players of each side, in seat order."""
    k = side_count(variant, len(seats))
    return [[name for i, name in enumerate(seats) if i % k == side] for side in range(k)]


def side_names(variant: Variant, seats: list[str]) -> list[str]:
    """A side is named by its players: "Ann & Bea"."""
    return [" & ".join(team) for team in teams(variant, seats)]


@dataclass(frozen=True)
class Turn:
    """Who deals a round and, in five-player classic, who sits it out."""

    dealer: str | None
    sits_out: str | None


def turn(variant: Variant, seats: list[str], first_dealer: int, round_number: int) -> Turn:
    """The deal passes clockwise one seat a round."""
    if not seats:
        return Turn(None, None)
    dealer = seats[(first_dealer + round_number - 1) % len(seats)]
    sits_out = None
    if variant.sits_out(len(seats)):
        three = next(team for team in teams(variant, seats) if len(team) == 3)
        sits_out = three[(round_number - 1) % 3]
    return Turn(dealer, sits_out)
