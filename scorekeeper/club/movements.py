"""Who sits where at a club night, turn by turn: the movements a director picks.

Pure: entries are numbers (0, 1, ...), a plan is a list of turns, each turn a list
of tables, each table a tuple of its sides, each side a tuple of entries. A pair or
a team is one entry on one side; individuals sit alone or two to a side. An entry
left over in a turn has a **bye** (``Turn.byes``).

- ``mitchell(pairs, turns)``: North-South pairs stay at their table, East-West pairs
  move up one table each turn and meet every North-South pair once in as many turns
  as there are tables (a card game has no boards to keep apart, so no skip). With
  ``skip`` the East-West pairs skip a table halfway, as bridge clubs do. With an odd
  number of pairs one table has no North-South pair, and the East-West pair moving
  through it has a bye.
- ``howell(pairs, turns)``: every pair meets every other once (a round robin) in
  a small field: one pair stays, the others move round the room, North-South up
  a table and East-West down. With an odd number of pairs the last table has no
  stationary pair, and whoever comes to it sits out.
- ``swiss(entries, played, standing)``: the next turn of a Swiss (Danese) event,
  paired top-down: the first placed against the second unless they have met, and
  so on down, going back up only where the bottom cannot be paired without a
  rematch. The lowest-placed entry without a bye yet sits out when the number is
  odd. ``first_order`` gives the first turn's order: the seeding, or drawn.
- Rotating partners (individuals) are in ``rotating``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from itertools import combinations

import networkx as nx

from ..scoring.i18n import N_, problem as P_

Side = tuple[int, ...]
Table = tuple[Side, ...]
# How many steps the top-down pairing may take going back up before it hands the
# turn to a full matching: enough for any real event, bounded for a request.
BACKTRACK_STEPS = 200_000


@dataclass(frozen=True)
class Turn:
    """One turn of a plan: the tables in order (table 1 first) and who sits out."""

    tables: list[Table]
    byes: list[int] = field(default_factory=list)


class MovementError(ValueError):
    """A plan that cannot be made as asked (too many turns, too few entries)."""


def opponents(table: Table) -> set[frozenset[int]]:
    """Every two entries of ``table`` on different sides.

    >>> sorted(sorted(two) for two in opponents(((0, 1), (2,))))
    [[0, 2], [1, 2]]
    """
    return {
        frozenset((a, b))
        for n, one in enumerate(table)
        for other in table[n + 1 :]
        for a in one
        for b in other
    }


def mitchell(pairs: int, turns: int, skip: bool = False) -> list[Turn]:
    """A Mitchell movement for ``pairs`` pairs over ``turns`` turns.

    Table t's North-South pair is pair t; the East-West pairs come after them, the
    first starting at table 1, and move up one table a turn (the last table's to
    the first). With an odd number of pairs the last table has no North-South pair:
    whoever moves through it sits out that turn.

    >>> [t.tables for t in mitchell(6, 3)]  # three tables: every EW pair meets every NS
    [[((0,), (3,)), ((1,), (4,)), ((2,), (5,))], [((0,), (5,)), ((1,), (3,)), ((2,), (4,))], \
[((0,), (4,)), ((1,), (5,)), ((2,), (3,))]]
    >>> mitchell(5, 1)[0]  # an odd pair out: the third table has no North-South pair
    Turn(tables=[((0,), (2,)), ((1,), (3,))], byes=[4])
    """
    if pairs < 2:
        raise MovementError(P_("a Mitchell movement needs at least 2 pairs"))
    tables = (pairs + 1) // 2
    skips = skip and tables % 2 == 0 and tables > 1
    most = tables - 1 if skips else tables
    if turns > most:
        template = N_(
            "with %(pairs)s pairs at %(tables)s tables, the most turns without a rematch"
            " is %(most)s"
        )
        raise MovementError(P_(template, pairs=pairs, tables=tables, most=most))
    north_pairs = pairs - tables  # with an odd number, the last table's North is empty
    plan = []
    for turn in range(turns):
        moved = turn + (1 if skips and turn >= tables // 2 else 0)
        east_at = {(e + moved) % tables: north_pairs + e for e in range(tables)}
        sits: list[Table] = []
        byes: list[int] = []
        for t in range(tables):
            if t < north_pairs:
                sits.append(((t,), (east_at[t],)))
            else:  # the sit-out table: the East-West pair moving through it has a bye
                byes.append(east_at[t])
        plan.append(Turn(sits, byes))
    return plan


# A Howell is for a small field: beyond eight tables a round robin takes more turns
# than a club night holds, and a Mitchell or a Swiss is the movement for it.
MOST_HOWELL_PAIRS = 16


def howell(pairs: int, turns: int) -> list[Turn]:
    """A Howell movement for ``pairs`` pairs (3 to 16) over ``turns`` turns: every
    pair meets every other once in a complete Howell (``pairs - 1`` turns for an
    even number, ``pairs`` for an odd one), and a partial one stops sooner.

    How it moves (the circle method, so a guide card can say it): with an even
    number of pairs the last pair stays North-South at the last table all evening.
    Everyone else moves after each turn: North-South up one table and East-West
    down one, except at the ends of the room, where the pairs turn round: the
    East-West pair of table 1 stays there and sits North-South, and the North-South
    pair of the table before the last goes on to the last table as East-West. The
    first turn seats pair t North-South at table t, and the rest East-West from the
    last table down. With an odd number of pairs nobody stays: the last table has
    no North-South pair, and the pair that comes to it sits out that turn, each
    pair in turn, so nobody sits out twice before everyone has once.

    >>> [t.tables for t in howell(4, 3)]  # two tables, pair 3 stays at table 2
    [[((0,), (2,)), ((3,), (1,))], [((2,), (1,)), ((3,), (0,))], [((1,), (0,)), ((3,), (2,))]]
    >>> [t.byes for t in howell(5, 5)]  # an odd number: each sits out once
    [[2], [1], [0], [4], [3]]
    """
    if not 3 <= pairs <= MOST_HOWELL_PAIRS:
        template = N_("a Howell is for 3 to %(most)s pairs: choose a Mitchell or a Swiss")
        raise MovementError(P_(template, most=MOST_HOWELL_PAIRS))
    seats = pairs + pairs % 2  # an odd number: an empty place stays at the last table
    ring = seats - 1  # the places the moving pairs go round
    if turns > ring:
        template = N_("with %(pairs)s pairs a Howell has at most %(most)s turns: every pair met")
        raise MovementError(P_(template, pairs=pairs, most=ring))
    tables = seats // 2
    plan = []
    for turn in range(turns):
        at = {(e + turn) % ring: e for e in range(ring)}  # place -> the pair there
        sits: list[Table] = [((at[t],), (at[ring - 1 - t],)) for t in range(tables - 1)]
        visitor = at[tables - 1]  # East-West at the last table
        if pairs % 2:
            plan.append(Turn(sits, [visitor]))
        else:
            plan.append(Turn([*sits, ((ring,), (visitor,))]))
    return plan


def most_swiss_turns(entries: int) -> int:
    """The most turns a Swiss of ``entries`` can be promised without a rematch,
    whatever the results: half the entries, rounded down. Until then each entry
    still has at least half the others (those playing) left to meet, and such a
    field can always be paired (Dirac's theorem); beyond, a run of results can
    leave the last ones with nobody new.

    >>> [most_swiss_turns(n) for n in (2, 3, 8, 9)]
    [1, 1, 4, 4]
    """
    return entries // 2


def first_order(entries: int, draw: int | None) -> list[int]:
    """The first turn's order: the seeding, or drawn at random from ``draw`` (a
    seed kept with the event, so the draw is the same every time it is asked).

    >>> first_order(4, None), first_order(4, 7) == first_order(4, 7)
    ([0, 1, 2, 3], True)
    """
    order = list(range(entries))
    if draw is not None:
        random.Random(draw).shuffle(order)
    return order


def swiss(entries: int, played: list[Turn], standing: list[int]) -> Turn:
    """The next turn of a Swiss event for ``entries`` pairs or teams.

    ``played``: the turns so far (who met whom, who had a bye); ``standing``: every
    entry, best placed first. Paired top-down, never the same opponents twice; with
    an odd number the lowest-placed entry that has not had a bye sits out. A turn
    that cannot avoid a rematch is refused.

    >>> first = swiss(4, [], [0, 1, 2, 3])
    >>> first.tables
    [((0,), (1,)), ((2,), (3,))]
    >>> swiss(4, [first], [0, 1, 2, 3]).tables  # 1st met 2nd: 1st plays 3rd
    [((0,), (2,)), ((1,), (3,))]
    """
    if sorted(standing) != list(range(entries)):
        raise MovementError(P_("the standings must list every entry once"))
    had_bye = {b for turn in played for b in turn.byes}
    met = {two for turn in played for table in turn.tables for two in opponents(table)}
    byes: list[int] = []
    playing = list(standing)
    if entries % 2:
        bye = next((e for e in reversed(standing) if e not in had_bye), standing[-1])
        byes, playing = [bye], [e for e in standing if e != bye]
    pairs = top_down(playing, met)
    if pairs is None:
        pairs = closest(playing, met)
    if 2 * len(pairs) < len(playing):
        raise MovementError(
            P_("every pairing left would be a rematch: the event has run its course")
        )
    return Turn([((a,), (b,)) for a, b in pairs], byes)


class OutOfSteps(Exception):
    """The top-down pairing went back up more than it may."""


def top_down(playing: list[int], met: set[frozenset[int]]) -> list[tuple[int, int]] | None:
    """``playing`` (best placed first) paired top-down: each highest unpaired entry
    against the next one down it has not met, going back up where the rest cannot
    be paired. None when there is no such pairing, or finding it takes too long.

    >>> top_down([0, 1, 2, 3], {frozenset((0, 1)), frozenset((2, 3))})
    [(0, 2), (1, 3)]
    """
    steps = 0

    def pair(rest: list[int]) -> list[tuple[int, int]] | None:
        nonlocal steps
        if not rest:
            return []
        first, others = rest[0], rest[1:]
        for n, other in enumerate(others):
            steps += 1
            if steps > BACKTRACK_STEPS:
                raise OutOfSteps
            if frozenset((first, other)) in met:
                continue
            below = pair(others[:n] + others[n + 1 :])
            if below is not None:
                return [(first, other), *below]
        return None

    try:
        return pair(playing)
    except (OutOfSteps, RecursionError):
        return None


def closest(playing: list[int], met: set[frozenset[int]]) -> list[tuple[int, int]]:
    """A pairing without rematches where the top-down one gave up: a maximum-weight
    matching (networkx) keeping entries as near their places as can be; as many
    pairs as there are without a rematch, best placed first."""
    place = {e: n for n, e in enumerate(playing)}
    graph: nx.Graph[int] = nx.Graph()
    for a, b in combinations(playing, 2):
        if frozenset((a, b)) not in met:
            gap = abs(place[a] - place[b])
            graph.add_edge(a, b, weight=(len(playing) ** 2 - gap**2) * len(playing) - place[a])
    pairs = nx.max_weight_matching(graph, maxcardinality=True)
    ordered = [(a, b) if place[a] < place[b] else (b, a) for a, b in pairs]
    return sorted(ordered, key=lambda two: place[two[0]])


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


def keep_tables(turn: Turn, kept: dict[int, int]) -> Turn:
    """``turn`` with its tables renumbered so that each entry of ``kept`` sits at
    its table number (a pair that cannot climb the stairs keeps table 1): the
    entry's table and the table of that number exchange numbers. Nobody changes
    opponents, so a movement stays the same movement. An entry with a bye, a table
    number past the turn's, or an entry already seated at the table another kept
    entry is at (its opponent) leaves the turn as it is; applied again, nothing moves.

    >>> turn = Turn([((0,), (3,)), ((1,), (4,)), ((2,), (5,))])
    >>> keep_tables(turn, {2: 1}).tables
    [((2,), (5,)), ((1,), (4,)), ((0,), (3,))]
    >>> keep_tables(keep_tables(turn, {2: 1, 4: 3}), {2: 1, 4: 3}).tables
    [((2,), (5,)), ((0,), (3,)), ((1,), (4,))]
    """
    tables = list(turn.tables)
    kept_at: dict[int, int] = {}  # table index -> the kept entry seated there
    for entry, number in kept.items():
        at = next((n for n, t in enumerate(tables) if any(entry in side for side in t)), None)
        wanted = number - 1
        if at is None or not 0 <= wanted < len(tables) or at in kept_at:
            continue
        tables[at], tables[wanted] = tables[wanted], tables[at]
        kept_at[wanted] = entry
    return Turn(tables, list(turn.byes))
