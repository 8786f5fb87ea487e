"""The terminal's two streams, and every error reported on one line of stderr."""

from __future__ import annotations

import contextlib
import functools
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

import typer

from pigsolve.solver.compile_notes import say_unforeseen_compiling
from pigsolve.solver.durations import wait_words
from pigsolve.solver.errors import PigsolveError
from pigsolve.solver.resources import check_memory, memory_words

if TYPE_CHECKING:
    from rich.console import Console

# Piped output is not cut at 80 columns mid-sentence; a terminal's own width is kept.
WIDTH = None if sys.stdout.isatty() or "COLUMNS" in os.environ else 200


class LazyConsole:
    """A rich ``Console`` made at its first use, so that a command printing little (``--version``)
    does not import rich."""

    def __init__(self, **options: Any) -> None:
        self._options = options
        self._console: Console | None = None

    @property
    def real(self) -> Console:
        """Return the console itself (made now if not yet)."""
        if self._console is None:
            from rich.console import Console

            self._console = Console(**self._options)
        return self._console

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


console = LazyConsole(width=WIDTH)
err_console = LazyConsole(stderr=True, width=WIDTH)

OPTIONS = {
    "seed": "--seed",
    "goal": "--goal",
    "players": "--players",
    "out": "--out",
    "kind": "--kind",
    "what": "--what",
    "opponent": "--opponent",
    "fmt": "--format",
    "force": "--force",
    "ranges": "--range",
    "pigsolve.solver.sandbox.time_limit.set_timeout": "--timeout",
    "pigsolve.solver.sandbox.time_limit.set_memory": "--memory",
}
"""The option that gives each Python parameter an error may name (``PigsolveError.parameters``);
a family's own are its adapter's, added by the commands (:func:`user_errors`' ``flags``)."""

_VALUE = r"(?:=\[?'(?P<quoted>[^']+)'\]?|=(?P<word>[^\s,;)]+)|\((?P<called>[^()\s]+)\))"
"""A parameter's value after its name: ``=V``, ``='V'``, ``=['V']`` or ``(V)``."""


def as_option(err: PigsolveError, flags: Mapping[str, str] | None = None) -> str:
    """Return the message of ``err`` with the Python parameters it names shown as options.

    >>> from pigsolve.solver.errors import InvalidArgument
    >>> as_option(InvalidArgument("seed must be in [0, 2**64), got -1", parameter="seed"))
    '--seed must be in [0, 2**64), got -1'
    """
    return in_options(str(err), getattr(err, "parameters", ()), flags)


def _with_value(option: str, value: str) -> str:
    """Return ``option`` with ``value``, or alone for a flag's ``True``."""
    return option if value == "True" else f"{option} {value}"


def in_options(
    message: str, parameters: Iterable[str], flags: Mapping[str, str] | None = None
) -> str:
    """Return ``message`` with each of ``parameters`` shown as its option: the one it starts
    with, and any written as a keyword or call with a value (``method='layered'`` as ``--method
    layered``).

    >>> in_options("opponent goes with kind='slice'", ["opponent", "kind"])
    '--opponent goes with --kind slice'
    >>> in_options("t.h5 already exists; pass force=True to overwrite it", ["force"])
    't.h5 already exists; pass --force to overwrite it'
    """
    for parameter in parameters:
        option = (OPTIONS | dict(flags or {})).get(parameter)
        if option is None:
            continue
        message = re.sub(
            rf"(?<![\w.]){re.escape(parameter)}{_VALUE}",
            lambda match, option=option: _with_value(option, next(filter(None, match.groups()))),
            message,
        )
        if re.match(rf"{re.escape(parameter)}\b", message):
            message = option + message.removeprefix(parameter)
    return message


def note(line: str) -> None:
    """Print one plain line on stderr (e.g. that a table is being computed)."""
    err_console.print(line, markup=False, highlight=False, soft_wrap=True)


@contextlib.contextmanager
def user_errors(flags: Mapping[str, str] | None = None) -> Iterator[None]:
    """Report any error on one line of stderr with an exit code, never a traceback.

    A :class:`~solver.errors.PigsolveError` exits with its code (2 for a usage error, 1 for a
    valid request failing at run time: the rule is :mod:`solver.errors`'); an operating-system
    error with 1; Ctrl-C with 130; anything else is a bug, also 1.
    """
    try:
        yield
    except (typer.Exit, typer.Abort):
        raise
    except PigsolveError as err:
        note(f"error: {as_option(err, flags)}")
        raise typer.Exit(err.exit_code) from None
    except BrokenPipeError:
        raise typer.Exit(_reader_gone()) from None
    except OSError as err:
        where = f"{err.filename}: " if err.filename else ""
        note(f"error: {where}{err.strerror or err}")
        raise typer.Exit(1) from None
    except KeyboardInterrupt as err:
        note(f"interrupted {err}" if str(err) else "interrupted")  # e.g. while asking f(1, 2, 3)
        raise typer.Exit(130) from None
    except MemoryError as err:
        note(f"error: not enough memory ({err}); try a smaller goal")
        raise typer.Exit(1) from None
    except ValueError as err:
        if "array is too big" not in str(err) and "maximum allowed dimension" not in str(err):
            raise _bug(err) from None
        note("error: not enough memory (an array larger than any machine's); try a smaller goal")
        raise typer.Exit(1) from None
    except Exception as err:
        raise _bug(err) from None


def _reader_gone() -> int:
    """End quietly when the reader of stdout has gone (``pigsolve ... | head``); return the exit
    code of a process killed by SIGPIPE, as other tools in a pipe end."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())  # nothing left to flush at exit fails again
    return 128 + 13


def commands(app: typer.Typer) -> Callable[..., Callable[[Callable], Callable]]:
    """Return ``app.command`` for commands whose every error is reported by :func:`user_errors`."""

    def command(*args: Any, **kwargs: Any) -> Callable[[Callable], Callable]:
        register = app.command(*args, **kwargs)

        def decorate(function: Callable) -> Callable:
            @functools.wraps(function)
            def run(*call_args: Any, **call_kwargs: Any) -> Any:
                with user_errors():
                    return function(*call_args, **call_kwargs)

            return register(run)

        return decorate

    return command


def _bug(err: Exception) -> typer.Exit:
    """Report an exception no user input should cause; return the exit to raise."""
    note(f"error: internal error ({type(err).__name__}: {err}); please report it")
    return typer.Exit(1)


def announce_size(
    needed: int,
    what: str,
    quiet: bool = False,
    way_out: Callable[[int], str] | None = None,
    seconds: tuple[float, float] = (0.0, 0.0),
    limit: int | None = None,
    disk: int | None = None,
) -> None:
    """Refuse a computation larger than the machine's memory (or ``limit`` bytes, the user's
    ``--memory-limit``), naming ``way_out(available)``; announce a large one, or one taking
    ``seconds`` (work, compiling) of 3 s or more, in one line on stderr, terminal or not, with
    the ``disk`` its file takes."""
    wait = wait_words(seconds)
    said = [f"solving takes {wait}"] if wait else []
    if disk is not None and said:
        said.append(f"its table takes about {memory_words(disk)} of disk")
    whose = "this machine has" if limit is None else "--memory-limit allows"
    line = check_memory(needed, what, limit, way_out, "; ".join(said) or None, whose)
    if line is None and wait is not None:
        line = f"{what}: {'; '.join(said)}"
    if line is not None and not quiet:
        note(line)


MANY_GAMES = 10**8
"""A simulation this long (tens of seconds or more) is announced where no progress bar shows."""


def announce_games(games: int) -> None:
    """Say on stderr that a very long simulation starts, where stderr shows no progress bar."""
    if games >= MANY_GAMES and not err_console.is_terminal:
        note(f"note: playing {games:,} games takes long, with no progress shown here; Ctrl-C stops")


def games_words() -> str:
    """Return every family the registry knows, in words: ``A, B and C``."""
    from pigsolve.solver.registry import families

    labels = [family.label for family in families()]
    return labels[0] if len(labels) == 1 else f"{', '.join(labels[:-1])} and {labels[-1]}"


def data_dir_option(folder: str | None) -> None:
    """Use ``folder`` for the tables every command finds and makes by default (``--data-dir``,
    as :data:`solver.storage.DATA_VARIABLE` would)."""
    if folder is not None:
        from pigsolve.solver.storage import DATA_VARIABLE

        os.environ[DATA_VARIABLE] = folder


def version_option(app: typer.Typer, version: str, data_dir: Callable[[str | None], None]) -> None:
    """Give ``app`` a ``--version`` option printing ``version`` and a ``--data-dir`` option
    handed to ``data_dir``."""

    def show(value: bool) -> None:
        if value:
            print(version)
            raise typer.Exit()

    @app.callback(help=app.info.help)
    def main(
        version: bool = typer.Option(  # a default, not Annotated: ``show`` is local
            False, "--version", callback=show, is_eager=True, help="Show the version."
        ),
        folder: str | None = typer.Option(
            None,
            "--data-dir",
            metavar="DIR",
            callback=data_dir,
            help="The folder of the tables made and found by default (default: $PIGSOLVE_DATA, "
            "else ./data).",
        ),
    ) -> None:
        pass


def terminal_hints(hints: bool) -> bool:
    """Return whether to show hints: asked for, and standard input is a terminal (else say so)."""
    if hints and not sys.stdin.isatty():
        note("note: --hints needs a terminal; playing without hints")
    return hints and sys.stdin.isatty()


@contextlib.contextmanager
def progress_bar(
    label: str, total: int | None, on: LazyConsole = err_console, show: bool = True
) -> Iterator[Callable[[int, int], None]]:
    """Yield ``progress(done, total)`` drawing a transient bar, when ``on`` is a terminal."""
    from rich.progress import Progress

    shown = show and on.is_terminal
    with Progress(console=on.real, transient=True, disable=not shown) as bar:
        task = bar.add_task(label, total=total)
        yield lambda done, total: bar.update(task, completed=done, total=total)


def run_app(app: typer.Typer) -> int:
    """Run ``app`` as the ``pigsolve`` command; return the exit code.

    Usage errors are one line on stderr naming the command's ``--help`` (exit 2).
    """
    from typer.exceptions import Abort, TyperException

    say_unforeseen_compiling(note)
    try:
        code = app(standalone_mode=False, prog_name="pigsolve")
    except TyperException as err:
        context = getattr(err, "ctx", None)
        message = err.format_message().replace("Value error, ", "")  # typer's enum check
        if re.fullmatch(r"No such option: -\d+", message):
            message += " (a negative number? put -- before the arguments: `-- -1 0 0`)"
        if type(err).__name__ == "NoArgsIsHelpError":  # bare `pigsolve` or a bare group
            note(message)
        else:
            hint = f" (see '{context.command_path} --help')" if context is not None else ""
            note(f"error: {message}{hint}")
        code = err.exit_code
    except Abort:
        note("interrupted")
        code = 130
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        code = _reader_gone()
    return code if isinstance(code, int) else 0
