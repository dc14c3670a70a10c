"""The words on the pages, each as a table reads them: no editor's hint or internal
name beside a house rule, no five-player rule in a four-player game, the house target
in the rules of the game, "any meld" where there is no minimum, an evening's wins
counted, a game by its rule set, printed rounds grouped and marked, dates on the
rating chart, and a place and partners in a player's games."""

import html
import re

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.games import rule_sets
from scorekeeper.data.games.evenings import create_evening
from scorekeeper.data.games.games import create_game
from scorekeeper.data.games.rounds import add_round
from scorekeeper.scoring import VARIANTS

BIG = {"natural_canastas": 3, "mixed_canastas": 2, "red_threes": 2, "meld_points": 700}


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


def evening_of(db, finished):
    """An evening of classic games to 3,000 by the same four, each finished or not."""
    evening = create_evening(db, "2026-11-21")
    for finish in finished:
        game = create_game(
            db,
            evening_id=evening,
            variant="classic",
            sides=["Ann & Bea", "Cat & Dee"],
            players=4,
            options={"target": 3000},
            seats=["Ann", "Cat", "Bea", "Dee"],
        )
        add_round(db, game, {"Ann & Bea": BIG if finish else {"meld_points": 50}})
    return evening


def text(response):
    """The page as read: tags dropped, entities read, spaces one."""
    page = re.sub(r"<[^>]+>", " ", response.get_data(as_text=True))
    return " ".join(html.unescape(page).split())


def test_a_house_rule_beside_its_value_has_no_editor_hint(client, make_game):
    game = make_game(options={"red_threes_all_bonus": 800, "wild_canasta": 1000})
    board = text(client.get(f"/games/{game}"))
    assert "every red three in play on one side, instead of each: 800" in board
    assert "wild-card canasta: 1,000" in board
    assert "(0: off)" not in board and "(0: not played)" not in board
    printed = text(client.get(f"/games/{game}/print"))
    assert "(0: off)" not in printed and "instead of each: 800" in printed


def test_no_rule_names_an_internal_key(client):
    page = text(client.get("/rules/classic")) + text(client.get("/games/new/classic/5"))
    keys = {o.key for v in VARIANTS.values() for o in v.all_options() if "_" in o.key}
    assert not [key for key in keys if re.search(rf"\b{key}\b", page)]


@pytest.mark.parametrize("players, shown", [(4, False), (5, True), (6, False)])
def test_five_player_deal_rules_only_in_a_five_player_game(client, players, shown):
    page = client.get(f"/games/new/classic/{players}").get_data(as_text=True)
    for key in ("deal_in_turn", "sitter_deals"):
        tag = re.search(rf'<div class="option[^"]*" id="option-{key}"[^>]*>', page).group(0)
        assert (" hidden" not in tag) == shown, tag


def test_a_hidden_rule_keeps_its_value(client, app, db):
    from tests.web.test_views import defaults_of, seat_form

    url = "/games/new/classic/4"
    data = seat_form(["Ann", "Cat", "Bea", "Dee"], **defaults_of(client, url))
    response = client.post(url, data=data)
    assert response.status_code == 302
    game_id = int(response.location.rsplit("/", 1)[1])
    options = next(db.query("SELECT options FROM games WHERE id = ?", [game_id]))["options"]
    assert options == "{}"  # nothing changed by a rule not shown


def test_the_rules_of_a_game_say_its_own_target(client, make_game):
    game = make_game(options={"target": 3000})
    page = text(client.get(f"/games/{game}/rules"))
    assert "In this game: first to 3,000 wins." in page
    assert "Usually: " in page
    plain = text(client.get(f"/games/{make_game()}/rules"))
    assert "In this game: first to" not in plain and "Usually: " not in plain


def test_a_side_below_zero_without_a_minimum_opens_with_any_meld(client, make_game):
    needs = VARIANTS["classic"].rules({})["opening"]
    assert needs[0] == [None, 0]  # below zero: no minimum, by the sheet
    game = make_game(start={"totals": {"Ann & Bea": -150}, "rounds": 1})
    board = text(client.get(f"/games/{game}"))
    assert "opens with any meld" in board
    assert "opens with 0" not in board


def test_an_evening_counts_each_side_s_wins_and_the_unfinished_game(client, db):
    evening_of(db, [True, True, False])
    page = text(client.get("/evenings"))
    assert "Games won: Ann & Bea ×2 · 1 game not finished" in page
    assert "Won by Ann & Bea, Ann & Bea" not in page


def test_a_game_started_from_standard_canasta_is_listed_so(client, db):
    standard = next(s for s in rule_sets.rule_sets(db) if s["name"] == "Standard Canasta")
    game = rule_sets.start_game(
        db,
        dict(
            evening_id=create_evening(db, "2026-11-21"),
            variant="classic",
            sides=["Ann", "Bea"],
            players=2,
            options=standard["options"],
            seats=["Ann", "Bea"],
        ),
        standard["id"],
    )
    kind = "Canasta (Church Dyke Rules), Standard Canasta"
    assert kind in text(client.get("/"))
    assert kind in text(client.get(f"/games/{game}"))


def test_a_printed_round_groups_its_digits_and_marks_its_sides(client, make_game, db):
    game = make_game()
    add_round(db, game, {"Ann & Bea": BIG, "Cat & Dee": {"meld_points": 50}})
    add_round(db, game, {"Ann & Bea": BIG})
    page = client.get(f"/games/{game}/rounds/2/print").get_data(as_text=True)
    assert page.count('class="side-mark') >= 4  # each side's breakdown and its total
    final = page[page.index('class="final') :]
    assert re.search(r">[56],\d{3}</td>", final), final  # 5,xxx: grouped


def test_the_rating_chart_writes_its_dates_as_the_language_does(client, make_game, db):
    for _ in range(2):
        game = make_game("hand-and-foot", seats=("Ann", "Cat", "Bea", "Dee"))
        for _ in range(4):
            add_round(db, game, {"Ann & Bea": {"meld_points": 300}})
    ann = next(db.query("SELECT id FROM players WHERE name = 'Ann'"))["id"]
    page = client.get(f"/players/{ann}").get_data(as_text=True)
    chart = page[page.index("Ann: rating over time") :]
    assert "2026-11-20" not in chart and "Fri 20 Nov 2026" in chart


def test_a_player_s_games_say_their_place_and_partners(client, make_game, db):
    five = make_game("five-person", seats=("Ann", "Bea", "Cat", "Dee", "Eve"))
    for _ in range(5):
        add_round(db, five, {"Ann": {"meld_points": 700}, "Cat": {"meld_points": 200}})
    teams = make_game("hand-and-foot", seats=("Ann", "Cat", "Bea", "Dee"))
    for _ in range(4):
        add_round(db, teams, {"Cat & Dee": {"meld_points": 300}})
    bea = next(db.query("SELECT id FROM players WHERE name = 'Bea'"))["id"]
    page = text(client.get(f"/players/{bea}"))
    assert re.search(r"lost with -?[\d,]+ · with Ann", page)  # the team game: her partner
    assert re.search(r"(won|lost) with -?[\d,]+ · place \d of 5", page)  # five-person


def test_an_adjustment_s_note_is_written_under_the_rounds(client, make_game, db):
    game = make_game()
    add_round(
        db, game, {"Ann & Bea": {"meld_points": 50, "adjustment": -100, "note": "table talk"}}
    )
    board = text(client.get(f"/games/{game}"))
    assert "Round 1, Ann & Bea -100: table talk" in board.replace("−", "-")


def test_a_long_evening_prints_a_line_a_game(client, db):
    evening = evening_of(db, [False] + [True] * 7)
    page = client.get(f"/evenings/{evening}/print").get_data(as_text=True)
    assert "Every game of the evening" in page
    assert page.count('<tr class="keep">') == 8
    assert 'class="print-game"' not in page  # no game's pages of its own
