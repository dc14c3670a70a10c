"""A template's ``_()``, ``gettext()`` and ``ngettext()`` are the app's own one-call
versions (``i18n.template_gettext``): they must say exactly what Jinja's newstyle
gettext says, escaping, ``%%`` and ``{% trans %}`` included."""

import pytest
from jinja2 import Environment

from scorekeeper.web.http.i18n import template_gettext, template_ngettext

TEMPLATES = [
    "{{ _('plain') }}",
    "{{ _('Hello %(name)s', name=who) }}",
    "{{ _('100%% sure, %(name)s', name=who) }}",
    "{{ _('<b>bold</b> %(name)s', name=who) }}",
    "{{ gettext('x %(n)s', n=3) }}",
    "{{ ngettext('%(num)s game', '%(num)s games', 1) }}",
    "{{ ngettext('%(num)s game', '%(num)s games', n) }}",
    "{{ ngettext('%(num)s game of %(name)s', '%(num)s games of %(name)s', n, name=who) }}",
    "{{ ngettext('one', 'several: %(num)d', n) }}",
    "{% trans name=who %}Hi {{ name }}{% endtrans %}",
    "{% trans %}{{ n }} game{% pluralize %}{{ n }} games{% endtrans %}",
    "{{ _('%(name)s', name=_('inner %(name)s', name=who)) }}",
    "{% autoescape false %}{{ _('Hello %(name)s', name=who) }}{% endautoescape %}",
    "{{ (_('a') ~ who)|length }}",
]


def environment(ours: bool, autoescape: bool) -> Environment:
    env = Environment(extensions=["jinja2.ext.i18n"], autoescape=autoescape)
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda text: text,
        ngettext=lambda singular, plural, n: singular if n == 1 else plural,
        newstyle=True,
    )
    if ours:  # as i18n.init_app does (no app here: the texts as written)
        env.globals.update(_=template_gettext, gettext=template_gettext, ngettext=template_ngettext)
    return env


@pytest.mark.parametrize("autoescape", [True, False])
@pytest.mark.parametrize("source", TEMPLATES)
def test_the_same_as_jinjas_newstyle_gettext(source, autoescape):
    said = {}
    for ours in (False, True):
        template = environment(ours, autoescape).from_string(source)
        said[ours] = [
            template.render(who=who, n=n) for who in ("Ann", "<Bea & Cat>") for n in (1, 2)
        ]
    assert said[True] == said[False]


def test_a_lone_percent_fails_as_in_jinja():
    for ours in (False, True):
        with pytest.raises((ValueError, TypeError)):
            environment(ours, True).from_string("{{ _('50% off') }}").render()


def test_the_app_installs_them(app):
    assert app.jinja_env.globals["_"] is template_gettext
    assert app.jinja_env.globals["ngettext"] is template_ngettext
