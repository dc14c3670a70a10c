"""A new variant is one file and one table of worked rounds: a small variant, added to
a temporary registry (and taken out again), passes the checks every variant passes:
scoring, the JSON contract, the round form, the rules page, and pages in another
language, in English until its texts are translated."""

import importlib.util
from pathlib import Path

import pytest

import tests.scoring.test_registry as registry_checks
from scorekeeper.scoring import VARIANTS, score_game
from scorekeeper.scoring.rules import (
    STANDARD_CARDS,
    CardValue,
    Each,
    Fixed,
    Flag,
    Option,
    Points,
    ReachTarget,
    Rules,
)
from scorekeeper.scoring.schema import all_variants_schema
from scorekeeper.scoring.variant import Variant

ROOT = Path(__file__).parent.parent
spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
catalogs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(catalogs)


class Quick(Variant):
    """Two teams, one opening meld all game, first to 2000: a variant in 30 lines."""

    id = "quick"
    name = "Quick Canasta"
    seed = "quick.txt"
    summary = "Four players in two teams; one opening meld all game; first to 2000 wins."
    players = (4,)
    fields = (
        "natural_canastas",
        "mixed_canastas",
        "red_threes",
        "went_out",
        "meld_points",
        "hand_points",
    )
    options = (
        Option("natural_canasta", "natural canasta", 500),
        Option("mixed_canasta", "mixed canasta", 300),
        Option("red_three", "red three laid, each", 100),
        Option("going_out", "going out", 100),
        Option("opening", "opening meld", 50),
        Option("target", "game ends when a side reaches", 2000, kind="positive"),
        Option("tie_plays_on", "a tie for the lead plays another round", True, kind="flag"),
    )
    lines = (
        Each("natural_canastas", "natural_canasta", "natural canasta"),
        Each("mixed_canastas", "mixed_canasta", "mixed canasta"),
        Each("red_threes", "red_three", "red three"),
        Flag("went_out", "going_out", "going out"),
        Points("meld_points", "meld points"),
        Points("hand_points", "cards in hand", sign=-1),
    )
    card_values = (CardValue("red_three", "red three", 100), *STANDARD_CARDS)
    going_out = "Going out needs no canasta."
    opening = Fixed()
    end = ReachTarget()

    def cards_in_play(self, players: int, rules: Rules | None = None) -> int:
        return 108

    def red_threes_in_play(self, players: int, rules: Rules | None = None) -> int:
        return 4


# The one table of worked rounds: sides' fields, then the scores as worked by hand.
ROUNDS = [
    pytest.param(
        {
            "A": {"natural_canastas": 1, "meld_points": 200, "went_out": True},
            "B": {"mixed_canastas": 1, "meld_points": 120, "hand_points": 45},
        },
        {"A": 800, "B": 375},
        id="a-canasta-each",
    ),  # 500+200+100; 300+120-45
    pytest.param(
        {
            "A": {"red_threes": 2, "meld_points": 90, "hand_points": 10},
            "B": {"went_out": True, "meld_points": 60},
        },
        {"A": 280, "B": 160},
        id="red-threes",
    ),  # 200+90-10; 100+60
    pytest.param(
        {"A": {"hand_points": 130}, "B": {"went_out": True}},
        {"A": -130, "B": 100},
        id="caught-holding",
    ),
]


@pytest.fixture
def quick(monkeypatch):
    """The small variant in the registry for one test, and out of it again after."""
    variant = Quick()
    monkeypatch.setitem(VARIANTS, variant.id, variant)
    return variant


def test_the_registry_is_as_it_was_without_the_fixture():
    assert "quick" not in VARIANTS


@pytest.mark.parametrize(("round_", "want"), ROUNDS)
def test_it_scores_its_worked_rounds(quick, round_, want):
    answer = score_game({"variant": "quick", "sides": ["A", "B"], "rounds": [round_]})
    assert answer["rounds"][0]["scores"] == want


def test_it_passes_the_registry_s_checks(quick):
    registry_checks.test_every_variant_is_complete(quick)
    registry_checks.test_a_variant_calls_its_canastas_the_same_everywhere(quick)


def test_the_json_contract_takes_it(quick, client):
    games = all_variants_schema()["oneOf"]
    assert {"const": "quick"} in [g["properties"]["variant"] for g in games]
    described = client.get("/api/openapi.json").json["components"]["schemas"]
    assert "Game-quick" in described and "Side-quick" in described
    created = client.post("/api/games", json={"variant": "quick", "sides": ["A", "B"]})
    assert created.status_code == 201, created.json
    game = created.json["id"]
    round_ = client.post(f"/api/games/{game}/rounds", json=ROUNDS[0].values[0])
    assert round_.status_code == 201, round_.json
    assert round_.json["totals"] == {"A": 800, "B": 375}
    refused = client.post(f"/api/games/{game}/rounds", json={"A": {"foot_points": 10}})
    assert refused.status_code == 400 and "foot_points" in refused.json["error"]


def test_its_round_form_saves_a_round(quick, client, make_game):
    game = make_game("quick")
    form = client.get(f"/games/{game}/rounds/new").get_data(as_text=True)
    assert 'name="s0_natural_canastas"' in form and "s0_foot_points" not in form
    data = {
        "s0_natural_canastas": "1",
        "s0_meld_points": "200",
        "went_out": "0",
        "s1_mixed_canastas": "1",
        "s1_meld_points": "120",
        "s1_hand_points": "45",
        "key": "k1",
    }
    assert client.post(f"/games/{game}/rounds/new", data=data).status_code == 302
    board = client.get(f"/games/{game}").get_data(as_text=True)
    assert ">800<" in board and ">375<" in board


def test_its_rules_page_names_every_option(quick, client):
    page = client.get("/rules/quick").get_data(as_text=True)
    assert "Quick Canasta" in page and quick.going_out in page
    for option in quick.options:
        assert option.label in page, option.key
    assert "/rules/quick" in client.get("/rules").get_data(as_text=True)


def test_its_pages_are_in_english_until_it_is_translated(quick, client):
    german = client.get("/rules/quick", headers={"Accept-Language": "de"})
    page = german.get_data(as_text=True)
    assert german.status_code == 200 and 'lang="de"' in page
    assert "Quick Canasta" in page and quick.summary in page and quick.going_out in page
    assert "Spiel endet, wenn eine Seite" in page  # an option's label it shares with others
    template = catalogs.read(catalogs.TEMPLATE)
    waiting = catalogs.untranslated(template)  # the catalogs test lets these wait
    assert "quick" in waiting
    assert {m.id for m in catalogs.extract(leave_out=waiting) if m.id} <= {
        m.id for m in template if m.id
    }
