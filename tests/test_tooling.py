"""The pure scoring package is fully typed: mypy --strict, as configured in pyproject."""

from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent


def test_scoring_package_type_checks():
    api = pytest.importorskip("mypy.api")
    out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--no-incremental"])
    assert status == 0, out + err
