"""Commands about game documents and the reference: ``score``, ``rules``, ``api``."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import IO

import click

from ..scoring import ScoringError, score_game
from .common import fail


class Unscorable(ValueError):
    """A document that cannot be scored: one line saying why."""


@click.command()
# names, opened one by one: a FILE that cannot be read is that FILE's error, not the command's
@click.argument("files", metavar="[FILE]...", nargs=-1, type=click.Path(allow_dash=True))
@click.option("--example", metavar="NAME", help="Score a shipped example game instead of FILE.")
def score(files: tuple[str, ...], example: str | None) -> None:
    """Score the game document FILE ("-" reads standard input), or several.

    FILE is a JSON game document as described in docs/api.md: the variant, the
    sides, optional players and house-rule options, and the rounds played so far.
    Prints the answer (each round's scores and breakdown, running totals, the
    next round's opening requirements, whether the game is over and who won) as
    JSON and exits 0. An invalid document prints one line naming the round, the
    side and the field to standard error and exits 2. ``--example NAME`` scores
    the example game shipped for a variant (an unknown NAME lists the names).

    Several FILEs print one JSON object per line, in the order given (JSON
    Lines): {"file": NAME, "answer": {...}} or, for an invalid or unreadable one,
    {"file": NAME, "error": "..."}; the exit status is 2 if any was.
    """
    if example is not None:
        if files:
            fail("give a FILE to score or --example NAME, not both")
        text = example_path(example).read_text(encoding="utf-8")
        click.echo(json.dumps(scored(io.StringIO(text)), indent=2, ensure_ascii=False))
        return
    if not files:
        fail("give a FILE to score (- for standard input), or --example NAME")
    if len(files) == 1:
        try:
            click.echo(json.dumps(scored_file(files[0]), indent=2, ensure_ascii=False))
        except Unscorable as error:
            fail(str(error))
        return
    invalid = False
    for name in files:
        line: dict[str, object] = {"file": name}
        try:
            line["answer"] = scored_file(name)
        except Unscorable as error:
            line["error"], invalid = str(error), True
        click.echo(json.dumps(line, ensure_ascii=False))
    if invalid:
        sys.exit(2)


def scored_file(name: str) -> dict[str, object]:
    """The answer for the game document in the file called ``name`` ("-": standard input)."""
    try:
        with click.open_file(name, encoding="utf-8") as file:
            return scored(file)
    except OSError as error:
        raise Unscorable(f"cannot read {name}: {error.strerror or error}") from None


def scored(file: IO[str]) -> dict[str, object]:
    """The answer for the game document in ``file``; Unscorable says why there is none."""
    from ..data.checks import BadJSON, read_json

    try:
        doc = read_json(file.read())
    except UnicodeDecodeError:
        raise Unscorable("not valid JSON: the file is not UTF-8 text") from None
    except BadJSON as error:  # too deep, a number past Python's 4,300 digits, bad text
        said = str(error)
        said = said if said.startswith("not valid JSON") else f"not valid JSON: {said}"
        raise Unscorable(said) from None
    try:
        answer = dict(score_game(doc))
        json.dumps(answer, ensure_ascii=False).encode("utf-8")  # "\ud800" is not text
    except ScoringError as error:
        raise Unscorable(str(error)) from None
    except UnicodeEncodeError:
        raise Unscorable(
            "not valid JSON: a string holds half a surrogate pair (like \\ud800), which is not text"
        ) from None
    return answer


def examples() -> dict[str, Path]:
    """The example game documents shipped with the package, by name."""
    from .. import asset_folder

    return {p.stem: p for p in sorted(Path(asset_folder("examples")).glob("*.json"))}


def example_path(name: str) -> Path:
    shipped = examples()
    if name not in shipped:
        fail(f"no example called {name!r}; the examples are: {', '.join(shipped)}")
    return shipped[name]


MARKDOWN = click.option(
    "--markdown", is_flag=True, default=True, help="Markdown (the only format, and the default)."
)


@click.command("rules")
@MARKDOWN
def rules_command(markdown: bool) -> None:
    """Print the rules reference of every variant, generated from the registry.

    docs/reference.md is this output: scorekeeper rules --markdown > docs/reference.md
    """
    from ..scoring.reference import rules_markdown

    click.echo(rules_markdown(), nl=False)


@click.command("api")
@MARKDOWN
def api_command(markdown: bool) -> None:
    """Print the JSON API reference, generated from the registry.

    docs/api.md is this output: scorekeeper api --markdown > docs/api.md
    """
    from ..scoring.api_reference import api_markdown

    click.echo(api_markdown(), nl=False)
