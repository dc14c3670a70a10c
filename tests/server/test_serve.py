"""``scorekeeper serve``: what it prints, a busy port, ``--version`` and mDNS,
with the interfaces and the server itself replaced by fakes (nothing listens)."""

import socket
import subprocess
import sys

import pytest

from scorekeeper import cli, network, serving, workers

PI = [("lo", "127.0.0.1"), ("docker0", "172.17.0.1"), ("wlan0", "192.168.1.20"),
      ("wlan0", "fe80::1")]  # fmt: skip


@pytest.fixture
def served(monkeypatch):
    """Runs of ``serve`` record how the server would have been started."""
    calls = []
    monkeypatch.setattr(serving, "check_port", lambda hosts, port: None)
    monkeypatch.setattr(serving, "serve_http", lambda *args: calls.append(("http", *args[1:])))
    monkeypatch.setattr(serving, "serve_https", lambda *args: calls.append(("https", *args[1:])))
    monkeypatch.setattr(workers, "run", lambda *args: calls.append(("workers", *args[1:])))
    return calls


def serve(tmp_path, *args, interfaces=PI, monkeypatch, one=True):
    """``serve`` with the given arguments; one process (waitress) unless they say
    ``--workers`` or not ``one``."""
    from click.testing import CliRunner

    monkeypatch.setattr(network, "interfaces", lambda: interfaces)
    # a new database each time: a serve holds its database's lock for the process's life
    database = tmp_path / f"s{len(list(tmp_path.glob('s*.sqlite')))}.sqlite"
    single = ["--workers", "1"] if one and "--workers" not in args else []
    result = CliRunner().invoke(cli.main, ["serve", "--db", str(database), *single, *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result


def test_prints_the_wifi_address_first_and_no_loopback_for_the_phone(tmp_path, served, monkeypatch):
    result = serve(tmp_path, "--port", "8123", monkeypatch=monkeypatch)
    lines = result.output.splitlines()
    assert lines[1:] == [
        "Open http://192.168.1.20:8123/ on the phone",
        "  or http://172.17.0.1:8123/ on the phone",
        "On this machine: http://127.0.0.1:8123/",
    ]
    assert served == [("http", ["0.0.0.0"], 8123, 8 + 180, 1000)]


def test_says_when_no_network_address_is_found(tmp_path, served, monkeypatch):
    result = serve(tmp_path, interfaces=[("lo", "127.0.0.1")], monkeypatch=monkeypatch)
    assert "No network address found" in result.output
    assert "on the phone" not in result.output


def test_ipv6_only_network_is_bracketed_and_listened_on(tmp_path, served, monkeypatch):
    pairs = [("lo", "::1"), ("wlan0", "fd00::20"), ("wlan0", "fe80::20")]
    result = serve(tmp_path, interfaces=pairs, monkeypatch=monkeypatch)
    assert "Open http://[fd00::20]:8000/ on the phone" in result.output
    assert served == [("http", ["0.0.0.0", "::"], 8000, 8 + 180, 1000)]


def test_a_given_host_is_printed_as_it_is(tmp_path, served, monkeypatch):
    result = serve(tmp_path, "--host", "127.0.0.1", monkeypatch=monkeypatch)
    assert "on the phone" not in result.output and "No network" not in result.output
    assert "On this machine: http://127.0.0.1:8000/" in result.output


@pytest.mark.parametrize(
    ("host", "lines"),
    [("192.168.1.20", ["Open http://192.168.1.20:8000/ on the phone"]),
     ("localhost", ["On this machine: http://localhost:8000/"]),
     ("::", ["Open http://[fd00::20]:8000/ on the phone", "On this machine: http://[::1]:8000/"])],
)  # fmt: skip
def test_only_addresses_the_server_listens_on_are_given(tmp_path, served, monkeypatch, host, lines):
    pairs = [*PI, ("wlan0", "fd00::20")]
    result = serve(tmp_path, "--host", host, interfaces=pairs, monkeypatch=monkeypatch)
    assert result.output.splitlines()[1:] == lines


def test_qr_code_of_the_best_address_only_on_a_terminal(tmp_path, served, monkeypatch):
    assert "\u2588" not in serve(tmp_path, monkeypatch=monkeypatch).output
    made = []
    monkeypatch.setattr(cli.common, "on_terminal", lambda stream: True)
    import segno

    real = segno.make
    monkeypatch.setattr(segno, "make", lambda text: made.append(text) or real(text))
    result = serve(tmp_path, monkeypatch=monkeypatch)
    assert made == ["http://192.168.1.20:8000/"]
    assert "\u2588" in result.output or "\u2580" in result.output


class FakeZeroconf:
    """Stands in for zeroconf: nothing is sent on the network in tests."""

    made = []

    def __init__(self, interfaces):
        self.interfaces, self.events = interfaces, []
        FakeZeroconf.made.append(self)

    def register_service(self, info, allow_name_change=False):
        self.events.append(("register", info.server, info.parsed_addresses(), info.port, info.type))

    def unregister_service(self, info):
        self.events.append(("unregister", info.server))

    def close(self):
        self.events.append(("close",))


def test_mdns_announces_scorekeeper_local_and_withdraws_on_exit(tmp_path, served, monkeypatch):
    import zeroconf

    monkeypatch.setattr(zeroconf, "Zeroconf", FakeZeroconf)
    FakeZeroconf.made.clear()
    monkeypatch.setattr(cli.serve.signal, "signal", lambda *args: None)
    result = serve(tmp_path, "--mdns", monkeypatch=monkeypatch)
    assert "Also at http://scorekeeper.local:8000/ (mDNS)" in result.output
    (zc,) = FakeZeroconf.made
    assert zc.interfaces == ["192.168.1.20"]
    assert zc.events == [
        ("register", "scorekeeper.local.", ["192.168.1.20"], 8000, "_http._tcp.local."),
        ("unregister", "scorekeeper.local."),
        ("close",),
    ]


def test_mdns_failure_is_one_line_and_the_server_still_starts(tmp_path, served, monkeypatch):
    import zeroconf

    def refuse(interfaces):
        raise OSError("no multicast here")

    monkeypatch.setattr(zeroconf, "Zeroconf", refuse)
    result = serve(tmp_path, "--mdns", monkeypatch=monkeypatch)
    assert "Not announced as scorekeeper.local (no multicast here): use the address above." in (
        result.output.splitlines()
    )
    assert len(served) == 1 and result.exit_code == 0


def test_mdns_is_off_by_default(tmp_path, served, monkeypatch):
    import zeroconf

    monkeypatch.setattr(zeroconf, "Zeroconf", None)  # would fail if used
    assert "mDNS" not in serve(tmp_path, monkeypatch=monkeypatch).output


def run(*args):
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args],
                          capture_output=True, text=True, timeout=60)  # fmt: skip


def test_a_busy_port_is_one_line_and_exit_2(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = run("serve", "--host", "127.0.0.1", "--port", str(port), "--db",
                   str(tmp_path / "busy.sqlite"))  # fmt: skip
    assert done.returncode == 2
    assert done.stderr == (
        f"Port {port} is already in use (is Scorekeeper already running?). Stop the other "
        f"program or choose another port: scorekeeper serve --port {port + 1}\n"
    )
    assert not (tmp_path / "busy.sqlite").exists()  # nothing done before the port is had


@pytest.mark.parametrize(
    ("error", "sentence"),
    [(PermissionError(13, "Permission denied"), "Port 80 may only be used by the administrator"),
     (OSError(99, "Cannot assign requested address"), "10.9.9.9 is not an address of this machine"),
     (OSError(5, "Input/output error"), "Cannot listen on 10.9.9.9 port 80: Input/output error")],
)  # fmt: skip
def test_other_listening_problems_say_what_to_do(error, sentence):
    assert serving.explain(error, "10.9.9.9", 80).startswith(sentence)


def test_version():
    from importlib.metadata import version

    from scorekeeper.about import DISTRIBUTION

    done = run("--version")
    assert (done.returncode, done.stdout) == (0, f"scorekeeper {version(DISTRIBUTION)}\n")


def test_https_makes_a_certificate_for_the_printed_addresses(tmp_path, served, monkeypatch):
    from cryptography import x509

    result = serve(
        tmp_path, "--https", "--cert-dir", str(tmp_path / "tls"), monkeypatch=monkeypatch
    )
    assert "Open https://192.168.1.20:8000/ on the phone" in result.output
    ((scheme, hosts, port, threads, (cert, key)),) = served
    assert (scheme, cert.parent, key.parent) == ("https", tmp_path / "tls", tmp_path / "tls")
    loaded = x509.load_pem_x509_certificate(cert.read_bytes())
    san = loaded.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    ips = {str(a) for a in san.get_values_for_type(x509.IPAddress)}
    assert ips == {"192.168.1.20", "172.17.0.1", "127.0.0.1", "::1"}
    assert {"localhost", "scorekeeper.local"} <= set(san.get_values_for_type(x509.DNSName))


def test_waitress_is_given_every_listening_address(tmp_path, monkeypatch):
    import waitress.server

    made = []

    class Server:
        def run(self):
            made.append("ran")

    def create_server(app, **kwargs):
        made.append(kwargs)
        return Server()

    monkeypatch.setattr(serving, "check_port", lambda hosts, port: None)
    monkeypatch.setattr(waitress.server, "create_server", create_server)
    pairs = [("wlan0", "fd00::20")]
    result = serve(tmp_path, "--port", "8124", interfaces=pairs, monkeypatch=monkeypatch)
    assert result.exit_code == 0
    assert made == [
        {
            "listen": "0.0.0.0:8124 [::]:8124",
            "threads": 8 + serving.held_polls(0),  # and a thread for each held poll
            "ident": "scorekeeper",
            "max_request_body_size": serving.MAX_BODY,
            "connection_limit": serving.CONNECTION_LIMIT,
            "channel_timeout": serving.CHANNEL_TIMEOUT,
            "asyncore_use_poll": True,
        },
        "ran",
    ]


def test_serve_gives_the_pages_the_address_phones_can_reach(tmp_path, monkeypatch):
    """The join link and QR code named http://127.0.0.1:8000/ when the
    scorer opened the app on the machine that runs it; serve now tells the app its LAN
    address for them."""
    apps = []
    monkeypatch.setattr(serving, "check_port", lambda hosts, port: None)
    monkeypatch.setattr(serving, "serve_http", lambda app, *args: apps.append(app))
    serve(tmp_path, "--port", "8123", monkeypatch=monkeypatch)
    assert apps[0].config["PHONE_URL"] == "http://192.168.1.20:8123/"
    serve(tmp_path, "--host", "127.0.0.1", monkeypatch=monkeypatch)  # no phone can reach it
    assert "PHONE_URL" not in apps[1].config


# threads: those answering requests (--threads), and as many more as the process holds
# polls (six a table, for 30 tables at least, shared between the processes)
@pytest.mark.parametrize(
    ("args", "cores", "platform", "started"),
    [([], 4, "linux", ("http", ["0.0.0.0"], 8000, 8 + 180, 1000)),
     (["--workers", "4"], 4, "linux", ("workers", ["0.0.0.0"], 8000, 8 + 45, 4, None, 1000)),
     (["--workers", "3", "--threads", "2"], 4, "darwin", ("workers", ["0.0.0.0"], 8000, 2 + 60, 3, None, 1000)),
     (["--workers", "1"], 4, "linux", ("http", ["0.0.0.0"], 8000, 8 + 180, 1000)),
     ([], None, "linux", ("http", ["0.0.0.0"], 8000, 8 + 180, 1000)),
     (["--workers", "3"], 4, "win32", ("http", ["0.0.0.0"], 8000, 8 + 180, 1000)),
     (["--tables", "100"], 4, "linux", ("http", ["0.0.0.0"], 8000, 8 + 600, 1000)),
     (["--tables", "300"], 4, "linux", ("workers", ["0.0.0.0"], 8000, 8 + 450, 4, None, 2500)),
     (["--tables", "300"], 4, "win32", ("http", ["0.0.0.0"], 8000, 8 + 1800, 2500)),
     (["--tables", "300", "--workers", "2"], 4, "linux", ("workers", ["0.0.0.0"], 8000, 8 + 900, 2, None, 2500)),
     (["--held-polls", "0"], 4, "linux", ("http", ["0.0.0.0"], 8000, 8, 1000)),
     (["--tables", "300", "--held-polls", "99"], 4, "linux", ("workers", ["0.0.0.0"], 8000, 8 + 25, 4, None, 2500))],
)  # fmt: skip
def test_one_process_by_default_workers_when_asked_and_windows_serves_with_one(
    tmp_path, served, monkeypatch, args, cores, platform, started
):
    monkeypatch.setattr(cli.serve, "cores", lambda: cores or 1)
    monkeypatch.setattr(cli.serve.sys, "platform", platform)
    result = serve(tmp_path, *args, monkeypatch=monkeypatch, one=False)
    assert served == [started]
    said = "One process serves on Windows: several (--workers) need Linux or macOS."
    assert (said in result.output) == (platform == "win32")
    chosen = "4 processes serve 300 tables (--workers to choose)."
    assert (chosen in result.output) == (started[0] == "workers" and "--workers" not in args)


@pytest.mark.parametrize("in_worker", [False, True])
def test_only_the_arbiter_withdraws_the_announcement(tmp_path, monkeypatch, in_worker):
    """A worker leaves ``serve`` by SystemExit through the arbiter's code: it must
    not withdraw the announcement the arbiter keeps (nor stop its Litestream)."""
    import zeroconf

    monkeypatch.setattr(zeroconf, "Zeroconf", FakeZeroconf)
    monkeypatch.setattr(cli.serve.signal, "signal", lambda *args: None)
    monkeypatch.setattr(serving, "check_port", lambda hosts, port: None)
    FakeZeroconf.made.clear()
    arbiter = cli.serve.os.getpid()

    def leave(*args):
        if in_worker:  # as a forked worker ending: another process id
            monkeypatch.setattr(cli.serve.os, "getpid", lambda: arbiter + 1)
        raise SystemExit(0)

    monkeypatch.setattr(workers, "run", leave)
    serve(tmp_path, "--mdns", "--workers", "2", monkeypatch=monkeypatch)
    (zc,) = FakeZeroconf.made
    withdrawn = ("unregister", "scorekeeper.local.") in zc.events
    assert withdrawn == (not in_worker)


@pytest.mark.skipif(sys.platform == "win32", reason="no open-file limit on Windows")
@pytest.mark.parametrize(
    ("limits", "refused", "raised_to", "said"),
    [
        ((4096, 4096), False, None, None),  # enough already
        ((1024, "unlimited"), False, 2700, None),
        ((1024, 1500), False, 1500, "open 1500 files, too few for 2500"),
        ((1024, "unlimited"), True, None, "open 1024 files, too few for 2500"),  # macOS
    ],
)
def test_the_open_file_limit_is_raised_for_the_rooms_connections(
    monkeypatch, limits, refused, raised_to, said
):
    import resource

    soft, hard = (resource.RLIM_INFINITY if x == "unlimited" else x for x in limits)
    raised = []

    def setrlimit(which, values):
        if refused:
            raise ValueError("not allowed")
        raised.append(values[0])

    monkeypatch.setattr(resource, "getrlimit", lambda which: (soft, hard))
    monkeypatch.setattr(resource, "setrlimit", setrlimit)
    problem = serving.open_files(serving.connection_limit(300))
    assert raised == ([] if raised_to is None else [raised_to])
    assert (problem is None) == (said is None) and (said is None or said in problem)


@pytest.mark.skipif(sys.platform == "win32", reason="no open-file limit on Windows")
def test_each_thread_s_database_files_count_towards_the_open_file_limit(monkeypatch):
    """A thread keeps its own connection to the database: two files (the database and
    its write-ahead log). 100 tables in one process: 1,000 connections, 608 threads."""
    import resource

    raised = []
    monkeypatch.setattr(resource, "getrlimit", lambda which: (1024, resource.RLIM_INFINITY))
    monkeypatch.setattr(resource, "setrlimit", lambda which, values: raised.append(values[0]))
    assert serving.open_files(1000, 8 + serving.held_polls(100)) is None
    assert raised == [1000 + 2 * 608 + 200]
