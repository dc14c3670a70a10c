"""Hand and Foot: worked rounds computed by hand from docs/rules.md."""

import pytest

from scorekeeper.scoring import ScoringError

OUT = {"natural_canastas": 1, "mixed_canastas": 1, "went_out": True}  # the least to go out

ROUNDS = [
    # 500 + 300 + 100 + 400; 500 + 250 - 40 - 120
    pytest.param({"A": {**OUT, "meld_points": 400},
                  "B": {"natural_canastas": 1, "meld_points": 250, "hand_points": 40,
                        "foot_points": 120}}, {"A": 1300, "B": 590}, {}, id="basic"),
    # the side that went out still pays for a foot never picked up: 500+300+100+300-60
    pytest.param({"A": {**OUT, "meld_points": 300, "foot_points": 60},
                  "B": {"meld_points": 200, "hand_points": 85, "foot_points": 200}},
                 {"A": 1140, "B": -85}, {}, id="out-side-pays-foot"),
    # ...but not for its hands: 1000 + 300 + 100 + 600
    pytest.param({"A": {**OUT, "natural_canastas": 2, "meld_points": 600, "hand_points": 30},
                  "B": {}}, {"A": 2000, "B": 0}, {}, id="out-side-hand-not-counted"),
    # 300 + 100; 500 + 300 + 100 + 100 + 500
    pytest.param({"A": {"red_threes": 3, "meld_points": 100},
                  "B": {**OUT, "red_threes": 1, "meld_points": 500}},
                 {"A": 400, "B": 1500}, {}, id="red-threes"),
    # all 8 red threes of four decks
    pytest.param({"A": {"red_threes": 5}, "B": {**OUT, "red_threes": 3}},
                 {"A": 500, "B": 1200}, {}, id="all-eight-red-threes"),
    # 1500 + 1200 + 200 + 100 + 2050; 300 + 300 - 15 - 90
    pytest.param({"A": {**OUT, "natural_canastas": 3, "mixed_canastas": 4, "red_threes": 2,
                        "meld_points": 2050},
                  "B": {"mixed_canastas": 1, "meld_points": 300, "hand_points": 15,
                        "foot_points": 90}}, {"A": 5050, "B": 495}, {}, id="many-canastas"),
    pytest.param({"A": {"hand_points": 150, "foot_points": 410}, "B": {**OUT}},
                 {"A": -560, "B": 900}, {}, id="negative"),
    # house rule: going out pays 250
    pytest.param({"A": {**OUT, "meld_points": 200}, "B": {}}, {"A": 1250, "B": 0},
                 {"options": {"going_out": 250}}, id="house-going-out"),
    # three players alone, 6 red threes in play
    pytest.param({"A": {**OUT, "meld_points": 350, "red_threes": 6},
                  "B": {"meld_points": 90, "hand_points": 45, "foot_points": 75},
                  "C": {"hand_points": 100, "foot_points": 300}},
                 {"A": 1850, "B": -30, "C": -400}, {"players": 3}, id="three-alone"),
]  # fmt: skip


@pytest.mark.parametrize(("round_", "want", "top"), ROUNDS)
def test_worked_round(game, round_, want, top):
    assert game("hand-and-foot", [round_], list(want), **top)["rounds"][0]["scores"] == want


def test_opening_rises_by_round_and_game_ends_after_four(game):
    rounds = [{"A": {"meld_points": 10 * n}} for n in range(1, 5)]
    openings = [game("hand-and-foot", rounds[:n], ["A", "B"])["opening"]["A"] for n in range(5)]
    assert openings == [50, 90, 120, 150, 150]
    answer = game("hand-and-foot", rounds, ["A", "B"])
    assert (answer["finished"], answer["winners"], answer["totals"]["A"]) == (True, ["A"], 100)
    assert game("hand-and-foot", rounds[:3], ["A", "B"])["finished"] is False


def test_equal_highest_share_the_win(game):
    rounds = [{"A": {"meld_points": 5}, "B": {"meld_points": 5}}] * 4
    assert game("hand-and-foot", rounds, ["A", "B", "C"], players=3)["winners"] == ["A", "B"]


def test_house_rounds(game):
    answer = game("hand-and-foot", [{}, {}], ["A", "B"], options={"rounds": 2})
    assert (answer["finished"], answer["winners"]) == (True, ["A", "B"])


def test_going_out_needs_clean_and_dirty(game):
    with pytest.raises(ScoringError, match='side "A": went_out: .* at least 1 dirty pile'):
        game("hand-and-foot", [{"A": {"natural_canastas": 2, "went_out": True}}], ["A", "B"])


def test_a_game_resumed_from_paper_keeps_its_round_number(game):
    answer = game("hand-and-foot", [{}], ["A", "B"], start={"rounds": 2, "totals": {"B": 400}})
    assert (answer["next_round"], answer["opening"]["A"], answer["totals"]["B"]) == (4, 150, 400)
    assert game("hand-and-foot", [{}, {}], ["A", "B"], start={"rounds": 2})["finished"] is True
