"""``pigsolve tournament``: CS 61A's strategy contest computed exactly, one body for every
family that declares it (:attr:`solver.registry.Capabilities.contest`).

A sub-app without a name: :mod:`cli` adds the command at the top level.
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Annotated, Any

import typer

from pigsolve.solver.errors import InvalidArgument, PigsolveError
from pigsolve.solver.sandbox import time_limit
from pigsolve.ui.commands import command
from pigsolve.ui.console import as_option, console, note, progress_bar
from pigsolve.ui.front import family_named_by, setting
from pigsolve.ui.options import Force, Memory

tournament_app = typer.Typer()


def contest_games() -> list[str]:
    """Return every game whose family holds a contest."""
    from pigsolve.solver.registry import families

    return [name for family in families() if family.can.contest for name in family.games]


def listed(names: list[str]) -> str:
    """Return ``names`` joined, the middle of a long list left out: 'a, b, ..., z'."""
    return ", ".join(names if len(names) <= 4 else [*names[:2], "...", names[-1]])


ContestGame = Annotated[
    str | None,
    typer.Option(
        "--game",
        metavar="NAME",
        help=f"The game: {', '.join(contest_games())}.",
    ),
]
Timeout = Annotated[
    float | None,
    typer.Option(
        "--timeout",
        metavar="SECONDS",
        min=0.0,
        help=f"Seconds each call of an entry may take (default {time_limit.UNATTENDED:g}, "
        "at a terminal too; 0: no limit).",
    ),
]


@command(tournament_app)
def tournament(
    arguments: Annotated[
        list[str],
        typer.Argument(
            metavar="ENTRY...",
            help="file.py:function, or file.py, or a folder: every *.py in it; a file or a "
            "folder plays its function final_strategy(score, opponent_score).",
            show_default=False,
        ),
    ],
    json_path: Annotated[
        Path | None,
        typer.Option("--json", metavar="PATH", help="Also write the result as JSON."),
    ] = None,
    csv_path: Annotated[
        Path | None,
        typer.Option("--csv", metavar="PATH", help="Also write the ranking as CSV."),
    ] = None,
    force: Force = False,
    game: ContestGame = None,
    timeout: Timeout = None,
    memory: Memory = None,
    *,
    given: dict[str, Any],
) -> None:
    """Rank strategies as CS 61A's contest does, exactly: every entry plays every other, its
    win rate the mean of moving first and second; a rate above 0.500001 takes a point (a tie
    gives none); entries are ranked by points.

    Each entry is first checked as the course checks it: two arguments, a number of dice the
    rules accept in every pair of scores below the goal, the same answer when asked twice, each
    call within --timeout. An entry that fails is listed with its reason and not played.
    """
    from pigsolve.policies.contest import entries, tabulate
    from pigsolve.policies.roster import roster_of
    from pigsolve.solver import tournament as contest
    from pigsolve.solver.resources import check_memory
    from pigsolve.solver.storage import check_can_write
    from pigsolve.ui import result_tables
    from pigsolve.ui.result_tables import count

    named = family_named_by(game, given)
    if named.can.contest is None or roster_of(named.name).tabulate is None:
        raise InvalidArgument(
            "tournament needs a game whose players are functions of the scores: "
            f"{listed(contest_games())} (--game NAME); {game or named.games[0]} is not one"
        )
    found = setting("tournament", game, given)
    family, rules, win_rates = found.family, found.rules, found.family.can.contest
    for path in (json_path, csv_path):
        if path is not None:
            check_can_write(path, force)
    demands = family.demands(rules)
    check_memory(demands.memory, demands.what, way_out=lambda free: family.fits(rules, free))
    contestants, disqualified = entries(arguments)
    total = len(contestants) + len(disqualified)
    if total < 2:
        raise InvalidArgument(f"a tournament needs two entries or more, got {total}")

    start = time.perf_counter()
    time_limit.set_timeout(time_limit.UNATTENDED if timeout is None else timeout)
    try:
        with progress_bar("asking the entries", len(contestants)) as progress:
            answers = tabulate(rules, contestants, progress)
    finally:
        time_limit.set_timeout(None)
    asked = time.perf_counter() - start
    playing = list(zip(contestants, answers, strict=True))
    disqualified += [(e.spec, one_line(as_option(t))) for e, t in playing if _failed(t)]
    playing = [(entry, table) for entry, table in playing if not _failed(table)]
    if len(playing) < 2:
        for entry, reason in disqualified:
            note(f"disqualified {entry}: {reason}")
        raise PigsolveError(
            f"a tournament needs two valid entries; {len(playing)} of {total} passed the checks"
        )
    pairs = len(playing) * (len(playing) - 1) // 2
    start = time.perf_counter()
    with progress_bar(f"playing {pairs:,} games", pairs) as progress:
        rates = win_rates(rules, [table for _, table in playing], progress)
    played = time.perf_counter() - start

    record = contest.record(
        found.game,
        rules.goal,
        rates,
        [entry.name for entry, _ in playing],
        [entry.spec for entry, _ in playing],
        disqualified,
        asked + played,
    )
    console.print(result_tables.tournament(record, found.adapter.setting(rules)))
    lines = [f"disqualified {entry}: {reason}" for entry, reason in disqualified]
    lines += [
        f"a point: a win rate above {contest.THRESHOLD} (the mean of moving first and second); "
        "a tie gives none",
        f"asked {len(contestants)} {'entry' if len(contestants) == 1 else 'entries'} in "
        f"{asked:.2f} s; played {count(pairs, 'game')} exactly in {played:.2f} s",
    ]
    console.print("\n".join(lines), highlight=False, markup=False, soft_wrap=True)
    for path, write in ((json_path, contest.write_json), (csv_path, contest.write_csv)):
        if path is not None:
            console.print(f"wrote {write(path, record, force)}", highlight=False, markup=False)


def _failed(answer: Any) -> bool:
    return isinstance(answer, PigsolveError)


def one_line(text: str) -> str:
    """Return ``text`` on one line: its whitespace runs as single spaces.

    >>> one_line("importing it raised SyntaxError:\\n  invalid syntax")
    'importing it raised SyntaxError: invalid syntax'
    """
    return re.sub(r"\s+", " ", text).strip()
