"""A server killed (SIGKILL) while it imports a file, renames a game and takes a
burst of saves keeps every acknowledged change exactly once (outside attack, issue
25): the database is whole, every acknowledged round is stored once, the last
acknowledged name (or a later one in flight) is the game's, and an acknowledged
import's games are all there; the same import again after the restart adds only
what the kill cut off, so every game of the file is there exactly once."""

import http.client
import http.cookiejar
import json
import re
import signal
import sqlite3
import threading
import time
import urllib.error
import urllib.request
import uuid

SIDES = ["Ann & Bea", "Cat & Dee"]


def export_file(games=120, rounds=12):
    played = [{SIDES[i % 2]: {"meld_points": 5}} for i in range(rounds)]
    return json.dumps({"format": "scorekeeper", "version": 1, "evenings": [
        {"uid": f"kill-e{e}", "date": "2026-11-20", "name": f"Night {e}", "note": "",
         "games": [{"uid": f"kill-g{e}-{g}", "seats": ["Ann", "Cat", "Bea", "Dee"],
                    "first_dealer": 0,
                    "document": {"variant": "classic", "sides": SIDES, "players": 4,
                                 "options": {}, "rounds": played}}
                   for g in range(games // 10)]}
        for e in range(10)]}).encode()  # fmt: skip


class Browser:
    """A browser's session: cookies kept, forms posted with the page's CSRF token."""

    def __init__(self, base):
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()),
            NoRedirect(),
        )

    def token(self, path):
        with self.opener.open(self.base + path, timeout=30) as page:
            html = page.read().decode()
        return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)

    def post(self, path, body, content_type):
        request = urllib.request.Request(self.base + path, data=body, method="POST",
                                         headers={"Content-Type": content_type})  # fmt: skip
        try:
            with self.opener.open(request, timeout=60) as answer:
                return answer.status
        except urllib.error.HTTPError as error:
            return error.code


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None  # a 302/303 is the acknowledgement itself


def upload(browser, data):
    token, boundary = browser.token("/import"), uuid.uuid4().hex
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n{token}\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="all.json"\r\n'
            "Content-Type: application/json\r\n\r\n"
        ).encode()
        + data
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return browser.post("/import", body, f"multipart/form-data; boundary={boundary}")


def test_a_kill_mid_import_rename_and_saves_keeps_every_acknowledged_change_once(live_server):
    _, made = live_server.json("POST", "/api/games", {"variant": "classic", "sides": ["A", "B"]})
    game, acked_rounds, names, stop = made["id"], [], [], threading.Event()
    imported = []
    data = export_file()

    def saves(worker):
        n = 0
        while not stop.is_set():
            key = f"kill-w{worker}-{n}"
            try:
                status, _ = live_server.json("POST", f"/api/games/{game}/rounds",
                                             {"A": {"meld_points": 5}}, {"Idempotency-Key": key})  # fmt: skip
            except (OSError, ValueError, http.client.HTTPException):
                return
            if status == 201:
                acked_rounds.append(key)
            n += 1

    def renames():
        browser, n = Browser(live_server.url), 0
        while not stop.is_set():
            try:
                token = browser.token(f"/games/{game}/rename")
                name = f"Cup {n}"
                body = f"csrf_token={urllib.request.quote(token)}&name={name.replace(' ', '+')}"
                names.append(("tried", name))
                status = browser.post(f"/games/{game}/rename", body.encode(),
                                      "application/x-www-form-urlencoded")  # fmt: skip
            except (OSError, http.client.HTTPException, AttributeError):
                return
            if status in (302, 303):
                names.append(("acked", name))
            n += 1

    def imports():
        try:
            if upload(Browser(live_server.url), data) in (302, 303):
                imported.append(True)
        except (OSError, http.client.HTTPException, AttributeError):
            pass

    threads = [threading.Thread(target=saves, args=(w,)) for w in range(3)]
    threads += [threading.Thread(target=renames), threading.Thread(target=imports)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 30
    while (len(acked_rounds) < 30 or not any(k == "acked" for k, _ in names)) and (
        time.monotonic() < deadline
    ):
        time.sleep(0.01)
    live_server.stop(signal.SIGKILL)  # mid-stream: an import, renames and saves in flight
    stop.set()
    for thread in threads:
        thread.join(timeout=60)
    assert len(acked_rounds) >= 30

    conn = sqlite3.connect(live_server.database)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        stored = [r[0] for r in conn.execute("SELECT request_key FROM rounds WHERE game_id = ?",
                                             [game])]  # fmt: skip
        name = conn.execute("SELECT name FROM games WHERE id = ?", [game]).fetchone()[0]
        uids = [r[0] for r in conn.execute("SELECT uid FROM games WHERE uid LIKE 'kill-g%'")]
    finally:
        conn.close()
    assert len(stored) == len(set(stored)) and set(acked_rounds) <= set(stored)
    tried = [n for kind, n in names if kind == "tried"]
    last_acked = max((tried.index(n) for kind, n in names if kind == "acked"), default=-1)
    assert name in tried[max(last_acked, 0) :]  # the last acknowledged name, or a later one
    assert len(uids) == len(set(uids))
    if imported:  # acknowledged: every game of the file is there
        assert len(uids) == 120
    live_server.start()  # the same import again: only what the kill cut off is added
    assert upload(Browser(live_server.url), data) in (302, 303)
    conn = sqlite3.connect(live_server.database)
    try:
        uids = [r[0] for r in conn.execute("SELECT uid FROM games WHERE uid LIKE 'kill-g%'")]
    finally:
        conn.close()
    assert sorted(uids) == sorted(set(uids)) and len(uids) == 120
