"""An entry that joins a club night late: the turns not started re-planned for a
pairs movement fixed in advance (a Mitchell), and the turns an entry missed counted
as turns it sat out, so that the next bye goes to one who has played every turn.

Pure: entries are numbers, a plan is a list of ``Turn``.

A Mitchell over the new count is not used for the turns left: it restarts the
East-West pairs' rotation, so once the numbers wrap round it seats pairs who met
already (and renumbering its North-South pairs moves people who stayed put). The
turns left are instead matched one at a time at the least cost (``matching``):
a rematch costs far more than anything else, then two pairs of the same direction
meeting (North-South pairs stay at their own tables, as in the Mitchell). A
Mitchell plays at most as many turns as half its pairs, rounded up, so each entry
still has at least half the others left to meet at every turn: such a field can
always be paired without a rematch (Dirac's theorem), and the least-cost matching
finds that pairing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from .matching import matched
from .movements import Table, Turn, opponents

# What one rematch costs beside two pairs of the same direction meeting: any
# number of those is cheaper than one rematch.
REMATCH = 10_000


def missed_as_byes(plan: Sequence[Turn], joined: Mapping[int, int]) -> list[Turn]:
    """``plan`` with each late entry (``joined``: its first turn) among the byes of
    the turns before it joined: what a Swiss or a re-plan counts when it gives the
    next bye (the stored plan is left as it is: a missed turn scores nothing).

    >>> missed_as_byes([Turn([((0,), (1,))])], {2: 2})
    [Turn(tables=[((0,), (1,))], byes=[2])]
    """
    return [
        replace(turn, byes=[*turn.byes, *sorted(e for e, t in joined.items() if n < t)])
        for n, turn in enumerate(plan, start=1)
    ]


def replanned_pairs(
    plan: Sequence[Turn],
    started: int,
    entries: int,
    *,
    joined: Mapping[int, int] | None = None,
    left_out: Iterable[int] = (),
    turns: int | None = None,
) -> list[Turn]:
    """A pairs plan (North-South first at each table) whose turns after the first
    ``started`` are planned afresh among ``entries`` entries, but those ``left_out``
    (withdrawn): each turn matched at the least cost against every turn before it.
    With an odd number the entry with the fewest byes sits out (the highest numbered
    on a tie), a late entry (``joined``: its first turn) counting the turns it
    missed. A pair that sat North-South in the first turn keeps its table whenever
    it sits North-South again. ``turns``: how many the plan has in all (an event
    edited to more or fewer), else as many as ``plan``.

    >>> first = Turn([((0,), (2,)), ((1,), (3,))])
    >>> [t.tables for t in replanned_pairs([first, first], 1, 4)]
    [[((0,), (2,)), ((1,), (3,))], [((0,), (3,)), ((1,), (2,))]]
    """
    out = set(left_out)
    playing = [e for e in range(entries) if e not in out]
    home = {side[0]: n for n, (side, *_) in enumerate(plan[0].tables)} if plan else {}
    counted = missed_as_byes(plan[:started], joined or {})
    for _ in range((len(plan) if turns is None else turns) - started):
        counted.append(next_pairs_turn(counted, playing, home))
    return [*plan[:started], *counted[started:]]


def next_pairs_turn(before: Sequence[Turn], playing: list[int], home: Mapping[int, int]) -> Turn:
    """The next turn among ``playing``, at the least cost against ``before``."""
    met: Counter[frozenset[int]] = Counter(
        two for turn in before for table in turn.tables for two in opponents(table)
    )
    byes = Counter(e for turn in before for e in turn.byes)
    out = sorted(playing, key=lambda e: (byes[e], -e))[: len(playing) % 2]
    seated = [e for e in playing if e not in out]

    first = {e for table in before[0].tables for side in table for e in side} if before else set()
    first |= set(before[0].byes) if before else set()

    def direction(e: int) -> str:
        return "north" if e in home else "east" if e in first else f"late {e}"

    def cost(a: int, b: int) -> int:
        return REMATCH * met[frozenset((a, b))] + int(direction(a) == direction(b))

    return Turn(at_tables(matched(seated, cost), home), out)


def at_tables(pairs: list[tuple[int, int]], home: Mapping[int, int]) -> list[Table]:
    """Each pair of entries at a table: North-South the one at home there (the one
    with the lower table when both have one), the others at the tables left."""
    count = len(pairs)
    tables: list[Table | None] = [None] * count
    rest: list[Table] = []
    for a, b in pairs:
        north, east = sorted((a, b), key=lambda e: (home.get(e, count), e))
        table: Table = ((north,), (east,))
        at = home.get(north)
        if at is not None and at < count and tables[at] is None:
            tables[at] = table
        else:
            rest.append(table)
    for table in rest:
        tables[tables.index(None)] = table
    return [t for t in tables if t is not None]
