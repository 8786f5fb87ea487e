"""Solve Hog exactly: optimal play, fixed strategies, best responses, comparisons, tables.

Every turn raises the score sum by at least 1 and a swap keeps it (see :mod:`solver.games.hog`), so
each quantity below is computed in ONE backward pass over decreasing score sums, exact up to
float64 rounding, with no iteration and no tolerance:

``solve(rules)``
    Both players maximise their own win probability (the Bellman equation of
    :mod:`solver.games.hog`).
``evaluate(rules, policy_a, policy_b)``
    Two fixed strategies: the probability that the mover wins, for each seat.
``best_response(rules, policy_b)``
    The exact best reply to a fixed strategy and its win probabilities.

A policy is an ``int8`` array of shape ``rules.shape`` holding a number of dice for every state
``(s, o, f, a, b)``. Ties between actions whose values differ by at most :data:`TIE` are broken
towards the fewest dice (in fa16: -1 before 0 before 1 ...), in every solver here.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from solver.pig.evaluate import Comparison
from solver.games.hog import HogRules, HogState, chance_outcomes, is_over

TIE = 1e-12
TABLE_KIND = "hog"


@dataclass(frozen=True, repr=False)
class HogSolution:
    """Win probabilities and the chosen numbers of dice in every Hog state.

    Attributes
    ----------
    rules : HogRules
    win_probability : ndarray(float64, shape=rules.shape)
        ``[s, o, f, a, b]``: the probability that the mover wins.
    policy : ndarray(int8, shape=rules.shape)
        The number of dice the mover chooses.
    method : str
        ``"optimal"`` or ``"best-response:NAME"``.
    seconds : float
        Time of the pass, without JIT compilation.
    """

    rules: HogRules
    win_probability: np.ndarray
    policy: np.ndarray
    method: str
    seconds: float

    @property
    def p_first_player(self) -> float:
        """Return the first player's win probability from 0-0."""
        return float(self.win_probability[0, 0, 0, 0, 0])

    @property
    def opening_move(self) -> int:
        """Return the number of dice chosen on the first turn."""
        return int(self.policy[0, 0, 0, 0, 0])

    def at(self, state: HogState) -> tuple[float, int]:
        """Return ``(win probability, number of dice)`` of the mover in ``state``."""
        index = state.index(self.rules)
        return float(self.win_probability[index]), int(self.policy[index])

    def __repr__(self) -> str:
        rows = {
            "rules": f"{self.rules.name}, goal={self.rules.goal}",
            "method": self.method,
            "p_first_player": f"{self.p_first_player:.12f}",
            "opening_move": self.opening_move,
            "seconds": f"{self.seconds:.3f}",
        }
        width = max(map(len, rows))
        return "\n".join(f"{name:>{width}}: {value}" for name, value in rows.items())


def _sweep(
    rules: HogRules,
    v_a: np.ndarray,
    pol_a: np.ndarray,
    fixed_a: bool,
    v_b: np.ndarray,
    pol_b: np.ndarray,
    fixed_b: bool,
    same: bool,
) -> float:
    """Run the compiled pass; return its seconds."""
    from solver.hog import _kernels as _hog_kernels
    from solver.games.hog import FERAL_BONUS, FERAL_GAP, bacon_table, roll_table

    roll_p, bacon = roll_table(rules), bacon_table(rules)
    start = time.perf_counter()
    _hog_kernels._sweep(
        rules.goal,
        roll_p,
        bacon,
        rules.swap == "double",
        rules.wild_every or 0,
        rules.alt_sides is not None,
        FERAL_GAP if rules.feral_hogs else 0,
        FERAL_BONUS,
        v_a,
        pol_a,
        fixed_a,
        v_b,
        pol_b,
        fixed_b,
        same,
        TIE,
    )
    return time.perf_counter() - start


def check_policy(rules: HogRules, policy: np.ndarray) -> np.ndarray:
    """Return ``policy`` as int8 if it has ``rules.shape`` and legal actions, else ValueError."""
    policy = np.asarray(policy)
    if policy.shape != rules.shape:
        raise ValueError(f"policy shape {policy.shape} does not match the rules' {rules.shape}")
    bad = np.argwhere((policy < rules.min_rolls) | (policy > rules.actions[-1]))
    if len(bad):
        state = tuple(int(x) for x in bad[0])
        raise ValueError(
            f"policy chooses {int(policy[state])} dice in state {state}; "
            f"accepted: {rules.min_rolls} to {rules.actions[-1]}"
        )
    return policy.astype(np.int8)


def solve(rules: HogRules) -> HogSolution:
    """Return the optimal win probabilities and policy of ``rules``.

    >>> from solver.games.hog import hog_rules
    >>> solution = solve(hog_rules("fa16", goal=20))
    >>> 0.5 < solution.p_first_player < 0.7
    True
    """
    v = np.zeros(rules.shape)
    policy = np.zeros(rules.shape, np.int8)
    seconds = _sweep(rules, v, policy, False, v, policy, False, True)
    return HogSolution(rules, v, policy, "optimal", seconds)


def evaluate(
    rules: HogRules, policy_a: np.ndarray, policy_b: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Return the mover's win probabilities when A plays ``policy_a`` and B ``policy_b``.

    Returns
    -------
    x_a, x_b : ndarray(float64, shape=rules.shape)
        ``x_a[x]``: the probability that A wins when A moves in state ``x``; ``x_b`` likewise
        for B.
    """
    policy_a, policy_b = check_policy(rules, policy_a), check_policy(rules, policy_b)
    x_a, x_b = np.zeros(rules.shape), np.zeros(rules.shape)
    _sweep(rules, x_a, policy_a.copy(), True, x_b, policy_b.copy(), True, False)
    return x_a, x_b


def best_response(
    rules: HogRules, policy_b: np.ndarray, name: str = "fixed"
) -> tuple[HogSolution, np.ndarray]:
    """Return the exact best reply to ``policy_b`` and B's win probabilities against it.

    The reply's :class:`HogSolution` has method ``"best-response:NAME"``.
    """
    policy_b = check_policy(rules, policy_b)
    x_a, x_b = np.zeros(rules.shape), np.zeros(rules.shape)
    policy_a = np.zeros(rules.shape, np.int8)
    seconds = _sweep(rules, x_a, policy_a, False, x_b, policy_b.copy(), True, False)
    return HogSolution(rules, x_a, policy_a, f"best-response:{name}", seconds), x_b


def compare(
    rules: HogRules, policy_a: np.ndarray, policy_b: np.ndarray, a: str = "A", b: str = "B"
) -> Comparison:
    """Return the exact probabilities that A beats B from 0-0, A first and B first."""
    x_a, x_b = evaluate(rules, policy_a, policy_b)
    start = (0, 0, 0, 0, 0)
    a_first, b_first = float(x_a[start]), 1.0 - float(x_b[start])
    return Comparison(a, b, rules.goal, rules.die_sides, a_first, b_first)


def action_values(rules: HogRules, v_next: np.ndarray, state: HogState) -> dict[int, float]:
    """Return the mover's win probability for each number of dice, given the opponent's values.

    ``v_next`` holds the next mover's win probabilities (the solution itself under optimal
    play). Computed in pure Python from :func:`solver.games.hog.chance_outcomes`: an independent
    check of the compiled pass, and the source of ``hog play --hints``.
    """
    values = {}
    for n in rules.actions:
        total = 0.0
        for prob, turn in chance_outcomes(rules, state, n):
            nxt = turn.next_state
            if nxt.opponent_score >= rules.goal:
                total += float(prob)
            elif not is_over(rules, nxt):
                total += float(prob) * (1.0 - float(v_next[nxt.index(rules)]))
        values[n] = total
    return values


def default_path(rules: HogRules) -> Path:
    """Return ``data/hog-{name}-goal{G}.h5`` (``-noferal`` when Feral Hogs is off in su20)."""
    suffix = "-noferal" if rules.name == "su20" and not rules.feral_hogs else ""
    return Path("data") / f"hog-{rules.name}-goal{rules.goal}{suffix}.h5"


def save(solution: HogSolution, path: str | os.PathLike, force: bool = False) -> Path:
    """Write ``solution`` atomically as a ``kind="hog"`` table (layout: data/README.md)."""
    from solver.storage import write_table

    attrs = {
        "rules": solution.rules.to_json(),
        "rule_set": solution.rules.name,
        "goal": solution.rules.goal,
        "method": solution.method,
        "seconds": solution.seconds,
        "p_first_player": solution.p_first_player,
        "opening_move": solution.opening_move,
        "tie_tolerance": TIE,
    }
    datasets = {"win_probability": solution.win_probability, "policy": solution.policy}
    return write_table(path, TABLE_KIND, datasets, attrs, force=force)


def load(path: str | os.PathLike) -> HogSolution:
    """Read a table written by :func:`save`; raise TableError if it is not one."""
    from solver.errors import TableError
    from solver.storage import open_table

    with open_table(path, TABLE_KIND) as f:
        try:
            rules = HogRules.from_json(str(f.attrs["rules"]))
            v = f["win_probability"][...]
            policy = f["policy"][...]
            method, seconds = str(f.attrs["method"]), float(f.attrs["seconds"])
        except (KeyError, TypeError, ValueError) as err:
            raise TableError(f"{path} is not a complete hog table ({err})") from err
    if v.shape != rules.shape or policy.shape != rules.shape:
        raise TableError(f"{path}: table shape {v.shape} does not match its rules {rules.shape}")
    return HogSolution(rules, v, policy, method, seconds)


def load_or_compute(
    rules: HogRules,
    path: str | os.PathLike | None = None,
    announce: Callable[[str], None] | None = None,
) -> HogSolution:
    """Return the optimal solution stored at ``path`` (default :func:`default_path`).

    If the file is missing, solve, tell ``announce`` in one line and save it. A stored table for
    other rules raises TableError.
    """
    from solver.errors import TableError

    path = Path(path) if path is not None else default_path(rules)
    if path.exists():
        solution = load(path)
        if solution.rules != rules or solution.method != "optimal":
            raise TableError(
                f"{path} holds the {solution.method} table of {solution.rules.name} goal "
                f"{solution.rules.goal}, not the optimal table of {rules.name} goal {rules.goal}"
            )
        return solution
    if announce is not None:
        announce(f"computing the optimal {rules.name} Hog table (goal {rules.goal}) into {path}")
    solution = solve(rules)
    save(solution, path)
    return solution


def bench_hog(rules: HogRules) -> dict[str, float | str | int]:
    """Time the optimal solve of ``rules``: compile (or cache load) seconds and solve seconds."""
    from dataclasses import replace

    start = time.perf_counter()
    solve(replace(rules, goal=2))
    compile_seconds = time.perf_counter() - start
    solution = solve(rules)
    return {
        "rules": rules.name,
        "goal": rules.goal,
        "states": int(np.prod(rules.shape)),
        "compile_seconds": compile_seconds,
        "seconds": solution.seconds,
    }
