"""Byes of each kind, penalties and handicaps against hand-worked standings, and
each shipped victory-point table at the edges of its bands."""

import pytest

from scorekeeper.club.handicaps import from_ratings
from scorekeeper.club.scales import NAMED, named
from scorekeeper.club.standings import Penalty, Result, VictoryPoints, WinDrawLoss, standings

A, B, C, D = range(4)
VP = VictoryPoints(((0, 10, 10), (100, 12, 8), (500, 16, 4), (1500, 20, 0)))

# Turn 1: A beats B by 500 (2-0 points, 16-4 VP), C sits out; turn 2: C beats A by
# 200 (2-0, 12-8 VP), B sits out. D only ever sits out (turn 1).
WITH_BYES = [
    Result(1, A, B, 3000, 2500),
    Result(1, C),
    Result(1, D),
    Result(2, A, C, 1800, 2000),
    Result(2, B),
]


def figures(lines):
    return {line.entry: (line.points, line.victory_points, line.byes) for line in lines}


@pytest.mark.parametrize(
    ("bye", "worth", "upto", "expected"),
    [
        # a fixed 1.5: C 2 + 1.5, VP 12 + a draw's 10; B 0 + 1.5, VP 4 + 10; D 1.5, 10
        ("fixed", 1.5, None, {A: (2, 24, 0), B: (1.5, 14, 1), C: (3.5, 22, 1), D: (1.5, 10, 1)}),
        # C's average (one game: 2 points, 12 VP) for its bye; B's (0, 4); D has
        # played no game: a draw (1, 10)
        ("average", 0, None, {A: (2, 24, 0), B: (0, 8, 1), C: (4, 24, 1), D: (1, 10, 1)}),
        # after turn 1 C has played no game yet: its bye is a draw
        ("average", 0, 1, {A: (2, 16, 0), B: (0, 4, 0), C: (1, 10, 1), D: (1, 10, 1)}),
        ("win", 0, None, {A: (2, 24, 0), B: (2, 24, 1), C: (4, 32, 1), D: (2, 20, 1)}),
        ("draw", 0, None, {A: (2, 24, 0), B: (1, 14, 1), C: (3, 22, 1), D: (1, 10, 1)}),
        ("loss", 0, None, {A: (2, 24, 0), B: (0, 4, 1), C: (2, 12, 1), D: (0, 0, 1)}),
    ],
    ids=["fixed", "average", "average-before-a-game", "win", "draw", "loss"],
)
def test_byes_of_each_kind(bye, worth, upto, expected):
    lines = standings(4, WITH_BYES, WinDrawLoss(), VP, bye=bye, upto=upto, bye_worth=worth)
    assert figures(lines) == expected


def test_an_average_bye_on_a_victory_point_scale():
    lines = {line.entry: line for line in standings(4, WITH_BYES, VP, bye="average")}
    # C: one game, 12 VP, so its bye is 12; B: one game, 4 VP; D none: a draw, 10
    assert (lines[C].points, lines[B].points, lines[D].points) == (24, 8, 10)
    assert lines[C].by_turn == {1: 12, 2: 12}


def test_a_fixed_bye_on_a_victory_point_scale_is_victory_points():
    lines = {line.entry: line for line in standings(4, WITH_BYES, VP, bye="fixed", bye_worth=13)}
    assert (lines[C].points, lines[C].victory_points, lines[D].points) == (25, 25, 13)


# Three turns of four pairs in VP, worked by hand: A 36, B 36 (more match points,
# so first), C 30, D 18.
THREE_TURNS = [
    Result(1, A, B, 3000, 2500),
    Result(1, C, D, 2000, 2000),
    Result(2, A, C, 1800, 2000),
    Result(2, B, D, 2600, 1000),
    Result(3, A, D, 2500, 2400),
    Result(3, B, C, 2100, 2000),
]


@pytest.mark.parametrize(
    ("penalties", "upto", "order", "net"),
    [
        ([], None, [B, A, C, D], {A: 36, B: 36, C: 30, D: 18}),
        ([Penalty(3, B, 2, "late")], None, [A, B, C, D], {A: 36, B: 34, C: 30, D: 18}),
        ([Penalty(3, B, 2, "late")], 2, [B, A, C, D], {A: 24, B: 24, C: 22, D: 10}),
        (
            [Penalty(1, C, 3, "table talk"), Penalty(2, C, 10, "slow")],
            None,
            [B, A, D, C],
            {A: 36, B: 36, C: 17, D: 18},
        ),
    ],
    ids=["none", "two-off-the-leader", "not-yet-counted", "two-penalties"],
)
def test_victory_point_penalties(penalties, upto, order, net):
    lines = standings(4, THREE_TURNS, VP, upto=upto, penalties=penalties)
    assert [line.entry for line in lines] == order
    assert {line.entry: line.points for line in lines} == net
    assert {line.entry: line.victory_points for line in lines} == net
    for line in lines:
        assert line.points == line.raw - line.penalty


def test_a_penalty_is_in_its_turn():
    lines = {
        line.entry: line for line in standings(4, THREE_TURNS, VP, penalties=[Penalty(3, B, 2)])
    }
    assert lines[B].by_turn == {1: 4, 2: 20, 3: 10}
    assert (lines[B].raw, lines[B].penalty, lines[B].penalties) == (36, 2, {3: 2})


@pytest.mark.parametrize(
    ("handicaps", "order", "rows"),
    [
        # (raw, handicap, net) per entry
        (
            {D: 15, A: -1},
            [B, A, D, C],
            {A: (36, -1, 35), B: (36, 0, 36), C: (30, 0, 30), D: (18, 15, 33)},
        ),
        (
            {C: 7},
            [C, B, A, D],
            {A: (36, 0, 36), B: (36, 0, 36), C: (30, 7, 37), D: (18, 0, 18)},
        ),
    ],
    ids=["a-weak-pair-helped", "past-the-leaders"],
)
def test_handicaps_in_victory_points(handicaps, order, rows):
    lines = standings(4, THREE_TURNS, VP, handicaps=handicaps)
    assert [line.entry for line in lines] == order
    assert {line.entry: (line.raw, line.handicap, line.points) for line in lines} == rows


@pytest.mark.parametrize(
    ("cards", "scale", "rows"),
    [
        # B's 150 card points a game turn 1,900 into 2,050: B wins, 2 points to A's 0
        ({B: 150}, WinDrawLoss(), {A: (2, -2, 0), B: (0, 2, 2)}),
        # B +100: 2,000 all, a draw
        ({B: 100}, WinDrawLoss(), {A: (2, -1, 1), B: (0, 1, 1)}),
        # on the VP table A wins by 100 raw (12-8); B +150 wins by 50: 10 VP each
        ({B: 150}, VP, {A: (12, -2, 10), B: (8, 2, 10)}),
        # A +400 wins by 500: 16-4
        ({A: 400}, VP, {A: (12, 4, 16), B: (8, -4, 4)}),
    ],
    ids=["wdl-turned", "wdl-drawn", "vp-closer", "vp-wider"],
)
def test_handicaps_in_card_points(cards, scale, rows):
    results = [Result(1, A, B, 2000, 1900)]
    lines = standings(2, results, scale, handicaps=cards, handicap_cards=True)
    assert {line.entry: (line.raw, line.handicap, line.points) for line in lines} == rows
    assert {line.entry: line.match_points for line in lines} == {A: 100, B: -100}


@pytest.mark.parametrize(
    ("ratings", "per_point", "most", "expected"),
    [
        ([[1600, 1500], [1450, 1450], [1500, 1500]], 50, 10, [-1, 1, 0]),
        ([[1500], [1500]], 50, 10, [0, 0]),
        ([[2400], [1000]], 50, 5, [-5, 5]),
        ([[1700, 1700], [1500, 1300]], 100, 10, [-2, 2]),
    ],
    ids=["three-pairs", "level", "held-within-most", "coarser-steps"],
)
def test_handicaps_from_ratings(ratings, per_point, most, expected):
    assert from_ratings(ratings, per_point, most) == expected


@pytest.mark.parametrize(
    ("scale_id", "margin", "winner", "loser"),
    [
        ("burraco-3", 0, 10, 10),
        ("burraco-3", 50, 10, 10),
        ("burraco-3", 55, 11, 9),
        ("burraco-3", 500, 14, 6),
        ("burraco-3", 505, 15, 5),
        ("burraco-3", 1250, 18, 2),
        ("burraco-3", 1500, 19, 1),
        ("burraco-3", 1505, 20, 0),
        ("burraco-4", 100, 10, 10),
        ("burraco-4", 105, 11, 9),
        ("burraco-4", 700, 13, 7),
        ("burraco-4", 705, 14, 6),
        ("burraco-4", 2000, 19, 1),
        ("burraco-4", 2005, 20, 0),
    ],
)
def test_each_shipped_table_at_its_bands(scale_id, margin, winner, loser):
    scale = named(scale_id).scale()
    if margin:
        assert (scale.points(2000 + margin, 2000), scale.points(2000, 2000 + margin)) == (
            winner,
            loser,
        )
    else:
        assert scale.points(2000, 2000) == winner == loser


def test_every_shipped_table_shares_20_points_a_game():
    for found in NAMED.values():
        assert all(w + lo == 20 for _, w, lo in found.rows), found.id


def test_an_unknown_table_is_refused():
    with pytest.raises(ValueError, match="no victory-point table"):
        named("fibur-9")
