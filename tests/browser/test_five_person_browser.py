"""Five-person on a phone (360x740): as the scorer types a round, each player's
block is headed with their own round score and their partner's points, named as
such; the totals bar keeps the round score the total takes."""

from playwright.sync_api import expect

from .test_round_screen import new_game, open_round


def test_each_players_block_is_headed_live_with_their_own_score(phone):
    new_game(phone, "five-person")  # Ann, Bob, Cat, Dan, Eve: Ann's partner is Cat
    open_round(phone)
    phone.fill("#s0_hand_points", "50")
    phone.fill("#s2_meld_points", "80")
    phone.fill("#s2_hand_points", "45")
    ann = phone.locator("#side-0 legend output.preview")
    expect(ann).to_have_text("own -50, with Cat +35 = -15")
    expect(ann).to_have_class("preview minus")
    expect(phone.locator("#side-2 legend output.preview")).to_have_text("own +35, with Eve 0 = +35")
    expect(phone.locator("#side-3 legend output.preview")).to_have_text("own 0, with Ann -50 = -50")
    bar = phone.locator("table.live tr", has_text="Ann")
    expect(bar.locator("output.preview")).to_have_text("-15")
    expect(bar.locator("output[data-after]")).to_have_text("= -15")
    phone.locator(".side-tab[aria-controls=side-0]").tap()  # Ann's page (one a player)
    box = ann.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360  # on the screen
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    assert not phone.problems
