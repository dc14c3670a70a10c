"""The ``scorekeeper`` command."""

from __future__ import annotations

import io
import json
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, NoReturn, TextIO

import click

from .scoring import ScoringError, score_game


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="scorekeeper", message="scorekeeper %(version)s")
def main() -> None:
    """Scorekeeper: score keeping for Canasta-family card games."""


@main.command()
@click.argument("file", type=click.File("r", encoding="utf-8"), required=False)
@click.option("--example", metavar="NAME", help="Score a shipped example game instead of FILE.")
def score(file: TextIO | None, example: str | None) -> None:
    """Score the game document FILE ("-" reads standard input).

    FILE is a JSON game document as described in RULES.md: the variant, the
    sides, optional players and house-rule options, and the rounds played so far.
    Prints the answer (each round's scores and breakdown, running totals, the
    next round's opening requirements, whether the game is over and who won) as
    JSON and exits 0. An invalid document prints one line naming the round, the
    side and the field to standard error and exits 2. ``--example NAME`` scores
    the example game shipped for a variant (an unknown NAME lists the names).
    """
    if example is not None:
        if file is not None:
            fail("give a FILE to score or --example NAME, not both")
        file = io.StringIO(example_path(example).read_text(encoding="utf-8"))
    if file is None:
        fail("give a FILE to score (- for standard input), or --example NAME")
    from .data.checks import BadJSON, read_json

    try:
        doc = read_json(file.read())
    except UnicodeDecodeError:
        fail("not valid JSON: the file is not UTF-8 text")
    except BadJSON as error:  # too deep, a number past Python's 4,300 digits, bad text
        fail(str(error) if str(error).startswith("not valid JSON") else f"not valid JSON: {error}")
    try:
        answer = score_game(doc)
        text = json.dumps(answer, indent=2, ensure_ascii=False)
        text.encode("utf-8")  # a name with half a surrogate pair ("\ud800") is not text
    except ScoringError as error:
        fail(str(error))
    except UnicodeEncodeError:
        fail("not valid JSON: a string holds half a surrogate pair (like \\ud800), "
             "which is not text")  # fmt: skip
    click.echo(text)


def fail(message: str) -> NoReturn:
    click.echo(message, err=True)
    sys.exit(2)


def examples() -> dict[str, Path]:
    """The example game documents shipped with the package, by name."""
    from . import asset_folder

    return {p.stem: p for p in sorted(Path(asset_folder("examples")).glob("*.json"))}


def example_path(name: str) -> Path:
    shipped = examples()
    if name not in shipped:
        fail(f"no example called {name!r}; the examples are: {', '.join(shipped)}")
    return shipped[name]


MARKDOWN = click.option(
    "--markdown", is_flag=True, default=True, help="Markdown (the only format, and the default)."
)


@main.command("rules")
@MARKDOWN
def rules_command(markdown: bool) -> None:
    """Print the rules reference of every variant, generated from the registry.

    docs/rules.md is this output: scorekeeper rules --markdown > docs/rules.md
    """
    from .scoring.reference import rules_markdown

    click.echo(rules_markdown(), nl=False)


@main.command("api")
@MARKDOWN
def api_command(markdown: bool) -> None:
    """Print the JSON API reference, generated from the registry.

    docs/api.md is this output: scorekeeper api --markdown > docs/api.md
    """
    from .scoring.api_reference import api_markdown

    click.echo(api_markdown(), nl=False)


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
@click.option(
    "--https",
    is_flag=True,
    help="Serve HTTPS with a self-signed certificate made on first run (see README).",
)
@click.option(
    "--cert-dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Where --https keeps its key and certificate (default: the instance folder).",
)
@click.option(
    "--mdns/--no-mdns",
    default=False,
    show_default=True,
    help="Also announce the server on the network as scorekeeper.local.",
)
def serve(
    host: str,
    port: int,
    database: Path | None,
    threads: int,
    backup_dir: Path | None,
    keep: int,
    https: bool,
    cert_dir: Path | None,
    mdns: bool,
    trusted_hosts: tuple[str, ...],
) -> None:
    """Serve the app (waitress; cheroot for --https). The database is created on first run.

    Prints the addresses a phone on the same network can open, best first, and a
    QR code of the best one when the output is a terminal. A port already in use
    is one line on standard error and exit status 2.
    """
    from . import serving
    from .web import hosts as trusted

    lan = lan_addresses(host)
    hosts = serving.listen_hosts(host, lan)
    try:
        serving.check_port(hosts, port)
    except serving.PortProblem as error:
        fail(str(error))
    app = app_for(database)
    hold_server_lock(app.config["DATABASE"])
    trusted.trust(app, [*trusted_hosts, *([] if host in ("0.0.0.0", "::") else [host])])
    click.echo(f"Database: {app.config['DATABASE']}")
    if backup_dir:
        from .data.backup import DailyBackups

        DailyBackups(app.config["DATABASE"], backup_dir, keep).start()
        click.echo(f"Daily backups: {backup_dir} (the last {keep} kept)")
    files = certificate_files(app, cert_dir, lan) if https else None
    scheme = "https" if https else "http"
    show_addresses(scheme, host, lan, port)
    withdraw = start_mdns(lan[0], port, scheme) if mdns and lan and host in serving.ANY else None
    try:
        if files:
            serving.serve_https(app, hosts, port, threads, files)
        else:
            serving.serve_http(app, hosts, port, threads)
    except serving.PortProblem as error:
        fail(str(error))
    finally:
        if withdraw:
            withdraw()


SERVER_LOCK: list[int] = []  # the lock's file descriptor, held for the server's life


def hold_server_lock(database: str) -> None:
    """One server per database: a second ``serve`` (and ``restore``) is refused."""
    from .data.backup import holder, take_lock

    fd = take_lock(database)
    if fd is None:
        fail(f"another scorekeeper server (process {holder(database)}) is using {database}: "
             "stop it first (Ctrl-C in its window, or kill that process)")  # fmt: skip
    SERVER_LOCK.append(fd)


def lan_addresses(host: str) -> list[str]:
    """The addresses phones may use: the LAN addresses of this machine's interfaces
    (IPv6 ones only when listening on ``::``), or ``host`` itself when it is one."""
    from . import network
    from .serving import ANY

    if host not in ANY:
        return [host]
    pairs = network.interfaces()
    if host == "::":
        pairs = [(name, address) for name, address in pairs if ":" in address]
    return network.lan_addresses(pairs)


def show_addresses(scheme: str, host: str, lan: list[str], port: int) -> None:
    """The lines that say what to open, best first, and the best one as a QR code."""
    from .network import is_loopback, url

    phone = [a for a in lan if not is_loopback(a)]
    for n, address in enumerate(phone):
        where = "Open" if n == 0 else "  or"
        click.echo(f"{where} {url(scheme, address, port)} on the phone")
    if not phone and not is_loopback(host):
        click.echo("No network address found: connect this machine to the phones' wifi.")
    local = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
    if is_loopback(local):
        click.echo(f"On this machine: {url(scheme, local, port)}")
    if phone and on_terminal(sys.stdout):
        import segno

        segno.make(url(scheme, phone[0], port)).terminal(out=sys.stdout, compact=True)


def on_terminal(stream: TextIO) -> bool:
    """Whether a person watches ``stream`` (QR codes and progress bars are for them)."""
    return stream.isatty()


def certificate_files(app: Any, folder: Path | None, lan: list[str]) -> tuple[Path, Path]:
    """The --https certificate and key for every name and address given out;
    session cookies are then sent over HTTPS only."""
    from . import certificate, network

    names = network.host_names() + [a for a in lan if not network.is_address(a)]
    addresses = [a for a in lan if network.is_address(a)] + ["127.0.0.1", "::1"]
    files = certificate.ensure(folder or Path(app.instance_path), names, addresses)
    app.config.update(SESSION_COOKIE_SECURE=True, HTTPS_CERTIFICATE=str(files[0]))
    click.echo(f"Certificate: {files[0]} (phones can fetch it at /certificate.pem)")
    return files


def start_mdns(address: str, port: int, scheme: str) -> Callable[[], None] | None:
    """Announce scorekeeper.local; a failure is one line and the server goes on.
    A stop by SIGTERM (systemd, kill) still withdraws the announcement."""
    from . import network

    try:
        withdraw = network.announce(address, port, scheme)
    except Exception as error:  # zeroconf's errors have no common base beyond this
        click.echo(f"Not announced as {network.MDNS_HOST} ({error}): use the address above.")
        return None
    signal.signal(signal.SIGTERM, stop_on_sigterm)
    click.echo(f"Also at {scheme}://{network.MDNS_HOST}:{port}/ (mDNS)")
    return withdraw


def stop_on_sigterm(number: int, frame: Any) -> None:
    raise KeyboardInterrupt


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
@click.option("--force", is_flag=True, help="Replace PATH if it exists.")
def backup_command(path: Path, database: Path | None, force: bool) -> None:
    """Write a consistent copy of the database to PATH (safe while the server runs)."""
    from .data.backup import BackupProblem, backup

    app = app_for(database)
    try:
        with progress_bar("Backing up") as progress:
            backup(app.config["DATABASE"], path, progress, replace=force)
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
    with progress_bar("Exporting") as progress:
        data = transfer.export(db, list(evenings) or None, list(games) or None, progress)
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
        with progress_bar("Importing") as progress:
            data = transfer.parse(file.read(transfer.MAX_BYTES + 1))
            counts = transfer.import_data(db, data, progress)
    except (UnicodeDecodeError, transfer.ImportProblem) as error:
        fail(f"nothing imported: {error}")
    click.echo(", ".join(f"{n} {what}" for what, n in counts.items()))


@main.command("sample")
@DB_OPTION
@click.option("--evenings", default=20, show_default=True, type=click.IntRange(1, 100000),
              help="How many evenings to generate.")  # fmt: skip
@click.option("--seed", default=1, show_default=True, help="Same seed, same evenings.")
def sample_command(database: Path | None, evenings: int, seed: int) -> None:
    """Fill the database with generated evenings of valid games, to try the app out.

    Every variant appears; each evening has one to three games played to the end.
    Use --db to keep them out of the real database.
    """
    from .data.connection import connect
    from .data.sample import fill

    db = connect(app_for(database).config["DATABASE"])
    try:
        with progress_bar("Generating") as progress:
            fill(db, evenings, seed=seed, progress=progress)
    finally:
        db.close()
    click.echo(f"Added {evenings} evenings.")


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
