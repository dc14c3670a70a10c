"""Walks the variant registry: every variant is complete, tested and documented."""

import ast
import importlib.util
import re
from pathlib import Path

import pytest

from scorekeeper.scoring import FIELDS, VARIANTS, ScoringError, card_points, get_variant
from scorekeeper.scoring.variants import BUILT_IN

ROOT = Path(__file__).parents[2]
SCORING = ROOT / "scorekeeper" / "scoring"


def worked_rounds(variant_id):
    path = Path(__file__).parent / "variants" / f"test_{variant_id.replace('-', '_')}.py"
    spec = importlib.util.spec_from_file_location(f"table_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.ROUNDS


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_every_variant_has_a_table_of_at_least_eight_worked_rounds(variant_id):
    assert len(worked_rounds(variant_id)) >= 8


@pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=list(VARIANTS))
def test_every_variant_is_complete(variant):
    assert variant.name and variant.summary and variant.seed.endswith(".txt")
    assert set(variant.fields) <= set(FIELDS)
    assert {"meld_points", "hand_points", "went_out"} <= set(variant.fields)
    keys = [o.key for o in variant.all_options()]
    assert len(keys) == len(set(keys))
    for rule in variant.lines:
        assert getattr(rule, "field", "meld_points") in variant.fields
    for players in variant.players:
        assert sum(variant.arrangement(players)) == players
    assert variant.end.option in keys and variant.opening.option in keys


def test_each_built_in_variant_is_registered_under_its_stable_id():
    """The ids are the JSON contract's ``variant``: lower-case words joined by hyphens."""
    assert list(VARIANTS) == [cls.id for cls in BUILT_IN]
    for variant_id, variant in VARIANTS.items():
        assert re.fullmatch(r"[a-z]+(-[a-z]+)*", variant_id) and variant.id == variant_id


def test_unknown_variant_is_a_value_error():
    with pytest.raises(ValueError, match="'gin' is not a known variant"):
        get_variant("gin")


@pytest.mark.parametrize(
    ("variant_id", "counts", "points"),
    [("classic", {"joker": 3, "two": 2, "ace": 2, "high": 6, "low": 4, "black_three": 1}, 315),
     ("five-person", {"ace": 2, "high": 3, "low": 4, "joker": 1}, 90),
     ("hand-and-foot", {"red_three": 1, "joker": 1}, 150)],
)  # fmt: skip
def test_card_counter(variant_id, counts, points):
    assert card_points(variant_id, counts) == points


def test_card_counter_uses_house_card_values():
    assert card_points("classic", {"black_three": 2}, {"card_black_three": 10}) == 20
    with pytest.raises(ScoringError, match="ace_of_spades: not a card class of classic"):
        card_points("classic", {"ace_of_spades": 1})


def test_every_fill_in_rules_md_is_marked():
    fills = {v.id: [o.key for o in v.all_options() if o.fill] + list(v.fill_notes)
             for v in VARIANTS.values()}  # fmt: skip
    assert "card_black_three" in fills["classic"] and "red_three" in fills["classic"]
    assert "tie_plays_on" in fills["classic"] and "tie_plays_on" in fills["five-person"]
    assert {"opening", "target", "tie_plays_on"} <= set(fills["weeping"])
    assert {"rounds", "card_black_three"} <= set(fills["samba-foot"])
    assert len(fills["samba-foot"]) == 4 and len(fills["weeping"]) == 4
    assert fills["hand-and-foot"][0] == "target" and len(fills["hand-and-foot"]) == 2


def test_scoring_imports_nothing_from_the_web_or_the_database():
    for path in SCORING.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            for name in names:
                top = name.split(".")[0]
                assert top not in {
                    "flask",
                    "sqlite_utils",
                    "werkzeug",
                    "jinja2",
                    "wtforms",
                    "flask_wtf",
                    "sqlite3",
                    "click",
                }, f"{path}: {name}"
                assert not name.startswith("scorekeeper."), f"{path}: {name}"


@pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=list(VARIANTS))
def test_a_variant_calls_its_canastas_the_same_everywhere(variant):
    """The form's label of a canasta field (its ``field_words``), the score line that
    pays for it and the going-out requirement that counts it name the same thing:
    "Clean piles", "clean pile", "at least 1 clean pile"."""
    for field in ("natural_canastas", "mixed_canastas"):
        label = variant.field_label(field)
        assert label in variant.field_words.values() or label == FIELDS[field].label
        line = next(r.label for r in variant.lines if getattr(r, "field", None) == field)
        assert label.lower() == f"{line}s", (field, label, line)
        for need in (n for n in variant.out_needs if n.fields == (field,)):
            assert need.what == line, (need.option, need.what)
