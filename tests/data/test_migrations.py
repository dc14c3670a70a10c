"""The real SQLite file: created on first run, WAL, foreign keys, migrations."""

import sqlite3

from scorekeeper import create_app
from scorekeeper.data.connection import connect, migrate
from scorekeeper.data.games import get_game, scored
from scorekeeper.data.migrations import migrations
from scorekeeper.data.rounds import add_round


def test_database_is_created_on_first_run_with_wal_and_foreign_keys(tmp_path):
    path = tmp_path / "sub" / "new.sqlite"
    create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "x"})
    assert path.exists()
    db = connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert {"players", "evenings", "games", "seats", "rounds", "round_changes"} <= set(
        db.table_names()
    )
    assert [m.name for m in migrations.applied(db)] == [m.name for m in migrations._migrations]


def test_foreign_keys_are_enforced(tmp_path):
    db = migrate(tmp_path / "fk.sqlite")
    try:
        db.table("rounds").insert({"game_id": 99, "number": 1, "entries": "{}", "version": 1})
    except sqlite3.IntegrityError as error:
        assert "FOREIGN KEY" in str(error)
    else:
        raise AssertionError("a round for a missing game was stored")


def test_an_older_database_is_upgraded_in_place_keeping_its_games(tmp_path):
    path = tmp_path / "old.sqlite"
    old = connect(path)
    migrations.apply(old, stop_before="m0002_round_request_keys")
    assert "request_key" not in old.table("rounds").columns_dict
    old.execute("INSERT INTO evenings (id, date) VALUES (1, '2026-01-02')")
    old.execute(
        "INSERT INTO games (id, evening_id, variant, sides, players, options, first_dealer) "
        """VALUES (7, 1, 'classic', '["A", "B"]', 2, '{}', 0)"""
    )
    old.execute(
        "INSERT INTO rounds (game_id, number, entries, version) VALUES (7, 1, ?, 1)",
        ['{"A": {"meld_points": 50}}'],
    )
    old.close()

    create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "x"})
    db = connect(path)
    assert {"request_key"} <= set(db.table("rounds").columns_dict)
    assert {"passphrase_hash", "watch_token"} <= set(db.table("games").columns_dict)
    assert scored(db, 7)[2]["totals"] == {"A": 50, "B": 0}
    assert len(get_game(db, 7)["watch_token"]) >= 16
    assert add_round(db, 7, {"B": {"meld_points": 5}}, key="k") == 2


def test_flask_migrate_command(runner, app):
    result = runner.invoke(args=["migrate"])
    assert result.exit_code == 0 and app.config["DATABASE"] in result.output
