"""The errors pigsolve reports to its users.

Library code raises ``ValueError`` for bad arguments (a goal below 1, a state outside a table)
and :class:`PigsolveError` for failures the user must act on (a missing or corrupt file). The
CLI prints either on one line and exits with :attr:`PigsolveError.exit_code` (1), or 2 for a
``ValueError``.
"""


class PigsolveError(Exception):
    """A failure with a message fit for the user; the CLI exits with ``exit_code``."""

    exit_code = 1


class TableError(PigsolveError):
    """A table file that is missing, unreadable, not a pigsolve table or of an unknown version."""


class GameInputError(PigsolveError):
    """Bad game input: a malformed rolls file, dice running out, input ending mid-game."""
