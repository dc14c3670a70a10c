"""Export and import: byte-identical scoreboards in a fresh database, and never
a duplicate in a populated one."""

import csv
import io
import json
import re

import pytest

from scorekeeper import create_app
from scorekeeper.data import sample
from scorekeeper.data.connection import connect
from scorekeeper.data.games.evenings import create_evening
from scorekeeper.data.games.games import create_game, get_game, rounds_of, scored
from scorekeeper.data.transfer import transfer
from scorekeeper.scoring import VARIANTS


def fresh_app(path):
    return create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test-only",
                       "WTF_CSRF_ENABLED": False})  # fmt: skip


@pytest.fixture
def seeded(app, make_game, client):
    """Generated evenings, plus one game of every variant with house rules and one
    resumed from paper, so every variant and option is covered."""
    db = connect(app.config["DATABASE"])
    sample.fill(db, 12, seed=7)
    for variant in VARIANTS.values():
        seats = [f"{variant.id[:3]}{i}" for i in range(variant.default_players)]
        house = {"going_out": 150} if "going_out" in variant.defaults() else {}
        game = make_game(variant.id, seats=seats, options=house)
        client.post(f"/api/games/{game}/rounds", json={})
    evening = create_evening(db, "2026-11-21", "Paper night")
    create_game(db, evening_id=evening, variant="classic", sides=["A", "B"], players=2,
                      options={}, seats=["A", "B"], start={"totals": {"A": 2500}, "rounds": 3})  # fmt: skip
    games = [r["id"] for r in db.query("SELECT id FROM games ORDER BY id")]
    assert {r["variant"] for r in db.query("SELECT variant FROM games")} == set(VARIANTS)
    return db, games


def pages(client, games):
    return {g: (without_join_code(client.get(f"/games/{g}").get_data()),
                client.get(f"/games/{g}/print").get_data()) for g in games}  # fmt: skip


def without_join_code(page):
    """A scoreboard without its table panel: each database makes its own join codes."""
    return re.sub(rb'<section id="table".*?</section>', b"", page, flags=re.S)


def test_export_then_import_gives_byte_identical_scoreboards(seeded, client, tmp_path):
    db, games = seeded
    evenings = db.table("evenings").count
    exported = client.get("/export.json")
    assert exported.headers["Content-Disposition"] == 'attachment; filename="scorekeeper.json"'
    other = fresh_app(tmp_path / "other.sqlite").test_client()
    response = other.post("/import", data={"file": (io.BytesIO(exported.data), "export.json")},
                          content_type="multipart/form-data")  # fmt: skip
    assert response.status_code == 302
    said = other.get(response.location).get_data(as_text=True)
    assert f"Imported: {evenings} evenings added" in said
    assert pages(other, games) == pages(client, games)


def test_importing_twice_or_into_the_source_adds_nothing(seeded, client, app):
    db, games = seeded
    data = json.loads(client.get("/export.json").data)
    assert transfer.import_data(db, data) == {"evenings added": 0, "games added": 0,
                                              "games already here": len(games),
                                              "rule sets added": 0}  # fmt: skip
    assert next(db.query("SELECT count(*) AS n FROM games"))["n"] == len(games)


def test_a_damaged_import_stores_nothing_and_says_where(seeded, client, tmp_path):
    data = json.loads(client.get("/export.json").data)
    data["evenings"][2]["games"][0]["document"]["rounds"][0] = {"nobody": {}}
    target = fresh_app(tmp_path / "other.sqlite")
    db = connect(target.config["DATABASE"])
    with pytest.raises(
        transfer.ImportProblem,
        match='evening 3: game 1: round 1: side "nobody" is not one of the game\'s sides',
    ):
        transfer.import_data(db, data)
    assert next(db.query("SELECT count(*) AS n FROM games"))["n"] == 0
    assert next(db.query("SELECT count(*) AS n FROM evenings"))["n"] == 0
    page = target.test_client().post("/import", data={"file": (io.BytesIO(b"{nope"), "x.json")},
                                     content_type="multipart/form-data")  # fmt: skip
    assert page.status_code == 400 and "Nothing was imported" in page.get_data(as_text=True)


@pytest.mark.parametrize("bad", [[], {"format": "other"}, {"format": "scorekeeper", "version": 9},
                                 {"format": "scorekeeper", "version": 1, "evenings": [{"date": "soon"}]}])  # fmt: skip
def test_not_an_export(app, bad):
    with pytest.raises(transfer.ImportProblem):
        transfer.import_data(connect(app.config["DATABASE"]), bad)


def test_one_game_and_one_evening(seeded, client):
    _, games = seeded
    game = json.loads(client.get(f"/games/{games[0]}/export.json").data)
    assert len(game["evenings"]) == 1 and len(game["evenings"][0]["games"]) == 1
    evening = json.loads(client.get("/evenings/1/export.json").data)
    assert [e["uid"] for e in evening["evenings"]] == [game["evenings"][0]["uid"]]


def test_csv_has_a_row_per_side_per_round_with_the_breakdown(seeded, client):
    db, games = seeded
    rows = list(csv.DictReader(io.StringIO(client.get("/export.csv").get_data(as_text=True))))
    expected = sum(len(get_game(db, g)["sides"]) * len(rounds_of(db, g)) for g in games)
    assert len(rows) == expected
    game, rounds, answer = scored(db, games[0])
    first = rows[0]
    side = game["sides"][0]
    assert (first["side"], int(first["score"])) == (side, answer["rounds"][0]["scores"][side])
    label, points = answer["rounds"][0]["breakdown"][side][0]
    assert f"{label} {points:+d}" in first["breakdown"]


def test_export_and_import_commands(seeded, app, tmp_path):
    from click.testing import CliRunner

    from scorekeeper.cli import main

    out = tmp_path / "all.json"
    result = CliRunner().invoke(main, ["export", str(out), "--db", app.config["DATABASE"]])
    assert result.exit_code == 0, result.output
    target = tmp_path / "copy.sqlite"
    result = CliRunner().invoke(main, ["import", str(out), "--db", str(target)])
    assert result.exit_code == 0 and "games added" in result.output
    again = CliRunner().invoke(main, ["import", str(out), "--db", str(target)])
    assert "0 games added" in again.output
    bad = tmp_path / "bad.json"
    bad.write_text("[]")
    failed = CliRunner().invoke(main, ["import", str(bad), "--db", str(target)])
    assert (
        failed.exit_code == 2
        and "nothing imported: this is not a Scorekeeper export" in failed.output
    )


def test_an_export_after_renames_and_removals_imports_as_it_was(app, make_game, client, tmp_path):
    """Found by an outside attack: a player renamed after a game
    made every export holding it impossible to import; a game's own name was not
    exported; a removed game came back as a live one."""
    from scorekeeper.data.games import removals
    from scorekeeper.data.games.games import rename_game
    from scorekeeper.data.games.players import rename

    db = connect(app.config["DATABASE"])
    kept, gone = make_game(), make_game(seats=("Eve", "Fay", "Gus", "Hal"))
    for game in (kept, gone):
        client.post(f"/api/games/{game}/rounds", json={})
    ann = next(db.query("SELECT id FROM players WHERE name = 'Ann'"))["id"]
    rename(db, ann, "Anne")
    rename_game(db, kept, "Cup final")
    removals.remove_game(db, gone, "the second game", "Ann")
    data = json.loads(client.get("/export.json").data)
    other = fresh_app(tmp_path / "other.sqlite")
    target = connect(other.config["DATABASE"])
    counts = transfer.import_data(target, data)
    assert counts["games added"] == 2
    first = get_game(target, 1)
    assert first["seats"] == ["Anne", "Cat", "Bea", "Dee"] and first["name"] == "Cup final"
    assert first["sides"] == get_game(db, kept)["sides"]  # as the game was played
    assert first["removed_at"] is None and get_game(target, 2)["removed_at"] is not None
    listed = other.test_client().get("/removals").get_data(as_text=True)
    assert "Eve &amp; Gus" in listed or "Eve & Gus" in listed  # undone from the history
    again = json.loads(other.test_client().get("/export.json").data)
    assert transfer.import_data(target, again)["games already here"] == 2  # it imports again


def test_an_import_refuses_one_player_in_two_seats(app, make_game, client):
    db = connect(app.config["DATABASE"])
    make_game()
    data = json.loads(client.get("/export.json").data)
    game = data["evenings"][0]["games"][0]
    game["uid"], game["seats"] = "another", ["Eve", "eve", "Bob", "Cy"]
    with pytest.raises(ValueError, match="Eve.? sits twice|eve.? sits twice"):
        transfer.import_data(db, data)


@pytest.mark.parametrize("removed", [False, 0, "", None])
def test_removed_at_is_a_time_or_absent(app, make_game, client, removed):
    db = connect(app.config["DATABASE"])
    make_game()
    data = json.loads(client.get("/export.json").data)
    game = data["evenings"][0]["games"][0]
    game.update(uid="another", removed_at=removed, name="   ")
    if removed is None or removed == "":  # absent, or no time: a game as any other
        transfer.import_data(db, data)
        found = next(db.query("SELECT name, removed_at FROM games WHERE uid = 'another'"))
        assert found == {"name": "", "removed_at": None}  # and a blank name is no name
    else:
        with pytest.raises(ValueError, match="removed_at"):
            transfer.import_data(db, data)


def test_a_game_ended_as_it_stood_exports_and_imports_as_it_was(app, client, tmp_path):
    from scorekeeper.data.games import rounds

    db = connect(app.config["DATABASE"])
    evening = create_evening(db, "2026-11-27", "Club night")
    game = create_game(
        db,
        evening_id=evening,
        variant="classic",
        sides=["A", "B"],
        players=2,
        options={},
        seats=["A", "B"],
    )
    rounds.add_round(db, game, {"A": {"meld_points": 300}, "B": {"meld_points": 150}})
    assert rounds.end_game(db, game) == 1  # time called: 300 - 150, A wins
    exported = client.get("/export.json")
    assert json.loads(exported.data)["evenings"][0]["games"][0]["document"]["ended_after"] == 1
    other = fresh_app(tmp_path / "other.sqlite")
    response = other.test_client().post(
        "/import",
        data={"file": (io.BytesIO(exported.data), "export.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 302
    there = connect(other.config["DATABASE"])
    kept = get_game(there, game)
    assert (kept["ended_after"], kept["finished"], json.loads(kept["winners"])) == (1, 1, ["A"])
    assert pages(other.test_client(), [game]) == pages(client, [game])
