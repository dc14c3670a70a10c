"""Sums in a points field without scripts: the form posts what was typed ("120+85+40"),
the server reads it with its own small parser (plus and minus only) and checks the value
like any other number; a refused sum is kept as typed beside its message, nothing stored."""

import pytest

from scorekeeper.web.forms.typed_numbers import sum_of

CASES = [  # what is typed, what the side's meld points come to (None: refused)
    ("120+85+40", 245),
    ("300 - 45", 255),
    ("50−20+5", 35),
    ("45+0", 45),
    ("120+86", None),  # 206 is not a multiple of 5
    ("50-80", None),  # below 0
    ("120*2", None),
    ("2**8", None),
    ("+5", None),
    ("5+", None),
    ("__import__('os')", None),
    ("99995+5", None),  # more than a round holds
]


@pytest.mark.parametrize(("typed", "stored"), CASES)
def test_a_sum_typed_in_meld_points_is_stored_as_its_value_or_refused(
    client, make_game, typed, stored
):
    game = make_game()
    data = {"s0_meld_points": typed, "key": f"k-{typed}"}
    response = client.post(f"/games/{game}/rounds/new", data=data)
    totals = client.get(f"/api/games/{game}").json["answer"]["totals"]
    if stored is None:
        assert response.status_code == 400
        html = response.get_data(as_text=True)
        assert 'id="s0_meld_points"' in html and "error" in html
        assert totals["Ann & Bea"] == 0  # nothing stored
    else:
        assert response.status_code == 302
        assert totals["Ann & Bea"] == stored


@pytest.mark.parametrize("field", ["s0_natural_canastas", "s0_red_threes"])
def test_a_count_takes_no_sum(client, make_game, field):
    game = make_game()
    response = client.post(f"/games/{game}/rounds/new", data={field: "1+1", "key": field})
    assert response.status_code == 400
    assert "“1+1” is not one" in response.get_data(as_text=True)


def test_a_refused_sum_stays_as_typed_beside_its_message(client, make_game):
    game = make_game()
    response = client.post(f"/games/{game}/rounds/new", data={"s0_meld_points": "50-80"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert 'value="50-80"' in html
    assert "come to -30 with “50-80”: they cannot be below 0" in html


def test_the_parser_reads_plus_and_minus_only():
    assert [sum_of(t) for t in ("1+2+3", "10-3", " 5 + 5 ", "1+2*3", "(1+2)", "1++2")] == [
        6,
        7,
        10,
        None,
        None,
        None,
    ]
    assert sum_of("1+" * 150 + "1") is None  # longer than any round's sum
