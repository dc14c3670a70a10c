"""The meld counter's rules (scoring/melds.py): melds worked by hand in every
variant, the points of counted melds always the sum of their cards' values, and the
round screen's script (static/melds.js) counting every meld as the engine does."""

import random
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from scorekeeper.scoring import VARIANTS, get_variant, score_game
from scorekeeper.scoring.melds import (
    PROBLEMS,
    WILD,
    Counted,
    Meld,
    MeldProblem,
    count,
    describe,
    refusal,
    totals,
)
from tests.conftest import close_page

SCRIPT = Path(__file__).parents[2] / "static" / "melds.js"


def counted(variant_id, meld, house=None):
    variant = get_variant(variant_id)
    rules = variant.rules(house)
    return count(meld, variant.meld_rules.under(rules), rules, variant.fields_in_play(rules))


def refused(variant_id, meld, house=None):
    with pytest.raises(MeldProblem) as error:
        counted(variant_id, meld, house)
    return error.value.problem.template


W = {"two": 1, "joker": 1}
# (variant, house rules, meld, its kind, its points): worked by hand from docs/rules.md.
WORKED = [
    ("classic", None, Meld("K", 7), "natural_canastas", 70),
    ("classic", None, Meld("5", 5, W), "mixed_canastas", 25 + 20 + 50),
    ("classic", None, Meld("A", 3), "", 60),
    ("classic", None, Meld("4", 4, {"two": 3}), "mixed_canastas", 20 + 60),
    ("classic", None, Meld("A", 8, {"joker": 2}), "mixed_canastas", 160 + 100),
    ("classic", {"wild_canasta": 1000}, Meld(WILD, 0, {"two": 4, "joker": 3}), "wild_canastas",
     80 + 150),
    ("classic", {"wild_canasta": 1000}, Meld(WILD, 0, {"two": 3}), "", 60),
    ("classic", {"card_joker": 100}, Meld("Q", 4, {"joker": 3}), "mixed_canastas", 40 + 300),
    ("hand-and-foot", None, Meld("9", 7), "natural_canastas", 70),
    ("hand-and-foot", None, Meld("9", 5, {"joker": 4}), "mixed_canastas", 50 + 200),
    ("hand-and-foot", {"wild_ratio": "at_least_equal"}, Meld("9", 4, {"joker": 4}),
     "mixed_canastas", 40 + 200),
    ("hand-and-foot", {"black_threes_canasta": 2000}, Meld("3", 7), "black_threes_canastas", 35),
    ("hand-and-foot", {"black_threes_canasta": 2000}, Meld("3", 4), "", 20),
    ("hand-and-foot", {"sevens_canasta": 1500}, Meld("7", 7), "sevens_canastas", 35),
    ("hand-and-foot", {"sevens_canasta": 1500}, Meld("7", 6, {"two": 1}), "mixed_canastas",
     30 + 20),
    ("hand-and-foot", None, Meld("7", 7), "natural_canastas", 35),
    ("hand-and-foot", {"wild_canasta": 1500}, Meld(WILD, 0, {"two": 5, "joker": 2}),
     "wild_canastas", 100 + 100),
    ("five-person", None, Meld("A", 7), "natural_canastas", 105),
    ("five-person", None, Meld("7", 5, W), "mixed_canastas", 50 + 20),
    ("five-person", None, Meld("3", 2, {"two": 1}), "", 10 + 10),
    ("weeping", None, Meld("7", 7), "sevens_canastas", 35),
    ("weeping", None, Meld("7", 6, {"joker": 1}), "mixed_canastas", 30 + 50),
    ("weeping", None, Meld("8", 7), "natural_canastas", 70),
    ("weeping", None, Meld("J", 4, {"two": 3}), "mixed_canastas", 40 + 60),
    ("weeping", None, Meld(WILD, 0, {"two": 5, "joker": 2}), "wild_canastas", 100 + 100),
    ("samba-foot", None, Meld("6", 5, {"two": 2}), "mixed_canastas", 25 + 40),
    ("samba-foot", None, Meld(WILD, 0, {"joker": 7}), "wild_canastas", 350),
    ("samba-foot", None, Meld("K", 9), "natural_canastas", 90),
    ("samba-foot", None, Meld("4", 7, run=True), "sambas", 4 * 5 + 3 * 10),  # 4 to 10
    ("samba-foot", None, Meld("8", 7, run=True), "sambas", 6 * 10 + 20),  # 8 to A
    ("samba-foot", None, Meld("5", 3, run=True), "", 15),  # 5, 6, 7: a plain meld
    ("samba-foot", None, Meld("Q", 3, run=True), "", 10 + 10 + 20),  # Q, K, A
]  # fmt: skip


@pytest.mark.parametrize(
    ("variant_id", "house", "meld", "kind", "points"),
    WORKED,
    ids=[f"{w[0]}-{w[2].rank}-{w[2].naturals}-{sum(w[2].wilds.values())}" for w in WORKED],
)
def test_worked_melds(variant_id, house, meld, kind, points):
    assert counted(variant_id, meld, house) == Counted(kind, points)


REFUSED = [
    ("classic", Meld("8", 2, {"two": 3}), "half"),
    ("classic", Meld("8", 4, {"two": 4}), "most_wilds"),
    ("classic", Meld("8", 2), "smallest"),
    ("classic", Meld("3", 3, {"joker": 1}), "clean"),
    ("classic", Meld(WILD, 0, {"two": 7}), "wild_melds"),  # wild_canasta is 0
    ("classic", Meld("1", 3), "rank"),
    ("hand-and-foot", Meld("9", 3, {"joker": 4}), "under_half"),
    ("hand-and-foot", Meld("5", 2, {"two": 1, "joker": 1}), "under_half"),  # the sheet's +1
    ("hand-and-foot", Meld("3", 7), "barred"),  # "You cannot make a set of threes"
    ("hand-and-foot", Meld(WILD, 0, {"joker": 3}), "wild_melds"),
    ("weeping", Meld("9", 3, {"joker": 3}), "under_half"),  # more naturals than wilds
    ("weeping", Meld("9", 5, {"joker": 4}), "most_wilds"),
    ("samba-foot", Meld("Q", 5, {"two": 4}), "most_wilds"),
    ("samba-foot", Meld("9", 7, run=True), "run_end"),  # 9 to A is 6 cards
    ("samba-foot", Meld("4", 8, run=True), "run_end"),  # a samba is 7 at most
    ("samba-foot", Meld("5", 6, {"joker": 1}, run=True), "run_wilds"),
    ("samba-foot", Meld("3", 7, run=True), "run_rank"),  # no threes in a samba
    ("classic", Meld("5", 7, run=True), "runs"),
]


@pytest.mark.parametrize(
    ("variant_id", "meld", "why"), REFUSED, ids=[f"{r[0]}-{r[2]}" for r in REFUSED]
)
def test_refused_melds_say_why(variant_id, meld, why):
    assert refused(variant_id, meld) == PROBLEMS[why]


def test_a_counted_side_scores_as_its_totals_typed():
    """Classic: a natural canasta, a mixed one and a plain meld, counted, then scored."""
    variant = get_variant("classic")
    rules = variant.rules()
    melds = [Meld("K", 7), Meld("5", 5, W), Meld("A", 3)]
    filled = totals(melds, variant.meld_rules, rules, variant.fields_in_play(rules))
    assert filled == {"meld_points": 225, "natural_canastas": 1, "mixed_canastas": 1}
    doc = {"variant": "classic", "sides": ["A", "B"], "rounds": [{"A": filled, "B": {}}]}
    assert score_game(doc)["rounds"][0]["scores"]["A"] == 500 + 300 + 225


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_every_variants_meld_rules_name_its_own_fields_and_cards(variant_id):
    """A variant's meld rules are data it can be checked against: each kind of
    canasta one of its fields, each rank and wild card one of its card values."""
    variant = VARIANTS[variant_id]
    cards = {c.key for c in variant.card_values}
    melds = variant.meld_rules
    assert {k.field for k in melds.kinds} | set(melds.uncounted) <= set(variant.fields)
    assert {card for _, card in (*melds.ranks, *melds.wilds)} <= cards
    canastas = {f for f in variant.fields if f.endswith(("canastas", "sambas"))} - {
        "canastas_from_hand"
    }
    canastas |= {f for f in variant.fields if f.startswith("super_canastas")}
    assert canastas == {k.field for k in melds.kinds} | set(melds.uncounted)


def melds_of(variant):
    ranks = [rank for rank, _ in variant.meld_rules.ranks] + [WILD, "1"]
    wilds = st.fixed_dictionaries({name: st.integers(0, 5) for name, _ in variant.meld_rules.wilds})
    return st.builds(Meld, st.sampled_from(ranks), st.integers(0, 9), wilds, st.booleans())


def random_meld(variant, chance):
    ranks = [rank for rank, _ in variant.meld_rules.ranks] + [WILD, "1"]
    wilds = {name: chance.randint(0, 5) for name, _ in variant.meld_rules.wilds}
    return Meld(chance.choice(ranks), chance.randint(0, 9), wilds, chance.random() < 0.3)


HOUSES = [
    None,
    {"wild_canasta": 2000, "card_joker": 100, "card_ace": 15},
    {
        "sevens_canasta": 1500,
        "black_threes_canasta": 2000,
        "wild_ratio": "at_least_equal",
        "red_sevens": True,
        "sevens_any_colour": True,
    },
]


@pytest.mark.parametrize("variant_id", list(VARIANTS))
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_counted_points_are_the_sum_of_the_cards_values(variant_id, data):
    variant = VARIANTS[variant_id]
    house = data.draw(st.sampled_from(HOUSES))
    rules = variant.rules({k: v for k, v in (house or {}).items() if k in variant.defaults()})
    in_play = variant.fields_in_play(rules)
    drawn = data.draw(st.lists(melds_of(variant), max_size=8))
    melds = [m for m in drawn if refusal(m, variant.meld_rules.under(rules), in_play) is None]
    filled = totals(melds, variant.meld_rules.under(rules), rules, in_play)
    ranks, wilds = dict(variant.meld_rules.ranks), dict(variant.meld_rules.wilds)
    runs = variant.meld_rules.runs
    cards = [
        ranks[runs[runs.index(m.rank) + i] if m.run else m.rank]
        for m in melds
        if m.rank in ranks
        for i in range(m.naturals)
    ]
    cards += [wilds[w] for m in melds for w, n in m.wilds.items() for _ in range(n)]
    assert filled["meld_points"] == sum(rules[f"card_{c}"] for c in cards)
    assert sum(v for k, v in filled.items() if k != "meld_points") == sum(
        1 for m in melds if m.cards >= 7
    )


def test_the_round_screens_script_counts_every_meld_as_the_engine_does(browser):
    """Each variant, its defaults and a house rule set: hundreds of melds (refused
    or not) counted by static/melds.js, in the browser the phones use, from
    describe()'s JSON and by the engine."""
    cases, chance = [], random.Random(29)
    for variant in VARIANTS.values():
        for house in HOUSES:
            known = {k: v for k, v in (house or {}).items() if k in variant.defaults()}
            rules = variant.rules(known)
            in_play = variant.fields_in_play(rules)
            data = describe(variant.meld_rules.under(rules), rules, in_play)
            for _ in range(120):
                meld = random_meld(variant, chance)
                try:
                    c = count(meld, variant.meld_rules.under(rules), rules, in_play)
                    want = {"kind": c.kind, "points": c.points}
                except MeldProblem as error:
                    key = next(k for k, t in PROBLEMS.items() if t == error.problem.template)
                    want = {"problem": key}
                meld_json = {
                    "rank": meld.rank,
                    "naturals": meld.naturals,
                    "wilds": dict(meld.wilds),
                    "run": meld.run,
                }
                cases.append({"rules": data, "meld": meld_json, "want": want})
    page = browser.new_page()
    page.add_script_tag(content=SCRIPT.read_text(encoding="utf-8"))
    got = page.evaluate(
        "cases => cases.map((c) => { const r = countMeld(c.rules, c.meld); delete r.n; return r; })",
        cases,
    )
    close_page(page)
    wrong = [(c["meld"], c["want"], g) for c, g in zip(cases, got, strict=True) if c["want"] != g]
    assert not wrong, wrong[:5]
    assert {"problem" in c["want"] for c in cases} == {True, False}  # both kinds of answer
