"""Which addresses ``scorekeeper serve`` gives the phones, from made-up interfaces."""

import pytest

from scorekeeper.network import lan_addresses, url

PI = [("lo", "127.0.0.1"), ("lo", "::1"), ("docker0", "172.17.0.1"),
      ("wlan0", "192.168.1.20"), ("wlan0", "fe80::ba27:ebff:fe01:2345%wlan0"),
      ("wlan0", "fd00::ba27:ebff:fe01:2345")]  # fmt: skip


@pytest.mark.parametrize(
    ("pairs", "expected"),
    [
        pytest.param([("lo", "127.0.0.1"), ("lo", "::1")], [], id="loopback only"),
        pytest.param(PI, ["192.168.1.20", "172.17.0.1"], id="pi: wifi before docker's bridge"),
        pytest.param([("docker0", "172.17.0.1"), ("eth0", "172.20.5.9")],
                     ["172.20.5.9", "172.17.0.1"], id="same range: real interface first"),
        pytest.param([("lo", "::1"), ("eth0", "2001:db8::7"), ("eth0", "fd12::7"),
                      ("eth0", "fe80::1")], ["2001:db8::7", "fd12::7"], id="ipv6 only"),
        pytest.param([("eth0", "169.254.10.3"), ("eth0", "fe80::1%eth0")], [],
                     id="link-local only"),
        pytest.param([("eth0", "203.0.113.5"), ("wlan0", "172.16.0.4"), ("en1", "10.1.2.3"),
                      ("en0", "192.168.0.9")],
                     ["192.168.0.9", "10.1.2.3", "172.16.0.4", "203.0.113.5"],
                     id="private ranges in order, public last"),
        pytest.param([("eth0", "192.168.1.2"), ("eth0:1", "192.168.1.2"), ("x", "nonsense")],
                     ["192.168.1.2"], id="repeats and junk dropped"),
        pytest.param([("tailscale0", "100.64.1.2"), ("wlan0", "100.64.9.9")],
                     ["100.64.9.9", "100.64.1.2"], id="vpn after wifi"),
    ],
)  # fmt: skip
def test_lan_addresses_best_first(pairs, expected):
    assert lan_addresses(pairs) == expected


def test_ipv6_urls_are_bracketed():
    assert url("http", "192.168.1.20", 8000) == "http://192.168.1.20:8000/"
    assert url("http", "fd00::1", 8000) == "http://[fd00::1]:8000/"
