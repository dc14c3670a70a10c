"""The JSON API reference (docs/api.md), rendered as Markdown from the registry.

The game document's fields, their kinds and limits, and every variant's options
come from ``FIELDS`` and ``VARIANTS``; regenerate with
``scorekeeper api --markdown > docs/api.md``.

>>> "`POST /api/games/{id}/rounds`" in api_markdown()
True
"""

from __future__ import annotations

from .document import TOP_LEVEL
from .engine import Answer
from .fields import FIELDS
from .later_checks import LATER_CHECKS
from .reference import GENERATED, code, labels_text, table
from .registry import VARIANTS
from .schema import FIELD_KINDS, OPTION_KINDS, sides_counts

API_COMMAND = "scorekeeper api --markdown > docs/api.md"
BASE = "http://127.0.0.1:8000"

TOP_LEVEL_MEANING = {
    "variant": ("yes", "the variant's id: " + ", ".join(f"`{v}`" for v in VARIANTS)),
    "sides": ("yes", "the sides' names (a player alone or a team), in seat order"),
    "players": ("no", "how many play: fixes the packs and so the limits below"),
    "options": ("no", "house rules: option key → value (see each variant's options)"),
    "rounds": ("no", "the rounds played so far, each `{side: {field: value}}`"),
    "start": ("no", 'a game resumed from paper: `{"totals": {side: points}, "rounds": n}`'),
    "grandfathered": (
        "no",
        "rounds kept as played despite a check added after they were "
        "stored, `{check: [round numbers]}` (checks: "
        + ", ".join(f"`{name}`" for name in LATER_CHECKS)
        + ")",
    ),
    "ended_after": (
        "no",
        "the game ended as it stood after this round (time called at a club night): "
        "finished, the highest totals winning, and no round after it",
    ),
}
ANSWER_MEANING = {
    "rounds": "per round: `scores` (side → points) and `breakdown` (side → "
    "`[[label, points], ...]`, the score lines, adding up to the score)",
    "totals": "side → running total",
    "next_round": "the number of the next round",
    "opening": "side → the opening requirement for the next round",
    "finished": "whether the game is over",
    "winners": "the side(s) that won, once `finished` is true",
}
ANSWER_EXAMPLE = """{
  "rounds": [{"scores": {"Us": 930, "Them": 420},
              "breakdown": {"Us": [["natural canasta", 500], ["red three", 100],
                                   ["going out", 100], ["meld points", 230]],
                            "Them": [["mixed canasta", 300], ["meld points", 185],
                                     ["cards in hand", -65]]}}],
  "totals": {"Us": 930, "Them": 420},
  "next_round": 2,
  "opening": {"Us": 50, "Them": 50},
  "finished": false,
  "winners": []
}"""
ERRORS = [
    (
        "400",
        "the document, round or header is invalid: one line naming the round, the "
        "side and the field",
    ),
    ("401", "a passphrase guards the game (or the app): send `X-Scorer-Passphrase`"),
    ("403", "cross-site request: an `Origin` or `Sec-Fetch-Site` naming another site"),
    ("404", "no such game, or no such round"),
    ("409", "`If-Match` names a version the round no longer has: someone changed it"),
    ("413", "the body is larger than 64 KiB"),
    ("415", "a `POST` or `PUT` whose body is not `Content-Type: application/json`"),
]

JSON_HEADER = "-H 'Content-Type: application/json'"
ENDPOINTS = [
    (
        "POST /api/games",
        "Start a game.",
        "Body: the game document's `variant`, `sides`, and optional `players` and `options` "
        '(no rounds). Answer: 201 `{"id": 1}`.',
        f'curl -X POST {JSON_HEADER} \\\n     -d \'{{"variant": "classic", "sides": '
        f'["Us", "Them"]}}\' {BASE}/api/games',
    ),
    (
        "GET /api/games/{id}",
        "Read a game.",
        'Answer: 200 `{"id", "document", "answer", "versions"}`: the game document, '
        "its answer, and each round's version (for `If-Match`).",
        f"curl {BASE}/api/games/1",
    ),
    (
        "POST /api/games/{id}/rounds",
        "Add the next round.",
        "Body: `{side: fields}`. Header `Idempotency-Key` (optional, at most 200 "
        "characters): the round is stored once however often the request is sent. "
        "Answer: 201 with the game's whole answer.",
        f"curl -X POST {JSON_HEADER} -H 'Idempotency-Key: 7f3c' \\\n     -d "
        '\'{"Us": {"natural_canastas": 1, "meld_points": 230, "went_out": true}, '
        f'"Them": {{"mixed_canastas": 1, "meld_points": 185, "hand_points": 65}}}}\' \\\n'
        f"     {BASE}/api/games/1/rounds",
    ),
    (
        "PUT /api/games/{id}/rounds/{n}",
        "Correct round n.",
        "Body: `{side: fields}`. Header `If-Match: <version>` (from `versions`): when the "
        "round changed since, 409 and nothing is overwritten. Answer: 200 with the answer.",
        f"curl -X PUT {JSON_HEADER} -H 'If-Match: 1' \\\n     -d "
        '\'{"Us": {"mixed_canastas": 1, "meld_points": 200, "hand_points": 40}, '
        f'"Them": {{"natural_canastas": 1, "meld_points": 250, "went_out": true}}}}\' \\\n'
        f"     {BASE}/api/games/1/rounds/1",
    ),
    (
        "DELETE /api/games/{id}/rounds/{n}",
        "Delete round n (later rounds move up).",
        "Header `If-Match: <version>` as for `PUT`. Answer: 200 with the answer. Send "
        "`If-Match` from a script that may retry: without it, a DELETE sent twice also "
        "removes the round that moved up into place n; with it, the second is refused (409, "
        "or 404 when no round moved up).",
        f"curl -X DELETE -H 'If-Match: 2' {BASE}/api/games/1/rounds/1",
    ),
    (
        "GET /api/openapi.json",
        "This API as an OpenAPI 3.1 description.",
        "",
        f"curl {BASE}/api/openapi.json",
    ),
]


def document_section() -> list[str]:
    out = [
        "## The game document",
        "",
        "One JSON object describes a whole game so far; `scorekeeper score` and the API "
        "take it. Top-level keys:",
        "",
    ]
    rows = [[f"`{key}`", *TOP_LEVEL_MEANING.get(key, ("no", ""))] for key in TOP_LEVEL]
    out += table(["key", "required", "meaning"], rows)
    out += ["", "Any other key is an error.", "", "### Per-side fields", ""]
    out += [
        "Integers default to 0, flags to false, text to empty. A field the variant does "
        "not score is an error. Every variant takes `adjustment` and `note`: the table's "
        "own points for a side (a penalty, a misdeal), added last, shown as their own "
        "breakdown line (`adjustment: <note>`); in `five-person` a player's adjustment "
        "is theirs alone, not their rentrap's.",
        "",
    ]
    rows = [
        [
            f"`{f.name}`",
            f.kind,
            FIELD_KINDS.get(f.kind, ({}, f.kind))[1],
            f.help or labels_text(f),
            ", ".join(f"`{v.id}`" for v in VARIANTS.values() if v.uses(f.name)),
        ]
        for f in FIELDS.values()
    ]
    out += table(["field", "kind", "values", "meaning", "variants"], rows)
    out += ["", "### Fields and limits per variant", ""]
    for v in VARIANTS.values():
        counts = ", ".join(str(c) for c in sides_counts(v))
        counts = " or ".join(counts.rsplit(", ", 1))
        limits = "; ".join(
            f"{p}: {v.red_threes_in_play(p)} red threes, {v.cards_in_play(p)} cards, "
            f"{v.card_points_in_play(p, v.rules())} card points"
            for p in v.players
        )
        out += [f"- **`{v.id}`** ({counts} sides): " + ", ".join(f"`{n}`" for n in v.round_fields)]
        out += [f"  - in play by players: {limits}"]
    out += [
        "",
        "The red threes of all sides in one round (laid, in hands, in weepers) may "
        "not exceed those in play; a count of canastas may not need more cards than are "
        "in play; the card points of one round, all sides together (`meld_points` + "
        "`hand_points` + `foot_points` + `weeper_points`), may not exceed the value of "
        "all the cards in play at the game's card values (above: at the defaults; in "
        "`weeping` the threes, entered by count, count 0). Beyond it the field with the "
        'largest value is named, e.g. `round 2, side "Cat & Dee": meld_points: 23500 '
        "is more than the 1180 points of all the cards in play`.",
        "",
    ]
    return out


def options_section() -> list[str]:
    out = [
        "## Options per variant",
        "",
        "`options` is optional; each key must be an option of the game's variant.",
        "",
    ]
    out += table(["kind", "values"], ([f"`{k}`", t] for k, (_, t) in OPTION_KINDS.items()))
    for v in VARIANTS.values():
        out += ["", f"### `{v.id}`", ""]
        rows = [[f"`{o.key}`", o.kind, code(o.default), o.label] for o in v.all_options()]
        out += table(["key", "kind", "default", "meaning"], rows)
    return out + [""]


def answer_section() -> list[str]:
    out = ["## The answer", ""]
    rows = [[f"`{key}`", ANSWER_MEANING.get(key, "")] for key in Answer.__annotations__]
    out += table(["key", "meaning"], rows)
    out += ["", "For example:", "", "```json", ANSWER_EXAMPLE, "```", ""]
    return out


def http_section() -> list[str]:
    out = [
        "## HTTP endpoints",
        "",
        "Every answer is JSON. A request that changes a game guarded by a scorer "
        "passphrase sends it in the `X-Scorer-Passphrase` header (401 without it).",
        "",
    ]
    for route, summary, details, curl in ENDPOINTS:
        out += [f"### `{route}`", "", summary + (f" {details}" if details else ""), ""]
        out += ["```sh", curl, "```", ""]
    out += ["### Errors", "", 'Every error answer is `{"error": "one line"}` with:', ""]
    out += table(["status", "when"], ERRORS)
    out += [
        "",
        "### Cross-site rules",
        "",
        "The API takes no form posts and no cookies-only writes: a request that changes "
        "anything must send `Content-Type: application/json` (a page on another site cannot "
        "without a CORS preflight, which the app never grants), and a request whose "
        "`Origin` or `Sec-Fetch-Site` header names another site is refused with 403. A "
        "script on the same machine (curl, Python's urllib) sends neither header.",
        "",
    ]
    return out


def api_markdown() -> str:
    """docs/api.md: the game document, options, answer, errors and HTTP endpoints."""
    out = [
        "# JSON API reference",
        "",
        GENERATED.format(API_COMMAND),
        "",
        "The scoring contract as the `scorekeeper score` command and the app's "
        "JSON API speak it. The rules behind the numbers are in [rules.md](rules.md); the "
        "running app describes the API as OpenAPI 3.1 at `/api/openapi.json`.",
        "",
    ]
    out += document_section() + options_section() + answer_section() + http_section()
    return "\n".join(out).rstrip("\n") + "\n"
