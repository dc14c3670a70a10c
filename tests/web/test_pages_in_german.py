"""The pages once English in every language, now in German: the house-rule editor,
the new-game form's sentences, the engine's problems with a document's shape and
its option tables, the data layer's messages (stale edit, too late to undo, name
taken, import problems, not found), the round history, the phone's pages, the
print pages and the error pages. Each test names the German words a page must
show and the English it must no longer show, so that dropping a translation (or
a mark) fails it; the API and the CLI keep their exact English."""

import io
import json

import pytest

from scorekeeper.data.connection import connect
from scorekeeper.data.table import table as phones
from scorekeeper.data.transfer import importing
from scorekeeper.scoring import VARIANTS, ScoringError
from scorekeeper.scoring.document import read_game
from scorekeeper.web.forms.option_form import opt
from scorekeeper.web.http.i18n import field_label, option_label, say

DE = {"Accept-Language": "de"}
SEATS = {"classic": 4, "hand-and-foot": 4, "five-person": 5, "weeping": 4, "samba-foot": 4}


@pytest.fixture
def de(app):
    """A client that reads German (the ``lang`` cookie, as the switch sets it)."""
    client = app.test_client()
    client.set_cookie("lang", "de")
    return client


@pytest.fixture
def db(app):
    found = connect(app.config["DATABASE"])
    yield found
    found.close()


def text(response):
    return response.get_data(as_text=True).replace("&amp;", "&").replace("&#39;", "'")


def german(app, say_it):
    """What ``say_it()`` gives on a German page."""
    with app.test_request_context(headers=DE):
        return say_it()


def form_for(variant_id, **changed):
    """A new-game form with every house rule at the variant's default, then ``changed``."""
    variant = VARIANTS[variant_id]
    data = {
        f"seat{i}": name
        for i, name in enumerate(["Ann", "Cat", "Bea", "Dee", "Eve"][: SEATS[variant_id]])
    }
    data.update({"date": "2026-11-20", "evening": "0"})
    for o in variant.all_options():
        if o.kind == "flag":
            if o.default:
                data[opt(o.key)] = "y"
        elif o.kind in ("points", "positive"):
            data[opt(o.key)] = str(o.default)
        elif o.kind == "by_round":
            data[opt(o.key, "rows")] = str(len(o.default))
            data.update({opt(o.key, i): str(v) for i, v in enumerate(o.default)})
        else:
            data[opt(o.key, "rows")] = str(len(o.default))
            for i, (low, need) in enumerate(o.default):
                data[opt(o.key, i, "low")] = "" if low is None else str(low)
                data[opt(o.key, i, "need")] = str(need)
    return {**data, **changed}


# -- the house-rule editor and the new-game form ---------------------------------------


@pytest.mark.parametrize("variant_id", list(SEATS))
def test_the_house_rule_editor_speaks_german_for_every_variant(app, de, variant_id):
    page = text(de.get(f"/games/new/{variant_id}/{SEATS[variant_id]}"))
    variant = VARIANTS[variant_id]
    for o in variant.all_options():
        shown = german(app, lambda o=o: option_label(o))
        assert shown in page, (o.key, shown)
        if shown != o.label:
            assert f">{o.label}<" not in page, o.label
            assert f"<span>{o.label}</span>" not in page, o.label
    if any(o.kind in ("thresholds", "by_round") for o in variant.all_options()):
        assert "Zeile hinzufügen" in page and 'aria-label="Zeile 1 von ' in page
    assert "Add a row" not in page and ">Remove</button>" not in page and "Remove row" not in page
    assert "Neues Spiel: " in page and "New " not in page.split("<title>")[1].split("</title>")[0]


def test_thresholds_and_rounds_rows_are_labelled_in_german(de):
    classic = text(de.get("/games/new/classic/4"))
    assert ">ab (leer: jeder Stand)</label>" in classic and ">braucht</label>" in classic
    assert "from (blank: any score)" not in classic and ">needs<" not in classic
    assert "Zeile 1 von Erstauslage nach dem Punktestand vor der Runde entfernen" in classic
    hand_and_foot = text(de.get("/games/new/hand-and-foot/4"))
    assert ">Runde 1</label>" in hand_and_foot and ">round 1</label>" not in hand_and_foot
    assert "jeder allein" in hand_and_foot and "in 2 Teams zu 2" in hand_and_foot
    assert "each alone" not in hand_and_foot and "teams of" not in hand_and_foot


def test_the_new_game_form_says_seats_and_sides_in_whole_german_sentences(de):
    page = text(de.get("/games/new/classic/6"))
    assert "Wer spielt" in page and "(Namen sind freiwillig)" in page and "Team 1" in page
    assert "Wir gegen Die anderen." in page  # who partners whom, said back
    assert "Seiten, in Sitzreihenfolge: Seite 1 sind die Plätze 1 & 3 & 5; Seite 2 sind" in page
    assert "Kanaste (Church-Dyke-Regeln), 6 Spieler" in page
    for english in ("seats 1 & 3", " against ", "side 1 is", "6 players", "First dealer",
                    "Scorer passphrase", "Rounds already played", "a new evening"):  # fmt: skip
        assert english not in page, english
    alone = text(de.get("/games/new/five-person/5"))
    assert "Seite 1 ist Platz 1; Seite 2 ist Platz 2;" in alone


def test_option_table_problems_from_the_engine_show_in_german_at_their_option(app, de, client):
    falling = form_for("classic", **{opt("opening", 3, "need"): "10"})
    page = text(de.post("/games/new/classic/4", data=falling))
    assert "die Mindestauslage darf nicht sinken, wenn der Stand steigt" in page
    assert "the requirement may not fall" not in page
    english = text(client.post("/games/new/classic/4", data=falling))
    assert "the requirement may not fall as the score rises" in english
    low_target = form_for("weeping", **{opt("target"): "1000"})  # below the last threshold
    page = text(de.post("/games/new/weeping/4", data=low_target))
    assert "1000 muss über der letzten Eröffnungsschwelle liegen, 5000" in page
    assert "must lie above" not in page and "options: target" not in page


def test_engine_shape_problems_are_problems_a_page_can_say(app):
    """The document's top level (sides, players, start, options): English for the CLI
    and the API, German on a page (the document's own keys stay as the file has them)."""
    cases = [
        ({"variant": "classic", "sides": ["A"]}, "sides: classic is played by 2 or 3 sides, not 1",
         "sides: classic wird von 2 oder 3 Seiten gespielt, nicht von 1"),
        ({"variant": "classic", "sides": ["A", "A"]}, 'sides: "A" is named twice',
         'sides: "A" kommt zweimal vor'),
        ({"variant": "classic", "sides": ["A", "B"], "players": 7},
         "players: 7 is not allowed in classic (2, 3, 4, 5, 6)",
         "players: 7 ist in classic nicht erlaubt (2, 3, 4, 5, 6)"),
        ({"variant": "classic", "sides": ["A", "B"], "start": {"totals": {"A": 12}}},
         'start: totals: "A": 12 is not a multiple of 5',
         'start: totals: "A": 12 ist kein Vielfaches von 5'),
        ({"variant": "classic", "sides": ["A", "B"], "options": {"nope": 1}},
         "options: nope: not an option of classic", "options: nope: keine Option von classic"),
        ({"variant": "gin"}, f"variant: 'gin' is not a known variant ({', '.join(VARIANTS)})",
         "variant: 'gin' ist keine bekannte Variante"),
        ([], "the game document must be a JSON object", "das Spieldokument muss ein JSON-Objekt sein"),
    ]  # fmt: skip
    for doc, english, shown in cases:
        with pytest.raises(ScoringError) as raised:
            read_game(doc)
        assert str(raised.value) == english
        said = german(app, lambda e=raised.value: say(e))
        assert shown in said and said != english, said


# -- the data layer's messages ------------------------------------------------------


def add(client, game, *rounds):
    for fields in rounds:
        assert client.post(f"/api/games/{game}/rounds", json=fields).status_code == 201


def test_a_stale_edit_is_german_on_the_page_and_english_in_the_api(de, make_game):
    game = make_game()
    add(de, game, {"Ann & Bea": {"meld_points": 50}})
    data = {"s0_meld_points": "60", "went_out": "-", "version": "7"}
    page = text(de.post(f"/games/{game}/rounds/1/edit", data=data))
    assert "Runde 1 wurde auf einem anderen Gerät geändert, seit du sie geöffnet hast" in page
    assert "changed on another device" not in page
    assert "Auslagepunkte 50" in page and "meld points" not in page  # the other version
    api = de.put(f"/api/games/{game}/rounds/1", json={"Ann & Bea": {"meld_points": 60}},
                 headers={"If-Match": "7", **DE})  # fmt: skip
    assert api.status_code == 409 and api.get_json()["error"] == (
        "round 1 was changed on another device since you opened it; "
        "look at it again before changing it"
    )
    deleted = text(de.post(f"/games/{game}/rounds/1/delete", data={"version": "7"}))
    assert "Runde 1 wurde auf einem anderen Gerät geändert" in deleted


def test_too_late_to_undo_is_said_in_german(de, make_game):
    game = make_game()
    add(de, game, {"Ann & Bea": {"meld_points": 50}}, {"Ann & Bea": {"meld_points": 60}})
    response = de.post(f"/games/{game}/rounds/1/undo", data={"version": "1"})
    board = text(de.get(response.location))
    assert "Runde 1 lässt sich nicht mehr rückgängig machen: Korrigiere oder lösche sie" in board
    assert "can no longer be undone" not in board


def test_names_taken_are_said_in_german(de, client, make_game, db):
    game = make_game()
    page = text(de.post("/players/1/rename", data={"name": "Bea"}))
    assert "Bea ist schon der Name eines Spielers." in page
    assert "already a player's name" not in page
    english = text(client.post("/players/1/rename", data={"name": "Bea"}))
    assert "Bea is already a player's name." in english
    assert de.post(f"/games/{game}/rules/save", data={"name": "Freitag"}).status_code == 302
    page = text(de.post(f"/games/{game}/rules/save", data={"name": "freitag"}))
    assert "Ein Regelsatz namens 'freitag' existiert schon; wähle einen anderen Namen." in page
    assert "already exists" not in page


def upload(client, data):
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    return client.post("/import", data={"file": (io.BytesIO(raw), "export.json")},
                       content_type="multipart/form-data")  # fmt: skip


def test_import_problems_are_said_in_german_part_by_part(de, db):
    bad_game = {"format": "scorekeeper", "version": 1, "evenings": [
        {"uid": "e1", "date": "2026-01-01", "games": [
            {"uid": "g1", "document": {"variant": "classic", "sides": ["A"]}}]}]}  # fmt: skip
    page = text(upload(de, bad_game))
    assert ("Nichts wurde importiert: Abend 1: Spiel 1: sides: classic wird von 2 oder 3 "
            "Seiten gespielt, nicht von 1") in page  # fmt: skip
    assert "evening 1" not in page and "is played by" not in page
    with pytest.raises(importing.ImportProblem) as raised:  # the CLI's words
        importing.check_export(bad_game)
    assert str(raised.value) == "evening 1: game 1: sides: classic is played by 2 or 3 sides, not 1"
    page = text(upload(de, b'{"format"'))
    assert "Nichts wurde importiert: kein gültiges JSON: " in page
    bad_set = {"format": "scorekeeper", "version": 1, "evenings": [], "rule_sets": [
        {"uid": "x1", "name": "Odd", "variant": "classic", "options": {"target": 0}}]}  # fmt: skip
    page = text(upload(de, bad_set))
    assert "Regelsatz 1: options: target: 0 ist kleiner als 1" in page
    assert "rule set 1" not in page and "is below" not in page
    page = text(upload(de, {"format": "other"}))
    assert "das ist kein Scorekeeper-Export" in page


def test_a_successful_import_is_counted_in_german(de, make_game):
    make_game()
    exported = de.get("/export.json").get_data()
    response = upload(de, exported)
    # every export holds the rule set the app ships, which is here already
    assert (
        "Importiert: 0 Abende hinzugefügt, 0 Spiele hinzugefügt, 1 Spiel war schon da, "
        "0 Regelsätze hinzugefügt."
    ) in (text(de.get(response.location)))


def test_what_is_not_found_is_said_in_german(de):
    assert "kein Spiel 999" in text(de.get("/games/999"))
    assert "hinter diesem Link steht kein Spiel" in text(de.get("/watch/nothing-here"))
    assert "no game" not in text(de.get("/games/999"))


# -- the history, the print pages, what-if ---------------------------------------------


def test_the_history_names_the_fields_by_their_german_labels(app, de, make_game):
    game = make_game()
    add(de, game, {"Ann & Bea": {"meld_points": 50, "natural_canastas": 1, "went_out": True}})
    page = text(de.get(f"/games/{game}/history"))
    for key in ("meld_points", "natural_canastas", "went_out"):
        assert german(app, lambda key=key: field_label(key)) in page, key
        assert key.replace("_", " ") not in page, key
    assert "Auslagepunkte 50" in page and "Ausgemacht ja" in page


def test_the_print_pages_name_the_variant_and_the_lines_in_german(de, make_game):
    game = make_game("hand-and-foot")
    add(
        de,
        game,
        {"Ann & Bea": {"meld_points": 50, "red_threes": 2}, "Cat & Dee": {"foot_points": 30}},
    )
    for url in (f"/games/{game}/print", f"/games/{game}/rounds/1/print"):
        page = text(de.get(url))
        assert "Hand und Fuß (Hand and Foot)" in page, url
        assert "<title>Hand and Foot" not in page and "Hand and Foot:" not in page, url
    page = text(de.get(f"/games/{game}/print"))
    assert "rote Drei ×2" in page and "red three" not in page
    assert "nicht aufgenommener Fuß" in page and "foot not picked up" not in page


def test_a_round_other_rules_refuse_is_said_in_german(de, make_game):
    game = make_game()
    add(de, game, {"Ann & Bea": {"natural_canastas": 1, "went_out": True, "meld_points": 100}})
    page = text(de.get(f"/games/{game}/what-if?ask=1&{opt('out_canastas')}=2"
                       + "".join(f"&{k}={v}" for k, v in form_for("classic").items()
                                 if k.startswith("opt_") and k != opt("out_canastas"))))  # fmt: skip
    assert "Ausmachen braucht mindestens 2 Kanasten, diese Seite hat 1" in page
    assert "going out needs" not in page and "the numbers typed" not in page
    assert "Mit den eingegebenen Zahlen" in page


# -- the phones, the error pages ------------------------------------------------------


def test_the_phone_pages_and_their_script_speak_german(app, de, make_game, db):
    game = make_game()
    phones.set_settings(db, game, phones_enter=True, confirm_rounds=False)
    code = phones.join_code(db, game)
    join = text(de.get(f"/join/{code}"))
    assert "Wem gehört dieses Handy?" in join and "Nur zusehen" in join
    assert "Ann — trägt den Teil von Ann & Bea ein" in join
    assert "Who is this phone?" not in join and "Just watching" not in join
    token = de.post(f"/join/{code}", data={"who": "p0"}).location.rsplit("/", 1)[1]
    phone = text(de.get(f"/table/{token}"))
    assert 'data-says-sent="An den Schreiber gesendet."' in phone
    assert 'data-says-offline="Keine Verbindung: Dein Teil wartet auf diesem Handy' in phone
    foreign = text(de.post(f"/table/{token}/part", data={"number": "1", "version": "0",
                                                         "s1_meld_points": "50"}))  # fmt: skip
    assert "Dieses Handy trägt nur für Ann & Bea ein." in foreign and "enters for" not in foreign
    for _ in range(6):
        de.get("/join/aaaaaaaaaaaa")
    wait = text(de.get("/join/aaaaaaaaaaaa"))
    assert "Zu viele falsche Beitrittscodes von diesem Handy" in wait


def test_error_pages_are_the_apps_own_in_german_and_json_under_the_api(de):
    missing = de.get("/no-such-page")
    assert missing.status_code == 404
    assert "Unter dieser Adresse gibt es keine Seite." in text(missing)
    assert "The requested URL was not found" not in text(missing)
    wrong = de.delete("/rules")
    assert wrong.status_code == 405 and "Diese Seite lässt sich so nicht verwenden." in text(wrong)
    assert "Allow" in wrong.headers
    api = de.get("/api/no-such-thing")
    assert api.status_code == 404 and api.is_json


def test_the_rare_fields_summary_keeps_german_nouns_capitalised(de, make_game, client):
    """A phone tester read "Mehr (6): kanasten aus siebenen, …": the labels were made
    lower case for the sentence, which German nouns never are."""
    import re

    game = make_game("weeping")
    german = de.get(f"/games/{game}/rounds/new").get_data(as_text=True)
    summary = re.search(r"<summary>(Mehr.*?)</summary>", german, re.S)
    assert summary and summary.group(1).startswith("Mehr")
    words = summary.group(1).split(":", 1)[1]
    assert "Kanasten" in words and "kanasten" not in words
    english = client.get(f"/games/{game}/rounds/new").get_data(as_text=True)
    said = re.search(r"<summary>(More.*?)</summary>", english, re.S)
    assert said and re.search(r": [a-z]", said.group(1))  # "More (n): canastas of sevens, …"
