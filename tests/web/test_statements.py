"""What each hot request asks of SQLite, statement by statement.

On the real server a statement costs far more than in this process (its connection's
page cache is cold after another thread's write), so the hot requests are held to
the statements they need: a kept scoreboard or round page reads its game in one
statement (the app-wide passphrase's hash, a club night's table and the phones at its
table come along), and a round save reads the game once
before the write lock and once, lightly, under it. Counts, not times: they cannot
flake, and a new query on a hot path fails here until it is meant."""

from __future__ import annotations

import re

import pytest

from scorekeeper.data import connection


@pytest.fixture
def statements(monkeypatch):
    """Every SQL statement the app's connections run from now on, as written."""
    seen: list[str] = []
    opened = connection.connect

    def traced(path):
        db = opened(path)
        db.conn.set_trace_callback(lambda sql: seen.append(" ".join(sql.split())))
        return db

    monkeypatch.setattr(connection, "connect", traced)
    return seen


def reads_of(seen: list[str], table: str) -> list[str]:
    return [s for s in seen if re.search(rf"\bFROM {table}\b", s)]


def round_fields(client, game):
    page = client.get(f"/games/{game}/rounds/new").get_data(as_text=True)
    key = re.search(r'name="key" type="hidden" value="([0-9a-f]{32})"', page).group(1)
    return {"number": "1", "key": key, "went_out": "0", "s0_natural_canastas": "1",
            "s0_meld_points": "120", "s1_meld_points": "60", "s1_hand_points": "35"}  # fmt: skip


def test_a_kept_scoreboard_reads_its_game_in_one_statement(client, make_game, statements):
    game = make_game()
    client.get(f"/games/{game}")  # rendered and kept
    statements.clear()
    assert client.get(f"/games/{game}").status_code == 200
    games_read = reads_of(statements, "games g")
    assert len(games_read) == 1 and "FROM settings" in games_read[0]
    assert not [s for s in statements if s.startswith("SELECT value FROM settings")]
    # the game, with the phones at its table (for the scorer) and whether it is a club
    # night's table, whose card may score it without the passphrase: one statement
    assert len(statements) == 1 and "FROM event_games" in statements[0]


def test_a_kept_round_page_reads_its_game_in_one_statement(client, make_game, statements):
    game = make_game()
    client.get(f"/games/{game}/rounds/new")  # rendered and kept
    statements.clear()
    assert client.get(f"/games/{game}/rounds/new").status_code == 200
    assert len(statements) == 1 and "FROM event_games" in statements[0]


def test_a_round_save_reads_the_game_once_before_the_lock_and_once_under_it(
    client, make_game, statements
):
    game = make_game()
    fields = round_fields(client, game)
    statements.clear()
    assert client.post(f"/games/{game}/rounds/new", data=fields).status_code == 302
    begin = statements.index("BEGIN IMMEDIATE")
    before, under = statements[:begin], statements[begin:]
    # the game, its round count, the passphrase, a club night's table: one statement
    assert len(before) == 1 and len(reads_of(before, "games g")) == 1
    assert not [s for s in before if "FROM rounds WHERE" in s and "g.id" not in s]
    assert not [s for s in statements if s.startswith("SELECT value FROM settings")]
    light = reads_of(under, "games g")
    assert len(light) == 1 and "json_group_array" not in light[0]  # no seats, no evening
    assert not [s for s in under if s.startswith("DELETE FROM game_sides")]
    committed = under.index("COMMIT")
    # after the answer's write only a look for ratings left to catch up (a long replay
    # runs apart, in short steps), nothing else
    assert under[committed + 1 :] in ([], ["SELECT 1 FROM rating_backlog LIMIT 1"])


def test_the_passphrase_read_with_the_game_still_guards_the_next_request(app, client, make_game):
    from scorekeeper.data.settings import set_app_passphrase_hash
    from scorekeeper.web.http.security import hash_passphrase

    game = make_game()
    fields = round_fields(client, game)
    db = connection.connect(app.config["DATABASE"])
    try:
        set_app_passphrase_hash(db, hash_passphrase("open sesame"))
    finally:
        db.close()
    assert client.post(f"/games/{game}/rounds/new", data=fields).status_code == 403
    assert client.get(f"/api/games/{game}").json["document"]["rounds"] == []
