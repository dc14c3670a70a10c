"""``scorekeeper serve``: the app on this machine, for the phones on its network."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from .. import serving
from ..data import apart
from . import common
from .common import DB_OPTION, app_for, fail


@click.command()
@click.option(
    "--host",
    default="0.0.0.0",
    show_default=True,
    help="Address to listen on; 0.0.0.0 lets phones on the same network in.",
)
@click.option("--port", default=8000, show_default=True, help="Port to listen on (1 to 65535).")
@DB_OPTION
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    help="Processes serving requests, each with --threads threads (default: one, or "
    "one per core for --tables over 100). Linux and macOS; always 1 on Windows.",
)
@click.option(
    "--threads",
    default=8,
    show_default=True,
    help="Threads of each process answering requests, besides those holding phones' "
    "polls until there is news (6 a table).",
)
@click.option(
    "--tables",
    type=click.IntRange(0, 2000),
    default=0,
    help="The most tables playing at once, for a big event: open connections and held "
    "polls are allowed for their phones (8 and 6 a table; for 125 and 30 tables at "
    "least). See docs/deploy.md.",
)
@click.option(
    "--held-polls",
    type=click.IntRange(0, 12000),  # 6 a table of the most --tables allows
    help="Polls held waiting for news at once, shared between the processes, each in a "
    "thread of its own (default: 6 a table, 180 at least); 0 answers every poll at once, "
    "and the phones ask every second.",
)
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
@click.option(
    "--replicate-to",
    "replica",
    metavar="DIR_OR_URL",
    help="Stream every change, about once a second, to a second copy (Litestream): a "
    "directory on another disk, a USB stick or a NAS, or S3-compatible storage "
    "(s3://bucket/path). Bring it back with 'restore --from-replica'.",
)
def serve(
    host: str,
    port: int,
    database: Path | None,
    threads: int,
    tables: int,
    workers: int | None,
    held_polls: int | None,
    backup_dir: Path | None,
    keep: int,
    https: bool,
    cert_dir: Path | None,
    mdns: bool,
    trusted_hosts: tuple[str, ...],
    replica: str | None = None,
) -> None:
    """Serve the app (gunicorn, several processes; with --workers 1, waitress, or cheroot
    for --https). The database is created on first run.

    Prints the addresses a phone on the same network can open, best first, and a
    QR code of the best one when the output is a terminal. A port already in use
    is one line on standard error and exit status 2.
    """
    from .. import network
    from ..web.http import hold, hosts as trusted, load

    if not 0 <= port <= 65535:  # the system's own refusal was a traceback (0: any free port)
        fail(f"--port {port} is not a port: give a number from 1 to 65535, such as 8000")
    if mdns and network.is_loopback(host):
        fail(
            f"--mdns does nothing with --host {host}: it announces the server to the network, "
            "but the server would listen on this machine only, where no phone can reach it. "
            "Leave --host out (or give a network address), or --mdns out"
        )
    lan = lan_addresses(host)
    hosts = serving.listen_hosts(host, lan)
    try:
        serving.check_port(hosts, port)
    except serving.PortProblem as error:
        fail(str(error))
    processes = how_many_workers(workers, tables)
    connections = serving.connection_limit(tables)
    if held_polls is None:
        held_polls = serving.held_polls(tables)
    held = -(-held_polls // processes)  # each process its share, rounded up
    if problem := serving.open_files(connections, threads + held):
        click.echo(problem, err=True)
    app = app_for(database)
    app.config["WORKERS"] = processes  # several: the throttles are kept in the database
    apart.enable()  # a director's long work in a process of its own: saves go on meanwhile
    hold_server_lock(app.config["DATABASE"])
    finish_imports(app.config["DATABASE"])
    catch_up_ratings(app.config["DATABASE"])
    trusted.trust(app, [*trusted_hosts, *([] if host in ("0.0.0.0", "::") else [host])])
    click.echo(f"Database: {app.config['DATABASE']}")
    if backup_dir:
        from ..data.backup import DailyBackups

        DailyBackups(app.config["DATABASE"], backup_dir, keep).start()
        click.echo(f"Daily backups: {backup_dir} (the last {keep} kept)")
    files = certificate_files(app, cert_dir, lan) if https else None
    scheme = "https" if https else "http"
    phones = [a for a in lan if not network.is_loopback(a)]
    if phones:  # the join links and QR codes a scorer sees on this machine itself
        app.config["PHONE_URL"] = network.url(scheme, phones[0], port)
    show_addresses(scheme, host, lan, port)
    withdraw = start_mdns(lan[0], port, scheme) if mdns and lan else None
    replicating = start_replica(app, replica) if replica else None
    load.judge(app, waitress=processes == 1 and not files)  # saves first when full
    hold.allow(app, held)  # polls wait for news, each in a thread of its own
    threads += held
    arbiter = os.getpid()  # a worker leaves serve_workers by SystemExit, through here
    try:
        if processes > 1:
            from .. import workers as several

            several.run(app, hosts, port, threads, processes, files, connections)
        elif files:
            serving.serve_https(app, hosts, port, threads, files)
        else:
            serving.serve_http(app, hosts, port, threads, connections)
    except serving.PortProblem as error:
        fail(str(error))
    finally:
        if os.getpid() == arbiter:  # not in a worker: these are the arbiter's alone
            stop_helpers(withdraw, replicating)


def stop_helpers(withdraw: Callable[[], None] | None, replicating: Any) -> None:
    """The announcement withdrawn and Litestream's last changes copied, at the end."""
    if withdraw:
        withdraw()
    if replicating:
        from ..data import replica as replicas

        replicas.stop(replicating)


def how_many_workers(asked: int | None, tables: int = 0) -> int:
    """The processes to serve with: as asked; else one a core for a room of more than
    ONE_PROCESS tables, one for a club; one on Windows, where gunicorn does not run
    (said at start). One for a club because one waitress process reads half-sent
    requests without tying up a thread, which gunicorn's workers do not: a room of
    strangers' phones is safer with it. A bigger room's open connections are more than
    waitress's one loop watches in time (docs/deploy.md has the figures)."""
    big = not asked and tables > serving.ONE_PROCESS
    wanted = asked or (cores() if big else 1)
    if sys.platform == "win32":
        if wanted > 1:
            click.echo("One process serves on Windows: several (--workers) need Linux or macOS.")
        return 1
    if big:
        click.echo(f"{wanted} processes serve {tables} tables (--workers to choose).")
    return wanted


def cores() -> int:
    """The cores this process may run on (a container's or a taskset's, not the host's)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # macOS and Windows have no affinity to ask
        return os.cpu_count() or 1


def start_replica(app: Any, target: str) -> Any:
    """Litestream streaming the database to ``target`` (checkpoints left to it)."""
    from ..data import replica as replicas
    from ..data.connection import leave_checkpoints

    leave_checkpoints()
    app.config["REPLICA"] = target
    try:
        process = replicas.start(app.config["DATABASE"], target)
    except (OSError, replicas.ReplicaProblem) as error:
        fail(f"cannot replicate to {target}: {error}")
    click.echo(f"Replica: {target} (every change, about once a second)")
    return process


def catch_up_ratings(path: str) -> None:
    """Ratings a stopped server left half brought up to date: caught up in the background."""
    from ..data.connection import connect
    from ..data.ratings import backlog, ratings

    db = connect(path)
    try:
        if ratings.updating(db):
            backlog.wake(path)
    finally:
        db.close()


SERVER_LOCK: list[Any] = []  # the lock, held for the server's life


def hold_server_lock(database: str) -> None:
    """One server per database: a second ``serve`` (and ``restore``) is refused."""
    from ..data.backup import holder, take_lock

    lock = take_lock(database)
    if lock is None:
        fail(
            f"another scorekeeper server (process {holder(database)}) is using {database}: "
            "stop it first (Ctrl-C in its window, or kill that process)"
        )
    SERVER_LOCK.append(lock)


def finish_imports(database: str) -> None:
    """An import the machine stopped in the middle of: taken out, or (past its point of
    no return) shown in full, before anyone sees it half there; and an event deleted
    while the server was stopped: its games removed too."""
    from ..data.connection import connect
    from ..data.events import removing
    from ..data.transfer import staging

    db = connect(database)
    try:
        for done in staging.recover(db):
            what = "finished" if done["state"] == "revealing" else "taken out"
            click.echo(f"An import cut off at its last run was {what}.")
        for _event in removing.recover(db):
            click.echo("An event deleted at the last run has its games removed now.")
    finally:
        db.close()


def lan_addresses(host: str) -> list[str]:
    """The addresses phones may use: the LAN addresses of this machine's interfaces
    (IPv6 ones only when listening on ``::``), or ``host`` itself when it is one."""
    from .. import network
    from ..serving import ANY

    if host not in ANY:
        return [host]
    pairs = network.interfaces()
    if host == "::":
        pairs = [(name, address) for name, address in pairs if ":" in address]
    return network.lan_addresses(pairs)


def show_addresses(scheme: str, host: str, lan: list[str], port: int) -> None:
    """The lines that say what to open, best first, and the best one as a QR code."""
    from ..network import is_loopback, url

    phone = [a for a in lan if not is_loopback(a)]
    for n, address in enumerate(phone):
        where = "Open" if n == 0 else "  or"
        click.echo(f"{where} {url(scheme, address, port)} on the phone")
    if not phone and not is_loopback(host):
        click.echo("No network address found: connect this machine to the phones' wifi.")
    local = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(host, host)
    if is_loopback(local):
        click.echo(f"On this machine: {url(scheme, local, port)}")
    if phone and common.on_terminal(sys.stdout):
        import segno

        segno.make(url(scheme, phone[0], port)).terminal(out=sys.stdout, compact=True)


def certificate_files(app: Any, folder: Path | None, lan: list[str]) -> tuple[Path, Path]:
    """The --https certificate and key for every name and address given out;
    session cookies are then sent over HTTPS only."""
    from .. import certificate, network

    names = network.host_names() + [a for a in lan if not network.is_address(a)]
    addresses = [a for a in lan if network.is_address(a)] + ["127.0.0.1", "::1"]
    files = certificate.ensure(folder or Path(app.instance_path), names, addresses)
    app.config.update(SESSION_COOKIE_SECURE=True, HTTPS_CERTIFICATE=str(files[0]))
    click.echo(f"Certificate: {files[0]} (phones can fetch it at /certificate.pem)")
    return files


def start_mdns(address: str, port: int, scheme: str) -> Callable[[], None] | None:
    """Announce scorekeeper.local; a failure is one line and the server goes on.
    A stop by SIGTERM (systemd, kill) still withdraws the announcement."""
    from .. import network

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
