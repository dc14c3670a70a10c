"""Issue 29 in a real headless browser at phone size (360x740, touch): Debian's
chromium driven by Playwright. Standard Canasta chosen in one tap on the new-game
form; an adjustment with a note entered, shown in the breakdown and in print."""

import pytest
from playwright.sync_api import expect

from .test_rule_sets_browser import fits, phone_page, seat


@pytest.fixture
def phone(browser, live_server):
    context, page = phone_page(browser, live_server)
    yield page
    context.close()


def test_standard_canasta_is_one_tap_on_the_new_game_form(phone):
    phone.goto(phone.base + "/games/new/classic/4")
    expect(phone.locator(".rule-choice [aria-current]")).to_have_text("The sheet's rules")
    phone.click(".rule-choice >> text=Standard Canasta")  # the one tap
    expect(phone.locator("h1")).to_contain_text("Standard Canasta:")
    expect(phone.locator(".rule-choice [aria-current]")).to_have_text("Standard Canasta")
    assert phone.input_value("#opt_red_threes_all_bonus") == "800"
    assert phone.is_checked("#opt_red_threes_unmelded")
    assert phone.input_value("#opt_opening_0_need") == "15"
    fits(phone)
    seat(phone, ["Ann", "Cat", "Bea", "Dee"])
    phone.click("text=Start the game")
    phone.wait_for_selector(".totals")
    rules = phone.inner_text(".house-rules")
    assert "every red three in play on one side, instead of each (0: off): 800" in rules
    assert "red threes count against a side that melded nothing: yes" in rules
    # and back to the sheet's own rules in one tap too
    phone.goto(phone.base + "/games/new/classic/4?rule_set=1")
    phone.click(".rule-choice >> text=The sheet's rules")
    expect(phone.locator("h1")).not_to_contain_text("Standard Canasta")
    assert phone.input_value("#opt_red_threes_all_bonus") == "0"
