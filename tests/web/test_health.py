"""``/healthz`` for a supervisor, and the ``--https`` certificate download."""

from pathlib import Path


def test_healthz_is_ok_without_a_session_cookie(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "database": "ok"}
    assert "Set-Cookie" not in response.headers
    assert response.headers["Cache-Control"] == "no-store"


def test_pages_still_keep_a_session(tmp_path):
    from scorekeeper import create_app

    app = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "s.sqlite"), "SECRET_KEY": "s" * 20}
    )
    assert "Set-Cookie" in app.test_client().get("/games/new/classic/4").headers  # its CSRF token


def test_healthz_is_503_when_the_database_is_damaged(app, client):
    Path(app.config["DATABASE"]).write_bytes(b"this is not a database" * 400)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.get_json() == {"status": "error", "database": "file is not a database"}


def test_healthz_is_503_and_creates_nothing_when_the_database_is_gone(app, client):
    path = Path(app.config["DATABASE"])
    for leftover in path.parent.glob(path.name + "*"):
        leftover.unlink()
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.get_json()["status"] == "error"
    assert not path.exists()


def test_certificate_is_only_there_when_serving_https(app, client, tmp_path):
    assert client.get("/certificate.pem").status_code == 404
    pem = tmp_path / "https-certificate.pem"
    pem.write_text("-----BEGIN CERTIFICATE-----\n...\n-----END CERTIFICATE-----\n")
    app.config["HTTPS_CERTIFICATE"] = str(pem)
    with client.get("/certificate.pem") as response:
        assert response.status_code == 200
        assert response.mimetype == "application/x-x509-ca-cert"
        assert response.data == pem.read_bytes()
