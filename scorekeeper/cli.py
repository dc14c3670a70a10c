"""The ``scorekeeper`` command."""

from __future__ import annotations

import json
import socket
import sys
from pathlib import Path

import click

from .scoring import ScoringError, score_game


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Scorekeeper: score keeping for Canasta-family card games."""


@main.command()
@click.argument("file", type=click.File("r", encoding="utf-8"))
def score(file: click.utils.LazyFile) -> None:
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


def fail(message: str) -> None:
    click.echo(message, err=True)
    sys.exit(2)


@main.command()
@click.option(
    "--host",
    default="0.0.0.0",
    show_default=True,
    help="Address to listen on; 0.0.0.0 lets phones on the same network in.",
)
@click.option("--port", default=8000, show_default=True, help="Port to listen on.")
@click.option(
    "--db",
    "database",
    type=click.Path(dir_okay=False, path_type=Path),
    help="SQLite file (default: scorekeeper.sqlite in the instance folder).",
)
@click.option("--threads", default=8, show_default=True, help="Worker threads.")
def serve(host: str, port: int, database: Path | None, threads: int) -> None:
    """Serve the app with waitress. The database is created on first run."""
    from waitress import serve as waitress_serve

    from . import create_app

    app = create_app({"DATABASE": str(database.resolve())} if database else None)
    click.echo(f"Database: {app.config['DATABASE']}")
    for address in addresses(host):
        click.echo(f"Open http://{address}:{port}/ on the phone")
    waitress_serve(app, host=host, port=port, threads=threads, ident="scorekeeper")


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
@click.option(
    "--db",
    "database",
    type=click.Path(dir_okay=False, path_type=Path),
    help="SQLite file (default: scorekeeper.sqlite in the instance folder).",
)
@click.option("--clear", is_flag=True, help="Remove the passphrase: anyone may score.")
def passphrase(database: Path | None, clear: bool) -> None:
    """Set the scorer passphrase for the whole app (asked twice, stored hashed).

    Without it a browser sees every game read-only until it types the passphrase;
    scripts send it in the X-Scorer-Passphrase header.
    """
    from . import create_app, security, store
    from .db import connect

    app = create_app({"DATABASE": str(database.resolve())} if database else None)
    secret = None if clear else click.prompt("Passphrase", hide_input=True,
                                             confirmation_prompt=True)  # fmt: skip
    if secret is not None and len(secret) < 4:
        raise click.BadParameter("use at least 4 characters")
    db = connect(app.config["DATABASE"])
    try:
        store.set_app_passphrase_hash(db, secret and security.hash_passphrase(secret))
    finally:
        db.close()
    click.echo("Passphrase removed." if clear else "Passphrase set.")
