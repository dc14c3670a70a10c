"""Movements for a club night: Mitchell, rotating partners, Swiss; byes."""

from collections import Counter
from itertools import combinations

import pytest

from scorekeeper.club.movements import (
    MovementError,
    Turn,
    first_order,
    mitchell,
    most_swiss_turns,
    swiss,
    top_down,
)
from scorekeeper.club.rotating import rotating_partners


def meetings(plan):
    """Each pair of opponents, as often as they met."""
    return Counter(
        frozenset((a, b)) for turn in plan for one, other in turn.tables for a in one for b in other
    )


def everyone_once(turn, entries):
    seated = [e for table in turn.tables for side in table for e in side] + turn.byes
    return sorted(seated) == list(range(entries))


# pairs, turns, the bridge skip, table 1's East-West pair each turn (worked by hand)
MITCHELL = [
    pytest.param(6, 3, False, [3, 5, 4], id="3 tables, odd: EW move up one a turn"),
    pytest.param(8, 4, False, [4, 7, 6, 5], id="4 tables, even: no skip, every EW pair"),
    pytest.param(8, 3, True, [4, 7, 5], id="4 tables, even, with the skip after turn 2"),
    pytest.param(10, 5, False, [5, 9, 8, 7, 6], id="5 tables, odd: every EW pair meets table 1"),
]


@pytest.mark.parametrize(("pairs", "turns", "skip", "at_table_1"), MITCHELL)
def test_mitchell_north_south_stay_east_west_move_and_nobody_meets_twice(
    pairs, turns, skip, at_table_1
):
    plan = mitchell(pairs, turns, skip=skip)
    tables = pairs // 2
    for turn in plan:
        assert [north for (north,), _ in turn.tables] == list(range(tables))
        assert everyone_once(turn, pairs) and turn.byes == []
    assert [turn.tables[0][1][0] for turn in plan] == at_table_1
    assert max(meetings(plan).values()) == 1


def test_mitchell_east_west_move_up_one_table_every_turn_and_meet_every_north_south_pair():
    plan = mitchell(8, 4)  # 4 tables, 4 turns: no skip in a card game
    for before, after in zip(plan, plan[1:], strict=False):
        where = {east: t for t, (_, (east,)) in enumerate(before.tables)}
        then = {east: t for t, (_, (east,)) in enumerate(after.tables)}
        assert all(then[e] == (where[e] + 1) % 4 for e in where)
    assert set(meetings(plan)) == {frozenset((n, e)) for n in range(4) for e in range(4, 8)}


# pairs, the skip, the most turns (tables; one fewer with the skip at an even number)
MOST = [(6, False, 3), (8, False, 4), (8, True, 3), (10, False, 5), (12, True, 5), (7, False, 4)]


@pytest.mark.parametrize(("pairs", "skip", "most"), MOST)
def test_mitchell_refuses_more_turns_than_new_opponents(pairs, skip, most):
    assert len(mitchell(pairs, most, skip=skip)) == most
    with pytest.raises(MovementError, match=f"without a rematch is {most}$"):
        mitchell(pairs, most + 1, skip=skip)


@pytest.mark.parametrize(
    ("skip", "byes"), [(False, [[6], [5], [4], [3]]), (True, [[6], [5], [3]])], ids=["", "skip"]
)
def test_mitchell_odd_pairs_a_different_pair_sits_out_each_turn(skip, byes):
    plan = mitchell(7, len(byes), skip=skip)  # 4 tables, the fourth North-South place empty
    assert [turn.byes for turn in plan] == byes
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


# the standing (best first), who met whom, the pairs top-down (worked by hand)
TOP_DOWN = [
    pytest.param([0, 1, 2, 3, 4, 5], [], [(0, 1), (2, 3), (4, 5)], id="1st v 2nd, 3rd v 4th"),
    pytest.param([0, 1, 2, 3], [(0, 1)], [(0, 2), (1, 3)], id="1st met 2nd: 1st v 3rd"),
    pytest.param(
        [0, 1, 2, 3, 4, 5],
        [(0, 1), (2, 3), (4, 5)],
        [(0, 2), (1, 4), (3, 5)],
        id="the bottom two met: 2nd goes down one",
    ),
    pytest.param([3, 0, 1, 2], [(3, 0), (1, 2), (3, 1)], [(3, 2), (0, 1)], id="by the standing"),
]


@pytest.mark.parametrize(("standing", "met", "pairs"), TOP_DOWN)
def test_swiss_pairs_top_down_unless_they_have_met(standing, met, pairs):
    assert top_down(standing, {frozenset(m) for m in met}) == pairs


def test_swiss_first_turn_by_list_or_drawn_the_same_for_the_same_seed():
    assert first_order(6, None) == [0, 1, 2, 3, 4, 5]
    drawn = first_order(6, 20261127)
    assert sorted(drawn) == list(range(6)) and drawn == first_order(6, 20261127)
    assert drawn != first_order(6, None)
    first = swiss(6, [], drawn)
    assert first.tables == [((a,), (b,)) for a, b in zip(drawn[::2], drawn[1::2], strict=True)]


@pytest.mark.parametrize("entries", [2, 3, 8, 9, 10])
def test_swiss_plays_its_most_turns_whatever_the_results(entries):
    """Each turn the lowest placed win (the standing upside down): up to the most
    turns allowed a pairing without a rematch is always found."""
    plan: list[Turn] = []
    for _ in range(most_swiss_turns(entries)):
        plan.append(swiss(entries, plan, list(reversed(standing_after(plan, entries)))))
    assert max(meetings(plan).values()) == 1


def test_swiss_of_400_entries_pairs_top_down_without_a_full_matching():
    plan: list[Turn] = []
    for _ in range(6):
        plan.append(swiss(400, plan, standing_after(plan, 400)))
    assert max(meetings(plan).values()) == 1 and all(everyone_once(t, 400) for t in plan)


def test_rotating_partners_for_a_five_person_game_seat_five_alone_at_each_table():
    plan = rotating_partners(12, 3, shape=(1,) * 5)
    for turn in plan:
        assert everyone_once(turn, 12) and len(turn.byes) == 2
        assert all(
            len(table) == 5 and {len(side) for side in table} == {1} for table in turn.tables
        )
    assert Counter(b for turn in plan for b in turn.byes) == Counter(range(6, 12))


def test_a_withdrawal_replans_the_turns_left_so_nobody_sits_out_twice_before_the_others():
    """Eight players, three turns; player 0 withdraws during turn 2: its table is
    not finished, so its partner and opponents miss turn 2. Turn 3 among the seven
    left seats four and sits three out: never those three again."""
    plan = rotating_partners(8, 3)
    missed = {p for table in plan[1].tables if 0 in table[0] + table[1] for s in table for p in s}
    missed.discard(0)
    rest = rotating_partners(8, 1, before=plan[:2], gone={0}, sat_out=missed)
    assert len(rest) == 1 and len(rest[0].byes) == 3 and 0 not in rest[0].byes
    assert missed.isdisjoint(rest[0].byes)
    assert all(0 not in side for table in rest[0].tables for side in table)


def test_rotating_partners_of_400_players_plan_without_a_full_matching():
    plan = rotating_partners(402, 4)
    partners = Counter(frozenset(side) for turn in plan for table in turn.tables for side in table)
    assert max(partners.values()) == 1
    byes = Counter(b for turn in plan for b in turn.byes)
    assert len(byes) == 8 and set(byes.values()) == {1}
