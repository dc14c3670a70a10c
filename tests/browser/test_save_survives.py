"""A save that never falls off the page: with the wifi down
or the server stopped mid-save, the round screen says so in words, keeps everything
typed and sends the same save again (the same one-time key) until it is stored,
exactly once; Back after a save, then Save, says the round is already saved."""

from playwright.sync_api import expect

from .test_round_screen import draft_kept, new_game, open_round

NOT_SAVED = "Not saved yet: no connection. Trying again"


def stored_rounds(server, page):
    game = page.url.split("/games/")[1].split("/")[0]
    status, answer = server.json("GET", f"/api/games/{game}")
    assert status == 200
    return answer["document"]["rounds"]


def typed_round(page):
    new_game(page)
    open_round(page)
    page.fill("#s0_meld_points", "120")
    page.fill("#s1_hand_points", "35")
    draft_kept(page, s0_meld_points="120", s1_hand_points="35")


def test_a_save_with_the_wifi_down_says_so_keeps_everything_and_lands_once(phone, shared_server):
    typed_round(phone)
    at = phone.url
    phone.context.set_offline(True)
    phone.click("button[name=save]")
    expect(phone.locator(".save-status")).to_contain_text(NOT_SAVED)
    phone.wait_for_timeout(2500)  # a retry or two, still without a connection
    assert phone.url == at  # never the browser's own error page
    assert phone.input_value("#s0_meld_points") == "120"
    assert phone.input_value("#s1_hand_points") == "35"
    phone.context.set_offline(False)
    phone.wait_for_selector(".totals")
    assert "Round 1 saved." in phone.inner_text("form.undo")
    assert len(stored_rounds(shared_server, phone)) == 1


def test_a_save_whose_answer_was_lost_is_sent_again_and_stored_once(phone, shared_server):
    """The round reached the server, the answer never came back (the wifi dropped on
    the way back): the same key again is the same save, not a second round."""
    typed_round(phone)
    lost = []

    def lose_the_first_answer(route):
        if lost:
            route.continue_()
            return
        route.fetch()  # the server stores the round and answers...
        lost.append(1)
        route.abort("connectionreset")  # ...and the answer is lost

    phone.route("**/rounds/new", lose_the_first_answer)
    phone.click("button[name=save]")
    expect(phone.locator(".save-status")).to_contain_text(NOT_SAVED)
    phone.wait_for_selector(".totals")
    assert lost and len(stored_rounds(shared_server, phone)) == 1
    assert stored_rounds(shared_server, phone)[0]["Ann & Bea"]["meld_points"] == 120


def test_a_save_while_the_server_is_stopped_lands_once_it_is_back(phone, live_server):
    typed_round(phone)
    live_server.stop()
    phone.click("button[name=save]")
    expect(phone.locator(".save-status")).to_contain_text(NOT_SAVED)
    assert phone.input_value("#s0_meld_points") == "120"
    live_server.start()  # the same port, the same database
    phone.wait_for_selector(".totals", timeout=30000)
    assert len(stored_rounds(live_server, phone)) == 1


def test_a_double_tap_on_save_stores_one_round(phone, shared_server):
    typed_round(phone)
    phone.locator("button[name=save]").dblclick()
    phone.wait_for_selector(".totals")
    assert len(stored_rounds(shared_server, phone)) == 1


def test_back_then_save_with_half_the_form_put_back_says_already_saved(phone, shared_server):
    """The browser put back part of the form (the round went out, its canasta did not):
    Save answers "Round 1 is already saved", never the engine's word on the old form."""
    new_game(phone)
    open_round(phone)
    phone.fill("#s0_meld_points", "150")
    phone.fill("#s0_natural_canastas", "1")
    phone.check("#went_out-0")
    phone.click("button[name=save]")
    phone.wait_for_selector(".totals")
    phone.go_back()
    phone.wait_for_load_state("load")
    if phone.locator("form.round-form").count():  # from the browser's cache
        phone.fill("#s0_natural_canastas", "")
        phone.click("button[name=save]")
    expect(phone.locator(".notice[role=alert]")).to_contain_text("Round 1 is already saved")
    assert "needs at least" not in phone.inner_text("main")  # the engine on the half form
    expect(phone.locator("a:has-text('Correct round 1')")).to_be_visible()
    assert phone.locator("form.round-form").count() == 0  # no half-restored form
    assert len(stored_rounds(shared_server, phone)) == 1
