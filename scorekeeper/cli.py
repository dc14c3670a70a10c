"""The ``scorekeeper`` command."""

from __future__ import annotations

import json
import sys

import click

from .scoring import ScoringError, score_game


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Scorekeeper: score keeping for Canasta-family card games."""


@main.command()
@click.argument("file", type=click.File("r", encoding="utf-8"))
def score(file: click.utils.LazyFile) -> None:
    """Score the game document FILE ("-" reads standard input).

    FILE is a JSON game document as described in RULES.md: the variant, the
    sides, optional players and house-rule options, and the rounds played so far.
    Prints the answer (each round's scores and breakdown, running totals, the
    next round's opening requirements, whether the game is over and who won) as
    JSON and exits 0. An invalid document prints one line naming the round, the
    side and the field to standard error and exits 2.
    """
    try:
        doc = json.load(file)
    except json.JSONDecodeError as error:
        fail(f"not valid JSON: {error}")
    except UnicodeDecodeError:
        fail("not valid JSON: the file is not UTF-8 text")
    try:
        answer = score_game(doc)
    except ScoringError as error:
        fail(str(error))
    click.echo(json.dumps(answer, indent=2, ensure_ascii=False))


def fail(message: str) -> None:
    click.echo(message, err=True)
    sys.exit(2)
