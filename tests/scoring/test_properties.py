"""Property tests: invariants of every valid game, and no crash on any input."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings, strategies as st

from scorekeeper.data.sample import fit_the_packs
from scorekeeper.scoring import FIELDS, VARIANTS, ScoringError, score_game
from scorekeeper.scoring.adjustments import note_problem
from scorekeeper.scoring.fields import CANASTA_CARDS

RED_THREES = ("red_threes", "red_threes_in_hand", "red_threes_in_weeper")
names = st.text(min_size=1, max_size=12).filter(str.strip)


@st.composite
def side_fields(draw, variant, players, red_budget, out, options):
    """One side's fields, valid by construction; ``out`` if this side went out."""
    f = {}
    for name in variant.fields:
        kind = FIELDS[name].kind
        if kind == "points":
            f[name] = 5 * draw(st.integers(0, 300))
        elif kind == "count":
            f[name] = draw(st.integers(0, 3))
    for name in (n for n in RED_THREES if n in f):
        f[name] = draw(st.integers(0, min(3, red_budget[0])))
        red_budget[0] -= f[name]
    for name, switch in variant.field_switches.items():  # a field its option turns off
        if not options.get(switch):
            f[name] = 0
    if draw(st.booleans()):  # the table's adjustment, with or without a note
        f["adjustment"] = 5 * draw(st.integers(-2000, 2000))
        f["note"] = draw(st.text(max_size=20).filter(lambda t: not note_problem(t)))
    if "kitties" in f:  # two kitties are dealt
        f["kitties"] = min(f["kitties"], red_budget[1])
        red_budget[1] -= f["kitties"]
    if variant.uses("dealer_bonus"):  # one dealer
        f["dealer_bonus"] = draw(st.booleans()) and red_budget[2] > 0
        red_budget[2] -= f["dealer_bonus"]
    if out:
        f["went_out"] = True
        if variant.uses("concealed"):
            f["concealed"] = draw(st.booleans())
        needs = {"natural_canastas" if k == "canastas" else k: v
                 for k, v in variant.going_out_needs.items()}  # fmt: skip
        for name, least in {**needs, **OUT_LEAST.get(variant.id, {})}.items():
            f[name] = max(f[name], least)
        f.update(OUT_EXACT.get(variant.id, {}))
    if "weepers_picked_up" in f:  # a weeper after each canasta; none left once all are up
        canastas = sum(f[n] for n in CANASTA_CARDS if n in f)
        f["weepers_picked_up"] = min(f["weepers_picked_up"], 2, canastas)
        f["canastas_from_hand"] = min(f["canastas_from_hand"], canastas)
        if f["weepers_picked_up"] == 2:
            f.update(weeper_points=0, red_threes_in_weeper=0, black_threes_in_weeper=0)
    return f


# What going out needs beyond ``going_out_needs``: five-person, a canasta of its own
# (or its partner's); weeping, both weepers; samba-foot, an empty foot.
OUT_LEAST = {"five-person": {"natural_canastas": 1}, "weeping": {"weepers_picked_up": 2}}
OUT_EXACT = {"samba-foot": {"foot_points": 0}}


@st.composite
def games(draw, variant_ids=tuple(VARIANTS)):
    variant = VARIANTS[draw(st.sampled_from(variant_ids))]
    players = draw(st.sampled_from(variant.players[:6]))
    count = len(variant.arrangement(players))
    sides = draw(st.lists(names, min_size=count, max_size=count, unique=True))
    options = {"red_sevens": draw(st.booleans())} if variant.uses("red_sevens_canastas") else {}
    if variant.id == "classic":  # standard Canasta's options, each off or on
        options = {"wild_canasta": draw(st.sampled_from([0, 1000, 2000])),
                   "red_threes_all_bonus": draw(st.sampled_from([0, 800, 1000])),
                   "red_threes_unmelded": draw(st.booleans()),
                   "count_out_side_hands": draw(st.booleans())}  # fmt: skip
    doc = {"variant": variant.id, "sides": sides, "players": players, "options": options,
           "rounds": []}  # fmt: skip
    for _ in range(draw(st.integers(0, 6))):
        if doc["rounds"] and score_game(doc)["finished"]:
            break
        out = draw(st.sampled_from([None, *sides]))
        budget = [variant.red_threes_in_play(players), 2, 1]  # red threes, kitties, dealers
        rnd = {s: draw(side_fields(variant, players, budget, s == out, options)) for s in sides}
        doc["rounds"].append(fit_the_packs(variant, players, rnd, out))
    return doc


FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(games())
def test_breakdown_lines_add_up_to_the_score(doc):
    answer = score_game(doc)
    for rnd in answer["rounds"]:
        for side, score in rnd["scores"].items():
            assert sum(points for _, points in rnd["breakdown"][side]) == score


@FAST
@given(games())
def test_totals_are_the_sum_of_the_rounds(doc):
    answer = score_game(doc)
    for side in doc["sides"]:
        assert answer["totals"][side] == sum(r["scores"][side] for r in answer["rounds"])
    assert answer["next_round"] == len(doc["rounds"]) + 1
    assert answer["finished"] == bool(answer["winners"])
    assert set(answer["winners"]) <= set(doc["sides"])


@FAST
@given(games(("five-person",)))
def test_five_person_scores_own_plus_partner(doc):
    answer = score_game(doc)
    seats = doc["sides"]
    for number, rnd in enumerate(answer["rounds"]):
        lines = rnd["breakdown"]
        # each player's own lines come before the partner's, their adjustment after
        ends = {s: next(i for i, (label, _) in enumerate(lines[s]) if label.startswith("partner "))
                for s in seats}  # fmt: skip
        own = {s: sum(p for _, p in lines[s][: ends[s]]) for s in seats}
        adjusted = {s: doc["rounds"][number][s].get("adjustment", 0) for s in seats}
        for i, seat in enumerate(seats):
            assert rnd["scores"][seat] == own[seat] + own[seats[(i + 2) % 5]] + adjusted[seat]
        assert sum(rnd["scores"].values()) == 2 * sum(own.values()) + sum(adjusted.values())


@FAST
@given(st.sampled_from(["classic", "weeping"]), st.integers(-(10**5), 10**5), st.integers(0, 10**5))
def test_opening_never_decreases_as_the_score_rises(variant_id, low, step):
    variant = VARIANTS[variant_id]
    rules = variant.defaults()
    assert variant.opening_for(low, 2, rules) <= variant.opening_for(low + step, 2, rules)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12,
)  # fmt: skip


@st.composite
def damaged_games(draw):
    """A valid game with one value somewhere replaced by arbitrary JSON."""
    doc = draw(games())
    field = draw(st.sampled_from([*FIELDS, *CANASTA_CARDS, "options", "players", "sides"]))
    junk = draw(json_values)
    if doc["rounds"] and draw(st.booleans()):
        rnd = draw(st.sampled_from(doc["rounds"]))
        rnd[draw(st.sampled_from(list(rnd)))][field] = junk
    else:
        doc[draw(st.sampled_from(["options", "players", "sides", "rounds", "variant"]))] = junk
    return json.loads(json.dumps(doc))


@FAST
@given(damaged_games())
def test_no_input_raises_anything_but_a_scoring_error(doc):
    try:
        answer = score_game(doc)
    except ScoringError as error:
        assert len(str(error).splitlines()) == 1
    else:
        assert set(answer) == {"rounds", "totals", "next_round", "opening", "finished", "winners"}
