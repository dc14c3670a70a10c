"""Putting people together at the least cost: pairs (partners, two sides at a
table) and groups (five at a five-person table), for the movements.

A small field is matched exactly (networkx's maximum-weight matching); a large one
(a 400-player club night) greedily, then mended by swaps, because an exact
matching of hundreds grows with the cube of their number and would keep the
director waiting for minutes. Pure: items are numbers, ``cost(a, b)`` says what
putting ``a`` with ``b`` costs (0: nothing against it).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

import networkx as nx

Cost = Callable[[int, int], int]
# Up to this many items a matching is exact: networkx takes a fraction of a second.
EXACT = 40
# The rounds of swaps that mend a greedy matching: each one only lowers the cost,
# and a few are all it ever takes in practice; the bound keeps a request short.
MENDING_ROUNDS = 4


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


def matched(items: list[int], cost: Cost) -> list[tuple[int, int]]:
    """``items`` in pairs, the pairs' total ``cost(a, b)`` as small as can be (every
    item paired: their number is even); each pair in order, the pairs sorted.

    >>> matched([0, 1, 2, 3], lambda a, b: 0 if {a, b} in ({0, 2}, {1, 3}) else 1)
    [(0, 2), (1, 3)]
    """
    if len(items) > EXACT:
        return mended(greedy(items, cost), cost)
    graph: nx.Graph[int] = nx.Graph()
    worst = 1 + max((cost(a, b) for a, b in combinations(items, 2)), default=0)
    for n, (a, b) in enumerate(combinations(items, 2)):
        # the larger the weight the likelier: least cost first, earlier pairs on a tie
        graph.add_edge(a, b, weight=(worst - cost(a, b)) * 10_000 - n)
    pairs = nx.max_weight_matching(graph, maxcardinality=True)
    return sorted((min(a, b), max(a, b)) for a, b in pairs)


def greedy(items: list[int], cost: Cost) -> list[tuple[int, int]]:
    """Each item in turn with the cheapest one left (the earliest on a tie)."""
    left = list(items)
    pairs = []
    while left:
        first = left.pop(0)
        best = min(range(len(left)), key=lambda i: (cost(first, left[i]), i))
        pairs.append((first, left.pop(best)))
    return pairs


def mended(pairs: list[tuple[int, int]], cost: Cost) -> list[tuple[int, int]]:
    """``pairs`` after swapping partners between two pairs wherever that costs less
    (a greedy matching leaves its dearest pairs for last); sorted as ``matched``."""
    pairs = list(pairs)
    for _ in range(MENDING_ROUNDS):
        changed = False
        for i in range(len(pairs)):
            a, b = pairs[i]
            if not cost(a, b):
                continue
            for j in range(len(pairs)):
                c, d = pairs[j]
                before = cost(a, b) + cost(c, d)
                options = (((a, c), (b, d)), ((a, d), (b, c)))
                swap = min(options, key=lambda two: cost(*two[0]) + cost(*two[1]))
                if j != i and cost(*swap[0]) + cost(*swap[1]) < before:
                    pairs[i], pairs[j] = swap
                    a, b = pairs[i]
                    changed = True
        if not changed:
            break
    return sorted((min(a, b), max(a, b)) for a, b in pairs)


def grouped(items: list[int], size: int, cost: Cost) -> list[tuple[int, ...]]:
    """``items`` in groups of ``size`` (their number a multiple of it), each group
    as cheap as can be: two at a time by ``matched``; larger groups greedily, each
    filled from its first item with whoever adds the least cost.

    >>> grouped([0, 1, 2, 3, 4, 5], 3, lambda a, b: int((a + b) % 2 == 0))
    [(0, 1, 2), (3, 4, 5)]
    """
    if size == 1:
        return [(item,) for item in items]
    if size == 2:
        return list(matched(items, cost))
    left = list(items)
    groups = []
    while left:
        group = [left.pop(0)]
        while len(group) < size:
            best = min(range(len(left)), key=lambda i: (sum(cost(g, left[i]) for g in group), i))
            group.append(left.pop(best))
        groups.append(tuple(sorted(group)))
    return sorted(groups)
