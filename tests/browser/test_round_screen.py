"""The round screen in the real browser at phone size (360x740, touch): errors that
cannot be missed, the keyboard's Next, the live preview with new totals and reasons,
drafts kept in the browser, Undo for ten seconds, card counters in step both ways,
a clash between two phones, and every variant's screen fitting every phone."""

import pytest
from playwright.sync_api import expect

from tests.browser.waits import SETTLE, WAIT, until

VARIANTS = {
    "classic": ["Ann", "Cat", "Bea", "Dee"],
    "hand-and-foot": ["Ann", "Cat", "Bea", "Dee"],
    "five-person": ["Ann", "Bob", "Cat", "Dan", "Eve"],
    "weeping": ["Ann", "Cat", "Bea", "Dee"],
    "samba-foot": ["Ann", "Cat", "Bea", "Dee"],
}


def phone_context(browser, **extra):
    options = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True}
    return browser.new_context(**{**options, **extra})


def new_game(page, variant="classic"):
    seats = VARIANTS[variant]
    page.goto(f"{page.base}/games/new?variant={variant}&players={len(seats)}")
    for i, name in enumerate(seats):
        page.fill(f"#seat{i}", name)
    page.click("text=Start the game")
    page.wait_for_selector(".totals")
    return page.url


def open_round(page):
    page.click("a:has-text('Enter round')")
    page.wait_for_selector("button.quick")  # app.js has run


DRAFT = """values => Object.keys(localStorage).some(key => key.startsWith('scorekeeper:draft:')
    && Object.entries(values).every(([name, value]) =>
        JSON.parse(localStorage.getItem(key)).values[name] === value))"""


def draft_kept(page, **values):
    """Wait until the browser keeps these typed values as the round's draft."""
    until(page, lambda: page.evaluate(DRAFT, values), f"the draft to keep {values}")


def typed_then_reopened(page, meld, hand, variant="classic"):
    """A new game's round 1 with side 1's meld and side 2's hand points typed, not
    saved, and the page loaded again (the draft restored)."""
    new_game(page, variant)
    open_round(page)
    page.fill("#s0_meld_points", meld)
    page.fill("#s1_hand_points", hand)
    draft_kept(page, s0_meld_points=meld, s1_hand_points=hand)
    page.reload()
    page.wait_for_selector(".restored")


def test_errors_come_all_at_once_in_a_summary_that_takes_focus(phone):
    new_game(phone)
    open_round(phone)
    phone.fill("#s0_meld_points", "12a")
    phone.fill("#s1_hand_points", "-5")
    phone.fill("#s1_red_threes", "9")
    phone.click("button[name=save]")
    summary = phone.locator("#error-summary")
    expect(summary).to_be_focused()
    expect(summary.locator("li")).to_have_count(3)
    assert (
        phone.evaluate("document.getElementById('error-summary').getBoundingClientRect().top") < 740
    )
    summary.locator("a[href='#s1_hand_points']").click()
    expect(phone.locator("#s1_hand_points")).to_be_focused()
    assert phone.input_value("#s0_meld_points") == "12a"
    assert phone.get_attribute("#s1_hand_points", "aria-describedby") == "s1_hand_points-error"


def test_next_on_the_keyboard_moves_on_and_never_saves(phone):
    new_game(phone)
    open_round(phone)
    phone.locator("label.chip:has(input[value='0'])").tap()  # Ann & Bea went out
    phone.locator("#s0_meld_points").tap()
    phone.keyboard.insert_text("235")
    phone.keyboard.press("Enter")  # Ann & Bea's hand does not count: it is skipped
    expect(phone.locator("#s1_meld_points")).to_be_focused()
    phone.keyboard.insert_text("150")
    phone.keyboard.press("Enter")
    expect(phone.locator("#s1_hand_points")).to_be_focused()
    phone.keyboard.insert_text("45")
    phone.keyboard.press("Enter")
    expect(phone.locator("button[name=save]")).to_be_focused()
    assert "/rounds/new" in phone.url  # nothing was sent
    assert phone.locator("[data-spared='0']").is_hidden()


def test_the_live_preview_shows_each_sides_score_new_total_and_the_reason(phone):
    new_game(phone)
    open_round(phone)
    phone.fill("#s0_meld_points", "90")
    expect(phone.locator(".round-head output[data-after='Ann & Bea']")).to_have_text("= 90")
    expect(phone.locator(".round-head output.preview[data-side='Ann & Bea']")).to_have_text("+90")
    phone.locator("label.chip:has(input[value='1'])").tap()  # Cat & Dee went out: no canasta
    problem = phone.locator(".live-problem")
    expect(problem).to_contain_text("going out needs at least 1 canasta")
    expect(problem).to_have_class("live-problem bad")
    phone.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert phone.locator(".round-head").bounding_box()["y"] <= 1  # the totals stay in sight


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_variant_keeps_a_draft_and_shows_every_problem_at_once(phone, variant):
    typed_then_reopened(phone, "7", "x", variant)
    assert phone.input_value("#s0_meld_points") == "7"
    phone.click("button[name=save]")
    summary = phone.locator("#error-summary")
    expect(summary).to_be_focused()
    expect(summary.locator("li")).to_have_count(2)
    phone.fill("#s0_meld_points", "70")
    phone.fill("#s1_hand_points", "")
    phone.click("button[name=save]")
    phone.wait_for_selector("#round-1", state="attached")
    expect(phone.locator("form.undo button")).to_be_visible()


def test_what_is_typed_survives_a_reload_until_the_round_is_saved(phone):
    new_game(phone)
    open_round(phone)
    phone.fill("#s0_meld_points", "120")
    phone.locator("button.quick[data-value='1'][data-for=s1_red_threes]").tap()
    phone.locator("label.chip:has(input[value='1'])").tap()
    draft_kept(phone, s0_meld_points="120", s1_red_threes="1", went_out="1")
    phone.reload()
    phone.wait_for_selector(".restored")
    assert (
        phone.input_value("#s0_meld_points") == "120" and phone.input_value("#s1_red_threes") == "1"
    )
    assert phone.is_checked("input[name=went_out][value='1']")
    phone.locator("label.chip:has(input[value='-'])").tap()
    phone.click("button[name=save]")
    phone.wait_for_selector(".totals")
    open_round(phone)  # round 2: nothing restored from round 1
    assert phone.locator(".restored").count() == 0
    assert phone.input_value("#s0_meld_points") == ""
    assert phone.evaluate("Object.keys(localStorage).filter(k => k.includes(':new:1')).length") == 0


def test_undo_is_offered_for_ten_seconds_after_a_save(phone):
    new_game(phone)
    phone.clock.install()
    open_round(phone)
    phone.fill("#s0_meld_points", "50")
    phone.click("button[name=save]")
    undo = phone.locator("form.undo button")
    expect(undo).to_be_visible()
    background = "el => getComputedStyle(el).backgroundColor"
    news = phone.locator("form.undo").evaluate(background)
    assert news == phone.locator(".totals .total.leads").evaluate(background)  # not a warning
    assert undo.evaluate("el => getComputedStyle(el).whiteSpace") == "nowrap"
    phone.clock.run_for(11_000)
    expect(undo).to_have_count(0)
    assert "Round 1 saved." in phone.inner_text("form.undo")


def test_undo_takes_the_round_back(phone):
    new_game(phone)
    open_round(phone)
    phone.fill("#s0_meld_points", "50")
    phone.click("button[name=save]")
    phone.click("form.undo button")
    expect(phone.locator(".flash")).to_contain_text("Round 1 undone")
    assert phone.locator("#round-1").count() == 0


def test_the_card_counter_and_the_field_stay_in_step_both_ways(phone):
    new_game(phone, "hand-and-foot")
    open_round(phone)
    phone.click("#side-0 details.counter summary")
    assert phone.locator("#s0_meld_points__red_three").count() == 0  # counted apart
    phone.fill("#s0_meld_points__joker", "2")
    phone.fill("#s0_meld_points__high", "3")
    assert phone.input_value("#s0_meld_points") == "130"
    phone.fill("#s0_meld_points", "140")
    assert phone.input_value("#s0_meld_points__joker") == ""  # typing clears the counter
    phone.click("button[name=save]")
    phone.wait_for_selector(".totals")


def test_an_empty_round_asks_first(phone):
    new_game(phone, "hand-and-foot")
    open_round(phone)
    phone.click("button[name=save]")
    expect(phone.locator(".notice[role=alert]")).to_contain_text("Nothing was entered for round 1")
    phone.click("button[name=confirm_empty]")
    phone.wait_for_selector(".totals")
    assert "3 rounds left" in phone.inner_text(".next")


def test_back_then_save_says_the_round_is_already_saved(phone):
    new_game(phone)
    open_round(phone)
    phone.fill("#s0_meld_points", "50")
    phone.click("button[name=save]")
    phone.wait_for_selector(".totals")
    phone.go_back()  # the screen of round 1 again (from the cache, or asked for anew)
    phone.wait_for_load_state("load")
    if phone.locator("form.round-form").count():
        phone.fill("#s0_meld_points", "55")
        phone.click("button[name=save]")
        expect(phone.locator(".notice[role=alert]")).to_contain_text("Round 1 is already saved")
        assert phone.input_value("#s0_meld_points") == "55"  # what was typed is kept
    expect(phone.locator(".notice[role=alert]")).to_contain_text("Round 1 is already saved")
    phone.click("text=Enter round 2")
    phone.wait_for_selector("form.round-form")
    assert "Save round 2" in phone.inner_text("button[name=save]")


def test_two_phones_correcting_one_round_see_each_others_version(browser, shared_server):
    scorer, other = phone_context(browser), phone_context(browser)
    first, second = scorer.new_page(), other.new_page()
    first.base = second.base = shared_server.url
    board = new_game(first)
    open_round(first)
    first.fill("#s0_meld_points", "100")
    first.click("button[name=save]")
    first.wait_for_selector(".totals")
    edit = board + "/rounds/1/edit"
    first.goto(edit)
    second.goto(edit)
    second.fill("#s0_meld_points", "200")
    second.click("button[name=save]")
    second.wait_for_selector(".totals")
    first.fill("#s0_meld_points", "300")
    first.click("button[name=save]")
    clash = first.locator(".clash")
    expect(clash).to_contain_text("Another phone changed round 1")
    expect(clash).to_contain_text("Meld points 200")
    assert first.input_value("#s0_meld_points") == "300"
    first.click("button[name=save]")  # save again: mine replaces theirs
    first.wait_for_selector(".totals")
    assert "300" in first.inner_text(".total .points >> nth=0")
    scorer.close()
    other.close()


PHONES = [(360, 740), (320, 640), (430, 932), (740, 360)]  # the size loaded first
# The page's width, and the tallest side's height beside the room under the totals.
MEASURE = """() => ({
  width: document.scrollingElement.scrollWidth,
  tallest: Math.max(...[...document.querySelectorAll('fieldset.side-entry')]
                    .map(f => f.getBoundingClientRect().height)),
  head: document.querySelector('.round-head').getBoundingClientRect().height,
})"""


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_round_screen_fits_every_phone_and_large_text(browser, shared_server, variant):
    """One round screen a variant, measured at each phone's size in turn (the page
    resized, not loaded again): no wider than the screen, at 360x740 each side within
    one screen under the totals, and at 360 px with 200% text no wider either."""
    context = phone_context(browser, viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.set_default_timeout(WAIT)
    page.base = shared_server.url
    new_game(page, variant)
    open_round(page)
    too_wide = []
    for width, height in PHONES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(SETTLE)
        shown = page.evaluate(MEASURE)
        if shown["width"] > width:
            too_wide.append((width, height, shown["width"]))
        if (width, height) == (360, 740):
            assert shown["tallest"] < 740 - shown["head"], shown
    page.set_viewport_size({"width": 360, "height": 740})
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    page.evaluate(SETTLE)
    large = page.evaluate("document.scrollingElement.scrollWidth")
    context.close()
    assert not too_wide, too_wide
    assert large <= 360


def test_without_javascript_the_summary_is_at_the_top_and_saving_works(browser, shared_server):
    context = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False)
    page = context.new_page()
    page.base = shared_server.url
    new_game(page, "weeping")
    page.click("a:has-text('Enter round')")
    page.fill("#s0_meld_points", "7")
    page.check("input[name=went_out][value='0']")
    page.click("button[name=save]")
    summary = page.locator("#error-summary")
    expect(summary).to_contain_text("7 is not a multiple of 5")
    expect(summary).to_contain_text("going out needs")
    assert summary.bounding_box()["y"] < 740
    page.fill("#s0_meld_points", "70")
    page.check("input[name=went_out][value='-']")
    page.check("#s0_weepers_picked_up-0")
    page.fill("#s0_natural_canastas", "1")
    page.click("button[name=save]")
    page.wait_for_selector(".totals")
    assert page.locator("#round-1").count() == 1
    context.close()


def test_a_restored_draft_is_scored_at_once_and_a_loss_is_not_shown_as_a_gain(phone):
    """Reopened, the round typed earlier shows its scores and new totals before any
    field is touched; a negative round score is not in the accent colour of a gain."""
    typed_then_reopened(phone, "90", "40")
    gain = phone.locator(".round-head output.preview[data-side='Ann & Bea']")
    loss = phone.locator(".round-head output.preview[data-side='Cat & Dee']")
    expect(gain).to_have_text("+90")
    expect(loss).to_have_text("-40")
    expect(phone.locator(".round-head output[data-after='Cat & Dee']")).to_have_text("= -40")
    colour = "el => getComputedStyle(el).color"
    assert loss.evaluate(colour) != gain.evaluate(colour)
    assert "minus" in loss.get_attribute("class") and "minus" not in gain.get_attribute("class")


def test_a_rounds_number_on_the_scoreboard_opens_its_details(phone):
    new_game(phone)
    open_round(phone)
    phone.fill("#s0_meld_points", "90")
    phone.click("button[name=save]")
    phone.wait_for_selector("#round-1", state="attached")
    details = phone.locator("details#round-1")
    expect(details).not_to_have_attribute("open", "")
    phone.locator("table.scores a[href='#round-1']").tap()
    expect(details).to_have_attribute("open", "")
    expect(phone.locator("details#round-1 a:has-text('Correct round 1')")).to_be_visible()
    details.locator("summary").tap()  # closed again, the same link opens it again
    expect(details).not_to_have_attribute("open", "")
    phone.locator("table.scores a[href='#round-1']").tap()
    expect(details).to_have_attribute("open", "")


def test_the_live_line_says_every_problem_and_marks_each_field(phone):
    """Two wrong fields: the line above the form names both (wrapping, not cut to one
    line) and both fields are marked while typing; fixed, the marks go."""
    new_game(phone)
    open_round(phone)
    phone.fill("#s0_meld_points", "87")
    phone.fill("#s1_meld_points", "12a")
    problem = phone.locator(".live-problem")
    expect(problem).to_contain_text("87 is not a multiple of 5")
    expect(problem).to_contain_text("“12a” is not one")
    assert problem.evaluate("el => getComputedStyle(el).whiteSpace") == "normal"
    for field in ("#s0_meld_points", "#s1_meld_points"):
        expect(phone.locator(field)).to_have_attribute("aria-invalid", "true")
    phone.fill("#s0_meld_points", "85")
    phone.fill("#s1_meld_points", "10")
    expect(problem).not_to_have_class("live-problem bad")
    for field in ("#s0_meld_points", "#s1_meld_points"):
        expect(phone.locator(field)).to_have_attribute("aria-invalid", "false")
    assert phone.problems == []


def test_on_a_phone_on_its_side_the_field_typed_in_is_not_under_the_bars(browser, shared_server):
    """Found by a phone tester: at 740x360 the totals bar and the Save bar filled the
    screen, and the field being typed in sat under the Save bar."""
    context = phone_context(browser, viewport={"width": 740, "height": 360})
    page = context.new_page()
    page.base = shared_server.url
    new_game(page)
    open_round(page)
    fields = page.eval_on_selector_all(
        "#round-form input:is([inputmode=numeric], [inputmode=tel])",
        "inputs => inputs.map(i => i.id)",
    )
    checked = 0
    for field in (f for f in fields if page.locator(f"#{f}").is_visible()):
        page.fill(f"#{field}", "5")  # focused, and scrolled only as far as it takes
        box = page.evaluate("document.activeElement.getBoundingClientRect().toJSON()")
        bar = page.locator(".sticky").first.bounding_box()
        head = page.locator(".round-head").bounding_box()
        covered = [b for b in (bar, head) if b["y"] < box["y"] + box["height"]
                   and box["y"] < b["y"] + b["height"]]  # fmt: skip
        assert not covered, (field, box, bar, head)
        checked += 1
    assert checked >= 8
    context.close()
