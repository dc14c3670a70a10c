"""The stamp polls' fast path (``web/polls.py``): it answers exactly as the views
do, and leaves every other case to them."""

from __future__ import annotations

import threading

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.table import table as phones
from scorekeeper.data.table.presence import presence

ROUND = {"Ann & Bea": {"meld_points": 50}, "Cat & Dee": {"meld_points": 90}}
SAME = ("ETag", "Cache-Control", "Content-Type", "Content-Security-Policy", "X-Frame-Options",
        "X-Content-Type-Options", "Referrer-Policy", "Cross-Origin-Opener-Policy")  # fmt: skip


def fast_path(app):
    """The stamp polls' middleware (behind the load gauge, which counts every request)."""
    return app.wsgi_app.inner


def by_view(app, path, headers=None):
    """The same request, answered by the Flask app alone (behind the fast path)."""
    from werkzeug.test import Client

    return Client(fast_path(app).inner).get(path, headers=headers or {})


def fast_path_used(app, monkeypatch):
    """Count the requests that reached the Flask app."""
    reached = []
    inner = fast_path(app).inner
    monkeypatch.setattr(fast_path(app), "inner", lambda e, r: reached.append(e["PATH_INFO"])
                        or inner(e, r))  # fmt: skip
    return reached


@pytest.mark.parametrize("kind", ["watch", "phone", "scorer"])
def test_each_poll_answers_as_its_view_does(app, client, table, kind, monkeypatch):
    game, watch, phone = table
    path = {"watch": f"/watch/{watch}/stamp", "phone": f"/table/{phone}/stamp",
            "scorer": f"/games/{game}/table/stamp"}[kind]  # fmt: skip
    reached = fast_path_used(app, monkeypatch)
    fast = client.get(path)
    assert reached == []  # answered before Flask
    view = by_view(app, path)
    assert (fast.status_code, fast.get_data()) == (view.status_code, view.get_data()) == (
        200, view.get_data())  # fmt: skip
    assert fast.json == view.json and isinstance(fast.json["stamp"], int)
    assert all(fast.headers.get(h) == view.headers.get(h) for h in SAME)
    assert "Set-Cookie" not in fast.headers
    etag = fast.headers["ETag"]
    again = client.get(path, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.get_data() == b"" and again.headers["ETag"] == etag
    assert by_view(app, path, {"If-None-Match": etag}).status_code == 304
    client.post(f"/api/games/{game}/rounds", json=ROUND)  # moves both stamps
    moved = client.get(path, headers={"If-None-Match": etag})
    assert moved.status_code == 200 and moved.json["stamp"] > fast.json["stamp"]


def test_unknown_removed_and_untrusted_are_left_to_the_views(app, client, table, monkeypatch):
    game, watch, phone = table
    reached = fast_path_used(app, monkeypatch)
    assert client.get("/watch/no-such-token/stamp").status_code == 404
    unknown = client.get("/table/no-such-token/stamp")
    assert unknown.status_code == 404 and unknown.json["error"]
    assert client.get("/games/999999/table/stamp").status_code == 404
    assert client.get(f"/watch/{watch}/stamp", headers={"Host": "evil.example"}).status_code == 400
    assert client.post(f"/watch/{watch}/stamp").status_code == 405
    db = connect(app.config["DATABASE"])
    try:
        found = phones.phone_of(db, phone)
        assert phones.remove_phone(db, game, found["id"])
    finally:
        db.close()
    assert client.get(f"/table/{phone}/stamp").status_code == 410
    assert len(reached) == 6


def test_a_phones_last_seen_is_noted_and_written_with_others(app, client, table, monkeypatch):
    """A poll finding its phone's "last seen" due is still answered before Flask; the
    phone is noted, not due while noted, and written with the others in one go."""
    game, watch, phone = table
    db = connect(app.config["DATABASE"])
    try:
        db.execute("UPDATE table_phones SET last_seen = '2026-01-01T00:00:00+00:00'")
        db.conn.commit()
        reached = fast_path_used(app, monkeypatch)
        assert client.get(f"/table/{phone}/stamp").status_code == 200
        assert reached == []  # due, and answered here all the same
        found = phones.phone_of(db, phone)
        kept = presence(str(app.config["DATABASE"]))
        assert phones.seen_due(found) and kept.noted(found["id"])
        kept.flush(db)
        assert not phones.seen_due(phones.phone_of(db, phone))
        assert not kept.noted(found["id"])
    finally:
        db.close()


def test_a_phone_polls_its_page_with_the_stamp_as_etag(app, client, table, monkeypatch):
    """A 304 without rendering while nothing moved; the page itself once it has."""
    game, watch, phone = table
    path = f"/table/{phone}"
    page = client.get(path)
    etag = page.headers["ETag"]
    assert page.status_code == 200 and b"<html" in page.get_data() and etag.startswith('W/"t')
    assert f'data-stamp="{etag[2:].strip(chr(34))[1:]}"' in page.get_data(as_text=True)
    reached = fast_path_used(app, monkeypatch)
    same = client.get(path, headers={"If-None-Match": etag})
    assert reached == []  # answered before Flask, nothing rendered
    assert same.status_code == 304 and same.get_data() == b"" and same.headers["ETag"] == etag
    view = by_view(app, path, {"If-None-Match": etag})
    assert view.status_code == 304 and view.get_data() == b""
    assert all(same.headers.get(h) == view.headers.get(h) for h in SAME)
    assert same.headers["Cache-Control"] == "private, no-store"  # still a capability
    client.post(f"/api/games/{game}/rounds", json=ROUND)  # moves the stamp
    moved = client.get(path, headers={"If-None-Match": etag})
    assert reached[-1] == path  # the view renders the page that moved
    assert moved.status_code == 200 and b"<html" in moved.get_data()
    assert moved.headers["ETag"] != etag


def test_a_polled_page_notes_last_seen_and_stops_a_removed_phone(app, client, table, monkeypatch):
    game, watch, phone = table
    etag = client.get(f"/table/{phone}").headers["ETag"]
    db = connect(app.config["DATABASE"])
    try:
        db.execute("UPDATE table_phones SET last_seen = '2026-01-01T00:00:00+00:00'")
        db.conn.commit()
        reached = fast_path_used(app, monkeypatch)
        due = client.get(f"/table/{phone}", headers={"If-None-Match": etag})
        assert due.status_code == 304 and reached == []
        presence(str(app.config["DATABASE"])).flush(db)
        assert not phones.seen_due(phones.phone_of(db, phone))
        assert phones.remove_phone(db, game, phones.phone_of(db, phone)["id"])
    finally:
        db.close()
    gone = client.get(f"/table/{phone}", headers={"If-None-Match": etag})
    assert gone.status_code == 410 and len(reached) == 1


def test_the_noted_phones_are_written_by_the_processs_own_thread(app, client, table):
    game, watch, phone = table
    db = connect(app.config["DATABASE"])
    try:
        db.execute("UPDATE table_phones SET last_seen = '2026-01-01T00:00:00+00:00'")
        db.conn.commit()
        assert client.get(f"/table/{phone}/stamp").status_code == 200
        pause = threading.Event()
        for _ in range(150):  # FLUSH is 2 s
            if not phones.seen_due(phones.phone_of(db, phone)):
                break
            pause.wait(0.1)
        assert not phones.seen_due(phones.phone_of(db, phone)), "never written"
    finally:
        db.close()
