"""Who asks: the page's session, a random cookie the server sets on first contact.

A class often reaches the server from one address (a lab's NAT), so the address cannot tell
the students apart: each browser gets its own session, an HttpOnly, SameSite=Strict cookie
holding a random token (:func:`secrets.token_urlsafe`), set by :class:`ClientCookie` on the
first answer to a request without one. Games (:mod:`ui.web.sessions`) and computations
(:mod:`ui.web.jobs`) are shared fairly by session; the address stays a high backstop, as a
client that drops the cookie gets a fresh session at each request.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from http.cookies import SimpleCookie

from starlette.datastructures import MutableHeaders
from starlette.requests import HTTPConnection, cookie_parser
from starlette.types import ASGIApp, Message, Receive, Scope, Send

COOKIE = "pigsolve-session"
TOKEN = re.compile(r"[\w-]{22}", re.ASCII)
"""A session's token: 16 random bytes, URL-safe base64 (what the server sets)."""


@dataclass(frozen=True)
class Client:
    """One asker: its ``session`` (the cookie's token), its network ``address``, and whether it
    is ``known`` (it sent the cookie back: a browser that has been here before, not a script
    that keeps no cookies)."""

    session: str
    address: str
    known: bool = False


def client_of(connection: HTTPConnection) -> Client:
    """Return the client of a request that passed through :class:`ClientCookie`."""
    address = connection.client.host if connection.client else ""
    scope = connection.scope
    return Client(scope.get("pigsolve.session", ""), address, not scope.get("pigsolve.fresh"))


class ClientCookie:
    """ASGI middleware giving every request a session: the cookie's, else a new one, which the
    answer sets (HttpOnly: the page's scripts cannot read it; SameSite=Strict: another site's
    page does not send it)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        cookies = cookie_parser(HTTPConnection(scope).headers.get("cookie", ""))
        token = cookies.get(COOKIE, "")
        fresh = not TOKEN.fullmatch(token)
        if fresh:
            token = secrets.token_urlsafe(16)
        scope["pigsolve.session"], scope["pigsolve.fresh"] = token, fresh

        async def with_cookie(message: Message) -> None:
            if fresh and message["type"] == "http.response.start":
                cookie: SimpleCookie = SimpleCookie()
                cookie[COOKIE] = token
                cookie[COOKIE]["path"] = "/"
                cookie[COOKIE]["httponly"] = True
                cookie[COOKIE]["samesite"] = "Strict"
                MutableHeaders(scope=message).append("set-cookie", cookie.output(header="").strip())
            await send(message)

        await self.app(scope, receive, with_cookie)
