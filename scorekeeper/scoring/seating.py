"""Who sits where: sides from seats, the dealer each round, who sits out.

Partners sit alternately: with ``k`` sides, the player in seat ``i`` (counted
clockwise from 0) plays for side ``i % k``. Four players in two teams: seats
0 and 2 against 1 and 3; six in three teams of two: partners sit opposite.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .variant import Variant


def side_count(variant: Variant, players: int) -> int:
    return len(variant.arrangement(players))


def teams(variant: Variant, seats: list[str], sides: int | None = None) -> list[list[str]]:
    """The players of each side, in seat order: ``sides`` sides where the variant
    lets a table choose (hand-and-foot's four may play each alone), else the usual.

    >>> from scorekeeper.scoring import get_variant
    >>> teams(get_variant("hand-and-foot"), ["Ann", "Cat", "Bea", "Dee"])
    [['Ann', 'Bea'], ['Cat', 'Dee']]
    >>> teams(get_variant("hand-and-foot"), ["Ann", "Cat", "Bea", "Dee"], sides=4)
    [['Ann'], ['Cat'], ['Bea'], ['Dee']]
    """
    k = sides or side_count(variant, len(seats))
    return [[name for i, name in enumerate(seats) if i % k == side] for side in range(k)]


def side_names(variant: Variant, seats: list[str], sides: int | None = None) -> list[str]:
    """A side is named by its players: "Ann & Bea"."""
    return [" & ".join(team) for team in teams(variant, seats, sides)]


def side_choices(variant: Variant, players: int) -> list[int]:
    """How many sides this many players may make (more than one: the table chooses)."""
    return sorted({len(a) for a in variant.arrangements(players)})


@dataclass(frozen=True)
class Turn:
    """Who deals a round and, in five-player classic, who sits it out."""

    dealer: str | None
    sits_out: str | None
    also: list[tuple[str, str]] = field(default_factory=list)  # (who, what else they deal)


def turn(
    variant: Variant,
    seats: list[str],
    first_dealer: int,
    round_number: int,
    rules: Mapping[str, Any] | None = None,
) -> Turn:
    """The deal passes clockwise one seat a round; a variant without a dealer has none.

    Where one player sits out (five-player classic), one of the team of three in
    rotation, the deal still passes to every player in turn by default (so both
    teams deal); with the game's ``deal_in_turn`` off, its ``sitter_deals`` rule
    decides: the player sitting out deals, or the deal skips them.

    >>> from scorekeeper.scoring import get_variant
    >>> classic, seats = get_variant("classic"), list("ABCDE")
    >>> turn(classic, seats, 0, 2)
    Turn(dealer='B', sits_out='C', also=[])
    >>> turn(classic, seats, 0, 2, {"deal_in_turn": False})
    Turn(dealer='C', sits_out='C', also=[])
    >>> turn(classic, seats, 0, 1, {"deal_in_turn": False, "sitter_deals": False})
    Turn(dealer='B', sits_out='A', also=[])
    """
    if not seats:
        return Turn(None, None)
    rules = variant.rules(rules)
    dealer: str | None = seats[(first_dealer + round_number - 1) % len(seats)]
    sits_out = None
    if variant.sits_out(len(seats)):
        three = next(team for team in teams(variant, seats) if len(team) == 3)
        sits_out = three[(round_number - 1) % 3]
        # in turn: whoever deals, sitting out or not, earns the bonus for their team
        if not rules["deal_in_turn"] and rules["sitter_deals"]:
            dealer = sits_out
        elif not rules["deal_in_turn"] and dealer == sits_out:  # the deal skips them
            dealer = seats[(seats.index(sits_out) + 1) % len(seats)]
    if not variant.has_dealer:
        return Turn(None, sits_out)
    return Turn(dealer, sits_out, variant.also_deals(seats, dealer) if dealer else [])
