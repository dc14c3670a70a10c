"""One version, written once (pyproject.toml), shown by ``scorekeeper --version`` and
at the foot of every page; the distribution has a PyPI name of its own."""

import tomllib
from pathlib import Path

from click.testing import CliRunner

from scorekeeper.about import DISTRIBUTION, version
from scorekeeper.cli import main

PROJECT = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())["project"]


def test_the_distribution_is_not_pypis_other_scorekeeper():
    assert PROJECT["name"] == DISTRIBUTION == "canasta-scorekeeper"
    assert PROJECT["scripts"] == {"scorekeeper": "scorekeeper.cli:main"}


def test_the_version_is_pyprojects_in_the_command_and_on_every_page(client):
    assert version() == PROJECT["version"]
    done = CliRunner().invoke(main, ["--version"])
    assert done.output == f"scorekeeper {PROJECT['version']}\n"
    for path in ("/", "/rules", "/players"):
        page = client.get(path).get_data(as_text=True)
        assert f'<footer class="version">Scorekeeper {PROJECT["version"]}</footer>' in page


def test_one_instance_folder_however_the_app_is_started(tmp_path):
    """``scorekeeper serve`` (an installed copy) and ``flask --app scorekeeper run`` (the
    checkout, imported from the working folder) keep one database: in a virtual
    environment the instance folder is the environment's, wherever the package was
    imported from."""
    import subprocess
    import sys

    code = (
        "import scorekeeper, sys; "
        "app = scorekeeper.create_app({'DATABASE': sys.argv[1], 'SECRET_KEY': 'k' * 40}); "
        "print(app.instance_path)"
    )
    root = Path(__file__).parent.parent
    seen = {
        subprocess.run([sys.executable, "-c", code, str(tmp_path / "x.sqlite")], cwd=where,
                       capture_output=True, text=True, check=True).stdout.strip()
        for where in (root, tmp_path)
    }  # fmt: skip
    expected = str(Path(sys.prefix) / "var" / "scorekeeper-instance")
    assert seen == ({expected} if sys.prefix != sys.base_prefix else seen)
    assert len(seen) == 1
