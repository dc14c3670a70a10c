"""The checks issue 11 adds, each with its exact message naming round, side and field."""

import pytest

from scorekeeper.scoring import ScoringError

FIVE = ["P1", "P2", "P3", "P4", "P5"]


def bad(id_, variant, rounds, message, sides=("A", "B"), **top):
    return pytest.param(variant, rounds, list(sides), top, message, id=id_)


def good(id_, variant, rounds, totals, sides=("A", "B"), **top):
    return pytest.param(variant, rounds, list(sides), top, totals, id=id_)


ERRORS = [
    # -- classic: one dealer, so one dealer bonus a round ---------------------
    bad("dealer-bonus-twice", "classic",
        [{"A": {"dealer_bonus": True}, "B": {"dealer_bonus": True}}],
        'round 1, side "B": dealer_bonus: only one side can have the dealer bonus; '
        '"A" already has it'),
    bad("dealer-bonus-twice-of-three", "classic",
        [{"A": {}, "B": {"dealer_bonus": True}, "C": {"dealer_bonus": True}}],
        'round 1, side "C": dealer_bonus: only one side can have the dealer bonus; '
        '"B" already has it', sides="ABC"),
    bad("dealer-bonus-twice-in-round-two", "classic",
        [{"A": {"dealer_bonus": True}}, {"A": {"dealer_bonus": True}, "B": {"dealer_bonus": True}}],
        'round 2, side "B": dealer_bonus: only one side can have the dealer bonus; '
        '"A" already has it'),
    # a field-level problem is named before the dealer bonus
    bad("dealer-bonus-after-fields", "classic",
        [{"A": {"dealer_bonus": True}, "B": {"dealer_bonus": True, "meld_points": 7}}],
        'round 1, side "B": meld_points: 7 is not a multiple of 5 (every card is worth a '
        "multiple of 5)"),
    # ...and so is going out
    bad("dealer-bonus-after-going-out", "classic",
        [{"A": {"dealer_bonus": True}, "B": {"dealer_bonus": True, "went_out": True}}],
        'round 1, side "B": went_out: going out needs at least 1 canasta, this side has 0'),
]  # fmt: skip

FINE = [
    # 100 + 90 - 30; 600 + 100 + 300
    good("dealer-bonus-once", "classic",
         [{"A": {"dealer_bonus": True, "meld_points": 90, "hand_points": 30},
           "B": {"mixed_canastas": 2, "meld_points": 300, "went_out": True}}],
         {"A": 160, "B": 1000}),
    # a different side may have it in each round
    good("dealer-bonus-each-round", "classic",
         [{"A": {"dealer_bonus": True}}, {"B": {"dealer_bonus": True}}], {"A": 100, "B": 100}),
    good("dealer-bonus-none", "classic", [{"A": {"meld_points": 50}}], {"A": 50, "B": 0}),
    good("dealer-bonus-six-players", "classic",
         [{"A": {"dealer_bonus": True, "meld_points": 5}, "B": {"meld_points": 10}}],
         {"A": 105, "B": 10}, players=6),
]  # fmt: skip


@pytest.mark.parametrize(("variant", "rounds", "sides", "top", "message"), ERRORS)
def test_error(game, variant, rounds, sides, top, message):
    with pytest.raises(ScoringError) as caught:
        game(variant, rounds, sides, **top)
    assert str(caught.value) == message


@pytest.mark.parametrize(("variant", "rounds", "sides", "top", "totals"), FINE)
def test_fine(game, variant, rounds, sides, top, totals):
    assert game(variant, rounds, sides, **top)["totals"] == totals
