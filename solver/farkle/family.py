"""Farkle's family in the registry: the rule sets ``farkle`` and ``facebook-farkle``.

A state is ``((score, opponent_score), turn_total, dice)`` in points (more players: every
score), before a roll; after one the solution's questions take the roll's faces too (``roll=(1,
5, 5)``): see :mod:`solver.farkle.solution`. Its modules are imported when first used, so
registering costs nothing; the players come a layer up (:mod:`policies.roster`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.fields import choice_field, integer, integer_field, one_of
from pigsolve.solver.games.farkle import (
    DEFAULT_GOAL,
    POINT_UNIT,
    RULE_SET_WORDS,
    RULE_SETS,
    FarkleRules,
    farkle_rules,
    rule_set_name,
    rules_in_words,
)
from pigsolve.solver.registry import register
from pigsolve.solver.results import Check, Comparison, Simulation

if TYPE_CHECKING:
    from pigsolve.solver.farkle.solution import FarkleSolution

PARAMETERS = tuple(field.name for field in fields(FarkleRules))
"""The parameters :meth:`FarkleFamily.rules` takes: :class:`FarkleRules`' fields."""
PAGE_GOAL = DEFAULT_GOAL
"""The largest goal the page computes: 10,000 takes some 11 s on two cores, 15,000 some 40 s."""
PENALTY_PAGE_GOAL = 1000
"""The page's largest goal with the penalty: under a minute on two cores (10,000: 41 minutes)."""
EXPLORE_STEP = 500
"""The explorer's step between opponents' scores above goal 2,000 (below, 50): 20 at 10,000."""


class FarkleFamily:
    """Farkle (see :class:`solver.registry.Family`)."""

    name = "farkle"
    names = tuple(RULE_SETS)
    rules_type = FarkleRules
    file_suffixes = (".toml",)
    label = "Farkle"
    """The family as people name it."""
    max_players = 2
    page_fields = ("rules", "goal")
    """The fields the page names a game by (:meth:`page_rules`)."""
    use_goals: ClassVar[dict[str, int]] = {"explore": PAGE_GOAL}
    """The page's explorer draws any goal the page computes."""
    query_options = ("roll",)
    """``pigsolve query``'s options beyond the state: the dice just rolled."""
    stores = "pigsolve.solver.farkle.distributed"
    """Its solve into a Zarr store on a Dask cluster (three players or more)."""

    def rules(self, name: str, **params: Any) -> FarkleRules:
        """Return the rule set ``name`` (``farkle``, ``facebook-farkle``) or the TOML game at
        ``name``, with ``params`` (:data:`PARAMETERS`) changed.

        >>> FarkleFamily().rules("farkle", goal=1000, min_bank=300).min_bank
        300
        """
        unknown = sorted(set(params) - set(PARAMETERS))
        if unknown:
            raise TypeError(
                f"{name} takes the parameters {', '.join(PARAMETERS)}, not {', '.join(unknown)}"
            )
        if name in RULE_SETS:
            base = farkle_rules(name)
        else:
            from pigsolve.solver.games.farkle import farkle_rules_from_toml

            base = farkle_rules_from_toml(name)
        return replace(base, **params)

    def table_name(self, rules: FarkleRules) -> str:
        """Return the file name of the table of ``rules`` (in ``data/`` by default)."""
        from pigsolve.solver.farkle.table import default_path

        return default_path(rules).name

    def solve(self, rules: FarkleRules, progress: Any = None) -> FarkleSolution:
        """Return the optimal solution of ``rules``, calling ``progress(pairs done, pairs)``."""
        from pigsolve.solver.farkle.solve import solve

        return solve(rules, progress)

    def save(self, solution: FarkleSolution, path: Path) -> Path:
        """Write ``solution`` to ``path`` atomically (an existing file is replaced)."""
        from pigsolve.solver.farkle.table import save

        return save(solution, path, force=True)

    def load(self, path: Path) -> FarkleSolution:
        """Return the solution stored at ``path`` (checked before it is believed)."""
        from pigsolve.solver.farkle.table import load

        return load(path)

    def verify(self, solution: FarkleSolution, max_residual: float) -> list[Check]:
        """Return the checks of ``solution``: its Bellman residual re-solved, its chances."""
        from pigsolve.solver.farkle.verify import verify_table

        return verify_table(solution, max_residual)

    def export(
        self, solution: FarkleSolution, what: str, out: Path, fmt: str | None, force: bool
    ) -> Path:
        """Write ``what`` (``probabilities``, ``boundary``) of ``solution`` to ``out``."""
        from pigsolve.solver.farkle.export import export_table

        return export_table(solution, what, out, fmt, force)

    def plot(
        self, solution: FarkleSolution, kind: str, out: Path, opponent: int | None, force: bool
    ) -> Path:
        """Draw ``kind`` (``boundary``: when to bank) of ``solution`` to ``out``."""
        from pigsolve.solver.farkle.plot import plot_table

        return plot_table(solution, kind, out, opponent, force)

    def evaluate(self, rules: FarkleRules, players: Sequence[Any]) -> tuple[float, ...]:
        """Return the two players' exact win probabilities, the first moving first."""
        from pigsolve.solver.farkle.evaluate import evaluate

        return tuple(evaluate(rules, self._two(players)))

    def compare(self, rules: FarkleRules, a: Any, b: Any) -> Comparison:
        """Return the exact probabilities that ``a`` beats ``b``, A first and B first."""
        from pigsolve.solver.farkle.evaluate import compare

        return compare(rules, a, b)

    def check_exact(self, rules: FarkleRules) -> None:
        """Refuse the last turn, which the exact evaluation does not play (the penalty is
        evaluated: :mod:`solver.farkle.penalty_evaluate`)."""
        from pigsolve.solver.farkle.evaluate import check_evaluable

        check_evaluable(rules)

    def simulate(
        self, rules: FarkleRules, players: Sequence[Any], games: int, seed: int | None = None
    ) -> Simulation:
        """Return ``games`` seeded games of the players, the first move passing round."""
        from pigsolve.solver.farkle.simulate import simulate

        return simulate(rules, list(players), games, seed)

    def _two(self, players: Sequence[Any]) -> list[Any]:
        if len(players) != 2:
            raise InvalidArgument(f"Farkle is solved for 2 players, got {len(players)}")
        return list(players)

    def play(self, rules: FarkleRules, rng: Any) -> Any:
        """Return a game of ``rules`` with dice drawn from ``rng``, as the page and the terminal
        play it: a :class:`solver.farkle.play.FarklePlay`."""
        from pigsolve.solver.farkle.play import FarklePlay

        return FarklePlay(rules, rng)

    # The command line's questions: its tables, a query's state, how JSON names a game.

    def parse_state(
        self, rules: FarkleRules, numbers: Sequence[int], roll: str | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Return the state ``score opponent_score turn_total dice`` (points) the command line
        names and, with ``roll`` (``"1,5,5"``: the dice just rolled), the solution's keyword
        ``roll``; InvalidArgument in one line if either is wrong.

        >>> FarkleFamily().parse_state(FarkleRules(), [0, 0, 350, 3], "1,5,5")
        (((0, 0), 350, 3), {'roll': (1, 5, 5)})
        """
        players = rules.players
        if len(numbers) != players + 2:
            scores = "score, opponent's score" if players == 2 else f"{players} scores"
            raise InvalidArgument(
                f"a Farkle state is {players + 2} numbers: {scores}, turn total, dice to roll "
                f"(e.g. {'0 ' * players}350 3), got {len(numbers)}",
                parameter="state",
            )
        *scores, t, n = (int(x) for x in numbers)
        state = (tuple(scores), t, n)
        check_state(rules, state)
        if roll is None:
            return state, {}
        return state, {"roll": parse_roll(roll, n)}

    def require(self, path: Path, rules: FarkleRules) -> Path:
        """Return ``path`` if a file is there; else MissingTable naming the command that makes
        it."""
        from pigsolve.solver.farkle.table import require

        return require(path, rules)

    def record_fields(self, rules: FarkleRules) -> dict[str, Any]:
        """Return how a JSON record names the game of ``rules``: its rule set (and rules)."""
        name = rule_set_name(rules)
        return {"rules": name} if name in RULE_SETS else {"rules": rules.to_json()}

    def compare_tables(
        self, rules: FarkleRules, a: Any, b: Any, name_a: str, name_b: str
    ) -> Comparison:
        """Return the exact comparison of two Farkle players (a Farkle player is its own
        table), named ``name_a`` and ``name_b``."""
        result = self.compare(rules, a, b)
        return replace(result, a=name_a, b=name_b)

    def evaluation_cost(self, rules: FarkleRules, memories: Sequence[int]) -> tuple[int, float]:
        """Return the peak bytes and the seconds of a round robin of ``len(memories)`` players:
        each player's turn laws found once (:mod:`solver.farkle.laws`), at most a solve's time
        and an optimal player's laws' memory each (with the penalty, the laws of every count of
        farkles in a row from the default floor), then a dot product of two a pair."""
        from pigsolve.solver.farkle.laws import law_bytes
        from pigsolve.solver.farkle.penalty_evaluate import penalty_law_bytes
        from pigsolve.solver.farkle.policy import GUIDED
        from pigsolve.solver.farkle.solve import solve_seconds
        from pigsolve.solver.farkle.states import DEFAULT_FLOOR

        players = len(memories)
        laws = (
            penalty_law_bytes(rules, DEFAULT_FLOOR, GUIDED)
            if rules.farkle_penalty
            else law_bytes(rules, GUIDED)
        )
        memory = self.memory_bytes(rules) + players * laws
        return memory, solve_seconds(rules) * players

    # The page's questions: its limits, the memory a table needs, the words for a game.

    def describe(self, rules: FarkleRules) -> str:
        """Return the table of ``rules`` in words: ``the optimal Farkle table for goal 10000``."""
        seats = f"{rules.players} players, " if rules.players > 2 else ""
        return f"the optimal {self.page_title(rules)} table for {seats}goal {rules.goal}"

    def title(self, rules: FarkleRules, players: bool = True) -> str:
        """Return the game in words before a noun: '' for Farkle, 'Facebook Farkle ' for the
        other rule set, 'custom Farkle ' for other rules."""
        words = self.page_title(rules)
        return "" if words == "Farkle" else f"{words} "

    def memory_bytes(self, rules: FarkleRules) -> int:
        """Return the bytes a solve of ``rules`` needs at its peak, roughly."""
        from pigsolve.solver.farkle.states import memory_needed

        return memory_needed(rules)

    def fits(self, rules: FarkleRules, available: int) -> str:
        """Return the largest goal of ``rules`` whose solve fits ``available`` bytes, as the
        command that computes it (a memory refusal's way out)."""
        from pigsolve.solver.farkle.table import fits

        return fits(rules, available)

    def solve_seconds(self, rules: FarkleRules) -> tuple[float, float]:
        """Return the seconds a solve of ``rules`` takes (a compile is said when it starts)."""
        from pigsolve.solver.farkle.solve import solve_seconds

        return solve_seconds(rules), 0.0

    def unsolved(self, rules: FarkleRules) -> str:
        """Return why ``rules`` have no table ('' if they have one): the penalty for three
        farkles and the last turn are; more players are not yet."""
        from pigsolve.solver.farkle.solve import check_solvable

        try:
            check_solvable(rules)
        except InvalidArgument as err:
            return str(err)
        return ""

    def page_goal(self, rules: FarkleRules) -> int:
        """Return the largest goal at which the page computes a Farkle table."""
        return PENALTY_PAGE_GOAL if rules.farkle_penalty else PAGE_GOAL

    def page_refusal(self, rules: FarkleRules, use: str = "the page") -> str:
        """Return why ``use`` does not compute the table of ``rules`` ('' if it does): with the
        three-farkle penalty a goal past :data:`PENALTY_PAGE_GOAL` takes too long, not too
        much memory."""
        if not rules.farkle_penalty or rules.goal <= PENALTY_PAGE_GOAL:
            return ""
        return (
            f"{use} takes goals up to {PENALTY_PAGE_GOAL:,} with the penalty for three farkles "
            f"in a row; goal {rules.goal:,} takes far longer to compute: use "
            f"`{self.command(rules)}` at the command line"
        )

    def command(self, rules: FarkleRules) -> str:
        """Return the command that computes the table of ``rules`` at the command line."""
        name = rule_set_name(rules)
        return f"pigsolve compute --game {name if name in RULE_SETS else 'farkle'}"

    def explore(self, solution: FarkleSolution, cells: int) -> dict[str, Any]:
        """Return the explorer's data of ``solution``: the mover's chance at the start of a turn
        over both scores (at most ``cells`` a side), and when to bank (the smallest turn total,
        by own score and dice to roll) against opponents every :data:`EXPLORE_STEP` points."""
        from pigsolve.solver.farkle.thresholds import bank_thresholds

        rules = solution.rules
        step = max(1, -(-rules.goal // POINT_UNIT // max(cells, 1)))
        opponents = list(range(0, rules.goal, max(POINT_UNIT, EXPLORE_STEP * (rules.goal > 2000))))
        return {
            "rules": self.page_title(rules),
            "goal": rules.goal,
            "dice": rules.dice,
            "scores": list(range(0, rules.goal, step * POINT_UNIT)),
            "p": solution.start_values[::step, ::step].tolist(),
            "bank_scores": list(range(0, rules.goal, POINT_UNIT)),
            "bank_opponents": opponents,
            "bank": [bank_thresholds(solution, j).totals.tolist() for j in opponents],
        }

    def page_rules(self, fields: dict[str, Any], players: int = 2) -> FarkleRules:
        """Return the rules the page's ``fields`` name (``rules``, ``goal``); InvalidArgument
        naming the field if one is wrong.

        >>> FarkleFamily().page_rules({"rules": "farkle", "goal": 1000}).goal
        1000
        """
        if players != 2:
            raise InvalidArgument(f"Farkle is played by 2 players here, not {players}")
        name = one_of(fields.get("rules", "farkle"), "rules", tuple(RULE_SETS))
        goal = integer(fields.get("goal", DEFAULT_GOAL), "goal", POINT_UNIT, PAGE_GOAL)
        if goal % POINT_UNIT:
            raise InvalidArgument(f"goal must be a multiple of {POINT_UNIT}", parameter="goal")
        return replace(farkle_rules(name), goal=goal)

    def page_limits(self) -> dict[str, Any]:
        """Return the sizes the page accepts, for ``GET /api/limits``."""
        return {"goal": [POINT_UNIT, PAGE_GOAL], "goal_step": POINT_UNIT, "rules": list(RULE_SETS)}

    def page_form(self) -> dict[str, Any]:
        """Return the page's set-up form: the rule set and the goal."""
        fields = [
            choice_field("rules", "Rules", RULE_SET_WORDS, "farkle"),
            integer_field("goal", "Goal", POINT_UNIT, PAGE_GOAL, DEFAULT_GOAL),
        ]
        note = (
            f"Farkle: goal {POINT_UNIT} to {PAGE_GOAL:,} in steps of {POINT_UNIT}; Facebook "
            f"Farkle to {PENALTY_PAGE_GOAL:,} (its penalty for three farkles in a row makes "
            "the table take minutes)."
        )
        return {"fields": fields, "note": note}

    def page_title(self, rules: FarkleRules) -> str:
        """Return the game in the page's summary: 'Farkle', 'Facebook Farkle' or 'custom
        Farkle'."""
        return rules_in_words(rules)


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
