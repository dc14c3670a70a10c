"""Tables of five (Five-person Canasta) at a rotating night, and fair sit-outs over
whole plans of every movement that has them; a Swiss's first turn drawn by its seed."""

from collections import Counter

import pytest

from scorekeeper.club.movements import first_order, howell, mitchell, swiss
from scorekeeper.club.rotating import rotating_partners

FIVE_ALONE = (1, 1, 1, 1, 1)


def fair(plan, everyone):
    """Nobody sits out twice before everyone has sat out once: each turn, those
    sitting out had sat out no more often than anyone playing it."""
    out: Counter[int] = Counter()
    for turn in plan:
        playing = set(everyone) - set(turn.byes)
        if turn.byes and playing:
            assert max(out[b] for b in turn.byes) <= min(out[p] for p in playing), turn
        out.update(turn.byes)
    return out


def test_twelve_players_at_tables_of_five_worked_by_hand():
    """Two tables of five, two sit out: the last seat numbers first; the second turn
    breaks up each first table as far as two tables of five allow."""
    plan = rotating_partners(12, 2, shape=FIVE_ALONE)
    assert plan[0].tables == [tuple((p,) for p in range(5)), tuple((p,) for p in range(5, 10))]
    assert plan[0].byes == [10, 11]
    # 0 is joined by 5 (new to it), then 10 and 11, then 1 (every one left has met
    # someone at the table: the first of them)
    assert plan[1].tables == [
        ((0,), (1,), (5,), (10,), (11,)),
        ((2,), (3,), (4,), (6,), (7,)),
    ]
    assert plan[1].byes == [8, 9]


# players at tables of five, the turns, who sits out each turn (worked by hand: those
# who have sat out least, the last seat numbers first)
FIVES = [
    pytest.param(5, 3, [[], [], []], id="five: nobody sits out"),
    pytest.param(6, 6, [[5], [4], [3], [2], [1], [0]], id="six: each sits out once"),
    pytest.param(7, 5, [[5, 6], [3, 4], [1, 2], [0, 6], [4, 5]], id="seven: 0 last, with 6 again"),
    pytest.param(11, 3, [[10], [9], [8]], id="eleven: two tables, one out"),
    pytest.param(14, 3, [[10, 11, 12, 13], [6, 7, 8, 9], [2, 3, 4, 5]], id="fourteen: four out"),
]


@pytest.mark.parametrize(("players", "turns", "byes"), FIVES)
def test_tables_of_five_seat_five_alone_and_sit_out_in_turn(players, turns, byes):
    plan = rotating_partners(players, turns, shape=FIVE_ALONE)
    assert [turn.byes for turn in plan] == byes
    for turn in plan:
        assert all(len(table) == 5 and all(len(s) == 1 for s in table) for table in turn.tables)
        seated = sorted(p for table in turn.tables for (p,) in table)
        assert sorted(seated + turn.byes) == list(range(players))
    fair(plan, range(players))


# every movement with sit-outs, over whole plans
PLANS = [
    pytest.param(lambda: rotating_partners(9, 9), 9, id="rotating, 9 players, 9 turns"),
    pytest.param(lambda: rotating_partners(10, 8), 10, id="rotating, 10 players, 2 out"),
    pytest.param(lambda: rotating_partners(15, 6), 15, id="rotating, 15 players, 3 out"),
    pytest.param(lambda: rotating_partners(8, 8, shape=FIVE_ALONE), 8, id="fives, 8 players"),
    pytest.param(lambda: rotating_partners(13, 9, shape=FIVE_ALONE), 13, id="fives, 13"),
    pytest.param(lambda: rotating_partners(19, 7, shape=FIVE_ALONE), 19, id="fives, 19"),
    pytest.param(lambda: howell(9, 9), 9, id="Howell, 9 pairs"),
    pytest.param(lambda: howell(15, 15), 15, id="Howell, 15 pairs"),
    pytest.param(lambda: mitchell(9, 5), 9, id="Mitchell, 9 pairs"),
]


@pytest.mark.parametrize(("made", "entries"), PLANS)
def test_nobody_sits_out_twice_before_everyone_has_once_over_a_whole_plan(made, entries):
    out = fair(made(), range(entries))
    assert out and max(out.values()) - min(out[e] for e in range(entries)) <= 1


def test_a_swiss_first_turn_drawn_by_a_fixed_seed():
    """The seed kept with the event gives the same draw every time: this one puts
    entry 1 first and entry 5 last, so 5 sits out and the rest meet down the order."""
    drawn = first_order(7, 42)
    assert drawn == [1, 3, 4, 2, 6, 0, 5]
    first = swiss(7, [], drawn)
    assert first.tables == [((1,), (3,)), ((4,), (2,)), ((6,), (0,))]
    assert first.byes == [5]
