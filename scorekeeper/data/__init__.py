"""The data layer: the SQLite connection, the recorded migrations, and the
queries, in one subpackage per domain. No request handling here (but for the
per-request connection helper, ``connection.get_db``, as in Flask's tutorial).

- ``connection``: opening a connection, ``get_db``, ``writing`` (one write
  transaction per user action, this process's writers served in the order they
  came: ``write_queue``), ``migrate``; ``migrations/``: the schema, one
  frozen module per migration; ``checks``: the checks every write shares;
  ``settings``: app-wide settings; ``backup``: online backups; ``stepping``: long
  jobs that write in steps, one at a time on a file; ``sample``:
  generated evenings for benchmarks and tests.
- ``games/``: a game, its rounds, and the result every change keeps in step;
  players and their tallies, evenings, removals, saved rule sets.
- ``table/``: the phones at a table, their seats and the table's agreement.
- ``events/``: club nights: the event, its plan and standings, the desk, exports.
- ``ratings/``: ratings kept in step with the games, and the leaderboards.
- ``transfer/``: export and import, staged so an import is all or nothing.

Imports point one way: ``web`` -> ``data`` -> ``club``, ``ratings`` -> ``scoring``
(checked by import-linter, see pyproject.toml); inside ``data``, ``events`` ->
``table``, ``transfer`` -> ``games`` -> ``ratings``.
"""
