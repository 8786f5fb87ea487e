"""The command line's tables: comparisons, simulations, table files, checks and benchmarks."""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.games.pig_outcomes import Effect
from pigsolve.solver.results import Comparison, Simulation

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table


def new_table(*columns: str, **options: Any) -> Table:
    """Return a rich ``Table`` (rich is imported at the first table drawn, not at start-up)."""
    from rich.table import Table

    return Table(*columns, **options)


def count(number: int, noun: str) -> str:
    """Return ``number`` with thousands separators and ``noun``, plural unless it is 1.

    >>> count(1, "game"), count(100000, "state")
    ('1 game', '100,000 states')
    """
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


def comparison(result: Comparison, setting: str) -> Table:
    """Return A's exact win probability when A starts, when B starts and on a coin toss."""
    out = new_table(
        "who starts", "P(A wins)", title=f"A = {result.a}, B = {result.b} ({setting}), exact"
    )
    out.add_row("A first", f"{result.a_first:.6f}")
    out.add_row("B first", f"{result.b_first:.6f}")
    out.add_row("coin toss", f"{result.average:.6f}")
    return out


def print_comparison(
    console: Console,
    result: Comparison,
    setting: str,
    as_json: bool,
    named: Mapping[str, Any] | None = None,
) -> None:
    """Print an exact comparison as a table, or as one JSON object (see :func:`record`)."""
    if as_json:
        print(json.dumps(record(result, named), allow_nan=False))
    else:
        console.print(comparison(result, setting))


def record(result: Comparison, named: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Return a comparison as JSON, the game ``named`` by the fields given in place of the die:
    :func:`game_fields` for Pig, ``{"rules": ...}`` for Hog (its dice are the rule set's)."""
    fields = result.as_dict()
    if named is None:
        return fields
    at = list(fields).index("die")
    items = list(fields.items())
    return dict(items[:at]) | dict(named) | dict(items[at + 1 :])


def game_fields(rules: Any) -> dict[str, Any]:
    """Return how JSON names a game: Pig's by its die (and ``piglet``), the family's other games
    by name, Hog by its rule set (``rules``).

    >>> from pigsolve.solver.games.pig import PigRules
    >>> game_fields(PigRules()), game_fields(PigRules(die_sides=2, piglet=True))
    ({'die': 6}, {'die': 2, 'piglet': True})
    >>> from pigsolve.solver.games.pig_outcomes import two_dice
    >>> game_fields(PigRules(outcomes=two_dice()))
    {'game': 'two-dice'}
    >>> from pigsolve.solver.games.hog import hog_rules
    >>> game_fields(hog_rules("fa16"))
    {'rules': 'fa16'}
    """
    if not isinstance(rules, PigRules):
        return {"rules": rules.name}
    if rules.outcomes is not None:
        return {"game": rules.game}
    return {"die": rules.die_sides} | ({"piglet": True} if rules.piglet else {})


def round_robin(names: Sequence[str], results: Sequence[Comparison], setting: str) -> Table:
    """Return the coin-toss matrix of a round robin (``results`` row by row)."""
    out = new_table(
        "A \\ B", *names, title=f"P(A beats B), coin toss for who starts ({setting}), exact"
    )
    for row, name in enumerate(names):
        cells = results[row * len(names) : (row + 1) * len(names)]
        out.add_row(name, *(f"{r.average:.4f}" for r in cells))
    return out


def round_robin_csv(records: Sequence[Mapping[str, Any]]) -> str:
    """Return a round robin's records (:func:`record`, as ``--json`` prints them) as CSV, one
    ordered pair per row, full precision."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(records[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(records)
    return out.getvalue().rstrip("\n")


def simulation(result: Simulation, setting: str) -> Table:
    """Return a simulation's win rates by starter beside the exact values."""
    exact = result.exact
    z = result.z_scores(exact)
    out = new_table(
        "starter",
        "games",
        "A wins",
        "win rate",
        "95% CI",
        "exact",
        "z",
        title=f"A = {result.a}, B = {result.b}: {count(result.total.games, 'game')} ({setting}, "
        f"seed {result.seed})",
        show_edge=False,
    )
    parts = [
        ("A first", result.a_first, exact.a_first, z["a_first"]),
        ("B first", result.b_first, exact.b_first, z["b_first"]),
        ("either", result.total, None, z["total"]),
    ]
    for label, tally, p_exact, z_score in parts:
        if tally.games == 0:
            continue
        if p_exact is None:  # alternating starters: the exact rate mixes the two
            p_exact = (
                result.a_first.games * exact.a_first + result.b_first.games * exact.b_first
            ) / tally.games
        low, high = tally.wilson()
        out.add_row(
            label,
            f"{tally.games:,}",
            f"{tally.wins:,}",
            f"{tally.rate:.5f}",
            f"{low:.4f}-{high:.4f}",
            f"{p_exact:.5f}",
            z_text(z_score),
        )
    return out


def z_text(z: float) -> str:
    """Return a z-score as printed: '-' where it is undefined (an exact chance of 0 or 1).

    >>> z_text(-0.694), z_text(float("nan"))
    ('-0.69', '-')
    """
    return f"{z:+.2f}" if math.isfinite(z) else "-"


def simulation_footer(result: Simulation) -> str:
    """Return the lines printed under a simulation's table."""
    return (
        "95% CI: Wilson score interval. exact: evaluated, not sampled.\n"
        f"mean game length {result.mean_turns:.3f} turns; {result.seconds:.2f} s of play"
    )


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


def benchmarks(rows: Sequence[Mapping[str, Any]]) -> Table:
    """Return ``pigsolve bench``'s rows."""
    out = new_table("benchmark", "goal", "seconds", "compile s", "rate", "peak MiB")
    out.caption = speedup(rows) + " (same run)"
    for row in rows:
        rate = f"{row['rate']:,.0f} {row['unit']}" if row["rate"] else ""
        compile_s = row["compile_seconds"]
        out.add_row(
            row["benchmark"],
            str(row["goal"]),
            f"{row['seconds']:.4f}",
            "" if compile_s is None else f"{compile_s:.2f}",
            rate,
            "" if row["peak_mib"] is None else f"{row['peak_mib']:.0f}",
        )
    return out


def speedup(rows: Sequence[Mapping[str, Any]]) -> str:
    """Return the line under ``pigsolve bench``'s table: layered against value iteration."""
    return f"layered is {rows[0]['speedup_vs_value_iteration']:.0f}x faster than value-iteration"


def named_rows(header: tuple[str, str], rows: Iterable[tuple[str, str]]) -> Table:
    """Return a two-column table, e.g. the players and what they do."""
    out = new_table(*header)
    for row in rows:
        out.add_row(*row)
    return out


def dice_values(title: str, values: Mapping[int, float], best: int) -> Table:
    """Return the win probability of each number of Hog dice, the optimal one marked."""
    out = new_table("dice", "P(win)", title=title)
    for n, value in values.items():
        out.add_row(f"{n}{' (optimal)' if n == best else ''}", f"{value:.6f}")
    return out


def game_goal(rules: Any) -> str:
    """Return a Pig game and goal in words: 'goal 100, 6-sided die' or 'two-dice, goal 100'."""
    if rules.outcomes is None:
        return f"goal {rules.goal}, {rules.die_name[2:]}"
    return f"{rules.game}, goal {rules.goal}"


EFFECT_WORDS = {"add": "add", "pig": "pig: turn total lost", "reset": "reset: score lost"}
"""Each outcome's effect as ``info`` shows it."""


def outcome_table(table: Any) -> Table:
    """Return a game's roll outcomes: name, exact and decimal probability, effect and points,
    with the chances of a pig and of a reset in the caption."""
    out = new_table(
        "outcome",
        "probability",
        "decimal",
        "effect",
        "points",
        title=f"{table.name}: the outcomes of one roll",
        show_edge=False,
    )
    for outcome in table.outcomes:
        out.add_row(
            outcome.name,
            str(outcome.probability),
            f"{float(outcome.probability):.6f}",
            EFFECT_WORDS[str(outcome.effect)],
            str(outcome.points) if outcome.points or not outcome.ends_turn else "",
        )
    chances = [
        f"{effect} {chance} = {float(chance):.6f}"
        for effect in (Effect.pig, Effect.reset)
        for chance in [table.probability(effect)]
    ]
    out.caption = "chance of a " + ", of a ".join(chances)
    return out


def game_notes(table: Any) -> list[str]:
    """Return what ``info`` says under a game's outcome table: for Pass the Pigs, where its
    frequencies come from and how to pass one's own."""
    from pigsolve.solver.games.pig_outcomes import KERN_COUNTS, pass_the_pigs

    if table.name != "pass-the-pigs":
        return []
    counts = ", ".join(f"{name} {n:,}" for name, n in KERN_COUNTS.items())
    whose = "Kern's" if table == pass_the_pigs() else "your own; the default ones are Kern's"
    return [
        f"The frequencies are {whose}: 6,000 rolls (J. Statistics Education 14(3), 2006), the "
        f"black pig landing {counts}, the two pigs touching in 23. Both pigs are drawn "
        "independently from the black pig's counts.",
        'Your own counts: a TOML file with game = "pass-the-pigs" and a [counts] table ("dot up" '
        '= 1796, ... for each of the six positions above; optionally touching = "23/6000"), '
        "then --game path/to/file.toml.",
    ]


def pig_solution(solution: Any, path: Path) -> str:
    """Return what ``pigsolve compute`` says about the table it wrote to ``path``."""
    rules = solution.rules
    size = f"wrote {path} ({path.stat().st_size / 2**20:.1f} MiB)"
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


def hog_solution(solution: Any, path: Path) -> str:
    """Return what ``pigsolve hog compute`` says about the table it wrote to ``path``."""
    rules = solution.rules
    return (
        f"{rules.name} goal {rules.goal}: the first player wins {solution.p_first_player:.12f} "
        f"opening with {solution.opening_move} dice; solved in {solution.seconds:.2f} s\n"
        f"wrote {path}"
    )


def hog_state_record(
    rules: Any, state: Any, p: float, best: int, values: Mapping[int, float]
) -> dict[str, Any]:
    """Return ``hog query --json``'s record of a state's optimal choice and action values."""
    return {
        "rules": rules.name,
        "goal": rules.goal,
        "score": state.score,
        "opponent_score": state.opponent_score,
        "four_sided": state.four_sided,
        "prev": state.prev_points,
        "opponent_prev": state.opponent_prev_points,
        "win_probability": p,
        "num_rolls": best,
        "action_values": {str(n): v for n, v in values.items()},
    }


def tuning(
    family: str, results: Sequence[Comparison], documents: Comparison, optimal: Comparison
) -> Table:
    """Return the best members of a family beside the documents' constants and optimal play."""
    best = results[0]
    out = new_table(
        "rank",
        "player",
        "A first",
        "B first",
        "coin toss",
        title=f"{family} against {best.b} ({count(len(results), 'candidate')}), exact",
    )
    for place, result in enumerate(results[:11], 1):
        out.add_row(str(place), *_row(result))
    out.add_row("docs", *_row(documents))
    out.add_row("", *_row(optimal))
    out.caption = f"gap of the best to optimal play: {optimal.average - best.average:.6f}"
    return out


def _row(result: Comparison) -> tuple[str, str, str, str]:
    return result.a, f"{result.a_first:.6f}", f"{result.b_first:.6f}", f"{result.average:.6f}"


def tuning_record(
    family: str,
    results: Sequence[Comparison],
    documents: Comparison,
    optimal: Comparison,
    named: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Return ``tune --json``'s record: the best, the ten runners-up, the documents', optimal
    (each as :func:`record` gives it)."""
    return {
        "family": family,
        "candidates": len(results),
        "best": record(results[0], named),
        "runners_up": [record(result, named) for result in results[1:11]],
        "documents": record(documents, named),
        "optimal": record(optimal, named),
        "gap_to_optimal": optimal.average - results[0].average,
    }
