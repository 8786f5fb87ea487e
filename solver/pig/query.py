"""One state of a stored Pig table as a record: every player's chances and the optimal action.

The same record for any number of players, from the mover's row of a
:class:`solver.pig.solution.PigSolution`; ``pigsolve query`` prints it as text or JSON.
"""

from __future__ import annotations

from typing import Any

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.pig.solution import PigSolution


def check_state(rules: Any, numbers: list[int]) -> tuple[tuple[int, ...], int]:
    """Return ``(scores, k)`` from every score and the turn total; raise InvalidArgument if the
    count or a value does not fit ``rules``.

    >>> from pigsolve.solver.games.pig import PigRules
    >>> check_state(PigRules(players=3), [5, 7, 9, 2])
    ((5, 7, 9), 2)
    """
    n, goal = rules.players, rules.goal
    if len(numbers) != n + 1:
        raise InvalidArgument(
            f"give {n} scores and a turn total for {n} players, got {len(numbers)} numbers; "
            "players=N sets the number of players",
            parameter="players",
        )
    if not all(0 <= number < goal for number in numbers):
        raise InvalidArgument(
            f"state {tuple(numbers)} is outside the goal-{goal} table: "
            f"need scores and turn total from 0 to {goal - 1}"
        )
    return tuple(numbers[:-1]), numbers[-1]


def state_record(table: PigSolution, scores: tuple[int, ...], k: int) -> dict[str, Any]:
    """Return the record of the state where the mover has ``scores[0]`` and turn total ``k``.

    ``scores`` start with the mover's, then the others in the order they move next. The value
    vectors list every player's win probability in that order; ``hold`` is None at ``k = 0``.
    ``roll_probability`` is 1 or 0, or strictly between where the equilibrium mixes.
    """
    rules = table.rules
    scores, k = check_state(rules, [*scores, k])
    goal = rules.goal
    record: dict[str, Any] = {"scores": list(scores), "turn_total": k}
    if scores[0] + k >= goal:
        won = [1.0] + [0.0] * (len(scores) - 1)
        return record | {
            "win_probability": won, "action": "hold", "roll_probability": 0.0, "roll": None,
            "hold": won,
        }  # fmt: skip
    row = table.row(tuple(scores))
    q = float(row.roll_probability[k])
    roll = row.roll[k].tolist()
    hold = None if k == 0 else row.hold[k].tolist()
    win = row.value[k].tolist()
    return record | {
        "win_probability": win,
        "action": "roll" if q >= 0.5 else "hold",
        "roll_probability": q,
        "roll": roll,
        "hold": hold,
    }
