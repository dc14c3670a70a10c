"""Commands on the database file: ``passphrase``, ``backup``, ``restore``,
``export``, ``import`` and ``sample``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

import click

from .common import DB_OPTION, app_for, fail, on_terminal, progress_bar


@click.command()
@DB_OPTION
@click.option("--clear", is_flag=True, help="Remove the passphrase: anyone may score.")
def passphrase(database: Path | None, clear: bool) -> None:
    """Set the scorer passphrase for the whole app (asked twice, stored hashed).

    Without it a browser sees every game read-only until it types the passphrase;
    scripts send it in the X-Scorer-Passphrase header.
    """
    from ..data import settings
    from ..data.connection import connect
    from ..web.http import security

    app = app_for(database)
    secret = (
        None if clear else click.prompt("Passphrase", hide_input=True, confirmation_prompt=True)
    )
    if secret is not None and len(secret) < security.MIN_PASSPHRASE:
        raise click.BadParameter(f"use at least {security.MIN_PASSPHRASE} characters")
    db = connect(app.config["DATABASE"])
    try:
        settings.set_app_passphrase_hash(db, secret and security.hash_passphrase(secret))
    finally:
        db.close()
    click.echo("Passphrase removed." if clear else "Passphrase set.")


@click.command("backup")
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
@DB_OPTION
@click.option("--force", is_flag=True, help="Replace PATH if it exists.")
def backup_command(path: Path, database: Path | None, force: bool) -> None:
    """Write a consistent copy of the database to PATH (safe while the server runs)."""
    from ..data.backup import BackupProblem, backup

    app = app_for(database, writes=False)  # a backup of a read-only stick is fine
    try:
        with progress_bar("Backing up") as progress:
            backup(app.config["DATABASE"], path, progress, replace=force)
    except BackupProblem as error:
        fail(str(error))
    click.echo(f"Backed up {app.config['DATABASE']} to {path}")


@click.command("restore")
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path), required=False)
@DB_OPTION
@click.option("--yes", is_flag=True, help="Do not ask before replacing the database.")
@click.option(
    "--from-replica",
    "replica",
    metavar="DIR_OR_URL",
    help="Restore the newest copy in the replica that 'serve --replicate-to' kept.",
)
def restore_command(
    path: Path | None, database: Path | None, yes: bool, replica: str | None
) -> None:
    """Replace the database with the backup at PATH, or with the newest copy in a
    replica (--from-replica). Stop the server first.

    Asks before replacing it; --yes does not ask (without a terminal to ask on, give
    --yes: otherwise nothing is replaced and the exit status is 2)."""
    from ..data.backup import BackupProblem, check, holder, restore, take_lock

    if (path is None) == (replica is None):
        fail("give either a backup file or --from-replica DIR_OR_URL")
    app = app_for(database)
    live = app.config["DATABASE"]
    if replica is not None:
        path = from_replica(replica, Path(live))
    assert path is not None
    try:
        check(path)
    except BackupProblem as error:
        fail(str(error))
    lock = take_lock(live)  # held until the restore is done: no server can start meanwhile
    if lock is None:
        fail(
            f"a scorekeeper server (process {holder(live)}) is using {live}: stop it first "
            "(Ctrl-C in its window, or kill that process), then restore"
        )
    if not yes:
        if not on_terminal(sys.stdin):  # nobody to ask: say how, rather than "Aborted!"
            fail(f"restore replaces {live}: run it in a terminal to be asked, or add --yes")
        click.confirm(f"Replace {live} with {path}?", abort=True)
    try:
        restore(path, live)
    except BackupProblem as error:
        fail(str(error))
    app_for(database)  # a backup from an older version is upgraded in place
    click.echo(f"Restored {replica or path} into {app.config['DATABASE']}")
    if replica is not None:
        path.unlink(missing_ok=True)


def from_replica(replica: str, live: Path) -> Path:
    """The replica's newest copy, in a new file beside the database."""
    from ..data import replica as replicas

    copy = live.with_name(live.name + ".from-replica")
    copy.unlink(missing_ok=True)
    try:
        replicas.restore(replica, copy)
    except replicas.ReplicaProblem as error:
        fail(str(error))
    return copy


@click.command("export")
@click.argument("file", type=click.File("w", encoding="utf-8"))
@DB_OPTION
@click.option(
    "--evening", "evenings", type=int, multiple=True, help="Only this evening (repeatable)."
)
@click.option("--game", "games", type=int, multiple=True, help="Only this game (repeatable).")
@click.option("--csv", "as_csv", is_flag=True, help="One row per side per round, instead of JSON.")
def export_command(
    file: TextIO,
    database: Path | None,
    evenings: tuple[int, ...],
    games: tuple[int, ...],
    as_csv: bool,
) -> None:
    """Export games as JSON (re-importable) or CSV to FILE ("-" for standard output)."""
    from ..data.backup import BackupProblem, check_export_target
    from ..data.connection import connect
    from ..data.transfer import transfer

    live = app_for(database, writes=False).config["DATABASE"]
    if file.name != "-":  # click opens FILE for writing only when first written to
        try:
            check_export_target(live, file.name)
        except BackupProblem as error:
            fail(f"nothing exported: {error}")
    db = connect(live)
    with progress_bar("Exporting") as progress:
        data = transfer.export(db, list(evenings) or None, list(games) or None, progress)
    file.write(transfer.to_csv(db, data) if as_csv else transfer.to_json(data))


@click.command("import")
@click.argument("file", type=click.File("r", encoding="utf-8"))
@DB_OPTION
def import_command(file: TextIO, database: Path | None) -> None:
    """Import a JSON export; evenings and games already here are skipped.

    At most 10 MB, 5000 games and 1000 rounds a game; the whole file is checked
    before anything is stored, then it is written in chunks (a server on the same
    database keeps taking rounds meanwhile)."""
    from ..data.connection import connect
    from ..data.ratings import backlog
    from ..data.transfer import transfer
    from ..data.transfer.kept import KeptRound

    db = connect(app_for(database).config["DATABASE"])
    try:
        with progress_bar("Importing") as progress:
            data = transfer.parse(file.read(transfer.MAX_BYTES + 1))
            kept: list[KeptRound] = []
            counts = transfer.import_data(db, data, progress, kept=kept)
        backlog.catch_up(db)  # the ratings of every later game, a few at a time
    except (UnicodeDecodeError, transfer.ImportProblem) as error:
        fail(f"nothing imported: {error}")
    click.echo(", ".join(f"{n} {what}" for what, n in counts.items()))
    if kept:  # rounds played before a check that they break: kept, and said here
        click.echo("Kept as played, though they break a check added after they were played:")
        for k in kept:
            click.echo(f"  {k.date}, {k.game}, round {k.number}: {k.problem}")


@click.command("sample")
@DB_OPTION
@click.option(
    "--evenings",
    default=20,
    show_default=True,
    type=click.IntRange(1, 100000),
    help="How many evenings to generate.",
)
@click.option(
    "--events",
    default=0,
    show_default=True,
    type=click.IntRange(0, 100),
    help="How many club nights to generate too, every turn played (all but the last published).",
)
@click.option("--seed", default=1, show_default=True, help="Same seed, same evenings.")
def sample_command(database: Path | None, evenings: int, events: int, seed: int) -> None:
    """Fill the database with generated evenings of valid games, to try the app out.

    Every variant appears; each evening has one to three games played to the end.
    Use --db to keep them out of the real database.
    """
    from ..data.connection import connect
    from ..data.ratings import backlog
    from ..data.sample import fill, fill_events

    db = connect(app_for(database).config["DATABASE"])
    try:
        with progress_bar("Generating") as progress:
            fill(db, evenings, seed=seed, progress=progress)
        fill_events(db, events, seed=seed)
        backlog.catch_up(db)
    finally:
        db.close()
    click.echo(f"Added {evenings} evenings" + (f" and {events} club nights." if events else "."))
