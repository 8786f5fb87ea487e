"""Random argument lists for every command: one clear outcome, never a traceback or stray file."""

from __future__ import annotations

import itertools
import os
import re
import tempfile
from pathlib import Path

import pytest
import typer.main
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pigsolve.cli import app

COMMANDS = [
    ["compute"],
    ["info"],
    ["query"],
    ["verify"],
    ["policies"],
    ["play"],
    ["compare"],
    ["simulate"],
    ["export"],
    ["plot"],
    ["hog", "compute"],
    ["hog", "query"],
    ["hog", "policies"],
    ["hog", "compare"],
    ["hog", "simulate"],
    ["hog", "play"],
]
VALUES = [
    "-1",
    "0",
    "1",
    "2",
    "3",
    "abc",
    "",
    "1e9",
    "10000000000",
    "x.h5",
    ".",
    "data",
    "nope/x.h5",
]
OPTIONS = {
    "--goal": ["-1", "0", "1", "3", "abc", "10000000000"],
    "--die": ["-1", "0", "1", "2", "3", "x"],
    "--games": ["-1", "0", "1", "7", "x"],
    "--seed": ["-1", "0", "1", "18446744073709551616", "x"],
    "--rules": ["fa16", "su20", "sp21", ""],
    "--out": ["x.h5", "out.csv", "out.png", ".", "data", "nope/x.h5", "plot.txt"],
    "--table": ["x.h5", ".", "missing.h5", "data"],
    "--rolls": ["missing.txt", ".", "rolls.txt"],
    "--opponent": ["optimal", "hold20", "human", "hold0", "nobody", "always4", "1"],
    "--style": ["classic", "rounds", "fancy"],
    "--you": ["0", "1", "2", "3"],
    "--what": ["policy", "probabilities", "boundary", "nope"],
    "--format": ["csv", "json", "npy", "xls"],
    "--kind": ["boundary", "slice", "contours", "pie"],
    "--method": ["layered", "value-iteration", "vi"],
    "--tolerance": ["-1", "0", "1e-12", "x"],
    "--prev": ["-5", "0", "3", "200"],
    "--opponent-prev": ["-5", "0", "7"],
    "--max-residual": ["-1", "0", "1e-12"],
    "--force": [],
    "--quiet": [],
    "--json": [],
    "--csv": [],
    "--all": [],
    "--hints": [],
    "--four-sided": [],
}
PLAYERS = ["optimal", "hold20", "hold25", "human", "nobody", "always4", "bacon", "best-response:x"]
DOCUMENTED = re.compile(
    r"data/(pig-players\d+-goal\d+-die\d+(-piglet)?|hog-(fa|sp|su)\d\d-goal\d+(-noferal)?)\.h5"
)


SCORES = ["-1", "0", "1", "2", "5", "99", "100", "x"]
POSITIONAL = {  # how many positional arguments each command takes, and from where
    "query": (3, SCORES),
    "compare": (2, PLAYERS),
    "simulate": (2, PLAYERS),
    "info": (1, ["x.h5", ".", "missing.h5"]),
    "verify": (1, ["x.h5", ".", "missing.h5"]),
}


def accepted_options(command: list[str]) -> list[str]:
    """Return the option names the command declares."""
    group = typer.main.get_command(app)
    for name in command:
        group = group.commands[name]
    return sorted(opt for param in group.params for opt in param.opts if opt.startswith("--"))


@st.composite
def argument_lists(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(COMMANDS))
    args = list(command)
    count, pool = POSITIONAL.get(command[-1], (0, VALUES))
    if command == ["hog", "query"]:
        count, pool = 2, SCORES
    count = draw(st.sampled_from([count, count, count, max(count - 1, 0), count + 1]))
    args += [draw(st.sampled_from(pool)) for _ in range(count)]
    own = [name for name in accepted_options(command) if name in OPTIONS]
    for _ in range(draw(st.integers(0, 4))):
        option = draw(st.sampled_from(own or sorted(OPTIONS)))
        if draw(st.integers(0, 9)) == 0:  # now and then an option of another command
            option = draw(st.sampled_from(sorted(OPTIONS)))
        args.append(option)
        if OPTIONS[option]:
            args.append(draw(st.sampled_from(OPTIONS[option])))
    return args


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(args=argument_lists(), stdin=st.sampled_from(["", "\n\n\nh\n", "roll\nhold\n", "3\n"]))
def test_any_arguments_end_cleanly(args: list[str], stdin: str) -> None:
    """Exit 0, 1, 2 or 130 with no traceback; nothing written but the files the command names."""
    with tempfile.TemporaryDirectory() as tmp:
        cwd = os.getcwd()
        os.chdir(tmp)
        try:
            Path("rolls.txt").write_text("3 4 5 6 " * 50)
            result = CliRunner().invoke(app, args, input=stdin)
            left = {str(p) for p in Path().rglob("*") if p.is_file()} - {"rolls.txt"}
        finally:
            os.chdir(cwd)
    assert result.exit_code in (0, 1, 2, 130), (args, result.output)
    assert not isinstance(result.exception, Exception) or isinstance(
        result.exception, SystemExit
    ), (args, repr(result.exception))
    assert "Traceback" not in result.output, (args, result.output)
    named = {value for option, value in itertools.pairwise(args) if option == "--out"}
    for path in left:
        assert DOCUMENTED.fullmatch(path) or (result.exit_code == 0 and path in named), (args, path)
