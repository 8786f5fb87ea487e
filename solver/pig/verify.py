"""Check a Pig solution (any number of players) against the equations and the game's invariants.

Every solution is checked through its start values: each is its row rebuilt by best replies
(so no player gains by deviating anywhere), every mixed state is indifferent, and the values are
probabilities that sum to 1. A two-player full table is checked state by state as well.
"""

from __future__ import annotations

import numpy as np

from pigsolve.solver.games.pig import roll_counts
from pigsolve.solver.pig.residuals import start_residual
from pigsolve.solver.pig.scan import MAX_FALL, Scan
from pigsolve.solver.pig.solution import PigSolution
from pigsolve.solver.results import MAX_RESIDUAL, Check

MAX_SUM_ERROR = 1e-12
"""How far from 1 the players' win probabilities of a state may sum."""


def verify_table(table: PigSolution, max_residual: float = MAX_RESIDUAL) -> list[Check]:
    """Recompute the Bellman residual and the invariants of ``table``; a store's start values
    are read block by block (:func:`solver.pig.store_checks.scan_store`), never whole.

    How far a player's chance falls as its own score rises is required to be nothing with two
    players (a higher score never hurts there) and reported with more: the others reply to the
    new scores, and a higher score can hurt even the mover (three players, goal 68, four-sided
    die: the mover of (1, 50, 50) wins 9.6e-05 less than the mover of (0, 50, 50), in an
    equilibrium that passes every check here).
    """
    rules, mixed = table.rules, table.mixed
    n = rules.players
    checks = []
    if getattr(table.values, "url", None) is not None:  # a store's
        from pigsolve.solver.pig.store_checks import scan_store

        scan = scan_store(table)
    else:
        scan = Scan()
        scan.add(np.asarray(table.values), start_residual(table))
    if table.full is not None:
        full_residual, checks = _full_table_checks(table)
        scan.residual = max(scan.residual, full_residual)
        scan.extremes(table.full[0])
    indifference = 0.0
    for scores, k, q in zip(mixed.scores, mixed.turn_total, mixed.roll_probability, strict=True):
        row = table.row(tuple(int(s) for s in scores))
        indifference = max(indifference, float(abs(row.roll[k, 0] - row.hold[k, 0])))
        if not 0 < q < 1:
            indifference = np.inf
    finite = scan.finite
    return [
        *checks,
        Check(
            "Bellman residual",
            finite and scan.residual <= max_residual,
            f"max |V - best replies' V| = {scan.residual:.3g} (limit {max_residual:g})",
        ),
        Check(
            "mixed states indifferent",
            indifference <= 1e-9,
            f"{len(mixed)} mixed states; max |roll - hold| for the mover = {indifference:.3g}",
        ),
        Check(
            "0 <= P <= 1",
            finite and scan.low >= 0 and scan.high <= 1,
            f"range [{scan.low}, {scan.high}]",
        ),
        Check(
            "sums to 1",
            scan.total <= MAX_SUM_ERROR,
            f"max |sum of the players' P - 1| = {scan.total:.3g}",
        ),
        _higher_own_score(scan.falls, scan.where, n),
        _first_player(table),
    ]


def _full_table_checks(table: PigSolution) -> tuple[float, list[Check]]:
    """Return the two-player full table's Bellman residual, state by state, and the check of
    its stored choices."""
    from pigsolve.solver.pig import _kernels

    p, roll = table.full
    residual, wrong = _kernels._bellman_residual(p, roll, roll_counts(table.rules))
    return float(residual), [
        Check("optimal choices", wrong == 0, f"{wrong} states choose the worse action")
    ]


def _higher_own_score(falls: list[float], where: list[int], players: int) -> Check:
    """Return each player's largest fall as its own score rises: the mover's, the others'."""
    # Proven for two players: a higher score never hurts. With more it can (see verify_table).
    required = players == 2
    return Check(
        "a higher own score" + ("" if required else " (reported)"),
        not required or max(falls) <= MAX_FALL,
        f"the mover's P falls at {where[0]} score vectors, by up to {falls[0]:.3g}; a "
        f"waiting player's at {sum(where[1:])}, by up to {max(falls[1:]):.3g}"
        + ("" if required else " (with 3+ players the others' replies can make it worse)"),
    )


def _first_player(table: PigSolution) -> Check:
    """Return whether the stored ``p_first_player`` attribute is the table's ``P(0, ..., 0)``."""
    attribute = table.attrs.get("p_first_player")
    firsts = [table.p_first_player]
    if table.full is not None:
        firsts.append(float(table.full[0][0, 0, 0]))
    return Check(
        "p_first_player attribute",
        attribute is not None and all(abs(float(attribute) - x) <= 1e-15 for x in firsts),
        f"attribute {attribute}, table V(0,...,0) = {firsts[-1]!r}",
    )


SAMPLE_ROWS = 12
"""Rows rebuilt on load (:func:`sampled_residual`): some 13 ms for two players at goal 100."""
SAMPLE_SEED = 20040601
"""The fixed seed of the rows drawn: every load checks the same states."""


def sampled_residual(table: PigSolution, rows: int = SAMPLE_ROWS, seed: int = SAMPLE_SEED) -> float:
    """Return the largest Bellman residual over ``rows`` rows drawn with ``seed``: each rebuilt by
    best replies (:meth:`PigSolution.row`) and compared with its start vector and, where a full
    two-player table is kept, with every turn total's stored value (a few hundred states)."""
    goal, players = table.rules.goal, table.rules.players
    worst = 0.0
    for drawn in np.random.default_rng(seed).integers(0, goal, size=(rows, players)):
        scores = tuple(int(s) for s in drawn)
        rebuilt = table.row(scores).value
        worst = max(worst, float(np.abs(rebuilt[0] - table.values[scores]).max()))
        if table.full is not None:
            stored = table.full[0][scores][: len(rebuilt)]
            worst = max(worst, float(np.abs(rebuilt[:, 0] - stored).max()))
    return worst
