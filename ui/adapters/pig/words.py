"""What Pig's commands print: ``compute``'s summary and ``query``'s state, as the 2004 paper's
figures read."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from pigsolve.ui.result_tables import count
from pigsolve.ui.table_files import kept_words


def game_goal(rules: Any) -> str:
    """Return a Pig game and goal in words: 'goal 100, 6-sided die' or 'two-dice, goal 100'."""
    if rules.outcomes is None:
        return f"goal {rules.goal}, {rules.die_name[2:]}"
    return f"{rules.game}, goal {rules.goal}"


def solved(solution: Any, path: Path, kept: bool = False) -> str:
    """Return what ``pigsolve compute`` says about the table it wrote to ``path`` (or kept)."""
    rules = solution.rules
    size = kept_words(path) if kept else f"wrote {path} ({path.stat().st_size / 2**20:.1f} MiB)"
    if rules.players > 2:
        return (
            f"{rules.players} players, {game_goal(rules)}: the first player "
            f"wins {solution.p_first_player:.12f}\n"
            f"layered equilibrium: {solution.seconds:.3f} s, "
            f"{count(len(solution.mixed), 'mixed state')}\n{size}"
        )
    return (
        f"P(0, 0, 0) = {solution.p_first_player:.12f}  "
        f"({game_goal(rules)}, {count(rules.num_states, 'state')})\n"
        f"{solution.method}: {solution.seconds:.3f} s, {count(solution.num_iter, 'iteration')}, "
        f"max Bellman residual {solution.max_bellman_residual:.2g}\n{size}"
    )


def state_text(rules: Any, record: Mapping[str, Any]) -> str:
    """Return ``query``'s text: each player's win probability, the optimal action, both values."""
    scores, k = record["scores"], record["turn_total"]
    players = len(scores)
    where = (
        f"state (i={scores[0]}, j={scores[1]}, k={k})"
        if players == 2
        else f"scores {tuple(scores)} from the mover's seat, turn total {k}"
    )
    lines = [f"{where}, {game_goal(rules)}"]
    if scores[0] + k >= rules.goal:
        return lines[0] + "\nwon: the turn total reaches the goal (probability 1)"

    def vector(values: Sequence[float] | None) -> str:
        if values is None:
            return "not an action at k = 0"
        return values[0].__format__(".12f") if players == 2 else _players(values)

    q = record["roll_probability"]
    action = record["action"]
    if 0 < q < 1:
        action = f"roll with probability {q:.12f} (mixed: the mover is indifferent)"
    label, width = ("win probability", 17) if players == 2 else ("win probabilities", 19)
    return "\n".join(
        [
            *lines,
            f"{label:<{width}}{vector(record['win_probability'])}",
            f"{'optimal action':<{width}}{action}",
            f"{'roll':<{width}}{vector(record['roll'])}",
            f"{'hold':<{width}}{vector(record['hold'])}",
        ]
    )


def _players(values: Sequence[float]) -> str:
    names = ["mover", *(f"next {t}" if t > 1 else "next" for t in range(1, len(values)))]
    return "  ".join(f"{name} {p:.12f}" for name, p in zip(names, values, strict=True))
