"""The meld counter in a real headless browser at phone size (360x740, touch): a
classic side's melds counted one by one (a natural canasta, a mixed one, a plain
meld) give the same round as the totals typed; a meld the rules refuse says why and
cannot be added; without scripts the counter is hidden and the totals are typed."""

import pytest
from playwright.sync_api import expect

from .test_rule_sets_browser import fits, phone_page, start_classic


@pytest.fixture
def phone(browser, shared_server):
    context, page = phone_page(browser, shared_server)
    page.problems = []
    page.on("pageerror", lambda error: page.problems.append(str(error)))
    yield page
    context.close()


def open_round(page):
    start_classic(page)
    page.click("a:has-text('Enter round')")
    page.wait_for_selector(".stepper button.quick")  # app.js has run
    open_more(page)


def open_more(page):
    """The meld counter is folded in a side's "More" (the side fits one screen)."""
    page.locator("#side-0 details.more > summary").tap()


def meld(page, rank, naturals, twos=0, jokers=0):
    """One meld on Ann & Bea's counter: the rank tapped, the cards stepped."""
    box = page.locator("#side-0 details.melds")
    box.locator(f"button[data-rank='{rank}']").tap()
    for key, n in (("naturals", naturals), ("two", twos), ("joker", jokers)):
        for _ in range(n):
            box.locator(f"button.step[data-step='1'][data-for=s0-meld-{key}]").tap()
    return box


def other_side_and_save(page):
    """Cat & Dee's round typed the same way each time; Ann & Bea went out."""
    page.fill("#s1_meld_points", "85")
    page.fill("#s1_hand_points", "40")
    page.check("#went_out-1")
    page.click("button[name=save]")
    page.wait_for_selector("#round-1", state="attached")


def round_one(page):
    """Round 1 as the scoreboard shows it: each side's score and breakdown."""
    page.locator("#round-1").evaluate("el => { el.open = true; }")
    return page.inner_text("#round-1")


def test_melds_counted_one_by_one_give_the_round_typed_as_totals(phone):
    open_round(phone)
    box = phone.locator("#side-0 details.melds")
    expect(box).to_be_visible()
    box.locator("summary").tap()
    counted = phone.locator("#side-0 .meld-list li")

    meld(phone, "K", 7)
    expect(box.locator(".meld-status")).to_have_text("natural canasta · 70 points")
    box.locator("button.meld-add").tap()
    meld(phone, "5", 5, twos=1, jokers=1)
    expect(box.locator(".meld-status")).to_have_text("mixed canasta · 95 points")
    box.locator("button.meld-add").tap()
    # more wild cards than naturals: refused, with the reason, and not added
    meld(phone, "8", 2, twos=3)
    expect(box.locator(".meld-status")).to_have_text(
        "a meld needs at least as many natural cards as wild cards"
    )
    expect(box.locator("button.meld-add")).to_be_disabled()
    step = box.locator("button.step[data-step='1'][data-for=s0-meld-naturals]")
    back = box.locator("button.step[data-step='-1'][data-for=s0-meld-naturals]")
    more_twos = box.locator("button.step[data-step='1'][data-for=s0-meld-two]")
    fewer_twos = box.locator("button.step[data-step='-1'][data-for=s0-meld-two]")
    step.tap(), step.tap(), more_twos.tap()  # 4 eights and 4 twos
    expect(box.locator(".meld-status")).to_have_text("a meld may hold at most 3 wild cards")
    expect(box.locator("button.meld-add")).to_be_disabled()
    box.locator("button[data-rank='A']").tap()
    for _ in range(4):
        fewer_twos.tap()
    back.tap()  # 3 aces
    expect(box.locator(".meld-status")).to_have_text("meld · 60 points")
    box.locator("button.meld-add").tap()

    expect(counted).to_have_count(3)
    assert phone.input_value("#s0_meld_points") == "225"
    assert phone.input_value("#s0_natural_canastas") == "1"
    assert phone.input_value("#s0_mixed_canastas") == "1"
    total = phone.locator(".live output.preview[data-side='Ann & Bea']")
    expect(total).to_have_text("+1,025")  # 500 + 300 + 225
    fits(phone)
    other_side_and_save(phone)
    counted_round = round_one(phone)
    assert phone.problems == []

    open_round(phone)  # a new game: the same round, typed as totals
    phone.fill("#s0_meld_points", "225")
    phone.fill("#s0_natural_canastas", "1")
    phone.fill("#s0_mixed_canastas", "1")
    other_side_and_save(phone)
    assert round_one(phone) == counted_round
    assert "1,125" in counted_round  # 500 + 300 + 225 + 100 going out


def test_typing_a_total_by_hand_empties_the_counter(phone):
    open_round(phone)
    box = phone.locator("#side-0 details.melds")
    box.locator("summary").tap()
    meld(phone, "Q", 3)
    box.locator("button.meld-add").tap()
    assert phone.input_value("#s0_meld_points") == "30"
    phone.fill("#s0_meld_points", "45")
    expect(phone.locator("#side-0 .meld-list li")).to_have_count(0)
    assert phone.input_value("#s0_meld_points") == "45"


def test_counted_melds_are_added_to_what_was_typed_never_put_in_its_place(phone):
    """A side's numbers typed before (or a saved round being corrected) are kept: the
    melds counted add to them, and removing every meld gives them back (a tester's
    300 meld points became 30 without a word)."""
    open_round(phone)
    phone.fill("#s0_meld_points", "300")
    phone.fill("#s0_natural_canastas", "1")
    box = phone.locator("#side-0 details.melds")
    box.locator("summary").tap()
    meld(phone, "K", 7)
    box.locator("button.meld-add").tap()
    assert phone.input_value("#s0_meld_points") == "370"
    assert phone.input_value("#s0_natural_canastas") == "2"
    expect(box.locator(".meld-before")).to_contain_text("300")
    box.locator("button.meld-remove").tap()
    assert phone.input_value("#s0_meld_points") == "300"
    assert phone.input_value("#s0_natural_canastas") == "1"


def test_without_scripts_the_counter_is_hidden_and_totals_are_typed(browser, shared_server):
    context, page = phone_page(browser, shared_server, javascript=False)
    start_classic(page)
    page.click("a:has-text('Enter round')")
    expect(page.locator("#side-0 details.melds")).to_be_hidden()
    page.fill("#s0_meld_points", "225")
    page.fill("#s0_natural_canastas", "1")
    page.click("button[name=save]")
    page.wait_for_selector(".totals")
    context.close()


def test_a_samba_is_counted_in_sequence_and_a_wild_canasta_of_wild_cards(phone, shared_server):
    """Hand and Foot with Sambas: the counter offers melds in sequence (a samba runs
    up from the rank tapped) and melds of wild cards only, from the variant's data."""
    status, game = shared_server.json(
        "POST", "/api/games", {"variant": "samba-foot", "sides": ["Ann & Bea", "Cat & Dee"]}
    )
    assert status == 201
    phone.goto(f"{phone.base}/games/{game['id']}/rounds/new")
    phone.wait_for_selector(".stepper button.quick")
    open_more(phone)
    box = phone.locator("#side-0 details.melds")
    box.locator("summary").tap()
    box.locator("button.meld-run").tap()
    meld(phone, "8", 7)  # 8, 9, 10, J, Q, K, A of one suit
    expect(box.locator(".meld-status")).to_have_text("samba · 80 points")
    box.locator("button.meld-add").tap()
    meld(phone, "wild", 0, jokers=7)
    expect(box.locator(".meld-status")).to_have_text("wild-card canasta · 350 points")
    box.locator("button.meld-add").tap()
    expect(phone.locator("#side-0 .meld-list li")).to_have_count(2)
    assert phone.input_value("#s0_meld_points") == "430"
    assert phone.input_value("#s0_sambas") == "1"
    assert phone.input_value("#s0_wild_canastas") == "1"
    fits(phone)
    assert phone.problems == []
