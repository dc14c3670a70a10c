"""Weeping Canasta: worked rounds computed by hand from docs/rules.md."""

import pytest

from scorekeeper.scoring import ScoringError
from tests.conftest import rounds_reaching

OUT = {"natural_canastas": 1, "mixed_canastas": 1, "weepers_picked_up": 2, "went_out": True}

ROUNDS = [
    # 500 + 300 + 100 + 400; 500 + 250 - 40 - 60
    pytest.param({"A": {**OUT, "meld_points": 400},
                  "B": {"natural_canastas": 1, "weepers_picked_up": 1, "meld_points": 250,
                        "hand_points": 40, "weeper_points": 60}},
                 {"A": 1300, "B": 650}, {}, id="basic"),
    # 1000 sevens + 2500 wild + 100 + 480; 300 + 200 - 35
    pytest.param({"A": {"sevens_canastas": 1, "wild_canastas": 1, "weepers_picked_up": 2,
                        "went_out": True, "meld_points": 480},
                  "B": {"mixed_canastas": 1, "weepers_picked_up": 1, "meld_points": 200,
                        "hand_points": 35}}, {"A": 4080, "B": 465}, {}, id="sevens-and-wild"),
    # 1000 + 100 from hand + 100 out + 500; 300 + 150 - 20
    pytest.param({"A": {"natural_canastas": 2, "canastas_from_hand": 1, "weepers_picked_up": 2,
                        "went_out": True, "meld_points": 500},
                  "B": {"mixed_canastas": 1, "weepers_picked_up": 1, "meld_points": 150,
                        "hand_points": 20}}, {"A": 1700, "B": 430}, {}, id="canasta-from-hand"),
    # all six red threes: 1200 instead of 600; B 500 + 100
    pytest.param({"A": {**OUT, "red_threes": 6, "meld_points": 300},
                  "B": {"natural_canastas": 1, "weepers_picked_up": 1, "meld_points": 100}},
                 {"A": 2400, "B": 600}, {}, id="all-six-red-threes"),
    # five red threes are just 500; the sixth, in B's hand, costs B 5: 500 + 100 - 50 - 5
    pytest.param({"A": {**OUT, "red_threes": 5, "meld_points": 300},
                  "B": {"natural_canastas": 1, "red_threes_in_hand": 1, "weepers_picked_up": 1,
                        "meld_points": 100, "hand_points": 50}}, {"A": 1700, "B": 545}, {},
                 id="five-red-threes"),
    # 500 + 100 - 60 hand - 200 black threes in hand - 5 red three in hand - 90 weeper
    # - 5 red three in weeper - 10 black threes in weeper
    pytest.param({"A": {**OUT, "meld_points": 250},
                  "B": {"natural_canastas": 1, "weepers_picked_up": 1, "meld_points": 100,
                        "hand_points": 60,
                        "black_threes_in_hand": 2, "red_threes_in_hand": 1, "weeper_points": 90,
                        "red_threes_in_weeper": 1, "black_threes_in_weeper": 2}},
                 {"A": 1150, "B": 230}, {}, id="threes-left"),
    # B never picked up a weeper and A went out: 500 canasta still counts,
    # meld 150 and red threes 200 count against, -30 hand, -180 weeper
    pytest.param({"A": {**OUT, "meld_points": 300},
                  "B": {"weepers_picked_up": 0, "natural_canastas": 1, "meld_points": 150,
                        "red_threes": 2, "hand_points": 30, "weeper_points": 180}},
                 {"A": 1200, "B": -60}, {}, id="never-wept"),
    # nobody went out: no weeper penalty for B
    pytest.param({"A": {"natural_canastas": 1, "weepers_picked_up": 1, "meld_points": 200,
                        "hand_points": 40},
                  "B": {"meld_points": 100, "red_threes": 1, "hand_points": 15,
                        "weeper_points": 120}}, {"A": 660, "B": 65}, {}, id="nobody-out"),
    # a side that never wept with all six red threes: -1200 - 100
    pytest.param({"A": {**OUT, "meld_points": 200},
                  "B": {"red_threes": 6, "meld_points": 100}},
                 {"A": 1100, "B": -1300}, {}, id="never-wept-all-red-threes"),
    # six players in three teams of two; C 500 + 100 + 90
    pytest.param({"A": {**OUT, "meld_points": 350},
                  "B": {"meld_points": 80, "hand_points": 20},
                  "C": {"natural_canastas": 1, "weepers_picked_up": 1, "meld_points": 90,
                        "red_threes": 1}},
                 {"A": 1250, "B": -100, "C": 690}, {"players": 6}, id="three-teams"),
]  # fmt: skip


@pytest.mark.parametrize(("round_", "want", "top"), ROUNDS)
def test_worked_round(game, round_, want, top):
    assert game("weeping", [round_], list(want), **top)["rounds"][0]["scores"] == want


@pytest.mark.parametrize(
    ("total", "need"), [(-5, 50), (0, 50), (2995, 50), (3000, 90), (4995, 90), (5000, 120)]
)
def test_opening_by_score_at_each_boundary(game, total, need):
    answer = game("weeping", rounds_reaching("weeping", total), ["A", "B"])
    assert (answer["totals"]["A"], answer["opening"]["A"]) == (total, need)


def test_game_ends_at_10000(game):
    rounds = rounds_reaching("weeping", 9995)
    assert game("weeping", rounds, ["A", "B"])["finished"] is False
    answer = game("weeping", [*rounds, {"A": {"meld_points": 5}}], ["A", "B"])
    assert (answer["totals"]["A"], answer["winners"]) == (10000, ["A"])


def test_target_must_lie_above_last_threshold(game):
    with pytest.raises(ScoringError, match="options: target: 5000 must lie above"):
        game("weeping", [], ["A", "B"], options={"target": 5000})
    assert game("weeping", [], ["A", "B"], options={"target": 5005})["finished"] is False


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"natural_canastas": 1, "weepers_picked_up": 1}, "at least 2 canastas, this side has 1"),
        (
            {"natural_canastas": 2, "weepers_picked_up": 1},
            "all 2 weepers picked up, this side has 1",
        ),
    ],
)
def test_going_out_needs_two_canastas_and_both_weepers(game, fields, problem):
    with pytest.raises(ScoringError, match=problem):
        game("weeping", [{"A": {**fields, "went_out": True}}], ["A", "B"])
