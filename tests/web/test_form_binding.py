"""Forms and CSRF tokens as WTForms and Flask-WTF make and check them: each form
its own fields and errors, a forged or another session's token refused, an expired
one refused when tokens have a time limit."""

from __future__ import annotations

import re

import pytest
from wtforms import SelectChoice, SelectField, StringField
from wtforms.validators import DataRequired

from scorekeeper.web.forms.base import Form


class Sample(Form):
    name = StringField("Name", validators=[DataRequired()], render_kw={"autocomplete": "off"})
    kind = SelectField("Kind", choices=[SelectChoice("a", "A")])


@pytest.fixture
def request_context(app):
    app.config["WTF_CSRF_ENABLED"] = False
    with app.test_request_context("/", method="POST", data={"name": "Ann", "kind": "a"}):
        yield


def test_copied_fields_validate_and_keep_errors_to_themselves(app):
    app.config["WTF_CSRF_ENABLED"] = False
    with app.test_request_context("/", method="POST", data={"name": "", "kind": "a"}):
        bad = Sample()
        assert not bad.validate() and bad.name.errors
    with app.test_request_context("/", method="POST", data={"name": "Bea", "kind": "a"}):
        good = Sample()
        assert good.validate() and good.name.errors == [] and good.name.data == "Bea"
        assert 'autocomplete="off"' in good.name()


def test_a_forged_or_stolen_token_is_refused_and_the_sessions_own_accepted(app, make_game):
    app.config["WTF_CSRF_ENABLED"] = True
    game = make_game()
    ann = app.test_client()
    html = ann.get(f"/games/{game}/rounds/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)
    key = re.search(r'name="key" type="hidden" value="([0-9a-f]{32})"', html).group(1)
    forged = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    form = {"key": key, "number": "1", "s0_meld_points": "50"}
    refused = ann.post(f"/games/{game}/rounds/new", data={**form, "csrf_token": forged})
    assert refused.status_code == 400
    saved = ann.post(f"/games/{game}/rounds/new", data={**form, "csrf_token": token})
    assert saved.status_code in (302, 303)  # this session's own
    bea = app.test_client()
    bea.get(f"/games/{game}")
    stolen = bea.post(
        f"/games/{game}/rounds/new", data={**form, "number": "2", "csrf_token": token}
    )
    assert stolen.status_code == 400  # another session's token is still refused


def test_with_a_time_limit_an_expired_token_is_refused(app, make_game):
    import time

    app.config.update(WTF_CSRF_ENABLED=True, WTF_CSRF_TIME_LIMIT=1)
    game = make_game()
    ann = app.test_client()
    html = ann.get(f"/games/{game}/rounds/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html).group(1)
    key = re.search(r'name="key" type="hidden" value="([0-9a-f]{32})"', html).group(1)
    time.sleep(2.1)  # the token has expired: remembered or not, it is refused
    form = {"key": key, "number": "1", "s0_meld_points": "50", "csrf_token": token}
    assert ann.post(f"/games/{game}/rounds/new", data=form).status_code == 400
