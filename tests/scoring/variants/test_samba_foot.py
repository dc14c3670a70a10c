"""Hand and Foot with Sambas: worked rounds computed by hand from docs/rules.md."""

import pytest

from scorekeeper.scoring import ScoringError

OUT = {"natural_canastas": 2, "mixed_canastas": 2, "wild_canastas": 1, "went_out": True}

ROUNDS = [
    # 1000 + 600 + 1500 + 500 + 900; 500 + 1500 samba + 400 - 60 - 200
    pytest.param({"A": {**OUT, "meld_points": 900},
                  "B": {"natural_canastas": 1, "sambas": 1, "meld_points": 400,
                        "hand_points": 60, "foot_points": 200}},
                 {"A": 4500, "B": 2140}, {}, id="basic"),
    pytest.param({"A": {"red_threes": 4, "meld_points": 100, "hand_points": 20,
                        "foot_points": 50}, "B": {}}, {"A": 430, "B": 0}, {}, id="four-red-threes"),
    # five red threes: a flat 1000
    pytest.param({"A": {"red_threes": 5, "meld_points": 100}, "B": {}},
                 {"A": 1100, "B": 0}, {}, id="five-red-threes"),
    # seven: 1000 for the first five, then 100 each
    pytest.param({"A": {"red_threes": 7}, "B": {"red_threes": 3}},
                 {"A": 1200, "B": 300}, {}, id="seven-red-threes"),
    # red sevens as a house option: 1500 + 1000 + 600 + 1500 + 500 + 700
    pytest.param({"A": {**OUT, "red_sevens_canastas": 1, "meld_points": 700}, "B": {}},
                 {"A": 5800, "B": 0}, {"options": {"red_sevens": True}}, id="red-sevens-on"),
    # hand points count even for the side that went out (a partner's hand): -45
    pytest.param({"A": {**OUT, "meld_points": 500, "hand_points": 45},
                  "B": {"mixed_canastas": 1, "meld_points": 300, "hand_points": 100,
                        "foot_points": 300}}, {"A": 4055, "B": 200}, {}, id="out-side-hand"),
    # 3000 sambas + 1500 wild + 600; 500 + 300 + 350 - 120
    pytest.param({"A": {"sambas": 2, "wild_canastas": 1, "meld_points": 600},
                  "B": {"natural_canastas": 1, "mixed_canastas": 1, "meld_points": 350,
                        "foot_points": 120}}, {"A": 5100, "B": 1030}, {}, id="sambas"),
    # six players, seven decks: 14 red threes; 1000 + 300 + 200; 1000 + 100
    pytest.param({"A": {"red_threes": 8, "meld_points": 200}, "B": {"red_threes": 6}},
                 {"A": 1500, "B": 1100}, {"players": 6}, id="six-players"),
    pytest.param({"A": {**OUT}, "B": {}}, {"A": 4100, "B": 0},
                 {"options": {"going_out": 1000}}, id="house-going-out"),
]  # fmt: skip


@pytest.mark.parametrize(("round_", "want", "top"), ROUNDS)
def test_worked_round(game, round_, want, top):
    assert game("samba-foot", [round_], list(want), **top)["rounds"][0]["scores"] == want


def test_three_rounds_with_rising_openings(game):
    openings = [game("samba-foot", [{}] * n, ["A", "B"])["opening"]["A"] for n in range(4)]
    assert openings == [50, 90, 120, 120]
    answer = game("samba-foot", [{}, {}, {"B": {"meld_points": 5}}], ["A", "B"])
    assert (answer["finished"], answer["winners"]) == (True, ["B"])


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({**OUT, "wild_canastas": 0}, "at least 1 wild canasta, this side has 0"),
        ({**OUT, "mixed_canastas": 1}, "at least 2 black canastas, this side has 1"),
        ({**OUT, "foot_points": 40}, "every player of the side in their foot"),
    ],
)
def test_going_out_requirements(game, fields, problem):
    with pytest.raises(ScoringError, match=problem):
        game("samba-foot", [{"A": fields}], ["A", "B"])


def test_red_sevens_need_the_option(game):
    with pytest.raises(ScoringError, match="red_sevens_canastas: red-sevens canastas are off"):
        game("samba-foot", [{"A": {"red_sevens_canastas": 1}}], ["A", "B"])
