"""Standard Canasta's four classic options and the table's adjustment with
its note, in every variant. Every round worked by hand from docs/rules.md."""

import pytest

from scorekeeper.scoring import VARIANTS, ScoringError, score_game

STANDARD = {"red_threes_all_bonus": 800, "red_threes_unmelded": True}

# (id, options, players, side A, side B, expected A, expected B, A's breakdown)
CLASSIC = [
    # the sheet's own rules: four red threes are 4 × 100; A never melded, still +400 - 85
    ("four-red-threes-sheet", {}, 4, {"red_threes": 4, "hand_points": 85},
     {"natural_canastas": 1, "went_out": True, "meld_points": 150}, 315, 750,
     [["red three ×4", 400], ["cards in hand", -85]]),
    # the full set against a side that melded nothing: -800 - 85; B 500 + 100 + 150
    ("full-set-against-unmelded", STANDARD, 4, {"red_threes": 4, "hand_points": 85},
     {"natural_canastas": 1, "went_out": True, "meld_points": 150}, -885, 750,
     [["red three ×4 (against: nothing melded)", -800], ["cards in hand", -85]]),
    # the full set for a side that melded: 800 + 90 - 20
    ("full-set-melded", STANDARD, 4, {"red_threes": 4, "meld_points": 90, "hand_points": 20},
     {"mixed_canastas": 1, "went_out": True, "meld_points": 200}, 870, 600,
     [["red three ×4", 800], ["meld points", 90], ["cards in hand", -20]]),
    # fewer than all: 100 each, and against a side with nothing melded: -200 - 30
    ("two-against-unmelded", STANDARD, 4, {"red_threes": 2, "hand_points": 30},
     {"red_threes": 2, "meld_points": 60}, -230, 260,
     [["red three ×2 (against: nothing melded)", -200], ["cards in hand", -30]]),
    # a canasta counts as melded even with the meld points left at 0 (500 + 200)
    ("canasta-is-melded", STANDARD, 4, {"red_threes": 2, "natural_canastas": 1},
     {"hand_points": 40}, 700, -40, [["natural canasta", 500], ["red three ×2", 200]]),
    # six players, three packs: the full set is six red threes, 1000 as a house value
    ("six-players-full-set", {"red_threes_all_bonus": 1000}, 6,
     {"red_threes": 6, "meld_points": 100}, {"hand_points": 60}, 1100, -60,
     [["red three ×6", 1000], ["meld points", 100]]),
    # four of six red threes with six players is not the full set: 4 × 100
    ("six-players-four-threes", {"red_threes_all_bonus": 1000}, 6,
     {"red_threes": 4, "meld_points": 100}, {"hand_points": 60}, 500, -60,
     [["red three ×4", 400], ["meld points", 100]]),
    # a wild-card canasta going out: 1000 + 100 + 4 jokers and 3 twos (260); B -40
    ("wild-canasta-going-out", {"wild_canasta": 1000}, 4,
     {"wild_canastas": 1, "went_out": True, "meld_points": 260}, {"hand_points": 40}, 1360, -40,
     [["wild-card canasta", 1000], ["going out", 100], ["meld points", 260]]),
    # at 2000, beside a natural canasta: 2000 + 500 + 100 + 100 + 410
    ("wild-canasta-2000", {"wild_canasta": 2000}, 4,
     {"wild_canastas": 1, "natural_canastas": 1, "went_out": True, "concealed": True,
      "meld_points": 410}, {"meld_points": 55}, 3110, 55,
     [["natural canasta", 500], ["wild-card canasta", 2000], ["going out", 100],
      ["hidden canasta", 100], ["meld points", 410]]),
    # the out side's hand counted too: 300 + 100 + 120 - 15
    ("count-out-side-hands", {"count_out_side_hands": True}, 4,
     {"mixed_canastas": 1, "went_out": True, "meld_points": 120, "hand_points": 15},
     {"hand_points": 35}, 505, -35,
     [["mixed canasta", 300], ["going out", 100], ["meld points", 120], ["cards in hand", -15]]),
    # ... and not by default: 300 + 100 + 120
    ("out-side-hands-default", {}, 4,
     {"mixed_canastas": 1, "went_out": True, "meld_points": 120, "hand_points": 15},
     {"hand_points": 35}, 520, -35,
     [["mixed canasta", 300], ["going out", 100], ["meld points", 120]]),
]  # fmt: skip


@pytest.mark.parametrize(("options", "players", "a", "b", "want_a", "want_b", "lines"),
                         [c[1:] for c in CLASSIC], ids=[c[0] for c in CLASSIC])  # fmt: skip
def test_classic_option(options, players, a, b, want_a, want_b, lines):
    doc = {"variant": "classic", "sides": ["A", "B"], "players": players, "options": options,
           "rounds": [{"A": a, "B": b}]}  # fmt: skip
    answer = score_game(doc)
    assert answer["rounds"][0]["scores"] == {"A": want_a, "B": want_b}
    assert answer["rounds"][0]["breakdown"]["A"] == lines


def test_the_options_default_to_the_sheet():
    defaults = VARIANTS["classic"].defaults()
    assert {k: defaults[k] for k in ("red_threes_all_bonus", "red_threes_unmelded",
                                      "wild_canasta", "count_out_side_hands")} == {
        "red_threes_all_bonus": 0, "red_threes_unmelded": False, "wild_canasta": 0,
        "count_out_side_hands": False}  # fmt: skip


CLASSIC_ERRORS = [
    ("wild-canasta-not-played", {}, {"wild_canastas": 1, "meld_points": 260},
     'round 1, side "A": wild_canastas: wild-card canastas are not played in this game '
     "(the wild_canasta option is 0)"),
    ("two-wild-canastas", {"wild_canasta": 1000}, {"wild_canastas": 2, "meld_points": 520},
     'round 1, side "A": wild_canastas: 2 makes 14 wild cards this round, more than the 12 '
     "in play"),
    ("wild-option-negative", {"wild_canasta": -1000}, {},
     "options: wild_canasta: -1000 is negative"),
    ("unmelded-not-a-flag", {"red_threes_unmelded": 1}, {},
     "options: red_threes_unmelded: must be true or false, not 1"),
]  # fmt: skip


@pytest.mark.parametrize(("options", "a", "message"), [c[1:] for c in CLASSIC_ERRORS],
                         ids=[c[0] for c in CLASSIC_ERRORS])  # fmt: skip
def test_classic_option_errors(options, a, message):
    doc = {"variant": "classic", "sides": ["A", "B"], "options": options, "rounds": [{"A": a}]}
    with pytest.raises(ScoringError) as caught:
        score_game(doc)
    assert str(caught.value) == message


def test_a_wild_canasta_alone_is_enough_to_go_out():
    doc = {
        "variant": "classic",
        "sides": ["A", "B"],
        "options": {"wild_canasta": 1000},
        "rounds": [{"A": {"wild_canastas": 1, "went_out": True, "meld_points": 300}}],
    }
    assert score_game(doc)["totals"]["A"] == 1400
    doc["options"] = {"wild_canasta": 1000, "out_canastas": 2}
    with pytest.raises(ScoringError, match="going out needs at least 2 canastas"):
        score_game(doc)


# -- the adjustment, every variant --------------------------------------------

FIVE = ["P1", "P2", "P3", "P4", "P5"]


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_an_adjustment_is_its_own_last_line_with_its_note(variant_id):
    sides = FIVE if variant_id == "five-person" else ["A", "B"]
    first = sides[0]
    plain = {"variant": variant_id, "sides": sides,
             "rounds": [{first: {"meld_points": 120, "hand_points": 30}}]}  # fmt: skip
    adjusted = {
        **plain,
        "rounds": [
            {
                first: {
                    "meld_points": 120,
                    "hand_points": 30,
                    "adjustment": -100,
                    "note": "table talk",
                }
            }
        ],
    }
    before = score_game(plain)["rounds"][0]
    after = score_game(adjusted)["rounds"][0]
    assert after["breakdown"][first] == [*before["breakdown"][first],
                                         ["adjustment: table talk", -100]]  # fmt: skip
    assert after["scores"][first] == before["scores"][first] - 100
    for side in sides[1:]:  # nobody else's score moves (five-person: not the rentrap's)
        assert after["scores"][side] == before["scores"][side]


def test_five_person_adjustment_is_that_players_alone():
    # own: P1 100 + 50 + 120 = 270, P3 100 + 80 = 180; P1 270 + 180 - 150, P4 0 + 270,
    # P3 180 + 0 + 50 (P5 own 0), P5 0 + 0
    rnd = {"P1": {"natural_canastas": 1, "went_out": True, "meld_points": 120,
                  "adjustment": -150, "note": "misdeal"},
           "P3": {"natural_canastas": 1, "meld_points": 80, "adjustment": 50}}  # fmt: skip
    answer = score_game({"variant": "five-person", "sides": FIVE, "rounds": [rnd]})
    scores, lines = answer["rounds"][0]["scores"], answer["rounds"][0]["breakdown"]
    assert scores == {"P1": 300, "P2": 0, "P3": 230, "P4": 270, "P5": 0}
    assert lines["P1"] == [["pure canasta", 100], ["finishing", 50], ["meld points", 120],
                           ["partner P3", 180], ["adjustment: misdeal", -150]]  # fmt: skip
    assert lines["P4"] == [["partner P1", 270]]
    assert lines["P3"][-1] == ["adjustment", 50]


def test_an_adjustment_counts_toward_the_total_and_the_end():
    rounds = [{"A": {"meld_points": 400, "adjustment": 100, "note": "forfeit by B"}}]
    start = {"totals": {"A": 4500}, "rounds": 9}
    answer = score_game({"variant": "classic", "sides": ["A", "B"], "rounds": rounds,
                         "start": start})  # fmt: skip
    assert (answer["totals"]["A"], answer["winners"]) == (5000, ["A"])


def test_a_note_alone_is_kept_as_a_line_of_nothing():
    rounds = [{"A": {"meld_points": 50, "note": "redealt once"}}]
    answer = score_game({"variant": "hand-and-foot", "sides": ["A", "B"], "rounds": rounds})
    assert answer["rounds"][0]["breakdown"]["A"] == [
        ["meld points", 50],
        ["adjustment: redealt once", 0],
    ]


ADJUSTMENT_ERRORS = [
    ("not-five", {"adjustment": 12}, "adjustment: 12 is not a multiple of 5"),
    ("too-low", {"adjustment": -10005}, "adjustment: -10005 is below -10000"),
    ("too-high", {"adjustment": 10005}, "adjustment: 10005 is more than 10000"),
    ("text", {"adjustment": "-50"}, "adjustment: must be a whole number, not '-50'"),
    ("flag", {"adjustment": True}, "adjustment: must be a whole number, not True"),
    ("note-long", {"note": "x" * 201},
     "note: 201 characters is more than the 200 a note may hold"),
    ("note-newline", {"note": "a\nb"}, "note: may not hold a control character or a line break"),
    ("note-tab", {"note": "a\tb"}, "note: may not hold a control character or a line break"),
    ("note-separator", {"note": "a\u2028b"},
     "note: may not hold a control character or a line break"),
    ("note-number", {"note": 5}, "note: must be text"),
]  # fmt: skip


@pytest.mark.parametrize(("fields", "message"), [c[1:] for c in ADJUSTMENT_ERRORS],
                         ids=[c[0] for c in ADJUSTMENT_ERRORS])  # fmt: skip
def test_adjustment_errors(fields, message):
    doc = {"variant": "weeping", "sides": ["A", "B"], "rounds": [{"B": fields}]}
    with pytest.raises(ScoringError) as caught:
        score_game(doc)
    assert str(caught.value) == f'round 1, side "B": {message}'


def test_the_bounds_are_allowed():
    rounds = [{"A": {"adjustment": -10000, "note": "y" * 200}, "B": {"adjustment": 10000}}]
    answer = score_game({"variant": "samba-foot", "sides": ["A", "B"], "rounds": rounds})
    assert answer["totals"] == {"A": -10000, "B": 10000}
