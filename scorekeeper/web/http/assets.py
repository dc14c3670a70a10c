"""What a phone downloads: compressed answers, and static files it keeps.

- Responses are compressed by Flask-Compress (brotli or gzip, as the phone
  accepts): the scoreboard's 25 KB of HTML travel as about 3 KB. A page served
  from ``page_cache`` is compressed once per page and reader's token, and kept
  (Flask-Compress's cache, ``CompressedPages``); every other answer is
  compressed afresh.
- Every ``url_for('static', ...)`` carries ``?v=`` and a digest of the file's
  content; such a versioned URL is answered with a year's ``immutable`` caching,
  so a phone fetches the stylesheet and the script once per release, and a new
  release (new content, new digest) is fetched at once.
- Stylesheets and scripts are served minified (rcssmin, rjsmin: comments and
  spaces out, a quarter less after compression); the files in ``static/`` stay
  as written, and each is minified once per change.
"""

from __future__ import annotations

import hashlib
import os
from typing import Any

import rcssmin
import rjsmin
from flask import Flask, Response, current_app, request
from flask_compress import Compress

from .lru import LRU
from .page_cache import KEPT, SERVED_AS

FOREVER = "public, max-age=31536000, immutable"
_digests: dict[tuple[str, float], str] = {}
_minified: dict[tuple[str, float], bytes] = {}
MINIFIERS = {".css": rcssmin.cssmin, ".js": rjsmin.jsmin}


def init_app(app: Flask) -> None:
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config.setdefault("COMPRESS_CACHE_BACKEND", CompressedPages)
    app.config.setdefault("COMPRESS_CACHE_KEY", kept_as)
    app.extensions["compress"] = Compress(app)
    app.url_defaults(version_static)
    app.after_request(cache_static)  # runs before Compress's (the last added runs first)


class CompressedPages:
    """Flask-Compress's cache: the compressed bytes of kept pages only.

    Flask-Compress asks its cache for every answer it compresses, under
    ``"<algorithm>;<kept_as(request)>"``, and uses what it finds instead of the
    answer's own body. So only an answer whose body the key fixes may be found:
    a page served from ``page_cache``, keyed by what it is made of and the token
    filled in for this reader. Every other answer has the empty key, which is
    neither found nor kept."""

    def __init__(self) -> None:
        self.kept: LRU[str, bytes] = LRU(KEPT * 2)  # some 4 KB each, per algorithm

    def get(self, key: str) -> bytes | None:
        return self.kept.get(key) if not key.endswith(";") else None

    def set(self, key: str, value: bytes) -> None:
        if not key.endswith(";"):
            self.kept.put(key, value)


def kept_as(asked: Any) -> str:
    """What the kept page in this answer (to the request ``asked``) is made of
    (``page_cache``), or ""."""
    return str(asked.environ.get(SERVED_AS, ""))


def digest(filename: str) -> str | None:
    """A short digest of a static file's content (kept while the file is unchanged)."""
    folder = current_app.static_folder or ""
    path = os.path.join(folder, filename)
    try:
        changed = os.stat(path).st_mtime
    except OSError:
        return None
    key = (path, changed)
    if key not in _digests:
        with open(path, "rb") as source:
            _digests[key] = hashlib.blake2b(source.read(), digest_size=6).hexdigest()
    return _digests[key]


def version_static(endpoint: str, values: dict[str, Any]) -> None:
    """``url_for('static', filename=f)`` gives ``/static/f?v=<digest of f>``."""
    if endpoint == "static" and "v" not in values and "filename" in values:
        version = digest(str(values["filename"]))
        if version:
            values["v"] = version


def cache_static(response: Response) -> Response:
    """A versioned static file is kept for a year; an unversioned one is revalidated."""
    if request.endpoint != "static" or response.status_code != 200:
        return response
    # read whole (the files are small): compressed like a page, and the file closed
    response.direct_passthrough = False
    response.make_sequence()
    filename = (request.view_args or {}).get("filename", "")
    minify(response, str(filename))
    if request.args.get("v") and request.args.get("v") == digest(str(filename)):
        response.headers["Cache-Control"] = FOREVER
    else:
        response.headers["Cache-Control"] = "no-cache"
    return response


def minify(response: Response, filename: str) -> None:
    """A stylesheet's or script's body, minified (once per change of the file)."""
    minifier = MINIFIERS.get(os.path.splitext(filename)[1])
    folder = current_app.static_folder or ""
    path = os.path.join(folder, filename)
    if minifier is None or not os.path.isfile(path):
        return
    key = (path, os.stat(path).st_mtime)
    if key not in _minified:
        _minified[key] = minifier(response.get_data(as_text=True)).encode()
    response.set_data(_minified[key])
