"""``scorekeeper publish``: the club's published results written as a static
website, a folder per language, read with no server, database or script."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import click

from .common import DB_OPTION, app_for, fail

MARK = ".scorekeeper-publish"  # a folder this command wrote, and may write again


@click.command("publish")
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
@DB_OPTION
@click.option(
    "--event",
    "only",
    type=int,
    multiple=True,
    help="Only this event (its number in the app's address); repeat for more.",
)
def publish_command(out_dir: Path, database: Path | None, only: tuple[int, ...]) -> None:
    """Write the club's published results as a static website in OUT_DIR.

    An event is in it once it is over and its director has published its results
    (the event's Publish page): its standings, every table's result turn by turn,
    and its players' placings and ratings, in every language of the app. The links
    are relative: copy OUT_DIR to a USB stick or any static host. A folder this
    command wrote before is written afresh; any other folder must be empty.
    """
    from ..data.connection import connect
    from ..data.events import publishing

    app = app_for(database, writes=False)
    db = connect(app.config["DATABASE"])
    try:
        missing = set(only) - {e["id"] for e in publishing.published_events(db, only)}
        if missing:
            fail(f"not published (or not over): event {', '.join(map(str, sorted(missing)))}")
        clear(out_dir)
        pages = write_site(app, db, out_dir, only)
    finally:
        db.close()
    click.echo(f"Wrote {pages} pages to {out_dir}; open {out_dir / 'index.html'}")


def clear(out_dir: Path) -> None:
    """Make ``out_dir`` ready: new, empty, or written by this command before (then
    emptied, so an event no longer published leaves no page behind)."""
    if out_dir.is_dir() and any(out_dir.iterdir()):
        if not (out_dir / MARK).is_file():
            fail(f"{out_dir} is not empty and was not written by scorekeeper publish")
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / MARK).write_text("written by scorekeeper publish: rewritten by the next\n")


def write_site(app: Any, db: Any, out_dir: Path, only: tuple[int, ...]) -> int:
    """Every page in every language, the style sheet and the choice of language at
    the top; how many pages were written."""
    from ..web.http.i18n import LANGUAGES
    from ..web.shown import published

    pages = published.site(db, only)
    written = 0
    for code in LANGUAGES:
        with app.test_request_context("/", headers={"Cookie": f"lang={code}"}):
            for page in pages:
                html = published.render(page, published.FileLinks(page.path, code))
                target = out_dir.joinpath(code, *page.path)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(html, encoding="utf-8")
                written += 1
            if code == "en":
                top = published.languages_page(LANGUAGES)
                (out_dir / "index.html").write_text(
                    published.render(top, published.FileLinks(top.path, None)), encoding="utf-8"
                )
    (out_dir / "static").mkdir(exist_ok=True)
    shutil.copy(Path(app.static_folder) / "style.css", out_dir / "static" / "style.css")
    return written
