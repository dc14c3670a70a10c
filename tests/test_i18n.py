"""The four languages: complete, up-to-date catalogs, and pages in each language
while the CLI and the API keep their English."""

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
spec = importlib.util.spec_from_file_location("i18n_script", ROOT / "scripts" / "i18n.py")
catalogs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(catalogs)


def ids(catalog):
    return {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}


@pytest.mark.parametrize("lang", catalogs.LANGUAGES)
def test_every_message_is_translated(lang):
    template = catalogs.read(catalogs.TEMPLATE)
    po = catalogs.read(catalogs.po_path(lang), lang)
    missing = sorted(
        ids([m]).pop() for m in template if m.id and not (
            (t := po.get(m.id)) and not t.fuzzy and all(catalogs.strings(t)))
    )  # fmt: skip
    assert not missing, f"{lang}: untranslated or fuzzy msgids: {missing}"


def test_catalogs_are_up_to_date_with_the_source():
    """Run `.venv/bin/python scripts/i18n.py update` when this fails. A variant whose
    texts are not in the catalogs yet may wait: its pages are in English until then."""
    template = catalogs.read(catalogs.TEMPLATE)
    now = ids(catalogs.extract(leave_out=catalogs.untranslated(template)))
    committed = ids(template)
    assert not now - committed, f"new strings, not in messages.pot: {sorted(now - committed)}"
    assert not committed - now, f"strings gone from the source: {sorted(committed - now)}"
    for lang in catalogs.LANGUAGES:
        assert ids(catalogs.read(catalogs.po_path(lang), lang)) == committed, lang


@pytest.mark.parametrize("lang", catalogs.LANGUAGES)
def test_compiled_catalogs_match_the_po_files(lang):
    po = catalogs.read(catalogs.po_path(lang), lang)
    assert catalogs.po_path(lang).with_suffix(".mo").read_bytes() == catalogs.mo_bytes(po)


def test_the_wheel_carries_the_compiled_catalogs(tmp_path):
    import zipfile

    from hatchling.builders.wheel import WheelBuilder

    wheel = next(WheelBuilder(str(ROOT)).build(directory=str(tmp_path), versions=["standard"]))
    names = set(zipfile.ZipFile(wheel).namelist())
    for lang in catalogs.LANGUAGES:
        assert f"scorekeeper/translations/{lang}/LC_MESSAGES/messages.mo" in names


PAGES = {  # language -> words on the scoreboard, round screen, rules page
    "es": ("Anotar la mano 1", "¿Quién cerró?", "Cerrar", "canasta limpia"),
    "pt_BR": ("Anotar a rodada 1", "Quem bateu?", "Bater", "canastra limpa"),
    "de": ("Runde 1 eingeben", "Wer hat ausgemacht?", "Ausmachen", "reine Kanaste"),
}


@pytest.mark.parametrize("lang", PAGES)
def test_pages_follow_accept_language_and_the_switch(client, make_game, lang):
    game = make_game()
    tag = lang.replace("_", "-")
    headers = {"Accept-Language": f"{tag},en;q=0.5"}
    board = client.get(f"/games/{game}", headers=headers).get_data(as_text=True)
    entry = client.get(f"/games/{game}/rounds/new", headers=headers).get_data(as_text=True)
    rules = client.get("/rules/classic", headers=headers).get_data(as_text=True)
    assert f'<html lang="{tag}">' in board
    assert PAGES[lang][0] in board and PAGES[lang][1] in entry
    assert PAGES[lang][2] in rules and PAGES[lang][3] in rules
    english = client.get("/rules/classic").get_data(as_text=True)
    assert '<html lang="en">' in english and "Going out" in english
    switched = client.get(f"/language/{lang}?next=/rules/classic")
    assert switched.status_code == 303 and switched.headers["Location"] == "/rules/classic"
    assert "Max-Age=31536000" in switched.headers["Set-Cookie"]
    assert PAGES[lang][2] in client.get("/rules/classic").get_data(as_text=True)


def test_the_switch_goes_back_only_to_this_site(client):
    assert client.get("/language/de?next=//evil.example/").headers["Location"] == "/"
    assert client.get("/language/xx").status_code == 404


@pytest.mark.parametrize(("lang", "shown"), [("en", "10,250"), ("de", "10.250"), ("es", "10.250"),
                                              ("pt-BR", "10.250")])  # fmt: skip
def test_numbers_are_shown_as_the_language_writes_them(client, make_game, lang, shown):
    # resumed from paper at 9000 (no round holds 10,000 card points), then 1000 + 250
    game = make_game(options={"target": 20000}, start={"totals": {"Ann & Bea": 9000}, "rounds": 6})
    round_ = {"s0_natural_canastas": "2", "s0_meld_points": "250", "went_out": "-"}
    assert client.post(f"/games/{game}/rounds/new", data=round_).status_code == 302
    page = client.get(f"/games/{game}", headers={"Accept-Language": lang}).get_data(as_text=True)
    assert f'data-side="Ann & Bea">{shown}<' in page.replace("&amp;", "&")


def test_scoring_problems_are_translated_on_pages_but_not_in_the_api(client, make_game):
    game = make_game()
    data = {"s0_red_threes": "9", "went_out": "-"}
    page = client.post(f"/games/{game}/rounds/new", data=data, headers={"Accept-Language": "de"})
    assert "9 ist mehr als die 4 roten Dreien im Spiel" in page.get_data(as_text=True)
    api = client.post(f"/api/games/{game}/rounds", json={"Ann & Bea": {"red_threes": 9}},
                      headers={"Accept-Language": "de"})  # fmt: skip
    assert api.get_json()["error"] == (
        'round 1, side "Ann & Bea": red_threes: 9 is more than the 4 red threes in play'
    )


def test_wtforms_own_messages_are_translated(client):
    page = client.get("/games/new?variant=classic&players=x", headers={"Accept-Language": "de"})
    assert "Keine gültige, ganze Zahl." in page.get_data(as_text=True)
