"""The card points of one round, all sides together, bounded by the value of all the
cards in play at the game's card values (RULES: "A larger total is a typing slip")."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from scorekeeper.data.sample import random_round
from scorekeeper.scoring import VARIANTS, ScoringError, score_game
from scorekeeper.scoring.document import read_game, round_problems
from scorekeeper.scoring.packs import CARD_POINT_FIELDS
from scorekeeper.scoring.seating import side_names

# (id, variant, players, sides, house rules, the value of all the cards in play)
BOUNDS = [
    ("classic", "classic", 4, 2, {}, 1180),
    ("classic-2-alone", "classic", 2, 2, {}, 1180),
    ("classic-3-alone", "classic", 3, 3, {}, 1180),
    ("classic-6", "classic", 6, 2, {}, 1770),  # three packs
    ("hand-and-foot-4", "hand-and-foot", 4, 2, {}, 4 * 790),  # a deck per player
    ("hand-and-foot-3", "hand-and-foot", 3, 3, {}, 3 * 790),
    ("hand-and-foot-6-alone", "hand-and-foot", 6, 6, {}, 6 * 790),
    ("five-person", "five-person", 5, 5, {}, 980),
    ("weeping-4", "weeping", 4, 2, {}, 1740),
    ("weeping-6", "weeping", 6, 3, {}, 1740),
    ("samba-foot-4", "samba-foot", 4, 2, {}, 5 * 590),  # a deck more than the players
    ("samba-foot-6", "samba-foot", 6, 2, {}, 7 * 590),
    # house rules: 4 jokers at 100 instead of 50; aces (8) at 50 instead of 20
    ("classic-dear-jokers", "classic", 4, 2, {"card_joker": 100}, 1180 + 4 * 50),
    ("classic-6-dear-aces", "classic", 6, 2, {"card_ace": 50}, 1770 + 12 * 30),
    # eight-to-kings (48 of them) worth nothing
    ("classic-free-high-cards", "classic", 4, 2, {"card_high": 0}, 1180 - 48 * 10),
    ("hand-and-foot-red-threes-free", "hand-and-foot", 4, 2, {"card_red_three": 0}, 4 * 590),
    # five-person: 14 jokers or twos at 20 instead of 10
    ("five-person-dear-jokers", "five-person", 5, 5, {"card_joker": 20}, 980 + 14 * 10),
    # weeping: the threes are entered by count, whatever they are worth
    ("weeping-threes-count-0", "weeping", 4, 2, {"card_black_three": 50}, 1740),
    ("samba-foot-low-cards", "samba-foot", 4, 2, {"card_low": 10}, 5 * 590 + 5 * 16 * 5),
]  # fmt: skip
SIDES = ["P1", "P2", "P3", "P4", "P5", "P6"]


def doc(variant, players, sides, options, rounds):
    return {"variant": variant, "sides": SIDES[:sides], "players": players,
            "options": options, "rounds": rounds}  # fmt: skip


def spread(variant, sides, total):
    """A round (nobody out) whose card points come to ``total``, spread over every
    side and every card-point field the variant has, in steps of 5."""
    fields = [n for n in CARD_POINT_FIELDS if VARIANTS[variant].uses(n)]
    slots = [(s, n) for s in SIDES[:sides] for n in fields]
    each, rest = divmod(total // 5, len(slots))
    rnd: dict = {}
    for i, (side, name) in enumerate(slots):
        rnd.setdefault(side, {})[name] = 5 * (each + (i < rest))
    return rnd


@pytest.mark.parametrize(("variant", "players", "sides", "options", "most"),
                         [b[1:] for b in BOUNDS], ids=[b[0] for b in BOUNDS])  # fmt: skip
def test_a_round_at_the_value_of_all_the_cards_is_taken_and_5_more_is_not(
    variant, players, sides, options, most
):
    v = VARIANTS[variant]
    assert v.card_points_in_play(players, v.rules(options)) == most
    at = spread(variant, sides, most)
    assert sum(p for f in at.values() for p in f.values()) == most
    score_game(doc(variant, players, sides, options, [at]))
    over = spread(variant, sides, most + 5)
    with pytest.raises(ScoringError) as caught:
        score_game(doc(variant, players, sides, options, [over]))
    error = caught.value
    assert (error.round, error.side, error.field) == (1, "P1", CARD_POINT_FIELDS[0])
    assert error.problem == (
        f"{over['P1']['meld_points']} makes {most + 5} card points this round, "
        f"more than the {most} points of all the cards in play"
    )


def test_the_rules_example_of_a_typing_slip():
    rounds = [
        {"Ann & Bea": {"natural_canastas": 1, "meld_points": 230, "red_threes": 1,
                       "went_out": True},
         "Cat & Dee": {"mixed_canastas": 1, "meld_points": 185, "hand_points": 65}},
        {"Ann & Bea": {"meld_points": 120},
         "Cat & Dee": {"natural_canastas": 1, "meld_points": 23500, "went_out": True}},
    ]  # fmt: skip
    with pytest.raises(ScoringError) as caught:
        score_game({"variant": "classic", "sides": ["Ann & Bea", "Cat & Dee"], "rounds": rounds})
    assert str(caught.value) == (
        'round 2, side "Cat & Dee": meld_points: 23500 is more than the 1180 points of all '
        "the cards in play"
    )


@pytest.mark.parametrize(
    ("round_", "named"),
    [
        # the largest value is named, wherever it stands
        ({"A": {"meld_points": 300}, "B": {"meld_points": 900}}, ("B", "meld_points", 900)),
        ({"A": {"meld_points": 200, "hand_points": 1000}}, ("A", "hand_points", 1000)),
        # of two equal, the first
        ({"A": {"hand_points": 600}, "B": {"meld_points": 600}}, ("A", "hand_points", 600)),
    ],
)
def test_the_field_named_is_the_largest_one_typed(game, round_, named):
    with pytest.raises(ScoringError) as caught:
        game("classic", [round_], ["A", "B"])
    assert (caught.value.side, caught.value.field, caught.value.params["value"]) == named


def test_feet_and_weepers_are_card_points_too(game):
    with pytest.raises(ScoringError, match='side "B": foot_points: 1100 makes 3165'):
        game("hand-and-foot", [{"A": {"meld_points": 1000, "hand_points": 165},
                                "B": {"meld_points": 900, "foot_points": 1100}}])  # fmt: skip
    with pytest.raises(ScoringError, match='side "A": weeper_points: 900 makes 1745'):
        game("weeping", [{"A": {"hand_points": 400, "weeper_points": 900},
                          "B": {"meld_points": 445}}])  # fmt: skip


def test_bonuses_are_not_card_points(game):
    """Canastas, red threes and going out score beyond the bound: only the fields
    holding the cards' face value count toward it."""
    rnd = {"A": {"natural_canastas": 8, "mixed_canastas": 2, "red_threes": 4, "went_out": True,
                 "meld_points": 1180}}  # fmt: skip
    assert game("classic", [rnd], ["A", "B"])["totals"]["A"] == 4000 + 600 + 400 + 100 + 1180


def test_every_problem_of_a_round_lists_the_card_points_beside_the_others():
    game = read_game({"variant": "classic", "sides": ["A", "B"]})
    problems = round_problems(game, 3, {"A": {"meld_points": 1200, "red_threes": 9}})
    assert [(p.side, p.field) for p in problems] == [("A", "red_threes"), ("A", "meld_points")]
    assert str(problems[1]) == (
        'round 3, side "A": meld_points: 1200 is more than the 1180 points of all the cards in play'
    )


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(list(VARIANTS)), st.integers(0, 10**6))
def test_the_sample_generators_rounds_stay_within_the_cards_in_play(variant_id, seed):
    """``scorekeeper sample`` (and the property tests) fit each round to the packs."""
    variant = VARIANTS[variant_id]
    rng = random.Random(seed)
    players = rng.choice(variant.players[:6])
    sides = side_names(variant, [f"P{i}" for i in range(players)])
    rnd = random_round(variant, sides, players, rng)
    typed = sum(f.get(n, 0) for f in rnd.values() for n in CARD_POINT_FIELDS)
    assert typed <= variant.card_points_in_play(players, variant.rules())
    score_game({"variant": variant_id, "sides": sides, "players": players, "rounds": [rnd]})
