"""Rule sets, the row editor and what-if in a real headless browser at phone size
(360x740, touch): Debian's chromium driven by Playwright, never a downloaded one."""

import pytest
from playwright.sync_api import expect

from tests.browser.waits import WAIT
from tests.conftest import server_for


def phone_page(browser, server, javascript=True):
    context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True,
                                  java_script_enabled=javascript)  # fmt: skip
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.base = server.url
    return context, page


@pytest.fixture
def phone(browser, request):
    """A phone on the shared server, or on the test's own when it asks for
    ``live_server`` (what-if reads the whole evening, which other tables' games
    started today with the same players would join)."""
    context, page = phone_page(browser, server_for(request))
    yield page
    context.close()


@pytest.fixture
def phone_without_js(browser, shared_server):
    context, page = phone_page(browser, shared_server, javascript=False)
    yield page
    context.close()


def seat(page, names):
    for i, name in enumerate(names):
        page.fill(f"#seat{i}", name)


def open_house_rules(page, *topics):
    """Open the house rules (on the new-game page folded with the rest below Start;
    the what-if page has no such fold), then the topics named (each folds on its own)."""
    more = page.locator("details.more-settings")
    if more.count() and more.get_attribute("open") is None:
        page.click("details.more-settings > summary")
    if page.locator("details.house").get_attribute("open") is None:
        page.click("details.house > summary")
    for topic in topics:
        if page.locator(f"#topic-{topic}").get_attribute("open") is None:
            page.click(f"#topic-{topic} > summary")


def start_classic(page, names=("Ann", "Cat", "Bea", "Dee"), target=None):
    page.goto(page.base + "/games/new/classic/4")
    seat(page, names)
    if target:
        open_house_rules(page, "game")
        page.fill("#opt_target", str(target))
    page.click("text=Start the game")
    page.wait_for_selector(".totals")


def fits(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def add_and_remove_a_row(page):
    page.goto(page.base + "/games/new/classic/4")
    seat(page, ["Ann", "Cat", "Bea", "Dee"])
    open_house_rules(page, "game", "opening")
    page.fill("#opt_target", "6000")
    page.click("#option-opening button[name=add_row]")
    expect(page.locator("#opt_opening_4_low")).to_be_visible()
    assert page.input_value("#opt_target") == "6000" and page.input_value("#seat2") == "Bea"
    page.fill("#opt_opening_4_low", "-500")
    page.fill("#opt_opening_4_need", "20")
    page.click("#option-opening button[name=add_row]")
    page.click("#option-opening button[value='opening:5']")  # the empty one goes again
    expect(page.locator("#opt_opening_5_low")).to_have_count(0)
    assert page.input_value("#opt_opening_4_low") == "-500"
    fits(page)
    page.click("text=Start the game")
    page.wait_for_selector(".totals")
    assert "below -500: 0; -500 or more: 20; 0 or more: 50" in page.inner_text(".house-rules")


def test_add_and_remove_a_threshold_row(phone):
    add_and_remove_a_row(phone)


def test_add_and_remove_a_threshold_row_without_javascript(phone_without_js):
    add_and_remove_a_row(phone_without_js)


def test_save_a_rule_set_from_a_game_and_start_a_game_from_it(phone):
    page = phone
    start_classic(page, target=3000)
    page.click("text=Rules of this game")
    page.fill("input[name=name]", "Friday rules")
    page.click("text=Save as a rule set")
    expect(page.locator("h1")).to_contain_text("Friday rules")
    page.click("text=New game")
    friday = page.locator("label.saved-set", has_text="Friday rules")  # beside the shipped set
    friday.locator("input[name=variant]").check()
    expect(friday).to_contain_text("House rules of Canasta (Church Dyke Rules)")
    page.fill("#players", "4")
    page.click("text=Next: who plays")
    expect(page.locator("h1")).to_contain_text("Friday rules")
    assert page.input_value("#opt_target") == "3000"
    seat(page, ["Eve", "Fay", "Gus", "Hal"])
    page.click("text=Start the game")
    page.wait_for_selector(".totals")
    assert "3,000" in page.inner_text(".house-rules")  # as English writes numbers
    fits(page)


def test_what_if_on_an_evening(phone, live_server):
    page = phone
    start_classic(page, target=500)
    page.click("a:has-text('Enter round')")
    page.fill("#s1_meld_points", "300")
    page.fill("#s0_meld_points", "100")
    page.fill("#s1_natural_canastas", "1")
    page.click("button[name=save]")
    page.wait_for_selector(".totals")
    expect(page.locator(".winner")).to_contain_text("Cat & Dee")
    page.click("text=The evening")
    page.click("a:has-text('What if?')")
    open_house_rules(page, "canastas")
    page.fill("#opt_natural_canasta", "0")
    page.click("button:has-text('Score it again')")
    expect(page.locator(".winner.changed")).to_contain_text("Cat & Dee → nobody yet")
    expect(page.locator("p.summary")).to_contain_text("1 of 1 game would have another winner")
    fits(page)
    page.click("text=Print this comparison")
    expect(page.locator("button[data-print]")).to_be_visible()
    expect(page.locator(".winner.changed")).to_be_visible()
