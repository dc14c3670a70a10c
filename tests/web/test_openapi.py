"""The OpenAPI description at /api/openapi.json, checked against the real API with
schemathesis: no request it generates gets a server error, and every answer
matches the schema described for it."""

import json
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings, strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from scorekeeper.scoring import VARIANTS

EXAMPLES = Path(__file__).parent.parent.parent / "examples"


def test_the_description_is_served_and_generated_from_the_registry(client):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    spec = response.get_json()
    assert spec["openapi"].startswith("3.1")
    assert set(spec["paths"]) == {
        "/api/games", "/api/games/{game_id}", "/api/games/{game_id}/rounds",
        "/api/games/{game_id}/rounds/{number}",
    }  # fmt: skip
    schemas = spec["components"]["schemas"]
    for variant in VARIANTS.values():
        assert set(schemas[f"Side-{variant.id}"]["properties"]) == set(variant.round_fields)
        options = schemas[f"Game-{variant.id}"]["properties"]["options"]["properties"]
        assert set(options) == {o.key for o in variant.all_options()}
    names = {p["name"] for op in spec["paths"].values() for m in op.values()
             for p in m.get("parameters", [])}  # fmt: skip
    assert {"X-Scorer-Passphrase", "If-Match", "Idempotency-Key"} <= names


def test_every_documented_path_is_in_the_api_reference():
    from scorekeeper.scoring.api_reference import api_markdown
    from scorekeeper.web.pages.openapi import describe

    text = api_markdown().replace("{n}", "{number}").replace("{id}", "{game_id}")
    for path, operations in describe()["paths"].items():
        for method in operations:
            assert f"`{method.upper()} {path}`" in text


OPERATIONS = [
    ("POST", "/api/games"),
    ("GET", "/api/games/{game_id}"),
    ("POST", "/api/games/{game_id}/rounds"),
    ("PUT", "/api/games/{game_id}/rounds/{number}"),
    ("DELETE", "/api/games/{game_id}/rounds/{number}"),
]


def test_every_operation_is_fuzzed():
    from scorekeeper.web.pages.openapi import describe

    described = {(m.upper(), p) for p, ops in describe()["paths"].items() for m in ops}
    assert described == set(OPERATIONS)


def store_example_games(app):
    """A game of each variant, from game 1 on, each with two rounds of its shipped
    example (a variant without one: a game of its usual sides, no rounds)."""
    client = app.test_client()
    for variant in VARIANTS.values():
        path = EXAMPLES / f"{variant.id}.json"
        sides = [f"S{n}" for n, _ in enumerate(variant.arrangement(variant.default_players))]
        usual = {"variant": variant.id, "sides": sides, "rounds": []}
        doc = json.loads(path.read_text(encoding="utf-8")) if path.exists() else usual
        new = {key: doc[key] for key in ("variant", "sides", "players") if key in doc}
        game = client.post("/api/games", json=new).get_json()["id"]
        for entries in doc["rounds"][:2]:
            assert client.post(f"/api/games/{game}/rounds", json=entries).status_code == 201


@pytest.mark.parametrize("method, path", OPERATIONS, ids=[f"{m} {p}" for m, p in OPERATIONS])
def test_the_api_matches_its_description(app, method, path):
    """30 deterministic examples per operation: no 5xx, every answer as described.
    Ids are drawn mostly among the stored games and rounds, so that the round
    operations reach the scoring engine and the database, not only a 404."""
    store_example_games(app)
    operation = schemathesis.openapi.from_wsgi("/api/openapi.json", app)[path][method]

    @given(case=operation.as_strategy(), game=st.integers(0, 6), number=st.integers(0, 3))
    @settings(max_examples=30, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))  # fmt: skip
    def check(case, game, number):
        ids = {"game_id": game, "number": number}
        case.path_parameters = {k: ids[k] for k in case.path_parameters or {}}
        # schemathesis reads the body as sent: ask for it uncompressed (Flask-Compress)
        case.call_and_validate(
            checks=[not_a_server_error, response_schema_conformance],
            headers={"Accept-Encoding": "identity"},
        )

    check()
