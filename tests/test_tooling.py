"""The whole package is typed: mypy --strict, as configured in pyproject.toml.
(The import contracts and ``ruff format --check`` run in the README's test command.)"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent


def test_the_package_type_checks_strictly():
    api = pytest.importorskip("mypy.api")
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--no-incremental"])
    assert status == 0, out + err


def test_the_doctests_of_the_package_are_collected(pytestconfig):
    assert "scorekeeper" in pytestconfig.getini("testpaths")
    assert "--doctest-modules" in pytestconfig.getini("addopts")


def test_no_test_waits_for_chromium_to_close_a_page():
    """Playwright's ``page.close()`` waits for Chromium to say the page closed, which
    it never does for a close that met a navigation being committed: one such close
    held a whole CI run. Tests close a page with ``close_page`` (tests/conftest.py),
    or close its context."""
    waiting = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        pages = set(re.findall(r"(\w+) = [\w.\[\]-]+\.new_page\(", text)) | {"page"}
        for n, line in enumerate(text.splitlines(), 1):
            closed = re.match(r"\s*(\w+)\.close\(\)\s*(#.*)?$", line)
            if closed and closed[1] in pages:
                waiting.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not waiting, "\n".join(waiting)


def test_auto_runs_two_test_processes_a_core_for_the_suite_and_one_for_the_fuzz_run(
    monkeypatch,
):
    from types import SimpleNamespace

    from tests.conftest import pytest_xdist_auto_num_workers as auto

    monkeypatch.delenv("PYTEST_XDIST_AUTO_NUM_WORKERS", raising=False)
    monkeypatch.setattr("os.sched_getaffinity", lambda pid: {0, 1, 2}, raising=False)
    monkeypatch.setattr("tests.conftest.free_gigabytes", lambda: 64)
    asked = SimpleNamespace(option=SimpleNamespace(markexpr="not fuzz"))
    assert auto(asked) == 6
    monkeypatch.setattr("tests.conftest.free_gigabytes", lambda: 4)
    assert auto(asked) == 4  # a gigabyte each
    monkeypatch.setattr("tests.conftest.free_gigabytes", lambda: 1)
    assert auto(asked) == 3  # never fewer than one a core
    asked.option.markexpr = "fuzz"
    assert auto(asked) == 3
    monkeypatch.setenv("PYTEST_XDIST_AUTO_NUM_WORKERS", "5")
    assert auto(asked) is None  # pytest-xdist's own hook reads the variable
