"""What a phone downloads per page: bytes transferred, first visit and repeat visit.

    .venv/bin/python scripts/bench_size.py [--rounds 12] [--encoding gzip] [--json out.json]

Starts ``scorekeeper serve`` on a fresh temporary database (as ``bench_floor.py`` does),
seeds the same classic game of Ann, Bea, Cat and Dee over HTTP, and then, as a phone
that sends ``Accept-Encoding: gzip`` (or ``--encoding``), loads each page:

- **first visit**: the page and every stylesheet, script and icon it links
  (``/static/...``, the manifest), nothing cached; the budget of 15 KB is for the
  HTML, stylesheets and scripts, the total with the icons is shown beside;
- **repeat visit**: the page again, as a browser does with what it kept: it sends
  ``If-None-Match`` when the page came with an ETag, and fetches an asset again only
  when its ``Cache-Control`` did not let it keep it (``max-age``/``immutable``),
  conditionally (``If-None-Match``/``If-Modified-Since``).

Bytes transferred are the status line, the headers and the body as they came over the
wire (compressed if the server compressed them). Third-party requests are counted too
(any ``http(s)://`` link to another host): there should be none.

Set ``PYTHONPATH`` to another source tree to measure that tree's server instead (e.g.
an export of main, for a before/after comparison).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_floor import Phone, free_port, new_game, start_real, stop, wait_up, watch_token  # noqa: E402

LIMIT = 15 * 1024  # at most 15 KB per page, HTML + CSS + JS, transferred
CODE = re.compile(r"\.(?:css|js)(?:\?|$)")  # a stylesheet or script (the page itself counts too)


def code_bytes(visit_: dict) -> int:
    """The page's HTML, stylesheets and scripts: what the 15 KB limit is about (icons,
    the manifest and the home-screen icon are counted in the total, not here)."""
    first, *linked = visit_["requests"]
    return int(first[2]) + sum(int(b) for u, _, b in linked if CODE.search(u))


ASSET = re.compile(rb'<(?:link|script)\b[^>]*?(?:href|src)="([^"]+)"')


def wire_bytes(status: int, headers, body: bytes) -> int:
    head = len(f"HTTP/1.1 {status} XX\r\n") + sum(len(k) + len(v) + 4 for k, v in headers.items())
    return head + 2 + len(body)


def visit(phone: Phone, path: str, encoding: str, kept: dict) -> dict:
    """One page view; ``kept`` is the phone's cache (url -> (headers, fresh))."""
    heads = {"Accept-Encoding": encoding} if encoding else {}
    total, requests, third = 0, [], 0
    page_heads = dict(heads)
    if path in kept and kept[path].get("ETag"):
        page_heads["If-None-Match"] = kept[path]["ETag"]
    status, headers, body, _ = phone.request("GET", path, headers=page_heads)
    if status == 304:
        body = kept[path]["body"]
        size = wire_bytes(status, headers, b"")
    else:
        size = wire_bytes(status, headers, body)
        kept[path] = {
            "ETag": headers.get("ETag"),
            "body": body,
            "cache": headers.get("Cache-Control", ""),
        }
    total += size
    requests.append((path, status, size))
    html = body
    if headers.get("Content-Encoding") == "gzip" and status != 304:
        import gzip

        html = gzip.decompress(body)
    elif status == 304 and kept[path].get("html"):
        html = kept[path]["html"]
    kept[path]["html"] = html
    for link in ASSET.findall(html):
        url = link.decode()
        if re.match(r"https?://", url) and "127.0.0.1" not in url:
            third += 1
            continue
        got = kept.get(url)
        if got and ("immutable" in got["cache"] or re.search(r"max-age=[1-9]", got["cache"])):
            requests.append((url, "cache", 0))
            continue
        asset_heads = dict(heads)
        if got and got.get("ETag"):
            asset_heads["If-None-Match"] = got["ETag"]
        if got and got.get("Last-Modified"):
            asset_heads["If-Modified-Since"] = got["Last-Modified"]
        status, headers, body, _ = phone.request("GET", url, headers=asset_heads)
        size = wire_bytes(status, headers, body)
        if status == 200:
            kept[url] = {"ETag": headers.get("ETag"), "Last-Modified": headers.get("Last-Modified"),
                         "cache": headers.get("Cache-Control", "")}  # fmt: skip
        total += size
        requests.append((url, status, size))
    return {"bytes": total, "requests": requests, "third_party": third}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--encoding", default="gzip", help="Accept-Encoding ('' for none)")
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_real(str(Path(folder) / "size.sqlite"), port)
        try:
            wait_up(port, server)
            scorer = Phone(port)
            game = new_game(scorer, args.rounds)
            token = watch_token(scorer, game)
            pages = {
                "scoreboard": f"/games/{game}",
                "round page": f"/games/{game}/rounds/new",
                "spectator page": f"/watch/{token}",
                "game list": "/",
            }
            out = {}
            for name, path in pages.items():
                phone = Phone(port)  # a phone that has never been here
                kept: dict = {}
                first = visit(phone, path, args.encoding, kept)
                repeat = visit(phone, path, args.encoding, kept)
                phone.close()
                out[name] = {"first": first, "repeat": repeat}
            scorer.close()
        finally:
            stop(server)
    print(f"Accept-Encoding: {args.encoding or '(none)'}; a {args.rounds}-round classic game\n")
    print(
        "| page | first visit: HTML + CSS + JS bytes | all it links | requests "
        "| repeat visit bytes | requests | third-party | HTML + CSS + JS within 15 KB |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for name, r in out.items():
        f, p = r["first"], r["repeat"]
        code = code_bytes(f)
        sent = [q for q in p["requests"] if q[1] != "cache"]
        verdict = "yes" if code <= LIMIT else "NO"
        print(f"| {name} | {code} | {f['bytes']} | {len(f['requests'])} | {p['bytes']} "
              f"| {len(sent)} | {f['third_party']} | {verdict} |")  # fmt: skip
    print("\nfirst visit, request by request:")
    for name, r in out.items():
        print(
            f"  {name}: "
            + ", ".join(f"{u.split('?')[0]} {s} {b} B" for u, s, b in r["first"]["requests"])
        )
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1, default=str))


if __name__ == "__main__":
    main()
