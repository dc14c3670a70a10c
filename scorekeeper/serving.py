"""Running the app: waitress for plain HTTP; cheroot (CherryPy's WSGI server,
with Python's own ssl module) for ``--https``, because waitress speaks no TLS and
its non-blocking dispatcher does not take a wrapped socket reliably. Several
processes (``serve --workers``) are gunicorn's: see ``workers``.

A port that cannot be had is one clear sentence (:class:`PortProblem`), found by
binding each address first as both servers do (with ``SO_REUSEADDR``).
"""

from __future__ import annotations

import errno
import socket
from pathlib import Path
from typing import Any

ANY = {"0.0.0.0": 4, "::": 6}  # listening on every network of that IP version


class PortProblem(OSError):
    """The server cannot listen: what happened and what to do, in one line."""


def listen_hosts(host: str, addresses: list[str]) -> list[str]:
    """The addresses to listen on: ``host``, and every IPv6 one too when the
    printed addresses are IPv6 (a network without IPv4)."""
    if host == "0.0.0.0" and addresses and all(":" in a for a in addresses):
        return [host, "::"]
    return [host]


def check_port(hosts: list[str], port: int) -> None:
    """Raise PortProblem unless every ``host`` can listen on ``port`` now."""
    for host in hosts:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            try:
                probe.bind((host, port))
            except OSError as error:
                raise PortProblem(explain(error, host, port)) from None


def explain(error: OSError, host: str, port: int) -> str:
    """What went wrong listening on ``host``:``port`` and what to do about it."""
    if error.errno == errno.EADDRINUSE:
        return (
            f"Port {port} is already in use (is Scorekeeper already running?). Stop the "
            f"other program or choose another port: scorekeeper serve --port {port + 1}"
        )
    if error.errno == errno.EACCES:
        return (
            f"Port {port} may only be used by the administrator. Choose a port above 1023: "
            "scorekeeper serve --port 8000"
        )
    if error.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT):
        return f"{host} is not an address of this machine: leave --host out to use every network"
    return f"Cannot listen on {host} port {port}: {error.strerror or error}"


# Waitress's limits, set deliberately (docs/security.md says why):
# - the largest body a request may have: the import page's (a 10 MB export and the
#   form around it). Waitress's default is 1 GiB, spooled to the temporary folder
#   before the app could refuse it, so a few unfinished uploads could fill a small disk;
#   now a larger Content-Length is refused before any of it is read.
MAX_BODY = 10 * 1024 * 1024 + 128 * 1024
# - open connections: waitress's default of 100 let about 99 half-sent requests shut
#   everyone out. A club night is 400 phones polling at once, each keeping one
#   connection alive; 1,000 leaves room, and each idle one costs a socket, not a thread.
#   A bigger room (``serve --tables``) gets PER_TABLE a table: its four players' phones
#   and the scorer's, a browser sometimes holding two at once (a poll and a save).
#   Beyond the limit a phone is not refused but waits, unanswered, until one closes.
CONNECTION_LIMIT = 1000
PER_TABLE = 8
# - how long a connection may sit with nothing sent before it is closed (waitress:
#   120 s). A phone's poll is held 20 s at most, then it asks again at once, so 30 s of
#   silence is a phone gone.
CHANNEL_TIMEOUT = 30
# - the polls held waiting for news (``web.http.hold``), each in a thread of its own
#   beside the --threads that answer everything else: HELD_A_TABLE a table (the scorer,
#   four players' phones, a spectator), for CLUB_TABLES tables at least (a club night
#   without --tables). An idle thread costs some 16 KB and no processor time; a poll
#   that finds every one of them taken is answered at once, as when nothing was held.
HELD_A_TABLE = 6
CLUB_TABLES = 30
# - the most tables one process serves by default: waitress watches every open connection
#   from one Python thread, and past some 500 phones that loop, not the cores, is the
#   limit; a bigger room (``serve --tables``) gets a process a core (``how_many_workers``).
ONE_PROCESS = 100


def connection_limit(tables: int) -> int:
    """The open connections a room of ``tables`` tables needs, CONNECTION_LIMIT at least.

    >>> connection_limit(0), connection_limit(100), connection_limit(300)
    (1000, 1000, 2500)
    """
    return max(CONNECTION_LIMIT, tables * PER_TABLE + 100)


def held_polls(tables: int) -> int:
    """The polls a room of ``tables`` tables holds at once, a club's at least.

    >>> held_polls(0), held_polls(12), held_polls(300)
    (180, 180, 1800)
    """
    return HELD_A_TABLE * max(tables, CLUB_TABLES)


def open_files(connections: int, threads: int = 0) -> str | None:
    """Let this process hold ``connections`` sockets besides its files, and ``threads``
    threads each keeping a connection to the database (two files in WAL mode: the
    database and its log), raising its own open-file limit up to the system's ceiling
    (often 1,024 by default on Linux); None, or what to do when the ceiling is lower."""
    try:
        import resource
    except ImportError:  # Windows: no such limit on sockets
        return None
    wanted = connections + 2 * threads + 200  # and the backups, logs, listening sockets
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return None
    ceiling = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (ceiling, hard))
    except (ValueError, OSError):  # macOS caps it below an "unlimited" ceiling
        ceiling = soft
    if ceiling < wanted:
        return (
            f"This system lets this process open {ceiling} files, too few for "
            f"{connections} connections and {threads} threads' database files: raise it "
            "(ulimit -n, or LimitNOFILE= in a systemd unit)."
        )
    return None


def serve_http(
    app: Any, hosts: list[str], port: int, threads: int, connections: int = CONNECTION_LIMIT
) -> None:
    """Serve with waitress until interrupted, with up to ``connections`` open at once.
    Waitress watches them with poll(), where the system has it: select() takes no
    socket numbered 1,024 or above, which a room of 150 tables reaches."""
    from waitress.server import create_server

    listen = " ".join(f"[{h}]:{port}" if ":" in h else f"{h}:{port}" for h in hosts)
    try:
        server = create_server(
            app,
            listen=listen,
            threads=threads,
            ident="scorekeeper",
            max_request_body_size=MAX_BODY,
            connection_limit=connections,
            channel_timeout=CHANNEL_TIMEOUT,
            asyncore_use_poll=True,
        )
    except OSError as error:  # taken between check_port and now
        raise PortProblem(explain(error, hosts[0], port)) from None
    server.run()


def serve_https(
    app: Any, hosts: list[str], port: int, threads: int, files: tuple[Path, Path]
) -> None:
    """Serve with cheroot over TLS with the (certificate, key) ``files`` until
    interrupted. Listening on both IP versions takes one dual-stack socket."""
    from cheroot import wsgi

    from .plain_http import RedirectingSSLAdapter

    host = "::" if len(hosts) > 1 else hosts[0]
    server = wsgi.Server((host, port), app, numthreads=threads, server_name="scorekeeper")
    trusted = app.config["TRUSTED_HOSTS"]  # a plain request is sent on to these alone
    server.ssl_adapter = RedirectingSSLAdapter(str(files[0]), str(files[1]), trusted)
    try:
        server.prepare()
    except OSError as error:
        cause = error.__cause__ if isinstance(error.__cause__, OSError) else error
        raise PortProblem(explain(cause, host, port)) from None
    try:
        server.serve()
    except KeyboardInterrupt:
        pass  # Ctrl-C or SIGTERM: a normal stop, as with waitress
    finally:
        server.stop()
