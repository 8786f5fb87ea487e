"""The errors pigsolve reports to its users.

Every error a user can cause is a :class:`PigsolveError`: the CLI prints its message on one line
and exits with its :attr:`~PigsolveError.exit_code`. One rule: a usage error exits 2, as click's
own do: :class:`InvalidArgument` (a bad option value, a goal below 1, a state outside a table,
an unknown player) and :class:`MissingFile` (an input file the command line names, or a table
its rules name, that is not there). A valid request that fails at run time exits 1: a
computation refused for memory, a damaged or foreign table, a file that would be overwritten, a
user's strategy raising. Any other exception is a bug: the CLI reports it on one line too, with
exit code 1. Ctrl-C exits 130.
"""


class PigsolveError(Exception):
    """A failure with a message fit for the user; the CLI exits with ``exit_code``.

    ``parameter`` names the Python parameters the message names (one name or several): at its
    start (``seed must be ...``) or as a keyword or call (``method='layered'``, ``opponent=J``,
    ``set_timeout(SECONDS)``). The command line shows each as its option instead
    (:func:`ui.console.as_option`: ``--seed must be ...``, ``--method layered``).
    """

    exit_code = 1

    def __init__(self, message: str = "", parameter: str | tuple[str, ...] | None = None) -> None:
        super().__init__(message)
        self.parameters = (parameter,) if isinstance(parameter, str) else tuple(parameter or ())

    @property
    def parameter(self) -> str | None:
        """The Python parameter at fault: the first the message names (None: none)."""
        return self.parameters[0] if self.parameters else None


class TableError(PigsolveError):
    """A table file that is missing, unreadable, not a pigsolve table or of an unknown version."""


class WriteError(TableError):
    """A table that could not be written (a full disk, no permission, a file in the way):
    ``reason`` says why without a path, for answers that must not show the server's files
    (``private``, the reason naming paths, is the message's)."""

    def __init__(self, path: object, reason: str, private: str | None = None) -> None:
        super().__init__(f"cannot write {path}: {reason if private is None else private}")
        self.reason = reason


class GameInputError(PigsolveError):
    """Bad game input: a malformed rolls file, dice running out, input ending mid-game."""


class MissingFile(PigsolveError):
    """An input file named on the command line that is not there (or is a folder): a usage
    error (exit code 2)."""

    exit_code = 2


class MissingTable(TableError, MissingFile):
    """A table file that is not there: a usage error (exit code 2), the command that makes it
    named."""


class InvalidArgument(PigsolveError, ValueError):
    """An argument outside what the game or method accepts: a usage error (exit code 2)."""

    exit_code = 2


class TooManyCalls(InvalidArgument):
    """An exact evaluation that would call a user's function more often than it may: the
    message names the way out (a simulation, a smaller goal)."""


def brief(text: object, limit: int = 120) -> str:
    """Return ``text`` as a string of at most ``limit`` characters, for a message quoting what a
    user wrote or why a library refused it.

    >>> brief("x" * 200, 10), brief(ValueError("short"))
    ('xxxxxxx...', 'short')
    """
    words = str(text)
    return words if len(words) <= limit else words[: limit - 3] + "..."


def excerpt(value: object, most: int = 60) -> str:
    """Return ``value`` quoted and cut to about ``most`` characters (:func:`brief`): fit for a
    one-line error however much a request sent.

    >>> excerpt("farkel"), excerpt("x" * 100, 5)
    ("'farkel'", "'xxxxx...'")
    """
    return repr(brief(value, most + 3))


def missing_extra(what: str, extra: str) -> PigsolveError:
    """Return the one-line error of ``what`` needing the optional ``extra``, with the command
    that installs it where pigsolve is: a checkout's folder, else the package's name.

    >>> "pip install" in str(missing_extra("plotting", "plot"))
    True
    """
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    if (root / "pyproject.toml").is_file():  # installed from a checkout (editable)
        command = f"pip install -e '{root}[{extra}]'"
    else:
        command = f"pip install 'pigsolve[{extra}]'"
    return PigsolveError(f"{what} needs the {extra} extra: {command}")
