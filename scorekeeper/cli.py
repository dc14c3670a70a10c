"""The ``scorekeeper`` command."""

from __future__ import annotations

import json
import socket
import sys
from pathlib import Path
from typing import Any, NoReturn, TextIO

import click

from .scoring import ScoringError, score_game


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Scorekeeper: score keeping for Canasta-family card games."""


@main.command()
@click.argument("file", type=click.File("r", encoding="utf-8"))
def score(file: TextIO) -> None:
    """Score the game document FILE ("-" reads standard input).

    FILE is a JSON game document as described in RULES.md: the variant, the
    sides, optional players and house-rule options, and the rounds played so far.
    Prints the answer (each round's scores and breakdown, running totals, the
    next round's opening requirements, whether the game is over and who won) as
    JSON and exits 0. An invalid document prints one line naming the round, the
    side and the field to standard error and exits 2.
    """
    try:
        doc = json.load(file)
    except json.JSONDecodeError as error:
        fail(f"not valid JSON: {error}")
    except UnicodeDecodeError:
        fail("not valid JSON: the file is not UTF-8 text")
    try:
        answer = score_game(doc)
    except ScoringError as error:
        fail(str(error))
    click.echo(json.dumps(answer, indent=2, ensure_ascii=False))


def fail(message: str) -> NoReturn:
    click.echo(message, err=True)
    sys.exit(2)


DB_OPTION = click.option(
    "--db",
    "database",
    type=click.Path(dir_okay=False, path_type=Path),
    help="SQLite file (default: scorekeeper.sqlite in the instance folder).",
)


def app_for(database: Path | None) -> Any:
    """The app on the given database file (created or upgraded as needed)."""
    from . import create_app

    return create_app({"DATABASE": str(database.resolve())} if database else None)


@main.command()
@click.option(
    "--host",
    default="0.0.0.0",
    show_default=True,
    help="Address to listen on; 0.0.0.0 lets phones on the same network in.",
)
@click.option("--port", default=8000, show_default=True, help="Port to listen on.")
@DB_OPTION
@click.option("--threads", default=8, show_default=True, help="Worker threads.")
@click.option(
    "--backup-dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Keep a daily backup of the database in this folder.",
)
@click.option(
    "--trusted-host",
    "trusted_hosts",
    multiple=True,
    help="Also answer requests for this host name (repeatable); this machine's names "
    "and addresses are trusted already.",
)
@click.option(
    "--keep",
    default=14,
    show_default=True,
    type=click.IntRange(1, 10000),
    help="How many daily backups to keep.",
)
def serve(
    host: str, port: int, database: Path | None, threads: int, backup_dir: Path | None, keep: int,
    trusted_hosts: tuple[str, ...],
) -> None:  # fmt: skip
    """Serve the app with waitress. The database is created on first run."""
    from waitress import serve as waitress_serve

    from .data.backup import DailyBackups
    from .web import hosts

    app = app_for(database)
    hold_server_lock(app.config["DATABASE"])
    hosts.trust(app, [*trusted_hosts, *([] if host in ("0.0.0.0", "::") else [host])])
    click.echo(f"Database: {app.config['DATABASE']}")
    if backup_dir:
        DailyBackups(app.config["DATABASE"], backup_dir, keep).start()
        click.echo(f"Daily backups: {backup_dir} (the last {keep} kept)")
    for address in addresses(host):
        click.echo(f"Open http://{address}:{port}/ on the phone")
    waitress_serve(app, host=host, port=port, threads=threads, ident="scorekeeper")


SERVER_LOCK: list[int] = []  # the lock's file descriptor, held for the server's life


def hold_server_lock(database: str) -> None:
    """One server per database: a second ``serve`` (and ``restore``) is refused."""
    from .data.backup import holder, take_lock

    fd = take_lock(database)
    if fd is None:
        fail(f"another scorekeeper server (process {holder(database)}) is using {database}: "
             "stop it first (Ctrl-C in its window, or kill that process)")  # fmt: skip
    SERVER_LOCK.append(fd)


def addresses(host: str) -> list[str]:
    """The addresses a phone can use to reach this machine (no traffic sent)."""
    if host not in ("0.0.0.0", "::"):
        return [host]
    found = ["127.0.0.1"]
    try:
        found += [a for a in socket.gethostbyname_ex(socket.gethostname())[2] if a not in found]
    except OSError:
        pass
    return found


@main.command()
@DB_OPTION
@click.option("--clear", is_flag=True, help="Remove the passphrase: anyone may score.")
def passphrase(database: Path | None, clear: bool) -> None:
    """Set the scorer passphrase for the whole app (asked twice, stored hashed).

    Without it a browser sees every game read-only until it types the passphrase;
    scripts send it in the X-Scorer-Passphrase header.
    """
    from .data import settings
    from .data.connection import connect
    from .web import security

    app = app_for(database)
    secret = None if clear else click.prompt("Passphrase", hide_input=True,
                                             confirmation_prompt=True)  # fmt: skip
    if secret is not None and len(secret) < security.MIN_PASSPHRASE:
        raise click.BadParameter(f"use at least {security.MIN_PASSPHRASE} characters")
    db = connect(app.config["DATABASE"])
    try:
        settings.set_app_passphrase_hash(db, secret and security.hash_passphrase(secret))
    finally:
        db.close()
    click.echo("Passphrase removed." if clear else "Passphrase set.")


@main.command("backup")
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
@DB_OPTION
def backup_command(path: Path, database: Path | None) -> None:
    """Write a consistent copy of the database to PATH (safe while the server runs)."""
    from .data.backup import BackupProblem, backup

    app = app_for(database)
    try:
        backup(app.config["DATABASE"], path)
    except BackupProblem as error:
        fail(str(error))
    click.echo(f"Backed up {app.config['DATABASE']} to {path}")


@main.command("restore")
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
@DB_OPTION
@click.option("--yes", is_flag=True, help="Do not ask before replacing the database.")
def restore_command(path: Path, database: Path | None, yes: bool) -> None:
    """Replace the database with the backup at PATH. Stop the server first."""
    from .data.backup import BackupProblem, check, holder, restore, take_lock

    app = app_for(database)
    live = app.config["DATABASE"]
    try:
        check(path)
    except BackupProblem as error:
        fail(str(error))
    lock = take_lock(live)  # held until the restore is done: no server can start meanwhile
    if lock is None:
        fail(f"a scorekeeper server (process {holder(live)}) is using {live}: stop it first "
             "(Ctrl-C in its window, or kill that process), then restore")  # fmt: skip
    if not yes:
        click.confirm(f"Replace {live} with {path}?", abort=True)
    try:
        restore(path, live)
    except BackupProblem as error:
        fail(str(error))
    app_for(database)  # a backup from an older version is upgraded in place
    click.echo(f"Restored {path} into {app.config['DATABASE']}")


@main.command("export")
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
    from .data import transfer
    from .data.connection import connect

    db = connect(app_for(database).config["DATABASE"])
    data = transfer.export(db, list(evenings) or None, list(games) or None)
    file.write(transfer.to_csv(db, data) if as_csv else transfer.to_json(data))


@main.command("import")
@click.argument("file", type=click.File("r", encoding="utf-8"))
@DB_OPTION
def import_command(file: TextIO, database: Path | None) -> None:
    """Import a JSON export; evenings and games already here are skipped.

    At most 10 MB, 5000 games and 1000 rounds a game; the whole file is checked
    before anything is stored, then it is written in chunks (a server on the same
    database keeps taking rounds meanwhile)."""
    from .data import transfer
    from .data.connection import connect

    db = connect(app_for(database).config["DATABASE"])
    try:
        counts = transfer.import_data(db, transfer.parse(file.read(transfer.MAX_BYTES + 1)))
    except (UnicodeDecodeError, transfer.ImportProblem) as error:
        fail(f"nothing imported: {error}")
    click.echo(", ".join(f"{n} {what}" for what, n in counts.items()))
