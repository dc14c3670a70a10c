"""``/healthz`` for a supervisor, and the ``--https`` certificate download."""

from pathlib import Path

IDLE = {
    "core_share": 0.0,
    "sending_polls_away": False,
    "polls_sent_away": 0,
    "held_polls": 0,
    "held_polls_at_most": 0,
}


def test_healthz_is_ok_without_a_session_cookie(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "database": "ok", "load": IDLE}
    assert "Set-Cookie" not in response.headers
    assert response.headers["Cache-Control"] == "no-store"


def test_pages_still_keep_a_session(tmp_path):
    from scorekeeper import create_app

    app = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "s.sqlite"), "SECRET_KEY": "s" * 20}
    )
    assert "Set-Cookie" in app.test_client().get("/games/new/classic/4").headers  # its CSRF token


def test_healthz_is_503_when_the_database_is_damaged(app, client):
    Path(app.config["DATABASE"]).write_bytes(b"this is not a database" * 400)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.get_json() == {
        "status": "error",
        "database": "file is not a database",
        "load": IDLE,
    }


def test_healthz_is_503_and_creates_nothing_when_the_database_is_gone(app, client):
    path = Path(app.config["DATABASE"])
    for leftover in path.parent.glob(path.name + "*"):
        leftover.unlink()
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.get_json()["status"] == "error"
    assert not path.exists()


def test_certificate_is_only_there_when_serving_https(app, client, tmp_path):
    assert client.get("/certificate.pem").status_code == 404
    pem = tmp_path / "https-certificate.pem"
    pem.write_text("-----BEGIN CERTIFICATE-----\n...\n-----END CERTIFICATE-----\n")
    app.config["HTTPS_CERTIFICATE"] = str(pem)
    with client.get("/certificate.pem") as response:
        assert response.status_code == 200
        assert response.mimetype == "application/x-x509-ca-cert"
        assert response.data == pem.read_bytes()


def test_healthz_says_a_full_disk_means_nothing_can_be_saved(client, monkeypatch):
    """Found by an outside attack: /healthz said ok while nothing could be saved."""
    import shutil
    from collections import namedtuple

    from scorekeeper.data import connection

    usage, real = namedtuple("usage", "total used free"), shutil.disk_usage
    monkeypatch.setattr(connection.shutil, "disk_usage", lambda path: usage(10**9, 10**9, 4096))
    response = client.get("/healthz")
    assert response.status_code == 503
    assert "the disk is full" in response.get_json()["database"]
    monkeypatch.setattr(connection.shutil, "disk_usage", real)
    assert client.get("/healthz").status_code == 200


def test_healthz_begins_a_write_as_a_save_would(app, client):
    """A database whose write lock cannot be had (here: held elsewhere past the wait)
    cannot take a save, and /healthz says so."""
    import sqlite3

    from scorekeeper.data import connection

    holder = sqlite3.connect(app.config["DATABASE"], isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        problem = connection.health(app.config["DATABASE"])
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert problem == "database is locked"


def test_a_read_only_database_still_shows_the_scorers_scoreboard(app, client, make_game):
    """Finding 11 too: on a read-only database even the scoreboard was a 500, because
    showing it made the table's join code."""
    import sqlite3

    from scorekeeper.data.table import table

    game = make_game()
    conn = sqlite3.connect(app.config["DATABASE"])
    conn.execute("PRAGMA query_only = ON")  # writes refused, as on a read-only file
    try:
        from sqlite_utils import Database

        assert table.join_code_if_writable(Database(conn), game) is None
    finally:
        conn.close()


def test_healthz_reads_only_and_its_write_check_is_asked_for_and_rate_limited(
    app, client, monkeypatch
):
    """Every call had taken the write lock a save waits for; now only ``?write=1``
    does, and at most once in WRITE_CHECK_EVERY seconds (its answer given meanwhile)."""
    from scorekeeper.data import connection
    from scorekeeper.web.pages import health

    tried = []
    monkeypatch.setattr(connection, "can_write", lambda path: tried.append(path))
    monkeypatch.setattr(health, "_write_check", {})
    for _ in range(5):
        assert client.get("/healthz").get_json()["status"] == "ok"
    assert tried == []
    for _ in range(5):
        assert client.get("/healthz?write=1").get_json()["status"] == "ok"
    assert len(tried) == 1
    monkeypatch.setattr(health, "WRITE_CHECK_EVERY", 0.0)
    client.get("/healthz?write=1")
    assert len(tried) == 2
