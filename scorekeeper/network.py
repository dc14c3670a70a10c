"""Where phones find the server: this machine's LAN addresses, best first, read
from its network interfaces (not from the host name, which on Debian and a
Raspberry Pi resolves to 127.0.1.1), and an optional mDNS announcement of
``scorekeeper.local``.

Choosing is pure code over (interface name, address) pairs, so it is tested with
made-up interfaces:

>>> lan_addresses([("lo", "127.0.0.1"), ("docker0", "172.17.0.1"),
...                ("wlan0", "192.168.1.20"), ("wlan0", "fe80::1")])
['192.168.1.20', '172.17.0.1']
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable, Iterable

import ifaddr

MDNS_HOST = "scorekeeper.local"
# Interfaces that never lead to a phone on the wifi: container and VM bridges,
# tunnels and VPNs. Their addresses still show, after the real ones.
VIRTUAL = (
    "docker",
    "br-",
    "veth",
    "virbr",
    "vmnet",
    "vboxnet",
    "lxc",
    "lxdbr",
    "podman",
    "cni",
    "flannel",
    "tun",
    "tap",
    "wg",
    "zt",
    "tailscale",
    "utun",
)
PRIVATE_V4 = [ipaddress.ip_network(n) for n in ("192.168.0.0/16", "10.0.0.0/8", "172.16.0.0/12")]

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


def interfaces() -> list[tuple[str, str]]:
    """Every (interface name, address) of this machine, as the system lists them."""
    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            address = ip.ip if isinstance(ip.ip, str) else ip.ip[0]
            found.append((adapter.nice_name, address))
    return found


def lan_addresses(pairs: Iterable[tuple[str, str]]) -> list[str]:
    """The addresses a phone on the same network may use, best first.

    Loopback and link-local addresses are left out. IPv4 comes first: private
    ranges (192.168/16, then 10/8, then 172.16/12) before any other, and real
    interfaces before container bridges and tunnels. IPv6 addresses are given
    only when there is no IPv4 one (phones and home routers handle IPv4 best).
    """
    usable: dict[Address, tuple[int, int]] = {}
    for order, (name, text) in enumerate(pairs):
        try:
            address = ipaddress.ip_address(text.split("%")[0])
        except ValueError:
            continue
        if address.is_loopback or address.is_link_local or address.is_unspecified:
            continue
        if address.is_multicast or address in usable:
            continue
        virtual = name.lower().startswith(VIRTUAL)
        usable[address] = (int(virtual) * 10 + rank(address), order)
    best = sorted(usable, key=lambda a: usable[a])
    v4 = [a for a in best if a.version == 4]
    return [str(a) for a in (v4 or best)]


def rank(address: Address) -> int:
    """0-2 for the private IPv4 ranges in the order homes use them, 3 otherwise."""
    if address.version == 4:
        for n, network in enumerate(PRIVATE_V4):
            if address in network:
                return n
    return 3


def is_address(text: str) -> bool:
    """Whether ``text`` is an IP address (rather than a host name)."""
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine only: ``localhost``, 127.0.0.0/8 or ``::1``.

    >>> [is_loopback(h) for h in ("localhost", "127.0.1.1", "::1", "192.168.1.20", "pi")]
    [True, True, True, False, False]
    """
    return host == "localhost" or (is_address(host) and ipaddress.ip_address(host).is_loopback)


def url(scheme: str, address: str, port: int) -> str:
    """``http://192.168.1.20:8000/``; an IPv6 address is bracketed.

    >>> url("https", "fd00::2", 8443)
    'https://[fd00::2]:8443/'
    """
    host = f"[{address}]" if ":" in address else address
    return f"{scheme}://{host}:{port}/"


def announce(address: str, port: int, scheme: str = "http") -> Callable[[], None]:
    """Answer mDNS for ``scorekeeper.local`` (an A or AAAA record for ``address``)
    and advertise an ``_http._tcp`` (or ``_https._tcp``) service on that interface
    only. Gives the function that withdraws both; raises OSError (or zeroconf's
    errors) when multicast cannot be used."""
    from zeroconf import ServiceInfo, Zeroconf

    kind = f"_{scheme}._tcp.local."
    info = ServiceInfo(
        kind,
        f"Scorekeeper.{kind}",
        port=port,
        properties={"path": "/"},
        server=f"{MDNS_HOST}.",
        parsed_addresses=[address],
    )
    zeroconf = Zeroconf(interfaces=[address])
    try:
        zeroconf.register_service(info, allow_name_change=True)
    except BaseException:
        zeroconf.close()
        raise

    def withdraw() -> None:
        try:
            zeroconf.unregister_service(info)
        finally:
            zeroconf.close()

    return withdraw


def host_names() -> list[str]:
    """This machine's names a browser may be given: its host name and mDNS names."""
    name = socket.gethostname().split(".")[0]
    return [n for n in dict.fromkeys(["localhost", MDNS_HOST, name, f"{name}.local"]) if n]
