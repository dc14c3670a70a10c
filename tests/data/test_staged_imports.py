"""An import is seen whole or not at all (found by an outside attack): it is
written in short steps, hidden until the whole file is in, and taken out again when it
fails or its process dies, so scorers never see half a file."""

import copy

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.games import evenings, games, players, rule_sets
from scorekeeper.data.transfer import importing, staging, transfer

SEATS = ["Ann", "Cat", "Bea", "Dee"]
SIDES = ["Ann & Bea", "Cat & Dee"]


def export(games=4, rounds=600, seats=SEATS):
    sides = [f"{seats[0]} & {seats[2]}", f"{seats[1]} & {seats[3]}"]
    played = [{sides[i % 2]: {"meld_points": 5}} for i in range(rounds)]
    return {"format": "scorekeeper", "version": 1,
            "rule_sets": [{"uid": "rs1", "name": "Friday rules", "variant": "classic",
                           "options": {"target": 3000}}],
            "evenings": [
        {"uid": f"e{n}", "date": "2026-11-20", "name": f"Club {n}", "note": "",
         "games": [{"uid": f"g{n}", "seats": list(seats), "first_dealer": 1,
                    "document": {"variant": "classic", "sides": sides, "players": 4,
                                 "options": {}, "rounds": copy.deepcopy(played)}}]}
        for n in range(games)]}  # fmt: skip


def seen(db):
    """What a scorer's pages list: evenings, recent games, players, rule sets."""
    return {
        "evenings": evenings.evenings(db)[1],
        "games": len(games.recent_games(db)),
        "players": players.names(db),
        "rule sets": [s["name"] for s in rule_sets.rule_sets(db)],
        "played": [r["played"] for r in players.ranking(db)],
    }


@pytest.fixture
def db(app):
    return connect(app.config["DATABASE"])


def test_scorers_see_nothing_of_an_import_until_the_whole_file_is_in(app, db, monkeypatch):
    other = connect(app.config["DATABASE"])  # a scorer's page, between the import's steps
    before, during = seen(other), []
    monkeypatch.setattr(staging, "STEP_SECONDS", 3600)  # steps cut by rounds only
    real = staging.in_steps

    def observed(db, items, write_one, most):
        for done in real(db, items, write_one, most):
            if most != staging.STEP_GAMES:  # writing; not yet showing it
                during.append(seen(other))
            yield done

    monkeypatch.setattr(staging, "in_steps", observed)
    transfer.import_data(db, export(seats=["Ivy", "Jo", "Kit", "Lu"]))
    assert len(during) == 1 + 2  # the rule set; 2,400 rounds in two steps
    assert during == [before] * 3
    after = seen(other)
    assert after["evenings"] == 4 and after["games"] == 4
    assert after["players"] == ["Ivy", "Jo", "Kit", "Lu"]
    assert set(after["rule sets"]) - set(before["rule sets"]) == {
        "Friday rules"
    }  # beside the shipped
    assert after["played"] == [4, 4, 4, 4]  # the tallies count every game once


def test_an_import_that_fails_half_way_leaves_nothing(app, db, monkeypatch):
    transfer.import_data(db, export(games=1, rounds=3))  # Ann, Bea, Cat and Dee's first game
    before = seen(db)
    real, written = importing.write_game, []

    def fail_at_the_third(*args):
        if len(written) == 2:
            raise OSError("disk I/O error")
        written.append(real(*args))

    monkeypatch.setattr(importing, "write_game", fail_at_the_third)
    data = export(seats=["Ann", "Jo", "Bea", "Lu"])
    for n, evening in enumerate(data["evenings"]):
        evening["uid"], evening["games"][0]["uid"] = f"new-e{n}", f"new-g{n}"
    data["rule_sets"][0]["uid"] = "rs2"
    with pytest.raises(OSError):
        transfer.import_data(db, data)
    assert len(written) == 2  # the first step was written, then taken out
    assert seen(db) == before
    tables = ("evenings", "games", "rounds", "round_changes", "seats", "players", "rule_sets")
    assert {t: db[t].count for t in tables} == {
        "evenings": 1, "games": 1, "rounds": 3, "round_changes": 3, "seats": 4, "players": 4,
        "rule_sets": 6,  # Friday rules and the shipped sets: Standard Canasta, four family ones
    }  # fmt: skip
    monkeypatch.setattr(importing, "write_game", real)
    assert transfer.import_data(db, data)["games added"] == 4  # the same file, whole, later


def test_an_import_whose_process_died_is_taken_out_and_one_past_no_return_finished(app, db):
    """A dead import is one whose lock is free: taken out while writing, shown in full
    once past its point of no return; a live one (its lock held) is left alone."""
    plan = importing.check_export(export(games=2, rounds=3))
    stage = staging.begin(db)
    importing.write(db, plan[:1], stage)
    alive = staging.recover(connect(app.config["DATABASE"]))
    assert alive == [] and db["games"].count == 1  # still running: left alone
    stage.release()  # the process died: the system let go of its lock
    assert [r["state"] for r in staging.recover(db)] == ["writing"]
    assert db["games"].count == 0 and db["evenings"].count == 0 and db["players"].count == 0

    stage = staging.begin(db)
    importing.write(db, plan, stage)
    db.execute("UPDATE imports SET state = 'revealing' WHERE id = ?", [stage.id])
    db.conn.commit()
    stage.release()  # died just past the point of no return
    assert [r["state"] for r in staging.recover(db)] == ["revealing"]
    shown = seen(db)
    assert shown["evenings"] == 2 and shown["games"] == 2 and shown["played"] == [2] * 4
