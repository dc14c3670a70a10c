"""The JSON API described as OpenAPI 3.1, served at ``/api/openapi.json``.

Built in code: the game documents, the round fields and the options come from
the variant registry (``scoring.schema``), so a new field, option or variant is
described without an edit here. A test checks the description against the real
API with schemathesis.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify

from ...scoring import VARIANTS
from ...scoring.schema import Schema, answer_schema, game_schema, side_fields_schema

bp = Blueprint("openapi", __name__)

ERROR_STATUSES = {
    "400": "the document, round or header is invalid (one line naming round, side, field)",
    "401": "a passphrase guards the game or the app: send X-Scorer-Passphrase",
    "403": "cross-site request refused (Origin or Sec-Fetch-Site names another site)",
    "404": "no such game or round",
    "409": "If-Match names a version the round no longer has",
    "413": "the body is larger than 64 KiB",
    "415": "the body is not Content-Type: application/json",
}


def ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


def json_body(schema: Schema, description: str) -> Schema:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def responses(ok: str, ok_schema: Schema, ok_text: str, *errors: str) -> Schema:
    out = {ok: json_body(ok_schema, ok_text)}
    for status in errors:
        out[status] = json_body(ref("Error"), ERROR_STATUSES[status])
    return out


def header(name: str, description: str, schema: Schema) -> Schema:
    return {
        "name": name,
        "in": "header",
        "required": False,
        "description": description,
        "schema": schema,
    }


PASSPHRASE = header(
    "X-Scorer-Passphrase",
    "the scorer passphrase, when one guards the game or the app",
    {"type": "string"},
)
IF_MATCH = header(
    "If-Match",
    "the round's version (from versions); a changed round answers 409",
    {"type": "string", "pattern": "^[0-9]{1,9}$"},
)
IDEMPOTENCY = header(
    "Idempotency-Key",
    "stores the round once however often the request is sent",
    {"type": "string", "maxLength": 200},
)
GAME_ID = {
    "name": "game_id",
    "in": "path",
    "required": True,
    "example": 1,
    "schema": {"type": "integer", "minimum": 0, "maximum": 2**31},
}
NUMBER = {
    "name": "number",
    "in": "path",
    "required": True,
    "example": 1,
    "schema": {"type": "integer", "minimum": 0, "maximum": 10_000},
}
WRITES = ("400", "401", "403", "404", "409", "413", "415")


def components() -> Schema:
    schemas: Schema = {
        "Error": {
            "type": "object",
            "required": ["error"],
            "properties": {"error": {"type": "string"}},
        },
        "Answer": answer_schema(),
        "Game": {"oneOf": [ref(f"Game-{v}") for v in VARIANTS]},
        "NewGame": {"oneOf": [ref(f"NewGame-{v}") for v in VARIANTS]},
        "Round": {
            "description": "one round: {side: fields}; the fields are those of the game's variant",
            "type": "object",
            "additionalProperties": {"anyOf": [ref(f"Side-{v}") for v in VARIANTS]},
        },
    }
    for variant in VARIANTS.values():
        schemas[f"Game-{variant.id}"] = game_schema(variant)
        schemas[f"NewGame-{variant.id}"] = game_schema(variant, with_rounds=False)
        schemas[f"Side-{variant.id}"] = side_fields_schema(variant)
    return {"schemas": schemas}


def paths() -> Schema:
    answer = ref("Answer")
    stored = {
        "type": "object",
        "required": ["id", "document", "answer", "versions"],
        "properties": {
            "id": {"type": "integer"},
            "document": ref("Game"),
            "answer": answer,
            "versions": {"type": "array", "items": {"type": "integer"}},
        },
    }
    created = {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}}
    round_body = {"required": True, **json_body(ref("Round"), "the round: {side: fields}")}
    return {
        "/api/games": {
            "post": {
                "operationId": "createGame",
                "summary": "Start a game",
                "parameters": [PASSPHRASE],
                "requestBody": {"required": True, **json_body(ref("NewGame"), "the new game")},
                "responses": responses(
                    "201", created, "the game's id", "400", "401", "403", "413", "415"
                ),
            }
        },
        "/api/games/{game_id}": {
            "get": {
                "operationId": "getGame",
                "summary": "Read a game: its document and answer",
                "parameters": [GAME_ID],
                "responses": responses("200", stored, "the game", "404"),
            }
        },
        "/api/games/{game_id}/rounds": {
            "post": {
                "operationId": "addRound",
                "summary": "Add the next round",
                "parameters": [GAME_ID, PASSPHRASE, IDEMPOTENCY],
                "requestBody": round_body,
                "responses": responses("201", answer, "the game's whole answer", *WRITES),
            }
        },
        "/api/games/{game_id}/rounds/{number}": {
            "put": {
                "operationId": "editRound",
                "summary": "Correct a round",
                "parameters": [GAME_ID, NUMBER, PASSPHRASE, IF_MATCH],
                "requestBody": round_body,
                "responses": responses("200", answer, "the game's whole answer", *WRITES),
            },
            "delete": {
                "operationId": "deleteRound",
                "summary": "Delete a round",
                "parameters": [GAME_ID, NUMBER, PASSPHRASE, IF_MATCH],
                "responses": responses("200", answer, "the game's whole answer", *WRITES),
            },
        },
    }


def describe() -> dict[str, Any]:
    """The whole OpenAPI 3.1 description of the JSON API."""
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Scorekeeper JSON API",
            "version": "1",
            "description": "The scoring contract over HTTP; see docs/api.md.",
        },
        "paths": paths(),
        "components": components(),
    }


@bp.get("/api/openapi.json")
def openapi() -> Response:
    return jsonify(describe())
