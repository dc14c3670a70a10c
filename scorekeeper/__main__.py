"""``python -m scorekeeper``: the same as the ``scorekeeper`` command."""

from .cli import main

main()
