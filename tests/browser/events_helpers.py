"""What the club-night browser tests share: an event made on the director's form, a
turn started on the desk, the desk's tables, the table cards' links, a phone joined by
a card, a round entered on the round screen or sent through the JSON API with a
table's session, and the standings read back from a page or an export."""

import csv
import io
import json
import re

from playwright.sync_api import expect

# The laptop that shows the big screen: a 1080p projector, no touch.
PROJECTOR = {"viewport": {"width": 1920, "height": 1080}, "is_mobile": False, "has_touch": False}


def make_event(page, base, entries, turns=1, deals=1, minutes=0, **choices):
    """The director's browser makes the event on the form; the desk's address.
    ``entries`` one a line (a string or a list); ``choices`` name the form's other
    fields: ``name``, ``variant`` (a game's id), ``rules`` (a saved rule set, by the
    label the form shows), ``movement``, ``skip``, ``first_turn``, ``scale``, ``target``, ``passphrase``
    (the director's)."""
    page.goto(base + "/events/new")
    page.fill("#name", choices.get("name", "Tuesday club"))
    if "rules" in choices:
        page.select_option("#variant", label=choices["rules"])
    else:
        page.select_option("#variant", choices.get("variant", "hand-and-foot"))
    for field in ("movement", "first_turn", "scale"):
        if field in choices:
            page.select_option(f"#{field}", choices[field])
    if choices.get("skip"):
        page.check("#skip")
    if "target" in choices:
        page.fill("#target", str(choices["target"]))
    page.fill("#turns", str(turns))
    page.fill("#deals", str(deals))
    page.fill("#minutes", str(minutes))
    if "passphrase" in choices:
        page.fill("#director_passphrase", choices["passphrase"])
    page.fill("#entries", entries if isinstance(entries, str) else "\n".join(entries))
    with page.expect_navigation():
        page.click("button:has-text('Make the plan')")
    return page.url


def unlock(page, desk, passphrase):
    """Another device becomes the event's director by typing its passphrase."""
    page.goto(desk + "/unlock")
    page.fill("#passphrase", passphrase)
    with page.expect_navigation():
        page.click("button:has-text('Unlock')")
    expect(page.get_by_role("link", name="Withdrawals", exact=True)).to_be_visible()


def start_turn(desk, turn):
    """The director starts the turn on the desk; its tables as ``desk_tables`` reads them."""
    with desk.expect_navigation():
        desk.click(f"text=Start turn {turn}")
    expect(desk.locator("body")).to_contain_text(f"Turn {turn} started")
    return desk_tables(desk)


def desk_tables(desk):
    """The desk's tables of the turn: (table number, game id), as listed."""
    found = []
    for item in desk.locator("ul.event-tables li").all():
        number = int(re.search(r"Table (\d+)", item.inner_text()).group(1))
        href = item.locator("a").first.get_attribute("href")
        found.append((number, int(href.rsplit("/", 1)[1])))
    return dict(found)


def card_links(page, desk):
    """Each table's card link, in table order, read from the printable cards."""
    page.goto(desk + "/cards")
    return re.findall(r"http://[^<\s]+/tables/[^<\s]+", page.inner_text("body"))


def enter(page, base, game, ns, ew):
    """The table's scorer enters the deal on the round screen, as meld points."""
    page.goto(f"{base}/games/{game}/rounds/new")
    page.fill("#s0_meld_points", str(ns))
    page.fill("#s1_meld_points", str(ew))
    page.click("button[name=save]")
    page.wait_for_selector(".totals")


def join(page, link, who):
    """A player's phone joins the table's game of the turn by its card, in seat ``who``."""
    page.goto(link)
    page.check(f"input[name=who][value={who}]")
    page.click("button:has-text('Join')")
    page.wait_for_url("**/table/**")


def send_round(page, base, game, sides):
    """A round sent through the JSON API with the session of the browser ``page`` is
    in (a table's card opened there, or the director's): the table's answer."""
    response = page.request.post(
        f"{base}/api/games/{game}/rounds",
        data=json.dumps(sides),
        headers={"Content-Type": "application/json"},
    )
    assert response.status == 201, response.text()
    return response.json()


def standings_rows(page):
    """(entry, points or VP, margin) of each row of every standings table on the page
    (the columns of a long field one after another), in place order, read by the
    columns' headings (the results sheet has more columns than the desk); the printed
    results' tables of each turn are not standings."""
    found = []
    for table in page.locator("table.standings:not(.event-turn table)").all():
        heads = [" ".join(h.split()) for h in table.locator("thead th").all_inner_texts()]
        entry, margin = heads.index("Entry"), heads.index("Margin")
        for row in table.locator("tbody tr").all():
            cells = [" ".join(c.split()) for c in row.locator("th, td").all_inner_texts()]
            found.append((cells[entry], cells[entry + 1], cells[margin].replace("−", "-")))
    return found


def exported_standings(page, desk):
    """(entry, points, margin) from the desk's CSV and JSON exports, written as the
    pages show them (a margin signed, thousands separated), each export read apart."""

    def signed(value):
        return f"{int(value):+,}" if int(value) else "0"

    text = page.request.get(desk + "/standings.csv").text()
    heading = "VP" if "VP" in text.splitlines()[0].split(",") else "Points"
    from_csv = [
        (row["Entry"], row[heading], signed(row["Margin"]))
        for row in csv.DictReader(io.StringIO(text))
    ]
    rows = page.request.get(desk + "/standings.json").json()["standings"]
    from_json = [(row["entry"], str(row["points"]), signed(row["margin"])) for row in rows]
    return from_csv, from_json
