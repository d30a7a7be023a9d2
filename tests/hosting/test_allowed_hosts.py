"""ALLOWED_HOSTS out of the box: this machine's loopback names and the address it serves on."""

from __future__ import annotations

import socket

from scorekeeper.hosting.hosts import default_allowed_hosts


def test_without_host_only_this_machine_itself():
    assert default_allowed_hosts(None) == ["127.0.0.1", "localhost", "[::1]"]


def test_the_address_it_is_served_on_is_allowed():
    assert default_allowed_hosts("192.168.1.20")[-1] == "192.168.1.20"
    assert default_allowed_hosts("scores.club.example")[-1] == "scores.club.example"
    assert default_allowed_hosts("fd00::5")[-1] == "[fd00::5]"  # as Django reads a Host header


def test_served_on_every_interface_the_machine_is_reached_by_its_name():
    hosts = default_allowed_hosts("0.0.0.0")
    assert socket.gethostname() in hosts
    assert "0.0.0.0" not in hosts and "127.0.0.1" in hosts
