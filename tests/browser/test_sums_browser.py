"""A sum typed in a points field ("120+85+40"), in the real browser at 360x740: its
value shown under the field as it is typed, checked by the live preview like any other
number, and saved as its value."""

from playwright.sync_api import expect

from .test_round_screen import new_game, open_round


def test_a_sum_in_a_points_field_is_shown_checked_and_saved_as_its_value(phone):
    new_game(phone)
    open_round(phone)
    field = phone.locator("#s0_meld_points")
    assert field.get_attribute("inputmode") == "tel"  # the keypad with a plus on it
    field.fill("120+85+41")
    shown = phone.locator("output.sum[for=s0_meld_points]")
    expect(shown).to_have_text("= 246")
    expect(field).to_have_attribute("aria-invalid", "true")  # not a multiple of 5
    expect(phone.locator(".live-problem")).to_contain_text("246 is not a multiple of 5")
    field.fill("120+85+40")
    expect(shown).to_have_text("= 245")
    expect(phone.locator("output.preview[data-side='Ann & Bea']").first).to_have_text("+245")
    expect(field).to_have_attribute("aria-invalid", "false")
    phone.fill("#s1_hand_points", "50 - 15")
    expect(phone.locator("output.sum[for=s1_hand_points]")).to_have_text("= 35")
    field.fill("245")
    expect(shown).to_be_hidden()  # a plain number needs no sum under it
    field.fill("120+85+40")
    phone.click("button[name=save]")
    phone.wait_for_selector("#round-1", state="attached")
    expect(phone.locator(".total .points").first).to_have_text("245")
    expect(phone.locator(".total .points").nth(1)).to_have_text("-35")
    assert phone.problems == []


def test_only_plus_and_minus_make_a_sum(phone):
    new_game(phone)
    open_round(phone)
    field = phone.locator("#s0_meld_points")
    for typed in ("120*2", "2**8", "+5", "5+", "1e3"):
        field.fill(typed)
        expect(phone.locator("output.sum[for=s0_meld_points]")).to_be_hidden()
        expect(field).to_have_attribute("aria-invalid", "true")
    assert phone.problems == []
