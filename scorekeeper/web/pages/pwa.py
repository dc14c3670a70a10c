"""What makes the app installable and usable offline: the web app manifest, the
service worker (served from the root so its scope is the whole app) and the
offline page it falls back to. The files live in ``static/``."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, current_app, render_template

bp = Blueprint("pwa", __name__)


def static_file(name: str, mimetype: str) -> Response:
    folder = current_app.static_folder
    assert folder is not None
    response = Response(Path(folder, name).read_bytes(), mimetype=mimetype)  # a few KB
    response.headers["Cache-Control"] = "no-cache"  # a new version is picked up at once
    return response


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    return static_file("manifest.webmanifest", "application/manifest+json")


@bp.get("/sw.js")
def service_worker() -> Response:
    response = static_file("sw.js", "application/javascript")
    response.headers["Service-Worker-Allowed"] = "/"
    return response


@bp.get("/offline")
def offline() -> str:
    return render_template("offline.html")
