"""Who may change scores, headers on every response, names shown as text."""

import re
import stat
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper.data.connection import connect
from scorekeeper.data.games.evenings import create_evening
from scorekeeper.data.games.games import create_game, get_game, rounds_of
from scorekeeper.web.http.headers import ASSET_HEADERS, HEADERS
from scorekeeper.web.http.security import hash_passphrase

TEMPLATES = Path(__file__).parents[2] / "templates"
EVIL = '<script>alert("x")</script>'


def every_get_url(app, game, token):
    """Every GET route of the app, with real values for its arguments."""
    fill = {"<variant_id>": "classic", "<int:players>": "4", "<int:game_id>": str(game),
            "<int:number>": "1", "<token>": token, "<path:filename>": "style.css",
            "<int:evening_id>": "1", "<int:player_id>": "1", "<int:a>": "1", "<int:b>": "2",
            "<any(json, csv):kind>": "json", "<int:set_id>": "1", "<int:removal_id>": "1",
            "<code>": "de", "<int:event_id>": "1", "<int:table_no>": "1"}  # fmt: skip
    for rule in app.url_map.iter_rules():
        if "GET" in rule.methods:
            url = rule.rule
            for key, value in fill.items():
                url = url.replace(key, value)
            yield url


@pytest.fixture
def played(app, make_game, client):
    game = make_game(seats=(EVIL, "Cat", "Bea & co", "Dee"))
    client.post(f"/api/games/{game}/rounds", json={f"{EVIL} & Bea & co": {"meld_points": 50}})
    db = connect(app.config["DATABASE"])
    return game, get_game(db, game)["watch_token"]


def test_every_response_carries_the_security_headers(app, client, played):
    game, token = played
    urls = list(every_get_url(app, game, token)) + ["/no/such/page", "/api/games/999"]
    assert len(urls) > 15
    for url in urls:
        response = client.get(url)
        response.close()
        assert response.status_code < 500, url
        asset = url.startswith("/static/") and ".svg" not in url  # not a document
        for name, value in (ASSET_HEADERS if asset else HEADERS).items():
            assert response.headers.get(name) == value, (url, name)
    assert "default-src 'self'" in HEADERS["Content-Security-Policy"]
    assert "unsafe-inline" not in HEADERS["Content-Security-Policy"]
    assert client.post("/api/games", json={}).headers["X-Frame-Options"] == "DENY"


def test_no_inline_script_or_style_in_any_template():
    for path in TEMPLATES.glob("*.html"):
        text = path.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)", text), path.name
        assert " style=" not in text and " on" + "click=" not in text, path.name


def test_names_with_html_are_text_on_every_page(app, client, played):
    game, token = played
    for url in every_get_url(app, game, token):
        response = client.get(url)
        response.close()
        if response.mimetype != "text/html":
            continue
        html = response.get_data(as_text=True)
        assert EVIL not in html, url
        shows_names = url in ("/", f"/watch/{token}", "/evenings", "/evenings/1", "/players",
                              "/players/1", "/players/1/vs/2", "/evenings/1/print") or re.fullmatch(
            rf"/games/{game}(/rounds/(new|1/edit|1/delete|1/print)|/history|/unlock|/share|/print)?", url
        )  # fmt: skip
        if shows_names:
            assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in html, url


def test_default_secret_key_is_refused_outside_testing(tmp_path):
    with pytest.raises(RuntimeError, match="refusing to run with a default or short secret key"):
        create_app({"DATABASE": str(tmp_path / "a.sqlite"), "SECRET_KEY": "dev"})


def test_a_secret_key_is_made_in_the_instance_folder_on_first_run(tmp_path, monkeypatch):
    from scorekeeper import instance_secret

    key = instance_secret(tmp_path / "instance")
    path = tmp_path / "instance" / "secret_key"
    assert len(key) == 64 and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert instance_secret(tmp_path / "instance") == key


def guarded_game(app, passphrase="open sesame"):
    db = connect(app.config["DATABASE"])
    evening = create_evening(db, "2026-11-20")
    return create_game(db, evening_id=evening, variant="classic", sides=["A", "B"], players=2,
                             options={}, seats=["A", "B"], passphrase_hash=hash_passphrase(passphrase))  # fmt: skip


def test_a_guarded_game_is_read_only_without_its_passphrase(app, client):
    game = guarded_game(app)
    board = client.get(f"/games/{game}").get_data(as_text=True)
    assert "Read-only here" in board and "Enter round" not in board
    assert client.get(f"/games/{game}/rounds/new").status_code == 403
    response = client.post(f"/games/{game}/rounds/new", data={"s0_meld_points": "50"})
    assert response.status_code == 403 and "Only the scorer can do that" in response.get_data(
        as_text=True
    )
    assert (
        client.post(f"/api/games/{game}/rounds", json={"A": {"meld_points": 5}}).status_code == 401
    )
    assert client.get(f"/games/{game}/share").status_code == 403
    db = connect(app.config["DATABASE"])
    assert rounds_of(db, game) == []
    stored = get_game(db, game)["passphrase_hash"]
    assert "open sesame" not in stored and stored.startswith(("scrypt:", "pbkdf2:"))


def test_the_passphrase_unlocks_this_browser(app, client):
    game = guarded_game(app)
    wrong = client.post(f"/games/{game}/unlock", data={"passphrase": "nope"})
    assert wrong.status_code == 400 and "not the scorer passphrase" in wrong.get_data(as_text=True)
    assert (
        client.post(f"/games/{game}/unlock", data={"passphrase": "open sesame"}).status_code == 302
    )
    assert (
        client.post(f"/games/{game}/rounds/new", data={"s0_meld_points": "50"}).status_code == 302
    )
    assert app.test_client().get(f"/games/{game}/rounds/new").status_code == 403  # another phone


def test_the_api_takes_the_passphrase_in_a_header(app, client):
    game = guarded_game(app)
    ok = client.post(f"/api/games/{game}/rounds", json={"A": {"meld_points": 5}},
                     headers={"X-Scorer-Passphrase": "open sesame"})  # fmt: skip
    assert ok.status_code == 201
    bad = client.put(f"/api/games/{game}/rounds/1", json={}, headers={"X-Scorer-Passphrase": "x"})
    assert bad.status_code == 401 and "X-Scorer-Passphrase" in bad.json["error"]


def test_an_app_wide_passphrase_guards_new_games_and_every_game(app, client, make_game):
    game = make_game()
    from click.testing import CliRunner

    from scorekeeper.cli import main

    result = CliRunner().invoke(main, ["passphrase", "--db", app.config["DATABASE"]],
                                input="table talk\ntable talk\n")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert client.get("/games/new").status_code == 403
    assert (
        client.post("/api/games", json={"variant": "classic", "sides": ["A", "B"]}).status_code
        == 401
    )
    assert client.post(f"/api/games/{game}/rounds", json={}).status_code == 401
    client.post("/unlock", data={"passphrase": "table talk"})
    assert client.get("/games/new").status_code == 200
    assert client.post(f"/api/games/{game}/rounds", json={}).status_code == 201
    CliRunner().invoke(main, ["passphrase", "--db", app.config["DATABASE"], "--clear"])
    assert app.test_client().get("/games/new").status_code == 200


def test_spectator_link_is_read_only_and_knows_when_to_refresh(app, client, make_game):
    game = make_game()
    token = get_game(connect(app.config["DATABASE"]), game)["watch_token"]
    page = client.get(f"/watch/{token}").get_data(as_text=True)
    assert (
        "following live, read-only" in page
        and "Enter round" not in page
        and "Correct round" not in page
    )
    before = client.get(f"/watch/{token}/stamp").json["stamp"]
    client.post(f"/api/games/{game}/rounds", json={"Ann & Bea": {"meld_points": 5}})
    assert client.get(f"/watch/{token}/stamp").json["stamp"] != before
    assert client.get("/watch/not-a-token").status_code == 404
    share = client.get(f"/games/{game}/share").get_data(as_text=True)
    assert f"/watch/{token}" in share
    svg = client.get(f"/games/{game}/qr.svg")
    assert svg.mimetype == "image/svg+xml" and svg.get_data(as_text=True).startswith("<svg")


def test_evening_names_and_notes_are_text_on_pages_and_printouts(app, client, played):
    db = connect(app.config["DATABASE"])
    db.execute("UPDATE evenings SET name = ?, note = ?", [EVIL, "<img src=x onerror=alert(1)>"])
    for url in ("/evenings", "/evenings/1", "/evenings/1/print", "/games/1/print"):
        html = client.get(url).get_data(as_text=True)
        assert EVIL not in html and "<img src=x" not in html, url
    assert "&lt;img src=x onerror=alert(1)&gt;" in client.get("/evenings/1").get_data(as_text=True)


def test_csv_export_keeps_formulas_as_text(app, make_game, client):
    import csv
    import io

    game = make_game(seats=("=HYPERLINK(1)", "Cat", "@Bea", "Dee"))
    client.post(f"/api/games/{game}/rounds", json={"=HYPERLINK(1) & @Bea": {"hand_points": 35}})
    rows = list(
        csv.DictReader(io.StringIO(client.get(f"/games/{game}/export.csv").get_data(as_text=True)))
    )
    assert (
        rows[0]["side"] == "'=HYPERLINK(1) & @Bea" and rows[0]["players"] == "'=HYPERLINK(1), @Bea"
    )
    assert rows[0]["score"] == "-35"
