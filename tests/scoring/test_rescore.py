"""What-if scores a game's rounds again linearly (found by an outside attack:
a 1,000-round game took 24 s, each round scoring every round before it again), with
exactly the answer of scoring the whole game again for each round."""

import random

import pytest

from scorekeeper.data.sample import random_round
from scorekeeper.scoring import VARIANTS, ScoringError, engine, rescore as rescoring, score_game
from scorekeeper.scoring.seating import side_names


def reference(doc, options):
    """The old way, round by round over everything kept so far (quadratic)."""
    base = {**doc, "options": dict(options), "rounds": []}
    answer, kept, rounds = score_game(base), [], []
    for raw in doc["rounds"]:
        if answer["finished"]:
            rounds.append(None)
            continue
        try:
            answer = score_game({**base, "rounds": [*kept, raw]})
            kept.append(raw)
            rounds.append(answer["rounds"][-1]["scores"])
        except ScoringError:
            kept.append({})
            answer = score_game({**base, "rounds": kept})
            rounds.append(None)
    return rounds, answer["totals"], answer["winners"]


def game_of(variant, seed, count=30):
    rng = random.Random(seed)
    players = 4 if variant.id != "five-person" else 5
    seats = [f"P{n}" for n in range(players)]
    sides = side_names(variant, seats)
    rounds = [random_round(variant, sides, players, rng) for _ in range(count)]
    return {"variant": variant.id, "sides": sides, "players": players, "rounds": rounds}


OTHER_RULES = [{}, {"out_canastas": 2}, {"target": 8000}, {"rounds": 2}, {"natural_canasta": 600}]


@pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=list(VARIANTS))
@pytest.mark.parametrize("seed", range(4))
def test_the_same_answer_as_scoring_everything_again(variant, seed):
    doc = game_of(variant, seed)
    known = {o.key for o in variant.options}
    for options in OTHER_RULES:
        options = {k: v for k, v in options.items() if k in known}
        again = rescoring.rescore(doc, options)
        scores, totals, winners = reference(doc, options)
        assert [r["scores"] for r in again["rounds"]] == scores
        assert (again["totals"], again["winners"]) == (totals, winners)


def test_each_round_is_scored_once(monkeypatch):
    variant = VARIANTS["classic"]
    doc = game_of(variant, 7, count=400)
    doc["options"] = {"target": 100000}  # far off: most rounds are played
    scored = []
    real = engine.score_rounds

    def counting(game, totals, played, rounds):
        scored.append(len(rounds))
        return real(game, totals, played, rounds)

    monkeypatch.setattr(engine, "score_rounds", counting)
    rescoring.rescore(doc, {"target": 100000})
    assert sum(scored) <= 2 * len(doc["rounds"])  # it was 400 * 401 / 2 = 80,200
