"""Standard Canasta in a real headless browser at phone size (360x740, touch): Debian's
chromium driven by Playwright. Standard Canasta chosen in one tap on the new-game
form; an adjustment with a note entered, shown in the breakdown and in print."""

import subprocess

import pytest
from playwright.sync_api import expect

from ..web.test_print import print_pdf
from .test_rule_sets_browser import fits, phone_page, seat, start_classic


@pytest.fixture
def phone(browser, shared_server):
    context, page = phone_page(browser, shared_server)
    yield page
    context.close()


def test_standard_canasta_is_one_tap_on_the_new_game_form(phone):
    phone.goto(phone.base + "/games/new")
    standard = phone.locator("label.saved-set", has_text="Standard Canasta")
    expect(standard).to_contain_text("House rules of Canasta (Church Dyke Rules)")
    standard.locator("input[name=variant]").check()  # the one tap, beneath Canasta
    phone.click("text=Next: who plays")
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
    assert "every red three in play on one side, instead of each: 800" in rules
    assert "red threes count against a side that melded nothing: yes" in rules
    # and back to the usual rules in one tap too
    phone.goto(phone.base + "/games/new/classic/4?rule_set=1")
    phone.click(".rule-choice >> text=The usual rules")
    expect(phone.locator("h1")).not_to_contain_text("Standard Canasta")
    assert phone.input_value("#opt_red_threes_all_bonus") == "0"


def enter_an_adjustment(page, javascript):
    """Round 1 of a new classic game: Cat & Dee go out; Ann & Bea lose 100 for table
    talk, the minus set with one tap on the sign button (a select without scripts)."""
    start_classic(page)
    page.click("a:has-text('Enter round')")
    page.fill("#s0_meld_points", "120")
    page.fill("#s1_meld_points", "200")
    page.fill("#s1_natural_canastas", "1")
    page.check("#went_out-2")
    page.click("#side-0 details.more summary")
    page.fill("#s0_adjustment", "100")
    if javascript:
        sign = page.locator("#side-0 button.sign-toggle")
        expect(sign).to_have_text("+")
        expect(page.locator("#s0_adjustment_sign")).to_be_hidden()
        sign.click()  # the one tap
        expect(sign).to_have_text("−")
        expect(sign).to_have_attribute("aria-label", "Sign of the adjustment: minus")
    else:
        page.select_option("#s0_adjustment_sign", "-")
    page.fill("#s0_note", "table talk")
    fits(page)
    if javascript:  # the live preview counts it already: 120 - 100
        expect(page.locator("#side-0 output.preview")).to_have_text("+20")
    page.click("button[name=save]")
    page.wait_for_selector(".totals")
    expect(page.locator(".totals .points[data-side='Ann & Bea']")).to_have_text("20")
    expect(page.locator("table.scores .adjusted")).to_have_count(1)
    page.click("#round-1 summary")
    expect(page.locator("#round-1 .breakdown").first).to_contain_text("adjustment: table talk")
    expect(page.locator("#round-1 .breakdown").first).to_contain_text("-100")


def test_an_adjustment_with_a_note_in_the_breakdown_and_in_print(phone, poppler, tmp_path):
    enter_an_adjustment(phone, javascript=True)
    game_url = phone.url.split("?")[0].split("#")[0]
    texts = print_pdf(phone.context.browser, game_url + "/print", tmp_path / "game.pdf", "A4")
    whole = "\n".join(texts)
    assert "±" in whole  # the mark on the round's row
    # the breakdown's own line, read in reading order (its label wraps in the column)
    plain = subprocess.run(["pdftotext", str(tmp_path / "game.pdf"), "-"], capture_output=True,
                           text=True, check=True).stdout  # fmt: skip
    assert "adjustment: table talk -100" in " ".join(plain.split()), plain


def test_an_adjustment_without_javascript(browser, shared_server):
    context, page = phone_page(browser, shared_server, javascript=False)
    try:
        enter_an_adjustment(page, javascript=False)
    finally:
        context.close()
