"""Farkle's family in the registry: the rule sets ``farkle``, ``facebook-farkle`` and
``patch-farkle``.

A state is every score, the turn total and the dice to roll, in points (``(0, 0, 350, 3)``,
also ``((0, 0), 350, 3)``), before a roll; after one the solution's questions take the roll's
faces too (``roll=(1, 5, 5)``): see :mod:`solver.farkle.solution`. Its modules are imported
when first used, so registering costs nothing; the players come a layer up
(:mod:`policies.farkle`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.farkle import RULE_SETS, FarkleRules, farkle_rules, rules_in_words
from pigsolve.solver.registry import Capabilities, Demands, register
from pigsolve.solver.results import Check, Comparison, Simulation

if TYPE_CHECKING:
    from pigsolve.solver.farkle.solution import FarkleSolution
    from pigsolve.solver.farkle.store import StoredSolution

PARAMETERS = tuple(field.name for field in fields(FarkleRules))
"""The parameters :meth:`FarkleFamily.rules` takes: :class:`FarkleRules`' fields."""


def _verify(solution: FarkleSolution | StoredSolution, max_residual: float) -> list[Check]:
    from pigsolve.solver.farkle.store import StoredSolution
    from pigsolve.solver.farkle.verify import verify_store, verify_table

    if isinstance(solution, StoredSolution):  # a store: read a layer at a time
        return verify_store(solution.url, max_residual)
    return verify_table(solution, max_residual)


def _export(solution: FarkleSolution, what: str, out: Path, fmt: str | None, force: bool) -> Path:
    from pigsolve.solver.farkle.export import export_table

    return export_table(solution, what, out, fmt, force)


def _plot(
    solution: FarkleSolution, kind: str, out: Path, opponent: int | None, force: bool, announce
) -> Path:
    from pigsolve.solver.farkle.plot import plot_table

    return plot_table(solution, kind, out, opponent, force)


class FarkleFamily:
    """Farkle (see :class:`solver.registry.Family`)."""

    name = "farkle"
    label = "Farkle"
    games = tuple(RULE_SETS)
    rules_type = FarkleRules
    can = Capabilities(
        players=(2, None),
        state="every score, the mover's first, the turn total and the dice to roll (points)",
        verify=_verify,
        exports=("probabilities", "boundary"),
        export=_export,
        plots=("boundary",),
        plot=_plot,
        store="pigsolve.solver.farkle.distributed",
        field=True,
        file_suffixes=(".toml",),
    )

    def rules(self, game: str, **params: Any) -> FarkleRules:
        """Return the rule set ``game`` (``farkle``, ``facebook-farkle``, ``patch-farkle``) or
        the TOML game at ``game``, with ``params`` (:data:`PARAMETERS`) changed.

        >>> FarkleFamily().rules("farkle", goal=1000, min_bank=300).min_bank
        300
        """
        unknown = sorted(set(params) - set(PARAMETERS))
        if unknown:
            raise TypeError(
                f"{game} takes the parameters {', '.join(PARAMETERS)}, not {', '.join(unknown)}"
            )
        if game in RULE_SETS:
            base = farkle_rules(game)
        else:
            from pigsolve.solver.games.farkle_files import farkle_rules_from_toml

            base = farkle_rules_from_toml(game)
        return replace(base, **params)

    def state(self, rules: FarkleRules, state: Sequence[Any]) -> tuple[int, ...]:
        """Return every score, the turn total and the dice to roll (points), from ``state``
        (flat or nested), checked against ``rules``.

        >>> FarkleFamily().state(FarkleRules(), [0, 0, 350, 3])
        (0, 0, 350, 3)
        """
        from pigsolve.solver.states import numbers

        players = rules.players
        scores = "score, opponent's score" if players == 2 else f"{players} scores"
        example = "0 " * players + "350 3"
        form = f"{players + 2} numbers: {scores}, turn total, dice to roll (e.g. {example})"
        given = numbers(state, form)
        if len(given) != players + 2:
            raise InvalidArgument(f"a Farkle state is {form}, got {len(given)}", parameter="state")
        check_state(rules, nested(given))
        return given

    def solve(self, rules: FarkleRules, progress: Any = None) -> FarkleSolution:
        """Return the optimal solution of ``rules``, calling ``progress(pairs done, pairs)``."""
        from pigsolve.solver.farkle.solve import solve

        return solve(rules, progress)

    def load(self, path: Path, checked: bool = True) -> FarkleSolution | StoredSolution:
        """Return the solution stored at ``path``, ``checked`` before it is believed (``verify``
        reads it unchecked and checks every value itself, as for the other families); a store
        unchecked is only opened (:class:`solver.farkle.store.StoredSolution`): ``verify``
        reads it a layer at a time."""
        from pigsolve.solver.farkle.table import load
        from pigsolve.solver.layer_store import is_store

        if not checked and is_store(path):
            from pigsolve.solver.farkle.store import open_finished

            return open_finished(str(path))[1]
        return load(path, checked)

    def save(self, solution: FarkleSolution, path: Path, force: bool = False) -> Path:
        """Write ``solution`` to ``path`` atomically."""
        from pigsolve.solver.farkle.table import save

        return save(solution, path, force=force)

    def evaluate(self, rules: FarkleRules, players: Sequence[Any]) -> tuple[float, ...]:
        """Return the players' exact win probabilities, the first moving first."""
        from pigsolve.solver.farkle.evaluate import evaluate
        from pigsolve.solver.farkle.field import evaluate_field

        if rules.players > 2:
            return tuple(float(p) for p in evaluate_field(rules, players).start())
        return tuple(evaluate(rules, _two(players)))

    def compare(self, rules: FarkleRules, a: Any, b: Any) -> Comparison:
        """Return the exact probabilities that ``a`` beats ``b``, A first and B first; with
        more players ``b`` fills every other seat, or is a list of the other seats' players
        (:func:`solver.farkle.field.field_comparison`: B first is a field player first, the
        average a random seat)."""
        from pigsolve.solver.farkle.evaluate import compare
        from pigsolve.solver.farkle.field import field_comparison

        if rules.players > 2:
            field = list(b) if isinstance(b, list | tuple) else [b] * (rules.players - 1)
            names = ", ".join(dict.fromkeys(_player_name(player) for player in field))
            return field_comparison(rules, a, field, _player_name(a), names)
        return compare(rules, a, b)

    def simulate(
        self,
        rules: FarkleRules,
        players: Sequence[Any],
        games: int,
        seed: int | None = None,
        progress: Any = None,
    ) -> Simulation:
        """Return ``games`` seeded games of the players, the first move passing round (no
        ``progress`` is reported)."""
        from pigsolve.solver.farkle.simulate import simulate

        return simulate(rules, list(players), games, seed)

    def play(self, rules: FarkleRules, rng: Any) -> Any:
        """Return a game of ``rules`` with dice drawn from ``rng``, as the page and the terminal
        play it: a :class:`solver.farkle.play.FarklePlay`."""
        from pigsolve.solver.farkle.play import FarklePlay

        return FarklePlay(rules, rng)

    def demands(self, rules: FarkleRules) -> Demands:
        """Return what solving ``rules`` demands: the penalty and the last turn are solved for
        two players, and exact evaluations need no last turn."""
        from pigsolve.solver.farkle.evaluate import check_evaluable
        from pigsolve.solver.farkle.solve import check_solvable, solve_seconds
        from pigsolve.solver.farkle.states import memory_needed

        what = self.describe(rules)
        try:
            check_solvable(rules)
        except InvalidArgument as err:
            return Demands(what, 0, unsolved=str(err), inexact=str(err))
        inexact = ""
        try:
            check_evaluable(rules)
        except InvalidArgument as err:
            inexact = str(err)
        return Demands(what, memory_needed(rules), solve_seconds(rules), inexact=inexact)

    def fits(self, rules: FarkleRules, available: int) -> str:
        """Return the largest goal of ``rules`` whose solve fits ``available`` bytes, as the
        command that computes it (a memory refusal's way out)."""
        from pigsolve.solver.farkle.table import fits

        return fits(rules, available)

    def game_name(self, rules: FarkleRules) -> str:
        """Return the rule set's name, or the file the rules were read from."""
        from pigsolve.solver.games.farkle import FILES, rule_set_name

        name = rule_set_name(rules)
        return name if name in RULE_SETS else FILES.get(rules, name)

    def describe(self, rules: FarkleRules) -> str:
        """Return the table of ``rules`` in words: ``the optimal Farkle table for goal 10000``."""
        seats = f"{rules.players} players, " if rules.players > 2 else ""
        return f"the optimal {rules_in_words(rules)} table for {seats}goal {rules.goal}"

    def table_name(self, rules: FarkleRules) -> str:
        """Return the file name of the table of ``rules``."""
        from pigsolve.solver.farkle.table import default_path

        return default_path(rules).name

    def command(self, rules: FarkleRules, path: Path | str | None = None) -> str:
        """Return the ``pigsolve compute`` command that writes the table of ``rules``."""
        from pigsolve.solver.farkle.table import compute_command

        return compute_command(rules, path)


def nested(state: Sequence[int]) -> tuple[tuple[int, ...], int, int]:
    """Return the flat state ``(scores..., turn_total, dice)`` as the solution's
    ``((scores...), turn_total, dice)``."""
    *scores, t, n = state
    return (tuple(scores), t, n)


def _player_name(player: Any) -> str:
    return str(getattr(player, "name", type(player).__name__))


def _two(players: Sequence[Any]) -> list[Any]:
    if len(players) != 2:
        raise InvalidArgument(f"Farkle is solved for 2 players, got {len(players)}")
    return list(players)


def check_state(rules: FarkleRules, state: Any) -> None:
    """Raise InvalidArgument in one line unless ``state`` ``((i, j), t, n)`` is a state of
    ``rules`` (the solution's own check, made without a table)."""
    from pigsolve.solver.farkle.states import state_indices

    state_indices(rules, state)


def parse_roll(text: str, dice: int) -> tuple[int, ...]:
    """Return the faces of the roll ``text`` (``"1,5,5"`` or ``"1 5 5"``), ``dice`` of them.

    >>> parse_roll("5,1,5", 3)
    (1, 5, 5)
    >>> parse_roll("1,9", 2)
    Traceback (most recent call last):
    ...
    pigsolve.solver.errors.InvalidArgument: --roll 1,9: a die shows 1 to 6, got 9
    """
    parts = text.replace(",", " ").split()
    if not all(part.isdigit() for part in parts):
        raise InvalidArgument(
            f"--roll {text}: faces 1 to 6 separated by commas (e.g. 1,5,5)", parameter="roll"
        )
    faces = tuple(sorted(int(part) for part in parts))
    wrong = [face for face in faces if not 1 <= face <= 6]
    if wrong:
        raise InvalidArgument(
            f"--roll {text}: a die shows 1 to 6, got {wrong[0]}", parameter="roll"
        )
    if len(faces) != dice:
        raise InvalidArgument(
            f"--roll {text}: the state rolls {dice} {'die' if dice == 1 else 'dice'}, "
            f"the roll shows {len(faces)}",
            parameter="roll",
        )
    return faces


FARKLE = register(FarkleFamily())
