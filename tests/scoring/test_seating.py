"""Seats, sides, the dealer and who sits out."""

import pytest

from scorekeeper.scoring import get_variant, score_game
from scorekeeper.scoring.seating import side_names, turn


@pytest.mark.parametrize(
    ("variant", "seats", "sides"),
    [("classic", "Ann Cat Bea Dee", ["Ann & Bea", "Cat & Dee"]),
     ("classic", "Ann Bob Cy", ["Ann", "Bob", "Cy"]),
     ("classic", "A B C D E", ["A & C & E", "B & D"]),
     ("weeping", "A B C D E F", ["A & D", "B & E", "C & F"]),
     ("samba-foot", "A B C D E F", ["A & C & E", "B & D & F"]),
     ("hand-and-foot", "A B C", ["A", "B", "C"]),
     ("hand-and-foot", "A B C D E F", ["A & C & E", "B & D & F"]),
     ("five-person", "A B C D E", ["A", "B", "C", "D", "E"])],
)  # fmt: skip
def test_partners_sit_alternately(variant, seats, sides):
    assert side_names(get_variant(variant), seats.split()) == sides


def test_deal_passes_clockwise():
    seats = ["Ann", "Cat", "Bea", "Dee"]
    dealers = [turn(get_variant("classic"), seats, 2, n).dealer for n in range(1, 6)]
    assert dealers == ["Bea", "Dee", "Ann", "Cat", "Bea"]


def test_five_player_classic_rotates_who_sits_out_of_the_team_of_three():
    seats = list("ABCDE")
    out = [turn(get_variant("classic"), seats, 0, n).sits_out for n in range(1, 5)]
    assert out == ["A", "C", "E", "A"]
    assert turn(get_variant("classic"), seats[:4], 0, 1).sits_out is None


# Five-player classic, seats Ann Bob Cat Dan Eve clockwise, Cat dealing first: the
# team of three is Ann, Cat, Eve (seats 1, 3, 5), the team of two Bob, Dan. Worked by
# hand: who sits out rotates over the three (Ann, Cat, Eve, Ann, ...); by default the
# deal passes left every round through all five seats, from Cat.
FIVE = ["Ann", "Bob", "Cat", "Dan", "Eve"]
IN_TURN = ["Cat", "Dan", "Eve", "Ann", "Bob", "Cat", "Dan", "Eve", "Ann", "Bob"]
SITS_OUT = ["Ann", "Cat", "Eve", "Ann", "Cat", "Eve", "Ann", "Cat", "Eve", "Ann"]
TEAM_OF_TWO = {"Bob", "Dan"}


def deal_of(rules, rounds=10):
    classic = get_variant("classic")
    return [turn(classic, FIVE, 2, n, rules) for n in range(1, rounds + 1)]


def test_five_player_classic_deals_every_player_in_turn_by_default():
    dealt = deal_of(None)
    assert [t.dealer for t in dealt] == IN_TURN
    assert [t.sits_out for t in dealt] == SITS_OUT
    assert all(IN_TURN.count(name) == 2 for name in FIVE)  # each deals twice in ten
    two = [n for n, t in enumerate(dealt, 1) if t.dealer in TEAM_OF_TWO]
    assert two == [2, 5, 7, 10]  # the team of two deals (and can earn the bonus)
    assert len(dealt) - len(two) == 6  # and the team of three the other rounds


def test_five_player_classic_keeps_the_sitter_dealing_as_an_option():
    dealt = deal_of({"deal_in_turn": False})
    assert [t.dealer for t in dealt] == SITS_OUT  # the team of two never deals
    assert not any(t.dealer in TEAM_OF_TWO for t in dealt)


def test_five_player_classic_can_skip_whoever_sits_out():
    dealt = deal_of({"deal_in_turn": False, "sitter_deals": False})
    # in turn from Cat, but Eve's turn (round 3) and Ann's (4) fall as they sit
    # out: each passes the deal on to the next seat (Ann, then Bob)
    assert [t.dealer for t in dealt] == [
        "Cat", "Dan", "Ann", "Bob", "Bob", "Cat", "Dan", "Eve", "Ann", "Bob",
    ]  # fmt: skip
    assert all(t.dealer != t.sits_out for t in dealt)


def test_the_deal_option_changes_no_score():
    """Who deals is shown, not scored: the same rounds score the same either way."""
    rounds = [
        {
            "Ann & Cat & Eve": {"meld_points": 120, "dealer_bonus": True},
            "Bob & Dan": {"meld_points": 60, "went_out": True, "mixed_canastas": 1},
        }
    ]
    doc = {"variant": "classic", "sides": ["Ann & Cat & Eve", "Bob & Dan"], "players": 5,
           "rounds": rounds}  # fmt: skip
    answers = [
        score_game({**doc, "options": o})["totals"]
        for o in ({}, {"deal_in_turn": False}, {"deal_in_turn": False, "sitter_deals": False})
    ]
    assert answers[0] == answers[1] == answers[2]
