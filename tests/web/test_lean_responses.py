"""Answers that carry no more than they must. The spectator poll is
a conditional request on one stored stamp; the session cookie is sent only when
the session changes (never by the poll or the API)."""

from __future__ import annotations

from scorekeeper.data.connection import connect
from scorekeeper.data.games.games import get_game

ROUND = {"Ann & Bea": {"meld_points": 50}, "Cat & Dee": {"meld_points": 90}}


def token_of(app, game: int) -> str:
    db = connect(app.config["DATABASE"])
    try:
        return str(get_game(db, game)["watch_token"])
    finally:
        db.close()


def test_the_spectator_poll_answers_304_until_the_game_changes(app, client, make_game):
    game = make_game()
    token = token_of(app, game)
    first = client.get(f"/watch/{token}/stamp")
    assert first.status_code == 200 and first.headers["ETag"]
    assert "no-cache" in first.headers["Cache-Control"]
    again = client.get(f"/watch/{token}/stamp", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.get_data() == b""
    client.post(f"/api/games/{game}/rounds", json=ROUND)
    moved = client.get(f"/watch/{token}/stamp", headers={"If-None-Match": first.headers["ETag"]})
    assert moved.status_code == 200 and moved.json["stamp"] > first.json["stamp"]
    page = client.get(f"/watch/{token}").get_data(as_text=True)
    assert f'data-stamp="{moved.json["stamp"]}"' in page


def test_poll_and_api_send_no_cookie_and_pages_send_it_once(app, client, make_game):
    app.config["WTF_CSRF_ENABLED"] = True  # as served: pages store a CSRF token
    game = make_game()
    token = token_of(app, game)
    assert "Set-Cookie" not in client.get(f"/watch/{token}/stamp").headers
    api = client.post(f"/api/games/{game}/rounds", json=ROUND)
    assert api.status_code == 201 and "Set-Cookie" not in api.headers
    assert "Set-Cookie" not in client.get(f"/api/games/{game}").headers
    # the round page makes a CSRF token: stored once, in a session that lasts
    first = client.get(f"/games/{game}/rounds/new")
    cookie = first.headers.get("Set-Cookie", "")
    assert cookie.startswith("session=") and "Expires=" in cookie
    again = client.get(f"/games/{game}/rounds/new")
    assert again.status_code == 200 and "Set-Cookie" not in again.headers
    assert "Set-Cookie" not in client.get(f"/games/{game}").headers


def test_a_kept_scoreboard_follows_every_change(app, client, make_game):
    """Scoreboards are kept rendered under everything they show: a new
    round, a renamed evening or another browser's rights make another page."""
    from scorekeeper.data.games.evenings import update_evening

    game = make_game()
    assert "Round 1" in client.get(f"/games/{game}").get_data(as_text=True)
    client.post(f"/api/games/{game}/rounds", json=ROUND)
    page = client.get(f"/games/{game}").get_data(as_text=True)
    assert "Round 2" in page and ">50<" in page and ">90<" in page
    db = connect(app.config["DATABASE"])
    try:
        evening = get_game(db, game)["evening_id"]
        update_evening(db, evening, "Club night", "")
        db.conn.commit()
    finally:
        db.close()
    assert "Club night" in client.get(f"/games/{game}").get_data(as_text=True)
    token = token_of(app, game)
    watch = client.get(f"/watch/{token}").get_data(as_text=True)
    client.post(f"/api/games/{game}/rounds", json=ROUND)
    again = client.get(f"/watch/{token}").get_data(as_text=True)
    assert watch != again and "Round 3" in again


def test_kept_pages_differ_for_a_browser_that_may_score(app, make_game):
    from scorekeeper.data.settings import set_app_passphrase_hash
    from scorekeeper.web.http.security import hash_passphrase

    game = make_game()
    db = connect(app.config["DATABASE"])
    try:
        set_app_passphrase_hash(db, hash_passphrase("open sesame"))
    finally:
        db.close()
    scorer, spectator = app.test_client(), app.test_client()
    scorer.post("/unlock", data={"passphrase": "open sesame"})
    assert "Enter round" in scorer.get(f"/games/{game}").get_data(as_text=True)
    assert "Enter round" not in spectator.get(f"/games/{game}").get_data(as_text=True)
    assert "Enter round" in scorer.get(f"/games/{game}").get_data(as_text=True)


def test_a_scoreboard_reloaded_unchanged_is_a_304(app, client, make_game):
    game = make_game()
    first = client.get(f"/games/{game}")
    etag = first.headers["ETag"]
    assert first.status_code == 200 and etag.startswith('W/"')
    again = client.get(f"/games/{game}", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.get_data() == b""
    client.post(f"/api/games/{game}/rounds", json=ROUND)
    moved = client.get(f"/games/{game}", headers={"If-None-Match": etag})
    assert moved.status_code == 200 and moved.headers["ETag"] != etag


def test_pages_are_compressed_and_static_files_versioned_and_kept(app, client, make_game):
    import re

    game = make_game()
    page = client.get(f"/games/{game}", headers={"Accept-Encoding": "gzip"})
    assert page.headers["Content-Encoding"] == "gzip"
    import gzip

    html = gzip.decompress(page.get_data()).decode()
    links = re.findall(r'(?:href|src)="(/static/[^"]+)"', html)
    assert links and all("?v=" in link for link in links)
    for link in links:
        asset = client.get(link, headers={"Accept-Encoding": "gzip"})
        assert asset.status_code == 200
        assert asset.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        if link.split("?")[0].endswith((".css", ".js")):  # all but the smallest are zipped
            zipped = asset.headers.get("Content-Encoding") == "gzip"
            assert zipped or len(asset.get_data()) < app.config["COMPRESS_MIN_SIZE"]
        asset.close()
    stale = client.get(links[0].split("?")[0] + "?v=old")
    assert stale.headers["Cache-Control"] == "no-cache"
    stale.close()


def test_a_kept_round_page_gets_this_browsers_token_and_a_new_key(app, make_game):
    import re

    app.config["WTF_CSRF_ENABLED"] = True
    game = make_game()
    ann, bea = app.test_client(), app.test_client()

    def blanks(client):
        html = client.get(f"/games/{game}/rounds/new").get_data(as_text=True)
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)
        key = re.search(r'name="key" type="hidden" value="([0-9a-f]{32})"', html).group(1)
        return token, key

    (token_a, key_a), (token_b, key_b) = blanks(ann), blanks(bea)
    token_a2, key_a2 = blanks(ann)
    assert token_a != token_b and len({key_a, key_b, key_a2}) == 3
    saved = bea.post(
        f"/games/{game}/rounds/new",
        data={"csrf_token": token_b, "key": key_b, "number": "1", "s0_meld_points": "50"},
    )
    assert saved.status_code in (302, 303)
    refused = ann.post(
        f"/games/{game}/rounds/new",
        data={"csrf_token": token_b, "key": key_a, "number": "2", "s0_meld_points": "50"},
    )
    assert refused.status_code == 400  # another browser's token is not this one's
    assert "Round 2" in ann.get(f"/games/{game}/rounds/new").get_data(as_text=True)


def test_the_scorers_kept_scoreboard_gets_this_browsers_token(app, make_game, monkeypatch):
    """The scorer's scoreboard has the table-settings form (a CSRF token): it is
    rendered once and kept, and each browser gets it with its own token."""
    import re

    from scorekeeper.web.pages import games

    app.config["WTF_CSRF_ENABLED"] = True
    game = make_game()
    renders = []
    real = games.scoreboard_page
    monkeypatch.setattr(games, "scoreboard_page", lambda *a: renders.append(a) or real(*a))
    ann, bea = app.test_client(), app.test_client()

    def token(client):
        html = client.get(f"/games/{game}").get_data(as_text=True)
        assert "Save table settings" in html
        return re.findall(r'name="csrf_token" type="hidden" value="([^"]+)"', html)

    tokens_a, tokens_b, tokens_a2 = token(ann), token(bea), token(ann)
    assert len(renders) == 1  # kept once, then filled in
    assert tokens_a and set(tokens_a).isdisjoint(tokens_b)
    posted = bea.post(f"/games/{game}/table", data={"csrf_token": tokens_b[0],
                                                    "confirm_rounds": "y"})  # fmt: skip
    assert posted.status_code in (302, 303)
    assert ann.post(f"/games/{game}/table", data={"csrf_token": tokens_b[0]}).status_code == 400
    assert tokens_a2


def test_a_kept_scoreboard_shows_when_a_phone_was_last_seen(app, client, make_game):
    from scorekeeper.data.table import table as phones

    game = make_game()
    db = connect(app.config["DATABASE"])
    try:
        phones.join(db, game, "Ann", 0)
        db.conn.commit()
        before = client.get(f"/games/{game}").get_data(as_text=True)
        db.execute("UPDATE table_phones SET last_seen = '2026-11-21T20:00:00+00:00'")
        db.conn.commit()
    finally:
        db.close()
    after = client.get(f"/games/{game}").get_data(as_text=True)
    assert before != after and "2026-11-21T20:00:00" in after


def test_a_session_cookie_is_never_trusted_changed(app, client):
    """Sessions are Flask's signed cookies: what a request changes stays its own, a
    tampered cookie is refused."""
    with client.session_transaction() as session:
        session["scorer"] = ["*:abc"]
        session["nested"] = {"pairs": [("a", ["b"])]}
    cookie = client.get_cookie("session").value
    interface = app.session_interface

    def opened(value):
        with app.test_request_context(headers={"Cookie": f"session={value}"}) as ctx:
            return interface.open_session(app, ctx.request)

    first = opened(cookie)
    assert first["scorer"] == ["*:abc"]
    first["scorer"].append("1:zzz")  # this request's change stays its own
    first["nested"]["more"] = 1
    again = opened(cookie)
    assert again["scorer"] == ["*:abc"] and again["nested"] == {"pairs": [("a", ["b"])]}
    assert "scorer" not in opened(cookie[:-2] + ("AA" if cookie[-2:] != "AA" else "BB"))


def test_stylesheets_and_scripts_are_served_minified_with_asset_headers(client):
    from pathlib import Path

    static = Path(__file__).resolve().parents[2] / "static"
    for name in ("style.css", "app.js", "table.js", "melds.js"):
        served = client.get(f"/static/{name}")
        written = (static / name).read_bytes()
        assert served.status_code == 200 and 0 < len(served.data) < 0.85 * len(written)
        assert b"/*" not in served.data and b"\n// " not in served.data  # comments out
        assert served.headers["X-Content-Type-Options"] == "nosniff"
        assert "Content-Security-Policy" not in served.headers  # not a document
        served.close()
    svg = client.get("/static/icon.svg")  # an SVG can be opened as a document
    assert "default-src 'self'" in svg.headers["Content-Security-Policy"]
    svg.close()
    page = client.get("/")
    assert "Content-Security-Policy" in page.headers and "X-Frame-Options" in page.headers


def test_pages_vary_by_language_cookie_and_encoding_and_json_by_encoding(client, make_game):
    """Caches must not hand one reader's page (language, session) to another."""
    game = make_game()
    for path in ("/", f"/games/{game}", f"/games/{game}/rounds/new"):
        vary = [v.strip() for v in client.get(path).headers["Vary"].split(",")]
        assert sorted(vary) == ["Accept-Encoding", "Accept-Language", "Cookie"], path
    api = client.get(f"/api/games/{game}").headers.get("Vary", "")
    assert "Accept-Language" not in api
