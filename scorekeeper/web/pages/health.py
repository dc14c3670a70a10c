"""The server's own routes: ``/healthz`` for a supervisor (systemd, a monitor),
and ``/certificate.pem`` so that a phone can install ``serve --https``'s
self-signed certificate. Neither keeps a session: no cookie is set."""

from __future__ import annotations

import os
import threading
import time
from typing import Any

from cachetools import TTLCache, cached
from flask import Blueprint, Response, abort, current_app, jsonify, request, send_file

from ...data import replica
from ...data.connection import health
from ..http import hold, load

bp = Blueprint("health", __name__)


@cached(TTLCache(maxsize=4, ttl=2))  # asking Litestream takes a process: once in 2 s
def replica_lag(target: str) -> float | None:
    lag = replica.lag(current_app.config["DATABASE"], target)
    return None if lag is None else round(lag, 1)


# ``?write=1`` also begins a write transaction (a read-only file system reads fine but
# saves nothing); it takes the write lock a save waits for, so it is done at most once
# every WRITE_CHECK_EVERY seconds and its answer given meanwhile: 8 threads asking
# without end had raised a save's p99 from 12 to 95 ms.
WRITE_CHECK_EVERY = 10.0
_write_check: dict[str, tuple[float, str | None]] = {}
_write_lock = threading.Lock()


@bp.get("/healthz")
def healthz() -> tuple[Response, int]:
    """200 ``{"status": "ok", "database": "ok"}`` when the database can be read (and,
    with ``?write=1``, written), else 503 with what is wrong."""
    path = str(current_app.config["DATABASE"])
    problem = written(path) if request.args.get("write") == "1" else health(path, write=False)
    body: dict[str, Any] = {
        "status": "ok" if problem is None else "error",
        "database": problem or "ok",
    }
    body["load"] = load.gauge(current_app).report()  # this process's: is it sending polls away
    body["load"].update(hold.hold(current_app).report())  # and how many polls it holds
    if current_app.config.get("WORKERS", 1) > 1:  # serve --workers: which one answered
        body["worker"] = os.getpid()
    target = current_app.config.get("REPLICA")
    if target:  # serve --replicate-to: how far behind the second copy is
        body["replica"] = {"target": target, "lag_seconds": replica_lag(target)}
    response = jsonify(body)
    response.headers["Cache-Control"] = "no-store"
    return response, 200 if problem is None else 503


def written(path: str) -> str | None:
    """``health`` with the write check, done afresh at most every WRITE_CHECK_EVERY s."""
    with _write_lock:
        at, problem = _write_check.get(path, (float("-inf"), None))
        if time.monotonic() - at >= WRITE_CHECK_EVERY:
            problem = health(path, write=True)
            _write_check[path] = (time.monotonic(), problem)
    return problem


@bp.get("/certificate.pem")
def certificate() -> Response:
    """The public certificate ``serve --https`` uses (404 over plain HTTP)."""
    path = current_app.config.get("HTTPS_CERTIFICATE")
    if not path:
        abort(404)
    return send_file(
        path,
        mimetype="application/x-x509-ca-cert",
        as_attachment=True,
        download_name="scorekeeper.crt",
        max_age=0,
    )
