"""What ``compare`` and ``simulate`` print of Pig's games, for any number of players: two
players as a pair (A first, B first, coin toss: the layout Hog shares), more as every seating or
every player."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from pigsolve.ui import result_tables
from pigsolve.ui.console import console, note


def show_seatings(rules: Any, players: Sequence[Any], names: Sequence[str], as_json: bool) -> None:
    """Print every player's exact win probability in each seating order and on average
    (:func:`solver.pig.evaluation.seatings.compare_seatings`)."""
    from pigsolve.solver.pig.evaluation.seatings import compare_seatings
    from pigsolve.ui.adapters.pig import ADAPTER

    result = compare_seatings(rules, players, note, names)
    if as_json:
        record = {"goal": rules.goal} | ADAPTER.record_fields(rules) | result.as_dict()
        print(json.dumps(record, allow_nan=False))
        return
    title = f"{rules.players} players, {ADAPTER.setting(rules)}: P(win), exact"
    console.print(result_tables.seatings(result, title))


def show_simulation(rules: Any, result: Any, setting: str, as_json: bool) -> None:
    """Print a simulation: two players' rates by starter, more players' each, beside the exact
    ones (``as_json``: one record, :mod:`ui.simulation_record`)."""
    from pigsolve.solver.results import Tournament
    from pigsolve.ui import simulation_record
    from pigsolve.ui.adapters.pig import ADAPTER

    named = ADAPTER.record_fields(rules)
    if not isinstance(result, Tournament):
        if as_json:
            print(simulation_record.dumps(simulation_record.pair_record(result, named)))
            return
        console.print(result_tables.simulation(result, setting))
        console.print(result_tables.simulation_footer(result), highlight=False)
        return
    if as_json:
        print(simulation_record.dumps(simulation_record.tournament_record(result, named)))
        return
    exact = result.expected_rates
    z = None if exact is None else result.z_scores()
    out = result_tables.new_table(
        "player",
        "wins",
        "win rate",
        "95% CI",
        "exact",
        "z",
        title=f"{result.games:,} games, {setting} (seed {result.seed})",
        show_edge=False,
    )
    for p, (name, tally) in enumerate(zip(result.names, result.tallies, strict=True)):
        low, high = tally.wilson()
        out.add_row(
            name,
            f"{tally.wins:,}",
            f"{tally.rate:.5f}",
            f"{low:.4f}-{high:.4f}",
            "-" if exact is None else f"{exact[p]:.5f}",
            "-" if z is None else result_tables.z_text(z[p]),
        )
    console.print(out)
    console.print(
        f"Play passes in the order given; each player moves first in 1/{rules.players} of the "
        "games. 95% CI: Wilson score interval. exact: evaluated, not sampled"
        + ("" if exact is not None else f" ({_why_not_exact(rules)})")
        + f".\nmean game length {result.mean_turns:.3f} turns; {result.seconds:.2f} s of play",
        highlight=False,
    )


def _why_not_exact(rules: Any) -> str:
    """Return why a simulation of ``rules.players`` players has no exact figures beside it."""
    if rules.resets:
        return f"not available: scores can fall in {rules.game}, exact for 2 players only"
    return "not available for these players"
