"""The four languages in the real browser: the phone's language is followed, the
switch at the foot of the page changes it and is remembered, numbers follow it."""

import pytest
from playwright.sync_api import expect

from tests.conftest import store_game

WORDS = {  # language -> (its tag, words on the scoreboard, on the round screen)
    "es": ("es", "Anotar la mano 1", "¿Quién cerró?"),
    "pt_BR": ("pt-BR", "Anotar a rodada 1", "Quem bateu?"),
    "de": ("de", "Runde 1 eingeben", "Wer hat ausgemacht?"),
}


def start(page, server):
    """A new game's scoreboard (the game stored as the new-game form would)."""
    page.goto(f"{server.url}/games/{store_game(server.database)}")


@pytest.mark.parametrize("lang", list(WORDS))
def test_the_phones_language_is_followed_and_the_switch_remembered(browser, shared_server, lang):
    tag, board_word, round_word = WORDS[lang]
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale=tag)
    page = context.new_page()
    start(page, shared_server)
    assert page.get_attribute("html", "lang") == tag
    expect(page.locator("a.button.primary.big")).to_contain_text(board_word)
    page.locator("a.button.primary.big").click()
    expect(page.locator("fieldset.went-out legend")).to_have_text(round_word)
    page.locator("nav.languages a[hreflang=en], nav.languages a:has-text('English')").first.click()
    expect(page.locator("html")).to_have_attribute("lang", "en")  # the page in English
    expect(page.locator("fieldset.went-out legend")).to_have_text("Who went out?")
    page.goto(f"{shared_server.url}/rules/classic")  # remembered on the next page
    assert page.get_attribute("html", "lang") == "en"
    context.close()


@pytest.mark.parametrize("lang", list(WORDS))
def test_the_switch_turns_an_english_phone_to_each_language(browser, shared_server, lang):
    tag, board_word, _ = WORDS[lang]
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="en-US")
    page = context.new_page()
    start(page, shared_server)
    expect(page.locator("a.button.primary.big")).to_contain_text("Enter round 1")
    page.locator(f"nav.languages a[hreflang={tag}]").click()
    expect(page.locator("html")).to_have_attribute("lang", tag)  # the page in that language
    expect(page.locator("a.button.primary.big")).to_contain_text(board_word)
    context.close()
