"""Which Scorekeeper this is: its name on PyPI and its version (imports nothing of
the package, so every layer may ask)."""

from __future__ import annotations

from importlib import metadata

DISTRIBUTION = "canasta-scorekeeper"  # the name on PyPI; the import package is scorekeeper


def version() -> str:
    """This copy's version, as pyproject.toml gives it (the one place it is written)."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"
