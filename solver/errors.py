"""The errors pigsolve reports to its users.

Every error a user can cause is a :class:`PigsolveError`: the CLI prints its message on one line
and exits with its :attr:`~PigsolveError.exit_code`, 2 for :class:`InvalidArgument` (a goal below
1, a state outside a table, an unknown player) and 1 for the rest (a missing or corrupt file).
Any other exception is a bug: the CLI reports it on one line too, with exit code 1.
"""


class PigsolveError(Exception):
    """A failure with a message fit for the user; the CLI exits with ``exit_code``."""

    exit_code = 1


class TableError(PigsolveError):
    """A table file that is missing, unreadable, not a pigsolve table or of an unknown version."""


class GameInputError(PigsolveError):
    """Bad game input: a malformed rolls file, dice running out, input ending mid-game."""


class InvalidArgument(PigsolveError, ValueError):
    """An argument outside what the game or method accepts: a usage error (exit code 2)."""

    exit_code = 2
