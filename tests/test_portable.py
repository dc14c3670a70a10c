"""Runs on Windows: no module of the package needs a POSIX-only module to be imported
(``serve`` took its server lock with ``fcntl`` once). Each check runs in a fresh
interpreter where those modules cannot be imported, as on Windows."""

import pkgutil
import subprocess
import sys
import textwrap

import pytest

import scorekeeper

POSIX_ONLY = ("fcntl", "termios", "pwd", "grp", "resource")
MODULES = sorted(  # all but __main__, which runs the command when imported
    info.name
    for info in pkgutil.walk_packages(scorekeeper.__path__, "scorekeeper.")
    if info.name != "scorekeeper.__main__"
)


def import_without_posix(modules, extra=""):
    """Import ``modules`` in a new interpreter where POSIX_ONLY cannot be imported;
    the finished process (its stderr names what failed)."""
    code = textwrap.dedent(f"""
        import importlib, sys, warnings
        warnings.simplefilter("ignore")  # filelock warns that only its soft lock is left
        for name in {POSIX_ONLY!r}:
            sys.modules[name] = None  # "import fcntl" now raises ImportError
        for module in {modules!r}:
            importlib.import_module(module)
    """) + extra  # fmt: skip
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)


def test_the_package_has_modules_to_import():
    assert {"scorekeeper.cli.serve", "scorekeeper.data.backup", "scorekeeper.serving"} <= set(
        MODULES
    )


def test_every_module_imports_without_posix_only_modules():
    done = import_without_posix(MODULES)
    assert done.returncode == 0, done.stderr


def test_the_server_lock_works_without_fcntl(tmp_path):
    """With no fcntl the lock is filelock's portable one: a second take is still refused."""
    database = tmp_path / "live.sqlite"
    done = import_without_posix(["scorekeeper.data.backup"], textwrap.dedent(f"""
        from scorekeeper.data.backup import take_lock
        first = take_lock({str(database)!r})
        assert first is not None and take_lock({str(database)!r}) is None
        print("refused")
    """))  # fmt: skip
    assert (done.returncode, done.stdout) == (0, "refused\n"), done.stderr


@pytest.mark.parametrize("name", POSIX_ONLY)
def test_a_module_needing_one_of_them_is_caught(name):
    done = import_without_posix(["json"], f"import {name}\n")
    assert done.returncode != 0 and f"import of {name} halted" in done.stderr
