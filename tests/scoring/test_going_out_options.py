"""Going-out requirements as house-rule options (``out_*``), and the two new flags
``penalty_unless_all_wept`` (weeping) and ``count_out_side_hands`` (samba-foot):
worked rounds computed by hand from docs/rules.md."""

import pytest

from scorekeeper.scoring import VARIANTS, ScoringError

FIVE = ["P1", "P2", "P3", "P4", "P5"]
WEEP_OUT = {"natural_canastas": 1, "mixed_canastas": 1, "weepers_picked_up": 2, "went_out": True}
SAMBA_OUT = {"natural_canastas": 2, "mixed_canastas": 2, "wild_canastas": 1, "went_out": True}


def case(id_, variant, round_, options, want, sides=None, **top):
    """One worked round: ``want`` is every side's score, or an exact error message."""
    sides = sides or sorted({*round_, "A", "B"})
    return pytest.param(variant, round_, options, want, sides, top, id=id_)


OUT_OPTIONS = [
    # -- classic: out_canastas ------------------------------------------------
    # 100 going out + 100 meld, no canasta needed; B -40
    case("classic-none-needed", "classic", {"A": {"went_out": True, "meld_points": 100},
                                            "B": {"hand_points": 40}},
         {"out_canastas": 0}, {"A": 200, "B": -40}),
    # 500 + 300 + 100 + 300
    case("classic-two-met", "classic", {"A": {"natural_canastas": 1, "mixed_canastas": 1,
                                              "went_out": True, "meld_points": 300}},
         {"out_canastas": 2}, {"A": 1200, "B": 0}),
    case("classic-two-short", "classic", {"A": {"natural_canastas": 1, "went_out": True}},
         {"out_canastas": 2},
         'round 1, side "A": went_out: going out needs at least 2 canastas, this side has 1'),
    # 1500 + 100 + 400, its hand not counted
    case("classic-three-met", "classic", {"A": {"natural_canastas": 3, "went_out": True,
                                                "meld_points": 400, "hand_points": 50}},
         {"out_canastas": 3}, {"A": 2000, "B": 0}),
    case("classic-default-mixed-counts", "classic",
         {"A": {"mixed_canastas": 1, "went_out": True, "meld_points": 150}}, {},
         {"A": 550, "B": 0}),
    # -- five-person: out_canastas over the player and their partner -----------
    # own P1 50 + 60 = 110; P4 earns it too as P1's rentrap
    case("five-none-needed", "five-person", {"P1": {"went_out": True, "meld_points": 60}},
         {"out_canastas": 0}, {"P1": 110, "P2": 0, "P3": 0, "P4": 110, "P5": 0}, FIVE),
    # own P1 100 + 50 + 100 = 250, own P3 50: P1 300, P3 50 (+ P5 0), P4 250
    case("five-two-with-partner", "five-person",
         {"P1": {"natural_canastas": 1, "went_out": True, "meld_points": 100},
          "P3": {"mixed_canastas": 1}},
         {"out_canastas": 2}, {"P1": 300, "P2": 0, "P3": 50, "P4": 250, "P5": 0}, FIVE),
    case("five-two-short", "five-person",
         {"P1": {"natural_canastas": 1, "went_out": True}}, {"out_canastas": 2},
         'round 1, side "P1": went_out: finishing needs at least 2 canastas among the melds '
         "of this player and their partner (P3), they have 1", FIVE),
    # the rentrap (P4) is not the partner: its canasta does not count
    case("five-rentrap-does-not-count", "five-person",
         {"P1": {"natural_canastas": 1, "went_out": True}, "P4": {"natural_canastas": 1}},
         {"out_canastas": 2},
         'round 1, side "P1": went_out: finishing needs at least 2 canastas among the melds '
         "of this player and their partner (P3), they have 1", FIVE),
    case("five-default-one", "five-person", {"P1": {"went_out": True}}, {},
         'round 1, side "P1": went_out: finishing needs at least 1 canasta among the melds '
         "of this player and their partner (P3), they have 0", FIVE),
    # a super canasta is a canasta: own P2 500 + 50 = 550, P5 earns it too
    case("five-super-counts", "five-person",
         {"P2": {"super_canastas_pure": 1, "went_out": True}}, {"out_canastas": 1},
         {"P1": 0, "P2": 550, "P3": 0, "P4": 0, "P5": 550}, FIVE),
    # -- weeping: out_canastas over every kind --------------------------------
    # 1000 + 2500 + 100 + 400; 500 + 100
    case("weeping-three-met", "weeping",
         {"A": {"natural_canastas": 2, "wild_canastas": 1, "weepers_picked_up": 2,
                "went_out": True, "meld_points": 400},
          "B": {"natural_canastas": 1, "weepers_picked_up": 1, "meld_points": 100}},
         {"out_canastas": 3}, {"A": 4000, "B": 600}),
    case("weeping-three-short", "weeping", {"A": WEEP_OUT}, {"out_canastas": 3},
         'round 1, side "A": went_out: going out needs at least 3 canastas, this side has 2'),
    # sevens and wild-card canastas count: 1000 + 2500 + 100 + 200
    case("weeping-sevens-and-wild-count", "weeping",
         {"A": {"sevens_canastas": 1, "wild_canastas": 1, "weepers_picked_up": 2,
                "went_out": True, "meld_points": 200}}, {"out_canastas": 2},
         {"A": 3800, "B": 0}),
    # a canasta out of hand is one of the canastas, not one more
    case("weeping-from-hand-not-extra", "weeping",
         {"A": {"natural_canastas": 3, "canastas_from_hand": 1, "weepers_picked_up": 2,
                "went_out": True}}, {"out_canastas": 4},
         'round 1, side "A": went_out: going out needs at least 4 canastas, this side has 3'),
    # fewer canastas asked for, but both weepers are still needed
    case("weeping-one-still-needs-weepers", "weeping",
         {"A": {"natural_canastas": 1, "weepers_picked_up": 1, "went_out": True}},
         {"out_canastas": 1},
         'round 1, side "A": went_out: going out needs all 2 weepers picked up, this side has 1'),
    # -- hand-and-foot: out_natural_canastas, out_mixed_canastas ---------------
    # 100 + 50 - 20 foot (its hand not counted); B -40 - 100
    case("hf-none-needed", "hand-and-foot",
         {"A": {"went_out": True, "meld_points": 50, "hand_points": 30, "foot_points": 20},
          "B": {"hand_points": 40, "foot_points": 100}},
         {"out_natural_canastas": 0, "out_mixed_canastas": 0}, {"A": 130, "B": -140}),
    case("hf-two-clean-short", "hand-and-foot",
         {"A": {"natural_canastas": 1, "mixed_canastas": 1, "went_out": True}},
         {"out_natural_canastas": 2},
         'round 1, side "A": went_out: going out needs at least 2 clean piles, this side has 1'),
    # 1000 + 300 + 100 + 300
    case("hf-two-clean-met", "hand-and-foot",
         {"A": {"natural_canastas": 2, "mixed_canastas": 1, "went_out": True,
                "meld_points": 300}}, {"out_natural_canastas": 2}, {"A": 1700, "B": 0}),
    # 500 + 100 + 200
    case("hf-no-dirty-needed", "hand-and-foot",
         {"A": {"natural_canastas": 1, "went_out": True, "meld_points": 200}},
         {"out_mixed_canastas": 0}, {"A": 800, "B": 0}),
    case("hf-three-dirty-short", "hand-and-foot",
         {"A": {"natural_canastas": 1, "mixed_canastas": 2, "went_out": True}},
         {"out_mixed_canastas": 3},
         'round 1, side "A": went_out: going out needs at least 3 dirty piles, this side has 2'),
    # 300 + 100
    case("hf-no-clean-needed", "hand-and-foot", {"A": {"mixed_canastas": 1, "went_out": True}},
         {"out_natural_canastas": 0}, {"A": 400, "B": 0}),
    # -- samba-foot: out_natural_canastas, out_mixed_canastas, out_wild_canastas --
    # 1000 + 600 + 500 + 500
    case("samba-no-wild-needed", "samba-foot",
         {"A": {"natural_canastas": 2, "mixed_canastas": 2, "went_out": True,
                "meld_points": 500}}, {"out_wild_canastas": 0}, {"A": 2600, "B": 0}),
    case("samba-two-wild-short", "samba-foot", {"A": SAMBA_OUT}, {"out_wild_canastas": 2},
         'round 1, side "A": went_out: going out needs at least 2 wild canastas, this side has 1'),
    # 500 + 300 + 1500 + 500 + 400
    case("samba-one-of-each", "samba-foot",
         {"A": {"natural_canastas": 1, "mixed_canastas": 1, "wild_canastas": 1,
                "went_out": True, "meld_points": 400}},
         {"out_natural_canastas": 1, "out_mixed_canastas": 1}, {"A": 3200, "B": 0}),
    case("samba-sambas-do-not-count", "samba-foot", {"A": {**SAMBA_OUT, "sambas": 1}},
         {"out_natural_canastas": 3},
         'round 1, side "A": went_out: going out needs at least 3 red canastas, this side has 2'),
    case("samba-red-sevens-do-not-count", "samba-foot",
         {"A": {**SAMBA_OUT, "wild_canastas": 0, "red_sevens_canastas": 1}}, {"red_sevens": True},
         'round 1, side "A": went_out: going out needs at least 1 wild canasta, this side has 0'),
    # 1000 + 1500 + 500
    case("samba-no-black-needed", "samba-foot",
         {"A": {"natural_canastas": 2, "wild_canastas": 1, "went_out": True}},
         {"out_mixed_canastas": 0}, {"A": 3000, "B": 0}),
    case("samba-foot-still-empty", "samba-foot",
         {"A": {"went_out": True, "foot_points": 40}},
         {"out_natural_canastas": 0, "out_mixed_canastas": 0, "out_wild_canastas": 0},
         'round 1, side "A": went_out: going out needs every player of the side in their foot '
         "(foot points 0)"),
]  # fmt: skip

WEPT = [
    # B picked up one weeper of two: with the option on, its meld and red three count
    # against it, its canasta still counts: 500 - 100 - 150; A 500 + 300 + 100 + 300
    case("all-wept-on-one-of-two", "weeping",
         {"A": {**WEEP_OUT, "meld_points": 300},
          "B": {"natural_canastas": 1, "weepers_picked_up": 1, "red_threes": 1,
                "meld_points": 150}}, {"penalty_unless_all_wept": True}, {"A": 1200, "B": 250}),
    # the same round under the default: 500 + 100 + 150
    case("all-wept-off-one-of-two", "weeping",
         {"A": {**WEEP_OUT, "meld_points": 300},
          "B": {"natural_canastas": 1, "weepers_picked_up": 1, "red_threes": 1,
                "meld_points": 150}}, {}, {"A": 1200, "B": 750}),
    # both weepers picked up: no penalty, 500 + 300 + 100
    case("all-wept-on-both", "weeping",
         {"A": {**WEEP_OUT}, "B": {**WEEP_OUT, "went_out": False, "meld_points": 100}},
         {"penalty_unless_all_wept": True}, {"A": 900, "B": 900}),
    # none picked up: the penalty either way
    case("all-wept-on-none", "weeping",
         {"A": {**WEEP_OUT}, "B": {"meld_points": 100}}, {"penalty_unless_all_wept": True},
         {"A": 900, "B": -100}),
    # nobody went out: no penalty
    case("all-wept-on-nobody-out", "weeping",
         {"A": {"meld_points": 30}, "B": {"natural_canastas": 1, "weepers_picked_up": 1,
                                          "meld_points": 100}},
         {"penalty_unless_all_wept": True}, {"A": 30, "B": 600}),
    # three teams: B (one of two) and C (none) both pay; 500 - 50, -40
    case("all-wept-on-three-teams", "weeping",
         {"A": {**WEEP_OUT}, "B": {"natural_canastas": 1, "weepers_picked_up": 1,
                                   "meld_points": 50},
          "C": {"meld_points": 40}}, {"penalty_unless_all_wept": True},
         {"A": 900, "B": 450, "C": -40}, ["A", "B", "C"], players=6),
]  # fmt: skip

OUT_HANDS = [
    # 1000 + 600 + 1500 + 500 + 500, the out side's hand not counted; B -100
    case("out-hands-off", "samba-foot",
         {"A": {**SAMBA_OUT, "meld_points": 500, "hand_points": 45}, "B": {"hand_points": 100}},
         {"count_out_side_hands": False}, {"A": 4100, "B": -100}),
    # the default counts it: 4100 - 45
    case("out-hands-on", "samba-foot",
         {"A": {**SAMBA_OUT, "meld_points": 500, "hand_points": 45}, "B": {"hand_points": 100}},
         {"count_out_side_hands": True}, {"A": 4055, "B": -100}),
    # other sides still pay for hand and foot
    case("out-hands-off-others-pay", "samba-foot",
         {"A": {**SAMBA_OUT}, "B": {"hand_points": 60, "foot_points": 100}},
         {"count_out_side_hands": False}, {"A": 3600, "B": -160}),
    # nobody went out: every hand counts
    case("out-hands-off-nobody-out", "samba-foot",
         {"A": {"meld_points": 100, "hand_points": 30}, "B": {"hand_points": 5}},
         {"count_out_side_hands": False}, {"A": 70, "B": -5}),
]  # fmt: skip


@pytest.mark.parametrize(("variant", "round_", "options", "want", "sides", "top"),
                         [*OUT_OPTIONS, *WEPT, *OUT_HANDS])  # fmt: skip
def test_worked_round(game, variant, round_, options, want, sides, top):
    if isinstance(want, str):
        with pytest.raises(ScoringError) as caught:
            game(variant, [round_], sides, options=options, **top)
        assert str(caught.value) == want
        assert caught.value.field == "went_out"
        return
    answer = game(variant, [round_], sides, options=options, **top)
    assert answer["rounds"][0]["scores"] == want
    assert answer["totals"] == want


def test_not_all_wept_breakdown_says_why(game):
    rnd = {"A": {**WEEP_OUT}, "B": {"natural_canastas": 1, "weepers_picked_up": 1,
                                    "red_threes": 1, "meld_points": 150},
           "C": {"red_threes": 1, "meld_points": 20}}  # fmt: skip
    answer = game("weeping", [rnd], ["A", "B", "C"], players=6,
                  options={"penalty_unless_all_wept": True})  # fmt: skip
    assert answer["rounds"][0]["breakdown"]["B"] == [
        ["natural canasta", 500],
        ["red three (against: not all weepers picked up)", -100],
        ["meld points (against: not all weepers picked up)", -150],
    ]
    assert answer["rounds"][0]["breakdown"]["C"] == [
        ["red three (against: no weeper picked up)", -100],
        ["meld points (against: no weeper picked up)", -20],
    ]


def test_out_side_hand_line_left_out_of_the_breakdown(game):
    rnd = {"A": {**SAMBA_OUT, "hand_points": 45}, "B": {}}
    lines = game("samba-foot", [rnd], ["A", "B"], options={"count_out_side_hands": False})
    labels = [label for label, _ in lines["rounds"][0]["breakdown"]["A"]]
    assert "cards in hand" not in labels
    lines = game("samba-foot", [rnd], ["A", "B"])
    assert lines["rounds"][0]["breakdown"]["A"][-1] == ["cards in hand", -45]


OPTION_ERRORS = [
    ("classic", {"out_wild_canastas": 1}, "options: out_wild_canastas: not an option of classic"),
    ("hand-and-foot", {"out_canastas": 1}, "options: out_canastas: not an option of hand-and-foot"),
    ("five-person", {"out_mixed_canastas": 0},
     "options: out_mixed_canastas: not an option of five-person"),
    ("weeping", {"out_natural_canastas": 2},
     "options: out_natural_canastas: not an option of weeping"),
    ("samba-foot", {"out_canastas": 2}, "options: out_canastas: not an option of samba-foot"),
    ("classic", {"out_canastas": -1}, "options: out_canastas: -1 is negative"),
    ("weeping", {"out_canastas": 1.5}, "options: out_canastas: must be a whole number, not 1.5"),
    ("samba-foot", {"out_wild_canastas": True},
     "options: out_wild_canastas: must be a whole number, not True"),
    ("classic", {"penalty_unless_all_wept": True},
     "options: penalty_unless_all_wept: not an option of classic"),
    ("weeping", {"penalty_unless_all_wept": 1},
     "options: penalty_unless_all_wept: must be true or false, not 1"),
    ("hand-and-foot", {"count_out_side_hands": False},
     "options: count_out_side_hands: not an option of hand-and-foot"),
    ("samba-foot", {"count_out_side_hands": "no"},
     "options: count_out_side_hands: must be true or false, not 'no'"),
]  # fmt: skip


@pytest.mark.parametrize(("variant", "options", "message"), OPTION_ERRORS,
                         ids=[f"{v}-{next(iter(o))}" for v, o, _ in OPTION_ERRORS])  # fmt: skip
def test_option_errors(game, variant, options, message):
    sides = FIVE if variant == "five-person" else ["A", "B"]
    with pytest.raises(ScoringError) as caught:
        game(variant, [], sides, options=options)
    assert str(caught.value) == message


DEFAULTS = {
    "classic": {"out_canastas": 1, "count_out_side_hands": False},
    "hand-and-foot": {"out_natural_canastas": 1, "out_mixed_canastas": 1},
    "five-person": {"out_canastas": 1},
    "weeping": {"out_canastas": 2, "penalty_unless_all_wept": False},
    "samba-foot": {"out_natural_canastas": 2, "out_mixed_canastas": 2, "out_wild_canastas": 1,
                   "out_sambas": 0, "count_out_side_hands": True},
}  # fmt: skip
# Hand and Foot's going-out numbers may rise by round: a number, or one per round.
RISING = {"out_natural_canastas", "out_mixed_canastas"}


def going_out_options(variant):
    """The going-out options: the ``out_*`` requirements and the two flags."""
    keys = ("count_out_side_hands", "penalty_unless_all_wept")
    return {o.key: o for o in variant.all_options() if o.key.startswith("out_") or o.key in keys}


@pytest.mark.parametrize("variant_id", list(DEFAULTS))
def test_going_out_options_default_as_rules_md_says(variant_id):
    new = going_out_options(VARIANTS[variant_id])
    assert {k: o.default for k, o in new.items()} == DEFAULTS[variant_id]


@pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=list(VARIANTS))
def test_going_out_options_are_plain_options(variant):
    for option in going_out_options(variant).values():
        plain = "rising" if variant.id == "hand-and-foot" and option.key in RISING else "points"
        assert option.kind == ("flag" if isinstance(option.default, bool) else plain)
        assert option.label and option.fill is None and "_" not in option.label


def test_going_out_needs_still_gives_the_defaults():
    assert VARIANTS["classic"].going_out_needs == {"canastas": 1}
    assert VARIANTS["weeping"].going_out_needs == {"canastas": 2}
    assert VARIANTS["samba-foot"].going_out_needs == {
        "natural_canastas": 2,
        "mixed_canastas": 2,
        "wild_canastas": 1,
        "sambas": 0,
    }
