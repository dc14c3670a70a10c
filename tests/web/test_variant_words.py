"""Each variant in its own words: the round screen, the phones'
parts, a phone's own screen, the history, the printouts and what-if label them as the
variant's rule sheet does (clean and dirty piles, red and black canastas...), and
never in another variant's words. One test walks the registry."""

import html
import re

import pytest

from scorekeeper.scoring import FIELDS, VARIANTS
from scorekeeper.web.forms.round_form import field_name

NAMES = ("Ann", "Bea", "Cat", "Dee", "Eve", "Fay")
CANASTAS = ("natural_canastas", "mixed_canastas")
ROUND = {"natural_canastas": "1", "mixed_canastas": "1", "meld_points": "100"}


def words(variant):
    """The variant's labels for the two canasta fields."""
    return [variant.field_label(name) for name in CANASTAS]


def foreign(variant):
    """Every other variant's words for them (and the catalogue's, where this variant
    has its own) that this variant does not use."""
    every = {w for v in VARIANTS.values() for w in words(v)} | {FIELDS[n].label for n in CANASTAS}
    return sorted(every - set(words(variant)))


def visible(markup):
    """What a reader sees of some HTML: tags dropped, entities read."""
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def text(response):
    return visible(response.get_data(as_text=True))


def test_every_variant_that_names_its_canastas_has_words_of_its_own():
    assert words(VARIANTS["hand-and-foot"]) == ["Clean piles", "Dirty piles"]
    assert words(VARIANTS["samba-foot"]) == ["Red canastas", "Black canastas"]
    assert words(VARIANTS["weeping"]) == ["Natural canastas", "Dirty canastas"]
    assert words(VARIANTS["five-person"]) == ["Pure canastas", "Impure canastas"]
    assert words(VARIANTS["classic"]) == ["Natural canastas", "Mixed canastas"]


@pytest.mark.parametrize("variant", list(VARIANTS.values()), ids=list(VARIANTS))
def test_screens_phones_and_printouts_use_the_variant_s_words(
    app, client, make_game, phones_join, variant
):
    game = make_game(variant.id, seats=NAMES[: variant.default_players])
    own, others = words(variant), foreign(variant)

    def check(where, shown):
        for word in own:
            assert word in shown, f"{variant.id} {where}: {word!r} missing"
        low = shown.lower()
        assert not [w for w in others if w.lower() in low], f"{variant.id} {where}"

    code = phones_join(game)
    phone = app.test_client()
    token = phone.post(f"/join/{code}", data={"who": "p0"}).location.rsplit("/", 1)[1]
    check("phone", text(phone.get(f"/table/{token}")))
    sent = {field_name(0, k): v for k, v in ROUND.items()}
    assert (
        phone.post(f"/table/{token}/part", data={"number": "1", "version": "0", **sent}).status_code
        == 302
    )

    screen = client.get(f"/games/{game}/rounds/new").get_data(as_text=True)
    check("round screen", visible(screen))
    parts = visible(screen.split('id="phone-parts"', 1)[1].split("</section>", 1)[0])
    assert f"{own[0]} 1" in parts and f"{own[1]} 1" in parts, parts
    check("phone parts", parts)

    saved = client.post(f"/games/{game}/rounds/new", data={"number": "1", **sent})
    assert saved.status_code == 302, text(saved)
    lines = [r.label for r in variant.lines if getattr(r, "field", None) in CANASTAS]
    printed = text(client.get(f"/games/{game}/print"))
    check("printed game", printed)  # the figures, by kind of canasta
    one = text(client.get(f"/games/{game}/rounds/1/print"))
    assert not [w for w in others if w.lower() in one.lower()], f"{variant.id} printed round"
    for shown in (printed, one):  # the breakdown's score lines, as the variant names them
        assert all(line in shown for line in lines), (variant.id, lines)
    check("history", text(client.get(f"/games/{game}/history")))
    what_if = text(client.get(f"/games/{game}/what-if"))  # the house rules it would change
    assert not [w for w in others if w.lower() in what_if.lower()], f"{variant.id} what-if"
    assert all(line in what_if for line in lines), (variant.id, lines)
