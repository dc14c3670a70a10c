"""Canasta (Church Dyke Rules): worked rounds computed by hand from docs/rules.md."""

import pytest

from scorekeeper.scoring import ScoringError
from tests.conftest import rounds_reaching

# (id, fields of side A, fields of side B, extra document keys, expected A, expected B)
ROUNDS = [
    ("rules-example", {"natural_canastas": 1, "meld_points": 230, "red_threes": 1, "went_out": True},
     {"mixed_canastas": 1, "meld_points": 185, "hand_points": 65}, {}, 930, 420),
    # 500 + 100 going out + 100 hidden + 200; -120
    ("concealed", {"natural_canastas": 1, "meld_points": 200, "went_out": True, "concealed": True},
     {"hand_points": 120}, {}, 900, -120),
    # 100 dealer + 90 - 30; 600 + 100 + 300
    ("dealer-bonus", {"dealer_bonus": True, "meld_points": 90, "hand_points": 30},
     {"mixed_canastas": 2, "meld_points": 300, "went_out": True}, {}, 160, 1000),
    # the side that went out does not count its hands: 500 + 100 + 150
    ("out-side-hand-not-counted",
     {"natural_canastas": 1, "went_out": True, "meld_points": 150, "hand_points": 20},
     {"hand_points": 55}, {}, 750, -55),
    # all four red threes on one side: 400 + 50; 500 + 100 + 160
    ("four-red-threes", {"red_threes": 4, "meld_points": 50},
     {"natural_canastas": 1, "went_out": True, "meld_points": 160}, {}, 450, 760),
    # 1000 + 900 + 200 + 100 + 780; -300 (1080 card points of the 1180 in play)
    ("many-canastas",
     {"natural_canastas": 2, "mixed_canastas": 3, "meld_points": 780, "red_threes": 2,
      "went_out": True}, {"hand_points": 300}, {}, 2980, -300),
    ("negative-round", {"hand_points": 425},
     {"mixed_canastas": 1, "went_out": True, "meld_points": 105}, {}, -425, 505),
    # six players, three packs: six red threes in play. 600 + 100; 500 + 100 + 200
    ("six-players-six-red-threes", {"red_threes": 6, "meld_points": 100},
     {"natural_canastas": 1, "went_out": True, "meld_points": 200}, {"players": 6}, 700, 800),
    # house rules: natural canasta 600, going out 200
    ("house-rules", {"natural_canastas": 1, "went_out": True, "meld_points": 100}, {},
     {"options": {"natural_canasta": 600, "going_out": 200}}, 900, 0),
    # house rule: hidden canasta pays 300, red threes 150
    ("house-concealed", {"mixed_canastas": 1, "went_out": True, "concealed": True,
                         "red_threes": 1, "meld_points": 120}, {"meld_points": 5},
     {"options": {"concealed": 300, "red_three": 150}}, 300 + 100 + 300 + 150 + 120, 5),
]  # fmt: skip


@pytest.mark.parametrize(("a", "b", "top", "want_a", "want_b"), [r[1:] for r in ROUNDS],
                         ids=[r[0] for r in ROUNDS])  # fmt: skip
def test_worked_round(game, a, b, top, want_a, want_b):
    answer = game("classic", [{"A": a, "B": b}], ["A", "B"], **top)
    assert answer["rounds"][0]["scores"] == {"A": want_a, "B": want_b}
    assert answer["totals"] == {"A": want_a, "B": want_b}


def test_three_players_alone(game):
    rnd = {"A": {"natural_canastas": 1, "went_out": True, "meld_points": 200},
           "B": {"meld_points": 80, "hand_points": 20}, "C": {"hand_points": 95}}  # fmt: skip
    answer = game("classic", [rnd], ["A", "B", "C"])
    assert answer["totals"] == {"A": 800, "B": 60, "C": -95}


@pytest.mark.parametrize(
    ("total", "need"),
    [(-5, 0), (0, 50), (1495, 50), (1500, 90), (2995, 90), (3000, 120), (4995, 120)],
)
def test_opening_by_score_at_each_boundary(game, total, need):
    rounds = rounds_reaching("classic", total)
    answer = game("classic", rounds, ["A", "B"])
    assert answer["totals"]["A"] == total
    assert answer["opening"] == {"A": need, "B": 50}
    assert answer["next_round"] == len(rounds) + 1


def test_opening_before_any_round(game):
    answer = game("classic", [], ["A", "B"])
    assert answer["opening"] == {"A": 50, "B": 50}
    assert answer["next_round"] == 1
    assert (answer["finished"], answer["winners"]) == (False, [])


def test_game_ends_when_a_side_reaches_5000(game):
    rounds = [
        *rounds_reaching("classic", 4995),
        {"A": {"meld_points": 5}, "B": {"meld_points": 10}},
    ]
    assert game("classic", rounds[:-1], ["A", "B"])["finished"] is False
    answer = game("classic", rounds, ["A", "B"])
    assert (answer["finished"], answer["winners"]) == (True, ["A"])


# Both sides resumed from paper at 4500 (a single round cannot score thousands of card
# points: there are 1180 in play); then A 500 + 200, B 500 + 400
NEAR_THE_END = {"totals": {"A": 4500, "B": 4500}, "rounds": 5}
PAST_THE_END = {"A": {"natural_canastas": 1, "meld_points": 200},
                "B": {"natural_canastas": 1, "meld_points": 400}}  # fmt: skip
TIED = {"A": {"natural_canastas": 1}, "B": {"natural_canastas": 1}}  # 5000 each


def test_highest_wins_even_if_another_side_reached_the_target(game):
    answer = game("classic", [PAST_THE_END], ["A", "B"], start=NEAR_THE_END)
    assert answer["totals"] == {"A": 5200, "B": 5400}
    assert answer["winners"] == ["B"]


def test_tie_for_highest_plays_another_round(game):
    answer = game("classic", [TIED], ["A", "B"], start=NEAR_THE_END)
    assert answer["totals"] == {"A": 5000, "B": 5000}
    assert (answer["finished"], answer["winners"]) == (False, [])
    answer = game("classic", [TIED, {"B": {"meld_points": 5}}], ["A", "B"], start=NEAR_THE_END)
    assert (answer["finished"], answer["winners"]) == (True, ["B"])


def test_tie_shares_the_win_when_house_rule_says_so(game):
    answer = game("classic", [TIED], ["A", "B"], start=NEAR_THE_END,
                  options={"tie_plays_on": False})  # fmt: skip
    assert answer["winners"] == ["A", "B"]


def test_house_target(game):
    rounds = rounds_reaching("classic", 3000)
    assert game("classic", rounds[:-1], ["A", "B"], options={"target": 3000})["winners"] == []
    answer = game("classic", rounds, ["A", "B"], options={"target": 3000})
    assert answer["winners"] == ["A"]


def test_no_round_after_the_end(game):
    rounds = rounds_reaching("classic", 5000)
    after = f"round {len(rounds) + 1}: the game already finished after round {len(rounds)}"
    with pytest.raises(ScoringError, match=after):
        game("classic", [*rounds, {}], ["A", "B"])


def test_going_out_needs_a_canasta(game):
    with pytest.raises(ScoringError) as caught:
        game("classic", [{"A": {"went_out": True, "meld_points": 100}}], ["A", "B"])
    assert str(caught.value) == (
        'round 1, side "A": went_out: going out needs at least 1 canasta, this side has 0'
    )


def test_a_game_resumed_from_paper_starts_from_its_totals(game):
    start = {"totals": {"A": 4700, "B": -150}, "rounds": 6}
    answer = game("classic", [], ["A", "B"], start=start)
    assert (answer["totals"], answer["next_round"]) == ({"A": 4700, "B": -150}, 7)
    assert answer["opening"] == {"A": 120, "B": 0}
    answer = game("classic", [{"A": {"meld_points": 300}}], ["A", "B"], start=start)
    assert (answer["rounds"][0]["scores"], answer["winners"]) == ({"A": 300, "B": 0}, ["A"])
