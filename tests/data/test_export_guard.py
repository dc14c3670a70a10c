"""Found by an outside attack: ``scorekeeper export FILE --db FILE`` (and
``--csv``) wrote over the live database and exited 0. Now it refuses in one line,
exit 2, by any path, and the database stays whole."""

import os
import sqlite3

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main


@pytest.fixture
def database(tmp_path):
    db = tmp_path / "live.sqlite"
    assert CliRunner().invoke(main, ["sample", "--evenings", "2", "--db", str(db)]).exit_code == 0
    return db


def games_in(db):
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT count(*) FROM games").fetchone()[0]
    finally:
        conn.close()


@pytest.mark.parametrize("how", ["itself", "hard link", "symlink", "wal"])
@pytest.mark.parametrize("kind", [[], ["--csv"]], ids=["json", "csv"])
def test_export_never_writes_over_the_live_database(database, tmp_path, how, kind):
    before = games_in(database)
    target = {"itself": database, "hard link": tmp_path / "link.sqlite",
              "symlink": tmp_path / "sym.sqlite", "wal": f"{database}-wal"}[how]  # fmt: skip
    if how == "hard link":
        os.link(database, target)
    elif how == "symlink":
        os.symlink(database, target)
    done = CliRunner().invoke(main, ["export", str(target), "--db", str(database), *kind])
    assert done.exit_code == 2
    assert done.output.startswith("nothing exported: ") and "live database" in done.output
    assert done.output.count("\n") == 1
    assert games_in(database) == before  # still a database, every game in it


def test_an_export_to_another_file_still_works(database, tmp_path):
    done = CliRunner().invoke(main, ["export", str(tmp_path / "all.json"), "--db", str(database)])
    assert done.exit_code == 0 and (tmp_path / "all.json").read_text().startswith("{")
