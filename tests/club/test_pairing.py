"""A turn paired by hand, checked seat by seat; its rematches found."""

import pytest

from scorekeeper.club.movements import Turn
from scorekeeper.club.pairing import PairingError, paired, rematches, seats_of

PAIRS = (1, 1)
FOURS = (2, 2)
FIVES = (1, 1, 1, 1, 1)

# seats by entry ((table, side), None: a bye), each side's size, the turn (worked by hand)
MADE = [
    pytest.param({0: (1, 1), 1: (1, 0)}, PAIRS, Turn([((1,), (0,))]), id="two pairs"),
    pytest.param(
        {0: (2, 0), 1: (2, 1), 2: None, 3: (1, 1), 4: (1, 0)},
        PAIRS,
        Turn([((4,), (3,)), ((0,), (1,))], [2]),
        id="five pairs: tables in order, a bye",
    ),
    pytest.param(
        {0: (1, 0), 1: (1, 1), 2: (1, 0), 3: (1, 1), 4: None},
        FOURS,
        Turn([((0, 2), (1, 3))], [4]),
        id="individuals two to a side",
    ),
    pytest.param(
        {e: (1, e) for e in range(5)} | {5: None},
        FIVES,
        Turn([((0,), (1,), (2,), (3,), (4,))], [5]),
        id="five alone",
    ),
]


@pytest.mark.parametrize(("seats", "sizes", "turn"), MADE)
def test_a_pairing_the_tables_can_play_is_the_turn(seats, sizes, turn):
    assert paired(seats, sizes) == turn
    assert paired(seats_of(turn), sizes) == turn


# seats, sizes, each entry with a problem and what it says
REFUSED = [
    pytest.param(
        {0: (1, 0), 1: (1, 0)},
        PAIRS,
        {0: "more on this side than it takes (1)", 1: "more on this side"},
        id="a pair side holding two",
    ),
    pytest.param(
        {0: (1, 0), 1: (1, 1), 2: (2, 0), 3: None},
        PAIRS,
        {2: "table 2 is not full: it seats 2, not 1"},
        id="a table short",
    ),
    pytest.param(
        {0: (1, 0), 1: (1, 1), 2: (1, 0), 3: (1, 0)},
        FOURS,
        {0: "more on this side than it takes (2)", 2: "more", 3: "more"},
        id="three on a side of two",
    ),
    pytest.param(
        {0: (2, 0), 1: (2, 1)},
        PAIRS,
        {0: "table 2 is used while a table before it is empty", 1: "table 2 is used"},
        id="table 1 left empty",
    ),
    pytest.param({0: (1, 0), 1: (1, 2)}, PAIRS, {1: "no such side"}, id="a third side"),
]


@pytest.mark.parametrize(("seats", "sizes", "problems"), REFUSED)
def test_a_pairing_the_tables_cannot_play_says_why_by_entry(seats, sizes, problems):
    with pytest.raises(PairingError) as refused:
        paired(seats, sizes)
    found = {e: str(p) for e, p in refused.value.problems.items()}
    assert set(found) == set(problems)
    assert all(problems[e] in found[e] for e in problems)


def test_rematches_are_found_before_and_after_the_turn_each_once():
    plan = [
        Turn([((0,), (1,)), ((2,), (3,))]),
        Turn([((0,), (2,)), ((1,), (3,))]),
        Turn([((0,), (3,)), ((1,), (2,))]),
    ]
    made = Turn([((0,), (3,)), ((1,), (2,))])  # turn 2 set as turn 3 is
    assert [(r.one, r.other, r.turn) for r in rematches(plan, 2, made)] == [(0, 3, 3), (1, 2, 3)]
    assert rematches(plan, 3, plan[2]) == []
    partners = Turn([((0, 1), (2, 3))])  # individuals: partners are no rematch
    assert [(r.one, r.other) for r in rematches([Turn([((0, 1), (2, 3))])], 2, partners)] == [
        (0, 2),
        (0, 3),
        (1, 2),
        (1, 3),
    ]
