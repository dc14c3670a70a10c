"""The round screen's small words on a 360x740 phone: nothing red before anything is
typed, a count shown once (its button, not again in the field beside it), and the
"More" fold's words whole."""

from playwright.sync_api import expect

from .test_round_screen import new_game


def open_with_ann_out(phone):
    new_game(phone)
    phone.locator(".out-links a").first.tap()  # the round, who went out chosen
    phone.wait_for_selector("button.quick")
    phone.wait_for_load_state("networkidle")  # the first preview is back


def test_nothing_is_red_before_anything_is_typed(phone):
    open_with_ann_out(phone)
    problem = phone.locator(".live-problem")
    expect(problem).not_to_have_class("live-problem bad")
    assert "Not scored yet" not in problem.inner_text()
    phone.locator("#s0_meld_points").fill("50")  # typed: now the problem is the scorer's
    expect(problem).to_have_class("live-problem bad")
    expect(problem).to_contain_text("Not scored yet")
    assert phone.problems == []


def test_a_count_is_shown_once(phone):
    open_with_ann_out(phone)
    field = phone.locator("#s0_mixed_canastas")
    phone.locator("button.quick[data-for=s0_mixed_canastas][data-value='2']").tap()
    assert field.input_value() == "2"
    colour = "e => getComputedStyle(e).color"
    assert field.evaluate(colour) == "rgba(0, 0, 0, 0)"  # the pressed 2 says it
    field.fill("5")
    phone.locator("h1").tap()  # away from the field
    assert field.evaluate(colour) != "rgba(0, 0, 0, 0)"  # 5: only the field says it
    assert phone.problems == []


def test_the_more_fold_says_all_it_holds(phone):
    open_with_ann_out(phone)
    summary = phone.locator("fieldset.side-entry details.more > summary").first
    assert "adjustment" in summary.inner_text()
    assert "dealer bonus" not in summary.inner_text()  # in sight on the dealer's side
    expect(phone.locator("#s0_dealer_bonus")).to_be_visible()
    cut = summary.evaluate("e => e.scrollWidth > e.clientWidth")
    assert not cut, summary.inner_text()
