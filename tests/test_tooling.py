"""The whole package is typed: mypy --strict, as configured in pyproject.toml.
(The import contracts and ``ruff format --check`` run in the README's test command.)"""

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
