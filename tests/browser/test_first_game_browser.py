"""A first game on a 360x740 phone, from the home page: the variant, then the names
(optional, typed team by team, Return moving on, who partners whom and who deals said
back as they are typed), one Start button in sight on every page; without
JavaScript too."""

import pytest
from playwright.sync_api import expect

from tests.browser.waits import WAIT

from .test_round_screen import phone_context

SCREEN = 740


def in_sight(locator):
    """Whether the control is whole on the screen as the page opens (no scrolling)."""
    box = locator.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= SCREEN


def to_names(page):
    page.goto(page.base + "/")
    page.locator("a:has-text('Start a new game')").tap()
    next_ = page.locator("button:has-text('Next: who plays')")
    assert in_sight(next_), "the variant page's button is below the screen"
    next_.tap()
    start = page.locator("button:has-text('Start the game')")
    assert in_sight(start), "the Start button is below the screen"
    return start


def test_names_typed_team_by_team_sit_partners_together(phone):
    to_names(phone)
    preview = phone.locator("#seating-preview")
    expect(preview).to_have_text("Us against Them.")
    phone.locator("input[data-seat]").first.tap()
    for name in ["Ann", "Bea", "Cat"]:  # the first team, then the second
        phone.keyboard.type(name)
        phone.keyboard.press("Enter")  # Return: on to the next name, nothing sent
    phone.keyboard.type("Dee")
    expect(preview).to_have_text(
        "Ann & Bea against Cat & Dee. Round the table: Ann, Cat, Bea, Dee. Ann deals first."
    )
    expect(phone.locator("#first_dealer option").nth(1)).to_have_text("Cat (seat 2)")
    phone.keyboard.press("Enter")  # the last name's Return starts the game
    phone.wait_for_selector(".totals")
    assert "Ann & Bea" in phone.inner_text(".totals") and "Cat & Dee" in phone.inner_text(".totals")
    assert "Ann deals" in phone.content()
    assert phone.problems == []


def test_a_game_without_names_is_us_against_them(phone):
    to_names(phone).tap()
    phone.wait_for_selector(".totals")
    totals = phone.inner_text(".totals")
    assert "Us" in totals and "Them" in totals
    assert phone.problems == []


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_the_fold_keeps_the_evening_and_passphrase_one_tap_away(browser, shared_server, javascript):
    context = phone_context(browser, java_script_enabled=javascript)
    page = context.new_page()
    page.set_default_timeout(WAIT)
    try:
        page.goto(shared_server.url + "/games/new?variant=classic&players=4")
        assert not page.locator("#passphrase").is_visible()
        typed = {"seat0": "Ann", "seat2": "Bea", "seat1": "Cat", "seat3": "Dee"}  # team by team
        for seat, name in typed.items():
            page.fill(f"#{seat}", name)
        page.locator("details.more-settings > summary").tap()
        page.fill("#passphrase", "short")
        page.locator("button:has-text('Start the game')").tap()
        page.wait_for_selector("#passphrase-error")  # refused, the fold open at its field
        assert page.locator("#passphrase").is_visible()
        assert page.input_value("#seat2") == "Bea"
        page.fill("#passphrase", "a long enough passphrase")
        page.locator("button:has-text('Start the game')").tap()
        page.wait_for_selector(".totals")
        assert "Ann & Bea" in page.inner_text(".totals")
    finally:
        context.close()
