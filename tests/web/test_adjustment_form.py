"""A side's adjustment on the round screen, under "More": the amount as
digits, the sign apart, a note; kept when refused; a mark on the scoreboard's row;
the phones' parts; a correction shows it again."""

import re

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.games.games import scored
from scorekeeper.data.games.rounds import add_round
from scorekeeper.data.table import table

from .test_phones import part


@pytest.fixture
def db(app):
    found = connect(app.config["DATABASE"])
    yield found
    found.close()


def post(client, game, **fields):
    return client.post(f"/games/{game}/rounds/new", data={"number": "1", **fields})


def test_a_minus_adjustment_with_a_note_is_saved_and_marked(client, make_game, db):
    game = make_game()
    page = client.get(f"/games/{game}/rounds/new").get_data(as_text=True)
    side = page[page.index('id="side-0"') : page.index('id="side-1"')]
    more = re.search(r'<details class="more">.*?</details>', side, re.S).group(0)
    assert "adjustment</summary>" in more
    assert re.search(r'<select[^>]*class="sign"[^>]*id="s0_adjustment_sign"', more)
    # the dial pad (it has a minus), and Next going on to the note
    assert re.search(r'id="s0_adjustment" inputmode="tel"', more)
    amount = re.search(r'<input[^>]*id="s0_adjustment"[^>]*>', more).group(0)
    assert 'data-then="s0_note"' in amount and 'enterkeyhint="next"' in amount
    done = post(client, game, s0_meld_points="120", s0_adjustment="100",
                s0_adjustment_sign="-", s0_note="table talk")  # fmt: skip
    assert done.status_code == 302
    _, rounds, answer = scored(db, game)
    assert rounds[0]["entries"]["Ann & Bea"] == {"meld_points": 120, "adjustment": -100,
                                                 "note": "table talk"}  # fmt: skip
    assert answer["totals"]["Ann & Bea"] == 20
    board = client.get(f"/games/{game}").get_data(as_text=True)
    row = re.search(r"<tbody>.*?</tbody>", board, re.S).group(0)
    assert row.count('class="adjusted"') == 1 and 'title="adjustment: table talk -100"' in row
    assert "<td>adjustment: table talk</td>" in board  # its own line in the breakdown
    history = client.get(f"/games/{game}/history").get_data(as_text=True)
    assert "Adjustment -100, Note table talk" in history


@pytest.mark.parametrize(("typed", "sign", "note", "field", "message"), [
    ("-100", "+", "", "s0_adjustment", "Type the points without a sign"),
    ("12", "+", "", "s0_adjustment", "12 is not a multiple of 5"),
    ("20000", "-", "", "s0_adjustment", "An adjustment is at most 10000 points"),
    ("abc", "+", "", "s0_adjustment", "“abc” is not one"),
    ("50", "x", "", "s0_adjustment_sign", "Not a valid choice"),
    ("50", "-", "a\x07b", "s0_note", "may not hold a control character"),
    ("50", "-", "n" * 201, "s0_note", "201 characters is more than the 200"),
    ("", "x", "", "s0_adjustment_sign", "Not a valid choice"),
    ("", "+", "a\x07b", "s0_note", "may not hold a control character"),
], ids=["minus-typed", "not-five", "too-big", "letters", "bad-sign", "control", "long",
        "bad-sign-alone", "note-alone"])  # fmt: skip
def test_bad_input_is_shown_beside_the_field_and_kept(client, make_game, db, typed, sign,
                                                      note, field, message):  # fmt: skip
    game = make_game()
    page = post(client, game, s0_adjustment=typed, s0_adjustment_sign=sign, s0_note=note)
    html = page.get_data(as_text=True)
    assert page.status_code == 400
    assert re.search(rf'<span class="error" id="{field}-error">[^<]*{re.escape(message)}', html)
    assert re.search(r'<details class="more" open>', html)  # opened to show it
    assert f'value="{typed}"' in html  # what was typed stays
    assert scored(db, game)[1] == []


@pytest.mark.parametrize("blank", ["", "  "], ids=["empty", "spaces"])
def test_an_adjustment_left_blank_gives_none_and_is_shown_again_with_the_form(
    client, make_game, db, blank
):
    """A save leaves the adjustments' fields out of its form when they were posted
    blank; the form shown again after a refusal has them, as they were."""
    game = make_game()
    blanks = {"s0_adjustment": blank, "s0_adjustment_sign": "-", "s1_note": blank}
    refused = post(client, game, s0_meld_points="12", **blanks)
    html = refused.get_data(as_text=True)
    assert refused.status_code == 400 and "12 is not a multiple of 5" in html
    assert 'id="s0_adjustment"' in html and 'id="s1_note"' in html
    assert re.search(r'<option[^>]*selected[^>]*value="-"', html)  # the sign as chosen
    assert scored(db, game)[1] == []
    assert post(client, game, s0_meld_points="120", **blanks).status_code == 302
    assert scored(db, game)[1][0]["entries"] == {"Ann & Bea": {"meld_points": 120}, "Cat & Dee": {}}


def test_a_correction_shows_the_adjustment_with_its_sign(client, make_game, db):
    game = make_game()
    add_round(db, game, {"Cat & Dee": {"meld_points": 50, "adjustment": -150, "note": "misdeal"}})
    page = client.get(f"/games/{game}/rounds/1/edit").get_data(as_text=True)
    assert re.search(r'id="s1_adjustment"[^>]*value="150"', page)
    assert re.search(r'<option selected value="-">−</option>', page)
    assert re.search(r'id="s1_note"[^>]*value="misdeal"', page)
    assert re.search(r'<fieldset class="side-entry" id="side-1">.*?<details class="more" open>',
                     page, re.S)  # fmt: skip


def test_a_phone_sends_its_sides_adjustment(client, make_game, db):
    game = make_game()
    table.set_settings(db, game, phones_enter=True, confirm_rounds=True)
    code = table.join_code(db, game)
    joined = client.application.test_client().post(f"/join/{code}", data={"who": "p1"})
    token = joined.location.rsplit("/", 1)[1]
    phone = client.application.test_client().get(f"/table/{token}").get_data(as_text=True)
    assert 'id="s1_adjustment_sign"' in phone and 'id="s1_note"' in phone
    sent = part(client, token, s1_meld_points="60", s1_adjustment="50",
                s1_adjustment_sign="-", s1_note="forfeit")  # fmt: skip
    assert sent.status_code == 302
    screen = client.get(f"/games/{game}/rounds/new").get_data(as_text=True)
    assert "(Meld points 60, Adjustment −50, Note forfeit)" in screen  # what the phone sent
    taken = client.post(f"/games/{game}/rounds/new", data={"number": "1", "take": "1"})
    html = taken.get_data(as_text=True)
    assert re.search(r'id="s1_adjustment"[^>]*value="50"', html)
    assert re.search(r'<option selected value="-">−</option>', html)
    assert re.search(r'id="s1_note"[^>]*value="forfeit"', html)
