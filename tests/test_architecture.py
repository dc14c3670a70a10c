"""docs/architecture.md names every module of the package with its role, and no module
that is gone: its tree is read as the package's layout and compared with the files."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "scorekeeper"
DOC = ROOT / "docs" / "architecture.md"
ENTRY = re.compile(r"^( *)([\w.]+(?:\.py|/))(?: +\S.*)?$")
# Each migration is frozen and listed in migrations/__init__.py; the tree names the
# package and its naming scheme (mNNNN_what.py), not each of them.
FROZEN = re.compile(r"^data/migrations/m\d{4}_\w+\.py$")


def tree(text: str) -> str:
    """The first fenced block of the doc, the one that starts with ``scorekeeper/``."""
    blocks = re.findall(r"^```\n(scorekeeper/\n.*?)^```$", text, re.M | re.S)
    if not blocks:
        raise AssertionError("docs/architecture.md has no tree starting with scorekeeper/")
    return blocks[0]


def named(text: str) -> dict[str, str]:
    """Each path the tree names (relative to the package: ``web/pages/rounds.py``,
    ``data/games/``) and its role. An entry is indented two spaces a level under its
    folder; a line indented past the names continues the role above it."""
    found: dict[str, str] = {}
    folders: list[str] = []  # the open folders, outermost first
    for line in tree(text).splitlines()[1:]:
        match = ENTRY.match(line)
        if not match:
            continue
        depth, name = len(match.group(1)) // 2 - 1, match.group(2)
        if len(match.group(1)) % 2 or depth > len(folders):
            continue  # a role's continuation, indented to the role's column
        folders = folders[:depth]
        path = "".join(folders) + name
        found[path] = (line[len(match.group(1)) + len(name) :]).strip()
        if name.endswith("/"):
            folders.append(name)
    return found


def modules(package: Path) -> set[str]:
    """Every module and package folder of the package, relative to it."""
    found = set()
    for path in package.rglob("*.py"):
        relative = path.relative_to(package).as_posix()
        if "__pycache__" in relative or FROZEN.match(relative):
            continue
        found.add(relative)
        for parent in path.relative_to(package).parents:
            if parent != Path("."):
                found.add(parent.as_posix() + "/")
    return found


def test_the_doc_names_every_module_and_nothing_gone():
    listed = named(DOC.read_text(encoding="utf-8"))
    there = modules(PACKAGE)
    assert sorted(there - set(listed)) == [], "modules missing from docs/architecture.md"
    assert sorted(set(listed) - there) == [], "docs/architecture.md names modules now gone"


def test_every_module_named_has_a_role():
    listed = named(DOC.read_text(encoding="utf-8"))
    assert [path for path, role in listed.items() if not role] == []


SAMPLE = """```
scorekeeper/
  about.py           the version
  web/               Flask
    pages/           one blueprint per area
      rounds.py      the round screen, with a role long enough
                     to go on over a second line
    __init__.py      init_app
```"""


@pytest.mark.parametrize(
    "path, there",
    [
        ("about.py", True),
        ("web/", True),
        ("web/pages/", True),
        ("web/pages/rounds.py", True),
        ("web/__init__.py", True),
        ("pages/rounds.py", False),
        ("to", False),
    ],
)
def test_the_tree_is_read_by_its_indentation(path, there):
    assert (path in named(SAMPLE)) is there


def test_a_missing_module_is_found(tmp_path):
    (tmp_path / "web" / "pages").mkdir(parents=True)
    for name in [
        "about.py",
        "web/__init__.py",
        "web/pages/__init__.py",
        "web/pages/rounds.py",
        "web/pages/new.py",
        "data/migrations/m0001_initial.py",
    ]:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    missing = modules(tmp_path) - set(named(SAMPLE))
    assert missing == {"web/pages/__init__.py", "web/pages/new.py"}
