"""Side blocks of the round form kept rendered (``web/fragments.py``): the same
markup as a fresh render, and never a block that shows something else."""

from __future__ import annotations

import re

from scorekeeper.web.http import fragments
from scorekeeper.web.pages import rounds


def blank(html: str) -> str:
    """The page without what differs on every view: the form's key and token."""
    html = re.sub(r'name="key" type="hidden" value="[0-9a-f]{32}"', "KEY", html)
    return re.sub(r'name="csrf_token" type="hidden" value="[^"]+"', "TOKEN", html)


def same_kind(html: str, game: int) -> str:
    """A game's page without its id: two games of a kind then give the same page."""
    html = re.sub(rf"/games/{game}(?=[/\"?])", "/games/X", html)
    return html.replace(f'"{game}:new', '"X:new')


def fresh(client, path: str) -> str:
    rounds.NEW_ROUND_PAGES.pages.clear()
    return blank(client.get(path).get_data(as_text=True))


def test_a_kept_block_is_the_block_a_fresh_render_gives(client, make_game):
    first, second = make_game(), make_game()
    fragments.FRAGMENTS.clear()
    made = fresh(client, f"/games/{first}/rounds/new")
    kept = len(fragments.FRAGMENTS)
    assert kept == 2  # one block a side
    again = fresh(client, f"/games/{second}/rounds/new")
    assert len(fragments.FRAGMENTS) == kept  # the same kind of game: the same blocks
    fragments.FRAGMENTS.clear()
    assert again == fresh(client, f"/games/{second}/rounds/new")
    assert same_kind(made, first) == same_kind(again, second)


def test_a_block_shows_what_was_typed_and_its_problem_then_blank_again(client, make_game):
    game = make_game()
    client.get(f"/games/{game}/rounds/new")  # the blank blocks are kept
    refused = client.post(
        f"/games/{game}/rounds/new", data={"number": "1", "s0_meld_points": "12a"}
    )
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400 and 'value="12a"' in page and "“12a” is not one" in page
    blank_page = fresh(client, f"/games/{game}/rounds/new")
    assert 'value="12a"' not in blank_page and "is not one" not in blank_page


def test_blocks_differ_by_language_house_rules_and_players(client, make_game):
    fragments.FRAGMENTS.clear()
    plain = make_game()
    fresh(client, f"/games/{plain}/rounds/new")
    client.get("/language/de")
    german = fresh(client, f"/games/{plain}/rounds/new")
    assert "Meldepunkte" in german or "Punkte" in german
    assert len(fragments.FRAGMENTS) == 4
    client.get("/language/en")
    other = make_game(seats=("Ann", "Cat", "Bob", "Dee"))
    page = fresh(client, f"/games/{other}/rounds/new")
    assert len(fragments.FRAGMENTS) == 6 and "Ann &amp; Bob" in page
    dearer = make_game(options={"card_joker": 60})
    page = fresh(client, f"/games/{dearer}/rounds/new")
    assert 'data-points="60"' in page and len(fragments.FRAGMENTS) == 8


def test_a_preview_is_never_kept(client, make_game):
    game = make_game()
    fragments.FRAGMENTS.clear()
    data = {"number": "1", "s0_meld_points": "50", "preview": "1"}
    shown = client.post(f"/games/{game}/rounds/new", data=data)
    assert shown.status_code == 200 and len(fragments.FRAGMENTS) == 0


def test_a_posted_form_is_never_kept_nor_served_from_the_cache(client, make_game):
    """What someone typed is shown to them alone: a refused form's blocks are not
    kept (nor a checkbox's posted value, nor a 60,000-digit "number")."""
    first, second = make_game(), make_game()
    fragments.FRAGMENTS.clear()
    long = "9" * 60000
    for game, bonus in ((first, "PWNED"), (second, "y")):
        data = {"number": "1", "s0_meld_points": long, "s0_dealer_bonus": bonus}
        page = client.post(f"/games/{game}/rounds/new", data=data).get_data(as_text=True)
        assert "PWNED" not in page or game == first
    assert len(fragments.FRAGMENTS) == 0
    assert "PWNED" not in fresh(client, f"/games/{second}/rounds/new")
