"""The server's own routes: ``/healthz`` for a supervisor (systemd, a monitor),
and ``/certificate.pem`` so that a phone can install ``serve --https``'s
self-signed certificate. Neither keeps a session: no cookie is set."""

from __future__ import annotations

from typing import Any

from cachetools import TTLCache, cached
from flask import Blueprint, Response, abort, current_app, jsonify, send_file

from ...data import replica
from ...data.connection import health

bp = Blueprint("health", __name__)


@cached(TTLCache(maxsize=4, ttl=2))  # asking Litestream takes a process: once in 2 s
def replica_lag(target: str) -> float | None:
    lag = replica.lag(current_app.config["DATABASE"], target)
    return None if lag is None else round(lag, 1)


@bp.get("/healthz")
def healthz() -> tuple[Response, int]:
    """200 ``{"status": "ok", "database": "ok"}`` when the database can be read,
    else 503 with what is wrong."""
    problem = health(current_app.config["DATABASE"])
    body: dict[str, Any] = {
        "status": "ok" if problem is None else "error",
        "database": problem or "ok",
    }
    target = current_app.config.get("REPLICA")
    if target:  # serve --replicate-to: how far behind the second copy is
        body["replica"] = {"target": target, "lag_seconds": replica_lag(target)}
    response = jsonify(body)
    response.headers["Cache-Control"] = "no-store"
    return response, 200 if problem is None else 503


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
