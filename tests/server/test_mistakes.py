"""A newcomer's usual mistakes, run for real in a subprocess: each is one line on
standard error saying what to do, and exit status 2 (never a traceback or silence).
Plain http:// to the --https port is in test_https.py; ``score`` with several files
in test_cli.py."""

import os
import socket
import subprocess
import sys

import pytest


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve(tmp_path, *args, env=None):
    """``serve`` on a free loopback port; every case here stops before serving."""
    command = [sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1",
               "--port", str(free_port()), *args]  # fmt: skip
    return subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=tmp_path,
                          env={**os.environ, **(env or {})})  # fmt: skip


def not_a_database(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("Ann 1200, Bea 900\n" * 200)
    return path


@pytest.mark.parametrize(
    ("args", "env", "said"),
    [pytest.param(["--db", "{tmp}/s.sqlite"], {"FLASK_SECRET_KEY": "short"},
                  "refusing to run with a default or short secret key (5 characters, from "
                  "FLASK_SECRET_KEY", id="a short FLASK_SECRET_KEY"),
     pytest.param(["--db", "{tmp}/s.sqlite"], {"FLASK_SECRET_KEY": "dev"},
                  "refusing to run with a default or short secret key", id="a well-known key"),
     pytest.param(["--db", "{notes}"], {},
                  "cannot use {notes} as the database (file is not a database): give --db a "
                  "Scorekeeper database (.sqlite) or the name of a new file to start one",
                  id="--db naming a text file"),
     pytest.param(["--mdns", "--db", "{tmp}/s.sqlite"], {},
                  "--mdns does nothing with --host 127.0.0.1: it announces the server to the "
                  "network, but the server would listen on this machine only",
                  id="--mdns on loopback")],
)  # fmt: skip
def test_a_mistake_at_serve_is_one_line_and_exit_2(tmp_path, args, env, said):
    notes = not_a_database(tmp_path)
    filled = [arg.format(tmp=tmp_path, notes=notes) for arg in args]
    done = serve(tmp_path, *filled, env=env)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith(said.format(notes=notes)), done.stderr
    assert len(done.stderr.splitlines()) == 1, done.stderr


def test_every_database_command_says_the_same_for_a_text_file(tmp_path):
    notes = not_a_database(tmp_path)
    for command in (
        ["backup", str(tmp_path / "copy.sqlite")],
        ["export", "-"],
        ["passphrase", "--clear"],
    ):
        done = subprocess.run([sys.executable, "-m", "scorekeeper", *command, "--db", str(notes)],
                              capture_output=True, text=True, timeout=60)  # fmt: skip
        assert done.returncode == 2, (command, done.stderr)
        assert done.stderr.startswith(f"cannot use {notes} as the database"), done.stderr
        assert len(done.stderr.splitlines()) == 1, done.stderr
    assert notes.read_text() == "Ann 1200, Bea 900\n" * 200  # left as it was
