"""A series' standings against hand-worked figures: the best evenings of each
player, an evening missed, countback and shared places, places by a table."""

import pytest

from scorekeeper.club.series import Counting, Finish, series_standings


def evening(*finishes):
    """(player, event points, place) of each player that evening."""
    return [Finish(player, points, place) for player, points, place in finishes]


# Four evenings; Amy misses the 4th, Eve the 1st and 3rd, Dan the 2nd.
EVENINGS = [
    evening(("Amy", 6, 1), ("Bob", 4, 2), ("Cat", 4, 3), ("Dan", 2, 4)),
    evening(("Bob", 6, 1), ("Eve", 6, 2), ("Amy", 2, 3), ("Cat", 4, 4)),
    evening(("Cat", 6, 1), ("Dan", 6, 2), ("Amy", 4, 3), ("Bob", 2, 4)),
    evening(("Dan", 6, 1), ("Eve", 6, 2), ("Bob", 4, 3), ("Cat", 2, 4)),
]


def summary(lines):
    return [
        (line.place, line.player, line.total, line.played, sorted(line.counted)) for line in lines
    ]


def test_best_three_of_four_with_countback_and_a_shared_place():
    # Amy 6 2 4 -: 12, all three count. Bob 4 6 2 4: the 2 dropped, 14.
    # Cat 4 4 6 2: the 2 dropped, 14. Dan 2 - 6 6: 14. Eve - 6 - 6: 12.
    # On 14, countback: Dan 6 6 2 beats Bob's and Cat's 6 4 4; Bob and Cat are
    # equal on every contribution too, so they share 2nd. On 12: Eve 6 6 beats
    # Amy 6 4 2.
    lines = series_standings(EVENINGS, Counting(best=3))
    assert summary(lines) == [
        (1, "Dan", 14, 3, [0, 2, 3]),
        (2, "Bob", 14, 4, [0, 1, 3]),
        (2, "Cat", 14, 4, [0, 1, 2]),
        (4, "Eve", 12, 2, [1, 3]),
        (5, "Amy", 12, 3, [0, 1, 2]),
    ]
    assert lines[1].evenings == {0: 4, 1: 6, 2: 2, 3: 4}


def test_every_evening_counts():
    # Bob 16, Cat 16 (equal all through: shared), Dan 14, Amy 12, Eve 12 (6 6 first).
    lines = series_standings(EVENINGS, Counting())
    assert [(line.place, line.player, line.total) for line in lines] == [
        (1, "Bob", 16),
        (1, "Cat", 16),
        (3, "Dan", 14),
        (4, "Eve", 12),
        (5, "Amy", 12),
    ]


def test_places_by_a_table_of_series_points():
    # 10 8 6 for 1st to 3rd, nothing for 4th; the best two evenings.
    # Amy 10 6 6 - -> 16 (the earlier 6 counts); Bob 8 10 0 6 -> 18; Cat 6 0 10 0 -> 16;
    # Dan 0 - 8 10 -> 18; Eve - 8 - 8 -> 16.
    # On 18 the counted ones are equal (10 8); every one: Bob 10 8 6 0 beats Dan 10 8 0.
    # On 16, countback: Amy and Cat 10 6 beat Eve 8 8; every one: Amy 10 6 6 beats
    # Cat 10 6 0 0.
    counting = Counting(best=2, by="place", table=(10, 8, 6))
    lines = series_standings(EVENINGS, counting)
    assert [(line.place, line.player, line.total) for line in lines] == [
        (1, "Bob", 18),
        (2, "Dan", 18),
        (3, "Amy", 16),
        (4, "Cat", 16),
        (5, "Eve", 16),
    ]
    amy = next(line for line in lines if line.player == "Amy")
    assert amy.evenings == {0: 10, 1: 6, 2: 6} and amy.counted == {0, 1}


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"by": "margin"}, "points or its place"),
        ({"best": 0}, "at least one"),
        ({"by": "place"}, "table of series points"),
    ],
)
def test_a_counting_that_cannot_be(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Counting(**kwargs)


def test_no_evening_no_lines():
    assert series_standings([], Counting(best=2)) == []
