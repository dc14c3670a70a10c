"""Seats and sides: Hand and Foot with an even number of players may play each
alone; five-person's partner and rentrap; who deals; who pays for cards left over."""

import pytest

from scorekeeper.scoring import VARIANTS, ScoringError, get_variant
from scorekeeper.scoring.rules import CardPenalty

OUT = {"natural_canastas": 1, "mixed_canastas": 1, "went_out": True}
FOUR = ["A", "B", "C", "D"]

ALONE = [
    # four players each alone: 500 + 300 + 100 + 200; -50; 50; 200
    pytest.param({"A": {**OUT, "meld_points": 200}, "B": {"hand_points": 20, "foot_points": 30},
                  "C": {"meld_points": 50}, "D": {"red_threes": 2}},
                 {"A": 1100, "B": -50, "C": 50, "D": 200}, {"players": 4}, id="four-alone"),
    # no players given: four sides are four players alone, eight red threes in play
    pytest.param({"A": {"red_threes": 5}, "B": {"red_threes": 3}, "C": {**OUT}, "D": {}},
                 {"A": 500, "B": 300, "C": 900, "D": 0}, {}, id="four-sides-no-players"),
    # six alone, twelve red threes in play
    pytest.param({"A": {"red_threes": 12}, "B": {**OUT, "hand_points": 40}, "C": {"foot_points": 15},
                  "D": {}, "E": {}, "F": {"hand_points": 5}},
                 {"A": 1200, "B": 900, "C": -15, "D": 0, "E": 0, "F": -5}, {"players": 6},
                 id="six-alone"),
    # four players in two teams, as before: 500 + 300 + 100 - 60 foot
    pytest.param({"A": {**OUT, "foot_points": 60}, "B": {"hand_points": 35}},
                 {"A": 840, "B": -35}, {"players": 4}, id="four-in-teams"),
    # two players: alone is the only way
    pytest.param({"A": {**OUT}, "B": {"meld_points": 45}}, {"A": 900, "B": 45}, {"players": 2},
                 id="two-alone"),
]  # fmt: skip


@pytest.mark.parametrize(("round_", "want", "top"), ALONE)
def test_hand_and_foot_alone(game, round_, want, top):
    answer = game("hand-and-foot", [round_], list(want), **top)
    assert answer["rounds"][0]["scores"] == want


SIDE_ERRORS = [
    pytest.param(FOUR[:3], {"players": 4}, "sides: 4 players play hand-and-foot as 2 or 4 sides, not 3",
                 id="four-players-three-sides"),
    pytest.param(FOUR[:2], {"players": 5}, "sides: 5 players play hand-and-foot as 5 sides, not 2",
                 id="five-players-two-sides"),
    pytest.param(["A"], {}, "sides: hand-and-foot is played by 2 to 12 sides, not 1", id="one-side"),
    pytest.param([f"S{i}" for i in range(13)], {},
                 "sides: hand-and-foot is played by 2 to 12 sides, not 13", id="thirteen-sides"),
    pytest.param(FOUR, {}, 'round 1, side "A": red_threes: 9 is more than the 8 red threes in play',
                 id="four-sides-eight-red-threes"),
]  # fmt: skip


@pytest.mark.parametrize(("sides", "top", "message"), SIDE_ERRORS)
def test_hand_and_foot_side_errors(game, sides, top, message):
    with pytest.raises(ScoringError) as caught:
        game("hand-and-foot", [{"A": {"red_threes": 9}}], sides, **top)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("players", "arrangements"),
    [
        (2, [(1, 1)]),
        (3, [(1, 1, 1)]),
        (4, [(2, 2), (1, 1, 1, 1)]),
        (6, [(3, 3), (1,) * 6, (2, 2, 2)]),
        (10, [(5, 5), (1,) * 10, (2,) * 5]),
        (12, [(6, 6), (1,) * 12]),
    ],
)
def test_hand_and_foot_arrangements(players, arrangements):
    variant = get_variant("hand-and-foot")
    assert variant.arrangements(players) == arrangements
    assert variant.arrangement(players) == arrangements[0]


@pytest.mark.parametrize(
    ("variant_id", "sides", "players"),
    [("hand-and-foot", 2, 4), ("hand-and-foot", 3, 3), ("hand-and-foot", 4, 4),
     ("hand-and-foot", 6, 6), ("hand-and-foot", 13, None), ("classic", 2, 4),
     ("classic", 3, 3), ("weeping", 3, 6), ("five-person", 5, 5), ("samba-foot", 3, None)],
)  # fmt: skip
def test_players_for_sides(variant_id, sides, players):
    assert get_variant(variant_id).players_for_sides(sides) == players


@pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=list(VARIANTS))
def test_every_arrangement_seats_everyone_and_the_first_is_the_usual(variant):
    for players in variant.players:
        arrangements = variant.arrangements(players)
        assert arrangements[0] == variant.arrangement(players)
        assert len(set(arrangements)) == len(arrangements)
        for sizes in arrangements:
            assert sum(sizes) == players
            assert variant.arrangement_for(players, len(sizes)) == sizes


def test_team_sizes_follow_the_sides():
    variant = get_variant("hand-and-foot")
    assert variant.team_sizes(4, FOUR) == dict.fromkeys(FOUR, 1)
    assert variant.team_sizes(4, ["A", "B"]) == {"A": 2, "B": 2}
    assert get_variant("classic").team_sizes(5, ["A", "B"]) == {"A": 2, "B": 3}


@pytest.mark.parametrize(
    ("side", "partner", "rentrap"),
    [("P1", "P3", "P4"), ("P2", "P4", "P5"), ("P3", "P5", "P1"), ("P4", "P1", "P2"),
     ("P5", "P2", "P3")],
)  # fmt: skip
def test_five_person_partner_and_rentrap(side, partner, rentrap):
    variant = get_variant("five-person")
    seats = ["P1", "P2", "P3", "P4", "P5"]
    assert variant.partner(seats, side) == partner
    assert variant.rentrap(seats, side) == rentrap
    assert variant.partner(seats, variant.rentrap(seats, side)) == side


@pytest.mark.parametrize(
    ("variant_id", "has_dealer"),
    [
        ("classic", True),
        ("hand-and-foot", False),
        ("five-person", True),
        ("weeping", True),
        ("samba-foot", True),
    ],
)
def test_whether_a_variant_has_a_dealer(variant_id, has_dealer):
    assert VARIANTS[variant_id].has_dealer is has_dealer


def test_who_deals_the_weepers():
    weeping = get_variant("weeping")
    assert weeping.weeper_dealer_offset == -1
    seats = ["N", "E", "S", "W"]
    assert [weeping.weeper_dealer(seats, d) for d in seats] == ["W", "N", "E", "S"]


def penalty(field, label, out_side, other_sides=True):
    return CardPenalty(field, label, out_side, other_sides)


CARD_PENALTIES = [
    ("classic", {}, [penalty("hand_points", "cards in hand", False)]),
    ("hand-and-foot", {}, [penalty("hand_points", "cards in hand", False),
                           penalty("foot_points", "foot not picked up", True)]),
    ("five-person", {}, [penalty("hand_points", "cards in hand", True)]),
    ("weeping", {"penalty_unless_all_wept": True}, [
        penalty("hand_points", "cards in hand", True),
        penalty("black_threes_in_hand", "black three in hand", True),
        penalty("red_threes_in_hand", "red three in hand", True),
        penalty("weeper_points", "weeper not picked up", True),
        penalty("red_threes_in_weeper", "red three in weeper", True),
        penalty("black_threes_in_weeper", "black three in weeper", True)]),
    ("samba-foot", {}, [penalty("hand_points", "cards in hand", True),
                        penalty("foot_points", "foot not picked up", True)]),
    ("samba-foot", {"count_out_side_hands": False},
     [penalty("hand_points", "cards in hand", False),
      penalty("foot_points", "foot not picked up", True)]),
]  # fmt: skip


@pytest.mark.parametrize(("variant_id", "house", "want"), CARD_PENALTIES,
                         ids=[f"{v}-{'-'.join(h) or 'default'}" for v, h, _ in CARD_PENALTIES])  # fmt: skip
def test_card_penalties(variant_id, house, want):
    assert get_variant(variant_id).card_penalties(house) == want


def test_card_penalties_accept_a_games_full_rules():
    samba = get_variant("samba-foot")
    rules = samba.rules({"count_out_side_hands": False})
    assert [p.out_side for p in samba.card_penalties(rules)] == [False, True]
