"""Long commands report progress: the data layer calls a plain callback, and the
command line draws it as a bar on standard error only when a person watches."""

import json

import pytest
from click.testing import CliRunner

from scorekeeper import cli
from scorekeeper.data import backup, sample
from scorekeeper.data.connection import connect
from scorekeeper.data.transfer import transfer


@pytest.fixture
def filled(app):
    db = connect(app.config["DATABASE"])
    calls = []
    sample.fill(db, 4, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]
    yield db
    db.close()


def test_export_and_import_report_each_evening(filled, tmp_path):
    calls = []
    data = transfer.export(filled, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(0, 4), (1, 4), (2, 4), (3, 4), (4, 4)]
    other = connect(tmp_path / "other.sqlite")
    from scorekeeper.data.connection import migrate

    migrate(tmp_path / "other.sqlite").close()
    calls.clear()
    counts = transfer.import_data(other, data, lambda done, total: calls.append((done, total)))
    assert counts["evenings added"] == 4
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]
    other.close()


def test_backup_reports_pages_copied(app, filled, tmp_path, monkeypatch):
    monkeypatch.setattr(backup, "PAGES_PER_STEP", 2)
    calls = []
    backup.backup(app.config["DATABASE"], tmp_path / "copy.sqlite", lambda *c: calls.append(c))
    total = calls[-1][1]
    assert total > 4 and calls[-1] == (total, total)
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)
    backup.check(tmp_path / "copy.sqlite")


def invoke(*args):
    return CliRunner().invoke(cli.main, [str(a) for a in args], catch_exceptions=False)


def test_commands_are_quiet_when_not_on_a_terminal(tmp_path):
    db = tmp_path / "s.sqlite"
    result = invoke("sample", "--evenings", 3, "--db", db)
    assert result.output == "Added 3 evenings.\n"
    result = invoke("export", "-", "--db", db)
    assert len(json.loads(result.output)["evenings"]) == 3  # nothing but the JSON


def test_commands_draw_a_bar_on_a_terminal(tmp_path, monkeypatch):
    monkeypatch.setattr(cli.common, "on_terminal", lambda stream: True)
    db = tmp_path / "s.sqlite"
    drawn = []
    real = cli.common.click.progressbar

    def spy(**kwargs):
        drawn.append((kwargs["label"], kwargs["length"]))
        return real(**kwargs)

    monkeypatch.setattr(cli.click, "progressbar", spy)
    assert invoke("sample", "--evenings", 3, "--db", db).exit_code == 0
    assert invoke("export", tmp_path / "all.json", "--db", db).exit_code == 0
    assert invoke("import", tmp_path / "all.json", "--db", tmp_path / "new.sqlite").exit_code == 0
    assert invoke("backup", tmp_path / "copy.sqlite", "--db", db).exit_code == 0
    labels = [label for label, _ in drawn]
    assert labels == ["Generating", "Exporting", "Importing", "Backing up"]
    assert drawn[:3] == [("Generating", 3), ("Exporting", 3), ("Importing", 3)]
