"""Exact evaluation of Zombie Dice players: the solve with each seat's decisions given.

A player is evaluated through its ``decide(turn)``: its decisions ``rolls[lie, level]`` in a
:class:`solver.zombie.solve.Turn` (the optimal player's are its solution's; a rule of thumb's
come from :mod:`solver.zombie.thumbs`). :func:`solver.zombie.solve.solve_values` then plays the
two seats' turns as they decide, by the same layers and pairs as the solve (each pair is linear
in the other's value: one Newton step), and a seat left free plays its best response.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.zombie import ZombieRules
from pigsolve.solver.results import Comparison
from pigsolve.solver.zombie.solve import solve_values


def evaluate(rules: ZombieRules, players: Sequence[Any]) -> tuple[float, float]:
    """Return each player's exact chance of winning, the first moving first."""
    if len(players) != 2:
        raise InvalidArgument(f"Zombie Dice is solved for 2 players, got {len(players)}")
    a, b = players
    p = float(solve_values(rules, players=(a.decide, b.decide)).first[0, 0])
    return (p, 1.0 - p)


def compare(rules: ZombieRules, a: Any, b: Any) -> Comparison:
    """Return the exact chances that ``a`` beats ``b``, A first and B first."""
    a_first = evaluate(rules, [a, b])[0]
    b_first = evaluate(rules, [b, a])[1]
    return Comparison(a.name, b.name, rules.goal, rules.cup, a_first, b_first)
