"""The server's limits on the real server (found by an outside attack), with one
waitress process and with two gunicorn workers: half-sent requests cannot shut
everyone out, and a body larger than any the app takes is refused before it is read
or spooled to disk."""

import socket
import sys
import urllib.parse
import urllib.request

import pytest

from scorekeeper.serving import CONNECTION_LIMIT, MAX_BODY
from tests.conftest import LiveServer

WORKERS = [1] if sys.platform == "win32" else [1, 2]


@pytest.fixture(params=WORKERS, ids=lambda n: f"{n}-workers")
def live_server(request, tmp_path):
    """The test's own server, of one process or of two workers."""
    server = LiveServer(tmp_path / "live.sqlite", workers=request.param).start()
    yield server
    server.stop()


def address(live_server):
    parts = urllib.parse.urlsplit(live_server.url)
    return parts.hostname, parts.port


# One process only: waitress reads requests without a thread, where a gunicorn worker
# reads each in one of its threads and a half-sent one holds it for 30 s of silence
# (docs/security.md says so, and what to do on a network with hostile guests).
@pytest.mark.parametrize("live_server", [1], indirect=True, ids=["1-workers"])
def test_a_hundred_and_fifty_half_sent_requests_shut_nobody_out(live_server):
    assert CONNECTION_LIMIT >= 500
    host, port = address(live_server)
    stalled = []
    try:
        for _ in range(150):  # waitress's default limit was 100 connections
            conn = socket.create_connection((host, port), timeout=10)
            conn.sendall(b"GET /rules HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # never ends
            stalled.append(conn)
        with urllib.request.urlopen(live_server.url + "/healthz", timeout=10) as answer:
            assert answer.status == 200
    finally:
        for conn in stalled:
            conn.close()


def test_a_body_larger_than_the_app_takes_is_refused_before_it_is_read(live_server):
    host, port = address(live_server)
    with socket.create_connection((host, port), timeout=10) as conn:
        conn.sendall(
            b"POST /import HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/octet-stream\r\n"
            + f"Content-Length: {100 * 1024 * 1024}\r\n\r\n".encode()
            + b"x" * 1024  # and then nothing more: the server must not wait for 100 MB
        )
        answer = conn.recv(4096).decode("latin-1")
    assert answer.startswith("HTTP/1.1 413"), answer[:80]
    assert MAX_BODY > 10 * 1024 * 1024  # the import page's 10 MB file still fits
