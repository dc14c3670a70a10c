"""One instance folder whichever way the app is started. With a regular (not editable)
install, ``scorekeeper serve`` imports the installed copy, while ``flask --app
scorekeeper run`` in the source checkout imports the source beside it; Flask gives
each copy its own instance folder, so the two used two databases. Checked for real:
the wheel installed in a new virtual environment, both ways asked for their folder."""

import subprocess
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest
from hatchling.builders.wheel import WheelBuilder

ROOT = Path(__file__).parent.parent.parent
PROBE = 'from flask import current_app; print("PROBE", current_app.config["DATABASE"])\n'


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """A virtual environment with the wheel installed (unpacked into site-packages, as
    an installer does) and this environment's dependencies visible through a .pth."""
    where = tmp_path_factory.mktemp("installed")
    venv.create(where / "venv", with_pip=False)
    python = where / "venv" / "bin" / "python"
    site = Path(subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               capture_output=True, text=True, check=True).stdout.strip())  # fmt: skip
    (site / "dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")
    wheel = next(WheelBuilder(str(ROOT)).build(directory=str(where), versions=["standard"]))
    zipfile.ZipFile(wheel).extractall(site)
    return python


def database(python, cwd, *command, stdin=None):
    done = subprocess.run([python, *command], cwd=cwd, input=stdin, capture_output=True,
                          text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return next(line.split("PROBE ", 1)[1] for line in done.stdout.splitlines() if "PROBE" in line)


def test_flask_run_in_the_checkout_and_serve_share_one_database(installed, tmp_path):
    prefix = installed.parent.parent
    # as ``flask --app scorekeeper run`` finds the app: the source in the checkout
    from_checkout = database(installed, ROOT, "-m", "flask", "--app", "scorekeeper", "shell",
                             stdin=PROBE)  # fmt: skip
    # as ``scorekeeper serve`` does, from anywhere: the installed copy
    from_anywhere = database(installed, tmp_path, "-c", "from scorekeeper import create_app; "
                             "print('PROBE', create_app().config['DATABASE'])")  # fmt: skip
    expected = str(prefix / "var" / "scorekeeper-instance" / "scorekeeper.sqlite")
    assert from_checkout == from_anywhere == expected
