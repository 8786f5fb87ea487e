"""``compare`` and ``simulate`` for any number of Pig players.

Builds the named players (every name checked before any table is made), calls
:func:`solver.pig.evaluation.seatings.compare_seatings` or :func:`solver.pig.simulate.simulate` and
renders the result: two players as a pair (A first, B first, coin toss: the layout Hog shares), more
as every seating or every player.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pigsolve.policies import check_player_name, make_player
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.pig import PigRules
from pigsolve.ui import records, result_tables
from pigsolve.ui.console import console, note, progress_bar
from pigsolve.ui.options import setting
from pigsolve.ui.shared import named_table

PAIR = 2
"""Two players are shown as a pair: A's chances when A starts, when B starts, on a coin toss."""


def make_players(rules: PigRules, names: Sequence[str], table: Path | None) -> list[Any]:
    """Return the players named, one per seat, after checking every name."""
    if len(names) != rules.players:
        raise InvalidArgument(
            f"give {rules.players} players for --players {rules.players}, got {len(names)}"
        )
    for name in names:
        check_player_name("pig", name, rules)
        if name == "human":
            raise InvalidArgument("human cannot be compared; choose computer players")
    made: dict[str, Any] = {}
    for name in names:
        if name not in made:
            made[name] = make_player("pig", name, rules, named_table(table, rules), note)
    return [made[name] for name in names]


def compare(rules: PigRules, names: Sequence[str], table: Path | None, as_json: bool) -> None:
    """Print every player's exact win probability in each seating order and on average."""
    from pigsolve.solver.pig.evaluation.seatings import compare_seatings

    result = compare_seatings(rules, make_players(rules, names, table), note, names)
    if len(names) == PAIR:
        named = records.game_fields(rules)
        result_tables.print_comparison(console, result.comparison(), setting(rules), as_json, named)
        return
    if as_json:
        record = {"goal": rules.goal} | records.game_fields(rules) | result.as_dict()
        print(json.dumps(record, allow_nan=False))
        return
    players = result.names
    out = result_tables.new_table(
        "seating (first mover first)",
        *players,
        title=f"{rules.players} players, {setting(rules)}: P(win), exact",
        show_edge=False,
    )
    for seating, probabilities in result.rows():
        out.add_row(", ".join(seating), *(f"{p:.6f}" for p in probabilities))
    out.add_row("average (random seating)", *(f"{p:.6f}" for p in result.average))
    if len(set(players)) < len(players):
        out.caption = "a player named twice has one column per copy"
    console.print(out)


def simulate(
    rules: PigRules,
    names: Sequence[str],
    games: int,
    seed: int | None,
    table: Path | None,
    as_json: bool = False,
) -> None:
    """Play ``games`` games in the order given, each player moving first in ``1/N`` of them,
    beside the exact values (``as_json``: one record, :mod:`ui.simulation_record`)."""
    from pigsolve.solver.pig.simulate import simulate as play
    from pigsolve.ui import simulation_record

    if games < rules.players:  # before any table is made
        raise InvalidArgument(
            f"games must be at least {rules.players}, one per first mover, got {games}"
        )
    players = make_players(rules, names, table)
    with progress_bar("playing", games) as progress:
        result = play(rules, players, games, seed, progress, names=names)
    if as_json:
        named = records.game_fields(rules)
        if len(names) == PAIR:
            print(simulation_record.dumps(simulation_record.pair_record(result.pair(), named)))
        else:
            print(simulation_record.dumps(simulation_record.tournament_record(result, named)))
        return
    if len(names) == PAIR:
        pair = result.pair()
        console.print(result_tables.simulation(pair, setting(rules)))
        console.print(result_tables.simulation_footer(pair), highlight=False)
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
        title=f"{games:,} games, {setting(rules)} (seed {result.seed})",
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


def _why_not_exact(rules: PigRules) -> str:
    """Return why a simulation of ``rules.players`` players has no exact figures beside it."""
    if rules.resets:
        return f"not available: scores can fall in {rules.game}, exact for 2 players only"
    return "not available for these players"
