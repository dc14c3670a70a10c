"""Who sits where at a club night, turn by turn: the movements a director picks.

Pure: entries are numbers (0, 1, ...), a plan is a list of turns, each turn a list
of tables, each table a tuple of its sides, each side a tuple of entries. A pair or
a team is one entry on one side; individuals sit two to a side. An entry left over
in a turn has a **bye** (``Turn.byes``).

- ``mitchell(pairs, turns)``: North-South pairs stay at their table, East-West pairs
  move up one table each turn. With an even number of tables the East-West pairs skip
  a table halfway, the usual Mitchell skip: then no pair meets another twice for up
  to one turn fewer than there are tables. With an odd number of pairs one table has
  no North-South pair, and the East-West pair moving through it has a bye.
- ``rotating_partners(players, turns)``: individuals, two to a side; each turn every
  player gets a partner they have partnered least (never the same twice while
  anyone new is left), and opponents they have met least.
- ``swiss(entries, results)``: the next turn of a Swiss (Danese) event: entries meet
  others near them in the standings and never the same opponents twice (a maximum
  weight matching, networkx), the lowest-placed entry without a bye yet sitting out
  when the number is odd.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations

import networkx as nx

from ..scoring.i18n import N_, problem as P_

Side = tuple[int, ...]
Table = tuple[Side, Side]


@dataclass(frozen=True)
class Turn:
    """One turn of a plan: the tables in order (table 1 first) and who sits out."""

    tables: list[Table]
    byes: list[int] = field(default_factory=list)


class MovementError(ValueError):
    """A plan that cannot be made as asked (too many turns, too few entries)."""


def mitchell(pairs: int, turns: int) -> list[Turn]:
    """A Mitchell movement for ``pairs`` pairs over ``turns`` turns.

    Table t's North-South pair is pair t; the East-West pairs come after them, the
    first starting at table 1, and move up one table a turn (the last table's to
    the first). With an odd number of pairs the last table has no North-South pair:
    whoever moves through it sits out that turn.

    >>> [t.tables for t in mitchell(6, 3)]  # three tables: odd, no skip
    [[((0,), (3,)), ((1,), (4,)), ((2,), (5,))], [((0,), (5,)), ((1,), (3,)), ((2,), (4,))], \
[((0,), (4,)), ((1,), (5,)), ((2,), (3,))]]
    >>> mitchell(5, 1)[0]  # an odd pair out: the third table has no North-South pair
    Turn(tables=[((0,), (2,)), ((1,), (3,))], byes=[4])
    """
    if pairs < 2:
        raise MovementError(P_("a Mitchell movement needs at least 2 pairs"))
    tables = (pairs + 1) // 2
    most = tables - 1 if tables % 2 == 0 and tables > 1 else tables
    if turns > most:
        template = N_(
            "with %(pairs)s pairs at %(tables)s tables, the most turns without a rematch"
            " is %(most)s"
        )
        raise MovementError(P_(template, pairs=pairs, tables=tables, most=most))
    north_pairs = pairs - tables  # with an odd number, the last table's North is empty
    plan = []
    for turn in range(turns):
        skip = 1 if tables % 2 == 0 and turn >= tables // 2 else 0
        east_at = {(e + turn + skip) % tables: north_pairs + e for e in range(tables)}
        sits: list[Table] = []
        byes: list[int] = []
        for t in range(tables):
            if t < north_pairs:
                sits.append(((t,), (east_at[t],)))
            else:  # the sit-out table: the East-West pair moving through it has a bye
                byes.append(east_at[t])
        plan.append(Turn(sits, byes))
    return plan


def rotating_partners(players: int, turns: int, seed: int = 0) -> list[Turn]:
    """Individuals at tables of four, two to a side, new partners each turn.

    Each turn, first who sits out (those with the fewest byes so far, the last seat
    numbers first), then partners by a matching that prefers those who have
    partnered least, then the partnerships into tables by a matching that prefers
    those who have met least. ``seed`` turns the tie-breaking order, for a director
    who wants another plan of the same quality.

    >>> plan = rotating_partners(9, 3)
    >>> [len(t.tables) for t in plan], [t.byes for t in plan]
    ([2, 2, 2], [[8], [7], [6]])
    """
    if players < 4:
        raise MovementError(P_("rotating partners needs at least 4 players"))
    partnered: Counter[frozenset[int]] = Counter()
    met: Counter[frozenset[int]] = Counter()
    byes: Counter[int] = Counter()
    plan: list[Turn] = []
    order = list(range(players))
    if seed:
        order = order[seed % players :] + order[: seed % players]
    for _ in range(turns):
        out = sorted(order, key=lambda p: (byes[p], -order.index(p)))[: players % 4]
        byes.update(out)
        playing = [p for p in order if p not in out]
        if not out:  # a round robin of partners: each other player once in n - 1 turns
            sides = circle(playing, len(plan))
        else:
            sides = matched(playing, lambda a, b: partnered[frozenset((a, b))])
        partnered.update(frozenset(s) for s in sides)
        side_index = list(range(len(sides)))

        def clash(i: int, j: int, sides: list[tuple[int, int]] = sides) -> int:
            # meeting the same opponent again costs more each time: spread them out
            return sum(4 ** met[frozenset((a, b))] - 1 for a in sides[i] for b in sides[j])

        tables = [(sides[i], sides[j]) for i, j in matched(side_index, clash)]
        for one, other in tables:
            met.update(frozenset((a, b)) for a in one for b in other)
        plan.append(Turn(sorted(tables), sorted(out)))
    return plan


def circle(items: list[int], turn: int) -> list[tuple[int, int]]:
    """Turn ``turn`` of a round robin of ``items`` (an even number), by the circle
    method: the first stays put, the others turn one place a turn; every two meet
    once in ``len(items) - 1`` turns.

    >>> [circle([0, 1, 2, 3], t) for t in range(3)]
    [[(0, 3), (1, 2)], [(0, 1), (2, 3)], [(0, 2), (1, 3)]]
    """
    rest = items[1:]
    shift = turn % len(rest)
    ring = [items[0], *rest[shift:], *rest[:shift]]
    half = len(ring) // 2
    return sorted(
        (min(a, b), max(a, b)) for a, b in zip(ring[:half], reversed(ring[half:]), strict=True)
    )


def matched(items: list[int], cost: Callable[[int, int], int]) -> list[tuple[int, int]]:
    """``items`` in pairs, the pairs' total ``cost(a, b)`` as small as can be (every
    item paired: their number is even); each pair in order, the pairs sorted."""
    graph: nx.Graph[int] = nx.Graph()
    worst = 1 + max((cost(a, b) for a, b in combinations(items, 2)), default=0)
    for n, (a, b) in enumerate(combinations(items, 2)):
        # the larger the weight the likelier: least cost first, earlier pairs on a tie
        graph.add_edge(a, b, weight=(worst - cost(a, b)) * 10_000 - n)
    pairs = nx.max_weight_matching(graph, maxcardinality=True)
    return sorted((min(a, b), max(a, b)) for a, b in pairs)


def swiss(entries: int, played: list[Turn], standing: list[int]) -> Turn:
    """The next turn of a Swiss event for ``entries`` pairs or teams.

    ``played``: the turns so far (who met whom, who had a bye); ``standing``: every
    entry, best placed first. Entries near each other in the standings meet, never
    the same opponents twice; with an odd number the lowest-placed entry that has
    not had a bye sits out. A turn that cannot avoid a rematch is refused.

    >>> first = swiss(4, [], [0, 1, 2, 3])
    >>> first.tables
    [((0,), (1,)), ((2,), (3,))]
    >>> swiss(4, [first], [0, 2, 1, 3]).tables
    [((0,), (2,)), ((1,), (3,))]
    """
    if sorted(standing) != list(range(entries)):
        raise MovementError(P_("the standings must list every entry once"))
    had_bye = {b for turn in played for b in turn.byes}
    met = {
        frozenset((a, b))
        for turn in played
        for one, other in turn.tables
        for a in one
        for b in other
    }
    byes: list[int] = []
    playing = list(standing)
    if entries % 2:
        bye = next((e for e in reversed(standing) if e not in had_bye), standing[-1])
        byes, playing = [bye], [e for e in standing if e != bye]
    place = {e: n for n, e in enumerate(playing)}
    graph: nx.Graph[int] = nx.Graph()
    for a, b in combinations(playing, 2):
        if frozenset((a, b)) not in met:
            gap = abs(place[a] - place[b])
            graph.add_edge(a, b, weight=(len(playing) ** 2 - gap**2) * len(playing) - place[a])
    pairs = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(pairs) < len(playing):
        raise MovementError(
            P_("every pairing left would be a rematch: the event has run its course")
        )
    tables: list[Table] = [((a,), (b,)) if place[a] < place[b] else ((b,), (a,)) for a, b in pairs]
    tables.sort(key=lambda t: place[t[0][0]])
    return Turn(tables, byes)


def swiss_without(plan: list[Turn], order: list[int], gone: set[int]) -> Turn:
    """The next Swiss turn among the entries still playing (``order``: every entry,
    best placed first; ``gone``: those that withdrew), numbered as the event's.

    >>> first = swiss(4, [], [0, 1, 2, 3])
    >>> swiss_without([first], [0, 2, 1, 3], {1}).tables  # 1 left: 0 met 1, not 2
    [((0,), (2,))]
    """
    staying = [e for e in sorted(order) if e not in gone]
    at = {e: n for n, e in enumerate(staying)}
    made = swiss(len(staying), [renumbered(t, at) for t in plan], [at[e] for e in order if e in at])
    return renumbered(made, dict(enumerate(staying)))


def renumbered(turn: Turn, number: dict[int, int]) -> Turn:
    """``turn`` with its entries renumbered by ``number``: only the tables and byes
    of the entries it numbers."""
    kept = [t for t in turn.tables if all(e in number for side in t for e in side)]
    return Turn(
        [(tuple(number[e] for e in one), tuple(number[e] for e in other)) for one, other in kept],
        [number[e] for e in turn.byes if e in number],
    )
