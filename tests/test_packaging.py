"""A regular (non-editable) install carries the top-level templates/ and static/."""

import zipfile
from pathlib import Path

from hatchling.builders.wheel import WheelBuilder

ROOT = Path(__file__).parent.parent


def test_wheel_carries_templates_static_and_examples(tmp_path):
    wheel = next(WheelBuilder(str(ROOT)).build(directory=str(tmp_path), versions=["standard"]))
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder in ("templates", "static", "examples"):
        shipped = {
            p.relative_to(ROOT).as_posix() for p in (ROOT / folder).rglob("*") if p.is_file()
        }
        for path in shipped - {f"{folder}/.gitkeep"}:
            assert f"scorekeeper/{path}" in names
    assert "scorekeeper/scoring/variants/classic.py" in names
    assert "scorekeeper/examples/classic-game.json" in names


def test_wheel_carries_the_mit_license(tmp_path):
    wheel = next(WheelBuilder(str(ROOT)).build(directory=str(tmp_path), versions=["standard"]))
    archive = zipfile.ZipFile(wheel)
    info = next(n.split("/")[0] for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
    assert archive.read(f"{info}/licenses/LICENSE") == (ROOT / "LICENSE").read_bytes()
    assert "License-Expression: MIT" in archive.read(f"{info}/METADATA").decode()
    assert b"Copyright (c) 2026 The Scorekeeper authors" in (ROOT / "LICENSE").read_bytes()
