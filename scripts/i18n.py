"""The message catalogs: extract the strings, update the translations, compile.

    .venv/bin/python scripts/i18n.py update    # after adding or changing a string
    .venv/bin/python scripts/i18n.py compile   # after translating (update does it too)

``update`` extracts every marked string (``_``/``gettext``/``lazy_gettext``/``_l``/
``ngettext`` in the web layer and templates, ``N_``/``P_``/``term`` in the scoring
engine) plus every text of the variant registry (names, summaries, options, score
lines, notes, FILL notes, field labels and a variant's own words for them) into
``scorekeeper/translations/messages.pot``; a new variant's texts come in with it,
and until then pages show them in English (the catalogs test lets them wait),
merges it into each language's ``messages.po`` (new strings come in empty, so the
completeness test names them) and compiles the ``.mo`` files beside them. The
``.po`` and ``.mo`` files are both committed; a test checks the ``.mo`` match.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Collection
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = ROOT / "scorekeeper" / "translations"
TEMPLATE = CATALOGS / "messages.pot"
LANGUAGES = ("es", "pt_BR", "de")
KEYWORDS = {**DEFAULT_KEYWORDS, "lazy_gettext": None, "_l": None, "P_": None, "term": None}
METHODS = [
    ("scorekeeper/**.py", "python"),
    ("templates/**.html", "jinja2.ext:babel_extract"),
]
OPTIONS = {  # the templates' own tags (``{% cache %}``) must parse, or a file's strings are lost
    "templates/**.html": {"extensions": "scorekeeper.web.http.fragments.FragmentCache"},
}
FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)  # no churn in the header on every update


def registry_texts(leave_out: Collection[str] = ()) -> list[tuple[str, str]]:
    """Every text the variant registry shows on a page, with where it comes from; none
    of the variants whose ids are in ``leave_out``."""
    sys.path.insert(0, str(ROOT))
    from scorekeeper.scoring import FIELDS, VARIANTS

    texts = []
    for field in FIELDS.values():
        texts += [(field.label, "scoring/fields.py"), (field.help, "scoring/fields.py")]
    for variant in (v for v in VARIANTS.values() if v.id not in leave_out):
        where = f"scoring/variants ({variant.id})"
        texts += [(variant.name, where), (variant.summary, where), (variant.going_out, where)]
        texts += [(t, where) for t in (*variant.notes, *variant.fill_notes)]
        texts += [(t, where) for t in variant.card_fill.values()]
        texts += [(c.label, where) for c in variant.card_values]
        texts += [(t, where) for need in variant.out_needs for t in (need.what, f"{need.what}s")]
        texts += [(t, where) for t in variant.field_words.values()]
        for option in variant.options:
            texts += [(option.label, where), (option.fill or "", where)]
        texts += [(getattr(rule, "label", ""), where) for rule in variant.lines]
    return [(text, where) for text, where in texts if text]


def untranslated(template: Catalog) -> set[str]:
    """The variants not in the catalogs yet (no msgid is their name): pages show their
    texts in English until ``update`` brings them in to be translated."""
    sys.path.insert(0, str(ROOT))
    from scorekeeper.scoring import VARIANTS

    return {v.id for v in VARIANTS.values() if template.get(v.name) is None}


def extract(leave_out: Collection[str] = ()) -> Catalog:
    """The template catalog of every string in the source, as it is now (without the
    texts of the variants in ``leave_out``)."""
    catalog = Catalog(project="Scorekeeper", creation_date=FIXED_DATE, fuzzy=False)
    catalog.revision_date = FIXED_DATE
    found = extract_from_dir(ROOT, METHODS, OPTIONS, keywords=KEYWORDS, strip_comment_tags=True)
    for filename, _lineno, message, comments, context in found:
        if message:
            catalog.add(message, None, [(filename, None)], auto_comments=comments,
                        context=context)  # fmt: skip
    for text, where in registry_texts(leave_out):
        catalog.add(text, None, [(where, None)])
    return catalog


def strings(message: object) -> tuple[str, ...]:
    """A message's translation(s): one string, or one per plural form."""
    string = getattr(message, "string", "")
    return tuple(string) if isinstance(string, list | tuple) else (string,)


def po_path(lang: str) -> Path:
    return CATALOGS / lang / "LC_MESSAGES" / "messages.po"


def write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True, include_lineno=False,
             ignore_obsolete=True)  # fmt: skip
    path.write_bytes(out.getvalue())


def read(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compile_all() -> None:
    for lang in LANGUAGES:
        catalog = read(po_path(lang), lang)
        po_path(lang).with_suffix(".mo").write_bytes(mo_bytes(catalog))


def update() -> None:
    template = extract()
    write(TEMPLATE, template)
    template = read(TEMPLATE)
    for lang in LANGUAGES:
        path = po_path(lang)
        catalog = read(path, lang) if path.exists() else Catalog(locale=lang)
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.revision_date = FIXED_DATE
        write(path, catalog)
    compile_all()
    for lang in LANGUAGES:
        missing = [m.id for m in read(po_path(lang), lang) if m.id and not all(strings(m))]
        print(f"{lang}: {len(missing)} of {len(template)} messages untranslated")


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command not in ("update", "compile"):
        sys.exit(__doc__)
    update() if command == "update" else compile_all()
