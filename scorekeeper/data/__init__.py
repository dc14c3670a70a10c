"""The data layer: the SQLite connection, the recorded migrations, and the
queries, grouped by what they are about. No request handling here (but for the
per-request connection helper, ``connection.get_db``, as in Flask's tutorial).

- ``connection``: opening a connection, ``get_db``, ``writing`` (one write
  transaction per user action), ``migrate``.
- ``migrations/``: the schema, one frozen module per migration.
- ``games``, ``rounds``, ``results``: a game, its rounds, and the result every
  change keeps in step; ``tallies``: each player's running figures.
- ``evenings``, ``players``, ``settings``: looking back, and app-wide settings.
- ``transfer``: export and import; ``backup``: online backups; ``sample``:
  generated evenings for benchmarks and tests.

Imports point one way: ``web`` -> ``data`` -> ``scoring`` (checked by
import-linter, see pyproject.toml).
"""
