"""Found by an outside attack: thirteen characters that show nothing still
made a second "Ann". The rule is Unicode's, not a list: every format character (Cf)
and every other Default_Ignorable_Code_Point is left out when names are compared,
and the marks that turn text around are refused."""

import pytest

from scorekeeper.data import checks
from scorekeeper.data.connection import connect
from scorekeeper.data.games import players
from scorekeeper.data.migrations import m0013_player_name_keys

THIRTEEN = {
    "soft hyphen": "\u00ad", "zero-width non-joiner": "\u200c", "left-to-right mark": "\u200e",
    "right-to-left mark": "\u200f", "Arabic letter mark": "\u061c", "invisible times": "\u2062",
    "combining grapheme joiner": "\u034f", "variation selector 16": "\ufe0f",
    "tag latin capital A": "\U000e0041", "Hangul filler": "\u3164", "braille blank": "\u2800",
    "Mongolian vowel separator": "\u180e", "interlinear annotation anchor": "\ufff9",
}  # fmt: skip


@pytest.fixture
def db(app):
    database = connect(app.config["DATABASE"])
    yield database
    database.close()


@pytest.mark.parametrize("char", list(THIRTEEN.values()), ids=list(THIRTEEN))
@pytest.mark.parametrize("where", ["end", "middle", "start"])
def test_a_character_that_shows_nothing_never_makes_a_second_ann(db, char, where):
    name = {"end": f"Ann{char}", "middle": f"A{char}nn", "start": f"{char}Ann"}[where]
    ann = players.remember(db, "Ann")
    if checks.name_problem(name, 40) is not None:  # refused outright (direction marks)
        assert "invisible" in checks.name_problem(name, 40)
        return
    assert players.remember(db, name) == ann
    assert players.names(db) == ["Ann"]


@pytest.mark.parametrize("name", ["\u2800", "\u3164\u3164", "\u00ad", "\U000e0041\U000e0042"])
def test_a_name_of_nothing_visible_is_refused(name):
    assert checks.name_problem(name, 40) == "a name may not contain invisible characters"


@pytest.mark.parametrize(
    "name", ["Ann", "Zoë", "ZOË", "👩\u200d👩\u200d👧", "Rekha", "می\u200cخواهم"]
)
def test_names_that_need_a_joiner_are_kept_as_typed(db, name):
    assert checks.name_problem(name, 40) is None
    player = players.remember(db, name)
    assert players.remember(db, name) == player


@pytest.mark.parametrize(
    "name", ["Ann", " ZOË ", "An\u00adn\ufe0f", "\u2062Ann\U000e0041", "ｱﾝ", "Ǆ"]
)
def test_the_migrations_frozen_key_is_todays_key(name):
    assert m0013_player_name_keys.key(name) == checks.name_key(name)
