"""The variant registry: every built-in variant by its stable id."""

from __future__ import annotations

from .variant import Variant
from .variants import BUILT_IN

VARIANTS: dict[str, Variant] = {cls.id: cls() for cls in BUILT_IN}


def get_variant(variant_id: object) -> Variant:
    """The variant with this id; ``ValueError`` naming the known ids otherwise."""
    if isinstance(variant_id, str) and variant_id in VARIANTS:
        return VARIANTS[variant_id]
    raise ValueError(f"{variant_id!r} is not a known variant ({', '.join(VARIANTS)})")
