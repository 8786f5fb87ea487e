"""Zombie Dice's family in the registry: the boxed game ``zombie-dice`` and TOML games.

A state is ``(score, opponent_score)`` at the start of the mover's turn, with the keywords
``seat`` (1 or 2), ``turn`` (:class:`solver.zombie.solution.TurnState`, the turn after a roll)
and ``kind`` (``"tiebreak"`` for a tiebreaker round's): see :mod:`solver.zombie.solution`. Its
modules are imported when first used; the players come a layer up (:mod:`policies.zombie`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.zombie import RULE_SETS, ZombieRules, rules_in_words
from pigsolve.solver.registry import Capabilities, Demands, register
from pigsolve.solver.results import Check, Comparison, Simulation

if TYPE_CHECKING:
    from pigsolve.solver.zombie.solution import ZombieSolution

PARAMETERS = tuple(field.name for field in fields(ZombieRules))
"""The parameters :meth:`ZombieFamily.rules` takes: :class:`ZombieRules`' fields."""
SECONDS_PER_PAIR = 0.07
"""The boxed game's solve, roughly, per pair of scores (measured: 11 s for 169 on two cores)."""


def _verify(solution: ZombieSolution, max_residual: float) -> list[Check]:
    from pigsolve.solver.zombie.verify import verify_table

    return verify_table(solution, max_residual)


def _export(solution: ZombieSolution, what: str, out: Path, fmt: str | None, force: bool) -> Path:
    from pigsolve.solver.zombie.export import export_table

    return export_table(solution, what, out, fmt, force)


def _plot(
    solution: ZombieSolution, kind: str, out: Path, opponent: int | None, force: bool, announce
) -> Path:
    from pigsolve.solver.zombie.plot import plot_table

    return plot_table(solution, kind, out, opponent, force)


class ZombieFamily:
    """Zombie Dice (see :class:`solver.registry.Family`)."""

    name = "zombie"
    label = "Zombie Dice"
    games = tuple(RULE_SETS)
    rules_type = ZombieRules
    can = Capabilities(
        players=(2, 2),
        state="score, opponent's score (the turn's dice: --brains, --hand, --aside, --shotguns)",
        verify=_verify,
        exports=("probabilities",),
        export=_export,
        plots=("stop",),
        plot=_plot,
        file_suffixes=(".toml",),
    )

    def rules(self, game: str, **params: Any) -> ZombieRules:
        """Return the rule set ``game`` (``zombie-dice``) or the TOML game at ``game``, with
        ``params`` (:data:`PARAMETERS`) changed.

        >>> ZombieFamily().rules("zombie-dice", goal=8).goal
        8
        """
        unknown = sorted(set(params) - set(PARAMETERS))
        if unknown:
            raise TypeError(
                f"{game} takes the parameters {', '.join(PARAMETERS)}, not {', '.join(unknown)}"
            )
        from pigsolve.solver.games.zombie_files import zombie_rules

        return zombie_rules(game, **params)

    def state(self, rules: ZombieRules, state: Sequence[Any]) -> tuple[int, ...]:
        """Return ``(score, opponent_score)`` from ``state``, checked against ``rules``.

        >>> ZombieFamily().state(ZombieRules(), [3, 5])
        (3, 5)
        """
        from pigsolve.solver.states import numbers

        form = "2 numbers: score, opponent's score (e.g. 3 5)"
        given = numbers(state, form)
        if len(given) != 2:
            raise InvalidArgument(
                f"a Zombie Dice state is {form}, got {len(given)}", parameter="state"
            )
        score, opponent = given
        if not (0 <= score < rules.goal and opponent >= 0):
            raise InvalidArgument(
                f"a score is 0 to {rules.goal - 1} (the opponent's may be past the goal), got "
                f"{score} and {opponent}",
                parameter="state",
            )
        return given

    def solve(self, rules: ZombieRules, progress: Any = None) -> ZombieSolution:
        """Return the optimal solution of ``rules``, calling ``progress(pairs done, pairs)``."""
        from pigsolve.solver.zombie.solution import solve

        return solve(rules, progress)

    def load(self, path: Path, checked: bool = True) -> ZombieSolution:
        """Return the solution stored at ``path``, ``checked`` before it is believed."""
        from pigsolve.solver.zombie.table import load

        return load(path, checked)

    def save(self, solution: ZombieSolution, path: Path, force: bool = False) -> Path:
        """Write ``solution`` to ``path`` atomically."""
        from pigsolve.solver.zombie.table import save

        return save(solution, path, force=force)

    def evaluate(self, rules: ZombieRules, players: Sequence[Any]) -> tuple[float, ...]:
        """Return the players' exact win probabilities, the first moving first."""
        from pigsolve.solver.zombie.evaluate import evaluate

        return evaluate(rules, players)

    def compare(self, rules: ZombieRules, a: Any, b: Any) -> Comparison:
        """Return the exact probabilities that ``a`` beats ``b``, A first and B first."""
        from pigsolve.solver.zombie.evaluate import compare

        return compare(rules, a, b)

    def simulate(
        self,
        rules: ZombieRules,
        players: Sequence[Any],
        games: int,
        seed: int | None = None,
        progress: Any = None,
    ) -> Simulation:
        """Return ``games`` seeded games of the two players, the first move alternating."""
        from pigsolve.solver.zombie.simulate import simulate

        return simulate(rules, list(players), games, seed, progress)

    def play(self, rules: ZombieRules, rng: Any) -> Any:
        """Return a game of ``rules`` with dice drawn from ``rng``, as the page and the terminal
        play it (:class:`solver.zombie.play.ZombiePlay`)."""
        from pigsolve.solver.zombie.play import ZombiePlay

        return ZombiePlay(rules, rng)

    def demands(self, rules: ZombieRules) -> Demands:
        """Return what solving ``rules`` demands, roughly: the turn's arrays and the pairs."""
        from pigsolve.solver.zombie.laws import lie_count
        from pigsolve.solver.zombie.solve import ceiling

        lies, levels = lie_count(rules), ceiling(rules) + 2
        memory = 6 * 8 * lies * levels + 2**20 * 200
        scale = lies * levels / (10_820 * 39)  # the boxed game's lies and levels
        seconds = SECONDS_PER_PAIR * scale * rules.goal**2
        return Demands(self.describe(rules), memory, seconds)

    def fits(self, rules: ZombieRules, available: int) -> str:
        """Return the largest goal of ``rules`` whose solve fits ``available`` bytes, as the
        command that computes it, or that none does."""
        from pigsolve.solver.resources import largest_goal
        from pigsolve.solver.zombie.table import compute_command

        def needed_at(goal: int) -> int:
            return self.demands(replace(rules, goal=goal)).memory

        goal = largest_goal(needed_at, rules.goal, available)
        if goal < 1:
            return "no goal fits"
        smaller = replace(rules, goal=goal)
        return f"the largest goal that fits is {goal}: `{compute_command(smaller)}`"

    def game_name(self, rules: ZombieRules) -> str:
        """Return ``zombie-dice``, or the file the rules were read from."""
        from pigsolve.solver.games.zombie import FILES, rule_set_name

        name = rule_set_name(rules)
        return name if name in RULE_SETS else FILES.get(rules, name)

    def describe(self, rules: ZombieRules) -> str:
        """Return the table of ``rules`` in words: ``the optimal Zombie Dice table for goal 13``."""
        differs = rules_in_words(rules, goal=False)
        return f"the optimal Zombie Dice table for goal {rules.goal}" + (
            f" ({differs})" if differs else ""
        )

    def table_name(self, rules: ZombieRules) -> str:
        """Return the file name of the table of ``rules``."""
        from pigsolve.solver.zombie.table import default_path

        return default_path(rules).name

    def command(self, rules: ZombieRules, path: Path | str | None = None) -> str:
        """Return the ``pigsolve compute`` command that writes the table of ``rules``."""
        from pigsolve.solver.zombie.table import compute_command

        return compute_command(rules, path)


ZOMBIE = register(ZombieFamily())
