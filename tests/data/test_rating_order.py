"""The ratings depend only on the games: a deleted and re-entered round, an export
imported elsewhere, and a rating of the export's games alone give the same numbers."""

import random
from datetime import date

import pytest

from scorekeeper import create_app
from scorekeeper.data import sample
from scorekeeper.data.connection import connect
from scorekeeper.data.games import results
from scorekeeper.data.games.evenings import create_evening
from scorekeeper.data.games.games import scored
from scorekeeper.data.games.rounds import add_round, delete_round
from scorekeeper.data.ratings import backlog
from scorekeeper.data.transfer import transfer
from scorekeeper.data.transfer.importing import ImportProblem, import_data
from scorekeeper.ratings import model
from scorekeeper.scoring import get_variant, score_game

LATER = "2099-01-01T00:00:00+00:00"  # a correction made long after the evening


def database(tmp_path, name):
    path = tmp_path / f"{name}.sqlite"
    create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test-only"})
    return connect(path)


@pytest.fixture
def club(tmp_path):
    """Generated evenings, and two of five-player Canasta (one of the three sits out
    each deal): three games an evening of the same players."""
    db = database(tmp_path, "club")
    sample.fill(db, 8, seed=21, start=date(2024, 3, 1))
    rng, classic = random.Random(5), get_variant("classic")
    for day in ("2024-05-02", "2024-05-09"):
        evening = create_evening(db, day)
        for k in range(3):
            started = f"{day}T19:{10 * k:02d}:00+00:00"
            sample.play_game(db, evening, classic, sample.NAMES[:5], rng, started)
    yield db
    db.close()


def by_name(db):
    """Each player's current rating per scope, by name (ids differ between databases)."""
    sql = (
        "SELECT p.name, r.scope, r.mu, r.sigma, r.games FROM player_ratings r "
        "JOIN players p ON p.id = r.player_id ORDER BY p.name, r.scope"
    )
    return {(r["name"], r["scope"]): (r["mu"], r["sigma"], r["games"]) for r in db.query(sql)}


def reenter_last_round(db, game_id, monkeypatch):
    """Delete the game's last round (it is no longer finished) and enter it again, later."""
    _, rounds, _ = scored(db, game_id)
    delete_round(db, game_id, len(rounds), rounds[-1]["version"])
    with monkeypatch.context() as later:
        later.setattr(results, "now", lambda: LATER)
        add_round(db, game_id, rounds[-1]["entries"])
    backlog.catch_up(db, pause=0)


def first_games_of_evenings(db):
    """A finished game of each evening with a later game of the same players."""
    sql = (
        "SELECT min(g.id) AS id FROM games g WHERE g.finished = 1 GROUP BY g.evening_id "
        "HAVING count(*) > 1"
    )
    return [r["id"] for r in db.query(sql)]


def test_a_deleted_and_reentered_round_moves_no_rating(club, monkeypatch):
    before = by_name(club)
    changes = list(club.query("SELECT * FROM rating_changes ORDER BY game_id, player_id, scope"))
    games = first_games_of_evenings(club)
    assert len(games) >= 3
    for game_id in games:
        reenter_last_round(club, game_id, monkeypatch)
    assert by_name(club) == before
    after = list(club.query("SELECT * FROM rating_changes ORDER BY game_id, player_id, scope"))
    assert after == changes


def test_an_export_imported_elsewhere_gives_the_same_ratings(club, tmp_path, monkeypatch):
    """Corrections made later first, so that the games no longer finished in the order
    they were started; the other database imports them all at one time."""
    for game_id in first_games_of_evenings(club):
        reenter_last_round(club, game_id, monkeypatch)
    elsewhere = database(tmp_path, "elsewhere")
    import_data(elsewhere, transfer.export(club))
    backlog.catch_up(elsewhere, pause=0)
    assert by_name(elsewhere) == by_name(club)
    elsewhere.close()


def rated_from_export(data):
    """Every finished, kept game of an export as the ratings read it, in the order
    they are rated, from the file alone: players by name, sides by seat."""
    games, ids = [], {}
    for evening in data["evenings"]:
        for game in evening["games"]:
            doc, seats = game["document"], game["seats"]
            answer = score_game(doc)
            if not answer["finished"] or game.get("removed_at") or not seats:
                continue
            k = len(doc["sides"])
            teams = tuple(
                tuple(ids.setdefault(name, len(ids)) for name in seats[n::k]) for n in range(k)
            )
            totals = tuple(answer["totals"][side] for side in doc["sides"])
            deals = doc.get("start", {}).get("rounds", 0) + len(doc["rounds"])
            order = (evening["date"], game["created_at"], game["uid"])
            games.append((order, model.RatedGame(len(games), doc["variant"], teams, totals, deals)))
    names = {i: name for name, i in ids.items()}
    return [game for _, game in sorted(games, key=lambda g: g[0])], names


def test_a_rating_of_the_exports_games_alone_gives_the_stored_numbers(club, monkeypatch):
    for game_id in first_games_of_evenings(club)[:2]:
        reenter_last_round(club, game_id, monkeypatch)
    games, names = rated_from_export(transfer.export(club))
    assert any(g.variant == "classic" and len(g.teams[0]) == 3 for g in games)
    final = {}
    for c in model.replay(games, lambda player, scope: None):
        final[names[c.player_id], c.scope] = (c.after.mu, c.after.sigma, c.games)
    assert final == by_name(club)


@pytest.mark.parametrize(
    "started, stored",
    [
        (None, None),  # a file without it: the game counts as started when imported
        ("2024-05-02T21:30:00+02:00", "2024-05-02T19:30:00+00:00"),
        ("2024-05-02 19:30:00", "2024-05-02T19:30:00+00:00"),
        ("tonight", ImportProblem),
        (20240502, ImportProblem),
    ],
)
def test_an_imported_game_keeps_when_it_was_started(club, tmp_path, started, stored):
    data = transfer.export(club)
    game = data["evenings"][0]["games"][0]
    game.pop("created_at")
    if started is not None:
        game["created_at"] = started
    elsewhere = database(tmp_path, "elsewhere")
    if stored is ImportProblem:
        with pytest.raises(ImportProblem, match="created_at: must be the time"):
            import_data(elsewhere, data)
        assert not list(elsewhere.query("SELECT 1 FROM games"))
    else:
        import_data(elsewhere, data)
        found = next(elsewhere.query("SELECT created_at FROM games WHERE uid = ?", [game["uid"]]))
        assert found["created_at"] == stored or (stored is None and found["created_at"] > "2025")
    elsewhere.close()
