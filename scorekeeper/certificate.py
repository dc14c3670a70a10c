"""The self-signed certificate for ``scorekeeper serve --https`` on the home network.

Made on first run in the instance folder (``https-key.pem``, mode 0600, and
``https-certificate.pem``), valid for every name and address a phone may be given.
Later runs reuse it, so a phone that trusted it once keeps trusting it; it is
made again when a new address is wanted that it does not cover, or when fewer
than 30 days are left. The key is kept across renewals.
"""

from __future__ import annotations

import ipaddress
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

KEY, CERTIFICATE = "https-key.pem", "https-certificate.pem"
# Apple devices refuse server certificates valid for more than 825 days.
LIFETIME = timedelta(days=825)
RENEW_BEFORE = timedelta(days=30)


def ensure(folder: Path, names: list[str], addresses: list[str]) -> tuple[Path, Path]:
    """The (certificate, key) files in ``folder``, made or renewed as needed."""
    folder = folder.resolve()
    folder.mkdir(parents=True, exist_ok=True)
    key_path, cert_path = folder / KEY, folder / CERTIFICATE
    wanted = subject_names(names, addresses)
    if cert_path.exists() and key_path.exists() and still_good(cert_path, wanted):
        return cert_path, key_path
    key = load_or_make_key(key_path)
    cert_path.write_bytes(make_certificate(key, wanted).public_bytes(serialization.Encoding.PEM))
    return cert_path, key_path


def subject_names(names: list[str], addresses: list[str]) -> list[x509.GeneralName]:
    """The subjectAltName entries: DNS names, then IP addresses (no repeats)."""
    dns: list[x509.GeneralName] = [x509.DNSName(n) for n in dict.fromkeys(names)]
    ips: list[x509.GeneralName] = [
        x509.IPAddress(ipaddress.ip_address(a)) for a in dict.fromkeys(addresses)
    ]
    return dns + ips


def still_good(path: Path, wanted: list[x509.GeneralName]) -> bool:
    """Covers every wanted name and has more than RENEW_BEFORE left to run."""
    try:
        cert = x509.load_pem_x509_certificate(path.read_bytes())
        covered = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except (ValueError, x509.ExtensionNotFound):
        return False
    try:  # made before name constraints (a CA for any site, should its key leak): remade
        limits = cert.extensions.get_extension_for_class(x509.NameConstraints).value
    except x509.ExtensionNotFound:
        return False
    fresh = cert.not_valid_after_utc - datetime.now(UTC) > RENEW_BEFORE
    allowed = set(limits.permitted_subtrees or [])
    return fresh and all(name in covered for name in wanted) and set(permitted(wanted)) <= allowed


def permitted(names: list[x509.GeneralName]) -> list[x509.GeneralName]:
    """The name constraints of the certificate as an authority: exactly the names and
    addresses it is for (each address as a network of one address)."""
    out: list[x509.GeneralName] = []
    for name in names:
        if isinstance(name, x509.IPAddress):
            address = name.value
            out.append(x509.IPAddress(ipaddress.ip_network(f"{address}/{address.max_prefixlen}")))
        else:
            out.append(name)
    return out


def load_or_make_key(path: Path) -> ec.EllipticCurvePrivateKey:
    """The kept private key, or a new P-256 key written readable by the owner only."""
    if path.exists():
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
        if isinstance(key, ec.EllipticCurvePrivateKey):
            return key
    key = ec.generate_private_key(ec.SECP256R1())
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    path.unlink(missing_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(pem)
    return key


def make_certificate(
    key: ec.EllipticCurvePrivateKey, names: list[x509.GeneralName]
) -> x509.Certificate:
    """Self-signed, for the server and as its own authority: a phone can install
    it as a trusted certificate (Android and iOS list only CA certificates). As an
    authority it is constrained (critical NameConstraints) to exactly the names and
    addresses it serves: with its key, no certificate for any other site would be
    trusted by a phone that installed it."""
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Scorekeeper at home")])
    now = datetime.now(UTC)
    usage = x509.KeyUsage(
        digital_signature=True,
        key_cert_sign=True,
        content_commitment=False,
        key_encipherment=False,
        data_encipherment=False,
        key_agreement=False,
        crl_sign=False,
        encipher_only=False,
        decipher_only=False,
    )
    builder = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(minutes=5))
        .not_valid_after(now + LIFETIME)
        .add_extension(x509.SubjectAlternativeName(names), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(x509.NameConstraints(permitted(names), None), critical=True)
        .add_extension(usage, critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(key.public_key()), critical=False
        )
    )
    return builder.sign(key, hashes.SHA256())
