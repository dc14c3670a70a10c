"""The JSON API, speaking RULES.md's contract.

Cross-site guard: the API takes no cookies-based form posts. A request that
changes anything must send ``Content-Type: application/json`` (a cross-site
form cannot, and a cross-site script cannot without a CORS preflight, which
this app never grants), and a request whose ``Origin`` or ``Sec-Fetch-Site``
says it came from another site is refused. A script on the same machine
(curl, Python) sends neither header and is served.
"""

from __future__ import annotations

import json
import unicodedata
from datetime import date
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, abort, jsonify, request
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from ..data import evenings, games, rounds
from ..data.connection import get_db
from ..scoring import ScoringError
from ..scoring.document import read_game
from . import security

bp = Blueprint("api", __name__, url_prefix="/api")
Reply = tuple[Response, int] | Response


def problem(message: str, status: int) -> tuple[Response, int]:
    return jsonify(error=message), status


@bp.before_request
def same_site_only() -> Reply | None:
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return None
    origin = request.headers.get("Origin")
    if request.headers.get("Sec-Fetch-Site", "same-origin") not in ("same-origin", "none"):
        return problem("cross-site requests are refused", 403)
    if origin and urlsplit(origin).netloc != request.host:
        return problem("cross-site requests are refused", 403)
    if request.method in ("POST", "PUT") and not request.is_json:
        return problem("send the body as JSON (Content-Type: application/json)", 415)
    return None


@bp.errorhandler(HTTPException)
def http_error(error: HTTPException) -> tuple[Response, int]:
    return problem(error.description or error.name, error.code or 500)


@bp.errorhandler(games.NotFound)
def not_found(error: games.NotFound) -> tuple[Response, int]:
    return problem(str(error), 404)


@bp.errorhandler(ScoringError)
def invalid(error: ScoringError) -> tuple[Response, int]:
    return problem(str(error), 400)


@bp.errorhandler(rounds.StaleEdit)
def stale(error: rounds.StaleEdit) -> tuple[Response, int]:
    return problem(str(error), 409)


def body() -> Any:
    data = request.get_json(silent=True)
    if data is None:
        raise ScoringError("the body is not valid JSON")
    return data


def guard(game_id: int) -> None:
    """Writes to a guarded game need its passphrase in ``X-Scorer-Passphrase``."""
    if not security.may_score(games.get_game(get_db(), game_id)):
        abort(401, "this game needs its scorer passphrase in the X-Scorer-Passphrase header")


@bp.post("/games")
def create_game() -> Reply:
    if not security.may_create():
        abort(401, "this app needs its scorer passphrase in the X-Scorer-Passphrase header")
    doc = body()
    if not isinstance(doc, dict):
        raise ScoringError("the game must be a JSON object")
    unknown = set(doc) - {"variant", "sides", "players", "options"}
    if unknown:
        raise ScoringError("unknown field (expected variant, sides, players, options)",
                           field=sorted(unknown)[0])  # fmt: skip
    game = read_game({**doc, "rounds": []})  # checks it all, and works out players
    for name in game.sides:
        problem = names_problem(name)
        if problem:
            raise ScoringError(
                f"{json.dumps(name[:40], ensure_ascii=False)}: {problem}", field="sides"
            )
    db = get_db()
    evening = evenings.create_evening(db, date.today().isoformat())
    game_id = games.create_game(
        db, evening_id=evening, variant=game.variant.id, sides=game.sides, players=game.players,
        options=doc.get("options", {}),
    )  # fmt: skip
    return jsonify(id=game_id), 201


@bp.get("/games/<int:game_id>")
def get_game(game_id: int) -> Reply:
    game, played, answer = games.scored(get_db(), game_id)
    return jsonify(
        id=game_id,
        document=games.document(game, played),
        answer=answer,
        versions=[r["version"] for r in played],
    )


@bp.post("/games/<int:game_id>/rounds")
def add_round(game_id: int) -> Reply:
    guard(game_id)
    key = request.headers.get("Idempotency-Key") or None
    if key and len(key) > 200:
        raise ScoringError("Idempotency-Key: at most 200 characters")
    rounds.add_round(get_db(), game_id, body(), key)
    return answer_of(game_id), 201


@bp.put("/games/<int:game_id>/rounds/<int:number>")
def edit_round(game_id: int, number: int) -> Reply:
    guard(game_id)
    db = get_db()
    rounds.edit_round(db, game_id, number, body(), version_of(db, game_id, number))
    return answer_of(game_id)


@bp.delete("/games/<int:game_id>/rounds/<int:number>")
def delete_round(game_id: int, number: int) -> Reply:
    guard(game_id)
    db = get_db()
    rounds.delete_round(db, game_id, number, version_of(db, game_id, number))
    return answer_of(game_id)


SIDE_NAME_LENGTH = 100


def names_problem(name: str) -> str | None:
    """Why a side's name cannot be shown on a scoreboard, or None."""
    if len(name) > SIDE_NAME_LENGTH:
        return f"a name may be at most {SIDE_NAME_LENGTH} characters"
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in name):
        return "a name may not contain control characters"
    return None


def version_of(db: Any, game_id: int, number: int) -> int:
    """The version the client last saw (``If-Match``), else the current one."""
    if "If-Match" in request.headers:
        try:
            return int(request.headers["If-Match"].strip('"W/'))
        except ValueError:
            raise ScoringError("If-Match: give the round's version number") from None
    played = games.rounds_of(db, game_id)
    if not 1 <= number <= len(played):
        raise games.NotFound(f"game {game_id} has no round {number}")
    return int(played[number - 1]["version"])


def answer_of(game_id: int) -> Response:
    """The game's answer, from its stored JSON (see ``games.answer_text``)."""
    return Response(games.answer_text(get_db(), game_id), mimetype="application/json")
