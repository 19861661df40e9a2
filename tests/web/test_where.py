"""`flask where`: where phones can open the app, and what printed QR codes will carry."""

import ipaddress
import shutil
import socket
import subprocess

import pytest


def listed_addresses(output: str) -> list[str]:
    """Return the hosts of the indented http:// lines `flask where` lists for phones."""
    hosts = []
    for line in output.splitlines():
        if line.startswith("  http://"):
            host = line.strip()[len("http://"):].rsplit(":", 1)[0]
            hosts.append(host.strip("[]"))
    return hosts


def is_this_machines(address: str) -> bool:
    """Return True if a socket can be bound to address: only this machine's own can."""
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    with socket.socket(family, socket.SOCK_DGRAM) as probe:
        try:
            probe.bind((address, 0))
        except OSError:
            return False
    return True


def test_on_the_lan_it_lists_this_machines_addresses(runner, monkeypatch):
    monkeypatch.setenv("HOST", "0.0.0.0")
    monkeypatch.setenv("PORT", "5123")
    result = runner.invoke(args=["where"])
    assert result.exit_code == 0, result.output
    assert "Phones on the same network can open:" in result.output
    listed = listed_addresses(result.output)
    for address in listed:
        parsed = ipaddress.ip_address(address)
        assert parsed.version == 4, "0.0.0.0 listens on IPv4 only"
        assert not parsed.is_loopback and not parsed.is_link_local
        assert is_this_machines(address), f"{address} is not an address of this machine"
    if shutil.which("hostname"):
        # Debian's `hostname -I`: every address of this machine but loopback and link-local.
        ours = subprocess.run(["hostname", "-I"], capture_output=True, text=True).stdout.split()
        expected = sorted(a for a in ours if ":" not in a)
        if not expected:
            pytest.skip("this machine has no IPv4 address on a network")
        assert sorted(listed) == expected
    if listed:
        assert f"Set it, e.g. PUBLIC_BASE_URL=http://{listed[0]}:5123" in result.output


def test_on_ipv6_too_it_lists_ipv6_addresses_in_brackets(runner, monkeypatch):
    monkeypatch.setenv("HOST", "::")
    monkeypatch.setenv("PORT", "5124")
    result = runner.invoke(args=["where"])
    assert result.exit_code == 0, result.output
    for line in result.output.splitlines():
        if line.startswith("  http://") and line.count(":") > 2:
            assert line.strip().startswith("http://[") and line.strip().endswith("]:5124/")
    for address in listed_addresses(result.output):
        assert is_this_machines(address)


def test_on_loopback_it_says_phones_cannot_reach_it(runner, monkeypatch):
    monkeypatch.delenv("HOST", raising=False)
    monkeypatch.setenv("PORT", "5125")
    result = runner.invoke(args=["where"])
    assert "judgeaid is starting on http://127.0.0.1:5125/" in result.output
    assert "Only this machine can open it" in result.output
    assert "HOST=0.0.0.0 make run" in result.output
    assert listed_addresses(result.output) == []


def test_it_names_the_public_base_url_qr_codes_carry(app, runner, monkeypatch):
    monkeypatch.setenv("HOST", "0.0.0.0")
    app.config["PUBLIC_BASE_URL"] = "http://192.0.2.50:5000"
    result = runner.invoke(args=["where"])
    assert "QR codes on printed slips and cards carry PUBLIC_BASE_URL=http://192.0.2.50:5000" \
        in result.output
    app.config["PUBLIC_BASE_URL"] = "http://127.0.0.1:5000"
    result = runner.invoke(args=["where"])
    assert "Phones cannot open that address" in result.output


def test_bound_to_one_address_it_names_that_address(runner, monkeypatch):
    from judgeaid.reach import machine_addresses

    addresses = machine_addresses(ipv6=False)
    if not addresses:
        pytest.skip("this machine has no IPv4 address on a network")
    monkeypatch.setenv("HOST", addresses[0])
    monkeypatch.setenv("PORT", "5126")
    result = runner.invoke(args=["where"])
    assert f"judgeaid is starting on http://{addresses[0]}:5126/" in result.output
    assert "Only this machine" not in result.output
    assert f"PUBLIC_BASE_URL=http://{addresses[0]}:5126" in result.output
