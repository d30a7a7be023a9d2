"""The host names the app answers to when ALLOWED_HOSTS is not set: 127.0.0.1 and localhost,
and the address it is served on (HOST). Served on every interface (0.0.0.0 or ::), phones reach
it by this machine's name or address, so those are added. No Django here (see secret.py)."""

from __future__ import annotations

import socket

LOCAL = ["127.0.0.1", "localhost", "[::1]"]
EVERY_INTERFACE = {"0.0.0.0", "::", "[::]", ""}


def default_allowed_hosts(host: str | None) -> list[str]:
    hosts = list(LOCAL)
    host = (host or "").strip()
    if host in EVERY_INTERFACE:
        if host:  # HOST asked for every interface: the names this machine is known by
            hosts += this_machine()
    else:
        hosts.append(f"[{host}]" if ":" in host else host)
    return list(dict.fromkeys(hosts))


def this_machine() -> list[str]:
    """This machine's name and addresses, as a phone on the same network would type them."""
    names = [socket.gethostname(), socket.getfqdn()]
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None)
        names += [info[4][0] for info in infos]
    except OSError:
        pass
    try:  # the address of the way out (no packet is sent for a UDP "connect")
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            names.append(probe.getsockname()[0])
    except OSError:
        pass
    return [f"[{n}]" if ":" in n else n for n in names if n]
