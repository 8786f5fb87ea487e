"""What a request must be before the API reads it: from this server's own pages, small, JSON.

The server answers only requests addressed to it by a name it serves (the Host header) and sent
by its own page: an Origin header, where the browser sends one, must be the request's scheme and
Host, and a browser's Sec-Fetch-Site must say the request comes from the same origin or from a
typed address (a link from another site may still open the page and its files, which compute
nothing). A request that may start a computation is a POST of JSON (another site's page cannot
send one without the server's leave) or carries ``Sec-Fetch-Site: same-origin``, which browsers
set on their own page's requests alone (:func:`check_from_page`; an older browser's ``<img>``
sends no fetch header at all). So a web page the machine's user visits cannot start games or
computations on the server, nor read its answers through DNS rebinding. A body is at most
:data:`MAX_BODY_BYTES`, refused from its Content-Length before it is read and cut off if it
grows past that while being read; a POST's body is JSON, an object of at most :data:`MAX_DEPTH`
levels whose numbers have at most :data:`MAX_DIGITS` digits and whose fields each appear once.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Sequence
from typing import Any

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pigsolve.solver.errors import InvalidArgument, excerpt
from pigsolve.ui.web.sessions import ApiError

LOOPBACK = ("127.0.0.1", "localhost", "::1")
"""The names a server on this machine is always reached by."""
AUTHORITY = re.compile(r"(?P<host>[\w.-]+|\[[\da-f:.]+\])(:\d{1,5})?", re.IGNORECASE | re.ASCII)
"""A Host header: a name or an address, then perhaps a port."""
WILDCARDS = ("0.0.0.0", "::", "")
"""Hosts that serve on every interface: no name of their own."""

MAX_BODY_BYTES = 64 * 1024
MAX_DIGITS = 25
"""Digits of a number in a request (a seed below 2^64 has 20)."""
MAX_DEPTH = 8
"""Levels of nesting in a request body (the API's bodies have two: an object holding a list)."""
SAME_SITE = ("same-origin", "none")
"""Sec-Fetch-Site values of a request from the server's own page, or a typed address."""
FILES = ("/", "/plotly.min.js", "/static/")
"""Paths that compute nothing (the page and its files): a link from another site may open them."""
PAGE_HEADERS = {"Sec-Fetch-Site": "same-origin"}
"""What a browser adds to every request of the page's own script (and a client of the API
sends as well to start computations with a GET)."""


def shown(value: str) -> str:
    """Return ``value`` quoted and cut to a length fit for a one-line error."""
    return excerpt(value)


def refusal(
    headers: Headers, method: str, path: str, hosts: Collection[str], scheme: str = "http"
) -> tuple[int, str] | None:
    """Return the status and words refusing a ``method`` request for ``path`` with ``headers``
    received over ``scheme`` (``http``, ``https``), or None to serve it."""
    host = headers.get("host", "")
    if host_name(host) not in hosts:
        return 403, (
            f"this server does not serve the host {shown(host)}; "
            "to serve a class under that name, start pigsolve gui with --allow-host NAME"
        )
    origin = headers.get("origin")
    if origin is not None and origin.lower() != f"{scheme}://{host}".lower():
        return 403, f"requests from the page at {shown(origin)} are refused (another site)"
    site = headers.get("sec-fetch-site")
    page = method == "GET" and (path in FILES or path.startswith(FILES[-1]))
    if site is not None and site not in SAME_SITE and not page:
        return 403, "requests from other sites' pages are refused"
    length = headers.get("content-length", "0")
    if not length.isdigit() or len(length) > MAX_DIGITS:
        return 400, "the Content-Length header is not a number"
    if int(length) > MAX_BODY_BYTES:
        return 413, f"the request body is {length} bytes; at most {MAX_BODY_BYTES} are accepted"
    kind = headers.get("content-type", "").split(";")[0].strip().lower()
    if method == "POST" and kind != "application/json":
        return 415, "the request body must be JSON (Content-Type: application/json)"
    return None


class RequestGuard:
    """ASGI middleware refusing what :func:`refusal` refuses and cutting off long bodies."""

    def __init__(self, app: ASGIApp, hosts: Collection[str] = LOOPBACK) -> None:
        self.app = app
        self.hosts = {host_name(host) or host.lower() for host in hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers, scheme = Headers(scope=scope), scope.get("scheme", "http")
        refused = refusal(headers, scope["method"], scope["path"], self.hosts, scheme)
        if refused is not None:
            status, words = refused
            await JSONResponse({"error": words}, status_code=status)(scope, receive, send)
            return
        received = 0

        async def capped() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > MAX_BODY_BYTES:
                raise ApiError(413, f"the request body is over {MAX_BODY_BYTES} bytes")
            return message

        await self.app(scope, capped, send)


def check_from_page(request: Request) -> None:
    """Raise a 403 unless ``request``, which may start a computation, is a POST (of JSON: see
    :func:`refusal`) or carries the page's own ``Sec-Fetch-Site: same-origin``."""
    if request.method != "POST" and request.headers.get("sec-fetch-site") != "same-origin":
        raise ApiError(
            403,
            "a GET that may start a computation is answered to the page's own requests only "
            "(a browser's Sec-Fetch-Site: same-origin)",
        )


def _field_once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    fields = dict(pairs)
    if len(fields) < len(pairs):
        seen = set()
        twice = next(name for name, _ in pairs if name in seen or seen.add(name))
        raise ApiError(400, f"{shown(twice)} is given twice in the request body")
    return fields


def _number(digits: str) -> int | float:
    if sum(c.isdigit() for c in digits) > MAX_DIGITS:
        raise ApiError(400, f"numbers in the request body have at most {MAX_DIGITS} digits")
    return float(digits) if any(c in digits for c in ".eE") else int(digits)


def _no_constant(name: str) -> None:
    raise ApiError(400, f"{name} is not a number the API accepts")


def too_deep(value: Any, most: int = MAX_DEPTH) -> bool:
    """Return True if a JSON value nests more than ``most`` levels (a number or a string: 1)."""
    level = [value]
    for _ in range(most):
        level = [
            item
            for holder in level
            if isinstance(holder, dict | list)
            for item in (holder.values() if isinstance(holder, dict) else holder)
        ]
    return bool(level)


async def json_body(request: Request) -> dict[str, Any]:
    """Return the request's body, a JSON object (an empty body is ``{}``); ApiError if not."""
    raw = await request.body() or b"{}"
    try:
        body = json.loads(
            raw,
            object_pairs_hook=_field_once,
            parse_int=_number,
            parse_float=_number,
            parse_constant=_no_constant,
        )
    except RecursionError:
        raise ApiError(400, f"the request body is nested more than {MAX_DEPTH} deep") from None
    except ValueError:  # not JSON, or not UTF-8
        raise ApiError(400, "the request body is not JSON") from None
    if not isinstance(body, dict):
        raise ApiError(400, "the request body must be a JSON object")
    if too_deep(body):
        raise ApiError(400, f"the request body is nested more than {MAX_DEPTH} deep")
    return body


def host_name(authority: str) -> str:
    """Return the host of ``authority`` ('host', 'host:port', '[::1]:8000', '::1'), in lower
    case; '' if it is not a host name or address (with a port or none)."""
    if authority.count(":") > 1 and not authority.startswith("["):
        authority = f"[{authority}]"  # an IPv6 address without a port
    match = AUTHORITY.fullmatch(authority)
    return match.group("host").strip("[]").lower() if match else ""


def served_hosts(host: str, allowed_hosts: Sequence[str]) -> list[str]:
    """Return the host names the server answers to: loopback, ``host`` unless it is a wildcard
    (0.0.0.0, ::) and ``allowed_hosts``; InvalidArgument for a name that is not a host."""
    names = [*LOOPBACK, *([] if host in WILDCARDS else [host])]
    for name in allowed_hosts:
        if not host_name(name) or host_name(name) != name.strip("[]").lower():
            raise InvalidArgument(f"--allow-host takes a host name or address, got {name!r}")
        names.append(host_name(name))
    return list(dict.fromkeys(names))
