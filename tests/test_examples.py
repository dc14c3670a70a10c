"""The example game documents: one per variant, shipped in the package, valid and
reachable by name from ``scorekeeper score --example NAME``."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.cli import examples, main
from scorekeeper.scoring import VARIANTS, score_game

EXAMPLES = Path(__file__).parent.parent / "examples"


def test_every_variant_has_an_example_of_several_rounds():
    for variant_id in VARIANTS:
        doc = json.loads((EXAMPLES / f"{variant_id}.json").read_text(encoding="utf-8"))
        assert doc["variant"] == variant_id
        assert len(doc["rounds"]) >= 3, variant_id


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.stem)
def test_every_example_scores_without_error(path):
    answer = score_game(json.loads(path.read_text(encoding="utf-8")))
    assert answer["rounds"] and all(r["scores"] for r in answer["rounds"])


def test_the_examples_are_found_by_name():
    assert set(VARIANTS) <= set(examples())
    assert "classic-game" in examples()  # the README's example keeps working


def test_score_example_scores_the_shipped_document():
    done = CliRunner().invoke(main, ["score", "--example", "weeping"])
    assert done.exit_code == 0, done.output
    expected = score_game(json.loads((EXAMPLES / "weeping.json").read_text(encoding="utf-8")))
    assert json.loads(done.output) == expected


def test_an_unknown_example_lists_the_names():
    done = CliRunner().invoke(main, ["score", "--example", "canasta"])
    assert done.exit_code == 2
    assert "no example called 'canasta'" in done.output
    for name in VARIANTS:
        assert name in done.output


@pytest.mark.parametrize(
    "args, message",
    [([], "give a FILE to score"), (["-", "--example", "classic"], "not both")],
    ids=["neither", "both"],
)
def test_score_needs_a_file_or_an_example(args, message):
    done = CliRunner().invoke(main, ["score", *args], input="{}")
    assert done.exit_code == 2
    assert message in done.output
