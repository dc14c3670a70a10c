"""Plain ``http://`` on the ``--https`` port: sent on to the ``https://`` address.

cheroot notices a plain HTTP request only once the TLS handshake has failed on it,
then writes a 400 and closes the socket with the request still unread, which the
system turns into a reset: the browser shows an empty reply. Here the adapter looks
at the connection's first byte before the handshake (every TLS connection starts
with a handshake record, byte 0x16); anything else is read as an HTTP request head
and answered with a temporary redirect to the same host and path over HTTPS, if
that host is one the app answers (its ``TRUSTED_HOSTS``); another host is a plain
400, so this port never sends a browser on to a name an attacker chose.
"""

from __future__ import annotations

import re
import socket
from typing import Any

from cheroot import errors
from cheroot.ssl.builtin import BuiltinSSLAdapter
from werkzeug.exceptions import SecurityError
from werkzeug.sansio.utils import get_host

TLS_HANDSHAKE = b"\x16"
# cheroot takes each new connection's TLS handshake in its one accepting thread, with
# the server's 10 s socket timeout: one connection that never starts TLS held every
# other phone off for 10 s (outside attack). A phone's first bytes follow its TCP
# handshake at once, so the handshake gets a short timeout of its own; a connection
# that says nothing in it is dropped, and the socket gets the server's timeout back.
HANDSHAKE_SECONDS = 1.0
MOST_HEAD = 8192  # a request head longer than this is not read further
HOST = re.compile(r"[A-Za-z0-9.:\[\]-]+")  # a name or an address, with its port
TARGET = re.compile(r"/[\x21-\x7e]*")  # an origin-form path and query, no spaces


class RedirectingSSLAdapter(BuiltinSSLAdapter):
    """cheroot's own TLS adapter, but a plain HTTP request gets a redirect to one of
    the ``trusted`` hosts (the app's ``TRUSTED_HOSTS``; None: any)."""

    def __init__(self, certificate: str, key: str, trusted: list[str] | None = None) -> None:
        super().__init__(certificate, key)
        self.trusted = trusted

    def wrap(self, sock: socket.socket) -> Any:
        usual = sock.gettimeout()
        sock.settimeout(HANDSHAKE_SECONDS)
        try:
            first = sock.recv(1, socket.MSG_PEEK)
        except OSError as error:  # as cheroot's own wrap treats a dropped connection
            raise errors.FatalSSLAlert(*error.args) from error
        if first and first != TLS_HANDSHAKE:
            answer_plain_http(sock, self.trusted)
            # cheroot logs it, then tries its own 400 on the socket closed for writing
            raise errors.NoSSLError("answered with a redirect to https://")
        wrapped, environ = super().wrap(sock)  # type: ignore[no-untyped-call]  # cheroot's stub
        wrapped.settimeout(usual)
        return wrapped, environ


def answer_plain_http(sock: socket.socket, trusted: list[str] | None = None) -> None:
    """Read the request head and answer 307 to its https:// address, or 400 when its
    host is not ``trusted``; close for writing."""
    head = read_head(sock)
    location = https_address(head, sock.getsockname())
    own = https_address(b"", sock.getsockname())  # the address it was reached at
    if location.startswith(own) or is_trusted(location, trusted):
        status, text = "307 Temporary Redirect", f"This port speaks HTTPS only: open {location}\n"
        moved = f"Location: {location}\r\n"
    else:
        status, text, moved = "400 Bad Request", "This port speaks HTTPS only.\n", ""
    body = text.encode()
    response = (
        f"HTTP/1.1 {status}\r\n{moved}"
        "Content-Type: text/plain; charset=utf-8\r\n"
        f"Content-Length: {len(body)}\r\n"
        "Connection: close\r\n\r\n"
    ).encode("ascii")
    try:
        sock.sendall(response + body)
        sock.shutdown(socket.SHUT_WR)
    except OSError:
        pass  # the client went away: nothing to answer


def is_trusted(location: str, trusted: list[str] | None) -> bool:
    """Whether the app would answer the host of ``location`` (werkzeug's own check,
    as Flask makes it with ``TRUSTED_HOSTS``; a host name in any case)."""
    host = location.removeprefix("https://").split("/", 1)[0].lower()
    try:
        get_host("https", host, None, trusted)
    except SecurityError:
        return False
    return True


def read_head(sock: socket.socket) -> bytes:
    """The request line and headers (up to MOST_HEAD bytes), so that closing the
    socket does not reset the connection under an unread request."""
    head = b""
    while b"\r\n\r\n" not in head and len(head) < MOST_HEAD:
        try:
            chunk = sock.recv(MOST_HEAD - len(head))
        except OSError:
            break
        if not chunk:
            break
        head += chunk
    return head


def https_address(head: bytes, local: Any) -> str:
    """The request's host and path over HTTPS; this socket's address for a missing
    or odd Host, the front page for an odd path.

    >>> https_address(b"GET /games/3?x=1 HTTP/1.1\\r\\nHost: 192.168.1.20:8000\\r\\n\\r\\n", None)
    'https://192.168.1.20:8000/games/3?x=1'
    >>> https_address(b"GET http://evil/ HTTP/1.1\\r\\nHost: a b\\r\\n\\r\\n", ("10.0.0.2", 8443))
    'https://10.0.0.2:8443/'
    """
    lines = head.decode("latin-1").split("\r\n")
    words = lines[0].split(" ")
    target = words[1] if len(words) == 3 and TARGET.fullmatch(words[1]) else "/"
    hosts = [
        line.split(":", 1)[1].strip()
        for line in lines[1:]
        if ":" in line and line.split(":", 1)[0].strip().lower() == "host"
    ]
    host = hosts[0] if len(hosts) == 1 and HOST.fullmatch(hosts[0]) else None
    if host is None:
        address, port = local[0], local[1]
        host = f"[{address}]:{port}" if ":" in address else f"{address}:{port}"
    return f"https://{host}{target}"
