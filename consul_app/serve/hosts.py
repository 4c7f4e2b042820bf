"""The addresses `consul serve` answers to, against DNS rebinding.

A page on another site whose name is made to resolve to this machine reaches the server as
its own origin, so the Origin check alone lets it in; but the browser still sends that site's
name as Host. Only the names this server was started for are answered: the loopback names, the
`--host` address and the network address it printed, each with its port.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")


def _in_url(name: str) -> str:
    """`name` as a URL (and a Host header) writes it: an IPv6 address in brackets."""
    try:
        return f"[{name}]" if ipaddress.ip_address(name).version == 6 else name
    except ValueError:
        return name


def allowed_hosts(names: Iterable[str], port: int) -> frozenset[str]:
    """Every Host header a browser sends for `names` on `port` (lower case)."""
    hosts = set()
    for name in (*LOOPBACK_NAMES, *names):
        host = _in_url(name.lower())
        hosts.add(f"{host}:{port}")
        if port == 80:  # (a browser leaves out the default port)
            hosts.add(host)
    return frozenset(hosts)


def address(host: str, port: int) -> str:
    """The URL a browser opens for `host` and `port`."""
    return f"http://{_in_url(host)}:{port}"
