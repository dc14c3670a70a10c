"""A kept page is compressed once per page and reader's token, and each
reader still gets exactly their own page (their own CSRF token, the game as it
stands now), byte for byte what compressing it afresh would give."""

from __future__ import annotations

import gzip
import re

from scorekeeper.data.connection import connect
from scorekeeper.data.games.games import get_game

ROUND = {"Ann & Bea": {"meld_points": 50}, "Cat & Dee": {"meld_points": 90}}
GZIP = {"Accept-Encoding": "gzip"}


def kept(app) -> int:
    return len(app.extensions["compress"].cache.kept)


def token_in(page: str) -> str:
    """The session's own token a page carries: Flask-WTF signs it anew each second
    (``<token>.<time>.<signature>``), so the part before the time is what is the
    session's own."""
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    assert found, "the scorer's scoreboard has a form with a CSRF token"
    return found.group(1).split(".")[0]


def unsigned(page: str) -> str:
    """``page`` with its CSRF token's signing time and signature left out."""
    return re.sub(r'(name="csrf_token" type="hidden" value="[^".]+)[^"]*"', r'\1"', page)


def test_each_scorer_gets_their_own_token_from_the_kept_compressed_page(app, make_game):
    app.config["WTF_CSRF_ENABLED"] = True  # as served: the scoreboard's forms carry a token
    game = make_game()
    ann, cat = app.test_client(), app.test_client()
    plain = {}
    for name, phone in (("ann", ann), ("cat", cat)):
        phone.get(f"/games/{game}/rounds/new")  # a session with a CSRF token of its own
        plain[name] = phone.get(f"/games/{game}").get_data(as_text=True)
    assert token_in(plain["ann"]) != token_in(plain["cat"])
    for name, phone in (("ann", ann), ("cat", cat)):
        for _ in range(2):
            answer = phone.get(f"/games/{game}", headers=GZIP)
            assert answer.headers["Content-Encoding"] == "gzip"
            assert unsigned(gzip.decompress(answer.get_data()).decode()) == unsigned(plain[name])


def test_a_kept_page_is_compressed_once_and_a_new_round_makes_a_new_one(app, client, make_game):
    game = make_game()
    before = kept(app)
    first = client.get(f"/games/{game}", headers=GZIP)
    assert kept(app) == before + 1
    again = client.get(f"/games/{game}", headers=GZIP)
    assert kept(app) == before + 1 and again.get_data() == first.get_data()
    assert client.post(f"/api/games/{game}/rounds", json=ROUND).status_code == 201
    moved = client.get(f"/games/{game}", headers=GZIP)
    assert kept(app) == before + 2
    page = gzip.decompress(moved.get_data()).decode()
    assert page == client.get(f"/games/{game}").get_data(as_text=True)
    assert gzip.decompress(first.get_data()) != gzip.decompress(moved.get_data())


def test_spectators_share_one_compressed_page_and_other_pages_are_not_kept(app, client, make_game):
    game = make_game()
    db = connect(app.config["DATABASE"])
    try:
        token = get_game(db, game)["watch_token"]
    finally:
        db.close()
    before = kept(app)
    pages = [app.test_client().get(f"/watch/{token}", headers=GZIP) for _ in range(3)]
    assert kept(app) == before + 1
    assert len({p.get_data() for p in pages}) == 1
    assert gzip.decompress(pages[0].get_data()) == client.get(f"/watch/{token}").get_data()
    for path in ("/", f"/games/{game}/rounds/new", "/games/new/classic/4", f"/games/{game}/print"):
        answer = client.get(path, headers=GZIP)
        assert answer.status_code == 200 and answer.headers["Content-Encoding"] == "gzip"
    assert kept(app) == before + 1  # pages made afresh for each reader are compressed afresh
