"""Installable: the manifest, its icons, the service worker at the root, the
offline page, and the links from every page's head."""

import json
import re
import struct
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent.parent


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from a PNG's signature and IHDR chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and length == 13
    return struct.unpack(">II", data[16:24])


def get(client, path):
    """GET ``path``, read the whole body, and close the file it streamed from."""
    response = client.get(path)
    response.get_data()
    response.close()
    return response


@pytest.fixture
def manifest(client):
    response = get(client, "/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    return json.loads(response.data)


def test_the_manifest_has_what_an_install_needs(manifest):
    assert manifest["name"] == manifest["short_name"] == "Scorekeeper"
    assert manifest["start_url"] == manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    style = (ROOT / "static" / "style.css").read_text()
    light = style.split("@media")[0]  # the light palette comes first
    assert f"--bg: {manifest['background_color']};" in light
    assert f"--accent: {manifest['theme_color']};" in light
    purposes = {(i["sizes"], i["purpose"]) for i in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"),
            ("512x512", "maskable")} <= purposes  # fmt: skip


def test_every_icon_is_served_as_a_png_of_its_stated_size(client, manifest):
    for icon in manifest["icons"]:
        response = get(client, icon["src"])
        assert response.status_code == 200, icon["src"]
        assert response.mimetype == icon["type"] == "image/png"
        width, height = map(int, icon["sizes"].split("x"))
        assert png_size(response.data) == (width, height), icon["src"]


@pytest.fixture(scope="module")
def make_icons():
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import make_icons
    finally:
        sys.path.pop(0)
    return make_icons


def test_maskable_icons_keep_the_diamond_inside_the_safe_zone(make_icons):
    half_width, half_height = make_icons.SAFE_DIAMOND
    assert max(half_width, half_height) <= 0.4  # the central circle of 80% diameter
    for name in ("maskable-192.png", "maskable-512.png", "apple-touch-icon.png"):
        assert make_icons.ICONS[name][1] == 0  # no rounded corners: colour to every edge


def test_the_committed_icons_are_what_the_script_draws(make_icons):
    """The small ones (the large ones take seconds to draw in pure Python)."""
    for name, (size, radius, half) in make_icons.ICONS.items():
        committed = ROOT / "static" / "icons" / name
        assert png_size(committed.read_bytes()) == (size, size)
        if size <= 192:
            assert committed.read_bytes() == make_icons.draw(size, radius, half), (
                f"{committed} is stale: run scripts/make_icons.py"
            )


def test_the_pages_link_the_manifest_icon_theme_and_worker(client):
    page = client.get("/rules").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    icon = re.search(r'<link rel="apple-touch-icon" href="([^"]+)">', page).group(1)
    assert png_size(get(client, icon).data) == (180, 180)
    assert '<meta name="theme-color" content="#0b6e4f">' in page
    assert re.search(r'<script src="/static/app\.js\?v=[0-9a-f]+" defer></script>', page)
    assert "sw-register" not in page  # the registration is in app.js: one request less


def test_the_service_worker_is_served_from_the_root(client):
    response = get(client, "/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "application/javascript"
    assert response.headers["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response.headers["Cache-Control"]
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]


def test_the_service_worker_precaches_only_what_exists(client):
    source = get(client, "/sw.js").get_data(as_text=True)
    shell = re.search(r"const SHELL = \[(.*?)\];", source, re.S).group(1)
    paths = re.findall(r'"(/[^"]*)"', shell) + ["/offline"]
    assert "/static/style.css" in paths and "/static/app.js" in paths
    for path in paths:
        assert get(client, path).status_code == 200, path
    assert re.search(r'const VERSION = "scorekeeper-shell-v\d+";', source)


def test_the_registration_is_only_for_secure_contexts():
    script = (ROOT / "static" / "app.js").read_text()
    assert 'if ("serviceWorker" in navigator && window.isSecureContext)' in script


def test_the_offline_page_says_nothing_typed_is_lost(client):
    response = client.get("/offline")
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    assert "cannot reach the scorekeeper right now" in text
    assert "Nothing you typed is lost" in text
    assert "<script>" not in text  # no inline script: the CSP allows none
