"""The stored ratings always equal a rating of every finished game from scratch,
whatever corrections, removals, undone removals and imports of earlier games led
there; and the tables the ratings keep are what the pages read."""

import random
from datetime import date

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from scorekeeper import create_app
from scorekeeper.data import sample
from scorekeeper.data.connection import connect
from scorekeeper.data.games import removals
from scorekeeper.data.games.evenings import create_evening
from scorekeeper.data.games.games import scored
from scorekeeper.data.games.rounds import add_round, delete_round
from scorekeeper.data.ratings import backlog, ratings
from scorekeeper.data.transfer import transfer
from scorekeeper.data.transfer.importing import import_data
from scorekeeper.scoring import ScoringError, get_variant


def database(tmp_path_factory, name):
    path = tmp_path_factory.mktemp(name) / "r.sqlite"
    create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test-only"})
    return connect(path)


@pytest.fixture(scope="module")
def earlier(tmp_path_factory):
    """An export of evenings from before every game of the histories below."""
    db = database(tmp_path_factory, "earlier")
    sample.fill(db, 3, seed=11, start=date(2019, 5, 1))
    yield transfer.export(db)
    db.close()


def kept(db):
    return [r["id"] for r in db.query("SELECT id FROM games WHERE removed_at IS NULL")]


def five_player(db, rng):
    """A five-player Canasta game (one of the three sits out each deal) on an evening
    among the others, so that the later games are rated again."""
    day = date(2020, 1, rng.randrange(3, 28)).isoformat()
    sample.play_game(db, create_evening(db, day), get_variant("classic"), sample.NAMES[:5], rng)


def play_on(db, rng):
    """Add a round to a random unfinished game (it may finish it)."""
    game_id = rng.choice(kept(db))
    game, rounds, answer = scored(db, game_id)
    if answer["finished"]:
        return
    entries = sample.random_round(get_variant(game["variant"]), game["sides"], game["players"], rng)
    try:
        add_round(db, game_id, entries)
    except ScoringError:
        pass


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow,
          HealthCheck.function_scoped_fixture])  # fmt: skip
@given(
    seed=st.integers(0, 10**6),
    steps=st.lists(
        st.sampled_from(["correct", "correct", "play", "remove", "undo", "import", "step", "five"]),
        max_size=25,
    ),
    inline=st.sampled_from([0, 1, ratings.INLINE_GAMES]),
)
def test_stored_ratings_equal_a_rating_from_scratch(
    tmp_path_factory, earlier, seed, steps, inline, monkeypatch
):
    """``inline``: replays longer than this are left to the background steps, which
    run now and then ("step"), between the changes, and to the end at last."""
    monkeypatch.setattr(ratings, "INLINE_GAMES", inline)
    monkeypatch.setattr(backlog, "STEP_GAMES", 2)
    monkeypatch.setattr(backlog, "STEP_ROWS", 7)
    db = database(tmp_path_factory, "history")
    sample.fill(db, 3, seed=seed)
    rng = random.Random(seed)
    removed = []
    for step in steps:
        if step == "step":
            backlog.step(db)
        if step == "correct":
            sample.correct(db, rng.choice(kept(db)), rng)
        elif step == "play":
            play_on(db, rng)
        elif step == "remove" and len(kept(db)) > 1:
            removed.append(removals.remove_game(db, rng.choice(kept(db)), "test"))
        elif step == "undo" and removed:
            removals.undo(db, removed.pop(rng.randrange(len(removed))))
        elif step == "import":
            import_data(db, earlier)
        elif step == "five":
            five_player(db, rng)
    backlog.catch_up(db, pause=0)
    assert not ratings.updating(db)
    assert ratings.stored(db) == ratings.from_scratch(db)
    db.close()


def test_a_correction_of_an_early_game_rates_the_later_ones_again(tmp_path_factory):
    """Without the replay, only the corrected game's own changes would move."""
    db = database(tmp_path_factory, "early")
    sample.fill(db, 5, seed=3)
    first = next(db.query("SELECT game_id FROM rated_games ORDER BY date, started_at, uid"))
    game_id = first["game_id"]
    later_before = list(db.query("SELECT * FROM rating_changes WHERE game_id != ?", [game_id]))
    game, rounds, _ = scored(db, game_id)
    delete_round(db, game_id, len(rounds), rounds[-1]["version"])  # no longer finished
    assert not list(db.query("SELECT 1 FROM rated_games WHERE game_id = ?", [game_id]))
    later_after = list(db.query("SELECT * FROM rating_changes WHERE game_id != ?", [game_id]))
    assert later_after != later_before
    assert ratings.stored(db) == ratings.from_scratch(db)
    db.close()


def test_a_removed_game_leaves_the_ratings_and_its_undoing_brings_them_back(tmp_path_factory):
    db = database(tmp_path_factory, "removal")
    sample.fill(db, 3, seed=5)
    before = ratings.stored(db)
    game_id = before["rated_games"][0][0]
    removal = removals.remove_game(db, game_id, "test")
    assert ratings.stored(db) != before
    assert game_id not in {r[0] for r in ratings.stored(db)["rating_changes"]}
    removals.undo(db, removal)
    assert ratings.stored(db) == before
    db.close()


def test_a_long_replay_is_left_to_short_steps_after_the_write(tmp_path_factory, monkeypatch):
    """A correction of the first game notes the replay and returns; each step rates a
    few games in a transaction of its own; the last leaves the tables as from scratch."""
    db = database(tmp_path_factory, "steps")
    sample.fill(db, 6, seed=4)
    monkeypatch.setattr(ratings, "INLINE_GAMES", 2)
    monkeypatch.setattr(backlog, "STEP_GAMES", 3)
    first = next(db.query("SELECT game_id FROM rated_games ORDER BY date, started_at, uid"))
    game, rounds, _ = scored(db, first["game_id"])
    later = len(list(db.query("SELECT 1 FROM rated_games"))) - 1
    delete_round(db, first["game_id"], len(rounds), rounds[-1]["version"])
    assert ratings.updating(db) and ratings.stored(db) != ratings.from_scratch(db)
    assert backlog.catch_up(db, pause=0) >= later // 3
    assert not ratings.updating(db) and ratings.stored(db) == ratings.from_scratch(db)
    db.close()


def test_the_servers_catch_up_runs_in_a_process_of_its_own(tmp_path_factory, monkeypatch):
    db = database(tmp_path_factory, "process")
    sample.fill(db, 4, seed=8)
    monkeypatch.setattr(ratings, "INLINE_GAMES", 1)
    first = next(db.query("SELECT game_id FROM rated_games ORDER BY date, started_at, uid"))
    game, rounds, _ = scored(db, first["game_id"])
    delete_round(db, first["game_id"], len(rounds), rounds[-1]["version"])
    assert ratings.updating(db)
    path = next(iter(db.execute("PRAGMA database_list")))[2]
    backlog.wake(path)
    backlog.wake(path)  # one at it already: no second
    assert backlog._running[path].wait(timeout=120) == 0
    assert not ratings.updating(db) and ratings.stored(db) == ratings.from_scratch(db)
    db.close()
