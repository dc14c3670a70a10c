"""Property tests across random house-rule values for the house-rule options."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from scorekeeper.data.sample import fit_the_packs
from scorekeeper.scoring import FIELDS, VARIANTS, ScoringError, score_game
from scorekeeper.scoring.adjustments import note_problem

FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FIVE = ["P1", "P2", "P3", "P4", "P5"]
# What each going-out option counts, and the name of one such canasta in messages.
OUT_OPTIONS = {
    "classic": {"out_canastas": (("natural_canastas", "mixed_canastas"), "canasta")},
    "hand-and-foot": {"out_natural_canastas": (("natural_canastas",), "clean pile"),
                      "out_mixed_canastas": (("mixed_canastas",), "dirty pile")},
    "five-person": {"out_canastas": (("natural_canastas", "mixed_canastas",
                                      "super_canastas_pure", "super_canastas_impure"), "canasta")},
    "weeping": {"out_canastas": (("natural_canastas", "mixed_canastas", "sevens_canastas",
                                  "wild_canastas"), "canasta")},
    "samba-foot": {"out_natural_canastas": (("natural_canastas",), "red canasta"),
                   "out_mixed_canastas": (("mixed_canastas",), "black canasta"),
                   "out_wild_canastas": (("wild_canastas",), "wild canasta")},
}  # fmt: skip


def out_options(variant):
    """``OUT_OPTIONS`` of a variant; of one not in the table, as its ``out_needs`` say."""
    needs = {need.option: (need.fields, need.what) for need in variant.out_needs}
    return OUT_OPTIONS.get(variant.id, needs)


def canastas(n: int, what: str) -> str:
    return f"{n} {what}" if n == 1 else f"{n} {what}s"


@st.composite
def going_out(draw):
    """A round where the first side goes out with random canastas under random
    out_* values, and the message it must get (None if it may go out)."""
    variant_id = draw(st.sampled_from(list(OUT_OPTIONS)))
    needs = OUT_OPTIONS[variant_id]
    options = {key: draw(st.integers(0, 3)) for key in needs}
    counted = {name for fields, _ in needs.values() for name in fields}
    top = 1 if len(counted) > 2 else 3  # with four kinds counted together, fewer of each
    out = {name: draw(st.integers(0, top)) for name in sorted(counted)}
    sides = FIVE if variant_id == "five-person" else ["A", "B"]
    rnd = {sides[0]: {**out, "went_out": True}}
    expected = None
    if variant_id == "five-person":
        mate = {name: draw(st.integers(0, top)) for name in sorted(counted)}
        rnd["P3"] = mate
        have, least = sum(out.values()) + sum(mate.values()), options["out_canastas"]
        if have < least:
            expected = (f"finishing needs at least {canastas(least, 'canasta')} among the melds "
                        f"of this player and their partner (P3), they have {have}")  # fmt: skip
    else:
        for key, (fields, what) in needs.items():
            have = sum(out[f] for f in fields)
            if have < options[key]:
                expected = (
                    f"going out needs at least {canastas(options[key], what)}, this side has {have}"
                )
                break
    if variant_id == "weeping":
        picked = min(2, sum(out.values()))  # a weeper only after closing a canasta
        rnd["A"]["weepers_picked_up"] = picked
        if expected is None and picked < 2:
            expected = f"going out needs all 2 weepers picked up, this side has {picked}"
    if expected:
        expected = f'round 1, side "{sides[0]}": went_out: {expected}'
    return {"variant": variant_id, "sides": sides, "options": options, "rounds": [rnd]}, expected


@FAST
@given(going_out())
def test_a_side_meeting_the_out_options_may_go_out_and_one_short_may_not(case):
    doc, expected = case
    if expected is None:
        score_game(doc)
        return
    try:
        score_game(doc)
    except ScoringError as error:
        assert str(error) == expected
    else:
        raise AssertionError(f"no error, expected {expected}")


@st.composite
def games(draw, variant_ids=tuple(VARIANTS)):
    """A whole game, valid by construction, under random values of every house-rule
    option (and red sevens allowed, so every field can be used)."""
    variant = VARIANTS[draw(st.sampled_from(variant_ids))]
    options = {key: draw(st.integers(0, 3)) for key in out_options(variant)}
    for option in variant.options:
        if option.key in (
            "penalty_unless_all_wept",
            "count_out_side_hands",
            "red_sevens",
            "red_threes_unmelded",
        ):
            options[option.key] = draw(st.booleans())
        elif option.key in CLASSIC_POINTS:
            options[option.key] = draw(st.sampled_from(CLASSIC_POINTS[option.key]))
    for card in variant.card_values:  # house card values move the bound on card points
        if draw(st.booleans()):
            options[f"card_{card.key}"] = 5 * draw(st.integers(0, 20))
    most = 3 if variant.players_for_sides(3) else 2
    sides = FIVE if variant.id == "five-person" else ["A", "B", "C"][: draw(st.integers(2, most))]
    doc = {"variant": variant.id, "sides": sides, "options": options, "rounds": []}
    for _ in range(draw(st.integers(0, 4))):
        if doc["rounds"] and score_game(doc)["finished"]:
            break
        out = draw(st.sampled_from([None, *sides]))
        rnd = {s: draw(side_fields(variant, s == out, options)) for s in sides}
        players = variant.players_for_sides(len(sides))
        fit_the_packs(variant, players, rnd, out, variant.rules(options))
        keep_one(rnd, "dealer_bonus", 1)
        keep_one(rnd, "kitties", 2)
        doc["rounds"].append(rnd)
    return doc


# The classic options of standard Canasta that take points: off (0) or a common value.
CLASSIC_POINTS = {"wild_canasta": (0, 1000, 2000), "red_threes_all_bonus": (0, 800, 1000)}


def keep_one(rnd, field, most):
    """Trim ``field`` across sides so that together they come to at most ``most``."""
    left = most
    for f in rnd.values():
        if field in f:
            n = min(int(f[field]), left)
            f[field], left = type(f[field])(n), left - n


@st.composite
def side_fields(draw, variant, out, options):
    f = {}
    for name in variant.fields:
        kind = FIELDS[name].kind
        if kind == "points":
            f[name] = 5 * draw(st.integers(0, 100))
        elif name == "red_threes":  # at most one a side: never more than the packs hold
            f[name] = draw(st.integers(0, 1))
        elif kind == "count" and not name.startswith("red_threes"):
            f[name] = draw(st.integers(0, 3))
        elif name == "dealer_bonus":
            f[name] = draw(st.booleans())
    for name, switch in variant.field_switches.items():  # a field its option turns off
        if not options.get(switch):
            f.pop(name, None)
    if draw(st.booleans()):  # the table's adjustment, with or without a note
        f["adjustment"] = 5 * draw(st.integers(-2000, 2000))
        f["note"] = draw(st.text(max_size=20).filter(lambda t: not note_problem(t)))
    if out:  # three of the first kind each option counts meets any out_* value drawn
        f.update({fields[0]: 3 for fields, _ in out_options(variant).values()})
        f["went_out"] = True
        if variant.uses("foot_points") and variant.id == "samba-foot":
            f["foot_points"] = 0
    if variant.uses("weepers_picked_up"):
        total = sum(f[n] for n in OUT_OPTIONS["weeping"]["out_canastas"][0])
        f["weepers_picked_up"] = 2 if out else min(f["weepers_picked_up"], 2, total)
        f["canastas_from_hand"] = min(f["canastas_from_hand"], total)
        if f["weepers_picked_up"] == 2:
            f.update(weeper_points=0, black_threes_in_weeper=0)
    return f


@FAST
@given(games())
def test_breakdown_lines_add_up_and_totals_are_sums_under_any_options(doc):
    answer = score_game(doc)
    for rnd in answer["rounds"]:
        for side, score in rnd["scores"].items():
            assert sum(points for _, points in rnd["breakdown"][side]) == score
    for side in doc["sides"]:
        assert answer["totals"][side] == sum(r["scores"][side] for r in answer["rounds"])


def both_ways(doc, key):
    """The game (its rounds that both allow: with the option turned, it may end sooner,
    and a round after the end is refused) scored with ``key`` on and off."""
    for count in range(len(doc["rounds"]), -1, -1):
        short = {**doc, "rounds": doc["rounds"][:count]}
        try:
            return (short, score_game({**short, "options": {**doc["options"], key: True}}),
                    score_game({**short, "options": {**doc["options"], key: False}}))  # fmt: skip
        except ScoringError:
            continue
    raise AssertionError("even no rounds at all were refused")


@FAST
@given(games(("weeping",)))
def test_penalty_unless_all_wept_only_ever_costs_a_side_that_wept_one_of_two(doc):
    doc, on, off = both_ways(doc, "penalty_unless_all_wept")
    for number, rnd in enumerate(doc["rounds"]):
        went_out = next((s for s, f in rnd.items() if f.get("went_out")), None)
        for side, f in rnd.items():
            gap = off["rounds"][number]["scores"][side] - on["rounds"][number]["scores"][side]
            if went_out in (None, side) or f["weepers_picked_up"] != 1:
                assert gap == 0
            else:  # meld points and red threes turned from + to -
                assert gap == 2 * (f["meld_points"] + 100 * f["red_threes"])


@FAST
@given(games(("samba-foot", "classic")))
def test_count_out_side_hands_only_changes_the_out_side_by_its_hand(doc):
    doc, on, off = both_ways(doc, "count_out_side_hands")
    for number, rnd in enumerate(doc["rounds"]):
        for side, f in rnd.items():
            gap = off["rounds"][number]["scores"][side] - on["rounds"][number]["scores"][side]
            assert gap == (f["hand_points"] if f.get("went_out") else 0)
