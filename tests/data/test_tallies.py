"""The players' running tallies always equal a recount from scratch, whatever
sequence of rounds added, corrected and deleted led there."""

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from scorekeeper import create_app
from scorekeeper.data import sample
from scorekeeper.data.connection import connect
from scorekeeper.data.games import tallies as tally
from scorekeeper.data.games.players import statistics
from scorekeeper.data.games.tallies import CANASTA_COLUMNS

RECOUNT = (
    "SELECT g.variant, count(DISTINCT g.id) AS played, "
    "count(DISTINCT CASE WHEN g.finished = 1 THEN g.id END) AS finished, "
    "count(DISTINCT CASE WHEN g.finished = 1 AND gs.won = 1 THEN g.id END) AS won "
    "FROM seats s JOIN games g ON g.id = s.game_id AND g.round_count > 0 "
    "JOIN game_sides gs ON gs.game_id = g.id AND gs.side_index = s.side "
    "WHERE s.player_id = ? GROUP BY g.variant"
)
ROUNDS = (
    "SELECT g.variant, count(*) AS rounds, sum(r.score) AS score_sum, max(r.score) AS best, "
    "sum(r.went_out) AS went_out, " + ", ".join(f"sum(r.{c}) AS {c}" for c in CANASTA_COLUMNS)
    + " FROM seats s JOIN games g ON g.id = s.game_id "
    "JOIN side_rounds r ON r.game_id = s.game_id AND r.side_index = s.side "
    "WHERE s.player_id = ? GROUP BY g.variant"
)  # fmt: skip


MONTHS = (
    "SELECT substr(e.date, 1, 7) AS date, count(*) AS games, sum(gs.won) AS won FROM seats s "
    "JOIN games g ON g.id = s.game_id AND g.finished = 1 JOIN evenings e ON e.id = g.evening_id "
    "JOIN game_sides gs ON gs.game_id = g.id AND gs.side_index = s.side "
    "WHERE s.player_id = ? GROUP BY 1 ORDER BY 1"
)


def recount(db, player):
    found = {}
    for sql in (RECOUNT, ROUNDS):
        for row in db.query(sql, [player]):
            found.setdefault(row.pop("variant"), {}).update(row)
    return found


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), changes=st.integers(0, 30))
def test_tallies_match_a_recount(tmp_path_factory, seed, changes):
    path = tmp_path_factory.mktemp("tally") / "t.sqlite"
    create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test-only"})
    db = connect(path)
    sample.fill(db, 4, seed=seed)
    rng = random.Random(seed)
    games = [r["id"] for r in db.query("SELECT id FROM games")]
    for _ in range(changes):
        sample.correct(db, rng.choice(games), rng)
    for player in [r["id"] for r in db.query("SELECT id FROM players")]:
        stats = statistics(db, player)
        expected = recount(db, player)
        assert set(stats) - {"all"} == set(expected)
        for variant, want in expected.items():
            got = {k: stats[variant][k] for k in want}
            assert got == want, (player, variant)
        assert tally.months(db, player) == list(db.query(MONTHS, [player]))
    db.close()
