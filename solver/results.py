"""The results every family shares: exact comparisons, tunings, simulated games and
tournaments, a table's checks, progress callbacks."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pigsolve.solver.errors import InvalidArgument

if TYPE_CHECKING:
    import numpy as np

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` while a long computation runs."""


@dataclass(frozen=True)
class Comparison:
    """Exact probabilities that player ``a`` beats player ``b`` (at Pig or at Hog).

    ``a_first``: A moves first; ``b_first``: B moves first; ``average``: a fair coin decides.
    """

    a: str
    b: str
    goal: int
    die: int
    a_first: float
    b_first: float

    @property
    def average(self) -> float:
        """Return the probability that A wins when a fair coin toss decides who starts."""
        return 0.5 * (self.a_first + self.b_first)

    def swapped(self) -> Comparison:
        """Return the same match seen from B's side."""
        return Comparison(self.b, self.a, self.goal, self.die, 1 - self.b_first, 1 - self.a_first)

    def as_dict(self) -> dict[str, Any]:
        """Return the JSON object ``{a, b, goal, die, a_first, b_first, average}``."""
        return {
            "a": self.a,
            "b": self.b,
            "goal": self.goal,
            "die": self.die,
            "a_first": self.a_first,
            "b_first": self.b_first,
            "average": self.average,
        }


@dataclass(frozen=True)
class FieldComparison(Comparison):
    """One player against a field of ``N - 1`` others: ``a_first`` its chance moving first,
    ``b_first`` its mean chance when a field player moves first, ``seats`` its chance moving
    first, second, ...; ``average``: its seat drawn at random."""

    seats: tuple[float, ...] = ()

    @property
    def average(self) -> float:
        """Return the player's chance when its seat is drawn at random."""
        return sum(self.seats) / len(self.seats)

    def as_dict(self) -> dict[str, Any]:
        """Return the comparison's JSON object with ``seats``."""
        return super().as_dict() | {"seats": list(self.seats)}


@dataclass(frozen=True)
class Tuning:
    """A kind of player searched exactly against one player: every member's comparison, best
    coin-toss chance first (``ranked``), the documents' member's, optimal play's against the
    same player, and the warnings of a range whose edge hides a better member."""

    kind: str
    against: str
    ranked: tuple[Comparison, ...]
    documents: Comparison
    optimal: Comparison
    warnings: tuple[str, ...] = ()

    @property
    def best(self) -> Comparison:
        """The best member's comparison (its name is ``best.a``)."""
        return self.ranked[0]

    @property
    def chance(self) -> float:
        """The best member's chance on a coin toss for the first move."""
        return self.best.average

    @property
    def gap(self) -> float:
        """How much less the best member wins than optimal play, on a coin toss."""
        return self.optimal.average - self.best.average

    def __repr__(self) -> str:
        return (
            f"Tuning(kind={self.kind!r}, against={self.against!r}, best={self.best.a!r}, "
            f"chance={self.chance:.6f}, candidates={len(self.ranked)}, gap={self.gap:.6f})"
        )


def rank(
    names: Sequence[str],
    compare: Callable[[str], Comparison],
    progress: Callable[[int, int], None] | None = None,
) -> list[Comparison]:
    """Return ``compare(name)`` for every name, best coin-toss win probability first.

    Ties keep the order of ``names`` (so the first of equals is the simplest, if listed first).
    """
    results = []
    for done, name in enumerate(names, 1):
        results.append(compare(name))
        if progress is not None:
            progress(done, len(names))
    return sorted(results, key=lambda result: -result.average)


def round_robin(
    names: Sequence[str], compare: Callable[[str, str], Comparison]
) -> list[Comparison]:
    """Return every ordered pair (A, B) of ``names``, row by row, A against itself included.

    Each ordered pair is computed as ``compare(a, b)`` computes it alone, so a row agrees with
    the single comparison to the last digit (not (B, A) swapped, which differs by rounding).
    """
    if not names:
        raise InvalidArgument("no players to compare")
    return [compare(a, b) for a in names for b in names]


@dataclass(frozen=True)
class Tally:
    """Wins of player A in the games of one kind (all games, or those one player started)."""

    games: int
    wins: int

    @property
    def rate(self) -> float:
        """Return the fraction of these games that A won."""
        return self.wins / self.games if self.games else math.nan

    def wilson(self, confidence: float = 0.95) -> tuple[float, float]:
        """Return the Wilson score interval for A's win probability."""
        from scipy.stats import binomtest

        if self.games == 0:
            return math.nan, math.nan
        ci = binomtest(self.wins, self.games).proportion_ci(confidence, method="wilson")
        return float(ci.low), float(ci.high)


@dataclass(frozen=True)
class Simulation:
    """The outcome of a tournament of A against B, alternating who starts."""

    a: str
    b: str
    goal: int
    die: int
    seed: int
    a_first: Tally
    b_first: Tally
    mean_turns: float
    seconds: float
    exact: Comparison | None = None
    """The exact probabilities for the same players, when the simulator had their tables."""

    @property
    def total(self) -> Tally:
        """Return A's wins over all games."""
        return Tally(self.a_first.games + self.b_first.games, self.a_first.wins + self.b_first.wins)

    def z_scores(self, exact: Comparison) -> dict[str, float]:
        """Return the z-scores of A's wins against the exact probabilities, overall and by starter.

        Each is (wins - expected) / sd with the binomial variance under the exact values.
        """
        parts = [(self.a_first, exact.a_first), (self.b_first, exact.b_first)]

        def z(pairs: list[tuple[Tally, float]]) -> float:
            expected = sum(t.games * p for t, p in pairs)
            variance = sum(t.games * p * (1 - p) for t, p in pairs)
            wins = sum(t.wins for t, _ in pairs)
            return (wins - expected) / math.sqrt(variance) if variance > 0 else math.nan

        return {"total": z(parts), "a_first": z(parts[:1]), "b_first": z(parts[1:])}


@dataclass(frozen=True, eq=False)
class Tournament:
    """The outcome of games of N players, the first move passing round the table.

    Attributes
    ----------
    rules
        The rules played (any family's: their ``goal`` is read).
    names : tuple of str
        The players in the order of play; player p is ``names[p]``.
    die : int
        The sides of the die the games roll.
    seed : int
    started : ndarray(int64, shape=(N,))
        ``started[r]``: the games player r moved first in.
    wins : ndarray(int64, shape=(N, N))
        ``wins[r, p]``: player p's wins in the games player r started.
    mean_turns : float
        Mean number of turns per game, every player's turns counted.
    seconds : float
        The games alone, JIT compilation excluded.
    exact : ndarray(float64, shape=(N, N)) or None
        ``exact[r, p]``: player p's exact win probability when player r moves first, where the
        the family's evaluation takes the players.
    """

    rules: Any
    names: tuple[str, ...]
    die: int
    seed: int
    started: np.ndarray
    wins: np.ndarray
    mean_turns: float
    seconds: float
    exact: np.ndarray | None = None

    @property
    def games(self) -> int:
        """Return the number of games played."""
        return int(self.started.sum())

    def tally(self, player: int, first: int | None = None) -> Tally:
        """Return ``player``'s wins in the games ``first`` started (None: in all games)."""
        if first is None:
            return Tally(self.games, int(self.wins[:, player].sum()))
        return Tally(int(self.started[first]), int(self.wins[first, player]))

    @property
    def tallies(self) -> tuple[Tally, ...]:
        """Return each player's wins over all games."""
        return tuple(self.tally(p) for p in range(len(self.names)))

    @property
    def expected_rates(self) -> np.ndarray | None:
        """Return each player's exact win rate over this mix of first movers."""
        if self.exact is None:
            return None
        return self.started @ self.exact / self.games

    def z_scores(self) -> list[float]:
        """Return each player's (wins - expected) / sd over all games, the games started by
        different players counted as the independent binomials they are."""
        if self.exact is None:
            raise InvalidArgument("no exact probabilities to compare with")
        expected = self.started @ self.exact
        variance = self.started @ (self.exact * (1.0 - self.exact))
        wins = self.wins.sum(axis=0)
        return [
            float((w - e) / math.sqrt(v)) if v > 0 else math.nan
            for w, e, v in zip(wins, expected, variance, strict=True)
        ]

    def pair(self, a: int = 0, b: int = 1) -> Simulation:
        """Return player ``a``'s wins in the games ``a`` and ``b`` started, beside the exact
        values (with two players: every game, as the two-player table shows it)."""
        exact = None
        if self.exact is not None:
            a_first, b_first = float(self.exact[a, a]), float(self.exact[b, a])
            exact = Comparison(
                self.names[a],
                self.names[b],
                self.rules.goal,
                self.die,
                a_first,
                b_first,
            )
        return Simulation(
            self.names[a],
            self.names[b],
            self.rules.goal,
            self.die,
            self.seed,
            self.tally(a, a),
            self.tally(a, b),
            self.mean_turns,
            self.seconds,
            exact,
        )


def check_seed(seed: int) -> int:
    """Return ``seed`` if it is in [0, 2**64), else raise ValueError naming ``seed``."""
    if not 0 <= seed < 2**64:
        raise InvalidArgument(f"seed must be in [0, 2**64), got {seed}", parameter="seed")
    return seed


def fresh_seed() -> int:
    """Return a new random seed in [0, 2**64)."""
    import numpy as np

    return int(np.random.SeedSequence().entropy) % 2**64


def seat_seeds(seed: int | None, seats: int) -> list[int | None]:
    """Return a seed for each of ``seats`` players, each its own stream of ``seed`` (None:
    every player unseeded).

    >>> seat_seeds(None, 2), len(set(seat_seeds(7, 3))), seat_seeds(7, 3) == seat_seeds(7, 3)
    ([None, None], 3, True)
    """
    import numpy as np

    if seed is None:
        return [None] * seats
    return [int(s.generate_state(1)[0]) for s in np.random.SeedSequence(seed).spawn(seats)]


MAX_RESIDUAL = 1e-12
"""The largest Bellman residual ``verify`` accepts in a solved table, by default."""


@dataclass(frozen=True)
class Check:
    """One verified property of a table: its name, whether it holds and what was measured."""

    name: str
    passed: bool
    detail: str


@dataclass(frozen=True, eq=False)
class Seatings:
    """Each player's exact win probability in every seating order, and on average.

    Attributes
    ----------
    names : tuple of str
        The players as given; player p is ``names[p]``.
    orders : tuple of tuple of int
        Every seating: ``orders[r][seat]`` is the player in that seat; seat 0 moves first.
    probabilities : ndarray(float64, shape=(len(orders), N))
        ``probabilities[r, p]``: player p's win probability in seating r.
    """

    names: tuple[str, ...]
    orders: tuple[tuple[int, ...], ...]
    probabilities: np.ndarray

    @property
    def average(self) -> np.ndarray:
        """Return each player's win probability averaged over the seatings (a fair draw)."""
        return self.probabilities.mean(axis=0)

    def seating(self, r: int) -> tuple[str, ...]:
        """Return the names of seating ``r`` by seat, the first mover first."""
        return tuple(self.names[p] for p in self.orders[r])

    def rows(self) -> list[tuple[tuple[str, ...], tuple[float, ...]]]:
        """Return one row per seating: (names by seat, each player's probability as ``names``)."""
        return [
            (self.seating(r), tuple(float(p) for p in self.probabilities[r]))
            for r in range(len(self.orders))
        ]

    def as_dict(self) -> dict[str, Any]:
        """Return ``{players, seatings: [{seating, win_probability}], average}`` for JSON."""
        return {
            "players": list(self.names),
            "seatings": [
                {"seating": list(seating), "win_probability": list(chances)}
                for seating, chances in self.rows()
            ],
            "average": self.average.tolist(),
        }
