"""Your own player: a function in a Python file, named ``path/to/file.py:function``.

Each family says what its function takes and returns (its roster's ``arguments``, and its
player's docstring). The function is asked in a process of its own, as
:mod:`solver.sandbox.function` says: **this runs your code**, a function answering differently
when asked twice is refused (exact evaluation needs a deterministic strategy), and every way it
can fail is one line naming the call. Here are the players' words for it: a file without the
function names the functions it defines, and a function of another game's arguments names that
game's commands.
"""

from __future__ import annotations

from pathlib import Path

from pigsolve.solver.errors import InvalidArgument, PigsolveError
from pigsolve.solver.sandbox.function import UserFunction

USER_PLAYER = ("path/to/file.py:function", "your own function (this runs your code)")
"""The players read from a file, as every family lists them."""


class StrategyFunction(UserFunction):
    """A player's function ``file.py:function`` in its process (see
    :class:`solver.sandbox.function.UserFunction`)."""

    kind = "strategy file"
    undetermined = "not a deterministic strategy: exact evaluation needs one; use `simulate`"
    one_process = ": a strategy answers from one process"

    def missing(self, path: Path, function_name: str) -> PigsolveError:
        """Return the error of a file without the function: name the function to play."""
        defined = self.defined
        found = f"{path} has no function {function_name!r};" if function_name else f"{self.spec}:"
        example = f"{path}:{defined[0]}" if defined else f"{path}:function"
        listed = f"; it defines {', '.join(defined)}" if defined else "; it defines no function"
        return InvalidArgument(f"{found} name the function to play, e.g. {example}{listed}")

    def hint(self, takes: list[int]) -> str:
        """Return a hint naming another game's commands when a function taking ``takes`` numbers
        of arguments takes that game's (a strategy of one game given to another), else ''."""
        from pigsolve.policies.roster import roster_of
        from pigsolve.solver.registry import DEFAULT, families

        spec = self.spec
        for family in families():
            try:
                players = roster_of(family.name)
            except InvalidArgument:
                continue
            if any(arity in takes for arity in players.arities):
                game = family.games[0]
                use = (
                    f"use `pigsolve compare {spec} ...` (or another {family.label} command)"
                    if family.name == DEFAULT
                    else f"use `pigsolve compare {spec} ... --game {game}` (or another command "
                    f"with --game {game})"
                )
                return f"; this looks like a {family.label} strategy ({players.arguments}): {use}"
        return ""
