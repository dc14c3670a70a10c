"""A newcomer's usual mistakes, run for real in a subprocess: each is one line on
standard error saying what to do, and exit status 2 (never a traceback or silence).
Plain http:// to the --https port is in test_https.py; ``score`` with several files
in test_cli.py."""

import json
import os
import socket
import subprocess
import sys

import pytest

from scorekeeper.cli.common import READ_ONLY


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


def scorekeeper(*args, stdin=None, read_only=None):
    """The real ``scorekeeper`` command; with ``read_only``, run where that folder is a
    read-only mount (a user and mount namespace of its own: as root, permissions
    alone would not stop a write)."""
    command = [sys.executable, "-m", "scorekeeper", *map(str, args)]
    if read_only is not None:
        script = 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"'
        command = ["unshare", "-rm", "sh", "-c", script, str(read_only), *command]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, stdin=stdin)


@pytest.fixture
def read_only_place(tmp_path):
    """A folder holding a database and its backup, to be mounted read-only."""
    from tests.conftest import needs

    needs("unshare", "the read-only mounts of these tests (util-linux)")
    if subprocess.run(["unshare", "-rm", "true"], capture_output=True).returncode:
        pytest.skip("this machine allows no user namespaces for a read-only mount")
    place = tmp_path / "stick"
    place.mkdir()
    assert scorekeeper("sample", "--evenings", "1", "--db", place / "db.sqlite").returncode == 0
    assert (
        scorekeeper("backup", place / "backup.sqlite", "--db", place / "db.sqlite").returncode == 0
    )
    return place


def one_line(done, said):
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert done.stderr == said + "\n"


def test_the_newcomers_read_only_places_are_one_line_each(tmp_path, read_only_place):
    """Found by an outside attack: a backup to a read-only place was a traceback, a
    read-only database was "not a Scorekeeper database", and a restore from read-only
    media said "not a SQLite database"."""
    place, live = read_only_place, tmp_path / "live.sqlite"
    done = scorekeeper("backup", place / "new.sqlite", "--db", place / "db.sqlite", read_only=place)
    one_line(
        done,
        f"cannot write {place / 'new.sqlite'}: its folder is read-only (read-only "
        "media, or no permission to write there)",
    )
    # serve on a free port: the read-only file is to be what stops it, not a busy port
    for command in (["passphrase", "--clear"], ["serve", "--port", str(free_port())], ["sample"]):
        done = scorekeeper(*command, "--db", place / "db.sqlite", read_only=place)
        one_line(done, READ_ONLY.format(database=place / "db.sqlite"))
    done = scorekeeper("export", "-", "--db", place / "db.sqlite", read_only=place)
    assert done.returncode == 0 and json.loads(done.stdout)["evenings"]  # reading is fine
    done = scorekeeper("restore", place / "backup.sqlite", "--db", live, "--yes", read_only=place)
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"Restored {place / 'backup.sqlite'} into {live}\n"
    assert not (place / "new.sqlite").exists()


def test_a_port_past_65535_is_one_line(tmp_path):
    done = scorekeeper("serve", "--port", "99999", "--db", tmp_path / "s.sqlite")
    one_line(done, "--port 99999 is not a port: give a number from 1 to 65535, such as 8000")


def test_restore_with_nobody_to_ask_says_to_add_yes(tmp_path):
    live, copy = tmp_path / "live.sqlite", tmp_path / "copy.sqlite"
    assert scorekeeper("sample", "--evenings", "1", "--db", live).returncode == 0
    assert scorekeeper("backup", copy, "--db", live).returncode == 0
    before = live.read_bytes()
    done = scorekeeper("restore", copy, "--db", live, stdin=subprocess.DEVNULL)
    one_line(done, f"restore replaces {live}: run it in a terminal to be asked, or add --yes")
    assert live.read_bytes() == before
