"""Errors name Python parameters; the command line shows its options in their place."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from pigsolve.policies.kinds import checked_ranges
from pigsolve.policies.pig.user import UserPigPlayer
from pigsolve.solver.errors import PigsolveError
from pigsolve.solver.export_files import format_for
from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.pig.plot import plot_table
from pigsolve.solver.pig.query import check_state
from pigsolve.solver.pig.solve import MAX_FULL_GOAL, solve, value_iteration
from pigsolve.solver.sandbox import time_limit
from pigsolve.ui.commands import option_flags
from pigsolve.ui.console import OPTIONS, as_option, in_options

LOOPS = """
import time


def loops(score, opponent_score, turn_total):
    deadline = time.monotonic() + 60  # bounded, so a broken limit fails, not hangs
    while turn_total > 5 and time.monotonic() < deadline:
        pass
    return True
"""


def stuck() -> None:
    """Ask a strategy that never answers past turn total 5, under a limit of a tenth of a
    second."""
    Path("mine.py").write_text(LOOPS)
    time_limit.set_timeout(0.1)
    try:
        UserPigPlayer("mine.py:loops").table(PigRules(goal=10))
    finally:
        time_limit.set_timeout(None)


@pytest.fixture(scope="module")
def two() -> Iterator:
    yield solve(PigRules(goal=10))


def pig(goal: int = 10, players: int = 2) -> PigRules:
    return PigRules(goal=goal, players=players)


# each: the call, its message in Python, the same message at the command line
CASES: dict[str, tuple[Callable, str, str]] = {
    "method, players": (
        lambda table: value_iteration(pig(players=3)),
        "value-iteration solves two players; 3 are solved by method='layered'",
        "value-iteration solves two players; 3 are solved by --method layered",
    ),
    "method, goal": (
        lambda table: value_iteration(pig(goal=MAX_FULL_GOAL + 1)),
        f"value-iteration keeps the full table in memory: use goal <= {MAX_FULL_GOAL} or "
        "method='layered'",
        f"value-iteration keeps the full table in memory: use goal <= {MAX_FULL_GOAL} or "
        "--method layered",
    ),
    "players": (
        lambda table: check_state(pig(players=3), [1, 2, 3]),
        "give 3 scores and a turn total for 3 players, got 3 numbers; players=N sets the number "
        "of players",
        "give 3 scores and a turn total for 3 players, got 3 numbers; --players N sets the "
        "number of players",
    ),
    "out": (
        lambda table: plot_table(table, "boundary", Path("x.jpg")),
        "out must name a .png, .pdf or .svg file, not 'x.jpg'",
        "--out must name a .png, .pdf or .svg file, not 'x.jpg'",
    ),
    "kind": (
        lambda table: plot_table(table, "players", Path("x.png")),
        "kind='players' draws three or more players (players=N); the other kinds two",
        "--kind players draws three or more players (--players N); the other kinds two",
    ),
    "opponent needed": (
        lambda table: plot_table(table, "slice", Path("x.png")),
        "the slice plot needs opponent=J (the opponent's score)",
        "the slice plot needs --opponent J (the opponent's score)",
    ),
    "opponent with kind": (
        lambda table: plot_table(table, "contours", Path("x.png"), opponent=3),
        "opponent goes with kind='slice', not contours",
        "--opponent goes with --kind slice, not contours",
    ),
    "fmt": (
        lambda table: format_for(Path("x.txt"), None),
        "cannot tell the format from 'x.txt'; pass fmt=csv|json|npy",
        "cannot tell the format from 'x.txt'; pass --format csv|json|npy",
    ),
    "ranges name": (
        lambda table: checked_ranges(pig(), "hold", ["m=1:3"]),
        "ranges takes NAME=LO:HI with NAME one of n, got 'm=1:3'",
        "--range takes NAME=LO:HI with NAME one of n, got 'm=1:3'",
    ),
    "ranges order": (
        lambda table: checked_ranges(pig(), "hold", ["n=9:3"]),
        "ranges=['n=9:3']: the low end is above the high end",
        "--range n=9:3: the low end is above the high end",
    ),
    "ranges limits": (
        lambda table: checked_ranges(pig(), "hold", ["n=-5:10"]),
        "ranges=['n=-5:10']: n takes values from 1",
        "--range n=-5:10: n takes values from 1",
    ),
    "timeout": (
        lambda table: stuck(),
        "mine.py gave no answer within 0.1 s when asked loops(0, 0, 6) (pigsolve.solver.sandbox."
        "time_limit.set_timeout(SECONDS) gives it longer; 0: no limit)",
        "mine.py gave no answer within 0.1 s when asked loops(0, 0, 6) (--timeout SECONDS "
        "gives it longer; 0: no limit)",
    ),
}


@pytest.mark.parametrize(("call", "python", "command_line"), CASES.values(), ids=list(CASES))
def test_errors_name_python_parameters_and_the_command_line_its_options(
    two, call: Callable, python: str, command_line: str
) -> None:
    with pytest.raises(PigsolveError) as raised:
        call(two)
    assert str(raised.value) == python
    assert "--" not in python
    flags = OPTIONS | option_flags()
    assert raised.value.parameters and all(name in flags for name in raised.value.parameters)
    assert as_option(raised.value, option_flags()) == command_line


def test_the_timeout_setter_is_named_as_the_command_line_maps_it() -> None:
    assert time_limit.SETTER == "pigsolve.solver.sandbox.time_limit.set_timeout"
    assert OPTIONS[time_limit.SETTER] == "--timeout"


def test_only_the_named_parameters_become_options() -> None:
    message = "players=N for 3 players; goal=5"
    assert in_options(message, ["players"]) == "--players N for 3 players; goal=5"
    assert in_options("players must be 2", []) == "players must be 2"
    assert in_options("playersome=3", ["players"]) == "playersome=3"


def test_the_parameter_at_fault_is_the_first_named() -> None:
    assert PigsolveError("kind='players' ...", ("kind", "players")).parameter == "kind"
    assert PigsolveError("no parameter").parameter is None
