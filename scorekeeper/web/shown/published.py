"""The club's published results as pages (``templates/published/``), one template
set for both places they are read: the static website ``scorekeeper publish``
writes (a folder per language, every link relative, so it reads from a USB stick
or any static host) and an event's public link in the app. The pages differ only
in their ``links``: ``FileLinks`` between the written files, ``AppLinks`` in the
app.

A page of a new kind is one template under ``published/`` and one
function here making its ``Page``, listed in ``site``."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from flask import render_template, request, url_for
from sqlite_utils import Database

from ...data.events import publishing


@dataclass(frozen=True)
class Page:
    """One published page: where the static site keeps it (inside a language's
    folder), its template and what it shows."""

    path: tuple[str, ...]
    template: str
    shown: dict[str, Any] = field(default_factory=dict)


def site(db: Database, only: Iterable[int] = ()) -> list[Page]:
    """Every page of the published results: the index, each published event
    (or those of ``only``), each series holding one of them, each of their
    players."""
    shown = [publishing.results(db, e) for e in publishing.published_events(db, only)]
    standings = publishing.published_series(db, shown)
    people = publishing.player_pages(db, shown, standings)
    return [
        index_page(shown, standings, people),
        *map(event_page, shown),
        *map(series_page, standings),
        *map(player_page, people),
    ]


def index_page(
    shown: list[dict[str, Any]], standings: list[dict[str, Any]], people: list[dict[str, Any]]
) -> Page:
    listed = {"events": shown[::-1], "series": standings[::-1], "people": people}
    return Page(("index.html",), "published/index.html", listed)


def event_page(event: dict[str, Any]) -> Page:
    return Page(("events", f"{event['id']}.html"), "published/event.html", {"event": event})


def series_page(held: dict[str, Any]) -> Page:
    return Page(("series", f"{held['id']}.html"), "published/series.html", {"series": held})


def player_page(person: dict[str, Any]) -> Page:
    return Page(("players", f"{person['id']}.html"), "published/player.html", {"person": person})


def languages_page(languages: dict[str, str]) -> Page:
    """The site's top: a link to each language's index, each in its own words."""
    return Page(("index.html",), "published/languages.html", {"choices": languages})


def render(page: Page, links: FileLinks | AppLinks) -> str:
    """The page in this request's language, its links made by ``links``."""
    return render_template(page.template, links=links, **page.shown)


class FileLinks:
    """Links between the static site's files, relative to the page at ``path`` in
    the folder of ``language`` (None: the site's top, beside the folders): they
    work from file:// and from any host."""

    def __init__(self, path: tuple[str, ...], language: str | None) -> None:
        self.path, self.language = path, language
        self.root = "../" * (len(path) - (0 if language else 1))  # to the site's top
        self.folder = f"{self.root}{language}/" if language else self.root

    def home(self) -> str:
        return f"{self.folder}index.html"

    def event(self, event_id: int) -> str:
        return f"{self.folder}events/{event_id}.html"

    def player(self, player_id: int) -> str:
        return f"{self.folder}players/{player_id}.html"

    def series(self, series_id: int) -> str:
        return f"{self.folder}series/{series_id}.html"

    def style(self) -> str:
        return f"{self.root}static/style.css"

    def in_language(self, code: str) -> str:
        return f"{self.root}{code}/{'/'.join(self.path)}"


class AppLinks:
    """An event's public link in the app: it stands alone (no other published page
    is linked), with the app's style sheet and its language switch."""

    def home(self) -> None:
        return None

    def event(self, event_id: int) -> None:
        return None

    def player(self, player_id: int) -> None:
        return None

    def series(self, series_id: int) -> None:
        return None

    def style(self) -> str:
        return url_for("static", filename="style.css")

    def in_language(self, code: str) -> str:
        return url_for("language.choose", code=code, next=request.full_path.rstrip("?"))
