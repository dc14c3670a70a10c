"""The new-game form's house rules and first dealer, without a
browser: the options grouped by topic, each label printed once, a FILL said in
plain words (translated), a topic with a problem opened, and the first-dealer
picker naming the players the server has seen typed."""

import html
import re

import pytest

from scorekeeper.scoring import VARIANTS
from scorekeeper.scoring.rules import TOPICS

from .test_house_rules import defaults_of, seats_of, url_of
from .test_views import seat_form

SILENT = "The rule sheet does not say; most tables play"


def shown(fragment):
    """What a reader sees of a piece of page: tags dropped, entities read, spaces one."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def option_blocks(page):
    """Each option's part of the editor, by key."""
    parts = re.split(r'(?=<div class="option[^"]*" id="option-)', page)[1:]
    return {
        re.search(r'id="option-([a-z_]+)"', p).group(1): p.split("</details>")[0] for p in parts
    }


def label_of(option):
    return f"card: {option.label[6:]}" if option.key.startswith("card_") else option.label


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_each_option_s_label_is_printed_once_under_its_topic(client, variant):
    page = client.get(url_of(variant)).get_data(as_text=True)
    blocks, options = option_blocks(page), VARIANTS[variant].all_options()
    assert set(blocks) == {o.key for o in options}
    for option in options:
        text = shown(blocks[option.key])
        assert text.count(label_of(option)) == 1, (option.key, text)
        assert "FILL" not in text
        assert (SILENT in text) == bool(option.fill), (option.key, text)
    topics = re.findall(r'<details class="topic" id="topic-([a-z_]+)"', page)
    assert topics == [t for t in TOPICS if any(o.topic == t for o in options)]
    assert 'class="topic" id="topic-canastas" open' not in page  # folded until asked


def test_a_fill_says_what_most_tables_play_and_why(client):
    page = client.get(url_of("weeping")).get_data(as_text=True)
    target = shown(option_blocks(page)["target"])
    assert f"{SILENT} 10,000 (the sheet names no target" in target
    tie = shown(option_blocks(page)["tie_plays_on"])
    assert "The rule sheet does not say; most tables play with this on" in tie
    german = client.get(url_of("weeping"), headers={"Accept-Language": "de"})
    target = shown(option_blocks(german.get_data(as_text=True))["target"])
    assert "10.000" in target and SILENT not in target and "Regelblatt" in target


def test_the_rule_set_editor_prints_each_label_once_too(client):
    listing = client.get("/rule-sets").get_data(as_text=True)
    set_id = re.search(r'href="/rule-sets/(\d+)"', listing).group(1)
    page = client.get(f"/rule-sets/{set_id}").get_data(as_text=True)
    blocks = option_blocks(page)
    variant = next(v for v in VARIANTS.values() if {o.key for o in v.all_options()} == set(blocks))
    for option in variant.all_options():
        assert shown(blocks[option.key]).count(label_of(option)) == 1, option.key


def test_a_problem_opens_its_topic_and_says_how_many_numbers_changed(client):
    url = url_of("weeping")
    data = seat_form(seats_of("weeping"), **defaults_of(client, url))
    data.update({"opt_target": "4000", "opt_going_out": "200"})  # below the last threshold
    page = client.post(url, data=data).get_data(as_text=True)
    assert 'id="topic-game" open' in page and 'id="topic-cards" open' not in page
    topics = re.findall(r'<details class="topic"[^>]*>\s*<summary>(.*?)</summary>', page, re.S)
    said = [shown(t) for t in topics]
    assert "Going out (2 · 1 changed)" in said and "Deal, game end and ties (2 · 1 changed)" in said
    assert "Card values (6)" in said


def test_the_first_dealer_picker_names_the_seats_typed(client):
    empty = client.get(url_of("classic")).get_data(as_text=True)
    picker = re.search(r'<select[^>]*id="first_dealer".*?</select>', empty, re.S).group(0)
    assert [shown(o) for o in re.findall(r"<option.*?</option>", picker)] == [
        "Seat 1", "Seat 2", "Seat 3", "Seat 4"]  # fmt: skip
    assert 'data-named="%(name)s (seat %(n)s)"' in picker  # what seats.js writes as names come
    data = seat_form(["Ann", "", "Bea", "Dee"], **defaults_of(client, url_of("classic")))
    page = client.post(url_of("classic"), data=data).get_data(as_text=True)  # a seat missing
    picker = re.search(r'<select[^>]*id="first_dealer".*?</select>', page, re.S).group(0)
    assert [shown(o) for o in re.findall(r"<option.*?</option>", picker)] == [
        "Ann (seat 1)", "Seat 2", "Bea (seat 3)", "Dee (seat 4)"]  # fmt: skip
