"""A round's adjustment and its note, and standard Canasta's options, go
through the API, export (JSON and CSV) and import, and the ``score`` command."""

import csv
import io
import json

from click.testing import CliRunner

from scorekeeper import create_app
from scorekeeper.cli import main

STANDARD = {"red_threes_all_bonus": 800, "red_threes_unmelded": True,
            "opening": [[None, 15], [0, 50], [1500, 90], [3000, 120]]}  # fmt: skip
ROUND = {"Ann & Bea": {"red_threes": 4, "hand_points": 85, "adjustment": -50,
                       "note": "=talked across the table"},
         "Cat & Dee": {"natural_canastas": 1, "meld_points": 150, "went_out": True}}  # fmt: skip


def test_adjustment_and_options_survive_export_and_import(app, make_game, client, tmp_path):
    game = make_game("classic", options=STANDARD)
    added = client.post(f"/api/games/{game}/rounds", json=ROUND)
    assert added.status_code == 201, added.get_data(as_text=True)
    answer = added.get_json()
    assert answer["rounds"][0]["breakdown"]["Ann & Bea"] == [
        ["red three ×4 (against: nothing melded)", -800], ["cards in hand", -85],
        ["adjustment: =talked across the table", -50]]  # fmt: skip
    assert answer["totals"] == {"Ann & Bea": -935, "Cat & Dee": 750}

    exported = client.get("/export.json").data
    other = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "other.sqlite"),
            "SECRET_KEY": "test-only",
            "WTF_CSRF_ENABLED": False,
        }
    ).test_client()
    done = other.post("/import", data={"file": (io.BytesIO(exported), "export.json")},
                      content_type="multipart/form-data")  # fmt: skip
    assert done.status_code == 302
    copy = other.get(f"/api/games/{game}").get_json()
    assert copy["document"]["options"] == STANDARD
    assert copy["document"]["rounds"][0]["Ann & Bea"]["note"] == "=talked across the table"
    assert copy["answer"]["totals"] == answer["totals"]

    rows = list(csv.DictReader(io.StringIO(client.get("/export.csv").get_data(as_text=True))))
    ann = next(r for r in rows if r["side"] == "Ann & Bea")
    assert (ann["adjustment"], ann["note"]) == ("-50", "'=talked across the table")
    assert "adjustment: =talked across the table -50" in ann["breakdown"]


def test_a_bad_adjustment_over_the_api_stores_nothing(make_game, client):
    game = make_game("classic")
    bad = client.post(f"/api/games/{game}/rounds",
                      json={"Ann & Bea": {"adjustment": 33, "note": "x"}})  # fmt: skip
    assert bad.status_code == 400
    assert "adjustment: 33 is not a multiple of 5" in bad.get_data(as_text=True)
    assert client.get(f"/api/games/{game}").get_json()["document"]["rounds"] == []


def test_the_score_command_takes_the_options_and_the_adjustment():
    done = CliRunner().invoke(main, ["score", "--example", "standard-canasta"])
    assert done.exit_code == 0, done.output
    answer = json.loads(done.output)
    assert answer["rounds"][1]["scores"] == {"Ann & Bea": -885, "Cat & Dee": 750}
    assert answer["rounds"][2]["breakdown"]["Cat & Dee"][-1] == ["adjustment: table talk", -100]
    doc = {"variant": "weeping", "sides": ["A", "B"], "rounds": [{"A": {"note": "a\nb"}}]}
    failed = CliRunner().invoke(main, ["score", "-"], input=json.dumps(doc))
    assert failed.exit_code == 2
    assert 'round 1, side "A": note: may not hold a control character' in failed.output
