"""Game files: TOML read with one-line errors, whatever the family (Pig's outcomes, Farkle's
rules). A file is checked before it is believed: a regular file, short, valid TOML, known keys."""

from __future__ import annotations

import difflib
import stat
import tomllib
from pathlib import Path
from typing import Any

from pigsolve.solver.errors import InvalidArgument

MAX_GAME_BYTES = 2**20
"""The largest game file read (1 MiB): a game's rules are a few kilobytes."""
MAX_NESTING = 8
"""The deepest a game file nests tables and lists (a game needs 3: ``[[outcome]]``'s values,
``[scoring]``'s lists)."""


def read_game_file(path: Path) -> dict[str, Any]:
    """Return the TOML table of the game file at ``path``; InvalidArgument in one line if it is
    missing, unreadable, not a regular file, too long or not TOML."""
    try:
        data = tomllib.loads(_read_text(path))
    except FileNotFoundError:
        raise InvalidArgument(f"no game file {path}") from None
    except (OSError, UnicodeDecodeError) as err:
        raise InvalidArgument(f"cannot read game file {path}: {err}") from None
    except tomllib.TOMLDecodeError as err:
        raise InvalidArgument(f"{path} is not valid TOML: {err}") from None
    except RecursionError:  # tomllib parses nested arrays and inline tables recursively
        raise InvalidArgument(
            f"{path} nests arrays or tables too deeply to read: a game nests at most "
            f"{MAX_NESTING} deep"
        ) from None
    _check_nesting(path, data)
    return data


def _check_nesting(path: Path, data: dict[str, Any]) -> None:
    """Raise InvalidArgument naming the first key of ``data`` whose value nests tables and
    lists more than :data:`MAX_NESTING` deep (every later check, and its message, may then
    recurse safely)."""
    stack: list[tuple[str, Any, int]] = [(key, value, 1) for key, value in data.items()]
    while stack:
        key, value, depth = stack.pop()
        if depth > MAX_NESTING:
            raise InvalidArgument(
                f"{path}: {key} nests arrays or tables more than {MAX_NESTING} deep"
            )
        if isinstance(value, dict):
            stack.extend((f"{key}.{inner}", item, depth + 1) for inner, item in value.items())
        elif isinstance(value, list):
            stack.extend((f"{key}[{n}]", item, depth + 1) for n, item in enumerate(value))


def _read_text(path: Path) -> str:
    """Return the text of the game file at ``path``: a regular file of at most
    :data:`MAX_GAME_BYTES` (a FIFO or a device would block or never end)."""
    if not stat.S_ISREG(path.stat().st_mode):
        raise InvalidArgument(f"game file {path} is not a regular file")
    with path.open("rb") as f:
        data = f.read(MAX_GAME_BYTES + 1)
    if len(data) > MAX_GAME_BYTES:
        raise InvalidArgument(
            f"game file {path} is over {MAX_GAME_BYTES // 2**20} MiB: a game is a short table"
        )
    return data.decode()


def check_keys(where: str, table: dict, known: tuple[str, ...]) -> None:
    """Raise InvalidArgument naming the first key of ``table`` not in ``known`` (and the near
    name, if one is)."""
    for key in table:
        if key not in known:
            near = difflib.get_close_matches(key, known, n=1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise InvalidArgument(f"{where}unknown key {key!r}{hint}; known: {', '.join(known)}")
