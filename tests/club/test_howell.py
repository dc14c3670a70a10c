"""The Howell movement: every pair meets every other once, one pair stays, the
sit-out moves so that nobody sits out twice before everyone has once."""

from collections import Counter
from itertools import combinations

import pytest

from scorekeeper.club.movements import MovementError, howell


def meetings(plan):
    return Counter(
        frozenset((a, b)) for turn in plan for one, other in turn.tables for a in one for b in other
    )


def seated(turn):
    return sorted([e for table in turn.tables for side in table for e in side] + turn.byes)


# Three tables, worked by hand from the docstring: pair 5 stays North-South at table 3;
# North-South move up a table, East-West down one; East-West of table 1 stay there as
# North-South, North-South of table 2 go on to table 3 as East-West.
SIX_PAIRS = [
    [((0,), (4,)), ((1,), (3,)), ((5,), (2,))],
    [((4,), (3,)), ((0,), (2,)), ((5,), (1,))],
    [((3,), (2,)), ((4,), (1,)), ((5,), (0,))],
    [((2,), (1,)), ((3,), (0,)), ((5,), (4,))],
    [((1,), (0,)), ((2,), (4,)), ((5,), (3,))],
]
# Five pairs: the same room, table 3 empty; whoever comes to it sits out.
FIVE_PAIRS = [
    ([((0,), (4,)), ((1,), (3,))], [2]),
    ([((4,), (3,)), ((0,), (2,))], [1]),
    ([((3,), (2,)), ((4,), (1,))], [0]),
    ([((2,), (1,)), ((3,), (0,))], [4]),
    ([((1,), (0,)), ((2,), (4,))], [3]),
]


def test_a_three_table_howell_of_six_pairs_turn_by_turn():
    assert [turn.tables for turn in howell(6, 5)] == SIX_PAIRS
    assert all(turn.byes == [] for turn in howell(6, 5))


def test_a_howell_of_five_pairs_sits_each_out_once_turn_by_turn():
    assert [(turn.tables, turn.byes) for turn in howell(5, 5)] == FIVE_PAIRS


# pairs (3 to 8 tables), the first turn's tables, who sits out each turn (worked by
# hand: pair t North-South at table t, the rest East-West from the last table down;
# an odd number's sit-out is whoever is due East-West at the empty last table)
FIRST_TURNS = [
    pytest.param(5, [(0, 4), (1, 3)], [2, 1, 0, 4, 3], id="3 tables, 5 pairs"),
    pytest.param(6, [(0, 4), (1, 3), (5, 2)], [], id="3 tables, 6 pairs"),
    pytest.param(7, [(0, 6), (1, 5), (2, 4)], [3, 2, 1, 0, 6, 5, 4], id="4 tables, 7 pairs"),
    pytest.param(8, [(0, 6), (1, 5), (2, 4), (7, 3)], [], id="4 tables, 8 pairs"),
    pytest.param(
        9, [(0, 8), (1, 7), (2, 6), (3, 5)], [4, 3, 2, 1, 0, 8, 7, 6, 5], id="5 tables, 9 pairs"
    ),
    pytest.param(10, [(0, 8), (1, 7), (2, 6), (3, 5), (9, 4)], [], id="5 tables, 10 pairs"),
    pytest.param(
        11,
        [(0, 10), (1, 9), (2, 8), (3, 7), (4, 6)],
        [5, 4, 3, 2, 1, 0, 10, 9, 8, 7, 6],
        id="6 tables, 11 pairs",
    ),
    pytest.param(
        12, [(0, 10), (1, 9), (2, 8), (3, 7), (4, 6), (11, 5)], [], id="6 tables, 12 pairs"
    ),
    pytest.param(
        13,
        [(0, 12), (1, 11), (2, 10), (3, 9), (4, 8), (5, 7)],
        [6, 5, 4, 3, 2, 1, 0, 12, 11, 10, 9, 8, 7],
        id="7 tables, 13 pairs",
    ),
    pytest.param(
        14,
        [(0, 12), (1, 11), (2, 10), (3, 9), (4, 8), (5, 7), (13, 6)],
        [],
        id="7 tables, 14 pairs",
    ),
    pytest.param(
        15,
        [(0, 14), (1, 13), (2, 12), (3, 11), (4, 10), (5, 9), (6, 8)],
        [7, 6, 5, 4, 3, 2, 1, 0, 14, 13, 12, 11, 10, 9, 8],
        id="8 tables, 15 pairs",
    ),
    pytest.param(
        16,
        [(0, 14), (1, 13), (2, 12), (3, 11), (4, 10), (5, 9), (6, 8), (15, 7)],
        [],
        id="8 tables, 16 pairs",
    ),
]


@pytest.mark.parametrize(("pairs", "first", "byes"), FIRST_TURNS)
def test_a_complete_howell_every_pair_meets_every_other_exactly_once(pairs, first, byes):
    plan = howell(pairs, pairs - 1 + pairs % 2)  # a round robin: n-1 turns, n for odd n
    assert [(ns, ew) for (ns,), (ew,) in plan[0].tables] == first
    assert [b for turn in plan for b in turn.byes] == byes
    assert all(seated(turn) == list(range(pairs)) for turn in plan)
    assert meetings(plan) == Counter({frozenset(two): 1 for two in combinations(range(pairs), 2)})
    if pairs % 2 == 0:  # the last pair stays North-South at the last table all evening
        assert {turn.tables[-1][0] for turn in plan} == {(pairs - 1,)}


@pytest.mark.parametrize("pairs", [5, 7, 9, 11, 13, 15])
@pytest.mark.parametrize("turns", [1, 2, 3, 4])
def test_a_partial_howell_nobody_sits_out_twice_before_everyone_has_once(pairs, turns):
    plan = howell(pairs, turns)
    out = Counter(b for turn in plan for b in turn.byes)
    assert sum(out.values()) == turns and set(out.values()) == {1}
    assert max(meetings(plan).values()) == 1


@pytest.mark.parametrize("pairs", range(3, 17))
def test_the_pairs_move_as_the_guide_card_says(pairs):
    """North-South up one table, East-West down one; East-West of table 1 stay and sit
    North-South; North-South of the table before the last go to the last as East-West
    (with an odd number: sit that turn out, the last table being empty)."""
    plan = howell(pairs, pairs - 1 + pairs % 2)
    last = (pairs + 1) // 2  # the room's last table

    def seat(turn, pair):
        for number, (north, east) in enumerate(turn.tables, start=1):
            if pair in north + east:
                return number, "NS" if pair in north else "EW"
        return last, "EW"  # the sit-out: East-West at the empty last table

    for before, after in zip(plan, plan[1:], strict=False):
        for pair in range(pairs):
            table, side = seat(before, pair)
            if (table, side) == (last, "NS"):
                expected = (last, "NS")
            elif side == "NS":
                expected = (table + 1, "NS") if table + 1 < last else (last, "EW")
            else:
                expected = (table - 1, "EW") if table > 1 else (1, "NS")
            assert seat(after, pair) == expected, (pair, table, side)


@pytest.mark.parametrize(
    ("pairs", "turns", "said"),
    [
        (2, 1, "a Howell is for 3 to 16 pairs"),
        (17, 3, "a Howell is for 3 to 16 pairs"),
        (6, 6, "with 6 pairs a Howell has at most 5 turns"),
        (7, 8, "with 7 pairs a Howell has at most 7 turns"),
    ],
)
def test_a_howell_refuses_too_few_or_many_pairs_and_more_turns_than_opponents(pairs, turns, said):
    with pytest.raises(MovementError, match=said):
        howell(pairs, turns)
