"""The OpenAPI description at /api/openapi.json, checked against the real API with
schemathesis: no request it generates gets a server error, and every answer
matches the schema described for it."""

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from scorekeeper.scoring import VARIANTS


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
        assert set(schemas[f"Side-{variant.id}"]["properties"]) == set(variant.fields)
        options = schemas[f"Game-{variant.id}"]["properties"]["options"]["properties"]
        assert set(options) == {o.key for o in variant.all_options()}
    names = {p["name"] for op in spec["paths"].values() for m in op.values()
             for p in m.get("parameters", [])}  # fmt: skip
    assert {"X-Scorer-Passphrase", "If-Match", "Idempotency-Key"} <= names


def test_every_documented_path_is_in_the_api_reference():
    from scorekeeper.scoring.api_reference import api_markdown
    from scorekeeper.web.openapi import describe

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
    from scorekeeper.web.openapi import describe

    described = {(m.upper(), p) for p, ops in describe()["paths"].items() for m in ops}
    assert described == set(OPERATIONS)


@pytest.mark.parametrize("method, path", OPERATIONS, ids=[f"{m} {p}" for m, p in OPERATIONS])
def test_the_api_matches_its_description(app, make_game, method, path):
    """30 deterministic examples per operation: no 5xx, every answer as described."""
    for variant in VARIANTS:  # games 1 to 5, one of each variant, for the examples to hit
        seats = {"five-person": ("A", "B", "C", "D", "E")}.get(variant, ("A", "B", "C", "D"))
        make_game(variant, seats=seats)
    operation = schemathesis.openapi.from_wsgi("/api/openapi.json", app)[path][method]

    @given(case=operation.as_strategy())
    @settings(max_examples=30, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))  # fmt: skip
    def check(case):
        case.call_and_validate(checks=[not_a_server_error, response_schema_conformance])

    check()
