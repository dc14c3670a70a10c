"""The app ships a saved rule set "Standard Canasta" beside the sheet's own
rules, and the new-game page offers either in one tap."""

import re

from scorekeeper.data.connection import connect, migrate
from scorekeeper.data.games import rule_sets
from scorekeeper.data.games.games import get_game
from scorekeeper.data.games.rounds import add_round
from scorekeeper.data.migrations import m0016_standard_canasta as shipped
from scorekeeper.scoring import get_variant

from .test_views import defaults_of, seat_form
from .test_what_if import totals_again

STANDARD = {"red_threes_all_bonus": 800, "red_threes_unmelded": True, "going_out": 100,
            "concealed": 100, "opening": [[None, 15], [0, 50], [1500, 90], [3000, 120]]}  # fmt: skip


def test_every_new_database_has_standard_canasta(tmp_path):
    db = migrate(tmp_path / "new.sqlite")
    [found] = [s for s in rule_sets.rule_sets(db) if s["uid"] == "standard-canasta"]
    assert (found["name"], found["variant"], found["options"]) == (
        "Standard Canasta", "classic", STANDARD)  # fmt: skip
    rule_sets.checked("classic", found["options"])  # the engine takes it


def test_a_table_with_its_own_set_of_that_name_keeps_it(tmp_path):
    db = migrate(tmp_path / "old.sqlite")
    db.execute("DELETE FROM rule_sets")
    rule_sets.create(db, "standard canasta", "classic", {"target": 3000})
    shipped.apply(db)  # as an upgrade would run it
    assert [(s["name"], s["options"]) for s in rule_sets.rule_sets(db)] == [
        ("standard canasta", {"target": 3000})]  # fmt: skip


def test_the_new_game_page_offers_the_sheet_or_standard_canasta_in_one_tap(client, app):
    page = client.get("/games/new/classic/4").get_data(as_text=True)
    nav = re.search(r'<nav class="rule-choice".*?</nav>', page, re.S).group(0)
    assert "The usual rules" in nav and 'aria-current="true"' in nav
    link = re.search(r'href="([^"]+)"[^>]*>Standard Canasta<', nav).group(1).replace("&amp;", "&")
    chosen = client.get(link).get_data(as_text=True)
    assert "<h1>Standard Canasta: " in chosen
    assert re.search(r'id="opt_red_threes_all_bonus"[^>]*value="800"', chosen)
    assert re.search(r'<input checked id="opt_red_threes_unmelded"', chosen)
    # started from it, the game plays by standard Canasta's numbers
    done = client.post(link, data=seat_form(["Ann", "Cat", "Bea", "Dee"],
                                            **defaults_of(client, link)))  # fmt: skip
    assert done.status_code == 302
    game_id = int(done.location.rsplit("/", 1)[-1])
    game = get_game(connect(app.config["DATABASE"]), game_id)
    rules = get_variant("classic").rules(game["options"])
    assert {k: rules[k] for k in STANDARD} == STANDARD
    assert game["rule_set_name"] == "Standard Canasta"


def test_other_variants_offer_only_their_own_sets(client):
    assert 'class="rule-choice"' not in client.get("/games/new/weeping/4").get_data(as_text=True)


def test_what_if_under_standard_canasta(client, make_game, app):
    """A side with every red three and nothing melded: +400 as played, -800 under
    standard Canasta, which changes who leads."""
    db = connect(app.config["DATABASE"])
    game = make_game("classic")
    add_round(db, game, {"Ann & Bea": {"red_threes": 4, "hand_points": 85},
                         "Cat & Dee": {"mixed_canastas": 1, "meld_points": 100,
                                       "went_out": True, "hand_points": 0}})  # fmt: skip
    [standard] = [s for s in rule_sets.rule_sets(db) if s["name"] == "Standard Canasta"]
    html = client.get(f"/games/{game}/what-if?rule_set={standard['id']}&ask=1")
    text = html.get_data(as_text=True)
    assert "Under Standard Canasta" in text
    assert totals_again(text) == {"Ann &amp; Bea": -885, "Cat &amp; Dee": 500}


def test_the_rules_page_shows_the_classic_options(client):
    page = client.get("/rules/classic").get_data(as_text=True)
    for label in ("every red three in play on one side, instead of each (0: off)",
                  "red threes count against a side that melded nothing",
                  "wild-card canasta (0: not played)",
                  "hand points count against the side that went out too"):  # fmt: skip
        assert label in page


def test_the_round_form_asks_for_wild_canastas_only_when_they_are_played(client, make_game):
    plain = make_game("classic")
    assert "s0_wild_canastas" not in client.get(f"/games/{plain}/rounds/new").get_data(as_text=True)
    wild = make_game("classic", options={"wild_canasta": 1000})
    assert 'name="s0_wild_canastas"' in client.get(f"/games/{wild}/rounds/new").get_data(
        as_text=True
    )


def test_the_rule_set_editor_shows_and_changes_the_options(client, app):
    db = connect(app.config["DATABASE"])
    [standard] = [s for s in rule_sets.rule_sets(db) if s["name"] == "Standard Canasta"]
    url = f"/rule-sets/{standard['id']}"
    page = client.get(url).get_data(as_text=True)
    assert re.search(r'id="opt_red_threes_all_bonus"[^>]*value="800"', page)
    assert re.search(r'id="opt_wild_canasta"[^>]*value="0"', page)
    data = {**defaults_of(client, url), "name": "Standard Canasta", "opt_wild_canasta": "1000"}
    assert client.post(url, data=data).status_code == 302
    assert rule_sets.rule_set(db, standard["id"])["options"]["wild_canasta"] == 1000
