""".ci/run: the long fuzz run goes on after a failing suite, and CI fails when either
failed, pytest's "no tests ran" (exit 5) included. Run here with stand-ins for the
programs it calls (python3, pip, ruff, lint-imports, pytest), which record each call."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
STAND_IN = """#!/bin/sh
echo "$(basename "$0") $*" >> "$CALLS"
case "$(basename "$0") $*" in
  "pytest -n auto") exit "$SUITE" ;;
  "pytest -m fuzz"*) exit "$FUZZ" ;;
esac
"""


def ci(tmp_path, suite, fuzz):
    """Run a copy of .ci/run whose suite exits ``suite`` and fuzz run ``fuzz``: its
    exit status and the calls it made."""
    repo, tools = tmp_path / "repo", tmp_path / "tools"
    (repo / ".ci").mkdir(parents=True)
    shutil.copy(ROOT / ".ci" / "run", repo / ".ci" / "run")
    tools.mkdir()
    (repo / ".venv" / "bin").mkdir(parents=True)
    for name, folder in [
        ("python3", tools),
        ("chromium", tools),
        ("pdftotext", tools),
        ("pip", repo / ".venv/bin"),
        ("ruff", repo / ".venv/bin"),
        ("lint-imports", repo / ".venv/bin"),
        ("pytest", repo / ".venv/bin"),
    ]:
        (folder / name).write_text(STAND_IN)
        (folder / name).chmod(0o755)
    calls = tmp_path / "calls"
    env = {
        **os.environ,
        "PATH": f"{tools}:/usr/bin:/bin",
        "CALLS": str(calls),
        "SUITE": str(suite),
        "FUZZ": str(fuzz),
    }
    done = subprocess.run(["bash", str(repo / ".ci" / "run")], env=env, capture_output=True)
    return done.returncode, calls.read_text().splitlines()


@pytest.mark.parametrize(
    ("suite", "fuzz", "fails"),
    [(0, 0, False), (1, 0, True), (0, 1, True), (1, 1, True), (5, 0, True), (0, 5, True)],
    ids=["both pass", "suite fails", "fuzz fails", "both fail", "no tests", "no fuzz tests"],
)
def test_the_fuzz_run_follows_the_suite_and_either_failing_fails_ci(tmp_path, suite, fuzz, fails):
    status, calls = ci(tmp_path, suite, fuzz)
    assert (status != 0) == fails, calls
    pytests = [c for c in calls if c.startswith("pytest")]
    assert pytests == ["pytest -n auto", "pytest -m fuzz -q -n auto"]
