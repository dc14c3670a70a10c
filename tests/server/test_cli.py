"""The ``scorekeeper score`` command, run for real in a subprocess."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).parents[2] / "examples" / "classic-game.json"


def run(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], input=stdin,
                          capture_output=True, text=True, timeout=60)  # fmt: skip


def test_scores_a_file():
    done = run("score", str(EXAMPLE))
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["totals"] == {"Ann & Bea": 1900, "Cat & Dee": 2140}
    assert answer["opening"] == {"Ann & Bea": 90, "Cat & Dee": 90}


def test_reads_standard_input():
    doc = {"variant": "hand-and-foot", "sides": ["Us", "Them"], "rounds": []}
    done = run("score", "-", stdin=json.dumps(doc))
    assert done.returncode == 0
    assert json.loads(done.stdout)["opening"] == {"Us": 50, "Them": 50}


@pytest.mark.parametrize(
    ("stdin", "message"),
    [('{"variant": "classic", "sides": ["A", "B"], "rounds": [{"B": {"red_threes": 5}}]}',
      'round 1, side "B": red_threes: 5 is more than the 4 red threes in play'),
     ("{not json", "not valid JSON: Expecting property name enclosed in double quotes: "
      "line 1 column 2 (char 1)"),
     ("", "not valid JSON: Expecting value: line 1 column 1 (char 0)"),
     # found by an outside attack: each of these was a traceback and exit status 1
     ("[" * 100000 + "]" * 100000, "not valid JSON: nested more than 32 levels deep"),
     ('{"variant": "classic", "sides": ["A", "B"], "players": ' + "9" * 5000 + "}",
      "not valid JSON: Exceeds the limit (4300 digits) for integer string conversion: value "
      "has 5000 digits; use sys.set_int_max_str_digits() to increase the limit"),
     ('{"variant": "classic", "sides": ["A", "\\ud800"]}',
      "not valid JSON: a string holds half a surrogate pair (like \\ud800), which is not text")],
)  # fmt: skip
def test_invalid_document_is_one_line_on_stderr_and_exit_2(stdin, message):
    done = run("score", "-", stdin=stdin)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", message + "\n")


def test_missing_file_exits_2():  # one line, as any unreadable FILE (below)
    done = run("score", "/nonexistent/game.json")
    assert done.returncode == 2
    assert "No such file" in done.stderr


def test_help_says_what_it_takes():
    done = run("score", "--help")
    assert done.returncode == 0
    assert "FILE" in done.stdout and "docs/api.md" in done.stdout and "exits 2" in done.stdout


def test_scores_several_files_one_json_line_each(tmp_path):
    examples = sorted(EXAMPLE.parent.glob("*.json"))
    done = run("score", *map(str, examples))
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line["file"] for line in lines] == [str(path) for path in examples]
    assert lines[0]["answer"] == json.loads(run("score", str(examples[0])).stdout)
    assert all(set(line) == {"file", "answer"} for line in lines)


def test_several_files_with_an_invalid_one_say_which_and_exit_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"variant": "classic", "sides": ["A", "B"], "rounds": [{"B": {"red_threes": 5}}]}'
    )
    done = run("score", str(EXAMPLE), str(bad))
    assert done.returncode == 2
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first["answer"]["totals"] == {"Ann & Bea": 1900, "Cat & Dee": 2140}
    assert second == {
        "file": str(bad),
        "error": 'round 1, side "B": red_threes: 5 is more than the 4 red threes in play',
    }


def test_a_missing_file_among_several_is_that_files_error_alone(tmp_path):
    """Found by an outside attack: one missing file made the whole command a usage
    error, and the files that were there went unscored."""
    missing = tmp_path / "gone.json"
    done = run("score", str(EXAMPLE), str(missing))
    assert done.returncode == 2 and done.stderr == ""
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first["answer"]["totals"] == {"Ann & Bea": 1900, "Cat & Dee": 2140}
    assert second == {
        "file": str(missing),
        "error": f"cannot read {missing}: No such file or directory",
    }
    alone = run("score", str(missing))
    assert (alone.returncode, alone.stdout) == (2, "")
    assert alone.stderr == f"cannot read {missing}: No such file or directory\n"
