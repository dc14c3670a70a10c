"""Five-person Canasta: worked rounds computed by hand from docs/rules.md.

Seats 1-5 in order; each round score is the player's own score plus their
partner's (the player two seats after them): P1+P3, P2+P4, P3+P5, P4+P1, P5+P2.
"""

import pytest

from scorekeeper.scoring import ScoringError
from tests.conftest import rounds_reaching

SEATS = ["P1", "P2", "P3", "P4", "P5"]

ROUNDS = [
    # own: P1 100+50+120-20=250, P2 50+80=130, P3 50+45-30=65, P4 500+200-60=640, P5 -75
    pytest.param({"P1": {"natural_canastas": 1, "meld_points": 120, "hand_points": 20,
                         "went_out": True},
                  "P2": {"mixed_canastas": 1, "meld_points": 80},
                  "P3": {"kitties": 1, "meld_points": 45, "hand_points": 30},
                  "P4": {"super_canastas_pure": 1, "meld_points": 200, "hand_points": 60},
                  "P5": {"hand_points": 75}},
                 {"P1": 315, "P2": 770, "P3": -10, "P4": 890, "P5": 55}, {}, id="every-item"),
    # own P2 300+50+150=500; P5's partner is P2
    pytest.param({"P2": {"super_canastas_impure": 1, "meld_points": 150, "went_out": True}},
                 {"P1": 0, "P2": 500, "P3": 0, "P4": 0, "P5": 500}, {}, id="impure-super"),
    # the finisher's hand still counts: own P3 50+50+70-10=160, P5 -40
    pytest.param({"P3": {"mixed_canastas": 1, "went_out": True, "meld_points": 70,
                         "hand_points": 10}, "P5": {"hand_points": 40}},
                 {"P1": 160, "P2": 0, "P3": 120, "P4": 0, "P5": -40}, {}, id="finisher-hand"),
    # finishing on the partner's canasta: own P1 50+60=110, P3 100+100=200
    pytest.param({"P1": {"went_out": True, "meld_points": 60},
                  "P3": {"natural_canastas": 1, "meld_points": 100}},
                 {"P1": 310, "P2": 0, "P3": 200, "P4": 110, "P5": 0}, {}, id="partner-canasta"),
    # own P4 100+300-25=375
    pytest.param({"P4": {"kitties": 2, "meld_points": 300, "hand_points": 25}},
                 {"P1": 0, "P2": 375, "P3": 0, "P4": 375, "P5": 0}, {}, id="two-kitties"),
    pytest.param({p: {"hand_points": 10 * (i + 1)} for i, p in enumerate(SEATS)},
                 {"P1": -40, "P2": -60, "P3": -80, "P4": -50, "P5": -70}, {}, id="all-negative"),
    # own P2 500+200+50+50+400=1200
    pytest.param({"P2": {"super_canastas_pure": 1, "natural_canastas": 2, "mixed_canastas": 1,
                         "meld_points": 400, "went_out": True}},
                 {"P1": 0, "P2": 1200, "P3": 0, "P4": 0, "P5": 1200}, {}, id="super-and-plain"),
    # house rule: a kitty is worth 100; own P5 100+55=155
    pytest.param({"P5": {"kitties": 1, "meld_points": 55}},
                 {"P1": 0, "P2": 0, "P3": 155, "P4": 0, "P5": 155},
                 {"options": {"kitty": 100}}, id="house-kitty"),
]  # fmt: skip


@pytest.mark.parametrize(("round_", "want", "top"), ROUNDS)
def test_worked_round(game, round_, want, top):
    assert game("five-person", [round_], SEATS, **top)["rounds"][0]["scores"] == want


def test_partner_line_in_breakdown(game):
    answer = game("five-person", [ROUNDS[0].values[0]], SEATS)
    assert answer["rounds"][0]["breakdown"]["P1"][-1] == ["partner P3", 65]


def test_opening_is_75_and_game_ends_at_4000(game):
    answer = game("five-person", rounds_reaching("five-person", 3995, "P1"), SEATS)
    assert answer["opening"] == dict.fromkeys(SEATS, 75)
    assert (answer["totals"]["P1"], answer["finished"]) == (3995, False)
    rounds = rounds_reaching("five-person", 4000, "P1")
    answer = game("five-person", rounds, SEATS)
    # P1 scores 4000 own, P4 scores it too as P1's rentrap: a tie for the lead plays on
    assert (answer["finished"], answer["totals"]["P4"]) == (False, 4000)
    answer = game("five-person", [*rounds, {"P1": {"meld_points": 5}, "P3": {"meld_points": 5}}],
                  SEATS)  # fmt: skip
    assert (answer["finished"], answer["winners"]) == (True, ["P1"])


def test_finishing_needs_own_or_partner_canasta(game):
    with pytest.raises(ScoringError, match='round 1, side "P1": went_out: finishing needs'):
        game("five-person", [{"P1": {"went_out": True}, "P2": {"natural_canastas": 1}}], SEATS)


def test_exactly_five_players(game):
    with pytest.raises(ScoringError, match="sides: five-person is played by 5 sides, not 4"):
        game("five-person", [], SEATS[:4])
