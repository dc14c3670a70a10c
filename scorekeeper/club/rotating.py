"""Rotating partners: individuals, seated afresh each turn at tables of the game's
shape (two sides of two for most games, five players alone at a five-person table).

Each turn, first who sits out (those who have sat out least, the last seat numbers
first), then the sides (partners who have partnered least: with a multiple of four
and no history, a round robin of partners), then the tables (opponents who have met
least, meeting the same one again costing more each time). The same function plans
the turns left after a withdrawal: the turns played so far count, so nobody sits out
twice while others never have.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from ..scoring.i18n import problem as P_
from .matching import circle, grouped
from .movements import MovementError, Table, Turn

PAIRS_OF_PAIRS = (2, 2)


def rotating_partners(
    players: int,
    turns: int,
    seed: int = 0,
    *,
    shape: Sequence[int] = PAIRS_OF_PAIRS,
    before: Sequence[Turn] = (),
    gone: Iterable[int] = (),
    sat_out: Iterable[int] = (),
) -> list[Turn]:
    """``turns`` turns for ``players`` individuals at tables of ``shape`` (the size
    of each side). ``before``: the turns already played, whose partners, opponents
    and byes count; ``gone``: players who withdrew; ``sat_out``: players who missed
    a game of those turns without a bye of the plan (their table left unplayed).
    ``seed`` turns the tie-breaking order, for a director who wants another plan
    of the same quality.

    >>> plan = rotating_partners(9, 3)
    >>> [len(t.tables) for t in plan], [t.byes for t in plan]
    ([2, 2, 2], [[8], [7], [6]])
    >>> [t.byes for t in rotating_partners(7, 2, shape=(1,) * 5)]
    [[5, 6], [3, 4]]
    """
    sides, per_side = len(shape), shape[0]
    if set(shape) != {per_side} or per_side > 2:
        raise MovementError(P_("rotating partners seats one or two to a side"))
    seats = sides * per_side
    out_of = set(gone)
    order = [p for p in range(players) if p not in out_of]
    if seed:
        order = order[seed % len(order) :] + order[: seed % len(order)] if order else order
    if len(order) < seats:
        raise MovementError(P_("rotating partners needs at least %(n)s players", n=seats))
    history = History(before, sat_out)
    plan: list[Turn] = []
    for _ in range(turns):
        turn = history.next_turn(order, sides, per_side)
        history.add(turn)
        plan.append(turn)
    return plan


class History:
    """Who has partnered, met and sat out whom so far, as costs for the next turn."""

    def __init__(self, before: Sequence[Turn], sat_out: Iterable[int]) -> None:
        self.partnered: Counter[frozenset[int]] = Counter()
        self.met: Counter[frozenset[int]] = Counter()
        self.byes: Counter[int] = Counter(sat_out)
        self.turns = 0
        for turn in before:
            self.add(turn)

    def add(self, turn: Turn) -> None:
        self.turns += 1
        self.byes.update(turn.byes)
        for table in turn.tables:
            for side in table:
                self.partnered.update(frozenset(two) for two in pairs_of(side))
            for n, one in enumerate(table):
                for other in table[n + 1 :]:
                    self.met.update(frozenset((a, b)) for a in one for b in other)

    def next_turn(self, order: list[int], sides: int, per_side: int) -> Turn:
        """The next turn among ``order``, the players still in the event."""
        place = {p: n for n, p in enumerate(order)}
        spare = len(order) % (sides * per_side)
        out = sorted(order, key=lambda p: (self.byes[p], -place[p]))[:spare]
        playing = [p for p in order if p not in set(out)]
        if per_side == 1:
            teams: list[tuple[int, ...]] = [(p,) for p in playing]
        elif not out and self.round_robin(playing):
            teams = list(circle(playing, self.turns))
        else:
            teams = grouped(playing, per_side, lambda a, b: self.partnered[frozenset((a, b))])

        def clash(i: int, j: int) -> int:
            # meeting the same opponent again costs more each time: spread them out
            return sum(4 ** self.met[frozenset((a, b))] - 1 for a in teams[i] for b in teams[j])

        at_tables = grouped(list(range(len(teams))), sides, clash)
        tables: list[Table] = [tuple(teams[i] for i in table) for table in at_tables]
        return Turn(sorted(tables), sorted(out))

    def round_robin(self, playing: list[int]) -> bool:
        """Whether the circle method's next turn gives everyone a new partner: the
        same players throughout, nobody having sat out."""
        return not self.byes and all(
            not self.partnered[frozenset(two)] for two in circle(playing, self.turns)
        )


def pairs_of(side: Sequence[int]) -> list[tuple[int, int]]:
    return [(a, b) for n, a in enumerate(side) for b in side[n + 1 :]]


__all__ = ["MovementError", "Table", "Turn", "rotating_partners"]
