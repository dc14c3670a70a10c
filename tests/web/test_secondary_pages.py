"""The secondary screens a newcomer tripped over: what each says is true and said once."""

import re


def test_the_evenings_list_names_an_unnamed_evenings_players_once(client, make_game):
    make_game(seats=("Ann", "Cat", "Bea", "Dee"))
    page = client.get("/evenings").get_data(as_text=True)
    item = re.search(r'<ul class="evenings">(.*?)</ul>', page, re.S).group(1)
    assert item.count("Ann, Bea, Cat, Dee") == 1, item


def test_a_named_evening_still_lists_its_players(app, client, make_game):
    from scorekeeper.data.connection import connect

    make_game(seats=("Ann", "Cat", "Bea", "Dee"))
    db = connect(app.config["DATABASE"])
    db.execute("update evenings set name = 'Cup final'")
    db.conn.commit()
    db.close()
    item = re.search(
        r'<ul class="evenings">(.*?)</ul>', client.get("/evenings").get_data(as_text=True), re.S
    ).group(1)
    assert "Cup final" in item and item.count("Ann, Bea, Cat, Dee") == 1, item


def test_a_player_with_no_finished_game_is_not_told_about_a_chart_it_cannot_see(client, make_game):
    make_game(seats=("Ann", "Cat", "Bea", "Dee"))
    page = client.get("/players/1").get_data(as_text=True)
    assert "<svg" not in page
    assert "a filled dot is a month with a win" not in page
    assert "No game is finished yet: a chart of the running win rate" in page


def test_print_pages_name_the_icon(client, make_game):
    game = make_game()
    for url in (f"/games/{game}/print", "/evenings/1/print"):
        page = client.get(url).get_data(as_text=True)
        assert '<link rel="icon" href="/static/icon.svg' in page, url
