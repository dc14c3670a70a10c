"""The headers every response carries: the document's policies (CSP, framing,
referrer, opener) and, for a static asset, only what an asset needs."""

from __future__ import annotations

from flask import Response, request

HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'; "
        "form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",  # spectator links carry a secret token
    "Cross-Origin-Opener-Policy": "same-origin",
}


ASSET_HEADERS = {"X-Content-Type-Options": "nosniff"}  # a stylesheet, script or image


def add_headers(response: Response) -> Response:
    """The headers every response carries, unless a view set its own. A static
    stylesheet, script or PNG is never a document, so the document's policies
    (CSP, framing, referrer, opener) would be some 300 bytes a file for nothing;
    an SVG can be opened as a document, so it keeps them."""
    static = request.endpoint == "static" and not request.path.endswith(".svg")
    headers = response.headers
    present = {name.lower() for name, _ in headers}
    for lower, name, value in ASSET_ITEMS if static else HEADER_ITEMS:
        if lower not in present:
            headers.add(name, value)
    return response


# (lower-case name, name, value): what ``add_headers`` looks for and adds, worked out once
HEADER_ITEMS = [(name.lower(), name, value) for name, value in HEADERS.items()]
ASSET_ITEMS = [(name.lower(), name, value) for name, value in ASSET_HEADERS.items()]
