"""The answer each game keeps (every round's result, the summary) is what the
engine gives for the whole game, after any sequence of additions, corrections,
deletions and undos: a stale stored answer cannot go unnoticed."""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from scorekeeper.data.connection import migrate
from scorekeeper.data.games import games, results, rounds
from scorekeeper.data.games.evenings import create_evening
from scorekeeper.data.sample import random_round
from scorekeeper.scoring import ScoringError, get_variant, score_from, score_game, state_after
from scorekeeper.scoring.seating import side_names

VARIANT_IDS = ["classic", "samba-foot", "hand-and-foot", "weeping", "five-person"]
SEATS = ["Ann", "Bea", "Cat", "Dee", "Eve", "Fay"]
ACTIONS = st.lists(
    st.tuples(st.sampled_from(["add", "add", "add", "edit", "delete", "undo"]), st.integers(0, 99)),
    min_size=1,
    max_size=25,
)


def check(db: Any, game_id: int) -> None:
    """The stored answer is there, and equals a fresh ``score_game`` of the game."""
    game, played, answer = games.scored(db, game_id)
    row = db.conn.execute("SELECT answer FROM games WHERE id = ?", [game_id]).fetchone()
    names = ("number", "version", "result", "result_version")
    found = [dict(zip(names, r, strict=True)) for r in db.conn.execute(
        f"SELECT {', '.join(names)} FROM rounds WHERE game_id = ? ORDER BY number", [game_id]
    )]  # fmt: skip
    stored = results.stored_answer(game, row[0], found)
    assert stored is not None, "the game's answer is not stored after a change"
    assert stored == score_game(games.document(game, played)) == answer
    sides = db.conn.execute(
        "SELECT side, total FROM game_sides WHERE game_id = ? ORDER BY side_index", [game_id]
    ).fetchall()
    assert dict(sides) == answer["totals"]
    assert json.loads(rounds.answer_text(db, game_id)) == answer  # what the API answers


def playing(variant: Any, rng: random.Random) -> int:
    """How many play: as the sample data has it."""
    return variant.default_players if variant.id != "classic" else rng.choice([2, 3, 4, 6])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), variant_id=st.sampled_from(VARIANT_IDS), actions=ACTIONS)
def test_stored_answers_match_a_fresh_scoring(seed, variant_id, actions):
    rng = random.Random(seed)
    variant = get_variant(variant_id)
    players = playing(variant, rng)
    seats = SEATS[:players]
    sides = side_names(variant, seats)
    # a low target (where the variant has one) so that games finish, and
    # corrections that would end a game early are tried
    options = {"target": 3500} if variant_id == "classic" else {}
    start = None  # half the games resumed from paper
    if rng.random() < 0.5:
        start = {"totals": {s: 5 * rng.randint(0, 300) for s in sides}, "rounds": rng.randint(1, 4)}
    with tempfile.TemporaryDirectory() as folder:
        db = migrate(Path(folder) / "t.sqlite")
        try:
            evening = create_evening(db, "2026-11-22")
            game_id = games.create_game(
                db, evening_id=evening, variant=variant_id, sides=sides, players=players,
                options=options, seats=seats, first_dealer=rng.randrange(players), start=start,
            )  # fmt: skip
            check(db, game_id)
            for action, pick in actions:
                count = len(games.rounds_of(db, game_id))
                stamp = games.game_stamp(db, game_id)
                entries = random_round(variant, sides, players, rng)
                number = pick % count + 1 if count else 1
                version = (games.rounds_of(db, game_id)[number - 1]["version"]) if count else 1
                try:
                    if action == "add":
                        rounds.add_round(db, game_id, entries)
                    elif action == "edit" and count:
                        rounds.edit_round(db, game_id, number, entries, version)
                    elif action == "delete" and count:
                        rounds.delete_round(db, game_id, number, version)
                    elif action == "undo" and count:
                        rounds.undo_round(db, game_id, count, 1)
                    else:
                        continue
                except (ScoringError, rounds.TooLateToUndo, rounds.StaleEdit):
                    assert games.game_stamp(db, game_id) == stamp  # nothing was stored
                else:
                    assert games.game_stamp(db, game_id) > stamp
                check(db, game_id)
        finally:
            db.close()


def test_a_correction_that_ends_the_game_earlier_is_refused(tmp_path):
    """Scored from the corrected round on, a correction still may not make a later
    round invalid: the engine's own message names the round."""
    db = migrate(tmp_path / "t.sqlite")
    sides = ["Us", "Them"]
    evening = create_evening(db, "2026-11-22")
    game_id = games.create_game(
        db, evening_id=evening, variant="classic", sides=sides, players=2,
        options={"target": 2000}, seats=["Ann", "Bea"],
    )  # fmt: skip
    small = {"Us": {"meld_points": 50}, "Them": {"meld_points": 50}}
    for _ in range(3):
        rounds.add_round(db, game_id, small)
    big = {"Us": {"natural_canastas": 4, "meld_points": 300, "went_out": True}, "Them": {}}
    with pytest.raises(ScoringError, match="the game already finished after round 1"):
        rounds.edit_round(db, game_id, 1, big, 1)
    rounds.edit_round(db, game_id, 3, big, 1)  # the last round may end the game
    assert games.scored(db, game_id)[2]["finished"]
    db.close()


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 10**6), variant_id=st.sampled_from(VARIANT_IDS),
       cut=st.integers(0, 8))  # fmt: skip
def test_scoring_in_pieces_is_scoring_the_whole(seed, variant_id, cut):
    """``score_from`` after ``state_after`` the first rounds gives what
    ``score_game`` gives for all of them."""
    rng = random.Random(seed)
    variant = get_variant(variant_id)
    players = playing(variant, rng)
    sides = side_names(variant, SEATS[:players])
    head = {"variant": variant_id, "sides": sides, "players": players}
    played: list[dict[str, Any]] = []
    for _ in range(8):
        played.append(random_round(variant, sides, players, rng))
        try:
            whole = score_game({**head, "rounds": played})
        except ScoringError:
            played.pop()
            break
        if whole["finished"]:
            break
    whole = score_game({**head, "rounds": played})
    cut = min(cut, len(played))
    state = state_after(head, [r["scores"] for r in whole["rounds"][:cut]])
    piece = score_from(head, state, played[cut:])
    assert piece == {**whole, "rounds": whole["rounds"][cut:]}
