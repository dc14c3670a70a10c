"""An event's published results: the director's switch that publishes them (or
takes them back), with a reason kept in the event's history, and the public link
that shows them to anyone who has it, read-only, from the templates
``scorekeeper publish`` writes the static website with."""

from __future__ import annotations

from flask import Blueprint, abort, url_for

from ...data.connection import get_db
from ...data.events import events, publishing
from ..http import security
from ..http.i18n import _
from ..shown import published
from .event_undo import Page, asked

bp = Blueprint("published", __name__)


@bp.route("/events/<int:event_id>/publish", methods=["GET", "POST"])
def publish(event_id: int) -> Page:
    """Publish the event's results once it is over, or take them back: asked with a
    reason; the page gives the public link while they are published."""
    found = security.directed(event_id)
    db = get_db()
    now_published = bool(found["published_at"])

    def switched(reason: str) -> str:
        publishing.set_published(db, event_id, not now_published, reason)
        if now_published:
            return _("The results are no longer published.")
        return _("The results are published: anyone with the public link may read them.")

    problem = None if now_published or events.over(db, found) else publishing.NOT_OVER
    link = url_for(".public", uid=found["uid"], _external=True) if now_published else None
    return asked(problem, switched, "event_publish.html", event=found, link=link)


@bp.route("/results/<uid>")
def public(uid: str) -> str:
    """An event's published results, for anyone with the link: nothing to change."""
    db = get_db()
    found = publishing.published_event(db, uid) or abort(404)
    page = published.event_page(publishing.results(db, found))
    return published.render(page, published.AppLinks())
