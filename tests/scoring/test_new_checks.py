"""The checks of the house-rule options, each with its exact message naming round, side and field."""

import pytest
from hypothesis import given, settings, strategies as st

from scorekeeper.scoring import ScoringError, score_game

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
    # -- five-person: two kitties are dealt -------------------------------------
    bad("kitties-three-one-player", "five-person", [{"P2": {"kitties": 3}}],
        'round 1, side "P2": kitties: 3 is more than the 2 kitties dealt', sides=FIVE),
    bad("kitties-two-players", "five-person", [{"P1": {"kitties": 1}, "P4": {"kitties": 2}}],
        'round 1, side "P4": kitties: 2 makes 3 kitties this round, more than the 2 dealt',
        sides=FIVE),
    bad("kitties-three-players", "five-person",
        [{"P1": {"kitties": 1}, "P2": {"kitties": 1}, "P3": {"kitties": 1}}],
        'round 1, side "P3": kitties: 1 makes 3 kitties this round, more than the 2 dealt',
        sides=FIVE),
    bad("kitties-in-round-two", "five-person",
        [{"P1": {"kitties": 2}}, {"P5": {"kitties": 2}, "P1": {"kitties": 1}}],
        'round 2, side "P5": kitties: 2 makes 3 kitties this round, more than the 2 dealt',
        sides=FIVE),
    bad("kitties-after-finishing", "five-person",
        [{"P1": {"kitties": 2, "went_out": True}, "P2": {"kitties": 1}}],
        'round 1, side "P1": went_out: finishing needs at least 1 canasta among the melds of '
        "this player and their partner (P3), they have 0", sides=FIVE),
    # -- weeping: canastas out of hand, weepers, and what is left in weepers -----
    bad("from-hand-above-canastas", "weeping",
        [{"A": {"natural_canastas": 1, "canastas_from_hand": 2}}],
        'round 1, side "A": canastas_from_hand: 2 is more than the 1 canasta this side has'),
    bad("from-hand-no-canasta", "weeping", [{"B": {"canastas_from_hand": 1}}],
        'round 1, side "B": canastas_from_hand: 1 is more than the 0 canastas this side has'),
    # every kind of canasta counts: 3 of 4 from hand is fine, 5 is not
    bad("from-hand-every-kind", "weeping",
        [{"A": {"natural_canastas": 1, "mixed_canastas": 1, "sevens_canastas": 1,
                "wild_canastas": 1, "canastas_from_hand": 5}}],
        'round 1, side "A": canastas_from_hand: 5 is more than the 4 canastas this side has'),
    bad("weepers-above-players", "weeping",
        [{"A": {"natural_canastas": 3, "weepers_picked_up": 3}}],
        'round 1, side "A": weepers_picked_up: 3 is more than the 2 players on a side'),
    bad("weepers-above-canastas", "weeping",
        [{"A": {"natural_canastas": 1, "weepers_picked_up": 2}}],
        'round 1, side "A": weepers_picked_up: 2 is more than the 1 canasta this side has '
        "(a player picks up a weeper after closing a canasta)"),
    bad("weeper-without-canasta", "weeping", [{"B": {"weepers_picked_up": 1}}],
        'round 1, side "B": weepers_picked_up: 1 is more than the 0 canastas this side has '
        "(a player picks up a weeper after closing a canasta)"),
    bad("weeper-points-after-both", "weeping",
        [{"A": {"mixed_canastas": 2, "weepers_picked_up": 2, "weeper_points": 40}}],
        'round 1, side "A": weeper_points: must be 0 once all 2 weepers are picked up, not 40'),
    bad("red-threes-in-weeper-after-both", "weeping",
        [{"A": {"mixed_canastas": 2, "weepers_picked_up": 2, "red_threes_in_weeper": 1}}],
        'round 1, side "A": red_threes_in_weeper: must be 0 once all 2 weepers are picked up, '
        "not 1"),
    bad("black-threes-in-weeper-after-both", "weeping",
        [{"A": {"mixed_canastas": 2, "weepers_picked_up": 2, "black_threes_in_weeper": 2}}],
        'round 1, side "A": black_threes_in_weeper: must be 0 once all 2 weepers are picked up, '
        "not 2"),
    # the order: canastas out of hand, weepers against players, against canastas,
    # then what is left in weepers; each side's own fields before going out
    bad("order-from-hand-first", "weeping",
        [{"A": {"canastas_from_hand": 1, "weepers_picked_up": 3, "weeper_points": 5}}],
        'round 1, side "A": canastas_from_hand: 1 is more than the 0 canastas this side has'),
    bad("order-players-before-canastas", "weeping",
        [{"A": {"natural_canastas": 1, "weepers_picked_up": 3}}],
        'round 1, side "A": weepers_picked_up: 3 is more than the 2 players on a side'),
    bad("order-weepers-before-going-out", "weeping",
        [{"A": {"natural_canastas": 1, "weepers_picked_up": 2, "went_out": True}}],
        'round 1, side "A": weepers_picked_up: 2 is more than the 1 canasta this side has '
        "(a player picks up a weeper after closing a canasta)"),
    bad("order-field-before-side", "weeping",
        [{"A": {"canastas_from_hand": 1, "weeper_points": 3}}],
        'round 1, side "A": weeper_points: 3 is not a multiple of 5 (every card is worth a '
        "multiple of 5)"),
    bad("order-weeper-before-red-threes-in-play", "weeping",
        [{"A": {"red_threes": 6}, "B": {"natural_canastas": 2, "weepers_picked_up": 2,
                                        "red_threes_in_weeper": 1}}],
        'round 1, side "B": red_threes_in_weeper: must be 0 once all 2 weepers are picked up, '
        "not 1"),
    # three teams of two: the side's team size
    bad("weepers-three-teams", "weeping",
        [{"C": {"natural_canastas": 3, "weepers_picked_up": 3}}],
        'round 1, side "C": weepers_picked_up: 3 is more than the 2 players on a side',
        sides="ABC", players=6),
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
    # own P1 50 + 50 = 100, own P4 50; each kitty 50
    good("kitties-two-players", "five-person",
         [{"P1": {"kitties": 1, "meld_points": 50}, "P4": {"kitties": 1}}],
         {"P1": 100, "P2": 50, "P3": 0, "P4": 150, "P5": 0}, sides=FIVE),
    good("kitties-two-one-player", "five-person", [{"P3": {"kitties": 2}}],
         {"P1": 100, "P2": 0, "P3": 100, "P4": 0, "P5": 0}, sides=FIVE),
    good("kitties-two-each-round", "five-person", [{"P1": {"kitties": 2}}, {"P2": {"kitties": 2}}],
         {"P1": 100, "P2": 100, "P3": 0, "P4": 100, "P5": 100}, sides=FIVE),
    good("kitties-none", "five-person", [{"P5": {"meld_points": 20}}],
         {"P1": 0, "P2": 0, "P3": 20, "P4": 0, "P5": 20}, sides=FIVE),
    # 500 x 2 + 100 from hand x 2 + 300; a weeper per canasta
    good("from-hand-equal-canastas", "weeping",
         [{"A": {"natural_canastas": 2, "canastas_from_hand": 2, "weepers_picked_up": 2,
                 "meld_points": 300}}], {"A": 1500, "B": 0}),
    # one weeper of two picked up: the other's points and threes still count against
    # 300 - 50 - 5 - 5
    good("one-weeper-left-counts", "weeping",
         [{"A": {"mixed_canastas": 1, "weepers_picked_up": 1, "weeper_points": 50,
                 "red_threes_in_weeper": 1, "black_threes_in_weeper": 1}}], {"A": 240, "B": 0}),
    # no weeper picked up: 0 canastas is fine, the weeper counts against: -90 - 10
    good("no-weeper-no-canasta", "weeping",
         [{"B": {"weeper_points": 90, "black_threes_in_weeper": 2}}], {"A": 0, "B": -100}),
    # a weeper per canasta at most, not one per canasta: 1000 + 1500 - 20
    good("more-canastas-than-weepers", "weeping",
         [{"A": {"sevens_canastas": 1, "natural_canastas": 3, "weepers_picked_up": 1,
                 "hand_points": 20}}], {"A": 2480, "B": 0}),
]  # fmt: skip


@pytest.mark.parametrize(("variant", "rounds", "sides", "top", "message"), ERRORS)
def test_error(game, variant, rounds, sides, top, message):
    with pytest.raises(ScoringError) as caught:
        game(variant, rounds, sides, **top)
    assert str(caught.value) == message


@pytest.mark.parametrize(("variant", "rounds", "sides", "top", "totals"), FINE)
def test_fine(game, variant, rounds, sides, top, totals):
    assert game(variant, rounds, sides, **top)["totals"] == totals


WEEPING_CANASTAS = ("natural_canastas", "mixed_canastas", "sevens_canastas", "wild_canastas")


@settings(max_examples=200, deadline=None)
@given(
    st.fixed_dictionaries(
        {name: st.integers(0, 1 if name == "sevens_canastas" else 2) for name in WEEPING_CANASTAS}
        | {"canastas_from_hand": st.integers(0, 4), "weepers_picked_up": st.integers(0, 3),
           "weeper_points": st.sampled_from([0, 25]), "black_threes_in_weeper": st.integers(0, 1)}
    )
)  # fmt: skip
def test_weeping_side_checks_name_the_first_problem(f):
    canastas = sum(f[n] for n in WEEPING_CANASTAS)
    picked = f["weepers_picked_up"]
    leftover = [n for n in ("weeper_points", "black_threes_in_weeper") if f[n]]
    expected = (
        "canastas_from_hand" if f["canastas_from_hand"] > canastas
        else "weepers_picked_up" if picked > min(2, canastas)
        else leftover[0] if picked == 2 and leftover
        else None
    )  # fmt: skip
    doc = {"variant": "weeping", "sides": ["A", "B"], "rounds": [{"A": f}]}
    try:
        score_game(doc)
    except ScoringError as error:
        assert (error.round, error.side, error.field) == (1, "A", expected)
    else:
        assert expected is None


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=5, max_size=5))
def test_kitties_add_up_to_at_most_two(kitties):
    doc = {"variant": "five-person", "sides": FIVE,
           "rounds": [{p: {"kitties": k} for p, k in zip(FIVE, kitties, strict=True)}]}  # fmt: skip
    try:
        answer = score_game(doc)
    except ScoringError as error:
        assert sum(kitties) > 2 and error.field == "kitties"
    else:
        assert sum(kitties) <= 2
        assert sum(answer["totals"].values()) == 2 * 50 * sum(kitties)


@pytest.mark.parametrize(
    ("doc", "message"),
    [({"variant": "classic", "sides": ["A", "B"],
       "rounds": [{"A": {"natural_canastas": 8}, "B": {"natural_canastas": 8}}]},
      'round 1, side "B": natural_canastas: 8 makes 112 cards in canastas this round, '
      "more than the 108 in play"),
     ({"variant": "classic", "sides": ["A", "B"],
       "rounds": [{"A": {"natural_canastas": 13, "mixed_canastas": 3}}]},
      'round 1, side "A": mixed_canastas: 3 makes 112 cards in canastas this round, '
      "more than the 108 in play"),
     ({"variant": "weeping", "sides": ["A", "B"],
       "rounds": [{"A": {"sevens_canastas": 1}, "B": {"sevens_canastas": 1}}]},
      'round 1, side "B": sevens_canastas: 1 makes 14 sevens this round, more than the 12 in play'),
     ({"variant": "weeping", "sides": ["A", "B"], "rounds": [{"A": {"wild_canastas": 3}}]},
      'round 1, side "A": wild_canastas: 3 makes 21 wild cards this round, '
      "more than the 18 in play"),
     ({"variant": "weeping", "sides": ["A", "B"],
       "rounds": [{"A": {"black_threes_in_hand": 4}, "B": {"black_threes_in_weeper": 3}}]},
      'round 1, side "B": black_threes_in_weeper: 3 makes 7 black threes this round, '
      "more than the 6 in play"),
     ({"variant": "samba-foot", "sides": ["A", "B"], "rounds": [{"A": {"wild_canastas": 5}}]},
      'round 1, side "A": wild_canastas: 5 makes 35 wild cards this round, '
      "more than the 30 in play"),
     ({"variant": "five-person", "sides": FIVE,
       "rounds": [{p: {"super_canastas_impure": 2} for p in FIVE}]},
      'round 1, side "P5": super_canastas_impure: 2 makes 130 cards in canastas this round, '
      "more than the 110 in play")],
)  # fmt: skip
def test_a_round_may_not_need_more_cards_than_the_packs_hold(doc, message):
    """Found by an independent scorer: each count was checked on its own, so two sides'
    canastas together, or two sevens canastas from three decks' twelve sevens, passed."""
    with pytest.raises(ScoringError) as refused:
        score_game(doc)
    assert str(refused.value) == message


def test_as_many_as_the_packs_hold_is_still_a_round():
    weeping = {"A": {"sevens_canastas": 1, "wild_canastas": 2, "black_threes_in_hand": 6}}
    samba = {"A": {"wild_canastas": 2}, "B": {"wild_canastas": 2}}
    for variant, rnd in (("weeping", weeping), ("samba-foot", samba)):
        score_game({"variant": variant, "sides": ["A", "B"], "rounds": [rnd]})
