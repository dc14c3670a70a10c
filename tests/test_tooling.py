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
