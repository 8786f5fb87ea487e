"""mkdocs hook: the command reference is generated from the typer app at build time.

A page that contains the line ``<!-- pigsolve-cli -->`` gets it replaced by one section per
command of :data:`pigsolve.cli.app` (walked as typer builds it): what ``pigsolve COMMAND --help``
prints, with the usage line, every argument and option, its type and default. Nothing is
copied by hand, so a new option or a changed help text shows up in the next build.

The hook also shows mkdocstrings where the sources are: the package is the repository's top
level (``package-dir`` in pyproject.toml), which a static reader finds only under the name
``pigsolve``, so a temporary folder holds a link of that name to the top level.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from mkdocs.plugins import event_priority

MARKER = "<!-- pigsolve-cli -->"
HELP_ENV = {"COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
"""The terminal the help is rendered for: 100 columns, no colour."""
ROOT = Path(__file__).resolve().parents[1]
_sources: list[Path] = []


@event_priority(100)  # before mkdocstrings reads its configuration
def on_config(config):
    """Point mkdocstrings' Python handler at a folder where ``pigsolve`` is the top level."""
    folder = Path(tempfile.mkdtemp(prefix="pigsolve-docs-"))
    (folder / "pigsolve").symlink_to(ROOT, target_is_directory=True)
    _sources.append(folder)
    python = config.plugins["mkdocstrings"].config.handlers.setdefault("python", {})
    python["paths"] = [str(folder)]
    return config


def on_shutdown() -> None:
    """Remove the temporary folders made by :func:`on_config`."""
    while _sources:
        shutil.rmtree(_sources.pop(), ignore_errors=True)


def on_page_markdown(markdown: str, page, config, files) -> str:
    """Replace the marker with the generated reference (mkdocs calls this for every page)."""
    if MARKER not in markdown:
        return markdown
    import typer.main

    from pigsolve.cli import app

    sections = [
        render(app, words, level=2 if len(words) < 2 else 3)
        for words in commands(typer.main.get_command(app))
    ]
    return markdown.replace(MARKER, "\n".join(sections))


def commands(group, words: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Return the words of every command under ``group``, the group's own first, in app order."""
    found = [words]
    for name, command in getattr(group, "commands", {}).items():
        if not getattr(command, "hidden", False):
            found += commands(command, (*words, name))
    return found


def render(app, words: tuple[str, ...], level: int) -> str:
    """Return the Markdown section of ``pigsolve WORDS``: its ``--help``, as the terminal shows."""
    from typer.testing import CliRunner

    result = CliRunner().invoke(app, [*words, "--help"], prog_name="pigsolve", env=HELP_ENV)
    if result.exit_code != 0:
        raise RuntimeError(f"pigsolve {' '.join(words)} --help failed: {result.output}")
    name = " ".join(("pigsolve", *words))
    return f"{'#' * level} `{name}`\n\n```text\n{result.output.rstrip()}\n```\n"
