"""One corridor: every game is served by the same commands, page and API. No family is named
above the solver outside its own registration (its players' package and its adapter), every
command lists a family's options under the family, and one script of the API runs unchanged for
Pig, Hog and Farkle."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import pigsolve
from pigsolve.cli import app
from pigsolve.solver import registry

ROOT = Path(pigsolve.__file__).parent
FAMILY_WORD = re.compile(r"(?i)\b(pig(?!solve)|hog|farkle)")
"""A family's name in code or words (the product's name, pigsolve, is not one)."""
runner = CliRunner()


def registrations() -> set[Path]:
    """Return the folders where a family may name itself above the solver: its players and its
    adapter (the solver's own folders are below the corridor)."""
    return {
        ROOT / layer / name for layer in ("policies", "ui/adapters") for name in registry.BUILT_IN
    }


def test_no_family_is_named_above_the_solver_outside_its_registration() -> None:
    files = [ROOT / "cli.py"] + [
        path
        for layer in ("ui", "policies")
        for path in (ROOT / layer).rglob("*")
        if path.suffix in (".py", ".js", ".html", ".css") and "__pycache__" not in path.parts
    ]
    allowed = registrations()
    named = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in files
        if not any(path.is_relative_to(folder) for folder in allowed)
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if FAMILY_WORD.search(line)
    ]
    assert named == []


def test_the_built_in_families_are_listed_once() -> None:
    """The registry's BUILT_IN is the one list: no other line spells two families out."""
    name = re.compile(r"""["'](pig|hog|farkle)["']""")
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for layer in ("solver", "policies", "ui")
        for path in (ROOT / layer).rglob("*.py")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if len(set(name.findall(line))) > 1
    ]
    assert {line.split(":")[0] for line in found} == {"solver/registry.py"}


def test_help_lists_each_familys_options_under_it() -> None:
    text = runner.invoke(app, ["compute", "--help"], terminal_width=120).stdout
    assert "Pig options:" in text and "--die" in text.split("Pig options:")[1]
    assert "Pig and Farkle options:" in text
    query = runner.invoke(app, ["query", "--help"], terminal_width=120).stdout
    assert "--roll" in query.split("\nFarkle options:")[1]
    assert "--rules" in query.split("\nHog options:")[1].split("\n\n")[0]
    top = runner.invoke(app, ["--help"]).stdout
    assert "Pig, Hog, Farkle and Zombie Dice" in " ".join(top.split())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["compute", "--game", "farkle", "--die", "4"], "--die is not an option of farkle"),
        (["query", "0", "0", "0", "--roll", "1,5"], "--roll is not an option of pig"),
        (["play", "--game", "farkle", "--style", "rounds"], "--style is not an option of farkle"),
        (["compute", "--game", "hog-fa16", "--rules", "su20"], "--rules su20 disagrees"),
        (["compute", "--game", "farkel"], "unknown game 'farkel' (did you mean 'farkle'?)"),
    ],
)
def test_an_option_of_another_family_is_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and result.stderr.startswith(f"error: {message}"), result.output
    assert len(result.stderr.splitlines()) == 1


def test_rules_names_hogs_rule_set_without_game(workdir: Path) -> None:
    both = [runner.invoke(app, [*args, "--goal", "20", "--json"]) for args in (
        ["query", "3", "7", "--rules", "su20"],
        ["query", "3", "7", "--game", "hog-su20"],
    )]  # fmt: skip
    assert both[0].exit_code == 0, both[0].output
    assert json.loads(both[0].stdout) == json.loads(both[1].stdout)


def test_the_data_folder_is_shared_by_every_folder(workdir: Path, monkeypatch) -> None:
    """`--data-dir` (or PIGSOLVE_DATA) names one folder for the tables made and found."""
    monkeypatch.setenv("PIGSOLVE_DATA", "")  # restored after the test, as --data-dir sets it
    shared = workdir / "tables"
    made = runner.invoke(app, ["--data-dir", str(shared), "compute", "--goal", "20"])
    assert made.exit_code == 0, made.output
    assert (shared / "pig-players2-goal20-die6.h5").is_file() and not (workdir / "data").exists()
    elsewhere = workdir / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    monkeypatch.setenv("PIGSOLVE_DATA", str(shared))
    again = runner.invoke(app, ["compute", "--goal", "20"])
    assert again.exit_code == 0 and "kept" in again.stdout
    assert not (elsewhere / "data").exists()


API_SCRIPT = """
import sys
import pigsolve

game, state, opponent, store_args = sys.argv[1], eval(sys.argv[2]), sys.argv[3], sys.argv[4:]
rules = pigsolve.game(game, goal=int(store_args[0]))
solution = pigsolve.solve(rules)
assert "\\n" not in repr(solution)
one = solution.win_probability(state)
assert one == solution.win_probability(*state)
reply = pigsolve.best_response(rules, opponent)
listed = pigsolve.best_response(rules, [opponent])
chance = pigsolve.compare(rules, reply, opponent).average
assert chance == pigsolve.compare(rules, listed, opponent).average
assert chance >= pigsolve.compare(rules, "optimal", opponent).average - 1e-12
loaded = pigsolve.load(store_args[1])
assert loaded.win_probability(state) == solution.win_probability(state)
print(f"{one:.12f} {chance:.12f}")
"""


@pytest.mark.parametrize(
    ("game", "state", "opponent", "goal"),
    [
        ("pig", "(0, 0, 0)", "hold20", "30"),
        ("hog-fa16", "(0, 0)", "always4", "30"),
        ("farkle", "(0, 0, 0, 6)", "bank:300", "1000"),
    ],
)
def test_one_api_script_runs_unchanged_for_every_game(
    pigsolve, workdir: Path, game, state, opponent, goal
) -> None:
    """The same script: solve, a state in the command line's form (one tuple or separate
    numbers), the best response to one name or a list, and a table loaded back."""
    table = "t.h5"
    made = pigsolve("compute", "--game", game, "--goal", goal, "--out", table, "--quiet")
    assert made.returncode == 0, made.stderr
    (workdir / "api.py").write_text(API_SCRIPT)
    done = subprocess.run(
        [sys.executable, "api.py", game, state, opponent, goal, table],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
