"""The table as the sheets describe it: partners and rentraps, who deals and who
sits out, who deals the weepers, and no dealer where the sheet has none."""

import re

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.games.rounds import add_round
from scorekeeper.scoring import get_variant
from scorekeeper.scoring.seating import teams, turn


def add_rounds(app, game_id, rounds):
    db = connect(app.config["DATABASE"])
    try:
        for entries in rounds:
            add_round(db, game_id, entries)
    finally:
        db.close()


def next_line(html):
    return re.search(r'<p class="next">(.*?)</p>', html, re.S).group(1)


def test_five_person_board_shows_each_players_partner_and_rentrap(client, make_game):
    game = make_game("five-person", seats=("P1", "P2", "P3", "P4", "P5"))
    html = client.get(f"/games/{game}").get_data(as_text=True)
    for player, partner, rentrap in [("P1", "P3", "P4"), ("P2", "P4", "P5"), ("P3", "P5", "P1"),
                                     ("P4", "P1", "P2"), ("P5", "P2", "P3")]:  # fmt: skip
        assert f"{player}'s partner: <strong>{partner}</strong> · rentrap: {rentrap}" in html


def test_other_boards_show_no_partner_lines(client, make_game):
    assert "rentrap" not in client.get(f"/games/{make_game()}").get_data(as_text=True)


DEALS = {"in turn": {}, "sitter": {"deal_in_turn": False},
         "skip": {"deal_in_turn": False, "sitter_deals": False}}  # fmt: skip


@pytest.mark.parametrize("deal", list(DEALS))
def test_five_player_classic_dealer_and_sitter_out_agree_every_round(app, client, make_game,
                                                                     deal):  # fmt: skip
    seats = ("Ann", "Bob", "Cat", "Dan", "Eve")
    game = make_game("classic", seats=seats, options=DEALS[deal], first_dealer=0)
    three = teams(get_variant("classic"), list(seats))[0]
    for number in range(1, 8):
        line = next_line(client.get(f"/games/{game}").get_data(as_text=True))
        dealer = re.search(r'class="dealer">(\w+) deals<', line).group(1)
        sitter = re.search(r'class="sits-out">(\w+) sits out<', line).group(1)
        assert sitter == three[(number - 1) % 3]
        if deal == "in turn":
            assert dealer == seats[(number - 1) % 5]
        elif deal == "sitter":
            assert dealer == sitter
        else:
            assert dealer != sitter
        add_rounds(app, game, [{"Ann & Cat & Eve": {"meld_points": 5}}])
    details = client.get(f"/games/{game}").get_data(as_text=True)
    assert details.count(" dealt</small>") == 7


def test_without_the_sitter_dealing_the_deal_skips_whoever_sits_out():
    classic, seats = get_variant("classic"), list("ABCDE")
    rules = {"deal_in_turn": False, "sitter_deals": False}
    dealers = [turn(classic, seats, 0, n, rules).dealer for n in range(1, 7)]
    sitters = [turn(classic, seats, 0, n, rules).sits_out for n in range(1, 7)]
    assert sitters == ["A", "C", "E", "A", "C", "E"]
    assert dealers == ["B", "B", "C", "D", "E", "A"]  # clockwise; a sitter-out passes it on
    assert all(d != s for d, s in zip(dealers, sitters, strict=True))


@pytest.mark.parametrize("key", ["deal_in_turn", "sitter_deals"])
def test_who_deals_with_five_is_a_house_rule_with_a_fill_note(client, key):
    option = next(o for o in get_variant("classic").all_options() if o.key == key)
    assert option.kind == "flag" and option.default is True and option.fill
    page = client.get("/rules/classic").get_data(as_text=True)
    assert "every player deals in turn" in page and "the player sitting out deals" in page


def test_weeping_board_says_who_deals_the_weepers(app, client, make_game):
    game = make_game("weeping", seats=("Ann", "Bob", "Cat", "Dan"), first_dealer=1)
    line = next_line(client.get(f"/games/{game}").get_data(as_text=True))
    assert "Bob deals" in line and "Ann deals the weepers" in line
    add_rounds(app, game, [{"Ann & Cat": {"meld_points": 5}}])
    line = next_line(client.get(f"/games/{game}").get_data(as_text=True))
    assert "Cat deals" in line and "Bob deals the weepers" in line


def test_hand_and_foot_has_no_dealer_on_the_form_or_the_board(app, client, make_game):
    form = client.get("/games/new/hand-and-foot/4").get_data(as_text=True)
    assert "First dealer" not in form
    assert "First dealer" in client.get("/games/new/classic/4").get_data(as_text=True)
    game = make_game("hand-and-foot")
    add_rounds(app, game, [{"Ann & Bea": {"meld_points": 5}}])
    html = client.get(f"/games/{game}").get_data(as_text=True)
    assert " deals" not in html and " dealt" not in html


def test_join_link_qr_and_spectator_link_name_the_lan_address_on_this_machine(app, make_game):
    """A scorer on 127.0.0.1 or localhost got links no phone can open."""
    import re

    app.config["PHONE_URL"] = "http://192.168.1.20:8000/"
    game = make_game()
    for base, expected in [("http://127.0.0.1:8000", "http://192.168.1.20:8000/join/"),
                           ("http://localhost:8000", "http://192.168.1.20:8000/join/"),
                           ("http://scorekeeper.local:8000", "http://scorekeeper.local:8000/join/")]:  # fmt: skip
        client = app.test_client()
        page = client.get(f"/games/{game}", base_url=base).get_data(as_text=True)
        links = re.findall(r'href="(http[^"]+/join/[^"]+)"', page)
        assert links and all(link.startswith(expected) for link in links), (base, links)
    share = app.test_client().get(f"/games/{game}/share", base_url="http://127.0.0.1:8000")
    assert "http://192.168.1.20:8000/watch/" in share.get_data(as_text=True)


def test_the_home_page_offers_to_join_a_table(client):
    page = client.get("/").get_data(as_text=True)
    assert 'href="/join"' in page and "Join a table" in page
