"""docs/reference.md and docs/api.md are generated from the variant registry, and the
committed files are what the commands print today."""

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.scoring import FIELDS, VARIANTS, score_game
from scorekeeper.scoring.api_reference import (
    ANSWER_EXAMPLE,
    ANSWER_MEANING,
    TOP_LEVEL_MEANING,
    api_markdown,
)
from scorekeeper.scoring.document import TOP_LEVEL
from scorekeeper.scoring.engine import Answer
from scorekeeper.scoring.reference import line_row, rules_markdown, variant_section
from scorekeeper.scoring.rules import Each, Option

DOCS = Path(__file__).parent.parent / "docs"


@pytest.mark.parametrize(
    "name, render, command",
    [("reference.md", rules_markdown, "scorekeeper rules --markdown > docs/reference.md"),
     ("api.md", api_markdown, "scorekeeper api --markdown > docs/api.md")],
)  # fmt: skip
def test_the_committed_docs_are_up_to_date(name, render, command):
    committed = (DOCS / name).read_text(encoding="utf-8")
    assert committed == render(), f"docs/{name} is out of date: run `{command}`"


@pytest.mark.parametrize("command, render", [("rules", rules_markdown), ("api", api_markdown)])
def test_the_commands_print_the_docs(command, render):
    done = CliRunner().invoke(main, [command, "--markdown"])
    assert done.exit_code == 0, done.output
    assert done.output == render()


def test_the_rules_name_every_variant_option_line_and_fill():
    text = rules_markdown()
    for variant in VARIANTS.values():
        section = "\n".join(variant_section(variant))
        assert variant.name in section
        for option in variant.all_options():
            assert (
                f"| `{option.key}` | {option.label} | `{json.dumps(option.default)}` |" in section
            )
            if option.fill:
                assert f"**FILL**: {option.fill}" in section
        for rule in variant.lines:
            assert f"| {rule.label} |" in section
        for note in (*variant.notes, *variant.fill_notes):
            assert note in section
        assert variant.going_out in section
    for field in FIELDS:
        assert f"`{field}`" in text


def test_the_score_table_reads_the_numbers_from_the_options():
    rows = {r[0]: r for r in (line_row(rule, {o.key: o for o in VARIANTS["weeping"].all_options()})
                              for rule in VARIANTS["weeping"].lines)}  # fmt: skip
    assert rows["canasta of sevens"][2] == "+1000 each"
    assert rows["black three in hand"][2] == "−100 each"
    assert rows["red three"][2].startswith("+100 each; a side with 6 or more: 1200")
    assert rows["cards in hand"][2] == "− the points entered"


def test_a_new_house_option_is_documented_without_editing_the_renderer():
    base = type(VARIANTS["weeping"])

    class WithNewOption(base):
        options = (*base.options, Option("out_canastas", "canastas needed to go out", 2,
                                         kind="points", fill="a reason"))  # fmt: skip
        lines = (*base.lines, Each("kitties", "out_canastas", "new line", sign=-1))

    section = "\n".join(variant_section(WithNewOption()))
    assert (
        "| `out_canastas` | canastas needed to go out | `2` | points | **FILL**: a reason |"
        in section
    )
    assert "| new line | `kitties` | −2 each | `out_canastas` (`2`) |" in section


def test_the_api_reference_describes_every_key_and_answer_field():
    assert set(TOP_LEVEL_MEANING) == set(TOP_LEVEL)
    assert list(ANSWER_MEANING) == list(Answer.__annotations__)
    text = api_markdown()
    for variant in VARIANTS.values():
        for option in variant.all_options():
            assert f"| `{option.key}` | {option.kind} |" in text


def test_the_api_reference_example_answer_is_the_engine_s():
    doc = {"variant": "classic", "sides": ["Us", "Them"], "rounds": [
        {"Us": {"natural_canastas": 1, "red_threes": 1, "went_out": True, "meld_points": 230},
         "Them": {"mixed_canastas": 1, "meld_points": 185, "hand_points": 65}}]}  # fmt: skip
    assert json.loads(ANSWER_EXAMPLE) == score_game(doc)


def test_the_curl_examples_send_valid_rounds():
    bodies = re.findall(r"-d '(\{.*?\})'", api_markdown())
    assert len(bodies) == 3
    game = json.loads(bodies[0])
    for body in bodies[1:]:
        score_game({**game, "rounds": [json.loads(body)]})
