"""The variant registry: every built-in variant by its stable id."""

from __future__ import annotations

from .i18n import N_, problem as P_
from .variant import Variant
from .variants import BUILT_IN

VARIANTS: dict[str, Variant] = {cls.id: cls() for cls in BUILT_IN}


def get_variant(variant_id: object) -> Variant:
    """The variant with this id; ``ValueError`` naming the known ids otherwise."""
    if isinstance(variant_id, str) and variant_id in VARIANTS:
        return VARIANTS[variant_id]
    template = N_("%(id)s is not a known variant (%(known)s)")
    raise ValueError(P_(template, id=repr(variant_id), known=", ".join(VARIANTS)))
