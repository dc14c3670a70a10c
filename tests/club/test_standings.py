"""An event's standings against hand-worked figures: scales, byes, tie-breaks."""

import pytest

from scorekeeper.club.standings import Result, VictoryPoints, WinDrawLoss, standings

A, B, C, D = range(4)
VP = VictoryPoints(((0, 10, 10), (100, 12, 8), (500, 16, 4), (1500, 20, 0)))

# Three turns of four pairs, worked by hand (event points 2/1/0, then VP, then match
# points): A 4 pts 36 VP +400; B 4 pts 36 VP +1200; C 3 pts 30 VP +100; D 1 pt 18 VP -1700.
THREE_TURNS = [
    Result(1, A, B, 3000, 2500),  # margin 500: A 16 VP, B 4
    Result(1, C, D, 2000, 2000),  # a draw: 10 and 10
    Result(2, A, C, 1800, 2000),  # C by 200: C 12, A 8
    Result(2, B, D, 2600, 1000),  # B by 1600: B 20, D 0
    Result(3, A, D, 2500, 2400),  # A by 100: A 12, D 8
    Result(3, B, C, 2100, 2000),  # B by 100: B 12, C 8
]


def summary(lines):
    return [(line.place, line.entry, line.points, line.victory_points, line.match_points)
            for line in lines]  # fmt: skip


def test_points_then_victory_points_then_match_points():
    lines = standings(4, THREE_TURNS, WinDrawLoss(), victory=VP)
    assert summary(lines) == [
        (1, B, 4, 36, 1200),  # tied with A on points and VP: more match points
        (2, A, 4, 36, 400),
        (3, C, 3, 30, 100),
        (4, D, 1, 18, -1700),
    ]
    assert [(line.played, line.won) for line in lines] == [(3, 2), (3, 2), (3, 1), (3, 0)]


def test_victory_points_as_the_scale():
    lines = standings(4, THREE_TURNS, VP)
    assert [(line.entry, line.points) for line in lines] == [(B, 36), (A, 36), (C, 30), (D, 18)]


def test_standings_after_each_turn():
    after_one = standings(4, THREE_TURNS, WinDrawLoss(), victory=VP, upto=1)
    assert [(line.entry, line.points) for line in after_one] == [(A, 2), (C, 1), (D, 1), (B, 0)]
    assert after_one[1].victory_points == after_one[2].victory_points == 10
    whole = standings(4, THREE_TURNS, WinDrawLoss())
    assert {line.entry: line.by_turn for line in whole}[A] == {1: 2, 2: 0, 3: 2}


def test_the_games_between_the_tied_decide_last():
    results = [
        Result(1, A, B, 2000, 1900),  # A beat B by 100
        Result(1, C, D, 1500, 1500),
        Result(2, A, C, 1000, 1100),  # A lost by 100: same VP and match points as B
        Result(2, B, D, 1100, 1000),
    ]
    lines = standings(4, results, WinDrawLoss(), victory=VP)
    assert summary(lines) == [
        (1, C, 3, 22, 100),
        (2, A, 2, 20, 0),  # level with B on everything but their own game
        (3, B, 2, 20, 0),
        (4, D, 1, 18, -100),
    ]
    assert [(line.tie_break, line.between) for line in lines] == [
        ("", 0),
        ("between", 2),
        ("between", 0),
        ("", 0),
    ]


def test_entries_level_on_everything_are_placed_by_the_seeding():
    lines = standings(4, [Result(1, A, B, 1500, 1500), Result(1, C, D, 1500, 1500)], WinDrawLoss())
    assert [(line.entry, line.tie_break, line.between) for line in lines] == [
        (A, "seeding", 1),
        (B, "seeding", 1),
        (C, "seeding", 1),
        (D, "seeding", 1),
    ]


@pytest.mark.parametrize(("bye", "points", "vp"), [("win", 2, 20), ("draw", 1, 10), ("loss", 0, 0)])
def test_a_bye_is_worth_what_the_event_says(bye, points, vp):
    results = [Result(1, A, B, 2000, 1000), Result(1, C)]
    lines = {line.entry: line for line in standings(3, results, WinDrawLoss(), VP, bye=bye)}
    assert (lines[C].points, lines[C].victory_points, lines[C].byes) == (points, vp, 1)
    assert lines[C].played == 0 and lines[C].match_points == 0


def test_a_victory_point_table_must_start_at_zero_and_rise():
    with pytest.raises(ValueError, match="starts at margin 0"):
        VictoryPoints(((100, 12, 8), (0, 10, 10)))
