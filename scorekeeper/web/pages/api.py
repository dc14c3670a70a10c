"""The JSON API, speaking the JSON contract (docs/api.md).

Cross-site guard: the API takes no cookies-based form posts. A request that
changes anything must send ``Content-Type: application/json`` (a cross-site
form cannot, and a cross-site script cannot without a CORS preflight, which
this app never grants), and a request whose ``Origin`` or ``Sec-Fetch-Site``
says it came from another site is refused. A script on the same machine
(curl, Python) sends neither header and is served.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, abort, jsonify, request
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Response

from ...data import checks
from ...data.connection import get_db
from ...data.games import evenings, games, rounds
from ...scoring import ScoringError
from ...scoring.document import read_game
from ..forms.whole_numbers import digits
from ..http import security

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
    response, status = problem(error.description or error.name, error.code or 500)
    for name, value in error.get_headers():  # Retry-After, WWW-Authenticate...
        if name.lower() != "content-type":
            response.headers[name] = value
    return response, status


@bp.errorhandler(games.NotFound)
def not_found(error: games.NotFound) -> tuple[Response, int]:
    return problem(str(error), 404)


@bp.errorhandler(games.GameRemoved)
def removed(error: games.GameRemoved) -> tuple[Response, int]:
    return problem(str(error), 409)


@bp.errorhandler(ScoringError)
def invalid(error: ScoringError) -> tuple[Response, int]:
    return problem(str(error), 400)


@bp.errorhandler(rounds.StaleEdit)
def stale(error: rounds.StaleEdit) -> tuple[Response, int]:
    return problem(str(error), 409)


@bp.errorhandler(rounds.KeyReused)
def key_reused(error: rounds.KeyReused) -> tuple[Response, int]:
    return problem(str(error), 422)


def body() -> Any:
    """The request's JSON; too deep a nesting is refused like any invalid JSON."""
    try:
        return checks.read_json(request.get_data(cache=True))
    except checks.TooDeep as error:
        raise ScoringError(f"the body is {error}") from None
    except checks.BadJSON:
        raise ScoringError("the body is not valid JSON") from None


def guard(game_id: int) -> None:
    """Writes to a guarded game need its passphrase in ``X-Scorer-Passphrase``."""
    game = games.get_game(get_db(), game_id)
    if not security.may_score(game):
        abort(401, "this game needs its scorer passphrase in the X-Scorer-Passphrase header")
    security.guard_open(game)
    games.check_kept(game)


@bp.post("/games")
def create_game() -> Reply:
    if not security.may_create():
        abort(401, "this app needs its scorer passphrase in the X-Scorer-Passphrase header")
    doc = body()
    if not isinstance(doc, dict):
        raise ScoringError("the game must be a JSON object")
    unknown = set(doc) - {"variant", "sides", "players", "options"}
    if unknown:
        raise ScoringError(
            "unknown field (expected variant, sides, players, options)", field=sorted(unknown)[0]
        )
    game = read_game({**doc, "rounds": []})  # checks it all, and works out players
    for name in game.sides:
        problem = checks.name_problem(name, checks.SIDE_NAME_LENGTH)
        if problem:
            raise ScoringError(
                f"{json.dumps(name[:40], ensure_ascii=False)}: {problem}", field="sides"
            )
    db = get_db()
    evening = evenings.create_evening(db, date.today().isoformat())
    game_id = games.create_game(
        db,
        evening_id=evening,
        variant=game.variant.id,
        sides=game.sides,
        players=game.players,
        options=doc.get("options", {}),
    )
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


def version_of(db: Any, game_id: int, number: int) -> int:
    """The version the client last saw (``If-Match``), else the current one."""
    if "If-Match" in request.headers:
        given = digits(request.headers["If-Match"].strip('"W/'), 9)
        if given is None:
            raise ScoringError("If-Match: give the round's version number")
        return given
    played = games.rounds_of(db, game_id)
    if not 1 <= number <= len(played):
        raise games.NotFound(f"game {game_id} has no round {number}")
    return int(played[number - 1]["version"])


def answer_of(game_id: int) -> Response:
    """The game's answer, from its stored JSON (see ``rounds.answer_text``)."""
    return Response(rounds.answer_text(get_db(), game_id), mimetype="application/json")
