"""The built-in variants, one module each. To add one: write a module with a
``Variant`` subclass, list it here, add its table of worked rounds to the tests and
regenerate docs/reference.md and docs/api.md (the README's recipe)."""

from __future__ import annotations

from ..variant import Variant
from .classic import Classic
from .five_person import FivePerson
from .hand_and_foot import HandAndFoot
from .samba_foot import SambaFoot
from .weeping import Weeping

BUILT_IN: tuple[type[Variant], ...] = (Classic, HandAndFoot, FivePerson, Weeping, SambaFoot)
