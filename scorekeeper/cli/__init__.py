"""The ``scorekeeper`` command, by command group: game documents and the reference
(``documents``), serving the app (``serve``), the database file (``database``), the
club's published results (``publish``); ``common`` holds what they share."""

from __future__ import annotations

import click

from ..about import version
from . import database, documents, publish, serve
from .documents import examples

__all__ = ["examples", "main"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(version(), message="scorekeeper %(version)s")
def main() -> None:
    """Scorekeeper: score keeping for Canasta-family card games."""


for command in (
    documents.score,
    documents.rules_command,
    documents.api_command,
    serve.serve,
    database.passphrase,
    database.backup_command,
    database.restore_command,
    database.export_command,
    database.import_command,
    database.sample_command,
    publish.publish_command,
):
    main.add_command(command)
