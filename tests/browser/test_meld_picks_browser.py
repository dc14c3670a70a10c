"""The meld counter worth using, in the real browser at 360x740: the natural cards of a
meld picked in one tap (3 to 8), the wild cards a tap each, so a typical classic side
(a natural canasta of kings, a mixed canasta of aces with two twos, five fives: 235)
is counted in at most twice the touches of typing its totals, on its own side's page."""

from playwright.sync_api import expect

from .test_meld_counter_browser import open_round, phone  # noqa: F401  (the fixture)

TYPED = 3 + len("235")  # typing it: natural 1, mixed 1, the meld field, its digits


def test_a_typical_side_is_counted_in_twice_the_touches_of_typing_it(phone):  # noqa: F811
    open_round(phone)
    box = phone.locator("#side-0 details.melds")
    taps = 0

    def tap(locator):
        nonlocal taps
        locator.tap()
        taps += 1

    tap(box.locator("summary"))
    for rank, naturals, twos in (("K", 7, 0), ("A", 5, 2), ("5", 5, 0)):
        tap(box.locator(f"button[data-rank='{rank}']"))
        tap(box.locator(f"button.pick[data-pick='{naturals}']"))
        expect(box.locator(f"button.pick[data-pick='{naturals}']")).to_have_attribute(
            "aria-pressed", "true"
        )
        for _ in range(twos):
            tap(box.locator("button.step[data-step='1'][data-for=s0-meld-two]"))
        tap(box.locator("button.meld-add"))
    assert phone.input_value("#s0_meld_points") == "235"
    assert phone.input_value("#s0_natural_canastas") == "1"
    assert phone.input_value("#s0_mixed_canastas") == "1"
    assert taps <= 2 * TYPED, taps
    # the counter on the side's own page: no wider than the screen
    assert phone.evaluate("document.scrollingElement.scrollWidth") <= 360
    assert phone.problems == []
