"""JSON Schemas of the JSON contract (docs/api.md), generated from the variant registry.

Pure data for the reference docs and the app's OpenAPI description: one schema
per round field kind, per option kind, and per variant for a side's fields, the
options and the whole game document. A new field, option or variant shows up
here without an edit.

>>> side_fields_schema(VARIANTS["classic"])["properties"]["meld_points"]["multipleOf"]
5
"""

from __future__ import annotations

from typing import Any

from .document import START_LIMIT, TOP_LEVEL
from .fields import ADJUSTMENT_LIMIT, COUNT_LIMIT, NOTE_LIMIT, POINTS_LIMIT, Field
from .later_checks import LATER_CHECKS
from .registry import VARIANTS
from .rules import Option
from .variant import Variant

Schema = dict[str, Any]

FIELD_KINDS: dict[str, tuple[Schema, str]] = {
    "count": (
        {"type": "integer", "minimum": 0, "maximum": COUNT_LIMIT},
        f"whole number, 0 to {COUNT_LIMIT}",
    ),
    "points": (
        {"type": "integer", "minimum": 0, "maximum": POINTS_LIMIT, "multipleOf": 5},
        f"whole number, 0 to {POINTS_LIMIT}, a multiple of 5",
    ),
    "flag": ({"type": "boolean"}, "true or false"),
    "signed": (
        {
            "type": "integer",
            "minimum": -ADJUSTMENT_LIMIT,
            "maximum": ADJUSTMENT_LIMIT,
            "multipleOf": 5,
        },
        f"whole number, -{ADJUSTMENT_LIMIT} to {ADJUSTMENT_LIMIT}, a multiple of 5",
    ),
    "text": (
        {"type": "string", "maxLength": NOTE_LIMIT},
        f"text, at most {NOTE_LIMIT} characters, no control characters or line breaks",
    ),
}

OPTION_KINDS: dict[str, tuple[Schema, str]] = {
    "points": (
        {"type": "integer", "minimum": 0, "maximum": POINTS_LIMIT},
        f"whole number, 0 to {POINTS_LIMIT}",
    ),
    "positive": (
        {"type": "integer", "minimum": 1, "maximum": POINTS_LIMIT},
        f"whole number, 1 to {POINTS_LIMIT}",
    ),
    "flag": ({"type": "boolean"}, "true or false"),
    "by_round": (
        {
            "type": "array",
            "minItems": 1,
            "items": {"type": "integer", "minimum": 0, "maximum": POINTS_LIMIT},
        },
        "a list of points: round 1, round 2, ...; the last holds after the list",
    ),
    "thresholds": (
        {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "array",
                "minItems": 2,
                "maxItems": 2,
                "prefixItems": [
                    {
                        "type": ["integer", "null"],
                        "minimum": -POINTS_LIMIT,
                        "maximum": POINTS_LIMIT,
                    },
                    {"type": "integer", "minimum": 0, "maximum": POINTS_LIMIT},
                ],
            },
        },
        "a list of [lowest score, points] with rising lowest scores (the first may be "
        "null: any score) and requirements that do not fall",
    ),
}


def field_schema(field: Field) -> Schema:
    schema, _ = FIELD_KINDS.get(field.kind, ({}, ""))
    return {**schema, "description": field.help or field.label, "default": field.default}


def option_schema(option: Option) -> Schema:
    schema, _ = OPTION_KINDS.get(option.kind, ({}, ""))
    return {**schema, "description": option.label, "default": option.default}


def side_fields_schema(variant: Variant) -> Schema:
    """One side's fields in one round of ``variant`` (all optional)."""
    return {
        "type": "object",
        "title": f"{variant.id} side",
        "additionalProperties": False,
        "properties": {
            name: field_schema(variant.field_spec(name)) for name in variant.round_fields
        },
    }


def options_schema(variant: Variant) -> Schema:
    """The house rules a game of ``variant`` may change (all optional)."""
    return {
        "type": "object",
        "title": f"{variant.id} options",
        "additionalProperties": False,
        "properties": {o.key: option_schema(o) for o in variant.all_options()},
    }


def sides_counts(variant: Variant) -> list[int]:
    return sorted({len(variant.arrangement(p)) for p in variant.players})


def game_schema(variant: Variant, *, with_rounds: bool = True) -> Schema:
    """A game document of ``variant`` (``with_rounds=False``: a new game for the API)."""
    counts = sides_counts(variant)
    properties: Schema = {
        "variant": {"const": variant.id},
        "sides": {
            "type": "array",
            "items": {"type": "string", "minLength": 1},
            "minItems": counts[0],
            "maxItems": counts[-1],
            "uniqueItems": True,
            "description": "the sides' names, in seat order",
        },
        "players": {"enum": list(variant.players), "description": "how many play"},
        "options": options_schema(variant),
    }
    if with_rounds:
        side = side_fields_schema(variant)
        properties["rounds"] = {
            "type": "array",
            "items": {"type": "object", "additionalProperties": side},
            "description": "each round: {side: fields}",
        }
        properties["start"] = {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "totals": {
                    "type": "object",
                    "additionalProperties": {
                        "type": "integer",
                        "minimum": -START_LIMIT,
                        "maximum": START_LIMIT,
                        "multipleOf": 5,
                    },
                },
                "rounds": {"type": "integer", "minimum": 0, "maximum": COUNT_LIMIT},
            },
            "description": "a game resumed from paper: its totals and rounds so far",
        }
        properties["grandfathered"] = {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                name: {
                    "type": "array",
                    "items": {"type": "integer", "minimum": 1, "maximum": 10 * COUNT_LIMIT},
                }
                for name in LATER_CHECKS
            },
            "description": "rounds kept as played despite a check added after they were "
            "stored: the check's name and the rounds' numbers",
        }
        properties["ended_after"] = {
            "type": "integer",
            "minimum": 0,
            "maximum": COUNT_LIMIT,
            "description": "the game ended as it stood after this round (time called at "
            "a club night): the highest totals win",
        }
    assert set(properties) <= set(TOP_LEVEL)
    return {
        "type": "object",
        "title": f"{variant.id} game",
        "required": ["variant", "sides"],
        "additionalProperties": False,
        "properties": properties,
    }


def answer_schema() -> Schema:
    """The answer to a game document (the same for every variant)."""
    points = {"type": "object", "additionalProperties": {"type": "integer"}}
    # [label, points]; "items" rather than "prefixItems", which schemathesis 4 misreads
    line = {
        "type": "array",
        "items": {"type": ["string", "integer"]},
        "minItems": 2,
        "maxItems": 2,
        "description": "[label, points]",
    }
    round_answer = {
        "type": "object",
        "required": ["scores", "breakdown"],
        "properties": {
            "scores": points,
            "breakdown": {
                "type": "object",
                "additionalProperties": {"type": "array", "items": line},
            },
        },
    }
    return {
        "type": "object",
        "required": ["rounds", "totals", "next_round", "opening", "finished", "winners"],
        "properties": {
            "rounds": {"type": "array", "items": round_answer},
            "totals": points,
            "next_round": {"type": "integer", "minimum": 1},
            "opening": points,
            "finished": {"type": "boolean"},
            "winners": {"type": "array", "items": {"type": "string"}},
        },
    }


def all_variants_schema() -> Schema:
    return {"oneOf": [game_schema(v) for v in VARIANTS.values()]}
