"""Generated evenings of valid games across every variant, for benchmarks and
tests (``scorekeeper sample``). Every round is valid by construction and stored
through the data layer, so it is checked by the engine like any other."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlite_utils import Database

from ..scoring import FIELDS, VARIANTS, ScoringError, Variant, get_variant, score_game
from ..scoring.fields import CANASTA_CARDS
from ..scoring.packs import CARD_POINT_FIELDS
from ..scoring.rules import Rules
from ..scoring.seating import side_names
from .events import events, publishing, turns
from .games.evenings import create_evening
from .games.games import create_game, scored
from .games.rounds import add_round, delete_round, edit_round

NAMES = ["Ann", "Bea", "Cat", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou"]
WEEPING_CANASTAS = ("natural_canastas", "mixed_canastas", "sevens_canastas", "wild_canastas")
# The most a side needs on top of its drawn fields to go out, beyond going_out_needs.
OUT_EXTRAS: dict[str, dict[str, int]] = {
    "five-person": {"natural_canastas": 1},
    "weeping": {"weepers_picked_up": 2},
}


def random_side(
    variant: Variant, rng: random.Random, budget: list[int], out: bool
) -> dict[str, Any]:
    """One side's fields: sensible sizes, within the red threes still in play."""
    fields: dict[str, Any] = {}
    for name in variant.fields:
        kind = FIELDS[name].kind
        if kind == "points":
            top = 140 if name == "meld_points" else 40
            fields[name] = 5 * rng.randint(0, top if name == "meld_points" else top // 2)
        elif kind == "count":
            fields[name] = rng.choice([0, 0, 0, 0, 0, 1, 1, 2])
    for name in ("red_threes", "red_threes_in_hand", "red_threes_in_weeper"):
        if name in fields:
            fields[name] = min(fields[name], budget[0])
            budget[0] -= fields[name]
    if "weepers_picked_up" in fields:
        fields["weepers_picked_up"] = rng.choice([0, 1, 2, 2])
    rules = variant.rules()
    for name, switch in variant.field_switches.items():  # off under the default rules
        if not rules[switch]:
            fields.pop(name, None)
    if out:
        fields["went_out"] = True
        needs = {
            "natural_canastas" if k == "canastas" else k: v
            for k, v in variant.going_out_needs.items()
        }
        for name, least in {**needs, **OUT_EXTRAS.get(variant.id, {})}.items():
            fields[name] = max(fields.get(name, 0), least)
        if variant.uses("foot_points") and variant.id == "samba-foot":
            fields["foot_points"] = 0
        fields["hand_points"] = 0
    if "weepers_picked_up" in fields:
        weepers_within_canastas(fields)
    return {k: v for k, v in fields.items() if v}


def weepers_within_canastas(fields: dict[str, Any]) -> None:
    """Weeping: a weeper is picked up after closing a canasta, a canasta out of
    the hand is one of the side's canastas, and a weeper picked up holds nothing."""
    canastas = sum(fields.get(f, 0) for f in WEEPING_CANASTAS)
    fields["weepers_picked_up"] = min(fields["weepers_picked_up"], canastas)
    fields["canastas_from_hand"] = min(fields.get("canastas_from_hand", 0), canastas)
    if fields["weepers_picked_up"] == 2:
        for name in ("weeper_points", "red_threes_in_weeper", "black_threes_in_weeper"):
            fields[name] = 0


def random_round(
    variant: Variant, sides: list[str], players: int, rng: random.Random
) -> dict[str, Any]:
    out = rng.choice([None, *sides, *sides])
    budget = [variant.red_threes_in_play(players)]
    entries = {side: random_side(variant, rng, budget, side == out) for side in sides}
    fit_the_packs(variant, players, entries, out)
    one_per_round(entries, "dealer_bonus", 1)  # one dealer
    one_per_round(entries, "kitties", 2)  # two kitties are dealt
    return entries


def fit_the_packs(
    variant: Variant,
    players: int,
    entries: dict[str, dict[str, Any]],
    out: str | None = None,
    rules: Rules | None = None,
) -> dict[str, dict[str, Any]]:
    """Trim a round's counts, the side that went out served first, so that all sides
    together need no more cards than the packs hold: the cards in canastas, and each
    kind the packs hold few of: what the engine checks (``Variant.card_limits``); and
    their card points no more than the value of all the cards in play under ``rules``
    (the game's rule values, by default the variant's)."""
    served = sorted(entries, key=lambda s: s != out)
    for fields, each, most, _ in variant.card_limits(players, rules):
        left = most
        for side in served:
            for name in (n for n in fields if n in entries[side]):
                size = each or CANASTA_CARDS[name]
                entries[side][name] = min(entries[side][name], left // size)
                left -= entries[side][name] * size
    left = variant.card_points_in_play(players, variant.rules() if rules is None else rules)
    for side in served:  # trimming card points only ever lowers them
        for name in (n for n in CARD_POINT_FIELDS if n in entries[side]):
            entries[side][name] = min(entries[side][name], left)
            left -= entries[side][name]
    for counts in entries.values():  # weeping: still no more weepers than canastas
        canastas = sum(counts.get(f, 0) for f in WEEPING_CANASTAS)
        for name in (n for n in ("weepers_picked_up", "canastas_from_hand") if n in counts):
            counts[name] = min(counts[name], canastas)
    return entries


def one_per_round(entries: dict[str, dict[str, Any]], field: str, most: int) -> None:
    """Keep a field's total over all sides of a round within ``most``."""
    left = most
    for fields in entries.values():
        if field in fields:
            fields[field] = min(int(fields[field]), left)
            left -= fields[field]
            if not fields[field]:
                del fields[field]


def play_game(
    db: Database,
    evening: int,
    variant: Variant,
    seats: list[str],
    rng: random.Random,
    started: str | None = None,
) -> int:
    """A whole game, played to its end (or 12 rounds at most); ``started``: when it
    was started, if not now."""
    sides = side_names(variant, seats)
    game = create_game(
        db,
        evening_id=evening,
        variant=variant.id,
        sides=sides,
        players=len(seats),
        options={},
        seats=seats,
        first_dealer=rng.randrange(len(seats)),
        created_at=started,
    )
    doc: dict[str, Any] = {
        "variant": variant.id,
        "sides": sides,
        "players": len(seats),
        "rounds": [],
    }
    for _ in range(12):
        entries = random_round(variant, sides, len(seats), rng)
        add_round(db, game, entries)
        doc["rounds"].append(entries)
        if score_game(doc)["finished"]:
            break
    return game


def fill(
    db: Database,
    evenings: int,
    seed: int = 1,
    start: date = date(2020, 1, 3),
    progress: Callable[[int, int], None] | None = None,
) -> None:
    """``evenings`` evenings, one every few days, each of one to three games;
    ``progress`` is told after each evening how many are done out of all."""
    rng = random.Random(seed)
    day = start
    for n in range(evenings):
        variant = rng.choice(list(VARIANTS.values()))
        players = (
            variant.default_players if variant.id != "classic" else rng.choice([2, 3, 4, 4, 6])
        )
        seats = rng.sample(NAMES, players)
        evening = create_evening(db, day.isoformat())
        for k in range(rng.choice([1, 2, 2, 3])):  # the games start at 19:00, 19:50...
            started = datetime.combine(day, time(19), UTC) + timedelta(minutes=50 * k)
            play_game(db, evening, variant, seats, rng, started.isoformat())
        day += timedelta(days=rng.choice([3, 4, 7]))
        if progress:
            progress(n + 1, evenings)


def correct(db: Database, game_id: int, rng: random.Random) -> None:
    """Delete or edit a random round of a game, as a scorer's correction; one that
    would make a later round invalid is refused and changes nothing (for tests)."""
    game, rounds, _ = scored(db, game_id)
    if not rounds:
        return
    number = rng.randrange(1, len(rounds) + 1)
    try:
        if rng.random() < 0.5:
            delete_round(db, game_id, number, rounds[number - 1]["version"])
        else:
            entries = random_round(
                get_variant(game["variant"]), game["sides"], game["players"], rng
            )
            edit_round(db, game_id, number, entries, rounds[number - 1]["version"])
    except ScoringError:
        pass


EVENT_PAIRS = 6  # a Mitchell of three tables


def fill_events(db: Database, count: int, seed: int = 1, start: date = date(2020, 1, 7)) -> None:
    """``count`` club nights of Hand and Foot pairs, a week apart, every turn played
    to the end; all but the last are published (``events.publishing``), the last
    left for its director to publish."""
    rng = random.Random(seed)
    variant = get_variant("hand-and-foot")
    for n in range(count):
        people = rng.sample(NAMES, 2 * EVENT_PAIRS)
        entries = [
            {"name": f"{a} & {b}", "players": [a, b]}
            for a, b in zip(people[::2], people[1::2], strict=True)
        ]
        day = start + timedelta(days=7 * n)
        event_id = events.create_event(
            db,
            name=f"Club night {n + 1}",
            date=day.isoformat(),
            variant=variant.id,
            options={},
            movement="mitchell",
            turns=3,
            entries=entries,
            deals=1,
            scale={"kind": "wdl", "win": 2, "draw": 1, "loss": 0},
        )
        for turn in range(1, 4):
            turns.start_turn(db, event_id)
            for table in events.tables(db, event_id, turn):
                play_out(db, table["game_id"], variant, table["sides"], rng)
        if n < count - 1:
            publishing.set_published(db, event_id, True, "made by scorekeeper sample")


def play_out(db: Database, game_id: int, variant: Variant, sides: list[str], rng: Any) -> None:
    """Rounds added to a game until it is over (12 at most)."""
    for _ in range(12):
        add_round(db, game_id, random_round(variant, sides, variant.default_players, rng))
        if scored(db, game_id)[2]["finished"]:
            break
