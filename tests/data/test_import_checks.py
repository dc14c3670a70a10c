"""Import checks the whole file as the forms and the API would, stores nothing
from a bad one, stays linear in the rounds and lets go of the write lock."""

import copy
import io
import json

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.transfer import importing, staging, transfer

SEATS = ["Ann", "Cat", "Bea", "Dee"]
SIDES = ["Ann & Bea", "Cat & Dee"]


def export(games=1, rounds=3):
    played = [{SIDES[i % 2]: {"meld_points": 5}} for i in range(rounds)]
    return {"format": "scorekeeper", "version": 2, "evenings": [
        {"uid": "e1", "date": "2026-11-20", "name": "Club", "note": "line one\nline two",
         "games": [{"uid": f"g{n}", "seats": list(SEATS), "first_dealer": 1,
                    "document": {"variant": "classic", "sides": list(SIDES), "players": 4,
                                 "options": {}, "rounds": copy.deepcopy(played)}}
                   for n in range(games)]}]}  # fmt: skip


def changed(path, value):
    """The export with the value at ``path`` (keys and indexes) replaced."""
    data = export()
    *where, last = path
    target = data
    for key in where:
        target = target[key]
    target[last] = value
    return data


G = ("evenings", 0, "games", 0)
CASES = [
    ("version true", changed(("version",), True), "export version True is not one this app reads"),
    ("version 1.0", changed(("version",), 1.0), "export version 1.0 is not one this app reads"),
    ("evening not an object", changed(("evenings", 0), [1]), "evening 1: must be an object"),
    ("game not an object", changed((*G[:3], 0), "g"), "evening 1: game 1: must be an object"),
    ("no such day", changed(("evenings", 0, "date"), "2026-02-30"), "evening 1: date: must be a real date written YYYY-MM-DD"),
    ("date without dashes", changed(("evenings", 0, "date"), "20261120"), "evening 1: date: must be a real date written YYYY-MM-DD"),
    ("dealer float", changed((*G, "first_dealer"), 1e309), "evening 1: game 1: first_dealer: must be a seat number from 0 to 3"),
    ("dealer bool", changed((*G, "first_dealer"), True), "evening 1: game 1: first_dealer: must be a seat number from 0 to 3"),
    ("dealer out of range", changed((*G, "first_dealer"), 4), "evening 1: game 1: first_dealer: must be a seat number from 0 to 3"),
    ("seat with NUL", changed((*G, "seats", 0), "A\x00n"), 'evening 1: game 1: seats: "A\\u0000n": a name may not contain control characters'),
    ("seat too long", changed((*G, "seats", 0), "A" * 41), 'a name may be at most 40 characters'),
    ("side with escape", changed((*G, "document"), {"variant": "classic", "sides": ["A\x1b[31m", "B"]}), 'evening 1: game 1: sides: "A\\u001b[31m": a name may not contain control characters'),
    ("evening name with newline", changed(("evenings", 0, "name"), "a\nb"), "evening 1: name: a name may not contain control characters"),
    ("note with half a surrogate", changed(("evenings", 0, "note"), "\ud800"), "evening 1: note: may not contain control characters"),
    # as the evening's form: a note turned around could make a printout read backwards
    ("note turned around", changed(("evenings", 0, "note"), "paid \u202e001-"), "evening 1: note: may not hold a mark that turns the text around"),
    ("uid not text", changed((*G, "uid"), 5), "evening 1: game 1: uid: must be 1 to 64 letters, digits, - or _"),
    ("uid a formula", changed(("evenings", 0, "uid"), "=cmd()"), "evening 1: uid: must be 1 to 64 letters, digits, - or _"),
    # found by an outside attack: a trailing newline passed the check ($ matches before it)
    ("game uid and a newline", changed((*G, "uid"), "g0\n"), "evening 1: game 1: uid: must be 1 to 64 letters, digits, - or _"),
    ("evening uid and a newline", changed(("evenings", 0, "uid"), "e1\n"), "evening 1: uid: must be 1 to 64 letters, digits, - or _"),
    ("rule set uid markup", changed(("rule_sets",), [{"uid": "<b>\x00</b>", "name": "Friday", "variant": "classic", "options": {}}]), "rule set 1: uid: must be 1 to 64 letters, digits, - or _"),
    ("rule set retired at nothing", changed(("rule_sets",), [{"uid": "r1", "name": "Friday", "variant": "classic", "options": {}, "retired_at": ""}]), "rule set 1: retired_at: must be a time (ISO 8601) or null"),
    ("document not an object", changed((*G, "document"), []), "evening 1: game 1: document: must be a game document (an object)"),
    ("a bad round", changed((*G, "document", "rounds", 1), {"nobody": {}}), 'evening 1: game 1: round 2: side "nobody" is not one of the game\'s sides'),
    # RULES: a round's card points past the value of all the cards in play (23500 for 235)
    ("a typing slip", changed((*G, "document", "rounds", 1), {"Cat & Dee": {"meld_points": 23500}}), 'evening 1: game 1: round 2, side "Cat & Dee": meld_points: 23500 is more than the 1180 points of all the cards in play'),
    ("too many rounds", changed((*G, "document", "rounds"), [{}] * 1001), "evening 1: game 1: rounds: a game may have at most 1000"),
    ("too many games", changed(("evenings", 0, "games"), [{}] * 5001), "5001 games: a file may hold at most 5000; export fewer"),
]  # fmt: skip


def counts(db):
    return [
        next(db.query(f"SELECT count(*) AS n FROM {t}"))["n"]
        for t in ("evenings", "games", "rounds")
    ]


@pytest.mark.parametrize(("data", "message"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_bad_file_is_refused_with_a_clear_message_and_nothing_stored(app, data, message):
    db = connect(app.config["DATABASE"])
    with pytest.raises(transfer.ImportProblem) as refused:
        transfer.import_data(db, json.loads(json.dumps(data)))
    assert message in str(refused.value) and len(str(refused.value).splitlines()) == 1
    assert counts(db) == [0, 0, 0]


@pytest.mark.parametrize(("raw", "message"), [
    (b"[" * 1000 + b"]" * 1000, "nested more than 32 levels deep"),
    (b'{"format": "scorekeeper", "version": 1, "evenings": []}' + b" " * (10 * 1024 * 1024), "the file is larger than 10 MB"),
    (b"\xff{}", "not UTF-8 text"),
])  # fmt: skip
def test_files_too_deep_or_too_large_are_refused_before_reading(raw, message):
    with pytest.raises(transfer.ImportProblem, match=message):
        transfer.parse(raw)


def test_a_good_file_imports_with_its_rounds_history_and_results(app):
    db = connect(app.config["DATABASE"])
    assert transfer.import_data(db, export(games=2)) == {"evenings added": 1, "games added": 2, "games already here": 0}  # fmt: skip
    assert counts(db) == [1, 2, 6]
    assert (
        next(db.query("SELECT count(*) AS n FROM round_changes WHERE action = 'added'"))["n"] == 6
    )
    game = next(db.query("SELECT round_count, totals, first_dealer FROM games WHERE uid = 'g0'"))
    assert game == {
        "round_count": 3,
        "totals": '{"Ann & Bea": 10, "Cat & Dee": 5}',
        "first_dealer": 1,
    }
    assert transfer.import_data(db, export(games=2))["games already here"] == 2


def test_each_game_is_scored_once_and_written_in_chunks(app, monkeypatch):
    monkeypatch.setattr(staging, "STEP_SECONDS", 3600)  # steps cut by rounds only
    db = connect(app.config["DATABASE"])
    scored = []
    real = importing.score_game
    monkeypatch.setattr(importing, "score_game", lambda doc: scored.append(1) or real(doc))
    monkeypatch.setattr(
        "scorekeeper.data.games.rounds.score_game", None
    )  # no round-by-round rescoring
    commits = []
    db.conn.set_trace_callback(lambda sql: commits.append(sql) if sql == "COMMIT" else None)
    transfer.import_data(db, export(games=4, rounds=600))
    assert len(scored) == 4 and counts(db) == [1, 4, 2400]
    # 1000 rounds a chunk, the write lock let go between: two chunks, and the import's
    # journal (begun, past the point of no return, the games shown, the rest shown)
    assert len(commits) == 2 + 4


def test_a_bad_game_at_the_end_stores_nothing_even_after_chunks(app):
    db = connect(app.config["DATABASE"])
    data = export(games=4, rounds=600)
    data["evenings"][0]["games"][3]["document"]["rounds"][599] = {"A": 1}
    with pytest.raises(transfer.ImportProblem, match="evening 1: game 4: round 600"):
        transfer.import_data(db, data)
    assert counts(db) == [0, 0, 0]


def test_the_import_page_names_its_size_limit(client):
    body = (b'--x\r\nContent-Disposition: form-data; name="file"; filename="big.json"\r\n\r\n'
            + b" " * (11 * 1024 * 1024) + b"\r\n--x--\r\n")  # fmt: skip
    page = client.post("/import", data=body, content_type="multipart/form-data; boundary=x")
    assert page.status_code == 413 and "larger than 10 MB" in page.get_data(as_text=True)


def test_csv_escapes_every_cell_including_the_uid_and_full_width_formulas(app, client, make_game):
    import csv

    game = make_game(seats=("\uff1dHYPERLINK(1)", "Cat", "\uff20Bea", "Dee"))
    client.post(
        f"/api/games/{game}/rounds", json={"\uff1dHYPERLINK(1) & \uff20Bea": {"hand_points": 35}}
    )
    connect(app.config["DATABASE"]).execute("UPDATE games SET uid = '=cmd|calc'")
    rows = list(
        csv.DictReader(io.StringIO(client.get(f"/games/{game}/export.csv").get_data(as_text=True)))
    )
    assert rows[0]["game"] == "'=cmd|calc"
    assert rows[0]["side"] == "'\uff1dHYPERLINK(1) & \uff20Bea"
    assert rows[0]["players"] == "'\uff1dHYPERLINK(1), \uff20Bea" and rows[0]["score"] == "-35"


def steps_seen(monkeypatch):
    """How many items were written after each step of an import (steps are cut by
    weight only here: no time limit, so a slow machine does not change them)."""
    monkeypatch.setattr(staging, "STEP_SECONDS", 3600)
    steps, real = [], staging.in_steps

    def counted(*args):
        for done in real(*args):
            steps.append(done)
            yield done

    monkeypatch.setattr(staging, "in_steps", counted)
    return steps


def test_a_step_ends_after_step_seconds_however_light_its_items(app, monkeypatch):
    """A step ends on time too: the write lock is let go about every STEP_SECONDS,
    whatever an item costs (a clock that moves 0.02 s a look stands in for the work)."""
    clock = iter(range(10**6))
    monkeypatch.setattr(staging, "monotonic", lambda: next(clock) * 0.02)
    steps, real = [], staging.in_steps
    monkeypatch.setattr(staging, "in_steps", lambda *a: (steps.append(d) or d for d in real(*a)))
    db = connect(app.config["DATABASE"])
    data = {"format": "scorekeeper", "version": 1, "evenings": [
        {"uid": f"e{n}", "date": "2026-11-20", "name": "", "note": "", "games": []}
        for n in range(10)]}  # fmt: skip
    transfer.import_data(db, data)
    assert steps == [3, 6, 9, 10]  # one item, two more while under 0.05 s, then it ends


def test_empty_evenings_are_written_a_chunk_at_a_time(app, monkeypatch):
    """Found by an outside attack: 233,000 empty evenings were one transaction,
    holding the write lock past 30 s while scorers' saves failed."""
    db = connect(app.config["DATABASE"])
    data = {"format": "scorekeeper", "version": 1, "evenings": [
        {"uid": f"e{n}", "date": "2026-11-20", "name": "", "note": "", "games": []}
        for n in range(2500)]}  # fmt: skip
    steps = steps_seen(monkeypatch)
    assert transfer.import_data(db, data)["evenings added"] == 2500
    assert steps == [1000, 2000, 2500]


def test_many_rule_sets_of_one_name_are_checked_first_then_written_in_chunks(app, monkeypatch):
    """Finding 3 too: 166,000 rule sets were one transaction, and each name taken
    already was found by trying "(2)", "(3)"... one query a number."""

    db = connect(app.config["DATABASE"])
    sets = [{"uid": f"r{n}", "name": "Friday", "variant": "classic", "options": {}}
            for n in range(250)]  # fmt: skip
    steps = steps_seen(monkeypatch)
    data = {**export(), "rule_sets": sets}
    assert transfer.import_data(db, data)["rule sets added"] == 250
    assert steps[:3] == [100, 200, 250]  # then the evening and its game
    names = {r["name"] for r in db.query("SELECT name FROM rule_sets WHERE uid LIKE 'r%'")}
    assert {"Friday", "Friday (2)", "Friday (250)"} <= names and len(names) == 250
    too_many = {**export(), "rule_sets": sets * 5}
    with pytest.raises(transfer.ImportProblem, match="at most 1000"):
        transfer.import_data(db, too_many)
