"""A late entry in a pairs plan: the turns left re-planned, worked by hand, and no
rematch where one can be avoided, checked over every two turns."""

from itertools import combinations

import pytest

from scorekeeper.club.late import missed_as_byes, replanned_pairs
from scorekeeper.club.movements import Turn, mitchell


def met(turn):
    return {frozenset((a, b)) for one, other in turn.tables for a in one for b in other}


def test_a_late_pair_into_a_mitchell_of_three_tables_at_turn_two():
    """Six pairs, three tables, three turns; pair 6 arrives for turn 2.

    Turn 1 was played as the Mitchell says: 0-3, 1-4, 2-5. Seven pairs: one sits
    out each turn left, the one with the fewest byes (pair 6 counts turn 1 as
    one), the highest numbered on a tie: 5 in turn 2, then 4 (5 and 6 have one).
    The North-South pairs 0, 1, 2 stay at tables 1, 2, 3 and meet the others
    they have not met: turn 2 0-4, 1-6, 2-3; turn 3 0-5, 1-3, 2-6.
    """
    plan = replanned_pairs(mitchell(6, 3), 1, 7, joined={6: 2})
    assert plan == [
        Turn([((0,), (3,)), ((1,), (4,)), ((2,), (5,))], []),
        Turn([((0,), (4,)), ((1,), (6,)), ((2,), (3,))], [5]),
        Turn([((0,), (5,)), ((1,), (3,)), ((2,), (6,))], [4]),
    ]


@pytest.mark.parametrize(
    ("pairs", "turns", "started"),
    [(6, 3, 1), (6, 3, 2), (8, 4, 1), (8, 4, 2), (7, 4, 1), (7, 4, 3), (12, 6, 2), (16, 8, 3)],
)
def test_no_pair_meets_another_twice_and_nobody_sits_out_twice(pairs, turns, started):
    plan = replanned_pairs(mitchell(pairs, turns), started, pairs + 1, joined={pairs: started + 1})
    assert plan[:started] == mitchell(pairs, turns)[:started]
    for one, other in combinations(plan, 2):
        assert not met(one) & met(other)
    for turn in plan[started:]:
        seated = [e for table in turn.tables for side in table for e in side]
        assert sorted(seated + turn.byes) == list(range(pairs + 1))
        assert len(turn.byes) == (pairs + 1) % 2
    byes = [e for turn in plan[started:] for e in turn.byes]
    assert len(byes) == len(set(byes)) and pairs not in byes  # the late pair has missed turns


def test_a_withdrawn_pair_is_left_out_of_the_turns_to_come():
    plan = replanned_pairs(mitchell(6, 3), 1, 7, joined={6: 2}, left_out={3})
    for turn in plan[1:]:
        assert 3 not in {e for table in turn.tables for side in table for e in side}
        assert turn.byes == []  # six pairs still playing: three full tables


def test_missed_turns_count_as_byes_only_before_the_entry_joined():
    plan = [Turn([((0,), (1,))], [2]), Turn([((0,), (2,))], [1])]
    assert missed_as_byes(plan, {3: 2}) == [
        Turn([((0,), (1,))], [2, 3]),
        Turn([((0,), (2,))], [1]),
    ]
