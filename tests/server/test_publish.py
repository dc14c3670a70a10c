"""``scorekeeper publish`` on a generated club: a page per published night, per
series and per player in each of the four languages, the app's figures (a series'
over its published nights only), every link relative and found, nothing a club
keeps private, and only the nights chosen."""

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper import create_app
from scorekeeper.cli import main
from scorekeeper.data.connection import connect
from scorekeeper.data.events import publishing, series
from scorekeeper.web.http.i18n import LANGUAGES
from tests.server.published_club import (
    DELETED,
    NIGHTS,
    SERIES,
    Standings,
    generated_club,
    published_site,
)


@pytest.fixture(scope="module")
def club(tmp_path_factory):
    folder = tmp_path_factory.mktemp("club")
    database, secrets = generated_club(folder)
    return database, secrets, published_site(folder, database)


def pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def published_ids(database) -> list[int]:
    db = connect(database)
    try:
        return [e["id"] for e in publishing.published_events(db)]
    finally:
        db.close()


def test_every_published_night_and_player_in_each_language(club):
    database, _, site = club
    ids = published_ids(database)
    assert len(ids) == NIGHTS  # the sample's three, and the noted night
    for code in LANGUAGES:
        nights = sorted(p.stem for p in (site / code / "events").glob("*.html"))
        assert nights == sorted(str(i) for i in ids), code
        assert (site / code / "index.html").is_file()
        assert len(list((site / code / "players").glob("*.html"))) >= 12
        html = (site / code / "index.html").read_text()
        assert f'<html lang="{code.replace("_", "-")}">' in html
    assert (site / "static" / "style.css").is_file() and (site / "index.html").is_file()
    said = {code: (site / code / "events" / f"{ids[0]}.html").read_text() for code in LANGUAGES}
    assert "Standings" in said["en"] and "Rangliste" in said["de"]
    assert "Clasificación" in said["es"] and "Classificação" in said["pt_BR"]


def test_nothing_private_is_published(club):
    _, secrets, site = club
    everything = "\n".join(p.read_text() for p in site.rglob("*") if p.is_file())
    assert len(secrets) > 20
    found = [s for s in secrets if s in everything]
    assert not found
    assert DELETED not in everything and "Gone 0" not in everything
    assert "Club night 4" not in everything  # over, but not published by its director
    assert not re.search(r"<script|<form|https?://", everything)


def test_every_link_is_relative_and_leads_to_a_file(club):
    site = club[2]
    for page in pages(site):
        for link in re.findall(r'(?:href|src)="([^"]+)"', page.read_text()):
            assert not link.startswith(("/", "http")), (page, link)
            assert (page.parent / link).resolve().is_file(), (page, link)


def app_standings(app, event_id: int, code: str, kind: str = "events") -> list[list[str]]:
    client = app.test_client()
    client.set_cookie("lang", code)
    return Standings(client.get(f"/{kind}/{event_id}").get_data(as_text=True)).rows


def series_ids(database) -> dict[str, int]:
    db = connect(database)
    try:
        return {s["name"]: s["id"] for s in series.all_series(db)}
    finally:
        db.close()


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_a_series_counts_its_published_nights_only_as_the_app_does(club, code):
    """The championship holds the unpublished fourth night; its published standings
    are the app's standings of its twin, the series of the three published nights."""
    database, _, site = club
    app = create_app({"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "test-only"})
    everything, twin = (series_ids(database)[name] for name in SERIES)
    expected = app_standings(app, twin, code, "series")
    assert len(expected[0]) == 2 + 3 + 2  # place, player, the three nights, played, total
    assert expected != app_standings(app, everything, code, "series")  # the fourth counts there
    for held in (everything, twin):
        page = (site / code / "series" / f"{held}.html").read_text()
        assert Standings(page).rows == expected, (code, held)
        assert ('class="series-hidden"' in page) == (held == everything)
        assert f'lang="{code.replace("_", "-")}"' in page


def test_the_series_are_linked_from_the_index_their_nights_and_players(club):
    database, _, site = club
    held = series_ids(database)
    first = published_ids(database)[0]
    for code in LANGUAGES:
        folder = site / code
        index = (folder / "index.html").read_text()
        night = (folder / "events" / f"{first}.html").read_text()
        for name in SERIES:
            link = f'series/{held[name]}.html"'
            assert f'href="../{code}/{link}' in index and f'href="../../{code}/{link}' in night
        page = (folder / "series" / f"{held[SERIES[0]]}.html").read_text()
        player = re.search(r'href="(\.\./\.\./[^/]+/players/\d+\.html)"', page)[1]
        assert f"series/{held[SERIES[0]]}.html" in (folder / "series" / player).read_text()


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_figures_are_the_apps_standings(club, code):
    database, _, site = club
    app = create_app({"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "test-only"})
    for event_id in published_ids(database):
        shown = Standings((site / code / "events" / f"{event_id}.html").read_text()).rows
        assert shown == app_standings(app, event_id, code), (code, event_id)
        assert len(shown) >= 3  # the heading and the entries


def test_only_the_nights_asked_for_and_a_folder_written_afresh(club, tmp_path):
    database = club[0]
    first, *_ = published_ids(database)
    site = published_site(tmp_path, database, first)
    assert [p.name for p in (site / "en" / "events").iterdir()] == [f"{first}.html"]
    site = published_site(tmp_path, database)  # again, every night: written afresh
    assert len(list((site / "en" / "events").iterdir())) == NIGHTS


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--event", "4"], "not published (or not over): event 4"),
        (["--event", "999"], "not published (or not over): event 999"),
    ],
)
def test_a_night_not_published_is_refused(club, tmp_path, args, message):
    result = CliRunner().invoke(
        main, ["publish", str(tmp_path / "out"), "--db", str(club[0]), *args]
    )
    assert result.exit_code == 2 and message in result.output
    assert not (tmp_path / "out").exists()


def test_a_folder_of_something_else_is_left_alone(club, tmp_path):
    (tmp_path / "mine.txt").write_text("keep me")
    result = CliRunner().invoke(main, ["publish", str(tmp_path), "--db", str(club[0])])
    assert result.exit_code == 2 and "not written by scorekeeper publish" in result.output
    assert (tmp_path / "mine.txt").read_text() == "keep me"
