"""Rating updates worked by hand (Weng & Lin's Plackett-Luce, Algorithm 4, as
OpenSkill applies it) for a 2-player game, a 2-against-2 game, five sides, and
five-player Canasta's partial play, checked against ``ratings.model`` and against
the package's own model; five-person placed by each player's own points."""

import math

import pytest
from hypothesis import given, strategies as st
from openskill.models import PlackettLuce

from scorekeeper.ratings import model as r
from scorekeeper.scoring import get_variant

BETA, TAU, KAPPA = 25 / 6, 25 / 300, 1e-4  # the package's defaults
NEW = (25, 25 / 3)


def by_hand(teams, places, shares=None):
    """The update written out: each sigma first widened by tau; a team's mu and
    sigma^2 are its players' sums (with ``shares``, of w * mu and w^2 * sigma^2:
    partial play); c^2 = sum over teams of (sigma_t^2 + beta^2);
    for team i, over the teams q placed no lower than i,
      omega_i = sigma_i^2 / c * sum ([q == i] - p_iq) / A_q
      delta_i = (sigma_i / c) * sigma_i^2 / c^2 * sum p_iq (1 - p_iq) / A_q
    with p_iq = e^(mu_i / c) / sum of e^(mu_s / c) over the teams s placed no
    higher than q, and A_q the teams tied with q. Each player takes their share
    sigma^2 / sigma_i^2 of omega and delta; tied teams then share the average of
    their mu changes. A player with share w takes w times their mu share and w^2
    times their sigma share."""
    teams = [[(mu, math.sqrt(s * s + TAU * TAU)) for mu, s in team] for team in teams]
    shares = shares or [[1] * len(team) for team in teams]
    mus = [
        sum(w * mu for w, (mu, _) in zip(ws, t, strict=True))
        for ws, t in zip(shares, teams, strict=True)
    ]
    variances = [
        sum((w * s) ** 2 for w, (_, s) in zip(ws, t, strict=True))
        for ws, t in zip(shares, teams, strict=True)
    ]
    c = math.sqrt(sum(v + BETA**2 for v in variances))
    k = range(len(teams))
    tied = [sum(places[q] == places[i] for q in k) for i in k]
    below = [sum(math.exp(mus[s] / c) for s in k if places[s] >= places[q]) for q in k]
    out = []
    for i in k:
        omega = delta = 0.0
        for q in (q for q in k if places[q] <= places[i]):
            p = math.exp(mus[i] / c) / below[q]
            omega += ((q == i) - p) / tied[q]
            delta += p * (1 - p) / tied[q]
        omega *= variances[i] / c
        delta *= variances[i] / c**2 * math.sqrt(variances[i]) / c
        updated = []
        for w, (mu, s) in zip(shares[i], teams[i], strict=True):
            share_of_variance = w * s * s / variances[i]
            new_mu = mu + share_of_variance * omega
            new_sigma = s * math.sqrt(max(1 - w * share_of_variance * delta, KAPPA))
            updated.append((new_mu, new_sigma))
        out.append(updated)
    for place in set(places):
        group = [i for i in k if places[i] == place]
        shift = sum(out[i][0][0] - teams[i][0][0] for i in group) / len(group)
        for i in group if len(group) > 1 else ():
            out[i] = [(teams[i][j][0] + shift, s) for j, (_, s) in enumerate(out[i])]
    return out


CASES = {
    # two newcomers: the winner gains what the loser loses, both a little surer
    "two players": ([[NEW], [NEW]], [100, 50], [[(27.635389, 8.065901)], [(22.364611, 8.065901)]]),
    # 2 against 2: the surer player of a team moves less than the newcomer beside them
    "two against two": (
        [[(30, 6), NEW], [(20, 5), NEW]], [5120, 3890],
        [[(30.804747, 5.930676), (26.552222, 8.145458)],
         [(19.441101, 4.962481), (23.447778, 8.155658)]],
    ),
    # five sides of one player each
    "five sides": (
        [[NEW], [(28, 7)], [(22, 6)], [NEW], [(26, 4)]], [3245, 4080, 3145, 3240, 4335],
        [[(25.78305, 8.096583)], [(29.287027, 6.921674)], [(19.742964, 5.916323)],
         [(23.70286, 7.99154)], [(26.701478, 3.997295)]],
    ),
    # five sides, two equal: the tied players share their mu change
    "five sides, a tie": (
        [[NEW], [(28, 7)], [(22, 6)], [NEW], [(26, 4)]], [3245, 4080, 3145, 3245, 4335],
        [[(23.861919, 8.096583)], [(29.287027, 6.921674)], [(20.656507, 5.9439)],
         [(23.861919, 8.096583)], [(26.701478, 3.997295)]],
    ),
}  # fmt: skip


def flat(teams):
    """Every player's (mu, sigma) in one list, team after team."""
    return [x for team in teams for player in team for x in player]


@pytest.mark.parametrize("teams, totals, expected", CASES.values(), ids=CASES.keys())
def test_hand_worked_updates_match_ours_and_the_packages(teams, totals, expected):
    places = r.ranks(totals)
    assert flat(by_hand(teams, places)) == pytest.approx(flat(expected), abs=1e-6)
    found = r.rate([[r.Skill(*s) for s in team] for team in teams], places)
    ours = [[(s.mu, s.sigma) for s in team] for team in found]
    assert flat(ours) == pytest.approx(flat(expected), abs=1e-6)
    model = PlackettLuce()
    theirs = model.rate([[model.rating(mu=m, sigma=s) for m, s in t] for t in teams], ranks=places)
    assert flat([[(p.mu, p.sigma) for p in team] for team in theirs]) == flat(ours)


def test_replay_rates_each_game_in_its_variant_and_over_all():
    games = [
        r.RatedGame(1, "classic", ((1,), (2,)), (5000, 3000)),
        r.RatedGame(2, "hand-and-foot", ((2, 3), (1, 4)), (9000, 8000)),
    ]
    changes = list(r.replay(games, lambda player, scope: None))
    first = {(c.player_id, c.scope): c for c in changes if c.game_id == 1}
    assert first[1, "classic"].after.mu == pytest.approx(27.635389, abs=1e-6)
    assert first[1, "all"].after == first[1, "classic"].after
    second = {(c.player_id, c.scope): c for c in changes if c.game_id == 2}
    assert second[1, "hand-and-foot"].before == r.START  # new to this variant
    assert second[1, "all"].before == first[1, "all"].after  # but not over all
    assert (second[1, "all"].games, second[1, "hand-and-foot"].games) == (2, 1)


def test_shown_rating_and_settling():
    assert r.shown(r.START) == 1500
    assert r.shown(r.Skill(30, 2)) == 1500 + 20 * 24
    assert r.settling(r.SETTLING - 1) and not r.settling(r.SETTLING)


def test_partners_are_a_side_or_in_five_person_partner_and_rentrap():
    team_pairs = r.pairs(get_variant("classic"), ["A & B", "C & D"], [(1, 2), (3, 4)])
    assert {(a, b) for a, b, together in team_pairs if together} == {(1, 2), (2, 1), (3, 4), (4, 3)}
    seats = [(1,), (2,), (3,), (4,), (5,)]
    five = r.pairs(get_variant("five-person"), ["A", "B", "C", "D", "E"], seats)
    assert sorted(b for a, b, together in five if a == 1 and together) == [
        3,
        4,
    ]  # partner C, rentrap D
    assert sorted(b for a, b, together in five if a == 1 and not together) == [2, 5]


# Five-player Canasta: the pair against the three, one of whom sits out each deal
PAIR_AND_THREE = [[(27, 6), NEW], [(24, 5), (30, 7), NEW]]
SHARES = {
    "six deals: each of the three played four": [[1, 1], [2 / 3, 2 / 3, 2 / 3]],
    "four deals: the first of the three sat out two": [[1, 1], [0.5, 0.75, 0.75]],
    "one deal: the first of the three played none": [[1, 1], [0, 1, 1]],
}


@pytest.mark.parametrize("shares", SHARES.values(), ids=SHARES.keys())
@pytest.mark.parametrize("places", [[1, 2], [2, 1]], ids=["pair won", "three won"])
def test_partial_play_is_the_hand_worked_update_with_shares(shares, places):
    skills = [[r.Skill(*s) for s in team] for team in PAIR_AND_THREE]
    ours = [[(s.mu, s.sigma) for s in team] for team in r.rate(skills, places, shares)]
    playing = [
        [(mu, s) for w, (mu, s) in zip(ws, t, strict=True) if w]
        for ws, t in zip(shares, PAIR_AND_THREE, strict=True)
    ]
    hand = by_hand(playing, places, [[w for w in ws if w] for ws in shares])
    expected = [[p for p in team] for team in PAIR_AND_THREE]
    for side, ws in enumerate(shares):
        found = iter(hand[side])
        expected[side] = [next(found) if w else p for w, p in zip(ws, expected[side], strict=True)]
    assert flat(ours) == pytest.approx(flat(expected), abs=1e-9)


def test_full_shares_are_the_packages_own_rating():
    skills = [[r.Skill(*s) for s in team] for team in PAIR_AND_THREE]
    model = PlackettLuce()
    teams = [[model.rating(mu=m, sigma=s) for m, s in t] for t in PAIR_AND_THREE]
    theirs = model.rate(teams, ranks=[2, 1])
    ours = r.rate(skills, [2, 1], [[1, 1], [1, 1, 1]])
    assert flat([[(s.mu, s.sigma) for s in t] for t in ours]) == flat(
        [[(p.mu, p.sigma) for p in t] for t in theirs]
    )


def test_equal_players_pair_and_three_are_even_with_shares_and_not_without():
    """OpenSkill's own prediction: by the players' sums the three are favoured 90/10;
    by the share-weighted sums (two of the three at the table) it is even, and a
    win moves the pair as far up as a loss moves it down."""
    model = PlackettLuce()
    new = model.rating()
    assert model.predict_win([[new, new], [new, new, new]])[1] == pytest.approx(0.9, abs=0.01)
    w = 2 / 3
    scaled = model.rating(mu=w * new.mu, sigma=w * new.sigma)
    assert model.predict_win([[new, new], [scaled] * 3]) == pytest.approx([0.5, 0.5])
    pair, three = [r.START] * 2, [r.START] * 3
    won = r.rate([pair, three], [1, 2], [[1, 1], [w] * 3])
    lost = r.rate([pair, three], [2, 1], [[1, 1], [w] * 3])
    assert won[0][0].mu - r.START.mu == pytest.approx(r.START.mu - lost[0][0].mu)
    assert won[1][0].mu - r.START.mu == pytest.approx(r.START.mu - lost[1][0].mu)


@pytest.mark.parametrize(
    "deals, shares",
    [
        (1, [0, 1, 1]),
        (2, [0.5, 0.5, 1]),
        (3, [2 / 3] * 3),
        (4, [0.5, 0.75, 0.75]),
        (12, [2 / 3] * 3),
    ],
)
def test_each_of_the_three_has_the_share_of_the_deals_they_played(deals, shares):
    game = r.RatedGame(1, "classic", ((1, 2, 3), (4, 5)), (0, 0), deals)
    assert r.deal_shares(game) == [pytest.approx(shares), [1, 1]]
    four = r.RatedGame(1, "classic", ((1, 2), (3, 4)), (0, 0), deals)
    assert r.deal_shares(four) == [[1, 1], [1, 1]]


@given(st.lists(st.integers(-3000, 9000), min_size=5, max_size=5))
def test_five_person_own_points_are_found_from_the_totals(points):
    partner = [(i + 2) % 5 for i in range(5)]  # seat i's partner: seat i + 2
    totals = [points[i] + points[partner[i]] for i in range(5)]
    assert r.own(totals, partner) == points
    game = r.RatedGame(1, "five-person", tuple((p,) for p in range(1, 6)), tuple(totals))
    assert r.results(game) == points


def test_five_person_places_each_player_by_their_own_points_once():
    """Own points 900 to 100: the totals (own plus partner's) put seat 3 first, but
    the rating places the players by what each scored."""
    points = [900, 700, 500, 300, 100]
    totals = tuple(points[i] + points[(i + 2) % 5] for i in range(5))
    assert r.ranks(totals) != [1, 2, 3, 4, 5]
    game = r.RatedGame(1, "five-person", tuple((p,) for p in range(1, 6)), totals)
    changes = [c for c in r.replay([game], lambda p, s: None) if c.scope == "all"]
    expected = r.rate([[r.START]] * 5, [1, 2, 3, 4, 5])
    assert [c.after for c in changes] == [team[0] for team in expected]
