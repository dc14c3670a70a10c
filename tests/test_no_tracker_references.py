"""No tracked file cites a tracker issue by number, or a file that lives outside the
repository (a style guide, the folder the specification was copied from): a reader of
a clone can look neither up, so a comment, test or doc states the reason itself."""

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
# Written so that this file does not match itself: "[d]" is the letter d.
CITED = re.compile(rb"issue ?[0-9]+|STYLE\.md|share[d]/", re.IGNORECASE)
# A link to an issue or pull request of another project is a reference outside too.
LINKED = re.compile(rb"github\.com/[^\s)]*/(?:issues|pull)/[0-9]+", re.IGNORECASE)


def tracked() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.split(b"\0")
    return [ROOT / name.decode() for name in listed if name]


def citations(data: bytes) -> list[str]:
    """Each line of ``data`` that cites an issue number or a file outside."""
    return [
        line.strip().decode(errors="replace")[:200]
        for line in data.splitlines()
        if CITED.search(line) or LINKED.search(line)
    ]


def test_no_tracked_file_cites_an_issue_number_or_a_file_outside():
    found = {}
    for path in tracked():
        if path.is_file() and (lines := citations(path.read_bytes())):
            found[str(path.relative_to(ROOT))] = lines
    assert found == {}


@pytest.mark.parametrize(
    "text, cited",
    [
        ("# kept rendered (issue " + "13)", True),
        ("Issue" + "24 item 5: a phone", True),
        ("see " + "STYLE" + ".md", True),
        ("in ../" + "shared" + "/spec.txt", True),
        ("https://github.com/pallets/flask/" + "issues/" + "5123", True),
        ("https://github.com/pallets/flask/" + "pull/" + "5124", True),
        ("an issue with the wifi: 3 phones dropped", False),
        ("issues are welcome; see the changelog", False),
        ("https://github.com/pallets/flask", False),
    ],
)
def test_the_check_tells_a_citation_from_ordinary_words(text, cited):
    assert bool(citations(text.encode())) is cited
