"""Movements for a club night: Mitchell, rotating partners, Swiss; byes."""

from collections import Counter
from itertools import combinations

import pytest

from scorekeeper.club.movements import MovementError, Turn, mitchell, rotating_partners, swiss


def meetings(plan):
    """Each pair of opponents, as often as they met."""
    return Counter(
        frozenset((a, b)) for turn in plan for one, other in turn.tables for a in one for b in other
    )


def everyone_once(turn, entries):
    seated = [e for table in turn.tables for side in table for e in side] + turn.byes
    return sorted(seated) == list(range(entries))


# pairs, turns, table 1's East-West pair each turn (worked by hand)
MITCHELL = [
    pytest.param(6, 3, [3, 5, 4], id="3 tables, odd: EW move up one a turn"),
    pytest.param(8, 3, [4, 7, 5], id="4 tables, even: the skip after turn 2"),
    pytest.param(10, 5, [5, 9, 8, 7, 6], id="5 tables, odd: every EW pair meets table 1"),
]


@pytest.mark.parametrize(("pairs", "turns", "at_table_1"), MITCHELL)
def test_mitchell_north_south_stay_east_west_move_and_nobody_meets_twice(pairs, turns, at_table_1):
    plan = mitchell(pairs, turns)
    tables = pairs // 2
    for turn in plan:
        assert [north for (north,), _ in turn.tables] == list(range(tables))
        assert everyone_once(turn, pairs) and turn.byes == []
    assert [turn.tables[0][1][0] for turn in plan] == at_table_1
    assert max(meetings(plan).values()) == 1


def test_mitchell_east_west_move_up_one_table_before_the_skip():
    first, second = mitchell(8, 2)
    where = {east: t for t, (_, (east,)) in enumerate(first.tables)}
    then = {east: t for t, (_, (east,)) in enumerate(second.tables)}
    assert all(then[e] == (where[e] + 1) % 4 for e in where)


@pytest.mark.parametrize(("pairs", "most"), [(6, 3), (8, 3), (10, 5), (12, 5), (7, 3)])
def test_mitchell_refuses_more_turns_than_new_opponents(pairs, most):
    assert len(mitchell(pairs, most)) == most
    with pytest.raises(MovementError, match=f"without a rematch is {most}$"):
        mitchell(pairs, most + 1)


def test_mitchell_odd_pairs_a_different_pair_sits_out_each_turn():
    plan = mitchell(7, 3)  # 4 tables, the fourth North-South place empty
    assert [turn.byes for turn in plan] == [[6], [5], [3]]  # the skip before turn 3
    assert all(everyone_once(turn, 7) and len(turn.tables) == 3 for turn in plan)
    assert max(meetings(plan).values()) == 1


@pytest.mark.parametrize(
    ("players", "turns"),
    [(8, 3), (9, 3), (12, 4), (13, 4)],
    ids=["8 players", "9 players", "12 players", "13 players"],
)
def test_rotating_partners_new_partners_every_turn_and_byes_shared(players, turns):
    plan = rotating_partners(players, turns)
    partners = Counter(frozenset(side) for turn in plan for table in turn.tables for side in table)
    assert max(partners.values()) == 1  # nobody partners the same player twice
    for turn in plan:
        assert everyone_once(turn, players)
        assert len(turn.byes) == players % 4
        assert all(len(side) == 2 for table in turn.tables for side in table)
    byes = Counter(b for turn in plan for b in turn.byes)
    assert not byes or max(byes.values()) == 1  # nobody sits out twice while others have not
    met = meetings(plan)
    assert max(met.values()) <= 2


def test_rotating_partners_partner_each_other_player_as_evenly_as_can_be():
    plan = rotating_partners(8, 7)  # 7 turns: each of the 7 others once
    partners = Counter(frozenset(side) for turn in plan for table in turn.tables for side in table)
    assert set(partners) == {frozenset(p) for p in combinations(range(8), 2)}


def standing_after(plan, entries):
    """A made-up standing: the lower-numbered entry of each table won, byes win."""
    points = Counter({e: 0 for e in range(entries)})
    for turn in plan:
        for (a,), (b,) in turn.tables:
            points[min(a, b)] += 2
        points.update({b: 2 for b in turn.byes})
    return sorted(range(entries), key=lambda e: (-points[e], e))


@pytest.mark.parametrize("entries", [8, 7, 10])
def test_swiss_over_four_turns_no_rematch_and_one_bye_each_at_most(entries):
    plan: list[Turn] = []
    for _ in range(4):
        plan.append(swiss(entries, plan, standing_after(plan, entries)))
    assert max(meetings(plan).values()) == 1
    for turn in plan:
        assert everyone_once(turn, entries)
    byes = Counter(b for turn in plan for b in turn.byes)
    assert sum(byes.values()) == (4 if entries % 2 else 0) and set(byes.values()) <= {1}


def test_swiss_pairs_by_standing_and_the_last_without_a_bye_sits_out():
    first = swiss(5, [], [0, 1, 2, 3, 4])
    assert first.tables == [((0,), (1,)), ((2,), (3,))] and first.byes == [4]
    second = swiss(5, [first], [4, 0, 2, 1, 3])
    assert second.byes == [3]  # the lowest placed who has not sat out
    assert second.tables == [((4,), (0,)), ((2,), (1,))]


def test_swiss_refuses_a_turn_that_would_need_a_rematch():
    plan = [swiss(2, [], [0, 1])]
    with pytest.raises(MovementError, match="rematch"):
        swiss(2, plan, [0, 1])
