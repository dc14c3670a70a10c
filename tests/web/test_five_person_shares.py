"""Five-person: a player's block is headed with their own round score, their
partner's points shown as such ("own -50, with Cat +35 = -15"), wherever a block
is headed with a score: the round screen, the scoreboard's rounds, the printout,
the phones' parts."""

import re

from scorekeeper.data.connection import connect
from scorekeeper.data.games.rounds import add_round

SEATS = ("Rekha", "Bo", "Cat", "Di", "Eli")  # Rekha's partner: Cat, two seats on
# Rekha -50 in hand; Cat 80 melded, 45 in hand (+35); Bo 230; Di and Eli nothing
ROUND = {"Rekha": {"hand_points": 50}, "Cat": {"meld_points": 80, "hand_points": 45},
         "Bo": {"meld_points": 230}}  # fmt: skip
FORM = {"s0_hand_points": "50", "s2_meld_points": "80", "s2_hand_points": "45",
        "s1_meld_points": "230"}  # fmt: skip
REKHA = "own -50, with Cat +35 = -15"


def unmarked(html):
    """The page without the sides' marks (their shapes, web/shown/sides.py)."""
    return re.sub(r'<svg class="side-mark.*?</svg>', "", html, flags=re.S)


def played(app, make_game, rounds=1):
    game = make_game("five-person", seats=SEATS)
    db = connect(app.config["DATABASE"])
    try:
        for _ in range(rounds):
            add_round(db, game, ROUND)
    finally:
        db.close()
    return game


def test_the_preview_heads_each_block_with_the_players_own_score(client, make_game):
    game = make_game("five-person", seats=SEATS)
    page = client.post(f"/games/{game}/rounds/new", data={**FORM, "preview": "1"})
    html = unmarked(page.get_data(as_text=True))
    legend = re.search(r'<legend>Rekha <output class="preview minus"[^>]*>(.*?)</output>', html)
    assert legend and REKHA in legend.group(1)
    assert "own 0, with Rekha -50 = -50" in html  # Di: nothing of her own
    # the totals bar still adds the round score the total takes: -15
    bar = re.search(r'<th scope="row">Rekha</th>.*?</tr>', html, re.S).group(0)
    assert ">-15</output>" in bar and "= -15" in bar


def test_the_live_preview_sends_each_players_share(client, make_game):
    game = make_game("five-person", seats=SEATS)
    answer = client.post(f"/games/{game}/rounds/1/preview", data=FORM).json
    assert answer["scores"]["Rekha"] == -15
    assert answer["shares"]["Rekha"] == [-50, "Cat", 35]
    page = unmarked(client.get(f"/games/{game}/rounds/new").get_data(as_text=True))
    assert 'data-says-share="own %(own)s, with %(partner)s %(theirs)s = %(score)s"' in page
    assert 'data-side="Rekha" data-share' in page


def test_the_scoreboard_and_printout_head_the_breakdown_with_the_own_score(app, client, make_game):
    game = played(app, make_game)
    board = unmarked(client.get(f"/games/{game}").get_data(as_text=True))
    assert f'<h3>Rekha <small><span class="share">{REKHA}</span></small></h3>' in board
    assert "partner Cat" in board  # the breakdown keeps the partner's line
    printed = unmarked(client.get(f"/games/{game}/print").get_data(as_text=True))
    assert f'Round 1 · Rekha · <span class="share">{REKHA}</span></caption>' in printed
    one = unmarked(client.get(f"/games/{game}/rounds/1/print").get_data(as_text=True))
    assert REKHA in one


def test_numbers_in_the_share_are_grouped_as_the_language_writes_them(app, client, make_game):
    game = make_game("five-person", seats=SEATS)
    db = connect(app.config["DATABASE"])
    try:
        add_round(db, game, {"Rekha": {"natural_canastas": 3, "super_canastas_pure": 2,
                                       "meld_points": 500, "went_out": True},
                             "Cat": {"super_canastas_pure": 2, "meld_points": 400}})  # fmt: skip
    finally:
        db.close()
    board = unmarked(
        client.get(f"/games/{game}", headers={"Accept-Language": "de"}).get_data(as_text=True)
    )
    assert "eigene +1.850, mit Cat +1.400 = +3.250" in board


def test_other_variants_keep_their_headings(app, client, make_game):
    game = make_game()
    client.post(f"/api/games/{game}/rounds", json={"Ann & Bea": {"meld_points": 100}})
    assert 'class="share"' not in client.get(f"/games/{game}").get_data(as_text=True)


def test_the_phones_parts_name_each_players_own_score(app, client, make_game, phones_join):

    game = make_game("five-person", seats=SEATS)
    code = phones_join(game)
    phones = {}
    for s, name in enumerate(SEATS):
        joined = app.test_client().post(f"/join/{code}", data={"who": f"p{s}"})
        phones[name] = (joined.location.rsplit("/", 1)[1], s)
    for name in ("Rekha", "Cat"):
        token, s = phones[name]
        fields = {f"s{s}_{k}": str(v) for k, v in ROUND[name].items()}
        sent = client.post(f"/table/{token}/part", data={"number": "1", "version": "0", **fields})
        assert sent.status_code == 302
    page = unmarked(client.get(f"/games/{game}/rounds/new").get_data(as_text=True))
    parts = re.search(r'<section id="phone-parts".*?</section>', page, re.S).group(0)
    assert f'<span class="part-score"><span class="share">{REKHA}</span></span>' in parts
