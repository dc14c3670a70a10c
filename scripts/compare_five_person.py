"""Five-person ratings compared on generated games: players placed by the table's
totals (each one their own points plus their partner's) or by their own points (what
``ratings.model`` does), by how well each way predicts the next game.

    .venv/bin/python scripts/compare_five_person.py [--games 600] [--players 12] [--seeds 20]

A generated club: each player has a hidden skill (normal, mean 0, deviation 1). Each
game seats five of them at random; each player's own points are their skill plus
luck (normal, deviation ``--luck``, each value given is a run of its own), and each
total is a player's own points plus their partner's (the player two seats on), as in
the game. Before a game is rated, each way predicts, for each two of the five, who
ends with the higher total: by totals, player against player (OpenSkill's own
``predict_win``); by own points, each player with their partner (whose points their
total holds) against the other with theirs. Over the games after ``--warmup``: the
log-loss of those predictions (lower is better), how often the favourite ended
higher, and the players' mean sigma at the end (how sure each way has become). As
OpenSkill's chances come out of Plackett-Luce ratings too sure for both ways, the
log-loss is given also with the one scale of the predictions (0.05 to 2) that suits
each way best: what the ratings know, apart from how sure they say they are.
Prints JSON: per luck, each way's figures, averaged over the seeds.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from itertools import combinations
from pathlib import Path
from statistics import NormalDist

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from scorekeeper.ratings import model  # noqa: E402

WAYS = ("totals", "own points")


def partner(seat: int) -> int:
    return (seat + 2) % 5


def predicted(skills: list[model.Skill], way: str, a: int, b: int) -> float:
    """How far seat ``a`` is expected to end above seat ``b`` in standard deviations
    (its normal distribution function is the chance that ``a`` ends higher): each
    player performs at their mu, give or take beta and their sigma (OpenSkill's
    ``predict_win`` for one against one); by own points a total is two players'
    performances, and a player in both totals drops out of the difference."""
    held = {a: 1, b: -1} if way == "totals" else {}
    if way == "own points":
        for seat, sign in ((a, 1), (partner(a), 1), (b, -1), (partner(b), -1)):
            held[seat] = held.get(seat, 0) + sign
    lead = sum(c * skills[s].mu for s, c in held.items())
    spread = sum(c * c * (model.MODEL.beta**2 + skills[s].sigma ** 2) for s, c in held.items())
    return lead / math.sqrt(spread)


def run(seed: int, games: int, players: int, luck: float, warmup: int) -> dict[str, dict]:
    rng = random.Random(seed)
    hidden = [rng.gauss(0, 1) for _ in range(players)]
    state = {way: [model.START] * players for way in WAYS}
    seen: dict[str, list[tuple[float, bool]]] = {way: [] for way in WAYS}
    for n in range(games):
        seated = rng.sample(range(players), 5)
        own = [hidden[p] + rng.gauss(0, luck) for p in seated]
        totals = [own[s] + own[partner(s)] for s in range(5)]
        for way in WAYS:
            skills = [state[way][p] for p in seated]
            if n >= warmup:
                seen[way] += [
                    (predicted(skills, way, a, b), totals[a] > totals[b])
                    for a, b in combinations(range(5), 2)
                ]
            placing = (
                totals if way == "totals" else model.own(totals, [partner(s) for s in range(5)])
            )
            after = model.rate([[s] for s in skills], model.ranks(placing))
            for s, p in enumerate(seated):
                state[way][p] = after[s][0]
    out = {}
    for way in WAYS:
        best = min(range(1, 41), key=lambda k: log_loss(seen[way], k / 20)) / 20
        out[way] = {
            "log_loss": log_loss(seen[way]),
            "best_scale": best,
            "log_loss_best_scale": log_loss(seen[way], best),
            "favourite_higher": statistics.fmean((z > 0) == won for z, won in seen[way]),
            "mean_sigma": statistics.fmean(s.sigma for s in state[way]),
        }
    return out


def log_loss(seen: list[tuple[float, bool]], scale: float = 1.0) -> float:
    """The mean of -log(the chance given to what happened), each chance the normal
    distribution function of ``scale`` times the prediction."""

    def chance(z: float) -> float:
        return max(NormalDist().cdf(z), 1e-15)  # a sure miss costs 34.5, not infinity

    return statistics.fmean(-math.log(chance(scale * z if won else -scale * z)) for z, won in seen)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=100)
    parser.add_argument("--luck", type=float, nargs="+", default=[1.0, 2.0])
    args = parser.parse_args()
    out = {}
    for luck in args.luck:
        runs = [run(s, args.games, args.players, luck, args.warmup) for s in range(args.seeds)]
        out[f"luck {luck}"] = {
            way: {k: round(statistics.fmean(r[way][k] for r in runs), 4) for k in runs[0][way]}
            for way in WAYS
        }
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
