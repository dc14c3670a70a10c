"""Run by an earlier release's own code (``python make_old_database.py ROOT DB EXPORT``,
with ROOT, that release's source tree, first on ``sys.path``): a database of that
release with games of every variant it has, played out, plus for each variant a
game whose rounds break checks added after it (more card points than the packs
hold, more canastas on all sides together than the packs hold), and that
release's own export of it. Prints what it stored as JSON.

Only names every earlier release had are used: ``connection.migrate``,
``sample.fill``, ``create_evening``, ``create_game``, ``add_round``, ``export``."""

from __future__ import annotations

import json
import sys
from importlib import import_module
from pathlib import Path


def data(name: str):  # type: ignore[no-untyped-def]
    """An earlier release's data module by name, wherever that release kept it."""
    for where in (
        f"scorekeeper.data.{name}",
        f"scorekeeper.data.games.{name}",
        f"scorekeeper.data.transfer.{name}",
    ):
        try:
            return import_module(where)
        except ModuleNotFoundError:
            continue
    raise ModuleNotFoundError(name)


def breaking_rounds(variant, sides):  # type: ignore[no-untyped-def]
    """Rounds that the release accepts and later checks refuse: the card points of
    all sides beyond every card in play, and each side's canastas within the packs
    while all sides' together are not."""
    points = {sides[0]: {"meld_points": 1800}, sides[1]: {"meld_points": 1800}}
    size = {"natural_canastas": 7}
    cards = (
        variant.cards_in_play(variant.default_players) if hasattr(variant, "cards_in_play") else 108
    )
    canastas = {side: {"natural_canastas": cards // size["natural_canastas"]} for side in sides}
    return [points, {sides[0]: {"meld_points": 1500}, sides[1]: {"hand_points": 100}}, canastas]


def main(root: str, database: str, export: str) -> None:
    sys.path.insert(0, root)
    scoring = import_module("scorekeeper.scoring")
    if not Path(scoring.__file__).resolve().is_relative_to(Path(root).resolve()):
        raise SystemExit(f"the release's own code was not the one imported: {scoring.__file__}")
    seating = import_module("scorekeeper.scoring.seating")
    migrate = import_module("scorekeeper.data.connection").migrate
    db = migrate(database)
    data("sample").fill(db, 12, seed=36)
    evening = data("evenings").create_evening(db, "2026-11-20")
    stored: dict[str, list[int]] = {}
    for variant in scoring.VARIANTS.values():
        seats = ["Ann", "Bea", "Cat", "Dee", "Eve", "Fay"][: variant.default_players]
        sides = seating.side_names(variant, seats)
        game = data("games").create_game(
            db,
            evening_id=evening,
            variant=variant.id,
            sides=sides,
            players=len(seats),
            options={},
            seats=seats,
        )
        kept = stored.setdefault(variant.id, [])
        for entries in breaking_rounds(variant, sides):
            try:
                data("rounds").add_round(db, game, entries)
            except scoring.ScoringError as error:  # this release refuses it too
                print(f"{variant.id}: refused {entries}: {error}", file=sys.stderr)
                continue
            kept.append(game)
    transfer = data("transfer")
    Path(export).write_text(transfer.to_json(transfer.export(db)))
    db.close()
    print(json.dumps(stored))


if __name__ == "__main__":
    main(*sys.argv[1:4])
