"""The documentation's examples run: every ``console`` block that shows a ``pigsolve`` command
with its output is run, in a fresh folder, and what it prints is compared with what the page
shows, after the normalisations declared here (timings, sizes, paths).

A command is a line ``$ pigsolve ...`` (a trailing ``# comment`` is not part of it); the lines up
to the next ``$`` are its expected standard output. Commands shown without output, synopses
(``[--goal 100]``) and servers (``pigsolve gui``) are not run. The commands of one block run in
order, in one folder, so a block can compute a table and then query it.
"""

from __future__ import annotations

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
]
"""What may differ between a run and the page: (pattern, replacement), applied to both."""
NOT_RUN = ("pigsolve gui",)
"""Commands that do not end by themselves."""
TIMEOUT = 600


@dataclass(frozen=True)
class Example:
    page: str
    line: int
    command: str
    expected: str


def examples(page: Path) -> list[list[Example]]:
    """Return the runnable examples of ``page``, one list per console block."""
    blocks, block, command, output, start = [], None, None, [], 0
    lines = page.read_text().splitlines()

    def close() -> None:
        if command is not None and output and block is not None:
            block.append(Example(page.name, start, command, "\n".join(output)))

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


def normalise(text: str) -> str:
    for pattern, replacement in NORMALISE:
        text = pattern.sub(replacement, text)
    return "\n".join(line.rstrip() for line in text.strip().splitlines())


BLOCKS = [block for page in PAGES if page.exists() for block in examples(page)]


@pytest.mark.parametrize("block", BLOCKS, ids=[f"{b[0].page}:{b[0].line}" for b in BLOCKS])
def test_console_block_prints_what_the_page_shows(block: list[Example], tmp_path: Path) -> None:
    env = {**os.environ, "CI": "true", "NO_COLOR": "1"}
    for example in block:
        words = shlex.split(example.command)
        result = subprocess.run(
            [sys.executable, "-m", "pigsolve", *words[1:]],
            cwd=tmp_path,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
        )
        where = f"{example.page}:{example.line}: $ {example.command}"
        assert result.returncode == 0, f"{where}\nexit {result.returncode}: {result.stderr}"
        assert normalise(result.stdout) == normalise(example.expected), where


def test_the_pages_have_examples() -> None:
    """The parser finds the README's examples (a parser that found none would pass above)."""
    readme = [e.command for block in examples(ROOT / "README.md") for e in block]
    assert "pigsolve compute" in readme
