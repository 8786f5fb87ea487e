"""The documentation's examples run: every ``console`` block that shows a ``pigsolve`` command
with its output is run, in a fresh folder, and what it prints is compared with what the page
shows, after the normalisations declared here (timings, sizes, paths); every Python example runs.

A command is a line ``$ pigsolve ...`` (a trailing ``# comment`` is not part of it); the lines up
to the next ``$`` are its expected standard output. Commands shown without output, synopses
(``[--goal 100]``) and servers (``pigsolve gui``) are not run. The commands of one block run in
order, in one folder, so a block can compute a table and then query it. A block whose every
command and output another block shows (the README's Farkle query, the how-to's) runs once.

Python examples are ``python`` blocks, run as scripts (exit 0 required), and ``pycon`` blocks,
run by :mod:`doctest` (what they show after ``>>>`` is compared). A ``python`` block with a
``title="NAME"`` is also a file the page's examples use: it is written into each example's
folder first, so ``$ pigsolve compare mine.py:strategy optimal`` finds ``mine.py``.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", ROOT / "data" / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
NORMALISE = [
    (re.compile(r"\b\d+(\.\d+)?( ?)(s|ms|µs)\b"), r"<time>\2\3"),  # 0.019 s, 12 ms
    (re.compile(r"\(\d+(\.\d+)? (KiB|MiB|GiB|B)\)"), "(<size>)"),  # (2.1 MiB)
    (re.compile(r"\d+(\.\d+)? (KiB|MiB|GiB) peak"), "<size> peak"),
    (re.compile(r"\bseconds=\d+(\.\d+)?"), "seconds=<time>"),  # a solution's repr
]
"""What may differ between a run and the page: (pattern, replacement), applied to both."""
NOT_RUN = ("pigsolve gui",)
"""Commands that do not end by themselves."""
SLOW = re.compile(r"pigsolve (hog tune|tune .*--game hog-)")
"""Commands of half a minute or more on the two-core machine (tuning Hog's families): their
blocks are marked ``slow``."""
INNER_LOOP = ("README.md", "docs/tutorials/")
"""The pages whose console blocks and Python examples the inner loop (``-m "not slow"``) runs: a
new user's path. The how-to guides' and explanations' examples run in the full suite."""


def is_slow(page: str, block: list[Example]) -> bool:
    """Return whether a block waits for the full suite: off a new user's path, or slow."""
    return not page.startswith(INNER_LOOP) or any(SLOW.match(e.command) for e in block)


TIMEOUT = 600


@dataclass(frozen=True)
class Example:
    page: str
    line: int
    command: str
    expected: str


def label(page: Path) -> str:
    """Return ``page`` as the tests name it: its path from the repository's top level."""
    return page.relative_to(ROOT).as_posix() if page.is_relative_to(ROOT) else page.name


def examples(page: Path) -> list[list[Example]]:
    """Return the runnable examples of ``page``, one list per console block."""
    blocks, block, command, output, start = [], None, None, [], 0
    lines = page.read_text().splitlines()

    def close() -> None:
        if command is not None and output and block is not None:
            block.append(Example(label(page), start, command, "\n".join(output)))

    for number, line in enumerate(lines, 1):
        if block is None:
            if line.strip() == "```console":
                block, command, output = [], None, []
            continue
        if line.strip() == "```":
            close()
            if block:
                blocks.append(block)
            block = None
        elif line.startswith("$ "):
            close()
            text = re.split(r"\s{2,}#", line[2:])[0].strip()
            runnable = text.startswith("pigsolve") and "[" not in text
            command = text if runnable and not text.startswith(NOT_RUN) else None
            output, start = [], number
        elif command is not None:
            output.append(line)
    return blocks


@dataclass(frozen=True)
class PythonExample:
    page: str
    line: int
    language: str
    code: str


def fenced(page: Path, language: str) -> list[tuple[int, str, str]]:
    """Return ``(line, title, text)`` of every block of ``page`` fenced as ``language``."""
    found, lines = [], page.read_text().splitlines()
    opening = re.compile(rf"```{language}(?:\s+title=\"([^\"]+)\")?\s*$")
    start, title, body = None, "", []
    for number, line in enumerate(lines, 1):
        if start is None:
            if match := opening.fullmatch(line.strip()):
                start, title, body = number, match.group(1) or "", []
        elif line.strip() == "```":
            found.append((start, title, "\n".join(body) + "\n"))
            start = None
        else:
            body.append(line)
    return found


def files(page: Path) -> dict[str, str]:
    """Return the files ``page`` shows as titled ``python`` and ``toml`` blocks: name -> text."""
    found = [*fenced(page, "python"), *fenced(page, "toml")]
    return {title: text for _, title, text in found if title}


def python_examples(page: Path) -> list[PythonExample]:
    """Return every ``python`` and ``pycon`` block of ``page``."""
    return [
        PythonExample(label(page), line, language, text)
        for language in ("python", "pycon")
        for line, _, text in fenced(page, language)
    ]


def normalise(text: str) -> str:
    for pattern, replacement in NORMALISE:
        text = pattern.sub(replacement, text)
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


def write_files(page: Path, folder: Path) -> None:
    """Write the files ``page`` shows into ``folder`` (``entries/alice.py``: in a folder)."""
    for name, text in files(page).items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)


def shown_elsewhere(blocks: list[list[Example]]) -> set[int]:
    """Return the indices of the blocks whose every command, with its output, another block
    runs (a larger one, or an equal one earlier): running them again checks nothing new."""
    keys = [{(e.command, normalise(e.expected)) for e in block} for block in blocks]
    return {
        i
        for i, mine in enumerate(keys)
        if any(mine < other or (mine == other and j < i) for j, other in enumerate(keys))
    }


ENV = {**os.environ, "CI": "true", "NO_COLOR": "1"}
EXISTING = [page for page in PAGES if page.exists()]
EVERY_BLOCK = [(page, block) for page in EXISTING for block in examples(page)]
REPEATED = shown_elsewhere([block for _, block in EVERY_BLOCK])
BLOCKS = [
    pytest.param(
        page,
        block,
        id=f"{label(page)}:{block[0].line}",
        marks=[pytest.mark.slow] if is_slow(label(page), block) else [],
    )
    for index, (page, block) in enumerate(EVERY_BLOCK)
    if index not in REPEATED
]
PYTHON = [
    pytest.param(
        page,
        example,
        id=f"{label(page)}:{example.line}",
        marks=[] if label(page).startswith(INNER_LOOP) else [pytest.mark.slow],
    )
    for page in EXISTING
    for example in python_examples(page)
]


@pytest.mark.parametrize(("page", "block"), BLOCKS)
def test_console_block_prints_what_the_page_shows(
    page: Path, block: list[Example], tmp_path: Path
) -> None:
    write_files(page, tmp_path)
    for example in block:
        words = shlex.split(example.command)
        result = run_python(["-m", "pigsolve", *words[1:]], tmp_path)
        where = f"{example.page}:{example.line}: $ {example.command}"
        assert result.returncode == 0, f"{where}\nexit {result.returncode}: {result.stderr}"
        assert normalise(result.stdout) == normalise(example.expected), where
        assert_same_sizes(written(result.stdout), written(example.expected), where)


WROTE = re.compile(r"^wrote (\S+) \((\d+(?:\.\d+)?) (KiB|MiB|GiB)\)$", re.MULTILINE)
"""``pigsolve compute``'s last line: the file written and its size, which ``NORMALISE`` hides."""
SIZE_TOLERANCE = 0.02
"""A size shown may differ from the run's by this fraction (HDF5 and zlib versions vary), or by
one in its last digit (rounding), no more: 2.1 MiB shown where 2.3 MiB is written fails."""


def written(text: str) -> dict[str, tuple[float, str]]:
    """Return each file a command says it wrote, with its size as shown: name -> (size, unit)."""
    return {name: (float(size), unit) for name, size, unit in WROTE.findall(text)}


def assert_same_sizes(ran: dict, shown: dict, where: str) -> None:
    """Check that each size a page shows is the size the command printed."""
    for name, (size, unit) in shown.items():
        actual, actual_unit = ran[name]
        assert unit == actual_unit, f"{where}: {name} is {actual} {actual_unit}, not {size} {unit}"
        assert abs(size - actual) <= max(0.1, SIZE_TOLERANCE * actual) + 1e-9, (
            f"{where}: {name} is {actual} {unit} today, the page shows {size} {unit}"
        )


def run_python(args: list[str], folder: Path) -> subprocess.CompletedProcess:
    """Run this Python with ``args`` in ``folder``, as the pages' reader would (no terminal)."""
    return subprocess.run(
        [sys.executable, *args],
        cwd=folder,
        env=ENV,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
    )


@pytest.mark.parametrize(("page", "example"), PYTHON)
def test_python_example_runs(page: Path, example: PythonExample, tmp_path: Path) -> None:
    write_files(page, tmp_path)
    script = tmp_path / f"example.{'txt' if example.language == 'pycon' else 'py'}"
    script.write_text(example.code)
    options = ["-m", "doctest", "-o", "ELLIPSIS", "-o", "NORMALIZE_WHITESPACE"]
    result = run_python([*(options if example.language == "pycon" else []), script.name], tmp_path)
    where = f"{example.page}:{example.line} ({example.language})"
    assert result.returncode == 0, f"{where}\n{result.stdout}{result.stderr}"


def test_the_pages_have_examples() -> None:
    """The parser finds the README's examples (a parser that found none would pass above)."""
    readme = [e.command for block in examples(ROOT / "README.md") for e in block]
    assert "pigsolve compute" in readme


def test_the_python_examples_are_found(tmp_path: Path) -> None:
    """The parser finds each kind of Python example, and a titled block as a file."""
    page = tmp_path / "page.md"
    page.write_text(
        '```python title="mine.py"\ndef f():\n    return 1\n```\n\n'
        "```pycon\n>>> 1 + 1\n2\n```\n\n```python\nprint(2)\n```\n"
    )
    found = [(e.language, e.line, e.code) for e in python_examples(page)]
    assert found == [
        ("python", 1, "def f():\n    return 1\n"),
        ("python", 11, "print(2)\n"),
        ("pycon", 6, ">>> 1 + 1\n2\n"),
    ]
    assert files(page) == {"mine.py": "def f():\n    return 1\n"}


def test_a_block_another_shows_whole_runs_once() -> None:
    """A block runs unless a larger block, or an equal earlier one, shows each of its commands
    with the same output (after :func:`normalise`); one output differing keeps it."""
    one = Example("a.md", 1, "pigsolve query 0 0 0", "0.53 (1.2 s)")
    two = Example("b.md", 5, "pigsolve compute", "done")
    same = Example("c.md", 9, "pigsolve query 0 0 0", "0.53 (3.4 s)")
    other = Example("c.md", 9, "pigsolve query 0 0 0", "0.54")
    assert shown_elsewhere([[one], [two, same]]) == {0}
    assert shown_elsewhere([[one], [same]]) == {1}
    assert shown_elsewhere([[one], [two, other]]) == set()


def test_a_block_running_a_slow_command_is_marked_slow() -> None:
    """``pytest -m "not slow"`` runs the new user's path's blocks but those of a ``SLOW``
    command, and leaves the rest to the full suite."""
    for param in BLOCKS:
        _, block = param.values
        on_path = param.id.startswith(INNER_LOOP)
        slow = any(SLOW.match(example.command) for example in block)
        assert bool(param.marks) == (slow or not on_path), param.id
    assert any(not param.marks and param.id.startswith("README.md:") for param in BLOCKS)
    assert any(not param.marks and param.id.startswith("docs/tutorials/") for param in BLOCKS)
    assert all(bool(param.marks) != param.id.startswith(INNER_LOOP) for param in PYTHON)


STUDENTS = ROOT / "docs" / "explanations" / "hog.md"
"""The page with the table of CS 61A's strategies against ``always_roll(4)``."""
CELL = re.compile(r"(?:`(?P<player>[^`]+)` )?(?P<figure>\d\.\d{6})")


@dataclass(frozen=True)
class StudentsFigure:
    rules: str
    player: str
    family: str | None  # a ``tune FAMILY`` row: the player is the family's best
    figure: float


def students_figures(page: Path = STUDENTS) -> list[StudentsFigure]:
    """Return every figure of the table whose header is ``| 61A's strategy | player | ...``."""
    lines = page.read_text().splitlines()
    start = lines.index("| 61A's strategy | player | fa16 | su20 |")
    found = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        _, named, *cells = [cell.strip() for cell in line.strip("|").split(" | ")]
        row_player = named.strip("`")
        family = row_player.removeprefix("tune ") if row_player.startswith("tune ") else None
        for rules, cell in zip(("fa16", "su20"), cells, strict=True):
            match = CELL.fullmatch(cell)
            assert match, f"{label(page)}: {cell!r} is not '[`player`] 0.dddddd'"
            player = match["player"] or row_player
            found.append(StudentsFigure(rules, player, family, float(match["figure"])))
    return found


def hog_json(*args: str) -> dict:
    """Return what ``pigsolve hog ARGS --json`` prints, run in this folder."""
    from typer.testing import CliRunner

    from pigsolve.cli import app

    result = CliRunner().invoke(app, ["hog", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("rules", ["fa16", pytest.param("su20", marks=pytest.mark.slow)])
def test_the_students_table_is_what_compare_prints(rules: str, workdir: Path) -> None:
    """Each figure of 61A's strategies against always_roll(4), recomputed by its command."""
    write_files(STUDENTS, workdir)  # final.py
    figures = [f for f in students_figures() if f.rules == rules]
    assert len(figures) == 12
    for figure in figures:
        result = hog_json("compare", figure.player, "always4", "--rules", rules)
        assert round(result["average"], 6) == figure.figure, figure


@pytest.mark.slow
@pytest.mark.parametrize(
    "figure",
    [f for f in students_figures() if f.family],
    ids=lambda f: f"{f.rules}-{f.family}",
)
def test_the_students_table_has_each_familys_best(figure: StudentsFigure) -> None:
    """A ``tune`` row's player is the family's best against always_roll(4), and its figure."""
    tuned = hog_json("tune", figure.family, "--against", "always4", "--rules", figure.rules)
    assert tuned["best"]["a"] == figure.player
    assert round(tuned["best"]["average"], 6) == figure.figure
