"""Games drawn at random and their answers, frozen before the family house rules
of Hand and Foot and Samba were added: with every new option at its default, the
engine must still answer each exactly so.

The games are drawn from the variants' own data (fields, players, sides) with a
fixed seed, and a round the engine refuses is drawn again, so every game is valid.
Written once with the engine as it was, by

    python -m tests.scoring.frozen_games > tests/scoring/data/frozen_answers.json

and never again: the file is the old engine's word.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from scorekeeper.scoring import FIELDS, VARIANTS, ScoringError, score_game

GAMES_PER_VARIANT = 24
MOST_ROUNDS = 8
TRIES = 40


def side_fields(variant: Any, rng: random.Random, rules: dict[str, Any]) -> dict[str, Any]:
    """One side's fields at sensible sizes; a field its option turns off stays 0."""
    f: dict[str, Any] = {}
    for name in variant.fields:
        switch = variant.field_switches.get(name)
        if switch and not rules[switch]:
            continue
        kind = FIELDS[name].kind
        if kind == "count":
            f[name] = rng.choice([0, 0, 0, 1, 1, 2, 3])
        elif kind == "points":
            f[name] = 5 * rng.randint(0, 60)
    return {k: v for k, v in f.items() if v}


def draw_round(variant: Any, sides: list[str], rng: random.Random) -> dict[str, Any]:
    rules = variant.rules()
    entries = {side: side_fields(variant, rng, rules) for side in sides}
    out = rng.choice([None, *sides])
    if out is not None:
        entries[out].update(went_out=True, hand_points=0)
        for need in variant.out_needs:
            least = need.least(rules)
            entries[out][need.fields[0]] = max(entries[out].get(need.fields[0], 0), least)
        if "foot_points" in entries[out] and rng.random() < 0.5:
            entries[out]["foot_points"] = 0
    return entries


def draw_game(variant: Any, rng: random.Random) -> dict[str, Any]:
    players = rng.choice(list(variant.players))
    shapes = variant.arrangements(players)
    sides = [f"S{i + 1}" for i in range(len(rng.choice(shapes)))]
    doc: dict[str, Any] = {"variant": variant.id, "sides": sides, "players": players, "rounds": []}
    answer = score_game(doc)
    for _ in range(MOST_ROUNDS):
        for _ in range(TRIES):
            attempt = {**doc, "rounds": [*doc["rounds"], draw_round(variant, sides, rng)]}
            try:
                answer = score_game(attempt)
            except ScoringError:
                continue
            doc = attempt
            break
        if answer["finished"]:
            break
    return doc


def frozen() -> list[dict[str, Any]]:
    rng = random.Random(38)
    games = [draw_game(v, rng) for v in VARIANTS.values() for _ in range(GAMES_PER_VARIANT)]
    return [{"game": game, "answer": score_game(game)} for game in games]


if __name__ == "__main__":
    json.dump(frozen(), sys.stdout, ensure_ascii=False, separators=(",", ":"))
