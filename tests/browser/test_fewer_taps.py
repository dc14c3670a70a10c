"""Fewer taps a round, in the real browser at phone size: who went
out is asked on the scoreboard and opens the round with it chosen; a count is set with
one tap on 0, 1, 2 or 3; choosing who went out sets what going out needs (hand-and-foot's
clean and dirty piles, weeping's weepers) and puts it back for another choice; a weeping
side whose weepers are all picked up has no weeper fields to skip over.
``scripts/taps.py`` measures what these save (docs/usability.md)."""

import re

from playwright.sync_api import expect

from .test_round_screen import new_game


def open_round(page):
    page.click("a:has-text('Enter round')")
    page.wait_for_selector("button.quick")  # app.js has run


def test_who_went_out_on_the_scoreboard_opens_the_round_with_it_chosen(phone):
    new_game(phone, "hand-and-foot")
    chips = phone.locator(".out-links a")
    expect(chips).to_have_text(["Ann & Bea", "Cat & Dee"])
    chips.nth(1).tap()
    phone.wait_for_selector("button.quick")
    assert phone.is_checked("input[name=went_out][value='1']")
    # going out needs a clean and a dirty pile: set; the other side's untouched
    assert (
        phone.input_value("#s1_natural_canastas") == "1" == phone.input_value("#s1_mixed_canastas")
    )
    assert phone.input_value("#s0_natural_canastas") == ""
    expect(
        phone.locator("button.quick[data-for=s1_mixed_canastas][data-value='1']")
    ).to_have_attribute("aria-pressed", "true")
    expect(phone.locator("output.preview").nth(1)).to_have_text("+900")  # scored at once
    phone.click("button[name=save]")
    phone.wait_for_selector("#round-1", state="attached")
    assert phone.problems == []


def test_a_count_is_one_tap_and_shows_what_is_typed(phone):
    new_game(phone)
    open_round(phone)
    phone.locator("button.quick[data-for=s0_mixed_canastas][data-value='2']").tap()
    assert phone.input_value("#s0_mixed_canastas") == "2"
    pressed = phone.locator("button.quick[data-for=s0_mixed_canastas][aria-pressed=true]")
    expect(pressed).to_have_text("2")
    expect(phone.locator("output.preview").first).to_have_text("+600")
    phone.fill("#s0_mixed_canastas", "5")  # more than 3: typed, and no button is pressed
    expect(pressed).to_have_count(0)
    expect(phone.locator("output.preview").first).to_have_text("+1,500")
    phone.locator("button.quick[data-for=s0_mixed_canastas][data-value='0']").tap()
    assert phone.input_value("#s0_mixed_canastas") == ""
    expect(pressed).to_have_text("0")
    label = phone.locator("button.quick[data-for=s0_red_threes][data-value='3']")
    expect(label).to_have_attribute("aria-label", re.compile(r"^Red threes.*: 3$"))
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= 360
    assert phone.problems == []


def test_choosing_who_went_out_sets_what_going_out_needs_and_puts_it_back(phone):
    new_game(phone, "hand-and-foot")
    open_round(phone)
    phone.locator("button.quick[data-for=s0_mixed_canastas][data-value='2']").tap()
    phone.locator("label.chip:has(input[value='0'])").tap()
    assert phone.input_value("#s0_natural_canastas") == "1"  # raised to the least
    assert phone.input_value("#s0_mixed_canastas") == "2"  # already more: kept
    phone.locator("label.chip:has(input[value='1'])").tap()  # a slip: the other side
    assert phone.input_value("#s0_natural_canastas") == ""  # put back
    assert phone.input_value("#s0_mixed_canastas") == "2"  # typed by the scorer: stays
    assert phone.input_value("#s1_natural_canastas") == "1"
    phone.locator("button.quick[data-for=s1_natural_canastas][data-value='3']").tap()
    phone.locator("label.chip:has(input[value='-'])").tap()  # nobody went out
    assert phone.input_value("#s1_natural_canastas") == "3"  # touched since: stays
    assert phone.input_value("#s1_mixed_canastas") == ""


def test_a_weeping_side_that_went_out_has_its_weepers_ticked_and_no_weeper_fields(phone):
    new_game(phone, "weeping")
    open_round(phone)
    weeper = phone.locator("#s0_weeper_points")
    expect(weeper).to_be_visible()
    phone.locator("label.chip:has(input[value='0'])").tap()
    assert phone.is_checked("#s0_weepers_picked_up-0") and phone.is_checked(
        "#s0_weepers_picked_up-1"
    )
    assert not phone.is_checked("#s1_weepers_picked_up-0")
    expect(weeper).to_be_hidden()  # nothing is left in a weeper picked up
    expect(phone.locator("#s0_red_threes_in_weeper")).to_be_hidden()
    expect(phone.locator("#s1_weeper_points")).to_be_visible()
    # the keyboard's Next goes from the side's hand straight on to the next side
    phone.locator("#s0_hand_points").tap()
    phone.keyboard.press("Enter")
    assert phone.evaluate("document.activeElement.id") == "s1_meld_points"
    phone.locator("label.tick:has(#s0_weepers_picked_up-1)").tap()  # one not picked up
    expect(weeper).to_be_visible()
    phone.fill("#s0_weeper_points", "40")
    phone.locator("label.tick:has(#s0_weepers_picked_up-1)").tap()
    expect(weeper).to_be_visible()  # something typed in it stays in sight
    assert phone.problems == []


def test_a_round_opened_for_a_side_is_typed_at_once_and_its_folds_cost_one_tap(phone):
    """Who went out chosen on the scoreboard puts the keyboard in the first points
    field; going out concealed and the dealer's bonus are one tap each, in sight; an
    adjustment's minus is typed in its field, and Next goes on to its note, then to
    the next side."""
    new_game(phone)  # classic: Ann deals round 1, so Ann & Bea may have the bonus
    phone.locator(".out-links a").nth(1).tap()  # Cat & Dee went out
    phone.wait_for_selector("button.quick")
    assert phone.evaluate("document.activeElement.id") == "s0_meld_points"
    phone.keyboard.insert_text("120")
    phone.locator("label:has(#concealed)").tap()  # no fold to open first
    assert phone.is_checked("#concealed")
    phone.locator("label:has(#s0_dealer_bonus)").tap()
    assert phone.is_checked("#s0_dealer_bonus")
    assert phone.evaluate("document.activeElement.id") == "s0_meld_points"  # still typing
    expect(phone.locator("#side-0 details.more")).not_to_have_attribute("open", "")
    phone.locator("#side-0 details.more > summary").tap()
    phone.locator("#s0_adjustment").tap()
    phone.keyboard.insert_text("-100")
    expect(phone.locator("#s0_adjustment")).to_have_value("100")
    expect(phone.locator("#side-0 button.sign-toggle")).to_have_text("−")
    phone.keyboard.press("Enter")
    assert phone.evaluate("document.activeElement.id") == "s0_note"
    phone.keyboard.insert_text("misdeal")
    phone.keyboard.press("Enter")  # the note is not the end of the road
    assert phone.evaluate("document.activeElement.id") == "s1_meld_points"
    phone.keyboard.insert_text("150")
    phone.locator("button.quick[data-for=s1_natural_canastas][data-value='1']").tap()
    phone.locator("button[name=save]").tap()
    phone.wait_for_selector("#round-1", state="attached")
    # 120 + 100 (dealer) - 100; 150 + 500 + 100 out + 100 concealed
    expect(phone.locator(".total .points")).to_have_text(["120", "850"])
    open_round(phone)  # opened without a side chosen: who went out is asked first
    assert phone.evaluate("document.activeElement.tagName") == "BODY"
    assert phone.problems == []


def test_a_weeping_sides_weepers_are_ticked_as_its_canastas_are_counted(phone):
    new_game(phone, "weeping")
    phone.locator(".out-links a").first.tap()  # Ann & Bea went out: theirs all ticked
    phone.wait_for_selector("button.quick")
    ticks = [f"#s1_weepers_picked_up-{n}" for n in range(2)]

    def ticked():
        return [phone.is_checked(tick) for tick in ticks]

    assert ticked() == [False, False]  # no canasta: no weeper picked up
    phone.locator("button.quick[data-for=s1_natural_canastas][data-value='1']").tap()
    assert ticked() == [True, False]  # a weeper a canasta
    phone.locator("button.quick[data-for=s1_mixed_canastas][data-value='2']").tap()
    assert ticked() == [True, True]  # one a player at most
    expect(phone.locator("#s1_weeper_points")).to_be_hidden()
    phone.locator("button.quick[data-for=s1_mixed_canastas][data-value='0']").tap()
    assert ticked() == [True, False]
    phone.locator("#s1_weeper_points").fill("110")  # something left in a weeper
    phone.locator("button.quick[data-for=s1_mixed_canastas][data-value='1']").tap()
    assert ticked() == [True, False]
    phone.locator(f"label.tick:has({ticks[0]})").tap()  # the scorer's own: kept
    phone.locator("button.quick[data-for=s1_mixed_canastas][data-value='2']").tap()
    assert ticked() == [False, False]
    assert phone.is_checked("#s0_weepers_picked_up-0") and phone.is_checked(
        "#s0_weepers_picked_up-1"
    )
    assert phone.problems == []
