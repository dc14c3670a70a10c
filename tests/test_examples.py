"""The example game documents, shipped in the package: each of a known variant, valid,
and reachable by name from ``scorekeeper score --example NAME``. A variant may have
none (a new one need not)."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.cli import examples, main
from scorekeeper.scoring import VARIANTS, score_game

EXAMPLES = Path(__file__).parent.parent / "examples"


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.stem)
def test_every_example_is_a_game_of_a_known_variant(path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["variant"] in VARIANTS
    assert len(doc["rounds"]) >= 2  # a game, not a lone round


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.stem)
def test_every_example_scores_without_error(path):
    answer = score_game(json.loads(path.read_text(encoding="utf-8")))
    assert answer["rounds"] and all(r["scores"] for r in answer["rounds"])


def test_the_examples_are_found_by_name():
    assert set(examples()) == {path.stem for path in EXAMPLES.glob("*.json")}
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
    for name in examples():
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
