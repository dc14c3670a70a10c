"""Which ``Host`` headers the app answers (Flask's ``TRUSTED_HOSTS``): another
is a 400. This stops DNS rebinding (a page elsewhere whose name is pointed at
this machine), and makes share links and QR codes, which ``url_for(...,
_external=True)`` builds from the request's host, name only a host checked here.

The default suits a home network: localhost, 127.0.0.1, ::1, this machine's
name, ``<name>.local``, ``scorekeeper.local`` and every address of its network
interfaces. ``FLASK_TRUSTED_HOSTS`` (a JSON list, or names separated by
commas), ``TRUSTED_HOSTS`` in the instance config, or ``serve --trusted-host``
add a name a reverse proxy or a router gives it.
"""

from __future__ import annotations

import socket
from typing import Any

import ifaddr
from flask import Flask, current_app, request, url_for

FIXED = ["localhost", "127.0.0.1", "::1", "scorekeeper.local"]


def machine_hosts() -> list[str]:
    """This machine's names and addresses (no traffic is sent)."""
    name = socket.gethostname()
    found = [*FIXED, name, f"{name}.local"]
    try:
        found += [str(info[4][0]) for info in socket.getaddrinfo(name, None)]
    except OSError:
        pass
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            found.append(ip.ip if isinstance(ip.ip, str) else ip.ip[0])
    return list(dict.fromkeys(h.split("%")[0].lower() for h in found if h))


def as_list(value: Any) -> list[str]:
    """A configured list: a list already, or names separated by commas."""
    if isinstance(value, str):
        return [h.strip() for h in value.split(",") if h.strip()]
    return [str(h) for h in value]


def init_app(app: Flask) -> None:
    """Default ``TRUSTED_HOSTS`` to this machine, unless configured."""
    configured = app.config.get("TRUSTED_HOSTS")
    hosts = machine_hosts() if configured is None else as_list(configured)
    app.config["TRUSTED_HOSTS"] = hosts


def lower_host(environ: dict[str, Any]) -> None:
    """A host name is the same in any case (``LOCALHOST`` is ``localhost``), but
    werkzeug compares it with ``TRUSTED_HOSTS`` as written: it is made lower case
    before anything reads it (``polls.StampPolls``, in front of the whole app)."""
    host = environ.get("HTTP_HOST")
    if host and not host.islower():
        environ["HTTP_HOST"] = host.lower()


def trust(app: Flask, hosts: list[str]) -> None:
    """Add names (``serve --trusted-host``, the address it listens on)."""
    app.config["TRUSTED_HOSTS"] = list(dict.fromkeys([*app.config["TRUSTED_HOSTS"], *hosts]))


LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")


def phone_url(endpoint: str, **values: Any) -> str:
    """An address of this page that a phone at the table can open: the request's own
    host, except when the scorer's browser is on this machine itself (``127.0.0.1``,
    ``localhost``), which no phone can reach; then the address ``serve`` gave the
    phones (``PHONE_URL``: this machine's best LAN address, with the scheme and port it
    serves on). Join links, their QR codes, spectator links and table cards use it."""
    path = url_for(endpoint, **values)
    phones = current_app.config.get("PHONE_URL")
    if phones and request.host.rsplit(":", 1)[0].lower() in LOOPBACK:
        return str(phones).rstrip("/") + path
    return url_for(endpoint, **values, _external=True)
