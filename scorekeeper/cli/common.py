"""What every ``scorekeeper`` command shares: failing in one line, the ``--db``
option, the app on a database file, and the progress bar a person watches."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, NoReturn, TextIO

import click


def fail(message: str) -> NoReturn:
    click.echo(message, err=True)
    sys.exit(2)


DB_OPTION = click.option(
    "--db",
    "database",
    type=click.Path(dir_okay=False, path_type=Path),
    help="SQLite file (default: scorekeeper.sqlite in the instance folder).",
)


def app_for(database: Path | None, writes: bool = True) -> Any:
    """The app on the given database file (created or upgraded as needed); a weak
    secret key, a file that is not a database, or a read-only one for a command that
    ``writes`` to it is one line and exit status 2. A command that only reads (export,
    backup) may read a read-only database, if it needs no upgrade."""
    import sqlite3

    from .. import create_app
    from ..web.http.security import WeakSecretKey

    if writes and database and read_only(database):
        fail(READ_ONLY.format(database=database))
    try:
        return create_app({"DATABASE": str(database.resolve())} if database else None)
    except WeakSecretKey as error:
        fail(str(error))
    except sqlite3.DatabaseError as error:  # not SQLite, or a folder that cannot be made
        where = database or "the database in the instance folder"
        if database and read_only(database):
            fail(READ_ONLY.format(database=database))
        fail(
            f"cannot use {where} as the database ({error}): give --db a Scorekeeper "
            "database (.sqlite) or the name of a new file to start one"
        )


READ_ONLY = (
    "cannot use {database}: it is read-only (read-only media, or no permission to write it "
    "or its folder), and this command writes to it; copy it to a folder you can write to "
    "and give --db that copy"
)


def read_only(database: Path) -> bool:
    """Whether the database file is there but it, or its folder (where SQLite keeps
    its side files), cannot be written."""
    folder = database.resolve().parent
    writable = os.access(database, os.W_OK) and os.access(folder, os.W_OK)
    return database.is_file() and not writable


def on_terminal(stream: TextIO) -> bool:
    """Whether a person watches ``stream`` (QR codes and progress bars are for them)."""
    return stream.isatty()


@contextmanager
def progress_bar(label: str) -> Iterator[Callable[[int, int], None] | None]:
    """A ``progress(done, total)`` callback drawing a bar on standard error, made
    on the first call; None (nothing drawn) when no person watches standard error."""
    if not on_terminal(sys.stderr):
        yield None
        return
    with ExitStack() as stack:
        bars: list[Any] = []

        def progress(done: int, total: int) -> None:
            if not bars:
                bar = click.progressbar(length=total, label=label, file=sys.stderr)
                bars.append(stack.enter_context(bar))
            bars[0].update(done - bars[0].pos)

        yield progress
