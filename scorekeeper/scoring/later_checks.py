"""Checks that came after rounds had been stored without them, and the rounds
kept despite them ("grandfathered").

A release that adds a check to the engine must not make a round played and
stored before it unreadable: such a round is kept as it was played, named in the
game document's ``grandfathered`` (``{check: [round numbers]}``), and scored
without that check, while every other round (and every round typed from now on)
is held to it. ``LATER_CHECKS`` names each check and the export version from
which every export keeps to it (older exports may hold rounds that break it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from .errors import ScoringError, round_error
from .fields import CANASTA_CARDS, COUNT_LIMIT
from .i18n import N_, problem as P_
from .packs import CARD_POINT_FIELDS
from .rules import Fields, Rules
from .variant import Variant


class Game(Protocol):
    """What the checks read of a game (``document.Game``, which reads this module)."""

    @property
    def variant(self) -> Variant: ...
    @property
    def players(self) -> int: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def grandfathered(self) -> Mapping[int, frozenset[str]]: ...


Check = Callable[[Game, int, Mapping[str, Fields]], None]


def check_all_sides(game: Game, number: int, entries: Mapping[str, Fields]) -> None:
    """The canastas of all sides together, and each scarce kind of card (sevens,
    wild cards...), no more than the packs hold."""
    variant = game.variant
    for fields, each, most, template in variant.card_limits(game.players, game.rules):
        seen = 0
        for side, f in entries.items():
            for name in (n for n in fields if variant.uses(n)):
                seen += f[name] * (each or CANASTA_CARDS[name])
                if f[name] and seen > most:
                    problem = P_(template, n=f[name], seen=seen, most=most)
                    raise round_error(number, side, name, problem)


def check_card_points(game: Game, number: int, entries: Mapping[str, Fields]) -> None:
    """The card points of all sides together, no more than the value of all the cards
    in play; the largest value typed is named, the likeliest slip (23500 for 235)."""
    most = game.variant.card_points_in_play(game.players, game.rules)
    typed = [(f[n], side, n) for side, f in entries.items() for n in CARD_POINT_FIELDS if n in f]
    seen = sum(value for value, _, _ in typed)
    if seen <= most:
        return
    value, side, name = max(typed, key=lambda t: t[0])  # the first of the largest
    if value > most:
        template = N_("%(value)s is more than the %(most)s points of all the cards in play")
    else:
        template = N_(
            "%(value)s makes %(seen)s card points this round, more than the %(most)s "
            "points of all the cards in play"
        )
    raise round_error(number, side, name, P_(template, value=value, seen=seen, most=most))


# name -> (the check, the first export version whose rounds all keep to it): 0.1.0
# had neither; 0.2.0 bounded the cards of all sides; the card points came after it
LATER_CHECKS: dict[str, tuple[Check, int]] = {
    "cards_in_play": (check_all_sides, 2),
    "card_points": (check_card_points, 2),
}


def run_later_checks(game: Game, number: int, entries: Mapping[str, Fields]) -> None:
    """Every later check on round ``number``, but those it is grandfathered for."""
    for name, problem in later_problems(game, number, entries).items():
        if name not in game.grandfathered.get(number, ()):
            raise problem


def later_problems(
    game: Game, number: int, entries: Mapping[str, Fields]
) -> dict[str, ScoringError]:
    """What each later check that round ``number`` breaks says, by the check's name."""
    found: dict[str, ScoringError] = {}
    for name, (check, _) in LATER_CHECKS.items():
        try:
            check(game, number, entries)
        except ScoringError as error:
            found[name] = error
    return found


def read_grandfathered(value: Any) -> dict[int, frozenset[str]]:
    """The document's ``grandfathered``, checked: each later check's name with the
    numbers of the rounds kept despite it; by round number."""
    if not isinstance(value, dict):
        raise ScoringError(
            P_("must be an object of checks and round numbers"), field="grandfathered"
        )
    by_round: dict[int, set[str]] = {}
    for name, numbers in value.items():
        if name not in LATER_CHECKS:
            known = ", ".join(LATER_CHECKS)
            problem = P_(
                "%(name)s is not a check (expected %(known)s)", name=repr(name), known=known
            )
            raise ScoringError(problem, field="grandfathered")
        if not isinstance(numbers, list) or not all(
            isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 10 * COUNT_LIMIT
            for n in numbers
        ):
            problem = P_("%(name)s: must be a list of round numbers", name=name)
            raise ScoringError(problem, field="grandfathered")
        for number in numbers:
            by_round.setdefault(number, set()).add(name)
    return {number: frozenset(names) for number, names in by_round.items()}


def grandfathered_of(by_round: Mapping[int, frozenset[str]]) -> dict[str, list[int]]:
    """``by_round`` as a document writes it: each check with its round numbers.

    >>> grandfathered_of({4: frozenset({"card_points"}), 2: frozenset({"card_points"})})
    {'card_points': [2, 4]}
    """
    out: dict[str, list[int]] = {}
    for number in sorted(by_round):
        for name in sorted(by_round[number]):
            out.setdefault(name, []).append(number)
    return {name: out[name] for name in LATER_CHECKS if name in out}
