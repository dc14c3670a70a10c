"""The round screen through the test client: who went out asked once, numbers kept
as typed and refused in the scorer's words, every problem at once, bound to its round
number, an empty round confirmed, Undo, card counters that cannot double count, fields
shown only where the variant and the house rules use them, a stale edit's clash."""

import re

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.games import rounds as stored_rounds


def post(client, game, data, path="rounds/new"):
    return client.post(f"/games/{game}/{path}", data=data)


def api_rounds(client, game):
    return client.get(f"/api/games/{game}").json["document"]["rounds"]


def test_who_went_out_is_one_control_for_the_round(client, make_game):
    game = make_game()
    page = client.get(f"/games/{game}/rounds/new").get_data(as_text=True)
    assert page.count('name="went_out"') == 3  # nobody, and each of the two sides
    assert "s0_went_out" not in page and 'name="s0_concealed"' not in page
    data = {"number": "1", "went_out": "1", "concealed": "y", "s1_natural_canastas": "1"}
    assert post(client, game, data).status_code == 302
    assert api_rounds(client, game) == [
        {"Ann & Bea": {}, "Cat & Dee": {"natural_canastas": 1, "went_out": True, "concealed": True}}
    ]


@pytest.mark.parametrize(
    ("typed", "message"),
    [("12a", "Meld points are entered as a whole number, like 45: “12a” is not one."),
     ("1,5", "Meld points are entered as a whole number, like 45: “1,5” is not one."),
     ("abc", "Meld points are entered as a whole number, like 45: “abc” is not one."),
     ("-5", "Meld points are entered as a positive number, without a minus sign."),
     ("37", "37 is not a multiple of 5: every card is worth a multiple of 5."),
     ("1000000", "1000000 is more than a round can hold (at most 100000)."),
     ("9" * 20, "999999999999… is more than a round can hold (at most 100000)."),
     ("１２", "Meld points are entered as a whole number, like 45: “１２” is not one.")],
)  # fmt: skip
def test_a_number_is_refused_in_the_scorers_words_never_changed(client, make_game, typed, message):
    game = make_game()
    response = post(client, game, {"number": "1", "s0_meld_points": typed})
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and message in html
    assert f'value="{typed}"' in html  # what was typed is kept as typed
    assert api_rounds(client, game) == []


def test_every_problem_at_once_in_a_summary_linking_to_each_field(client, make_game):
    game = make_game()
    data = {"number": "1", "s0_meld_points": "12a", "s1_hand_points": "-5", "s1_red_threes": "9"}
    html = post(client, game, data).get_data(as_text=True)
    summary = re.search(r'<div class="error-summary".*?</div>', html, re.S).group(0)
    assert "There are 3 problems" in summary and "autofocus" in summary
    for field in ("s0_meld_points", "s1_hand_points", "s1_red_threes"):
        assert f'href="#{field}"' in summary
        assert f'aria-describedby="{field}-error"' in html and f'id="{field}-error"' in html
    assert "9 is more than the 4 red threes in play" in summary


def test_a_screen_is_bound_to_its_round_back_then_save_stores_nothing_twice(client, make_game):
    game = make_game()
    first = {"number": "1", "s0_meld_points": "50", "key": "a"}
    assert post(client, game, first).status_code == 302
    assert post(client, game, first).status_code == 302  # a double tap: the same key
    again = {**first, "key": "b"}  # Back to the old screen, then Save: a new key
    response = post(client, game, again)
    html = response.get_data(as_text=True)
    assert response.status_code == 409 and "Round 1 is already saved" in html
    assert f"/games/{game}/rounds/1/edit" in html and 'value="50"' in html
    assert "Ann deals" in html and "Cat deals" not in html  # round 1's deal, not round 2's
    assert len(api_rounds(client, game)) == 1


def test_back_then_save_of_a_half_restored_form_says_already_saved(client, make_game):
    """The browser put back the old screen with half of it (the side
    went out, its canasta gone): Save answers "Round 1 is already saved", not the
    engine's word on the half form, and stores nothing; the same save whole is the
    same save (a retry after a lost answer goes to the scoreboard)."""
    game = make_game()
    first = {"number": "1", "s0_meld_points": "150", "s0_natural_canastas": "1",
             "went_out": "0", "key": "a"}  # fmt: skip
    assert post(client, game, first).status_code == 302
    half = {**first, "s0_natural_canastas": ""}
    for key in ("a", "b"):  # the same screen's key, or a newer screen's
        response = post(client, game, {**half, "key": key})
        html = response.get_data(as_text=True)
        assert response.status_code == 409 and "Round 1 is already saved" in html
        assert "canasta" not in html.split('id="error-summary"')[-1].split("</div>")[0]
        assert "going out needs at least" not in html and 'aria-invalid="true"' not in html
    assert post(client, game, first).status_code == 302
    assert len(api_rounds(client, game)) == 1


def test_an_empty_round_asks_before_it_is_stored(client, make_game):
    game = make_game("hand-and-foot")
    response = post(client, game, {"number": "1"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "Nothing was entered for round 1" in html
    assert "one of the 4 rounds left" in html
    assert api_rounds(client, game) == []
    assert post(client, game, {"number": "1", "confirm_empty": "1"}).status_code == 302
    assert api_rounds(client, game) == [{"Ann & Bea": {}, "Cat & Dee": {}}]


def test_undo_right_after_a_save_and_not_later(app, client, make_game):
    game = make_game()
    response = post(client, game, {"number": "1", "s0_meld_points": "50", "key": "k"})
    board = client.get(response.location).get_data(as_text=True)
    assert "Round 1 saved." in board and f"/games/{game}/rounds/1/undo" in board
    saving = re.search(r'name="saving" type="hidden" value="([^"]+)"', board)[1]
    undo = {"version": "1", "saving": saving}
    assert client.post(f"/games/{game}/rounds/1/undo", data=undo).status_code == 302
    assert api_rounds(client, game) == []
    # found by an outside attack: the same Undo sent again (a double tap, a retry) after
    # another device saved a new round 1 took that round away; it undoes nothing now
    assert client.post(f"/api/games/{game}/rounds", json={}).status_code == 201
    again = client.post(f"/games/{game}/rounds/1/undo", data=undo)
    page = client.get(again.location).get_data(as_text=True)
    refused = re.findall(r'<p class="flash error banner" role="alert">([^<]*)', page)
    assert any("can no longer be undone" in r for r in refused), page[:3000]
    assert api_rounds(client, game) == [{}]  # the other device's round is still there
    client.delete(f"/api/games/{game}/rounds/1")
    history = client.get(f"/games/{game}/history").get_data(as_text=True)
    assert "Round 1 undone" in history
    post(client, game, {"number": "1", "s0_meld_points": "50", "key": "k2"})
    db = connect(app.config["DATABASE"])
    db.execute("UPDATE rounds SET created_at = '2020-01-01T00:00:00+00:00'")
    db.conn.commit()
    assert "Undo" not in client.get(f"/games/{game}?saved=1").get_data(as_text=True)
    client.post(f"/games/{game}/rounds/1/undo", data={"version": "1"})
    assert len(api_rounds(client, game)) == 1
    assert stored_rounds.UNDO_SECONDS <= 30


def test_undo_is_only_for_the_last_round(client, make_game):
    game = make_game()
    for n, key in ((1, "a"), (2, "b")):
        post(client, game, {"number": str(n), "s0_meld_points": "50", "key": key})
    client.post(f"/games/{game}/rounds/1/undo", data={"version": "1"})
    assert len(api_rounds(client, game)) == 2


@pytest.mark.parametrize(
    ("variant", "seats", "field", "offered", "left_out"),
    [("hand-and-foot", "Ann Cat Bea Dee", "meld_points", "joker", "red_three"),
     ("hand-and-foot", "Ann Cat Bea Dee", "foot_points", "red_three", None),
     ("weeping", "Ann Cat Bea Dee", "hand_points", "joker", "black_three"),
     ("weeping", "Ann Cat Bea Dee", "weeper_points", "ace", "black_three"),
     ("weeping", "Ann Cat Bea Dee", "meld_points", "black_three", None),
     ("classic", "Ann Cat Bea Dee", "hand_points", "black_three", None)],
)  # fmt: skip
def test_card_counters_offer_only_what_belongs_in_their_total(
    client, make_game, variant, seats, field, offered, left_out
):
    game = make_game(variant, seats=tuple(seats.split()))
    html = client.get(f"/games/{game}/rounds/new").get_data(as_text=True)
    assert f'id="s0_{field}__{offered}"' in html
    if left_out:
        assert f'id="s0_{field}__{left_out}"' not in html
        response = post(client, game, {"number": "1", f"s0_{field}__{left_out}": "1"})
        assert api_rounds(client, game) == [] or response.status_code == 400


def test_rare_fields_fold_away_and_switched_off_fields_are_not_shown(client, make_game):
    classic = client.get(f"/games/{make_game()}/rounds/new").get_data(as_text=True)
    more = re.findall(r'<details class="more".*?</details>', classic, re.S)
    assert more and all("adjustment</summary>" in d for d in more)
    # going out concealed and the dealer's bonus: in sight, one tap each, no fold
    assert not any("Dealer bonus" in d or "concealed" in d for d in more)
    assert 'name="concealed"' in classic
    assert classic.count('name="s0_dealer_bonus"') == 1 and 'name="s1_dealer_bonus"' not in classic
    samba = client.get(f"/games/{make_game('samba-foot')}/rounds/new").get_data(as_text=True)
    assert "red_sevens_canastas" not in samba
    game = make_game("samba-foot", options={"red_sevens": True})
    assert "s0_red_sevens_canastas" in client.get(f"/games/{game}/rounds/new").get_data(
        as_text=True
    )


def test_weepers_are_ticked_by_player(client, make_game):
    game = make_game("weeping")
    html = client.get(f"/games/{game}/rounds/new").get_data(as_text=True)
    assert 'name="s0_weepers_picked_up"' in html and ">Ann</span>" in html and ">Bea</span>" in html
    data = {"number": "1", "s0_natural_canastas": "1", "s0_mixed_canastas": "1",
            "s0_weepers_picked_up": ["0", "1"], "went_out": "0"}  # fmt: skip
    assert post(client, game, data).status_code == 302
    assert api_rounds(client, game)[0]["Ann & Bea"]["weepers_picked_up"] == 2
    edit = client.get(f"/games/{game}/rounds/1/edit").get_data(as_text=True)
    ticked = re.findall(r'<input[^>]*\bchecked\b[^>]*name="s0_weepers_picked_up"', edit)
    assert len(ticked) == 2


def test_a_stale_edit_shows_the_other_phones_version_and_keeps_yours(client, make_game):
    game = make_game()
    client.post(f"/api/games/{game}/rounds", json={"Ann & Bea": {"meld_points": 100}})
    client.put(f"/api/games/{game}/rounds/1", json={"Ann & Bea": {"meld_points": 200}})
    response = post(client, game, {"s0_meld_points": "300", "version": "1"}, "rounds/1/edit")
    html = response.get_data(as_text=True)
    assert response.status_code == 409 and "Another phone changed round 1" in html
    assert "Meld points 200" in html and 'value="300"' in html
    assert 'name="version" type="hidden" value="2"' in html  # Save again replaces theirs
    assert (
        post(client, game, {"s0_meld_points": "300", "version": "2"}, "rounds/1/edit").status_code
        == 302
    )
    assert api_rounds(client, game)[0]["Ann & Bea"]["meld_points"] == 300


def test_the_live_preview_gives_new_totals_or_the_reason(client, make_game):
    game = make_game()
    client.post(f"/api/games/{game}/rounds", json={"Ann & Bea": {"meld_points": 100}})
    answer = post(client, game, {"s0_meld_points": "90"}, "rounds/2/preview").json
    assert answer["before"]["Ann & Bea"] == 100 and answer["after"]["Ann & Bea"] == 190
    problem = post(client, game, {"went_out": "1"}, "rounds/2/preview")
    assert problem.status_code == 400
    assert problem.json["error"].startswith("Cat & Dee: Went out: going out needs")


def test_resumed_from_paper_the_round_numbers_follow_on(client, app, make_game):
    from scorekeeper.data.games.evenings import create_evening
    from scorekeeper.data.games.games import create_game

    db = connect(app.config["DATABASE"])
    evening = create_evening(db, "2026-11-21")
    game = create_game(db, evening_id=evening, variant="classic", sides=["A", "B"], players=2,
                       options={}, seats=["A", "B"], start={"totals": {"A": 4900}, "rounds": 7})  # fmt: skip
    html = client.get(f"/games/{game}/rounds/new").get_data(as_text=True)
    assert "Round 8" in html and "Save round 8" in html
    post(client, game, {"number": "1", "s0_meld_points": "200"})
    board = client.get(f"/games/{game}").get_data(as_text=True)
    assert "Game over after 8 rounds" in board


def test_a_preview_for_round_0_is_the_first_rounds(client, make_game):
    game = make_game()
    response = post(client, game, {"s0_meld_points": "90"}, "rounds/0/preview")  # the fuzz run's
    assert response.status_code == 200 and response.json["scores"]["Ann & Bea"] == 90


def test_a_save_reads_how_far_the_game_is_not_its_rounds(client, make_game, monkeypatch):
    """A save costs the same late in a game: it reads the game's kept answer, not
    its rounds; a refused form reads them to show the page again."""
    from scorekeeper.data.games import games

    game = make_game()
    for number in (1, 2):
        assert (
            post(client, game, {"number": str(number), "s0_meld_points": "50"}).status_code == 302
        )
    read = []
    real = games.scored
    monkeypatch.setattr(games, "scored", lambda *a: read.append(a) or real(*a))
    assert post(client, game, {"number": "3", "s1_meld_points": "90"}).status_code == 302
    assert read == []
    refused = post(client, game, {"number": "4", "s0_meld_points": "37"})
    assert refused.status_code == 400 and len(read) == 1
    page = refused.get_data(as_text=True)
    assert "37 is not a multiple of 5" in page and "Round 4" in page
    assert len(api_rounds(client, game)) == 3
    over = post(client, game, {"number": "4", "s0_meld_points": "50"})  # still open: saved
    assert over.status_code == 302 and len(api_rounds(client, game)) == 4


def test_a_finished_game_takes_no_more_rounds_even_without_its_kept_answer(app, client, make_game):
    game = make_game(options={"target": 500})
    won = {"number": "1", "went_out": "0", "s0_mixed_canastas": "1", "s0_meld_points": "300"}
    assert post(client, game, won).status_code == 302
    for kept in (True, False):
        if not kept:  # an answer kept by an older version, or lost: scored afresh
            db = connect(app.config["DATABASE"])
            db.execute("UPDATE games SET answer = NULL WHERE id = ?", [game])
            db.conn.commit()
            db.close()
        refused = post(client, game, {"number": "2", "s1_meld_points": "50"})
        assert refused.status_code == 302 and refused.headers["Location"].endswith(f"/games/{game}")
        assert "This game is over" in client.get(f"/games/{game}").get_data(as_text=True)
        assert len(api_rounds(client, game)) == 1


def test_concealed_ticked_with_nobody_out_is_refused_not_dropped(client, make_game):
    """docs/rules.md: concealed without going out is an error; the form says so beside the
    tick (which stays ticked) instead of saving the round without it."""
    game = make_game()
    data = {
        "number": "1",
        "went_out": "-",
        "concealed": "y",
        "s0_meld_points": "90",
        "s0_natural_canastas": "1",
    }
    response = post(client, game, data)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "Going out concealed needs the side that went out" in html
    assert re.search(r'<input[^>]*checked[^>]*name="concealed"|name="concealed"[^>]*checked', html)
    assert api_rounds(client, game) == []
    data["went_out"] = "0"
    assert post(client, game, data).status_code == 302
    assert api_rounds(client, game)[0]["Ann & Bea"]["concealed"] is True


def test_the_live_preview_lists_the_engines_problems_beside_the_fields_refused(client, make_game):
    """A phone tester fixed six problems and was then shown a seventh (too many red
    threes): the live line held it back while other fields were wrong; the save did not."""
    game = make_game("hand-and-foot", seats=("Ann", "Bob"))
    typed = {"number": "1", "s0_meld_points": "12a", "s1_meld_points": "37", "s0_red_threes": "9"}
    preview = client.post(f"/games/{game}/rounds/1/preview", data=typed)
    texts = [p["text"] for p in preview.get_json()["problems"]]
    assert preview.status_code == 400 and len(texts) == 3, texts
    assert any("9 is more than the 4 red threes in play" in t for t in texts)
    saved = client.post(f"/games/{game}/rounds/new", data=typed).get_data(as_text=True)
    assert all(t.split(": ", 1)[-1].split(": ")[-1] in saved for t in texts)


def test_a_typo_in_a_field_hidden_once_its_side_went_out_does_not_stop_the_save(client, make_game):
    """Found by a phone tester: hand points "1,250" refused, then that side chosen as
    the one that went out (which hides its hand points): the hidden field's problem
    still stopped every save, its message pointing at nothing."""
    game = make_game()
    typed = {"number": "1", "key": "k", "went_out": "1", "s1_hand_points": "1,250",
             "s1_mixed_canastas": "1", "s1_meld_points": "120", "s0_meld_points": "50",
             "s0_hand_points": "1,5"}  # fmt: skip
    refused = post(client, game, typed)  # the other side's typo still counts
    assert refused.status_code == 400 and "1,5" in refused.get_data(as_text=True)
    preview = client.post(f"/games/{game}/rounds/1/preview", data={**typed, "s0_hand_points": ""})
    assert preview.status_code == 200, preview.json
    assert post(client, game, {**typed, "s0_hand_points": "20"}).status_code == 302
    assert api_rounds(client, game) == [
        {"Ann & Bea": {"meld_points": 50, "hand_points": 20},
         "Cat & Dee": {"mixed_canastas": 1, "meld_points": 120, "went_out": True}}
    ]  # fmt: skip


def checked(html, name):
    """The values of the ticked inputs named ``name`` (radios, checkboxes)."""
    tags = re.findall(rf'<input[^>]*name="{name}"[^>]*>', html)
    return [re.search(r'value="([^"]*)"', t).group(1) for t in tags if re.search(r"\bchecked\b", t)]


def value_of(html, name):
    tag = re.search(rf'<input[^>]*name="{name}"[^>]*>', html).group(0)
    found = re.search(r'value="([^"]*)"', tag)
    return found.group(1) if found else ""


def test_the_scoreboard_asks_who_went_out_and_opens_the_round_with_it(client, make_game):
    """One tap for "Enter round" and "who went out"; what going out needs
    by the rules is set (hand-and-foot's clean and dirty piles, weeping's weepers)."""
    game = make_game("hand-and-foot")
    board = client.get(f"/games/{game}").get_data(as_text=True)
    links = re.findall(r'<a class="chip"[^>]*href="([^"]*)"', board)
    assert links == [f"/games/{game}/rounds/new?round=1&amp;out=0",
                     f"/games/{game}/rounds/new?round=1&amp;out=1"]  # fmt: skip
    html = client.get(links[1].replace("&amp;", "&")).get_data(as_text=True)
    assert checked(html, "went_out") == ["1"]
    assert value_of(html, "s1_natural_canastas") == "1" == value_of(html, "s1_mixed_canastas")
    assert value_of(html, "s0_natural_canastas") == ""  # the other side: nothing set
    plain = client.get(f"/games/{game}/rounds/new?round=1").get_data(as_text=True)
    assert checked(plain, "went_out") == ["-"] and value_of(plain, "s1_natural_canastas") == ""
    for wrong in ("2", "x", "-1", "１"):  # no such side: the plain screen
        other = client.get(f"/games/{game}/rounds/new?round=1&out={wrong}")
        assert checked(other.get_data(as_text=True), "went_out") == ["-"]
    weeping = make_game("weeping")
    html = client.get(f"/games/{weeping}/rounds/new?round=1&out=0").get_data(as_text=True)
    assert checked(html, "s0_weepers_picked_up") == ["0", "1"]
    assert checked(html, "s1_weepers_picked_up") == []
    assert value_of(html, "s0_natural_canastas") == ""  # "2 canastas" of any kind: none set
    classic = client.get(f"/games/{make_game()}/rounds/new?round=1&out=0").get_data(as_text=True)
    assert checked(classic, "went_out") == ["0"] and value_of(classic, "s0_mixed_canastas") == ""


def test_the_least_going_out_needs_follows_the_house_rules(client, make_game):
    game = make_game("samba-foot", options={"out_natural_canastas": 3, "out_mixed_canastas": 0})
    html = client.get(f"/games/{game}/rounds/new?round=1&out=0").get_data(as_text=True)
    assert (
        value_of(html, "s0_natural_canastas") == "3" and value_of(html, "s0_mixed_canastas") == ""
    )
    assert value_of(html, "s0_wild_canastas") == "1"  # and a wild-card canasta
    least = "{&#34;natural_canastas&#34;: 3, &#34;wild_canastas&#34;: 1}"
    assert f'data-out-least="{least}"' in html  # for the script, when a side is chosen
