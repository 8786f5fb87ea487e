"""Games in progress for the browser: one step-wise engine session per game, kept in a store.

The person's moves arrive one request at a time; the computer's moves are played at once after
them, so a response always ends at the person's next decision or at the end of the game. The log
is the terminal's, in the family's words (:meth:`solver.registry.Family.play`): the transcript
``pigsolve play`` prints for the same game and decisions. A game seats the person and up to the
family's most players less one computer players.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pigsolve.policies import Player
from pigsolve.policies.human import Human
from pigsolve.policies.roster import is_user_player, roster
from pigsolve.solver.engine import Play
from pigsolve.solver.errors import PigsolveError, excerpt
from pigsolve.solver.registry import family_of
from pigsolve.ui.adapters import adapter_of
from pigsolve.ui.web import tables

IDLE_SECONDS = 30 * 60
"""A game untouched this long is forgotten."""
ACTIVE_SECONDS = 10 * 60
"""A player who moved (in any of their games) this recently is playing: their games stay."""
STARTED_SECONDS = 2 * 60
"""A known player's new game stays this long before its first move."""
MAX_GAMES = 1000
"""Games kept in memory at once."""
GAMES_PER_CLIENT = 20
"""Games one client (one page's session, :mod:`ui.web.clients`) keeps at once; its next
takes the place of its own game left alone longest."""
GAMES_PER_ADDRESS = 300
"""Games one address keeps at once, however many sessions it shows: a backstop, high enough
for a class of 30 behind one address (a lab's NAT), so that fresh sessions from one address
cannot fill the store."""
REVIEW_COST = 0.001
"""The review lists the choices that cost at least this much win probability (0.1 points)."""


def check_web_player(name: str) -> str:
    """Return ``name`` unless it names a file's function (the page must not run code on the
    host) or a best response (computed at the command line)."""
    if is_user_player(name):
        raise ApiError(400, "players from files run code: use them from the command line")
    if name.startswith("best-response:"):
        raise ApiError(400, "best responses take a while: use them from the command line")
    return name


class ApiError(PigsolveError):
    """A request the API refuses: ``status`` is its HTTP status (4xx)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Session:
    """One game: its family's play (engine, actions by name, words), the person's seat, the
    computer players by seat (name, player; None for ``optimal``, who reads the table), the log
    so far, whether the optimal table judges the person's choices (``no_table`` says why
    not), and the seed of the game's coins (None: fresh).

    The session keeps no table: the optimal table is the server's, in its bounded cache
    (:class:`ui.web.tables.Tables`), handed to each move (one copy however many games read it).
    The computer players move as soon as it is their turn, so between requests the person is
    to move or the game is over.
    """

    play: Play
    kind: str
    human: int
    computers: dict[int, tuple[str, Player | None]]
    analysed: bool = False
    no_table: str = ""
    seed: int | None = None
    log: list[str] = field(default_factory=list)
    decisions: list[dict[str, Any]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def game(self) -> Any:
        """The engine."""
        return self.play.game

    @property
    def needs_table(self) -> bool:
        """True if a move needs the optimal table: it judges the person or plays a seat."""
        return self.analysed or any(player is None for _, player in self.computers.values())

    def record(self, events: list[Any]) -> None:
        """Append the events to the log in the terminal's words (``pigsolve play``'s transcript)."""
        self.log += self.play.lines(events, self.names)

    @property
    def names(self) -> list[str]:
        """Return each seat's name: 'you' or the computer player's."""
        seats = len(self.game.scores)
        return ["you" if seat == self.human else self.computers[seat][0] for seat in range(seats)]

    def play_computer(self, table: Any = None) -> None:
        """Play the computer's moves until the person is to move or the game is over; ``table``
        is the optimal table the ``optimal`` players read."""
        optimal = None
        while not self.game.over and self.game.player != self.human:
            _, player = self.computers[self.game.player]
            if player is None:
                optimal = optimal or tables.optimal_player(self.game.rules, table, self.coins())
                player = optimal
            self.record(self.game.apply(player.choose(self.game.view)))

    def coins(self) -> int | None:
        """Return the seed of the optimal players' coins from here on: the game's seed and the
        log's length, so a seed replays its game and no two turns share a toss."""
        if self.seed is None:
            return None
        return int(np.random.SeedSequence((self.seed, len(self.log))).generate_state(1)[0])

    def act(self, action: Any, table: Any = None) -> None:
        """Play the person's ``action`` (judged by the optimal ``table`` if analysed); ApiError
        if the game is over or it is not legal."""
        if self.game.over:
            raise ApiError(409, "the game is over")
        name = self.play.name(action)
        if action not in self.game.legal_actions():
            raise ApiError(400, f"{self.play.words(name)} is not a legal choice now")
        if self.analysed:
            best, values = self.play.advice(table)
            self.decisions.append(
                {"action": name, "best": best, "p": values[name], "best_p": values[best]}
            )
        self.record(self.game.apply(action))
        self.play_computer(table)

    def state(self, game_id: str) -> dict[str, Any]:
        """Return what the page shows: scores, whose turn, the legal actions, the dice in play,
        the log, the person's win probability after each choice and the costly choices."""
        game, words = self.game, self.play.words
        legal = [] if game.over else self.play.legal()
        return {
            "id": game_id,
            "game": self.kind,
            "title": adapter_of(game.rules).page_title(game.rules),
            "goal": game.rules.goal,
            "you": self.human,
            "players": self.names,
            "opponent": ", ".join(name for name, _ in self.computers.values()),
            "scores": [int(score) for score in game.scores],
            "player": game.player,
            "action_field": self.play.action_field,  # the field of POST .../actions
            "legal": legal,
            "choices": [words(name) for name in legal],
            "over": game.over,
            "winner": game.winner,
            "log": self.log,
            "analysed": self.analysed,
            "no_hints": self.no_table,
            "evaluation": [decision["p"] for decision in self.decisions],
            "review": [
                decision
                | {
                    "move": number,
                    "cost": decision["best_p"] - decision["p"],
                    "action_words": words(decision["action"]),
                    "best_words": words(decision["best"]),
                }
                for number, decision in enumerate(self.decisions, 1)
                if decision["best_p"] - decision["p"] >= REVIEW_COST
            ],
        } | self.play.fields()


def new_session(
    kind: str,
    rules: Any,
    opponents: list[str],
    first: str,
    seed: int | None,
    table: Any = None,
    no_table: str = "",
) -> Session:
    """Start a game of the family named ``kind`` under ``rules``: the person and
    ``opponents`` (computer players, in the order they move after the person).

    The person moves first for ``first`` 'you', last for 'computer', at a seat drawn by the
    seeded generator for 'random'. ``table`` is the optimal table: optimal players read it and
    it judges the person's choices (None: ``no_table`` says why there is none).
    """
    rng = np.random.default_rng(seed)
    seats = len(opponents) + 1
    last = seats - 1
    human = int(rng.integers(seats)) if first == "random" else {"you": 0, "computer": last}[first]
    play = family_of(rules).play(rules, rng)
    computers = {}
    for after, name in enumerate(opponents, 1):
        player = (
            None
            if name == "optimal"
            else roster(rules).player(check_web_player(name), rules, seed=seed)
        )
        if isinstance(player, Human):
            raise ApiError(400, "opponents must be computer players, not human")
        computers[(human + after) % seats] = (name, player)
    session = Session(play, kind, human, computers, table is not None, no_table, seed)
    session.record(list(play.game.start()))
    session.play_computer(table)
    return session


def hint(session: Session, table: Any = None) -> dict[str, Any]:
    """Return the optimal choice and the person's win probability after each legal choice,
    from the optimal ``table``."""
    if session.game.over:
        raise ApiError(409, "the game is over")
    if not session.analysed:
        raise ApiError(409, f"no hints in this game: {session.no_table or 'it has no table'}")
    best, values = session.play.advice(table)
    words = session.play.words
    return {
        "best": best,
        "best_words": words(best),
        "values": [
            {"action": action, "words": words(action), "p": p} for action, p in values.items()
        ],
    }


@dataclass
class Kept:
    """A game in the store: its session, its last action (a start or a move), its player's
    session and address, and whether its player is known (a returning browser's start, or a
    move made)."""

    session: Session
    touched: float
    client: str
    address: str
    known: bool = False
    started: float = 0.0


class Store:
    """Games by id, shared fairly, never taken from a player who is playing.

    A game idle (no start, no move) for more than ``idle_seconds`` is forgotten. A known
    player's game (started by a browser that sent its session's cookie back, or moved in) is
    kept while it is being played: while its player moved in one of their games within
    ``active_seconds``, or for ``started_seconds`` after its start. Past a share, a game not
    kept makes room: a finished one first, then a stranger's (a start that kept no cookie, never
    moved in), then the one left alone longest. A client (one page's session) keeps at most
    ``per_client`` games (its next takes its own game's place), an address ``per_address``
    (its next takes the place of a game from that address), the store ``limit``. Where every
    game that could make room is kept, a new game is refused (503). So a flood of starts, from
    any addresses or from the player's own, takes only the games nobody plays. Reading a game
    does not keep it alive. ``clock`` tells the time.
    """

    def __init__(
        self,
        idle_seconds: float = IDLE_SECONDS,
        limit: int = MAX_GAMES,
        clock: Callable[[], float] = time.monotonic,
        per_client: int = GAMES_PER_CLIENT,
        per_address: int = GAMES_PER_ADDRESS,
        active_seconds: float = ACTIVE_SECONDS,
        started_seconds: float = STARTED_SECONDS,
    ) -> None:
        self.idle_seconds = idle_seconds
        self.limit = limit
        self.per_client = per_client
        self.per_address = per_address
        self.active_seconds = active_seconds
        self.started_seconds = started_seconds
        self.clock = clock
        self._games: OrderedDict[str, Kept] = OrderedDict()  # least recently touched first
        self._moved: dict[str, float] = {}  # each client's last move
        self._lock = threading.Lock()

    def add(
        self, session: Session, client: str = "", address: str = "", known: bool = False
    ) -> str:
        """Keep ``session``, started by ``client`` (its page's session, ``known``: one that sent
        its cookie back) from ``address``; return its new id. ApiError (503) if no game may make
        room."""
        with self._lock:
            self._expire()
            shares = (
                (lambda kept: kept.client == client, self.per_client, "your page"),
                (lambda kept: kept.address == address, self.per_address, "your address"),
                (lambda kept: True, self.limit, "the server"),
            )
            for mine, most, whose in shares:
                own = [game_id for game_id, kept in self._games.items() if mine(kept)]
                if len(own) >= most:  # one game makes room at every level it counts in
                    self._make_room(own, client, whose)
            game_id = secrets.token_urlsafe(9)
            now = self.clock()
            self._games[game_id] = Kept(session, now, client, address, known, started=now)
            return game_id

    def _make_room(self, game_ids: list[str], client: str, whose: str) -> None:
        """Forget the first game of ``game_ids`` to go (:meth:`_idle_rank`) that is not kept
        (:meth:`_kept`), ``client``'s own included; ApiError 503 if every one is kept."""
        free = [
            game_id
            for game_id in game_ids
            if self._games[game_id].client == client or not self._kept(self._games[game_id])
        ]
        if not free:
            raise ApiError(
                503,
                f"{whose} has {len(game_ids)} games in play (the most), each started or moved in "
                f"within {self.active_seconds / 60:g} minutes; try again when one ends",
            )
        del self._games[min(free, key=self._idle_rank)]

    def get(self, game_id: str, touch: bool = False) -> Session:
        """Return the game ``game_id`` (``touch``: a move, which keeps it alive and its player
        active); ApiError 404 if it is unknown or expired."""
        with self._lock:
            self._expire()
            if game_id not in self._games:
                raise ApiError(404, f"no game {excerpt(game_id)} (unknown, or idle too long)")
            kept = self._games[game_id]
            if touch:
                kept.touched = self._moved[kept.client] = self.clock()
                kept.known = True
                self._games.move_to_end(game_id)
            return kept.session

    def __len__(self) -> int:
        return len(self._games)

    def _kept(self, kept: Kept) -> bool:
        """Return True if ``kept`` is a known player's game in play: its player moved within
        ``active_seconds`` (in any of their games), or it started within ``started_seconds``."""
        if not kept.known or kept.session.game.over:
            return False
        now, moved = self.clock(), self._moved.get(kept.client)
        playing = moved is not None and now - moved <= self.active_seconds
        return playing or now - kept.started <= self.started_seconds

    def _idle_rank(self, game_id: str) -> tuple[bool, bool, float]:
        """Order games for eviction: finished ones first, then strangers', then the one idle
        longest."""
        kept = self._games[game_id]
        return not kept.session.game.over, kept.known, kept.touched

    def _expire(self) -> None:
        now = self.clock()
        while self._games:
            game_id, kept = next(iter(self._games.items()))
            if now - kept.touched <= self.idle_seconds:
                break
            del self._games[game_id]
        for client, moved in list(self._moved.items()):
            if now - moved > self.active_seconds:
                del self._moved[client]
