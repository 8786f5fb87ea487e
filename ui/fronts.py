"""Every command for every family: ``pigsolve compare A B --game hog-fa16`` as for Pig.

The top-level commands are the default family's (:data:`solver.registry.DEFAULT`, Pig) with its
options. Given ``--game NAME`` of another family, a command is served by that family's front
(:func:`register_front`: Hog's, in :mod:`ui.hog_cli`, whose group ``pigsolve hog`` is an alias
of it), or else by the generic front (:mod:`ui.generic_front`), which asks only the registry and
:mod:`policies.roster`:
a family registered anywhere (the tests' toy) is computed, queried, compared, simulated and
played with no change here. An option the family does not take is one line, exit 2.
"""

from __future__ import annotations

import importlib
from typing import Any

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.registry import DEFAULT, Family, family_of_game
from pigsolve.ui.generic_front import GENERIC, NEEDS, Command

BUILT_IN_FRONTS = ("pigsolve.ui.hog_cli",)
"""The modules whose import registers a family's own front."""

FLAGS = {"number": "players"}
"""Options whose flag is not their parameter's name."""
_FRONTS: dict[str, dict[str, Command]] = {}
"""Each family's own commands by name, by the family's name."""


def register_front(family: str, commands: dict[str, Command]) -> None:
    """Register ``commands`` (by command name) as the front of the family ``family``."""
    _FRONTS[family] = commands


def other_family(game: str | None) -> Family | None:
    """Return the family of ``--game NAME`` (a name or a game file) if it is not the default
    family (None: the default family's game, or no ``--game``)."""
    if game is None:
        return None
    family = family_of_game(game)
    return None if family.name == DEFAULT else family


def routed(command: str, game: str | None, **options: Any) -> bool:
    """Serve ``command`` for ``--game``'s family if it is another family than the default's
    and return True; return False for the default family (the caller serves it).

    ``options`` are the command's, by parameter name; those left at their default (None,
    False) are not given. The family's front takes those it knows; any other given is
    refused in one line naming its flag.
    """
    family = other_family(game)
    if family is None:
        return False
    for module in BUILT_IN_FRONTS:
        importlib.import_module(module)
    front = _FRONTS.get(family.name) or {
        name: serve for name, serve in GENERIC.items() if hasattr(family, NEEDS.get(name, "name"))
    }
    if command not in front:
        served = ", ".join(front)
        raise InvalidArgument(f"{command} does not serve {game}; its commands: {served}")
    serve = front[command]
    accepted = serve.__code__.co_varnames[: serve.__code__.co_argcount]
    for name, value in options.items():
        if name not in accepted and value not in (None, False, [], ()):
            flag = "--" + FLAGS.get(name, name).replace("_", "-")
            raise InvalidArgument(f"{flag} is not an option of {game}")
    serve(game.strip(), **{k: v for k, v in options.items() if k in accepted})
    return True
