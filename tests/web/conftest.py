"""Fixtures of the web tests that more than one file uses."""

import pytest

from tests.web.test_events import make_event


@pytest.fixture
def desk(client):
    """A club night made through the form (six pairs, a Mitchell of two turns): its
    desk's address, ``client`` its director."""
    made = make_event(client)
    assert made.status_code == 302
    return made.headers["Location"]
