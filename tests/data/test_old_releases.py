"""Databases made by every earlier release, upgraded by today's code: every game can
be corrected (even a round breaking a check added since), exported and imported
again, and each release's own export imports, saying which rounds it kept as played.

Each database is made by its release's own code: the release's tree is taken from
git into a temporary folder and run in a subprocess with that tree first on its path
(``make_old_database.py``), once a session. The repository has no tags: the releases
are the commits the CHANGELOG and pyproject's version name. 0.1.0 is the last commit
of 2026-11-22 (the CHANGELOG's date for it) on main, and an earlier 0.1.0 of the same
day, before the packs bounded the canastas of all sides together; 0.2.0 is the commit
that set the version to 0.2.0.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from scorekeeper.data.connection import migrate
from scorekeeper.data.games.games import rounds_of, scored
from scorekeeper.data.games.rounds import edit_round
from scorekeeper.data.transfer.transfer import export, import_data, parse, to_csv, to_json
from scorekeeper.scoring import ScoringError

HERE = Path(__file__).parent
REPOSITORY = HERE.parent.parent
RELEASES = {
    "0.1.0-early": "81f9bf98d8dcd1ed01fe41b0520df2b6a9e2e046",
    "0.1.0": "a8c546804904ccf75c982bb98819e0f32c542fbc",
    "0.2.0": "2a61bc1fb36bf2e3f41a8b829666dc92d14595bf",
}


def release_tree(commit: str, into: Path) -> Path:
    """The release's ``scorekeeper`` package, from git, under ``into``."""
    try:
        archive = subprocess.run(
            ["git", "-C", str(REPOSITORY), "archive", commit, "scorekeeper"],
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        pytest.fail(
            f"release {commit} is not in this clone's history (a full clone is needed): {error}",
            pytrace=False,
        )
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


@pytest.fixture(scope="session", params=list(RELEASES))
def made(request, tmp_path_factory):
    """The release's database and its own export, made by its own code; and the
    games in it whose rounds break checks added later, by variant."""
    folder = tmp_path_factory.mktemp(f"release-{request.param}")
    root = release_tree(RELEASES[request.param], folder / "tree")
    database, exported = folder / "old.sqlite", folder / "export.json"
    done = subprocess.run(
        [
            sys.executable,
            str(HERE / "make_old_database.py"),
            str(root),
            str(database),
            str(exported),
        ],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return database, exported, json.loads(done.stdout)


@pytest.fixture
def upgraded(made, tmp_path):
    database, _, _ = made
    copy = tmp_path / "upgraded.sqlite"
    shutil.copy(database, copy)
    db = migrate(copy)
    yield db
    db.close()


def totals(db):
    return {g: scored(db, g)[2]["totals"] for g in game_ids(db)}


def game_ids(db):
    return [r["id"] for r in db.query("SELECT id FROM games ORDER BY id")]


def test_every_variant_has_a_game_breaking_a_later_check(made, upgraded):
    _, _, breaking = made
    assert set(breaking) == {"classic", "hand-and-foot", "five-person", "weeping", "samba-foot"}
    kept = {
        r["game_id"]
        for r in upgraded.query("SELECT game_id FROM rounds WHERE grandfathered IS NOT NULL")
    }
    assert {g for games in breaking.values() for g in games} <= kept
    noted = {
        r["game_id"]
        for r in upgraded.query("SELECT game_id FROM round_changes WHERE action = 'grandfathered'")
    }
    assert noted == kept


def test_every_round_of_every_game_can_be_saved_again_as_it_is(upgraded):
    before = totals(upgraded)
    for game in game_ids(upgraded):
        for r in rounds_of(upgraded, game):
            edit_round(upgraded, game, r["number"], r["entries"], r["version"])
    assert totals(upgraded) == before
    kept = upgraded.execute("SELECT count(*) FROM rounds WHERE grandfathered IS NOT NULL")
    assert kept.fetchone()[0] > 0  # saved as they were, they are still kept so


def test_a_kept_round_corrected_to_fit_is_held_to_the_check_from_then_on(upgraded):
    found = next(
        upgraded.query(
            "SELECT game_id, number, entries, version FROM rounds "
            "WHERE grandfathered = '[\"card_points\"]' ORDER BY game_id, number"
        )
    )
    game, number, slip = found["game_id"], found["number"], json.loads(found["entries"])
    fitted = {
        side: {k: (0 if k.endswith("_points") else v) for k, v in fields.items()}
        for side, fields in slip.items()
    }
    edit_round(upgraded, game, number, fitted, found["version"])
    stored = next(r for r in rounds_of(upgraded, game) if r["number"] == number)
    assert stored["grandfathered"] == []
    with pytest.raises(ScoringError, match="card points|points of all the cards"):
        edit_round(upgraded, game, number, slip, stored["version"])


def test_the_upgraded_database_exports_and_imports_again(upgraded, tmp_path):
    data = export(upgraded)
    assert to_csv(upgraded, data).count("\n") > len(game_ids(upgraded))
    fresh = migrate(tmp_path / "fresh.sqlite")
    kept = []
    counts = import_data(fresh, parse(to_json(data)), kept=kept)
    assert counts["games added"] == len(game_ids(upgraded))
    assert sorted(totals(fresh).values(), key=str) == sorted(totals(upgraded).values(), key=str)
    stored = fresh.execute("SELECT count(*) FROM rounds WHERE grandfathered IS NOT NULL")
    assert len(kept) >= stored.fetchone()[0] > 0


def test_the_releases_own_export_imports_saying_which_rounds_it_kept(made, upgraded, tmp_path):
    _, exported, _ = made
    fresh = migrate(tmp_path / "fresh.sqlite")
    kept = []
    counts = import_data(fresh, parse(exported.read_text()), kept=kept)
    assert counts["games added"] == len(game_ids(upgraded))
    assert any("points of all the cards in play" in str(k.problem) for k in kept)
    assert {(k.date, k.number) for k in kept} >= {("2026-11-20", 1)}
    assert sorted(totals(fresh).values(), key=str) == sorted(totals(upgraded).values(), key=str)
