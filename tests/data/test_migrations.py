"""The real SQLite file: created on first run, WAL, foreign keys, migrations."""

import sqlite3
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper.data import migrations as migrations_module, sample
from scorekeeper.data.connection import connect, migrate
from scorekeeper.data.games.games import get_game, scored
from scorekeeper.data.games.rounds import add_round
from scorekeeper.data.migrations import NAMES, migrations


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


# -- upgrading a database made by each earlier migration --------------------------

TABLES = ("players", "evenings", "games", "seats", "rounds", "round_changes", "side_rounds",
          "game_sides", "player_stats", "player_months", "removals", "rule_sets", "table_phones", "table_drafts", "table_events",
          "rated_games", "rating_changes", "player_ratings", "rating_pairs")  # fmt: skip
KEPT = {
    "games": "SELECT id, round_count, finished, winners, totals FROM games ORDER BY id",
    "rounds": "SELECT game_id, number, entries, version FROM rounds ORDER BY game_id, number",
    "side_rounds": "SELECT * FROM side_rounds ORDER BY game_id, number, side_index",
    "game_sides": "SELECT * FROM game_sides ORDER BY game_id, side_index",
    "player_stats": "SELECT * FROM player_stats WHERE played > 0 ORDER BY player_id, variant",
    "player_months": "SELECT * FROM player_months WHERE games > 0 ORDER BY player_id, month",
    # finished_at is the game's last change before m0014: the upgrade's time before m0004
    "rated_games": "SELECT game_id, date, variant, sides, teams, totals FROM rated_games "
    "ORDER BY date, finished_at, game_id",
    "rating_changes": "SELECT * FROM rating_changes ORDER BY game_id, player_id, scope",
    "player_ratings": "SELECT * FROM player_ratings ORDER BY player_id, scope",
    "rating_pairs": "SELECT * FROM rating_pairs ORDER BY game_id, player_id, other_id",
}


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """A database at the newest schema, filled with generated evenings by today's code."""
    path = tmp_path_factory.mktemp("reference") / "new.sqlite"
    db = migrate(path)
    sample.fill(db, 6, seed=7)
    yield db
    db.close()


def copy_into(old, new):
    """Copy the reference's rows into an older schema: only the tables and columns
    that schema has, as a database of that version would have held them."""
    for name in TABLES:
        if name not in old.table_names():
            continue
        columns = [c for c in old.table(name).columns_dict if c in new.table(name).columns_dict]
        rows = new.query(f"SELECT {', '.join(columns)} FROM {name}")
        # replace: a row the older schema's own migrations wrote (m0016's rule set)
        # is the reference's too
        old.table(name).insert_all(rows, replace=True)


@pytest.mark.parametrize("stop_before", NAMES[1:])
def test_a_database_made_by_each_earlier_migration_upgrades_with_its_data(
    tmp_path, reference, stop_before
):
    path = tmp_path / "old.sqlite"
    old = connect(path)
    migrations.apply(old, stop_before=stop_before)
    copy_into(old, reference)
    old.close()

    upgraded = migrate(path)
    assert [m.name for m in migrations.applied(upgraded)] == NAMES
    assert list(reference.query("SELECT count(*) AS n FROM rating_changes"))[0]["n"] > 0
    for name, sql in KEPT.items():
        assert list(upgraded.query(sql)) == list(reference.query(sql)), name
    games = list(upgraded.query("SELECT uid, watch_token, start FROM games"))
    assert games and all(g["uid"] and len(g["watch_token"]) >= 16 for g in games)
    assert upgraded.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert upgraded.execute("PRAGMA foreign_key_check").fetchall() == []
    upgraded.close()


def test_no_migration_imports_the_live_query_modules():
    folder = Path(migrations_module.__file__).parent
    for module in folder.glob("m*.py"):
        source = module.read_text()
        for live in ("games", "rounds", "results", "tallies", "evenings", "players", "transfer"):
            assert f"from ..{live}" not in source and f"from .. import {live}" not in source, module


def test_five_player_classic_games_stored_before_the_deal_in_turn_keep_their_deal(tmp_path):
    """m0017: a five-player classic game stored before ``deal_in_turn`` keeps the
    sitter dealing (or its own ``sitter_deals: false``), its scores unchanged; other
    games and a game whose rules already say are left alone."""
    path = tmp_path / "old.sqlite"
    old = connect(path)
    migrations.apply(old, stop_before="m0017_five_player_deal")
    old.execute("INSERT INTO evenings (id, date) VALUES (1, '2026-01-02')")
    five = '["A & C & E", "B & D"]'
    for game_id, variant, sides, players, options in [
        (1, "classic", five, 5, "{}"),
        (2, "classic", five, 5, '{"sitter_deals": false}'),
        (3, "classic", five, 5, '{"deal_in_turn": true}'),
        (4, "classic", '["A & C", "B & D"]', 4, "{}"),
    ]:
        old.execute(
            "INSERT INTO games (id, evening_id, variant, sides, players, options, first_dealer) "
            "VALUES (?, 1, ?, ?, ?, ?, 0)",
            [game_id, variant, sides, players, options],
        )
    entries = '{"A & C & E": {"meld_points": 50, "dealer_bonus": true}}'
    old.execute(
        "INSERT INTO rounds (game_id, number, entries, version) VALUES (1, 1, ?, 1)", [entries]
    )
    old.close()

    db = migrate(path)
    options = {g: get_game(db, g)["options"] for g in (1, 2, 3, 4)}
    assert options == {
        1: {"deal_in_turn": False},
        2: {"sitter_deals": False, "deal_in_turn": False},
        3: {"deal_in_turn": True},
        4: {},
    }
    assert scored(db, 1)[2]["totals"] == {"A & C & E": 150, "B & D": 0}
