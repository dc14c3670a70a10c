"""Only this machine's names and addresses (and configured ones) are answered:
another Host header is a 400, so share links never carry a foreign host."""

import pytest

from scorekeeper import create_app
from scorekeeper.web.http.hosts import machine_hosts


@pytest.mark.parametrize(
    "host", ["localhost", "localhost:8000", "127.0.0.1:8000", "scorekeeper.local"]
)
def test_this_machine_is_answered(client, host):
    assert client.get("/rules", headers={"Host": host}).status_code == 200


def test_every_address_of_the_machine_is_trusted(app, client):
    names = machine_hosts()
    assert {"localhost", "127.0.0.1", "::1", "scorekeeper.local"} <= set(names)
    for host in [h for h in names if ":" not in h]:  # werkzeug matches no IPv6 literal yet
        assert client.get("/rules", headers={"Host": f"{host}:8000"}).status_code == 200, host


@pytest.mark.parametrize(
    "host", ["evil.example", "evil.example:8000", "localhost.evil.example", "10.9.8.7"]
)
def test_another_host_is_400_even_for_a_share_link(client, make_game, host):
    game = make_game()
    for url in ("/rules", f"/games/{game}/share", f"/games/{game}/qr.svg", "/api/games/1"):
        response = client.get(url, headers={"Host": host})
        assert response.status_code == 400, url
        assert b"/watch/" not in response.data and b"<svg" not in response.data


def test_share_links_name_the_checked_host(client, make_game):
    game = make_game()
    page = client.get(f"/games/{game}/share", headers={"Host": "scorekeeper.local:8000"})
    assert "http://scorekeeper.local:8000/watch/" in page.get_data(as_text=True)


def test_more_hosts_come_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("FLASK_TRUSTED_HOSTS", "cards.example, club.example")
    app = create_app({"DATABASE": str(tmp_path / "a.sqlite"), "SECRET_KEY": "k" * 32})
    assert app.config["TRUSTED_HOSTS"] == ["cards.example", "club.example"]
    client = app.test_client()
    assert client.get("/rules", headers={"Host": "club.example"}).status_code == 200
    assert client.get("/rules", headers={"Host": "localhost"}).status_code == 400
