"""An event's results published by its director, with a reason the history keeps,
and read by anyone at its public link: the standings and every table's result,
nothing to change, nothing private; taken back, the link shows nothing."""

import re

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.events import publishing
from scorekeeper.web.shown import published
from tests.web.test_events import make_event, play_turn

FOUR = "Ann & Bea\nCy & Di\nEd & Flo\nGus & Hal"


@pytest.fixture
def desk(app, client):
    desk = make_event(client, entries=FOUR, turns="1").headers["Location"]
    client.post(f"{desk}/start")
    return desk


def public_link(page: str) -> str:
    return re.search(r'class="public-link" href="http://localhost(/results/[^"]+)"', page)[1]


def test_the_director_publishes_an_evening_over_and_anyone_reads_it(app, client, desk):
    assert "Publish the results</a>" not in client.get(desk).get_data(as_text=True)  # not yet
    play_turn(app, desk, [(100, 50), (50, 200)])
    assert "Publish the results</a>" in client.get(desk).get_data(as_text=True)
    done = client.post(f"{desk}/publish", data={"reason": "the night is over"})
    assert done.status_code == 302 and done.headers["Location"] == desk
    page = client.get(f"{desk}/publish").get_data(as_text=True)
    link = public_link(page)
    assert "Stop publishing" in page
    stranger = app.test_client()
    shown = stranger.get(link)
    html = shown.get_data(as_text=True)
    assert shown.status_code == 200 and "Gus &amp; Hal" in html and "Turn 1" in html
    assert "<form" not in html and "<script" not in html and "/events/" not in html
    assert "+150" in html  # Gus & Hal's margin, as the app's standings say it
    history = client.get(f"{desk}/history").get_data(as_text=True)
    assert "Results published" in history and "the night is over" in history
    taken = client.post(f"{desk}/publish", data={"reason": "a score was wrong"})
    assert taken.status_code == 302 and stranger.get(link).status_code == 404
    assert "Results no longer published" in client.get(f"{desk}/history").get_data(as_text=True)


def test_the_public_link_in_each_language(app, client, desk):
    play_turn(app, desk, [(100, 50), (50, 200)])
    client.post(f"{desk}/publish", data={"reason": "over"})
    link = public_link(client.get(f"{desk}/publish").get_data(as_text=True))
    reader = app.test_client()
    for code, word in (("de", "Rangliste"), ("es", "Clasificación"), ("pt_BR", "Classificação")):
        reader.set_cookie("lang", code)
        assert word in reader.get(link).get_data(as_text=True)


@pytest.mark.parametrize(
    ("reason", "message"),
    [("", "Say why, for the event"), ("x" * 201, 'value="' + "x" * 201 + '"')],
)
def test_no_reason_no_change_and_what_was_typed_kept(app, client, desk, reason, message):
    play_turn(app, desk, [(100, 50), (50, 200)])
    refused = client.post(f"{desk}/publish", data={"reason": reason})
    html = refused.get_data(as_text=True)
    assert refused.status_code == 400 and message in html and 'aria-invalid="true"' in html
    assert "public-link" not in client.get(f"{desk}/publish").get_data(as_text=True)


def test_a_night_still_playing_cannot_be_published(app, client, desk):
    page = client.get(f"{desk}/publish").get_data(as_text=True)
    assert "the event is not over" in page and "<button" not in page.split("<main>")[1]
    refused = client.post(f"{desk}/publish", data={"reason": "too early"})
    assert refused.status_code == 400
    assert "Results published" not in client.get(f"{desk}/history").get_data(as_text=True)


def test_a_link_nobody_published_shows_nothing(client, desk):
    assert client.get("/results/0123456789abcdef").status_code == 404


def test_a_player_entered_alone_is_linked_by_the_entrys_name(app, client):
    """On the website a night of individuals links each entry's name to its player's
    page (a pair's players are linked under the pair's name)."""
    desk = make_event(client, entries="Ann\nCy\nEd\nGus", turns="1").headers["Location"]
    client.post(f"{desk}/start")
    play_turn(app, desk, [(100, 50), (50, 200)])
    client.post(f"{desk}/publish", data={"reason": "over"})
    db = connect(app.config["DATABASE"])
    try:
        (page,) = [p for p in published.site(db) if p.path[0] == "events"]
        ids = publishing.player_ids(db)
    finally:
        db.close()
    with app.test_request_context():
        html = published.render(page, published.FileLinks(page.path, "en"))
    for name in ("Ann", "Cy", "Ed", "Gus"):
        assert f'<a href="../../en/players/{ids[name]}.html">{name}</a>' in html
    assert "<small>" not in html.split("</table>")[0]  # no list of one under the name


def test_each_turn_says_who_had_a_bye(app, client):
    five = FOUR + "\nIda & Jo"
    desk = make_event(client, entries=five, turns="1").headers["Location"]
    client.post(f"{desk}/start")
    play_turn(app, desk, [(100, 50), (50, 200)])
    client.post(f"{desk}/publish", data={"reason": "over"})
    html = app.test_client().get(public_link(client.get(f"{desk}/publish").get_data(as_text=True)))
    said = re.findall(r"<p>Bye: ([^<]+)</p>", html.get_data(as_text=True))
    assert len(said) == 1 and said[0] in five.replace("&", "&amp;").split("\n")
