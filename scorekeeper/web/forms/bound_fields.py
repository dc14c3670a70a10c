"""Binding a form's fields by copying, not by building.

WTForms builds every field of a form anew for every request: ``Field.__init__``
with its label, flags and validator checks, ~40 times for a round form. The
outcome is the same each time for a given form class, field name and prefix, so
each field is built once (a prototype, never handed out) and every form gets a
copy of it, with its own form, meta, flags and its own copies of any list or
dict (``choices`` a view extends, ``render_kw``). Only fields declared on the
form class are copied: a field the form adds itself (Flask-WTF's CSRF field,
whose CSRF object is the form's own) is bound as WTForms binds it.
"""

from __future__ import annotations

import weakref
from typing import Any

from wtforms.fields.core import Flags

Made = tuple[Any, tuple[str, ...]]  # a prototype, and the names of its lists and dicts
PROTOTYPES: weakref.WeakKeyDictionary[type, dict[tuple[str, str, int], Made]] = (
    weakref.WeakKeyDictionary()
)  # form class -> (name, prefix, translations) -> the field built once


def bind_field(form: Any, unbound_field: Any, options: dict[str, Any]) -> Any:
    """``DefaultMeta.bind_field``: a copy of the field's prototype, built on first use."""
    kind, name = type(form), options.get("name", "")
    declared = getattr(kind, name, None) is unbound_field
    if not declared:  # a field the form adds itself
        return unbound_field.bind(form=form, **options)
    key = (name, options.get("prefix", ""), id(options.get("translations")))
    made = PROTOTYPES.setdefault(kind, {})
    found = made.get(key)
    if found is None:
        prototype = unbound_field.bind(form=form, **options)
        prototype._form = prototype.meta = None  # the prototype belongs to no form
        state = prototype.__dict__.items()
        found = made[key] = (prototype, tuple(k for k, v in state if type(v) in (list, dict)))
    return copied(*found, form)


def copied(prototype: Any, mutable: tuple[str, ...], form: Any) -> Any:
    """A field like ``prototype``, bound to ``form``, sharing nothing it could change."""
    field = object.__new__(type(prototype))
    state = prototype.__dict__.copy()
    for key in mutable:
        state[key] = state[key].copy()
    flags = object.__new__(Flags)
    flags.__dict__.update(prototype.flags.__dict__)
    state.update(_form=form, meta=form.meta, flags=flags)
    field.__dict__ = state
    return field
