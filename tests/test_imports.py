"""The package's imports form no circle, not even between two neighbours; no module is
past the 400-line mark (a module that long does more than one thing), and formatting is
never switched off to keep one under it (``# fmt: skip`` only where an allowed table's
alignment carries meaning). The layers themselves are import-linter's contracts in
pyproject.toml (``lint-imports``)."""

from pathlib import Path

import grimp

PACKAGE = Path(__file__).parent.parent / "scorekeeper"
MOST_LINES = 400
# Where ruff may leave a statement as written: path (from the package) -> why its
# alignment carries meaning. Empty: every module reads well as ruff formats it.
ALIGNED: dict[str, str] = {}
SKIP = "fmt: " + "skip"  # spelled apart so this file holds no marker of its own


def circles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Every import circle, each found once from its first module (a depth-first walk)."""
    found, state = [], {}  # module -> "open" while on the walk's path, "done" after

    def walk(module: str, path: list[str]) -> None:
        state[module] = "open"
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            if state.get(imported) == "open":
                found.append([*path[path.index(imported) :], imported])
            elif imported not in state:
                walk(imported, [*path, imported])
        state[module] = "done"

    for module in sorted(graph.modules):
        if module not in state:
            walk(module, [module])
    return found


def test_no_import_circles_anywhere_in_the_package():
    graph = grimp.build_graph("scorekeeper", cache_dir=None)
    assert circles(graph) == []


def test_a_circle_is_found(tmp_path, monkeypatch):
    """The walk finds a circle of three modules (the test above can fail)."""
    package = tmp_path / "ringed"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name, imports in {"a": "b", "b": "c", "c": "a"}.items():
        (package / f"{name}.py").write_text(f"from . import {imports}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = grimp.build_graph("ringed", cache_dir=None)
    assert circles(graph) == [["ringed.a", "ringed.b", "ringed.c", "ringed.a"]]


def test_no_module_is_past_400_lines():
    long = {
        str(path.relative_to(PACKAGE)): n
        for path in PACKAGE.rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert long == {}


def skipped(root: Path) -> dict[str, int]:
    """How many statements each module under ``root`` keeps from the formatter."""
    found = {
        str(path.relative_to(root)): path.read_text(encoding="utf-8").count(SKIP)
        for path in root.rglob("*.py")
    }
    return {path: n for path, n in found.items() if n}


def test_formatting_is_switched_off_only_for_an_aligned_table():
    assert set(skipped(PACKAGE)) <= set(ALIGNED)
    assert all(reason.strip() for reason in ALIGNED.values())


def test_a_switched_off_statement_is_found(tmp_path):
    """The scan sees a marker (the test above can fail)."""
    (tmp_path / "squeezed.py").write_text(f"x = [1,2]  # {SKIP}\n")
    (tmp_path / "plain.py").write_text("x = [1, 2]\n")
    assert skipped(tmp_path) == {"squeezed.py": 1}
