"""The new-game form on a 360x740 phone: the first-dealer picker
names the players as they are typed, and the house-rule editor, folded by topic,
fits in two screens."""

import pytest

SCREEN = 740


def test_the_dealer_picker_names_the_players_as_they_are_typed(phone):
    phone.goto(f"{phone.base}/games/new/classic/4")
    picker = phone.locator("#first_dealer option")
    assert picker.nth(0).inner_text() == "Seat 1"  # nothing typed yet: the seat's number
    phone.fill("#seat0", "Ann")
    phone.locator("#seat2").press_sequentially("Cat")
    assert picker.nth(0).inner_text() == "Ann (seat 1)"
    assert picker.nth(2).inner_text() == "Cat (seat 3)"
    assert picker.nth(1).inner_text() == "Seat 2"
    phone.fill("#seat0", "")
    assert picker.nth(0).inner_text() == "Seat 1"  # emptied: the seat's number again
    phone.select_option("#first_dealer", "2")
    for i, name in enumerate(["Ann", "Bea", "Cat", "Dee"]):
        phone.fill(f"#seat{i}", name)
    phone.click("text=Start the game")
    phone.wait_for_selector(".totals")
    assert "Cat deals" in phone.content()
    assert phone.problems == []


@pytest.mark.parametrize("variant, players", [("weeping", 4), ("classic", 4), ("samba-foot", 4)])
def test_the_house_rules_folded_by_topic_fit_in_two_screens(phone, variant, players):
    phone.goto(f"{phone.base}/games/new/{variant}/{players}")
    phone.click("details.more-settings > summary")  # folded below Start
    phone.click("details.house > summary")
    editor = phone.locator("details.house")
    height = editor.evaluate("e => e.getBoundingClientRect().height")
    assert height <= 2 * SCREEN, f"{variant}: the editor is {height:.0f} px tall"
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 360
    topics = phone.locator("details.house details.topic")
    assert topics.count() >= 4
    topics.nth(0).locator("summary").click()  # a topic opens to its options
    assert topics.nth(0).locator(".option").first.is_visible()
    assert phone.problems == []
