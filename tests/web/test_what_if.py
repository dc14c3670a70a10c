"""What-if: a game and an evening scored again under other rules, side by side
with what was played; rounds the other rules refuse are shown, not a crash."""

import re

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.games import rule_sets
from scorekeeper.data.games.games import scored
from scorekeeper.data.games.rounds import add_round

ROUNDS = [  # Ann & Bea win 6200 to 300 as played, every round's card points within the
    # 1180 of all the cards in play: 1500 + 600, 300 + 100; 500 + 400 red threes + 100 out
    # + 1000 (one canasta), -40; 500 + 600 + 100 + 900, -60
    {"Ann & Bea": {"mixed_canastas": 5, "meld_points": 600},
     "Cat & Dee": {"mixed_canastas": 1, "meld_points": 100}},
    {"Ann & Bea": {"natural_canastas": 1, "red_threes": 4, "went_out": True, "meld_points": 1000},
     "Cat & Dee": {"hand_points": 40}},
    {"Ann & Bea": {"natural_canastas": 1, "mixed_canastas": 2, "went_out": True,
                   "meld_points": 900},
     "Cat & Dee": {"hand_points": 60}},
]  # fmt: skip


@pytest.fixture
def db(app):
    db = connect(app.config["DATABASE"])
    yield db
    db.close()


def played_game(make_game, db, rounds=ROUNDS, variant="classic", **kw):
    game = make_game(variant, **kw)
    for entries in rounds:
        add_round(db, game, entries)
    return game


def totals_again(html):
    """Each side's total under the other rules, as shown (with the language's grouping)."""
    found = re.findall(r'class="num[^"]*" data-side="([^"]+)">(-?[\d,]+)<', html)
    return {s: int(p.replace(",", "")) for s, p in found}


def test_a_saved_rule_set_shows_each_round_both_ways(client, make_game, db):
    game = played_game(make_game, db)
    before = scored(db, game)[2]
    set_id = rule_sets.create(db, "Big canastas", "classic", {"natural_canasta": 1000})
    html = client.get(f"/games/{game}/what-if?rule_set={set_id}&ask=1").get_data(as_text=True)
    assert "Under Big canastas" in html
    assert totals_again(html) == {"Ann &amp; Bea": 7200, "Cat &amp; Dee": 300}
    assert "Same winner: Ann &amp; Bea" in html
    assert '<td class="num differs">+2,500</td>' in html  # round 2: 2000 played, 2500 what-if
    assert scored(db, game)[2] == before  # nothing changed


def test_typed_numbers_that_change_the_winner(client, make_game, db):
    game = played_game(make_game, db, rounds=[
        {"Ann & Bea": {"meld_points": 200}, "Cat & Dee": {"mixed_canastas": 1, "meld_points": 100}},
    ], options={"target": 150})  # fmt: skip
    page = client.get(f"/games/{game}/what-if").get_data(as_text=True)
    assert 'value="150"' in page  # the editor starts from the game's own numbers
    url = f"/games/{game}/what-if?ask=1&rule_set=0&opt_target=150&opt_mixed_canasta=0&opt_sitter_deals=y&opt_tie_plays_on=y"
    html = client.get(
        url + "&opt_opening_rows=4&opt_opening_0_need=0&opt_opening_1_low=0&opt_opening_1_need=50"
        "&opt_opening_2_low=1500&opt_opening_2_need=90&opt_opening_3_low=3000&opt_opening_3_need=120"
        + "".join(
            f"&{k}={v}"
            for k, v in re.findall(r'name="(opt_[a-z_]+)"[^>]*value="(\d+)"', page)
            if k not in ("opt_target", "opt_mixed_canasta")
        )
    ).get_data(as_text=True)
    assert "The winner changes: Cat &amp; Dee → <strong>Ann &amp; Bea</strong>" in html


def test_a_round_invalid_under_the_other_rules_is_shown_not_a_crash(client, make_game, db):
    game = played_game(make_game, db)
    set_id = rule_sets.create(db, "Two to go out", "classic", {"out_canastas": 2})
    response = client.get(f"/games/{game}/what-if?rule_set={set_id}")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "1 round could not be scored under these rules" in html
    assert (
        "Round 2: round 2, side &#34;Ann &amp; Bea&#34;: went_out: going out needs at least 2 canastas"
        in html
    )
    assert totals_again(html) == {"Ann &amp; Bea": 4200, "Cat &amp; Dee": 340}
    assert "The winner changes: Ann &amp; Bea → <strong>nobody yet</strong>" in html


def test_rounds_after_an_earlier_end_are_marked(client, make_game, db):
    game = played_game(make_game, db)
    set_id = rule_sets.create(db, "Short", "classic", {"target": 2000})
    html = client.get(f"/games/{game}/what-if?rule_set={set_id}").get_data(as_text=True)
    assert "not played under these rules: the game was over after round 1" in html


def test_invalid_typed_numbers_are_shown_beside_the_option(client, make_game, db):
    game = played_game(make_game, db, variant="weeping", rounds=[])
    html = client.get(f"/games/{game}/what-if?ask=1&opt_target=3000").get_data(as_text=True)
    assert "This field is required" in html or "must lie above" in html
    assert "Under the numbers typed" not in html


def test_a_rule_set_of_another_variant_is_404(client, make_game, db):
    game = played_game(make_game, db)
    set_id = rule_sets.create(db, "Feet", "hand-and-foot", {})
    assert client.get(f"/games/{game}/what-if?rule_set={set_id}").status_code == 404


def test_the_evening_and_its_printout(client, make_game, db, app):
    first = played_game(make_game, db)
    evening = next(db.query("SELECT evening_id FROM games WHERE id = ?", [first]))["evening_id"]
    second = played_game(make_game, db, rounds=[
        {"Ann & Bea": {"meld_points": 100}, "Cat & Dee": {"natural_canastas": 1, "meld_points": 50}}],
        options={"target": 500})  # fmt: skip
    db.execute("UPDATE games SET evening_id = ? WHERE id = ?", [evening, second])
    db.conn.commit()
    set_id = rule_sets.create(db, "Cheap naturals", "classic", {"natural_canasta": 0})
    assert "What if?" in client.get(f"/evenings/{evening}").get_data(as_text=True)
    html = client.get(f"/evenings/{evening}/what-if?rule_set={set_id}").get_data(as_text=True)
    assert "Under Cheap naturals" in html and "Game 2: Canasta" in html
    assert "1 of 2 games would have another winner" in html
    assert "The winner changes: Cat &amp; Dee → <strong>nobody yet</strong>" in html
    printed = client.get(f"/evenings/{evening}/what-if/print?rule_set={set_id}")
    text = printed.get_data(as_text=True)
    assert printed.status_code == 200 and "print.css" in text and "data-print" in text
    assert "natural canasta: <strong>0</strong>" in text
    game_print = client.get(f"/games/{first}/what-if/print?rule_set={set_id}").get_data(
        as_text=True
    )
    assert "Scored again under Cheap naturals" in game_print
