"""Everything a user or contributor reads lives in the repository: no text names the
spec folder beside it (a clone does not have it), and every relative link in the
Markdown files names a file that is there."""

import re
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main

ROOT = Path(__file__).parent.parent
# "[d]" is the letter d: written so, this line does not cite the folder it looks for.
OUTSIDE = re.compile(r"RULES\.md|\bshare[d]/|\.\./share[d]|/work/")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def tracked() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return [ROOT / name for name in listed if name.endswith((".md", ".py", ".html", ".js",
                                                           ".toml", ".css", ".txt"))]  # fmt: skip


def outside(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if OUTSIDE.search(line)]


def test_no_file_names_a_place_outside_the_repository():
    found = {}
    for path in tracked():
        if path.name == Path(__file__).name:
            continue  # this file names them to look for them
        lines = outside(path.read_text(encoding="utf-8"))
        if lines:
            found[str(path.relative_to(ROOT))] = lines
    assert found == {}


def help_texts():
    yield "", CliRunner().invoke(main, ["--help"]).output
    for name in main.commands:
        yield name, CliRunner().invoke(main, [name, "--help"]).output


@pytest.mark.parametrize(("command", "text"), list(help_texts()))
def test_no_help_text_names_a_place_outside_the_repository(command, text):
    assert "Usage:" in text and outside(text) == []


def test_every_relative_link_in_the_docs_names_a_file_in_the_repository():
    broken = []
    for path in tracked():
        if path.suffix != ".md":
            continue
        for target in LINK.findall(path.read_text(encoding="utf-8")):
            if "://" in target or target.startswith("mailto:"):
                continue
            resolved = (path.parent / target).resolve()
            if not resolved.is_relative_to(ROOT) or not resolved.exists():
                broken.append(f"{path.relative_to(ROOT)} -> {target}")
    assert broken == []


def test_the_check_finds_an_outside_reference():
    assert outside("see RULES.md in ../" + "shared" + "/ for the contract") != []
    assert outside("see docs/rules.md for the contract") == []


PARENT = re.compile(r"(?<!\.)\.\./")  # "../", but not the ellipsis in "POST .../rounds"


def reader_texts():
    """What a user or contributor reads: the README, the changelog, docs/, the
    templates and every --help."""
    for path in [ROOT / "README.md", ROOT / "CHANGELOG.md", *sorted((ROOT / "docs").glob("*.md")),
                 *sorted((ROOT / "templates").glob("*.html"))]:  # fmt: skip
        yield str(path.relative_to(ROOT)), path.read_text(encoding="utf-8")
    for command, text in help_texts():
        yield f"scorekeeper {command} --help", text


def parent_paths(text: str) -> list[str]:
    """Lines naming a path through ``../`` outside a Markdown link (a link's target
    is checked to stay in the repository above)."""
    return [line.strip() for line in text.splitlines() if PARENT.search(LINK.sub("]()", line))]


def test_no_reader_text_points_above_the_repository():
    found = {name: lines for name, text in reader_texts() if (lines := parent_paths(text))}
    assert found == {}


def test_the_parent_path_check_finds_one():
    assert parent_paths("the spec is in ../spec/contract.md") != []
    assert parent_paths("see [the README](../README.md) and POST .../rounds") == []
