"""Whether phones can open printed QR codes and work offline: the pure rules, no app."""

import ast
from pathlib import Path

import pytest

from judgeaid import reach

LAN = ("192.168.1.20", "10.0.0.7")


def kinds(qr_base, page_url="http://127.0.0.1:5000/t/1/organizer", *, is_set=True, desk=False):
    return [w.kind for w in reach.phone_warnings(qr_base, page_url, is_public_base_set=is_set,
                                                 lan_addresses=LAN, desk=desk)]


@pytest.mark.parametrize(("qr_base", "expected"), [
    ("http://127.0.0.1:5000/", ["qr-loopback"]),
    ("http://127.8.9.10:5000", ["qr-loopback"]),
    ("http://[::1]:5000/", ["qr-loopback"]),
    ("http://[::ffff:127.0.0.1]:5000/", ["qr-loopback"]),
    ("http://localhost:5000/", ["qr-loopback"]),
    ("http://LOCALHOST/", ["qr-loopback"]),
    ("http://judgeaid.localhost:5000/", ["qr-loopback"]),
    ("http://0.0.0.0:5000/", ["qr-unreachable"]),
    ("http://[::]:5000/", ["qr-unreachable"]),
    ("http://169.254.10.2:5000/", ["qr-unreachable"]),
    ("http://[fe80::1]:5000/", ["qr-unreachable"]),
    ("http://judgebox:5000/", ["qr-name"]),
    ("192.168.1.20:5000", ["qr-malformed"]),
    ("ftp://192.168.1.20/", ["qr-malformed"]),
    ("http://192.168.1.20:port/", ["qr-malformed"]),
    ("http://192.168.1.20:5000", []),
    ("http://10.0.0.7:8000/", []),
    ("http://[fd00::2]:5000/", []),
    ("http://laptop.local:5000/", []),
    ("https://judgeaid.example.org", []),
])
def test_which_qr_addresses_phones_cannot_open(qr_base, expected):
    assert kinds(qr_base) == expected


def test_the_loopback_warning_says_what_phones_get_and_how_to_fix_it():
    [warning] = reach.phone_warnings("http://127.0.0.1:5000/", "http://127.0.0.1:5000/t/1/print",
                                     is_public_base_set=False, lan_addresses=LAN)
    assert "PUBLIC_BASE_URL is not set" in warning.text
    assert "http://127.0.0.1:5000" in warning.text
    assert warning.command == "HOST=0.0.0.0 PUBLIC_BASE_URL=http://192.168.1.20:5000 make run"
    assert "http://10.0.0.7:5000" in " ".join(warning.steps)


def test_without_known_addresses_the_fix_names_the_port_and_a_placeholder():
    [warning] = reach.phone_warnings("http://localhost:8000/", "http://localhost:8000/x",
                                     is_public_base_set=False)
    assert warning.command == ("HOST=0.0.0.0 PUBLIC_BASE_URL=http://<this machine's LAN "
                               "address>:8000 make run")
    assert "other addresses" not in " ".join(warning.steps)


def test_a_set_public_base_is_named_as_the_cause():
    [warning] = reach.phone_warnings("http://127.0.0.1:9000", "http://192.168.1.20:5000/x",
                                     is_public_base_set=True, lan_addresses=LAN)
    assert warning.text.startswith("PUBLIC_BASE_URL is http://127.0.0.1:9000.")
    assert "PUBLIC_BASE_URL=http://192.168.1.20:9000" in warning.command


@pytest.mark.parametrize(("qr_base", "page_url", "expected"), [
    # The organizer on this machine, phones on plain http over the LAN: phones lose offline.
    ("http://192.168.1.20:5000", "http://127.0.0.1:5000/t/1/organizer", ["offline-off"]),
    # The desk itself opened over plain http on the LAN.
    ("https://judgeaid.example.org", "http://192.168.1.20:5000/t/1/organizer",
     ["offline-off"]),
    ("https://judgeaid.example.org", "https://judgeaid.example.org/t/1/organizer", []),
    ("https://judgeaid.example.org", "http://localhost:5000/t/1/organizer", []),
    # Loopback QR codes: one warning, the one to fix first.
    ("http://127.0.0.1:5000/", "http://127.0.0.1:5000/t/1/organizer", ["qr-loopback"]),
])
def test_the_desk_warns_when_offline_features_are_off(qr_base, page_url, expected):
    assert kinds(qr_base, page_url, desk=True) == expected


def test_print_pages_do_not_speak_of_offline_features():
    assert kinds("http://192.168.1.20:5000", "http://192.168.1.20:5000/t/1/print/slips") == []


def test_the_offline_warning_says_recording_works_online_and_how_to_turn_it_on():
    [warning] = reach.phone_warnings("http://192.168.1.20:5000", "http://127.0.0.1:5000/",
                                     is_public_base_set=True, desk=True)
    assert "Recording works while the network is up" in warning.text
    assert any("PUBLIC_BASE_URL=https://" in step for step in warning.steps)
    assert any("HTTPS" in step for step in warning.steps)


@pytest.mark.parametrize(("url", "secure"), [
    ("https://a.example", True), ("http://localhost:5000/", True), ("http://127.0.0.1/", True),
    ("http://[::1]:5000/", True), ("http://192.168.1.20/", False), ("http://a.example/", False),
    ("nonsense", False),
])
def test_secure_contexts_are_https_or_this_machine(url, secure):
    assert reach.is_secure_context(url) is secure


def test_suggested_bases_bracket_ipv6_and_leave_out_port_80():
    assert reach.suggested_bases(["192.168.1.20", "fd00::2"], 5000) == [
        "http://192.168.1.20:5000", "http://[fd00::2]:5000"]
    assert reach.suggested_bases(["10.0.0.7"], 80) == ["http://10.0.0.7"]


def test_this_machines_addresses_leave_out_loopback_and_link_local():
    addresses = reach.machine_addresses()
    assert all(not reach.is_loopback(a) and reach.phones_cannot_use(a) is None
               for a in addresses)
    assert all(":" not in a for a in reach.machine_addresses(ipv6=False))


def test_the_rules_know_nothing_of_flask_or_the_database():
    tree = ast.parse(Path(reach.__file__).read_text())
    imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.module}
    assert not imported & {"flask", "werkzeug", "sqlalchemy", "judgeaid"}
