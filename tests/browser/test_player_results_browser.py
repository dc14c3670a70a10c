"""A player's own results on their phone (360x640): reached by tapping their name in
an event's standings, every figure the standings' own, nothing wider than the phone."""

from playwright.sync_api import expect

from scorekeeper.data.connection import connect
from scorekeeper.data.events import events, series
from tests.data import series_helpers

SMALL_PHONE = {"width": 360, "height": 640}


def test_a_player_taps_their_name_and_reads_their_results(contexts, live_server):
    db = connect(live_server.database)
    try:
        first, final = series_helpers.two_sessions(db)
        series.create_series(db, name="Autumn ladder", counts="points", event_ids=[first, final])
        lines = events.event_standings(db, events.event(db, final))
        bees = next(line for line in lines if line.entry == 1)  # Ann and Bea in the final
    finally:
        db.close()
    page = contexts(viewport=SMALL_PHONE, is_mobile=True, has_touch=True)
    page.goto(f"{live_server.url}/events/{final}/standings")
    page.get_by_role("link", name="Bea", exact=True).first.click()
    expect(page.get_by_role("heading", name="Results of Bea")).to_be_visible()
    final_section = page.locator("section.player-event").first
    expect(final_section).to_contain_text(f"Place {bees.place} of 4")
    expect(final_section).to_contain_text("event points: 2.5 (carried: 1.5)")
    expect(final_section.locator("ol.player-turns li")).to_have_count(1)
    expect(final_section.locator("ol.player-turns li")).to_contain_text("against Gus & Hal")
    first_section = page.locator("section.player-event").nth(1)
    expect(first_section.locator("ol.player-turns li").first).to_contain_text("against Ed & Flo")
    expect(first_section.locator("ol.player-turns li").first).to_contain_text("100 – 50")
    expect(page.locator("ul.player-series li")).to_contain_text("Autumn ladder: place 1 of 10")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360  # no sideways scroll
    assert page.problems == []
