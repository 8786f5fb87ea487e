"""The generic front: every command for a family that has no front of its own (Farkle's, the
tests' toy), asking only the registry and :mod:`policies.roster` (:mod:`ui.fronts` routes to it).
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pigsolve.solver.errors import InvalidArgument, TableError
from pigsolve.solver.pig.tolerances import MAX_RESIDUAL
from pigsolve.solver.registry import Family, family_of

Command = Callable[..., None]


def _rules(name: str, goal: int | None, players: int | None = None) -> Any:
    """Return the rules of game ``name`` (at ``goal`` and for ``players``, if given)."""
    return _held(name, goal, None, players)[0]


def _held(
    name: str, goal: int | None, table: Path | None, players: int | None = None
) -> tuple[Any, Any]:
    """Return the rules of game ``name`` and the solution in ``table`` (None without one), read
    once: the table must exist and hold these rules, and gives the goal and players that are
    not given."""
    from pigsolve.solver.registry import game

    seats = {} if players is None else {"players": players}
    rules = game(name, **seats) if goal is None else game(name, goal=goal, **seats)
    if table is None:
        return rules, None
    family = family_of(rules)
    solution = family.load(family.require(table, rules))
    held = solution.rules
    if players is None and hasattr(held, "players"):
        seats = {"players": held.players}
    if goal is None or players is None:
        rules = game(name, goal=held.goal if goal is None else goal, **seats)
    if held != rules:
        raise TableError(f"{table} holds {family.describe(held)}, not {family.describe(rules)}")
    return rules, solution


def _path(family: Family, rules: Any, out: Path | None) -> Path:
    return out or Path("data") / family.table_name(rules)


def _solution(name: str, goal: int | None, table: Path | None, players: int | None = None) -> Any:
    """Return the table of ``name`` at ``table`` (which must exist and hold these rules), else
    ``data/``'s, computed in memory if missing."""
    rules, solution = _held(name, goal, table, players)
    if solution is not None:
        return solution
    family = family_of(rules)
    path = _path(family, rules, None)
    if path.is_file():
        return family.load(path)
    _announce(family, rules)
    return family.solve(rules)


def _announce(family: Family, rules: Any, quiet: bool = False) -> None:
    """Refuse a solve of ``rules`` larger than the machine's memory; say a long one's time."""
    from pigsolve.ui.console import announce_size

    seconds = family.solve_seconds(rules)
    announce_size(
        family.memory_bytes(rules),
        family.describe(rules),
        quiet,
        lambda available: family.fits(rules, available),
        seconds=seconds,
    )


def _players(
    rules: Any, names: list[str], table: Path | None = None, solution: Any = None
) -> list[Any]:
    """Return the players called ``names``, an optimal one playing ``solution`` (the table
    already read), else reading ``table`` (or ``data/``'s: its solve, if the table is missing,
    is said on stderr)."""
    from pigsolve.policies.roster import roster
    from pigsolve.ui.console import note

    made = roster(family_of(rules).name)
    if solution is not None and made.optimal is not None:
        optimal = made.optimal(solution)
        return [
            optimal if name == "optimal" else made.player(name, rules, table, announce=note)
            for name in names
        ]
    return [made.player(name, rules, table, announce=note) for name in names]


def compute(
    name: str,
    goal: int | None = None,
    out: Path | None = None,
    force: bool = False,
    quiet: bool = False,
    players: int | None = None,
    store: str | None = None,
    workers: int | None = None,
    scheduler: str | None = None,
    resume: bool = False,
) -> None:
    """Solve the game and save its table (an existing one is kept without ``force``), or into
    a Zarr store on a Dask cluster (:mod:`ui.store_commands`)."""
    from pigsolve.solver.storage import check_can_write

    rules = _rules(name, goal, players=players)
    if store is not None or workers or scheduler or resume:
        from pigsolve.ui.store_commands import compute_with_store

        return compute_with_store(rules, store, workers, scheduler, resume, force, quiet, out)
    family = family_of(rules)
    path = _path(family, rules, out)
    if path.is_file() and not force:
        solution = family.load(path)
    else:
        check_can_write(path, force)
        _announce(family, rules, quiet)
        solution = family.solve(rules)
        path.parent.mkdir(parents=True, exist_ok=True)
        family.save(solution, path)
    if not quiet:
        print(f"{family.describe(rules)}: {path}\n{solution!r}")


def _stored(
    name: str, goal: int | None, path: Path | None, players: int | None = None
) -> tuple[Family, Path]:
    """Return the family of ``name`` and its table file (``path`` or ``data/``'s), which must
    exist: a missing one is MissingTable naming the command that makes it."""

    rules = _rules(name, goal, players=players)
    family = family_of(rules)
    return family, family.require(_path(family, rules, path), rules)


def info(
    name: str, path: Path | None = None, goal: int | None = None, players: int | None = None
) -> None:
    """Show a table's attributes and datasets, once the family's checks have passed."""
    from pigsolve.solver.layer_store import is_store
    from pigsolve.solver.storage import describe
    from pigsolve.ui import table_files
    from pigsolve.ui.console import console

    family, path = _stored(name, goal, path, players)
    if is_store(path):  # a Zarr store (compute --store): its layers added up
        attrs, datasets = importlib.import_module(family.stores).store.describe(str(path))
    else:
        attrs, datasets = describe(path)
    family.load(path)  # the figures shown are those of a table that passes the load checks
    console.print(table_files.attributes(path, attrs))
    console.print(table_files.datasets(datasets))


def verify(
    name: str,
    path: Path | None = None,
    goal: int | None = None,
    max_residual: float = MAX_RESIDUAL,
    players: int | None = None,
) -> None:
    """Recompute a table's Bellman residual and invariants; exit 1 if any check fails."""
    from pigsolve.solver.errors import PigsolveError
    from pigsolve.ui import table_files
    from pigsolve.ui.console import console

    family, path = _stored(name, goal, path, players)
    checks = family.verify(family.load(path), max_residual)
    console.print(table_files.checks(path, checks))
    failed = [check.name for check in checks if not check.passed]
    if failed:
        raise PigsolveError(f"{path} fails: {', '.join(failed)}")


def export(
    name: str,
    what: str,
    out: Path,
    fmt: str | None = None,
    table: Path | None = None,
    goal: int | None = None,
    force: bool = False,
    players: int | None = None,
) -> None:
    """Write ``what`` of the game's table (computed in memory if missing) to ``out``."""
    family = family_of(_rules(name, goal, players))
    written = family.export(_solution(name, goal, table, players), str(what), out, fmt, force)
    print(f"wrote {written}")


def plot(
    name: str,
    kind: str,
    out: Path,
    opponent: int | None = None,
    table: Path | None = None,
    goal: int | None = None,
    force: bool = False,
) -> None:
    """Draw ``kind`` of the game's table (computed in memory if missing) to ``out``."""

    family = family_of(_rules(name, goal))
    written = family.plot(_solution(name, goal, table), str(kind), out, opponent, force)
    print(f"wrote {written}")


def query(
    name: str,
    state: list[int],
    goal: int | None = None,
    table: Path | None = None,
    as_json: bool = False,
    roll: str | None = None,
    players: int | None = None,
) -> None:
    """Print the mover's win probability in ``state`` (with more than two players every
    player's), the best action and each action's value; the family reads the state's numbers
    and its own options (:meth:`Family.parse_state`)."""
    from pigsolve.ui import records

    rules, solution = _held(name, goal, table, players)  # the table gives what is not given
    family = family_of(rules)
    given = {"roll": roll} if roll is not None else {}
    for option in given:
        if option not in family.query_options:
            raise InvalidArgument(f"--{option} is not an option of {name}")
    state_, extra = family.parse_state(rules, state, **given)
    solution = solution or _solution(name, goal, None, players)
    values = solution.action_values(state_, **extra)
    best = solution.best_action(state_, **extra)
    record = {
        "state": records.plain(state_),
        **{option: records.plain(value) for option, value in extra.items()},
        "win_probability": solution.win_probability(state_, **extra),
        "chances": list(solution.chances(state_, **extra)),
        "best_action": records.plain(best),
        "action_values": {records.action_text(a): v for a, v in values.items()},
    }
    if as_json:
        print(json.dumps(record, allow_nan=False))
        return
    chosen = "none (no action to choose)" if best is None else records.action_text(best)
    print(f"win probability {record['win_probability']:.6f}; best: {chosen}")
    if len(record["chances"]) > 2:
        seats = ", ".join(f"{p:.6f}" for p in record["chances"])
        print(f"every player's chance, the mover's first: {seats}")
    for action, value in record["action_values"].items():
        print(f"  {action}: {value:.6f}")


def policies(name: str) -> None:
    """List the family's players."""
    from pigsolve.policies.roster import roster

    for player, words in roster(family_of(_rules(name, None)).name).names():
        print(f"{player}\t{words}")


def compare(
    name: str,
    players: list[str],
    goal: int | None = None,
    table: Path | None = None,
    as_json: bool = False,
) -> None:
    """Print the exact probability that player A beats player B, A first and B first (an
    optimal player reads ``table``, which gives the goal if ``goal`` is None)."""
    import pigsolve
    from pigsolve.ui import records

    if len(players) != 2:
        raise InvalidArgument(f"compare takes players A and B, got {len(players)}")
    rules, solution = _held(name, goal, table)
    family_of(rules).check_exact(rules)  # before an optimal player's table is made
    result = pigsolve.compare(rules, *_players(rules, players, table, solution))
    if as_json:
        print(json.dumps(records.record(result), allow_nan=False))
        return
    print(
        f"{result.a} beats {result.b}: {result.a_first:.6f} moving first, "
        f"{result.b_first:.6f} moving second"
    )


def simulate(
    name: str,
    players: list[str],
    games: int = 100_000,
    seed: int | None = None,
    goal: int | None = None,
    table: Path | None = None,
    as_json: bool = False,
    number: int | None = None,
) -> None:
    """Play ``games`` seeded games of the players named, one a seat (``number``: by default
    two, or as many as named), and print the win rates beside the exact ones (``as_json``: one
    record; :func:`ui.simulation_record.text`); ``table`` as :func:`compare`'s."""
    import pigsolve
    from pigsolve.ui import records, simulation_record

    seats = number if number is not None or len(players) < 3 else len(players)
    rules, solution = _held(name, goal, table, seats)
    result = pigsolve.simulate(rules, _players(rules, players, table, solution), games, seed=seed)
    fields = records.game_fields(rules) if as_json else {}
    print(simulation_record.text(result, fields, as_json))


def tune(
    name: str,
    family: str,
    against: str = "optimal",
    goal: int | None = None,
    ranges: list[str] | None = None,
    table: Path | None = None,
    as_json: bool = False,
) -> None:
    """Find the best constants of the game's tuning ``family`` exactly against ``against``."""
    from pigsolve.ui.shared import tune_family

    rules, solution = _held(name, goal, table)
    optimal = None if solution is None else _players(rules, ["optimal"], table, solution)[0]
    game = family_of(rules).name
    tune_family(game, family, rules, against, ranges or [], table, as_json, optimal)


def play(
    name: str,
    opponent: str | None = None,
    seed: int | None = None,
    goal: int | None = None,
    hints: bool = False,
    players: int | None = None,
) -> None:
    """Play the game at the terminal against ``opponent`` (in every other seat of ``players``),
    moving first: the family's words."""
    import numpy as np

    from pigsolve.ui.prompt import answer

    rules = _rules(name, goal, players)
    family = family_of(rules)
    game = family.play(rules, np.random.default_rng(seed))
    opponent = opponent or "optimal"
    (computer,) = _players(rules, [opponent])
    if seed is not None and callable(getattr(computer, "seed_coins", None)):
        computer.seed_coins(seed)  # its coins too, where the equilibrium mixes
    advice = _solution(name, goal, None, players) if hints else None  # data/'s, else solved
    seats = getattr(rules, "players", 2)  # two: "you" and the opponent; more: numbered
    names = ["you"] + [opponent if seats == 2 else f"{opponent} {k}" for k in range(2, seats + 1)]
    for line in game.lines(game.game.start(), names):
        print(line)
    while not game.game.over:
        if game.game.player == 0:
            if advice is not None:
                best, values = game.advice(advice)
                shown = ", ".join(f"{game.words(a)} {p:.1%}" for a, p in values.items())
                print(f"Hint: {game.words(best)} ({shown})")
            choices = ", ".join(game.words(a) for a in game.legal())
            print(f"Your move ({choices}): ", end="", flush=True)
            text = answer(sys.stdin, sys.stdout).strip()
            value: Any = int(text) if text.lstrip("-").isdigit() else text
            try:
                action = game.action(value)
            except InvalidArgument as err:
                print(err)
                continue
        else:
            action = computer.choose(game.game.view)
        for line in game.lines(game.game.apply(action), names):
            print(line)
    print(f"{names[game.game.winner]} won.")


GENERIC: dict[str, Command] = {
    "compute": compute,
    "info": info,
    "verify": verify,
    "export": export,
    "plot": plot,
    "query": query,
    "policies": policies,
    "compare": compare,
    "simulate": simulate,
    "tune": tune,
    "play": play,
}
"""The commands any registered family is served by through the registry alone."""
NEEDS = {"verify": "verify", "export": "export", "plot": "plot"}
"""The generic commands that serve only a family with this method."""
