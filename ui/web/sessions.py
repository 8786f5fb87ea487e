"""Games in progress for the browser: one step-wise engine session per game, kept in a store.

The person's moves arrive one request at a time; the computer's moves are played at once after
them, so a response always ends at the person's next decision or at the end of the game. The log
is the terminal's: the classic transcript of documents 000/001 for Pig, the turn lines of
``pigsolve hog play`` for Hog.
"""

from __future__ import annotations

import functools
import io
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from pigsolve.policies import Player, make_player
from pigsolve.policies.human import Human
from pigsolve.policies.user import is_user_player
from pigsolve.solver.dice import RandomDice
from pigsolve.solver.engine import HogGame, PigGame, Rolled
from pigsolve.solver.errors import InvalidArgument, PigsolveError
from pigsolve.solver.games.hog import hog_rules
from pigsolve.solver.games.pig import PIG, PigRules, roll_outcomes
from pigsolve.solver.pig.solve import MAX_FULL_GOAL
from pigsolve.solver.results import check_seed
from pigsolve.ui.hog_terminal import describe_turn
from pigsolve.ui.pig_terminal import ClassicStyle

IDLE_SECONDS = 30 * 60
"""A game untouched this long is forgotten."""
MAX_GAMES = 1000


def check_web_player(name: str) -> str:
    """Return ``name`` unless it names a file's function: the page must not run code on the host."""
    if is_user_player(name):
        raise ApiError(400, "players from files run code: use them from the command line")
    return name


class ApiError(PigsolveError):
    """A request the API refuses: ``status`` is its HTTP status (4xx)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Session:
    """One game: the engine, the person's seat, the computer player and the log so far."""

    game: PigGame | HogGame
    kind: str
    human: int
    opponent: Player
    opponent_name: str
    log: list[str] = field(default_factory=list)
    dice: list[int] = field(default_factory=list)
    analysed: bool = True
    decisions: list[dict[str, Any]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, events: list[Any]) -> None:
        """Append the events to the log in the terminal's words."""
        if self.kind == "hog":
            names = ("you", self.opponent_name) if self.human == 0 else (self.opponent_name, "you")
            self.log += [describe_turn(record, names) for record in events]
            self.dice = list(events[-1].outcomes) if events else self.dice
            return
        self.dice = [event.value for event in events if isinstance(event, Rolled)][-1:] or self.dice
        text = io.StringIO()
        style = ClassicStyle(self.human, io.StringIO(), text)
        for event in events:
            style.show(event)
        self.log += text.getvalue().splitlines()

    def advice(self) -> tuple[str, dict[str, float]]:
        """Return the optimal action and the mover's win probability after each legal action."""
        game = self.game
        if self.kind == "pig":
            view = game.view
            table = _pig_table(game.rules)
            if view.score + view.turn_total >= view.goal:  # hold and win; a roll risks a pig
                pig = sum(float(q) for q, points in roll_outcomes(game.rules) if points == PIG)
                opponent_wins = table.win_probability(view.opponent_score, view.score, 0)
                return "hold", {"roll": 1.0 - pig * opponent_wins, "hold": 1.0}
            p_roll, p_hold = table.action_values(view.score, view.opponent_score, view.turn_total)
            best = table.should_roll(view.score, view.opponent_score, view.turn_total)
            values = {"roll": p_roll} | ({} if p_hold is None else {"hold": p_hold})
            return ("roll" if best else "hold"), values
        from pigsolve.solver.hog.evaluate import action_values

        solution = _hog_solution(game.rules)
        _, best = solution.at(game.view)
        values = action_values(game.rules, solution.win_probability, game.view)
        return str(best), {str(n): p for n, p in values.items()}

    def play_computer(self) -> None:
        """Play the computer's moves until the person is to move or the game is over."""
        while not self.game.over and self.game.player != self.human:
            self.record(self.game.apply(self.opponent.choose(self.game.view)))

    def act(self, action: Any) -> None:
        """Play the person's ``action``; ApiError if it is not their turn or not legal."""
        if self.game.over:
            raise ApiError(409, "the game is over")
        if self.game.player != self.human:
            raise ApiError(409, "it is not your turn")
        if action not in self.game.legal_actions():
            raise ApiError(400, f"{action!r} is not a legal action now")
        if self.analysed:
            best, values = self.advice()
            name = ("roll" if action else "hold") if self.kind == "pig" else str(action)
            self.decisions.append(
                {"action": name, "best": best, "p": values[name], "best_p": values[best]}
            )
        self.record(self.game.apply(action))
        self.play_computer()

    def state(self, game_id: str) -> dict[str, Any]:
        """Return what the page shows: scores, whose turn, the legal actions and the log."""
        game = self.game
        legal = [] if game.over or game.player != self.human else list(game.legal_actions())
        if self.kind == "pig":
            legal = ["roll" if action else "hold" for action in legal]
        state = {
            "id": game_id,
            "game": self.kind,
            "goal": game.rules.goal,
            "you": self.human,
            "opponent": self.opponent_name,
            "scores": list(game.scores),
            "player": game.player,
            "legal": legal,
            "over": game.over,
            "winner": game.winner,
            "log": self.log,
            "dice": self.dice,
            "evaluation": [decision["p"] for decision in self.decisions],
            "review": [
                decision | {"move": number, "cost": decision["best_p"] - decision["p"]}
                for number, decision in enumerate(self.decisions, 1)
                if decision["action"] != decision["best"]
            ],
        }
        if self.kind == "pig":
            state["die"] = game.rules.die_sides
            state["turn_total"] = game.view.turn_total
        else:
            state["rules"] = game.rules.name
        return state


def new_session(
    kind: str, opponent: str, goal: int, die: int, rules: str, first: str, seed: int | None
) -> Session:
    """Start a game of ``kind`` ('pig' or 'hog') against ``opponent``.

    The computer moves first if ``first`` is 'computer' (or by a coin for 'random').
    """
    if first not in ("you", "computer", "random"):
        raise InvalidArgument(f"first must be you, computer or random, got {first!r}")
    rng = np.random.default_rng(None if seed is None else check_seed(seed))
    human = int(rng.integers(2)) if first == "random" else {"you": 0, "computer": 1}[first]
    if kind == "pig":
        game_rules = PigRules(goal, die)
        game: PigGame | HogGame = PigGame(game_rules, RandomDice(die, rng))
    elif kind == "hog":
        game_rules = hog_rules(rules, goal)
        game = HogGame(game_rules, RandomDice(game_rules.die_sides, rng))
    else:
        raise ApiError(404, f"unknown game {kind!r}; accepted: pig, hog")
    player = make_player(kind, check_web_player(opponent), game_rules)
    if isinstance(player, Human):
        raise InvalidArgument("play against a computer player, not human")
    session = Session(game, kind, human, player, opponent)
    session.analysed = kind == "hog" or goal <= MAX_FULL_GOAL  # larger Pig tables take a while
    session.record(list(game.start()))
    session.play_computer()
    return session


@functools.lru_cache(maxsize=8)
def _pig_table(rules: PigRules) -> Any:
    """Return the optimal table of ``rules``, read (or computed) once for every game."""
    from pigsolve.solver.pig.table import load_or_compute

    return load_or_compute(rules)


@functools.lru_cache(maxsize=4)
def _hog_solution(rules: Any) -> Any:
    """Return the optimal Hog solution of ``rules``, read (or computed) once for every game."""
    from pigsolve.solver.hog.table import load_or_compute

    return load_or_compute(rules)


def hint(session: Session) -> dict[str, Any]:
    """Return the optimal action and the person's win probability for each legal action."""
    game = session.game
    if game.over or game.player != session.human:
        raise ApiError(409, "hints are for your own turn")
    best, values = session.advice()
    return {"best": best, "values": values}


class Store:
    """Games by id; a game idle for ``idle_seconds`` is forgotten, at most ``limit`` are kept."""

    def __init__(self, idle_seconds: float = IDLE_SECONDS, limit: int = MAX_GAMES) -> None:
        self.idle_seconds = idle_seconds
        self.limit = limit
        self._games: dict[str, tuple[Session, float]] = {}
        self._lock = threading.Lock()

    def add(self, session: Session) -> str:
        """Keep ``session``; return its new id."""
        with self._lock:
            self._expire()
            if len(self._games) >= self.limit:
                raise ApiError(503, f"{self.limit} games are in progress; try again later")
            game_id = secrets.token_urlsafe(9)
            self._games[game_id] = (session, time.monotonic())
            return game_id

    def get(self, game_id: str) -> Session:
        """Return the game ``game_id``; ApiError 404 if it is unknown or expired."""
        with self._lock:
            self._expire()
            if game_id not in self._games:
                raise ApiError(404, f"no game {game_id!r} (unknown, or idle too long)")
            session, _ = self._games[game_id]
            self._games[game_id] = (session, time.monotonic())
            return session

    def __len__(self) -> int:
        return len(self._games)

    def _expire(self) -> None:
        now = time.monotonic()
        for game_id, (_, touched) in list(self._games.items()):
            if now - touched > self.idle_seconds:
                del self._games[game_id]
