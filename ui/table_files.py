"""What the table commands print: ``compute``'s summary, ``info``'s attributes and datasets,
``query``'s state and ``verify``'s checks."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pigsolve.ui.result_tables import count, new_table

if TYPE_CHECKING:
    from rich.table import Table


def game_goal(rules: Any) -> str:
    """Return a Pig game and goal in words: 'goal 100, 6-sided die' or 'two-dice, goal 100'."""
    if rules.outcomes is None:
        return f"goal {rules.goal}, {rules.die_name[2:]}"
    return f"{rules.game}, goal {rules.goal}"


def pig_solution(solution: Any, path: Path, kept: bool = False) -> str:
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


def hog_solution(solution: Any, path: Path, kept: bool = False) -> str:
    """Return what ``pigsolve hog compute`` says about the table it wrote to ``path`` (or kept)."""
    rules = solution.rules
    return (
        f"{rules.name} goal {rules.goal}: the first player wins {solution.p_first_player:.12f} "
        f"opening with {solution.opening_move} dice; solved in {solution.seconds:.2f} s\n"
        + (kept_words(path) if kept else f"wrote {path}")
    )


def kept_words(path: Path) -> str:
    """Return the line of a ``compute`` that found its table already there."""
    return f"kept {path} (already computed; --force recomputes)"


def pig_state(rules: Any, record: Mapping[str, Any]) -> str:
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


def attributes(path: Path, attrs: Mapping[str, Any]) -> Table:
    """Return a table file's attributes; a game's outcomes in its stored rules are counted, not
    listed (``info`` shows them as a table first)."""
    out = new_table("attribute", "value", title=str(path), title_justify="left")
    for name, value in attrs.items():
        if name == "rules":
            value = short_rules(value)
        out.add_row(name, f"{value:.12g}" if isinstance(value, float) else str(value))
    return out


def short_rules(stored: str) -> str:
    """Return a table's stored rules (JSON) with a game's list of outcomes cut to their count.

    >>> short_rules('{"goal": 50, "game": {"name": "g", "outcomes": [{}, {}]}}')
    '{"goal": 50, "game": {"name": "g", "outcomes": "2, as above"}}'
    """
    rules = json.loads(stored)
    game = rules.get("game")
    if isinstance(game, dict) and isinstance(game.get("outcomes"), list):
        game["outcomes"] = f"{len(game['outcomes'])}, as above"
    return json.dumps(rules)


def datasets(rows: Iterable[tuple[str, Sequence[int], str, int]]) -> Table:
    """Return a table file's datasets: name, shape, dtype and bytes stored."""
    out = new_table("dataset", "shape", "dtype", "stored")
    for name, shape, dtype, stored in rows:
        out.add_row(name, " x ".join(map(str, shape)), dtype, f"{stored / 2**20:.2f} MiB")
    return out


def checks(path: Path, results: Iterable[Any]) -> Table:
    """Return the outcome of each of ``verify``'s checks (objects with name, passed, detail)."""
    out = new_table("check", "result", "detail", title=str(path), title_justify="left")
    for check in results:
        out.add_row(check.name, "ok" if check.passed else "FAILED", check.detail)
    return out
