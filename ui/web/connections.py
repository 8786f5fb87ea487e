"""The server's connections: each request arrives whole within a bound, each address has a few.

uvicorn closes a connection left idle after a response (its keep-alive timeout) but not one
that trickles a request's headers or body a byte at a time, so a single client opening a
thousand such connections holds every file the process may open and locks everyone out. The
protocol made here is uvicorn's own h11 protocol with two rules added: a request (its headers
and body) not received whole within ``request_seconds`` of its first byte (of the connection,
for the first) has its connection closed, and a client address holding ``per_address``
connections has its next ones closed at once. A trusted reverse proxy's address is not capped
(all its clients arrive through it; it bounds its own). Nothing else of HTTP is handled here.
"""

from __future__ import annotations

import asyncio
import ipaddress
from collections import Counter
from collections.abc import Sequence
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

REQUEST_SECONDS = 10.0
"""How long a connection may take to send one whole request (headers and a body of at most
64 KiB: a phone on a slow network sends it in a second or two)."""
PER_ADDRESS = 64
"""Connections one client address may hold at once (a browser opens at most 6 to a server: a
room of browsers behind one address fits, a slow-client flood from one does not)."""


def addresses(values: Sequence[str]) -> list[str]:
    """Return the IP addresses and networks of ``values`` (each may be a comma list), as
    ``--trust-proxy`` takes them; ValueError naming the first that is neither."""
    found = [part.strip() for value in values for part in value.split(",") if part.strip()]
    for value in found:
        ipaddress.ip_network(value, strict=False)  # ValueError for a name or '*'
    return found


def guarded_protocol(
    request_seconds: float = REQUEST_SECONDS,
    per_address: int = PER_ADDRESS,
    uncapped: Sequence[str] = (),
) -> type[H11Protocol]:
    """Return an HTTP protocol class for ``uvicorn.Config(http=...)``: uvicorn's h11 protocol
    closing a connection whose request is not whole after ``request_seconds``, and those past
    ``per_address`` from one client address (not from the addresses and networks ``uncapped``,
    the trusted proxies)."""
    open_at: Counter[str] = Counter()
    exempt = [ipaddress.ip_network(network, strict=False) for network in uncapped]

    def capped(host: str) -> bool:
        try:
            address = ipaddress.ip_address(host)
        except ValueError:  # a Unix socket's peer: no address
            return False
        return not any(address in network for network in exempt)

    class GuardedProtocol(H11Protocol):
        """uvicorn's h11 protocol with a deadline on each request and a cap per address."""

        deadline: asyncio.TimerHandle | None = None
        counted: str | None = None

        def connection_made(self, transport: Any) -> None:  # type: ignore[override]
            super().connection_made(transport)
            host = self.client[0] if self.client else ""
            if capped(host):
                self.counted = host
                open_at[host] += 1
                if open_at[host] > per_address:
                    transport.abort()
                    return
            self._expect_request()

        def connection_lost(self, exc: Exception | None) -> None:
            self._met()
            if self.counted is not None:
                open_at[self.counted] -= 1
                if not open_at[self.counted]:
                    del open_at[self.counted]
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            self._follow()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._follow()  # a pipelined request may be half in

        def _follow(self) -> None:
            """Start the clock when a request is under way, stop it when it is whole."""
            if self.transport.is_closing():
                self._met()
            elif self.conn.their_state is h11.SEND_BODY or (
                self.conn.their_state is h11.IDLE and self.conn.trailing_data[0]
            ):
                self._expect_request()
            else:  # received whole (or none begun: the keep-alive timeout's time)
                self._met()

        def _expect_request(self) -> None:
            if self.deadline is None:
                self.deadline = self.loop.call_later(request_seconds, self._too_slow)

        def _met(self) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None

        def _too_slow(self) -> None:
            self.deadline = None
            if not self.transport.is_closing():
                self.transport.close()

    return GuardedProtocol
