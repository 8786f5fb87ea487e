"""The `pigsolve` console script itself: version, help, and usage errors on one line."""

from __future__ import annotations

import os
import re

import pytest

from pigsolve.solver import __version__


def test_version(pigsolve) -> None:
    result = pigsolve("--version")
    assert result.returncode == 0 and result.stdout.strip() == f"pigsolve {__version__}"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["compute", "--goal", "abc"], "error: Invalid value for '--goal'"),
        (["compute", "--bogus"], "error: No such option: --bogus"),
        (["frobnicate"], "error: No such command 'frobnicate'."),
        (["query", "1", "2"], "error: give 2 scores and a turn total for 2 players, got 2"),
        # choices are enums: typer names the option and lists the accepted values
        (["play", "--style", "fancy"], "error: Invalid value for '--style': 'fancy' is not one of"),
        (["export", "--what", "nope", "--out", "x.csv"], "error: Invalid value for '--what'"),
        (["hog", "compare", "always4", "always4", "--rules", "sp19"], "error: Invalid value for"),
        (["query", "-1", "0", "0"], "error: No such option: -1 (a negative number? put -- before"),
    ],
)
def test_usage_errors_are_one_line_with_exit_2(pigsolve, args: list[str], message: str) -> None:
    result = pigsolve(*args)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith(message) and "--help" in result.stderr


def test_bare_command_shows_help(pigsolve) -> None:
    result = pigsolve()
    shown = result.stdout + result.stderr
    assert "Usage: pigsolve" in shown and "compute" in shown and "hog" in shown


def all_commands() -> list[list[str]]:
    """Return the argument lists naming every command and subcommand."""
    import typer.main

    from pigsolve.cli import app

    group = typer.main.get_command(app)
    names = [[name] for name in group.commands if name != "hog"]
    return names + [["hog", name] for name in group.commands["hog"].commands]


@pytest.mark.parametrize("command", all_commands(), ids=" ".join)
def test_help_texts_keep_their_bracketed_defaults(command: list[str]) -> None:
    """`query --help` showed "Table file ." : rich markup ate "[default: ...]" in help texts."""
    from typer.testing import CliRunner

    from pigsolve.cli import app

    result = CliRunner().invoke(app, [*command, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert not re.search(r"[A-Za-z] \.(\s|$)", result.output), result.output


def test_shell_completion_completes_commands_and_choices(pigsolve) -> None:
    """Completion was switched off; `pigsolve --install-completion` installs it now."""
    env = {**os.environ, "_PIGSOLVE_COMPLETE": "complete_bash"}
    words = {"COMP_WORDS": "pigsolve hog co", "COMP_CWORD": "2"}
    done = pigsolve(env=env | words)
    assert done.stdout.split() == ["compute", "compare"]
    words = {"COMP_WORDS": "pigsolve play --style ", "COMP_CWORD": "3"}
    done = pigsolve(env=env | words)
    assert done.stdout.split() == ["classic", "rounds"]


def test_flags_show_no_value_placeholder() -> None:
    """Plain flags were shown as `--force <bool>`, as if they took a value."""
    from typer.testing import CliRunner

    from pigsolve.cli import app

    result = CliRunner().invoke(app, ["compute", "--help"])
    assert "--force " in result.output and "<bool>" not in result.output
