"""The schema as recorded migrations (sqlite-utils ``Migrations``), one module each.

Each migration stands alone: it carries the SQL and the code it needs, frozen as
it was written, and imports nothing from the live query modules (only the pure
scoring engine, whose answers are the specification). To change the schema, add
a module ``mNNNN_what.py`` with an ``apply(db)`` function and add its name to
``NAMES``;
never edit one that has shipped, and never drop a table.
"""

from __future__ import annotations

from importlib import import_module

from sqlite_utils.migrations import Migrations

# In the order they apply; each name is a module of this package.
NAMES = [
    "m0001_initial",
    "m0002_round_request_keys",
    "m0003_scorer_passphrases",
    "m0004_results_and_history",
    "m0005_player_tallies",
    "m0006_seats_by_player_and_game",
    "m0007_round_request_hashes",
    "m0008_names_and_removals",
    "m0009_rule_sets",
    "m0010_stored_answers",
    "m0011_table_phones",
    "m0012_events",
    "m0013_player_name_keys",
    "m0014_staged_imports",
    "m0015_ratings",
    "m0016_standard_canasta",
    "m0017_five_player_deal",
    "m0018_event_desk",
    "m0019_phone_outbox_and_seats",
    "m0020_event_roles",
    "m0021_seat_requests_apart",
    "m0022_event_movements",
    "m0024_rating_backlog",
    "m0026_grandfathered_rounds",
    "m0028_family_rule_sets",
    "m0033_stable_rating_order",
    "m0035_time_called",
    "m0036_event_history",
    "m0037_late_entries_and_substitutes",
    "m0038_kept_tables",
    "m0040_byes_penalties_handicaps",
    "m0041_series_and_carry_over",
    "m0042_published_events",
    "m0043_shared_throttles",
]
MODULES = [import_module(f".{name}", __name__) for name in NAMES]

migrations = Migrations("scorekeeper")
for _name, _module in zip(NAMES, MODULES, strict=True):
    migrations(name=_name)(_module.apply)
