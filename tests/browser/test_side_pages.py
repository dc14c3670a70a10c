"""One page a side on the round screen, in the real browser at 360x740: every variant's
round within one screen of scrolling (five players too), a side's button showing its
page, the keyboard's Next going on to the next side's page, a count tapped or a fold
opened while typing leaving the keyboard up, and every side's fields sent by Save."""

import pytest
from playwright.sync_api import expect

from .test_round_screen import VARIANTS, new_game, open_round
from .waits import until

SHOWN = """el => { const r = el.getBoundingClientRect();
  return r.left >= 0 && r.right <= innerWidth; }"""


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_variants_round_is_within_one_screen_of_scrolling(phone, variant):
    new_game(phone, variant)
    open_round(phone)
    scrolls = phone.evaluate("document.documentElement.scrollHeight - innerHeight")
    assert scrolls <= 740, f"{variant}: {scrolls} px to scroll past the first screen"
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= 360
    # each side's page, shown by its button, holds its fields whole on the screen
    for s in range(len(VARIANTS[variant]) if variant == "five-person" else 2):
        phone.locator(f".side-tab[aria-controls=side-{s}]").tap()
        expect(phone.locator(f".side-tab[aria-controls=side-{s}]")).to_have_attribute(
            "aria-pressed", "true"
        )
        assert phone.locator(f"#s{s}_meld_points").evaluate(SHOWN)
        others = [t for t in range(s) if phone.locator(f"#s{t}_meld_points").evaluate(SHOWN)]
        assert not others
    assert phone.problems == []


def test_next_goes_on_to_the_next_sides_page_and_a_count_keeps_the_keyboard(phone):
    new_game(phone)
    open_round(phone)
    phone.locator("#s0_meld_points").tap()
    phone.keyboard.insert_text("120")
    phone.keyboard.press("Enter")  # side 1's hand
    phone.keyboard.insert_text("30")
    phone.locator("button.quick[data-for=s0_mixed_canastas][data-value='1']").tap()
    assert phone.evaluate("document.activeElement.id") == "s0_hand_points"  # still typing
    phone.locator("#side-0 details.more > summary").tap()  # a fold opened while typing
    expect(phone.locator("#side-0 details.more")).to_have_attribute("open", "")
    assert phone.evaluate("document.activeElement.id") == "s0_hand_points"
    phone.keyboard.press("Enter")  # on to side 2's first points field, its page shown
    assert phone.evaluate("document.activeElement.id") == "s1_meld_points"
    expect(phone.locator(".side-tab[aria-controls=side-1]")).to_have_attribute(
        "aria-pressed", "true"
    )
    field = phone.locator("#s1_meld_points")
    until(phone, lambda: field.evaluate(SHOWN), "side 2's first field in sight")
    phone.keyboard.insert_text("55")
    phone.locator("button[name=save]").tap()
    phone.wait_for_selector("#round-1", state="attached")
    expect(phone.locator(".total .points").first).to_have_text("390")  # 120 + 300 - 30
    expect(phone.locator(".total .points").nth(1)).to_have_text("55")
    assert phone.problems == []


def round_with_sides_js_held(contexts, shared_server):
    """A phone on a round screen whose sides.js is on its slow way: asked for, not yet
    answered (the route it waits in is returned)."""
    phone = contexts(service_workers="block")  # the script from the network, held there
    phone.base = shared_server.url
    new_game(phone)
    held = []
    phone.route("**/static/sides.js*", lambda route: held.append(route))
    phone.click("a:has-text('Enter round')")
    phone.wait_for_selector("#s0_meld_points")
    return phone, held


def test_a_fold_opened_before_the_scripts_ran_leaves_the_sides_working(contexts, shared_server):
    """A tap on a fold's summary (it has the focus, and no caret) before the scripts
    have run: the sides are laid out all the same, their buttons show each side."""
    phone, held = round_with_sides_js_held(contexts, shared_server)
    phone.focus("#side-0 details.more > summary")
    held[0].continue_()
    phone.locator(".side-tab[aria-controls=side-1]").tap()
    expect(phone.locator(".side-tab[aria-controls=side-1]")).to_have_attribute(
        "aria-pressed", "true"
    )
    assert phone.problems == []


def test_a_field_typed_in_before_the_scripts_ran_keeps_the_keyboard(contexts, shared_server):
    """On a slow connection the scorer can be in a field before the scripts have run:
    laying the sides out then moves the fields, and the keys typed after must still
    land in the field (a moved field loses its focus unless it is given back)."""
    phone, held = round_with_sides_js_held(contexts, shared_server)
    phone.locator("#s0_meld_points").tap()
    phone.keyboard.insert_text("1")
    assert held, "sides.js was not asked for"
    held[0].continue_()
    phone.wait_for_selector(".side-pages")
    phone.keyboard.insert_text("20")
    expect(phone.locator("#s0_meld_points")).to_have_value("120")
    assert phone.evaluate("document.activeElement.id") == "s0_meld_points"
    expect(phone.locator("#side-0 output.preview")).to_have_text("+120")
