"""The house rules Hand and Foot families play, and Samba's two: worked rounds and
errors computed by hand from docs/rules.md (the ``hand-and-foot`` and ``samba-foot``
sections, the field table, the pack limits and the points bound)."""

import pytest

from scorekeeper.scoring import ScoringError

HF = "hand-and-foot"
OUT = {"natural_canastas": 1, "mixed_canastas": 1, "went_out": True}  # the least to go out
SAMBA_OUT = {"natural_canastas": 2, "mixed_canastas": 2, "wild_canastas": 1, "went_out": True}
RISING = {
    "going_out": [100, 200, 300, 400],
    "out_natural_canastas": [1, 2, 3, 4],
    "out_mixed_canastas": [1, 2, 3, 4],
}
BOOKS = {"sevens_canasta": 1500, "wild_canasta": 1500, "black_threes_canasta": 2000}


def case(id_, round_, options, want, variant=HF, sides=("A", "B"), **top):
    """One worked round: ``want`` is every side's score, or the exact error."""
    return pytest.param(variant, round_, options, want, list(sides), top, id=id_)


ROUNDS = [
    # -- books of sevens, of wild cards, of black threes ------------------------
    # 500 + 300 + 1500 (sevens) + 100 + 200
    case(
        "sevens-book",
        {"A": {**OUT, "sevens_canastas": 1, "meld_points": 200}},
        {"sevens_canasta": 1500},
        {"A": 2600, "B": 0},
    ),
    # 500 + 300 + 1500 (wild) + 100 + 300
    case(
        "wild-book",
        {"A": {**OUT, "wild_canastas": 1, "meld_points": 300}},
        {"wild_canasta": 1500},
        {"A": 2700, "B": 0},
    ),
    # 2000 (black threes) + 35 (seven black threes at 5)
    case(
        "black-threes-book",
        {"A": {"black_threes_canastas": 1, "meld_points": 35}},
        {"black_threes_canasta": 2000},
        {"A": 2035, "B": 0},
    ),
    # books do not count for going out: 1 clean, 0 dirty, a sevens book
    case(
        "books-do-not-go-out",
        {"A": {"natural_canastas": 1, "sevens_canastas": 1, "went_out": True}},
        {"sevens_canasta": 1500},
        'round 1, side "A": went_out: going out needs at least 1 dirty pile, this side has 0',
    ),
    case(
        "sevens-book-off",
        {"A": {"sevens_canastas": 1}},
        {},
        'round 1, side "A": sevens_canastas: not played in this game '
        "(the sevens_canasta option is 0)",
    ),
    case(
        "wild-book-off",
        {"B": {"wild_canastas": 1}},
        {},
        'round 1, side "B": wild_canastas: not played in this game (the wild_canasta option is 0)',
    ),
    case(
        "black-threes-book-off",
        {"A": {"black_threes_canastas": 1}},
        {"sevens_canasta": 1500},
        'round 1, side "A": black_threes_canastas: not played in this game '
        "(the black_threes_canasta option is 0)",
    ),
    # four decks hold 16 sevens: two books (14) fit, a third (21) does not
    case(
        "two-sevens-books",
        {"A": {"sevens_canastas": 1}, "B": {"sevens_canastas": 1}},
        BOOKS,
        {"A": 1500, "B": 1500},
    ),
    case(
        "three-sevens-books",
        {"A": {"sevens_canastas": 2}, "B": {"sevens_canastas": 1}},
        BOOKS,
        'round 1, side "B": sevens_canastas: 1 makes 21 sevens this round, more than the 16 '
        "in play",
    ),
    # 24 wild cards: three wild books (21) fit, four (28) do not
    case(
        "four-wild-books",
        {"A": {"wild_canastas": 4}},
        BOOKS,
        'round 1, side "A": wild_canastas: 4 makes 28 wild cards this round, more than the 24 '
        "in play",
    ),
    # 8 black threes: one book; a second makes 14
    case(
        "two-black-threes-books",
        {"A": {"black_threes_canastas": 1}, "B": {"black_threes_canastas": 1}},
        BOOKS,
        'round 1, side "B": black_threes_canastas: 1 makes 14 black threes this round, more '
        "than the 8 in play",
    ),
    # ...but eight players have 16 black threes: two books, 2000 each
    case(
        "black-threes-eight-players",
        {"A": {"black_threes_canastas": 1}, "B": {"black_threes_canastas": 1}},
        BOOKS,
        {"A": 2000, "B": 2000},
        players=8,
    ),
    # -- perfect draws ----------------------------------------------------------
    # 500 + 300 + 2 x 100 + 100
    case(
        "perfect-draws",
        {"A": {**OUT, "perfect_draws": 2}, "B": {"perfect_draws": 1}},
        {"perfect_draw": 100},
        {"A": 1100, "B": 100},
    ),
    case(
        "perfect-draws-more-than-players",
        {"A": {"perfect_draws": 3}},
        {"perfect_draw": 100},
        'round 1, side "A": perfect_draws: 3 is more than the 2 players on a side',
    ),
    case(
        "perfect-draws-off",
        {"A": {"perfect_draws": 1}},
        {},
        'round 1, side "A": perfect_draws: not played in this game (the perfect_draw option is 0)',
    ),
    # -- rising by round: round 1 of the list ---------------------------------
    # 500 + 300 + 100 (round 1's going out)
    case("rising-round-one", {"A": {**OUT}}, RISING, {"A": 900, "B": 0}),
    # -- extra decks ------------------------------------------------------------
    # 4 players + 1 extra: 5 decks, 10 red threes, 10 x 100
    case(
        "extra-deck-red-threes",
        {"A": {"red_threes": 6}, "B": {"red_threes": 4}},
        {"extra_decks": 1},
        {"A": 600, "B": 400},
    ),
    case(
        "extra-deck-red-threes-over",
        {"A": {"red_threes": 6}, "B": {"red_threes": 5}},
        {"extra_decks": 1},
        'round 1, side "B": red_threes: 5 makes 11 red threes this round, more than the 10 in play',
    ),
    # 790 a deck x 5 decks = 3950
    case(
        "extra-deck-points",
        {"A": {"meld_points": 3000}, "B": {"hand_points": 950}},
        {"extra_decks": 1},
        {"A": 3000, "B": -950},
    ),
    case(
        "extra-deck-points-over",
        {"A": {"meld_points": 3000}, "B": {"hand_points": 955}},
        {"extra_decks": 1},
        'round 1, side "A": meld_points: 3000 makes 3955 card points this round, more than the '
        "3950 points of all the cards in play",
    ),
    # without the extra deck, 4 x 790 = 3160
    case(
        "no-extra-deck-points-over",
        {"A": {"meld_points": 3000}, "B": {"hand_points": 165}},
        {},
        'round 1, side "A": meld_points: 3000 makes 3165 card points this round, more than the '
        "3160 points of all the cards in play",
    ),
    # -- teams of two ----------------------------------------------------------
    # six players as three pairs: 12 red threes, 4740 card points; 2 perfect draws a side
    case(
        "six-in-pairs",
        {
            "A": {**OUT, "perfect_draws": 2, "red_threes": 5},
            "B": {"red_threes": 4, "meld_points": 4000},
            "C": {"red_threes": 3, "hand_points": 740},
        },
        {"perfect_draw": 100},
        {"A": 500 + 300 + 200 + 500 + 100, "B": 4400, "C": -440},
        sides="ABC",
        players=6,
    ),
    case(
        "six-in-pairs-points-over",
        {"B": {"meld_points": 4000}, "C": {"hand_points": 745}},
        {},
        'round 1, side "B": meld_points: 4000 makes 4745 card points this round, more than the '
        "4740 points of all the cards in play",
        sides="ABC",
        players=6,
    ),
    case(
        "eight-in-pairs",
        {"D": {**OUT}},
        {},
        {"A": 0, "B": 0, "C": 0, "D": 900},
        sides="ABCD",
        players=8,
    ),
    case(
        "ten-in-pairs",
        {"E": {**OUT, "perfect_draws": 2}},
        {"perfect_draw": 50},
        {"A": 0, "B": 0, "C": 0, "D": 0, "E": 1000},
        sides="ABCDE",
        players=10,
    ),
    case(
        "six-as-four-sides",
        {},
        {},
        "sides: 6 players play hand-and-foot as 2 or 6 or 3 sides, not 4",
        sides="ABCD",
        players=6,
    ),
    case(
        "twelve-as-six-sides",
        {},
        {},
        "sides: 12 players play hand-and-foot as 2 or 12 sides, not 6",
        sides="ABCDEF",
        players=12,
    ),
    # three sides without players are three players alone: 6 red threes
    case(
        "three-sides-alone",
        {"A": {"red_threes": 7}},
        {},
        'round 1, side "A": red_threes: 7 is more than the 6 red threes in play',
        sides="ABC",
    ),
    # -- samba: red sevens bounded by the decks --------------------------------
    # 5 decks, 10 red sevens: one red-sevens canasta (7), not two (14)
    case(
        "samba-one-red-sevens",
        {"A": {"red_sevens_canastas": 1, "meld_points": 35}},
        {"red_sevens": True},
        {"A": 1535, "B": 0},
        variant="samba-foot",
    ),
    case(
        "samba-two-red-sevens",
        {"A": {"red_sevens_canastas": 1}, "B": {"red_sevens_canastas": 1}},
        {"red_sevens": True},
        'round 1, side "B": red_sevens_canastas: 1 makes 14 red sevens this round, more than '
        "the 10 in play",
        variant="samba-foot",
    ),
    # of any colour: 20 sevens, two canastas fit
    case(
        "samba-two-sevens-any-colour",
        {"A": {"red_sevens_canastas": 1}, "B": {"red_sevens_canastas": 1}},
        {"red_sevens": True, "sevens_any_colour": True},
        {"A": 1500, "B": 1500},
        variant="samba-foot",
    ),
    # six players: 7 decks, 14 red sevens: two fit
    case(
        "samba-six-two-red-sevens",
        {"A": {"red_sevens_canastas": 2}},
        {"red_sevens": True},
        {"A": 3000, "B": 0},
        variant="samba-foot",
        players=6,
    ),
    # -- samba: a samba to go out ---------------------------------------------
    # 1000 + 600 + 1500 (wild) + 1500 (samba) + 500
    case(
        "samba-out-with-samba",
        {"A": {**SAMBA_OUT, "sambas": 1}},
        {"out_sambas": 1},
        {"A": 5100, "B": 0},
        variant="samba-foot",
    ),
    case(
        "samba-out-without-samba",
        {"A": {**SAMBA_OUT}},
        {"out_sambas": 1},
        'round 1, side "A": went_out: going out needs at least 1 samba, this side has 0',
        variant="samba-foot",
    ),
]


@pytest.mark.parametrize(("variant", "round_", "options", "want", "sides", "top"), ROUNDS)
def test_worked_round(game, variant, round_, options, want, sides, top):
    if isinstance(want, str):
        with pytest.raises(ScoringError) as caught:
            game(variant, [round_], sides, options=options, **top)
        assert str(caught.value) == want
    else:
        answer = game(variant, [round_], sides, options=options, **top)
        assert answer["rounds"][0]["scores"] == want


def test_going_out_rises_by_round(game):
    """Round 2 pays 200 and needs 2 and 2; round 4 pays 400 and needs 4 and 4."""
    two = {"natural_canastas": 2, "mixed_canastas": 2, "went_out": True}
    four = {"natural_canastas": 4, "mixed_canastas": 4, "went_out": True}
    answer = game(
        HF,
        [
            {"A": OUT},
            {"A": two},
            {"B": {**OUT, "natural_canastas": 3, "mixed_canastas": 3}},
            {"A": four},
        ],
        ["A", "B"],
        options=RISING,
    )
    scores = [r["scores"]["A"] for r in answer["rounds"]] + [answer["rounds"][2]["scores"]["B"]]
    # 500+300+100; 1000+600+200; 0; 2000+1200+400; B in round 3: 1500+900+300
    assert scores == [900, 1800, 0, 3600, 2700]
    with pytest.raises(ScoringError) as caught:
        game(HF, [{}, {"A": two}, {"A": two}], ["A", "B"], options=RISING)
    assert str(caught.value) == (
        'round 3, side "A": went_out: going out needs at least 3 clean piles, this side has 2'
    )


def test_a_number_still_means_every_round(game):
    rounds = [{"A": OUT}] * 4  # 500 + 300 + 250 each round
    options = {"going_out": 250, "out_mixed_canastas": [1, 1, 1, 1]}
    answer = game(HF, rounds, ["A", "B"], options=options)
    assert [r["scores"]["A"] for r in answer["rounds"]] == [1050] * 4


OPTION_ERRORS = [
    (
        HF,
        {"going_out": [100, 200, 300]},
        "options: going_out: must list one value per round (4), not 3",
    ),
    (HF, {"out_mixed_canastas": []}, "options: out_mixed_canastas: must be a non-empty list"),
    (HF, {"out_natural_canastas": [1, -1, 2, 3]}, "options: out_natural_canastas: -1 is negative"),
    (
        HF,
        {"going_out": [100, 1.5, 300, 400]},
        "options: going_out: must be a whole number, not 1.5",
    ),
    (
        HF,
        {"rounds": 2, "going_out": [100, 200, 300, 400]},
        "options: going_out: must list one value per round (2), not 4",
    ),
    (
        "classic",
        {"going_out": [100, 200]},
        "options: going_out: must be a whole number, not [100, 200]",
    ),
    (
        "samba-foot",
        {"out_natural_canastas": [1, 2, 3]},
        "options: out_natural_canastas: must be a whole number, not [1, 2, 3]",
    ),
    (HF, {"extra_decks": 5}, "options: extra_decks: 5 is more than 4"),
    (
        HF,
        {"wild_ratio": "half"},
        "options: wild_ratio: must be one of one_more_natural, at_least_equal, not 'half'",
    ),
    (HF, {"perfect_draw": -100}, "options: perfect_draw: -100 is negative"),
    (
        "samba-foot",
        {"sevens_any_colour": True},
        "options: sevens_any_colour: only with red-sevens canastas on (the red_sevens option)",
    ),
    ("classic", {"sevens_canasta": 1500}, "options: sevens_canasta: not an option of classic"),
]


@pytest.mark.parametrize(("variant", "options", "message"), OPTION_ERRORS)
def test_option_errors(game, variant, options, message):
    with pytest.raises(ScoringError) as caught:
        game(variant, [], ["A", "B"], options=options)
    assert str(caught.value) == message


def test_a_target_ends_the_game_instead_of_the_rounds(game):
    """1000 a round (500 + 300 + 100 + 100): 4000 after four rounds plays on;
    round 5 opens at 150 (the last by-round value) and reaching 5000 ends it."""
    won = {"A": {**OUT, "meld_points": 100}}
    four = game(HF, [won] * 4, ["A", "B"], options={"target": 5000})
    assert (four["finished"], four["totals"]["A"], four["opening"]["A"]) == (False, 4000, 150)
    five = game(HF, [won] * 5, ["A", "B"], options={"target": 5000})
    assert (five["finished"], five["winners"]) == (True, ["A"])
    # 2 x 500 + 1500 a round each: 5000 each after two rounds, a tie
    both = {side: {"natural_canastas": 2, "meld_points": 1500} for side in "AB"}
    tied = game(HF, [both, both], options={"target": 5000})
    assert (tied["finished"], tied["winners"]) == (True, ["A", "B"])  # ties share


def test_every_new_option_is_off_by_default():
    from scorekeeper.scoring import get_variant

    hf, samba = get_variant(HF).defaults(), get_variant("samba-foot").defaults()
    assert {k: hf[k] for k in ("extra_decks", "perfect_draw", "target", *BOOKS)} == dict.fromkeys(
        ("extra_decks", "perfect_draw", "target", *BOOKS), 0
    )
    assert (hf["wild_ratio"], hf["going_out"], hf["out_natural_canastas"]) == (
        "one_more_natural",
        100,
        1,
    )
    assert (samba["out_sambas"], samba["sevens_any_colour"]) == (0, False)
