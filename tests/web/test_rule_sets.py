"""Saved rule sets: save from a game and from the new-game form, start a game
from one, edit, retire, bring back, name clashes, the passphrase guard, and the
export/import round trip."""

import json

import pytest
from werkzeug.security import generate_password_hash

from scorekeeper.data.connection import connect, migrate
from scorekeeper.data.games import rule_sets
from scorekeeper.data.migrations import m0016_standard_canasta, m0028_family_rule_sets
from scorekeeper.data.settings import set_app_passphrase_hash
from scorekeeper.data.transfer import transfer

from .test_house_rules import defaults_of, defaults_of_html
from .test_views import seat_form


@pytest.fixture
def db(app):
    db = connect(app.config["DATABASE"])
    yield db
    db.close()


# the sets every new database starts with
SHIPPED = [m0016_standard_canasta.NAME, *(name for _, name, _, _ in m0028_family_rule_sets.SETS)]


def own_sets(db):
    """The active rule sets but the one the app ships."""
    return [s for s in rule_sets.rule_sets(db) if s["name"] not in SHIPPED]


def save_from_game(client, game, name):
    return client.post(f"/games/{game}/rules/save", data={"name": name})


def test_save_a_games_rules_and_start_a_game_from_them(client, make_game, db):
    game = make_game(options={"target": 3000, "natural_canasta": 600})
    assert "Save as a rule set" in client.get(f"/games/{game}/rules").get_data(as_text=True)
    response = save_from_game(client, game, "Friday rules")
    assert response.status_code == 302
    [saved] = own_sets(db)
    assert saved["name"] == "Friday rules" and saved["options"] == {
        "target": 3000,
        "natural_canasta": 600,
    }

    choose = client.get("/games/new").get_data(as_text=True)
    assert (
        f'value="set-{saved["id"]}"' in choose
        and "House rules of Canasta (Church Dyke Rules): other numbers for canastas" in choose
    )
    response = client.get(f"/games/new?variant=set-{saved['id']}&players=4")
    assert response.location.endswith(f"/games/new/classic/4?rule_set={saved['id']}")
    form = client.get(response.location).get_data(as_text=True)
    assert "Friday rules" in form and 'value="600"' in form and 'value="3000"' in form
    data = seat_form(["Ann", "Cat", "Bea", "Dee"], **defaults_of_html(form))
    started = client.post(response.location, data=data)
    assert started.status_code == 302
    new_game = started.location.rsplit("/", 1)[1]
    rules = client.get(f"/games/{new_game}/rules").get_data(as_text=True)
    assert "Started from the saved rules" in rules and "Friday rules" in rules

    # editing the set later leaves the game as it was played
    edit = client.get(f"/rule-sets/{saved['id']}").get_data(as_text=True)
    data = {**defaults_of_html(edit), "name": "Friday night", "opt_target": "4000"}
    assert client.post(f"/rule-sets/{saved['id']}", data=data).status_code == 302
    assert rule_sets.rule_set(db, saved["id"])["options"]["target"] == 4000
    assert rule_sets.rule_set(db, saved["id"])["name"] == "Friday night"
    doc = client.get(f"/api/games/{new_game}").get_json()["document"]
    assert doc["options"] == {"target": 3000, "natural_canasta": 600}


def test_save_house_rules_from_the_new_game_form(client, db):
    url = "/games/new/weeping/4"
    data = seat_form(["Ann", "Cat", "Bea", "Dee"], **defaults_of(client, url))
    data.update({"opt_penalty_unless_all_wept": "y", "save_as": "Strict weepers"})
    assert client.post(url, data=data).status_code == 302
    [saved] = own_sets(db)
    assert (saved["variant"], saved["options"]) == ("weeping", {"penalty_unless_all_wept": True})
    # the same name again (any case) is refused, beside the field, everything kept
    data["save_as"] = "strict WEEPERS"
    page = client.post(url, data=data)
    html = page.get_data(as_text=True)
    assert page.status_code == 400 and "already exists" in html and 'value="Ann"' in html
    assert len(own_sets(db)) == 1


def test_names_clash_only_among_active_sets_and_restore_checks_it(client, make_game, db):
    game = make_game()
    save_from_game(client, game, "Club")
    assert "already exists" in save_from_game(client, game, "club").get_data(as_text=True)
    first = rule_sets.rule_sets(db)[0]["id"]
    assert client.post(f"/rule-sets/{first}/retire").status_code == 302
    assert "Club" not in client.get("/games/new").get_data(as_text=True)
    assert "Retired" in client.get("/rule-sets").get_data(as_text=True)
    assert client.get(f"/rule-sets/{first}").status_code == 200  # still readable
    assert client.get(f"/games/new/classic/4?rule_set={first}").status_code == 404
    assert save_from_game(client, game, "CLUB").status_code == 302  # the name is free again
    client.post(f"/rule-sets/{first}/restore")
    assert rule_sets.rule_set(db, first)["retired_at"] is not None  # clash: stays retired
    second = [s for s in rule_sets.rule_sets(db) if s["id"] != first][0]["id"]
    client.post(f"/rule-sets/{second}/retire")
    client.post(f"/rule-sets/{first}/restore")
    assert rule_sets.rule_set(db, first)["retired_at"] is None
    assert "Club" in client.get("/games/new").get_data(as_text=True)


def test_rule_set_editor_adds_rows_and_shows_the_engines_messages(client, make_game, db):
    set_id = rule_sets.create(db, "Long feet", "hand-and-foot", {})
    page = client.get(f"/rule-sets/{set_id}").get_data(as_text=True)
    data = {**defaults_of_html(page), "name": "Long feet", "add_row": "opening"}
    html = client.post(f"/rule-sets/{set_id}", data=data).get_data(as_text=True)
    assert 'name="opt_opening_4"' in html
    data = {
        **defaults_of_html(html),
        "name": "Long feet",
        "opt_opening_4": "200",
        "opt_rounds": "-5",
    }
    bad = client.post(f"/rule-sets/{set_id}", data=data)
    assert bad.status_code == 400 and 'value="200"' in bad.get_data(as_text=True)
    data["opt_rounds"] = "5"
    assert client.post(f"/rule-sets/{set_id}", data=data).status_code == 302
    assert rule_sets.rule_set(db, set_id)["options"] == {
        "opening": [50, 90, 120, 150, 200],
        "rounds": 5,
    }


def test_every_change_needs_the_app_passphrase(client, make_game, db):
    game = make_game()
    set_id = rule_sets.create(db, "Friday", "classic", {})
    set_app_passphrase_hash(db, generate_password_hash("open sesame"))
    assert save_from_game(client, game, "Other").status_code == 403
    assert client.post(f"/rule-sets/{set_id}", data={"name": "X"}).status_code == 403
    assert client.post(f"/rule-sets/{set_id}/retire").status_code == 403
    assert client.post(f"/rule-sets/{set_id}/restore").status_code == 403
    page = client.get(f"/rule-sets/{set_id}").get_data(as_text=True)
    assert "Read-only here" in page and "Save the rule set" not in page
    assert "Save as a rule set" not in client.get(f"/games/{game}/rules").get_data(as_text=True)
    assert [s["name"] for s in own_sets(db)] == ["Friday"]


def test_export_and_import_carry_the_rule_sets(app, make_game, db, tmp_path):
    make_game()
    rule_sets.create(db, "Friday", "classic", {"target": 3000})
    old = rule_sets.create(db, "Old", "weeping", {"penalty_unless_all_wept": True})
    rule_sets.retire(db, old)
    data = json.loads(transfer.to_json(transfer.export(db)))
    assert [s["name"] for s in data["rule_sets"]] == [*SHIPPED, "Friday", "Old"]
    assert data["rule_sets"][-1]["retired_at"]

    other = migrate(tmp_path / "other.sqlite")
    rule_sets.create(other, "friday", "samba-foot", {})  # a clash: the import gets a number
    counts = transfer.import_data(other, data)
    assert counts["rule sets added"] == 2  # the shipped sets are there already (their uids)
    names = {s["name"]: s for s in rule_sets.rule_sets(other)}
    assert names["Friday (2)"]["options"] == {"target": 3000}
    assert [s["name"] for s in rule_sets.rule_sets(other, retired=True)] == ["Old"]
    assert transfer.import_data(other, data).get("rule sets added") == 0  # uids known
    assert (
        rule_sets.rule_set(other, names["Friday (2)"]["id"])["uid"] == data["rule_sets"][-2]["uid"]
    )
    other.close()
    assert db.execute("SELECT count(*) FROM rule_sets").fetchone()[0] == len(SHIPPED) + 2


def test_import_refuses_an_invalid_rule_set(db):
    data = {"format": "scorekeeper", "version": 1, "evenings": [],
            "rule_sets": [{"uid": "x1", "name": "Odd", "variant": "classic", "options": {"target": 0}}]}  # fmt: skip
    with pytest.raises(transfer.ImportProblem, match="rule set 1: options: target: 0 is below 1"):
        transfer.import_data(db, data)
