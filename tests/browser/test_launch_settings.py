"""How the browser tests read their settings: SCOREKEEPER_CHROMIUM and CI."""

from pathlib import Path

import pytest

CONFTEST = Path(__file__).parents[1] / "conftest.py"


@pytest.fixture
def conftest(pytestconfig):
    return pytestconfig.pluginmanager.get_plugin(str(CONFTEST))


@pytest.mark.parametrize(
    ("value", "expected"),
    [(None, False), ("", False), ("false", False), ("FALSE", False), ("0", False),
     ("no", False), (" no ", False), ("true", True), ("True", True), ("1", True),
     ("yes", True), ("on", True)],
)  # fmt: skip
def test_ci_is_read_as_a_boolean(conftest, value, expected):
    environ = {} if value is None else {"CI": value}
    assert conftest.env_flag("CI", environ) is expected


def test_an_unusual_ci_value_counts_as_ci(conftest):
    assert conftest.env_flag("CI", {"CI": "github-actions"}) is True


def test_chromium_path_comes_from_the_environment(monkeypatch):
    import importlib.util

    monkeypatch.setenv("SCOREKEEPER_CHROMIUM", "/opt/chromium/chrome")
    spec = importlib.util.spec_from_file_location("conftest_reloaded", CONFTEST)
    fresh = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fresh)
    assert fresh.CHROMIUM == "/opt/chromium/chrome"


@pytest.mark.parametrize(
    ("environ", "outcome"),
    [({"CI": "true"}, pytest.fail.Exception), ({"CI": "github-actions"}, pytest.fail.Exception),
     ({"CI": "false"}, pytest.skip.Exception), ({}, pytest.skip.Exception)],
)  # fmt: skip
def test_a_missing_chromium_or_poppler_fails_in_ci_and_skips_elsewhere(conftest, environ, outcome):
    """What the browser and poppler fixtures do without their program."""
    with pytest.raises(outcome, match="no-such-pdftotext"):
        conftest.needs("no-such-pdftotext", "apt-get install poppler-utils", environ)


def test_a_program_that_is_there_is_neither(conftest):
    conftest.needs("sh", "always there", {"CI": "true"})
