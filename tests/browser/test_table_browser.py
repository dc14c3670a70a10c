"""Every phone at the table, in real browsers at once (Debian's chromium): the
scorer, a phone per side and a watcher join by the code, each side's part shows
on the scorer's round screen, the round is saved, confirmed, queried, corrected
and asked again; a phone reloads mid-entry, one is removed, two phones clash on
one part (one of them without JavaScript). For every variant."""

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.data.connection import connect
from scorekeeper.data.games.evenings import create_evening
from scorekeeper.data.games.games import create_game
from scorekeeper.scoring import VARIANTS, get_variant
from scorekeeper.scoring.seating import side_names
from tests.browser.test_flow_browser import PHONE
from tests.browser.waits import SEEN, WAIT

SEATS = {"five-person": ["Ann", "Bob", "Cat", "Dan", "Eve"]}
LIVE = SEEN  # far above the one-second poll: a loaded CI machine is slow


def new_game(database, variant):
    db = connect(database)
    seats = SEATS.get(variant, ["Ann", "Cat", "Bea", "Dee"])
    sides = side_names(get_variant(variant), seats)
    game = create_game(db, evening_id=create_evening(db, "2026-11-21"), variant=variant,
                       sides=sides, players=len(seats), options={}, seats=seats)  # fmt: skip
    db.close()
    return game, sides, seats


@pytest.fixture
def pages(browser):
    made = []

    def open_page(**options):
        made.append(browser.new_context(**{**PHONE, **options}))
        page = made[-1].new_page()
        page.set_default_timeout(WAIT)
        return page

    yield open_page
    for context in made:
        context.close()


def join(page, link, who):
    page.goto(link)
    page.check(f"input[name=who][value={who}]")
    page.click("button:has-text('Join')")
    page.wait_for_url("**/table/**")
    return page.url


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_phone_at_the_table(pages, shared_server, variant):
    game, sides, seats = new_game(shared_server.database, variant)
    base = shared_server.url
    scorer = pages(timezone_id="America/New_York")  # times shown in the phone's own zone
    scorer.goto(f"{base}/games/{game}")
    scorer.check("#phones_enter")
    scorer.check("#confirm_rounds")
    with scorer.expect_navigation():  # the scoreboard, open to phones
        scorer.click("text=Save table settings")
    link = scorer.get_attribute(".join-box a[href*='/join/']", "href")

    phones = [pages() for _ in sides]
    urls = [join(phone, link, f"p{i}") for i, phone in enumerate(phones)]
    watcher = pages()
    join(watcher, link, "watch")
    expect(scorer.locator("table.phones tbody tr")).to_have_count(len(sides) + 1, timeout=LIVE)

    scorer.goto(f"{base}/games/{game}/rounds/new")
    for i, phone in enumerate(phones):  # each side sends its part, as typed
        phone.fill(f"#s{i}_meld_points", str(50 + 10 * i))
        expect(phone.locator(".live-status")).to_have_text("Sent to the scorer.", timeout=LIVE)
    parts = scorer.locator("#phone-parts li.part")
    for i, _ in enumerate(sides):
        expect(parts.nth(i)).to_contain_text(f"sent by {seats[i]}", timeout=LIVE)
    expect(parts.nth(0).locator(".part-score")).to_have_text(  # five-person: "own +50, ... = +120"
        re.compile(r"^(own .* = )?[+-]?\d+$"), timeout=LIVE
    )

    # opened afresh, the scorer's screen scores the phones' numbers before anything is typed
    scorer.reload()
    preview = scorer.locator(f".round-head output.preview[data-side='{sides[0]}']")
    expect(preview).to_have_text(re.compile(r"^[+-]?[\d,]+$"), timeout=LIVE)
    expect(preview).not_to_have_text(re.compile(r"^[+-]?0$"))

    phones[0].reload()  # a phone reloading mid-entry keeps its part: the draft is on the server
    assert phones[0].input_value("#s0_meld_points") == "50"

    # two phones on one part: a second phone of side 0 without JavaScript, opened
    # before the first sends again, is refused and shown the other's numbers
    late = pages(java_script_enabled=False)
    if len(seats) > len(sides):  # a partner's phone for the same side
        join(late, link, f"p{len(sides)}")
    else:  # one player a side: the same phone link opened in a second browser
        late.goto(urls[0])  # (joining a taken seat asks the scorer: test_phones_wifi.py)
    phones[0].fill("#s0_meld_points", "55")
    expect(phones[0].locator(".live-status")).to_have_text("Sent to the scorer.", timeout=LIVE)
    late.fill("#s0_meld_points", "95")
    late.click("button[name=send]")
    expect(late.locator(".clash")).to_contain_text(f"{seats[0]} sent")
    expect(late.locator(".clash")).to_contain_text("Meld points 55")

    for i, _ in enumerate(sides):
        with scorer.expect_navigation():  # the round screen again, their numbers taken
            scorer.click(f"button[name=take][value='{i}']")
    expect(scorer.locator("#s0_meld_points")).to_have_value("55")
    scorer.click("button[name=save]")
    scorer.wait_for_selector(".totals")

    other = phones[1]
    expect(other.locator("text=Confirm round 1")).to_be_visible(timeout=LIVE)
    expect(watcher.locator("#phone-board table.scores")).to_be_visible(timeout=LIVE)  # live
    other.click("text=Confirm round 1")
    expect(scorer.locator(".agreement")).to_contain_text(f"confirmed by {seats[1]}", timeout=LIVE)
    expect(other.locator("text=Confirm round 1")).to_have_count(0)  # once from this phone
    for phone in phones:  # every side's numbers confirmed by another side's phone
        phone.reload()  # (five-person: two phones may have confirmed everyone's already)
        if phone is not other and phone.locator("text=Confirm round 1").count():
            phone.click("text=Confirm round 1")
    expect(scorer.locator(".agreement strong").first).to_have_text("confirmed", timeout=LIVE)
    # a live update keeps the phone's own time zone (a phone tester saw UTC come back)
    expect(scorer.locator(".agreement time").first).to_contain_text("EST")

    scorer.goto(f"{base}/games/{game}/rounds/1/edit")  # a correction asks again
    scorer.fill("#s0_meld_points", "60")
    scorer.click("button[name=save]")
    expect(other.locator(".confirm")).to_contain_text("confirm again", timeout=LIVE)
    other.fill("#note-1", "we had 65")
    other.click("button[name=query]")
    expect(scorer.locator(".agreement")).to_contain_text("we had 65", timeout=LIVE)

    scorer.goto(f"{base}/games/{game}")
    scorer.click("a[aria-label='Remove Watcher’s phone']")
    expect(scorer.locator("h1")).to_have_text("Remove Watcher’s phone?")
    scorer.click("text=Remove the phone")
    expect(watcher.locator("h1")).to_have_text("This phone is not at the table", timeout=LIVE)
    scorer.goto(f"{base}/games/{game}/history")
    expect(scorer.locator(".table-events")).to_contain_text("Watcher was removed from the table")
    assert urls
