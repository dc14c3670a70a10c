"""``scorekeeper serve --https``: the certificate, and the real server in a subprocess."""

import json
import socket
import ssl
import stat
import subprocess
import sys
import time
import urllib.request
from datetime import UTC, datetime, timedelta

import pytest
from cryptography import x509

from scorekeeper import certificate


def names_in(path):
    cert = x509.load_pem_x509_certificate(path.read_bytes())
    san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return cert, [str(v) for v in san.get_values_for_type(x509.DNSName)] + [
        str(v) for v in san.get_values_for_type(x509.IPAddress)
    ]


def test_made_once_private_key_and_reused(tmp_path):
    cert, key = certificate.ensure(tmp_path, ["localhost", "scorekeeper.local"],
                                   ["192.168.1.20", "127.0.0.1"])  # fmt: skip
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    made, names = names_in(cert)
    assert names == ["localhost", "scorekeeper.local", "192.168.1.20", "127.0.0.1"]
    assert made.not_valid_after_utc - datetime.now(UTC) > timedelta(days=800)
    before = cert.read_bytes()
    certificate.ensure(tmp_path, ["localhost"], ["192.168.1.20"])  # already covered
    assert cert.read_bytes() == before


def test_made_again_for_a_new_address_keeping_the_key(tmp_path):
    cert, key = certificate.ensure(tmp_path, ["localhost"], ["192.168.1.20"])
    old_key = key.read_bytes()
    certificate.ensure(tmp_path, ["localhost"], ["192.168.1.31"])
    assert "192.168.1.31" in names_in(cert)[1]
    assert key.read_bytes() == old_key


def test_made_again_when_expiring(tmp_path, monkeypatch):
    monkeypatch.setattr(certificate, "LIFETIME", timedelta(days=10))
    cert, _ = certificate.ensure(tmp_path, ["localhost"], [])
    monkeypatch.setattr(certificate, "LIFETIME", timedelta(days=825))
    certificate.ensure(tmp_path, ["localhost"], [])
    assert names_in(cert)[0].not_valid_after_utc - datetime.now(UTC) > timedelta(days=800)


def start_https(tmp_path, workers=1):
    """``serve --https`` in a subprocess on a free loopback port: (process, port);
    one cheroot process, or ``workers`` gunicorn ones."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "serve", "--https", "--host", "127.0.0.1",
         "--workers", str(workers), "--port", str(port), "--db", str(tmp_path / "s.sqlite"), "--cert-dir", str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    return process, port


@pytest.mark.parametrize("workers", [1] if sys.platform == "win32" else [1, 2])
def test_serves_https_for_real(tmp_path, workers):
    process, port = start_https(tmp_path, workers)
    try:
        context, answer = None, None
        deadline = time.monotonic() + 30
        while answer is None and time.monotonic() < deadline:
            try:
                context = context or ssl.create_default_context(
                    cafile=str(tmp_path / certificate.CERTIFICATE)
                )
                url = f"https://127.0.0.1:{port}/healthz"
                with urllib.request.urlopen(url, context=context, timeout=5) as response:
                    answer = (response.status, json.loads(response.read())["status"])
            except (OSError, ssl.SSLError):
                time.sleep(0.2)
        assert answer == (200, "ok")
        page = f"https://localhost:{port}/games/new/classic/4"  # a form: its CSRF token
        with urllib.request.urlopen(page, context=context) as response:
            assert "Secure" in response.headers["Set-Cookie"]
    finally:
        process.terminate()
        output = process.communicate(timeout=30)[0]
    assert f"On this machine: https://127.0.0.1:{port}/" in output
    assert process.returncode in (0, -15), output


def leaf_for(ca, ca_key, name):
    """A server certificate for ``name`` signed with the home certificate's key: what
    someone holding the key (and the file a phone installed) could make."""
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    now = datetime.now(UTC)
    return (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)]))
        .issuer_name(ca.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(minutes=1))
        .not_valid_after(now + timedelta(days=30))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()),
            critical=False,
        )
        .sign(ca_key, hashes.SHA256())
    )


def test_a_phone_that_trusts_the_home_certificate_trusts_nothing_else(tmp_path):
    """Found by an outside attack: /certificate.pem was an authority with no
    name constraints; with the key beside it anyone could sign a certificate for any
    site, and a phone that installed it would trust that."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.x509 import verification

    cert_path, key_path = certificate.ensure(tmp_path, ["scorekeeper.local"], ["192.168.1.20"])
    ca = x509.load_pem_x509_certificate(cert_path.read_bytes())
    ca_key = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
    limits = ca.extensions.get_extension_for_class(x509.NameConstraints)
    assert limits.critical
    store = verification.Store([ca])

    def trusted(name):
        verifier = (
            verification.PolicyBuilder()
            .store(store)
            .build_server_verifier(verification.DNSName(name))
        )
        try:
            verifier.verify(leaf_for(ca, ca_key, name), [])
        except verification.VerificationError:
            return False
        return True

    assert trusted("scorekeeper.local")  # its own name: fine
    assert not trusted("bank.example")  # any other site: refused by the phone
    assert not trusted("mail.google.com")


def test_an_unconstrained_certificate_from_before_is_made_again(tmp_path):
    import ipaddress

    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.x509.oid import NameOID

    cert, key_path = certificate.ensure(tmp_path, ["localhost"], ["192.168.1.20"])
    key = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Scorekeeper at home")])
    now = datetime.now(UTC)
    sans = [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("192.168.1.20"))]
    before = (  # as the earlier versions made it: an authority for anything
        x509.CertificateBuilder().subject_name(name).issuer_name(name)
        .public_key(key.public_key()).serial_number(x509.random_serial_number())
        .not_valid_before(now).not_valid_after(now + timedelta(days=800))
        .add_extension(x509.SubjectAlternativeName(sans), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .sign(key, hashes.SHA256())
    )  # fmt: skip
    cert.write_bytes(before.public_bytes(serialization.Encoding.PEM))
    certificate.ensure(tmp_path, ["localhost"], ["192.168.1.20"])
    made = x509.load_pem_x509_certificate(cert.read_bytes())
    assert made.extensions.get_extension_for_class(x509.NameConstraints).critical


def plain_request(port, head):
    """Send ``head`` as plain HTTP to ``port`` once it listens; everything answered."""
    deadline = time.monotonic() + 30
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
                sock.sendall(head)
                answer = b""
                while chunk := sock.recv(4096):
                    answer += chunk
                return answer
        except ConnectionRefusedError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def test_plain_http_to_the_https_port_is_sent_on_to_https(tmp_path):
    """Not an empty reply: a redirect to the same address over HTTPS, and a line
    saying so for a client that does not follow it."""
    process, port = start_https(tmp_path)
    try:
        head = f"GET /games/new?x=1 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
        answer = plain_request(port, head).decode()
        odd = plain_request(port, b"GET http://elsewhere/ HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n")
    finally:
        process.terminate()
        process.communicate(timeout=30)
    location = f"https://127.0.0.1:{port}/games/new?x=1"
    assert answer.startswith("HTTP/1.1 307 Temporary Redirect\r\n")
    assert f"\r\nLocation: {location}\r\n" in answer
    assert answer.endswith(f"\r\n\r\nThis port speaks HTTPS only: open {location}\n")
    assert f"\r\nLocation: https://127.0.0.1:{port}/\r\n" in odd.decode()  # its own address


def test_one_silent_connection_holds_nobody_off(tmp_path):
    """Found by an outside attack: a TCP connection that never started TLS
    blocked everyone for about 10 s (cheroot's accept loop waits on its handshake)."""
    process, port = start_https(tmp_path)
    try:
        context = None
        deadline = time.monotonic() + 30
        while context is None and time.monotonic() < deadline:
            try:  # the server is up once a first request is answered
                context = ssl.create_default_context(cafile=str(tmp_path / certificate.CERTIFICATE))
                urllib.request.urlopen(f"https://127.0.0.1:{port}/healthz", context=context,
                                       timeout=5).close()  # fmt: skip
            except (OSError, ssl.SSLError):
                context = None
                time.sleep(0.2)
        silent = [socket.create_connection(("127.0.0.1", port)) for _ in range(2)]
        try:
            time.sleep(0.2)  # the server has taken them, and waits for their first byte
            url = f"https://127.0.0.1:{port}/healthz"
            with urllib.request.urlopen(url, context=context, timeout=5) as answer:
                assert answer.status == 200  # within 5 s, not after 2 x 10
        finally:
            for sock in silent:
                sock.close()
    finally:
        process.terminate()
        process.communicate(timeout=30)


def test_plain_http_is_sent_on_only_to_a_host_the_app_answers(tmp_path):
    """Found by an outside attack: the redirect went to any Host it was given, so a
    link to this port could send a phone on to a name the attacker chose."""
    process, port = start_https(tmp_path)
    try:
        asked = {
            host: plain_request(port, f"GET /x HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()).decode()
            for host in ("evil.example", f"evil.example:{port}", f"LOCALHOST:{port}")
        }
    finally:
        process.terminate()
        process.communicate(timeout=30)
    for host in ("evil.example", f"evil.example:{port}"):
        assert asked[host].startswith("HTTP/1.1 400 Bad Request\r\n")
        assert "Location" not in asked[host] and "evil" not in asked[host]
        assert asked[host].endswith("\r\n\r\nThis port speaks HTTPS only.\n")
    assert f"\r\nLocation: https://LOCALHOST:{port}/x\r\n" in asked[f"LOCALHOST:{port}"]
