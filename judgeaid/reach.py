"""Can phones at the tables reach this server, and use its offline features?

`phone_warnings` is pure: it takes the address QR codes carry and the address a page was
opened at, as text, and returns what to fix before printing. `machine_addresses` asks this
machine for its network addresses (no Flask either), for `flask where` and the suggestions.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import shutil
import socket
import subprocess
from dataclasses import dataclass
from urllib.parse import urlsplit

WILDCARDS = {"0.0.0.0", "::", "[::]", ""}


@dataclass(frozen=True)
class Notice:
    """One thing to fix: a short title, what goes wrong, a command that fixes it, more steps."""

    kind: str  # "qr-loopback", "qr-unreachable", "qr-name", "qr-malformed", "offline-off"
    title: str
    text: str
    command: str = ""
    steps: tuple[str, ...] = ()


def host_of(url: str) -> str | None:
    """Return a URL's host name or address (no brackets, lower case), or None if it has none."""
    try:
        parts = urlsplit(url.strip())
        host = parts.hostname
        _ = parts.port  # a port that is not a number raises ValueError
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not host:
        return None
    return host.lower()


def _address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        return address.ipv4_mapped
    return address


def is_loopback(host: str) -> bool:
    """Return True if host names this machine only: localhost, 127.0.0.0/8 or ::1."""
    address = _address(host)
    if address is not None:
        return address.is_loopback
    return host == "localhost" or host.endswith(".localhost")


def phones_cannot_use(host: str) -> str | None:
    """Return why a phone on the LAN cannot open this host, or None if it can."""
    if is_loopback(host):
        return "loopback"
    address = _address(host)
    if address is not None:
        if address.is_unspecified:  # 0.0.0.0 and :: are what a server listens on, not an address
            return "unreachable"
        if address.is_link_local:
            # fe80:: needs the phone's own interface name in the URL, which browsers refuse;
            # 169.254.x.x means this machine got no address from the network.
            return "unreachable"
        return None
    if "." not in host:
        # A single-label name ("judgebox") is found only if the venue router's DNS knows it,
        # which phones cannot be relied on to do; it may work, so this is a caution, not an
        # error. Names with dots (judgeaid.example.org, laptop.local) are left to DNS/mDNS.
        return "name"
    return None


def is_secure_context(url: str) -> bool:
    """Return True if browsers run service workers on pages at url: HTTPS, or this machine."""
    host = host_of(url)
    if host is None:
        return False
    return urlsplit(url.strip()).scheme == "https" or is_loopback(host)


def url_host(address: str) -> str:
    """Return an address as it goes in a URL: IPv6 in brackets."""
    return f"[{address}]" if ":" in address else address


def _port(url: str) -> int | None:
    try:
        parts = urlsplit(url.strip())
        return parts.port or {"http": 80, "https": 443}.get(parts.scheme)
    except ValueError:
        return None


def suggested_bases(lan_addresses: list[str] | tuple[str, ...], port: int | None) -> list[str]:
    """Return PUBLIC_BASE_URL values that would work: http://ADDRESS:PORT for each address."""
    suffix = "" if port in (None, 80) else f":{port}"
    return [f"http://{url_host(a)}{suffix}" for a in lan_addresses]


def phone_warnings(qr_base: str, page_url: str, *, is_public_base_set: bool,
                   lan_addresses: list[str] | tuple[str, ...] = (),
                   desk: bool = False) -> list[Notice]:
    """Return what stops phones from opening printed QR codes (and, on the desk, from working
    offline), given the QR codes' base URL and the URL this page was opened at."""
    warnings: list[Notice] = []
    shown = qr_base.strip().rstrip("/")
    where = (f"PUBLIC_BASE_URL is {shown}" if is_public_base_set else
             f"PUBLIC_BASE_URL is not set, so QR codes carry the address this page was opened "
             f"at, {shown}")
    port = _port(page_url) if not is_public_base_set else (_port(qr_base) or _port(page_url))
    bases = suggested_bases(lan_addresses, port)
    example = bases[0] if bases else f"http://<this machine's LAN address>:{port or 5000}"
    command = f"HOST=0.0.0.0 PUBLIC_BASE_URL={example} make run"
    steps = ("Stop the server and start it again with the command above: HOST=0.0.0.0 lets "
             "phones on the venue's network reach it, and QR codes carry PUBLIC_BASE_URL, "
             "this machine's address on that network.",)
    if bases[1:]:
        steps += ("This machine's other addresses: " + ", ".join(bases[1:]) + ".",)
    host = host_of(qr_base)
    problem = "malformed" if host is None else phones_cannot_use(host)
    if problem == "malformed":
        warnings.append(Notice(
            "qr-malformed", "QR codes would carry a broken address",
            f"{where}: it must start with http:// or https:// and name a host.", command,
            steps))
    elif problem == "loopback":
        warnings.append(Notice(
            "qr-loopback", "Phones cannot open these QR codes",
            f"{where}. That address is this machine itself: a phone that scans the code "
            "looks for the page on the phone and finds nothing.", command, steps))
    elif problem == "unreachable":
        warnings.append(Notice(
            "qr-unreachable", "Phones cannot open these QR codes",
            f"{where}. Phones cannot reach {host}: it is not an address of this machine on "
            "the venue's network.", command, steps))
    elif problem == "name":
        warnings.append(Notice(
            "qr-name", "Check that phones find this name",
            f"{where}. Phones find {host} only if the venue's router knows that name. Scan "
            "one printed code with a phone before printing them all, or use the address.",
            command, steps))
    if desk and problem is None:
        # Phones reach the app through the QR codes; this browser through this page.
        plain = [url for url in (qr_base, page_url) if not is_secure_context(url)]
        if plain:
            warnings.append(Notice(
                "offline-off", "Offline features are off",
                f"Browsers keep pages for offline use, and unsent scores across a reload, "
                f"only on HTTPS or on this machine itself; {plain[0].rstrip('/')} is plain "
                "http. Recording works while the network is up. Without it, phones cannot "
                "open pages or the pattern picker, and scores not yet sent are lost if the "
                "page is reloaded.", "",
                ("Put an HTTPS proxy in front of the server (see the README: Serving at a "
                 "venue).", "Set PUBLIC_BASE_URL=https://<its name> so QR codes use it.")))
    return warnings


# ---------------------------------------------------------------- this machine

def machine_addresses(*, ipv6: bool = True) -> list[str]:
    """Return this machine's addresses that phones on its networks can use: IPv4 first, no
    loopback, no link-local, no temporary or tentative IPv6."""
    found = _from_ip_command() if shutil.which("ip") else None
    if found is None:
        found = _from_resolver()
    useful = []
    for text in found:
        address = _address(text)
        if (address is None or address.is_loopback or address.is_link_local
                or address.is_unspecified or address.is_multicast or text in useful):
            continue
        if isinstance(address, ipaddress.IPv6Address) and not ipv6:
            continue
        useful.append(str(address))
    return sorted(useful, key=lambda a: (":" in a, ipaddress.ip_address(a)))


def _from_ip_command() -> list[str] | None:
    # Linux's iproute2 lists every address of every interface that is up, as JSON.
    try:
        out = subprocess.run(["ip", "-j", "address", "show", "up"], capture_output=True,
                             text=True, timeout=5, check=True).stdout
        links = json.loads(out)
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    return [info["local"] for link in links for info in link.get("addr_info", [])
            if info.get("local") and info.get("scope") == "global"
            and not info.get("tentative") and not info.get("temporary")
            and not info.get("deprecated")]


def _from_resolver() -> list[str]:
    # Elsewhere: the names this machine gives itself, and the address it would send from.
    found = []
    with contextlib.suppress(OSError):
        found += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None)]
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # a UDP connect sends no packet
        found.append(probe.getsockname()[0])
    return found
