r"""Farkle: the rules as data, two built-in rule sets and a TOML game file.

Rules
-----
A turn starts with a roll of all the dice. After each roll the mover must set aside at least one
scoring combination (:mod:`solver.games.farkle_scoring` lists the legal choices); a roll with
none is a *farkle*: the turn total is lost and the turn passes. Otherwise the mover either banks
the turn total (once it reaches ``min_bank``, and a player's first bank ``entry``) or rolls the
dice not yet set aside; with ``hot_dice``, setting aside the last die gives a fresh roll of all
of them. A player who farkles three turns in a row loses ``farkle_penalty`` banked points (and
the count starts again). The first player to bank ``goal`` points wins at once, or, with
``last_turn``, after every other player has had one more turn: the highest score wins, a tie is
a draw (half a win each, as timpalpant/go-farkle splits it;
:func:`solver.farkle.solution.last_turn_values`).

==================  ========  =============================================  ==========
``FarkleRules``     type      meaning                                        default
==================  ========  =============================================  ==========
``dice``            int       dice in a full roll, 1 to 6                    6
``goal``            int       banked points that win, a multiple of 50       10,000
``scoring``         Scoring   the points of each combination (below)         ``farkle``
``hot_dice``        bool      all dice scored: roll all of them again        True
``min_bank``        int       the least turn total that may be banked        0
``entry``           int       the least first bank (to get on the board),    0
                              at most the goal; not with the penalty
``farkle_penalty``  int       banked points lost on a third farkle in a row  0
``last_turn``       bool      the others get one more turn after the goal    False
``players``         int       players, ``>= 2``                              2
==================  ========  =============================================  ==========

================================  =========  ===========================================  =========
``Scoring``                       type       meaning                                      default
================================  =========  ===========================================  =========
``single_one``                    int        one 1                                        100
``single_five``                   int        one 5                                        50
``three_of_a_kind``               6 ints     three 1s, three 2s, ..., three 6s            1000, 200n
``multiples``                     str        4, 5, 6 of a kind: ``"none"`` (only as a     none
                                             triple plus singles), ``"doubling"`` (each
                                             extra die doubles the triple),
                                             ``"additive"`` (each adds the triple's
                                             value), ``"fixed"`` (``of_a_kind_points``)
``of_a_kind_points``              3 ints     4, 5 and 6 of a kind with ``"fixed"``        None
``straight``                      int|None   1-2-3-4-5-6; None: not scored                None
``three_pairs``                   int|None   pairs of three different faces               None
``four_and_pair_is_three_pairs``  bool       four of a kind and a pair count as           True
                                             three pairs
``four_and_pair``                 int|None   four of a kind and a pair of another face    None
``two_triplets``                  int|None   triples of two different faces               None
================================  =========  ===========================================  =========

Every number of points is a positive multiple of 50 (:data:`POINT_UNIT`), the unit of a table.
Six of one face is never three pairs nor two triplets here: those need different faces (as in
timpalpant/go-farkle's ``isThreePairs``).

Rule sets
---------
``farkle`` (the defaults)
    Busche & Neller's "simplest form of Farkle from a scoring perspective" (ACG 2017): singles
    and triples only, hot dice, no minimum, no penalty, two players, the first to bank 10,000
    wins at once.
``facebook-farkle``
    Facebook Farkle as Busche solved it (2016), as far as it is documented: see the comments on
    :data:`FACEBOOK_FARKLE` (the source's scoring table was not found). Busche's lower bound
    of -2,500 on banked scores bounds his model; it is not a rule.
``patch-farkle``
    Patch Products' boxed Farkle: its score card (three 1s 300; four, five, six of a kind
    1,000, 2,000, 3,000; a straight, three pairs, four and a pair 1,500; two triplets 2,500)
    and its last round (:data:`PATCH_FARKLE`); the box's 500 to get on the score pad is
    ``entry = 500`` in a game file.

References
----------
M. Busche and T. W. Neller, "Optimal Play of the Farkle Dice Game", ACG 2017, LNCS 10664.
M. Busche, "Maximizing Win Probability in the Game of Farkle" (2016),
http://www.mattbusche.org/blog/article/optimal_farkle/.
The sources and our choices: docs/explanations/farkle.md.
"""

from __future__ import annotations

import hashlib
import json
import reprlib
from dataclasses import asdict, dataclass, replace

from pigsolve.solver.errors import InvalidArgument, brief, excerpt
from pigsolve.solver.games.farkle_checks import (
    POINT_UNIT,
    check_bool,
    check_most,
    check_points,
    is_int,
    points_tuple,
)

MAX_DICE = 6
FACES = 6
DEFAULT_GOAL = 10_000
MULTIPLES = ("none", "doubling", "additive", "fixed")
"""The ways four, five and six of a kind can score (see the module docstring)."""
MAX_PLAYERS = 100
"""The most players at one game (a table of ``N`` players has ``G**N`` score vectors)."""


@dataclass(frozen=True)
class Scoring:
    """The points of each Farkle combination (see the module docstring's table)."""

    single_one: int = 100
    single_five: int = 50
    three_of_a_kind: tuple[int, ...] = (1000, 200, 300, 400, 500, 600)
    multiples: str = "none"
    of_a_kind_points: tuple[int, ...] | None = None
    straight: int | None = None
    three_pairs: int | None = None
    four_and_pair_is_three_pairs: bool = True
    four_and_pair: int | None = None
    two_triplets: int | None = None

    def __post_init__(self) -> None:
        check_points("single_one", self.single_one)
        check_points("single_five", self.single_five)
        triples = points_tuple("three_of_a_kind", self.three_of_a_kind, FACES, "faces 1 to 6")
        object.__setattr__(self, "three_of_a_kind", triples)
        if self.multiples not in MULTIPLES:
            raise InvalidArgument(
                f"multiples must be one of {', '.join(map(repr, MULTIPLES))}, "
                f"got {reprlib.repr(self.multiples)}",
                parameter="multiples",
            )
        if self.multiples == "fixed":
            fixed = points_tuple(
                "of_a_kind_points", self.of_a_kind_points, 3, "four, five, six of a kind"
            )
            object.__setattr__(self, "of_a_kind_points", fixed)
        elif self.of_a_kind_points is not None:
            raise InvalidArgument(
                f"of_a_kind_points goes with multiples='fixed', not {self.multiples!r}",
                parameter=("of_a_kind_points", "multiples"),
            )
        for name in ("straight", "three_pairs", "four_and_pair", "two_triplets"):
            check_points(name, getattr(self, name), optional=True)
        check_bool("four_and_pair_is_three_pairs", self.four_and_pair_is_three_pairs)

    def of_a_kind(self, face: int, count: int) -> int | None:
        """Return the points of ``count`` dice showing ``face`` as one combination, None if they
        are not one (fewer than three, or more than three without ``multiples``).

        >>> doubling = Scoring(multiples="doubling")
        >>> doubling.of_a_kind(1, 3), doubling.of_a_kind(1, 5), Scoring().of_a_kind(1, 4)
        (1000, 4000, None)
        """
        triple = self.three_of_a_kind[face - 1]
        if count == 3:
            return triple
        if not 3 < count <= MAX_DICE or self.multiples == "none":
            return None
        if self.multiples == "doubling":
            return triple * 2 ** (count - 3)
        if self.multiples == "additive":
            return triple * (count - 2)
        return self.of_a_kind_points[count - 4]


@dataclass(frozen=True)
class FarkleRules:
    """The parameters of a game of Farkle (see the module docstring for their table); the
    defaults are Busche & Neller's ``farkle``."""

    dice: int = MAX_DICE
    goal: int = DEFAULT_GOAL
    scoring: Scoring = Scoring()
    hot_dice: bool = True
    min_bank: int = 0
    farkle_penalty: int = 0
    last_turn: bool = False
    players: int = 2
    entry: int = 0

    def __post_init__(self) -> None:
        if not is_int(self.dice) or not 1 <= self.dice <= MAX_DICE:
            raise InvalidArgument(
                f"dice must be an integer from 1 to {MAX_DICE}, got {reprlib.repr(self.dice)}",
                parameter="dice",
            )
        if not is_int(self.goal) or self.goal <= 0 or self.goal % POINT_UNIT:
            raise InvalidArgument(
                f"goal must be a positive multiple of {POINT_UNIT}, got {reprlib.repr(self.goal)}",
                parameter="goal",
            )
        if not isinstance(self.scoring, Scoring):
            raise InvalidArgument(
                f"scoring must be a Scoring, got {reprlib.repr(self.scoring)}", parameter="scoring"
            )
        for name in ("min_bank", "farkle_penalty", "entry"):
            value = getattr(self, name)
            if not is_int(value) or value < 0 or value % POINT_UNIT:
                raise InvalidArgument(
                    f"{name} must be 0 or a positive multiple of {POINT_UNIT}, got "
                    f"{reprlib.repr(value)}",
                    parameter=name,
                )
            check_most(name, value)
        if self.entry > self.goal:
            raise InvalidArgument(
                f"entry must be at most the goal ({self.goal:,}), got {self.entry:,}",
                parameter="entry",
            )
        if self.entry and self.farkle_penalty:
            raise InvalidArgument(
                "entry and farkle_penalty cannot go together (a penalty can take a player who is "
                "on the board back to 0)",
                parameter=("entry", "farkle_penalty"),
            )
        check_bool("hot_dice", self.hot_dice)
        check_bool("last_turn", self.last_turn)
        if not is_int(self.players) or self.players < 2:
            raise InvalidArgument(
                f"players must be an integer >= 2, got {reprlib.repr(self.players)}",
                parameter="players",
            )
        if self.players > MAX_PLAYERS:
            raise InvalidArgument(
                f"players must be at most {MAX_PLAYERS}, got {reprlib.repr(self.players)}",
                parameter="players",
            )

    def least_bank(self, score: int) -> int:
        """Return the least turn total a player with ``score`` banked points may bank: before
        the first bank (score 0) ``max(min_bank, entry)``, after it ``min_bank``.

        >>> rules = FarkleRules(min_bank=300, entry=500)
        >>> rules.least_bank(0), rules.least_bank(50)
        (500, 300)
        """
        return max(self.min_bank, self.entry) if score == 0 else self.min_bank

    def to_json(self) -> str:
        """Return the rules as JSON (stored in a table's attributes), :meth:`from_json`'s input;
        without an opening score the key ``entry`` is left out, as rules written before it were.

        >>> FarkleRules.from_json(FarkleRules(goal=500).to_json()) == FarkleRules(goal=500)
        True
        """
        data = asdict(self)
        if not self.entry:
            del data["entry"]
        return json.dumps(data, sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> FarkleRules:
        """Return the rules written by :meth:`to_json`; InvalidArgument in one line if ``text``
        is not such rules."""
        try:
            data = json.loads(text)
            scoring = Scoring(**data.pop("scoring"))
            return cls(scoring=scoring, **data)
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError) as err:
            why = "nested too deeply" if isinstance(err, RecursionError) else brief(err)
            raise InvalidArgument(f"not Farkle rules in JSON ({why})", parameter="rules") from None


FARKLE = FarkleRules()
"""Busche & Neller (ACG 2017): singles and triples only (docs/explanations/farkle.md §1.3, read
through two secondary summaries of the paper's Table 1), hot dice, two players. No minimum bank
and no final turn: the paper's excerpt mentions neither (§1.4)."""

FACEBOOK_FARKLE = FarkleRules(
    scoring=Scoring(
        # Each die past three adds the triple's points again (four 3s 600, six 3s 1,200):
        # Busche's scoring page; doubling gives 53.447% for the first player (§2.4).
        multiples="additive",
        # 1,500 and 750 are Busche's generic scoring page, not confirmed for Facebook (§2.2).
        straight=1500,
        three_pairs=750,
        # Busche's page: "some game variants don't allow 4-of-a-kind plus a pair to be counted
        # as three-pair". Facebook is one: not counting it, the first player wins 53.4870%,
        # Busche's 53.487% to every digit he gave; counting it, 53.4819% (§2.4).
        four_and_pair_is_three_pairs=False,
        # Two triplets: Facebook's list of combinations has none (ggraham412, §2.3), so they
        # score as two triples.
    ),
    # -500 on the third farkle in a row: Busche's rules page; the 2016 post only names "the
    # three consecutive farkle penalty" (§2.2, §2.4).
    farkle_penalty=500,
    # A minimum bank of 300: Busche's rules page says "typically 300" (§2.2), and his count of
    # 423,765,000 states is exactly ours with it (423,562,500 without: the 15 turn totals that
    # a 300 minimum adds below the goal, solver.farkle.states.num_states), so his model had it.
    min_bank=300,
    # Goal 10,000 and no final turn: presumed, not confirmed for the 2016 model (§2.2, §2.4).
)
"""Facebook Farkle as Busche solved it in 2016, as far as its sources document it
(docs/explanations/farkle.md §2)."""

PATCH_FARKLE = FarkleRules(
    scoring=Scoring(
        # The score card of Patch Products' boxed Farkle (6 dice, a shaker cup and a score pad,
        # docs/explanations/farkle.md §6): three 1s 300, other triples 100 times the face ...
        three_of_a_kind=(300, 200, 300, 400, 500, 600),
        # ... four, five and six of any number 1,000, 2,000 and 3,000 ...
        multiples="fixed",
        of_a_kind_points=(1000, 2000, 3000),
        # ... a straight, three pairs, four of any number and a pair 1,500, two triplets 2,500.
        straight=1500,
        three_pairs=1500,
        four_and_pair=1500,
        two_triplets=2500,
    ),
    # "each of the other players has one last turn to beat that total" (the box's rules).
    last_turn=True,
    # The box's 500 to get on the score pad the first time is left to a game file (entry = 500),
    # so that the rule set plays at every goal (§6).
)
"""Patch Products' boxed Farkle: its score card and its last round (docs/explanations/farkle.md
§6); a level last round is a draw, as in every rule set here."""

RULE_SETS = {"farkle": FARKLE, "facebook-farkle": FACEBOOK_FARKLE, "patch-farkle": PATCH_FARKLE}
"""The built-in rule sets by name."""


def farkle_rules(name: str) -> FarkleRules:
    """Return the built-in rule set ``name``: 'farkle', 'facebook-farkle' or 'patch-farkle'.

    >>> farkle_rules("facebook-farkle").scoring.straight
    1500
    """
    try:
        return RULE_SETS[name]
    except (KeyError, TypeError):
        accepted = ", ".join(map(repr, RULE_SETS))
        raise InvalidArgument(
            f"unknown Farkle rule set {excerpt(name)}; accepted: {accepted}", parameter="name"
        ) from None


# A game file ------------------------------------------------------------------------------------

FILES: dict[FarkleRules, str] = {}
"""The game file each rule set read in this process came from (the last, if several gave the
same rules): what a message's ``--game`` names."""


def rule_set_name(rules: FarkleRules) -> str:
    """Return the name of the built-in rule set ``rules`` are at some goal, or ``custom-`` and a
    short hash of the rules (a TOML game, changed parameters).

    >>> rule_set_name(FarkleRules(goal=500)), rule_set_name(FarkleRules(dice=3))
    ('farkle', 'custom-b9faee81')
    """
    if not rules.entry:
        for name, base in RULE_SETS.items():
            if replace(rules, goal=base.goal, players=base.players) == base:
                return name
    data = json.loads(replace(rules, goal=POINT_UNIT, players=2, entry=0).to_json())
    if rules.entry:
        data["entry"] = rules.entry
    text = json.dumps(data, sort_keys=True)
    return f"custom-{hashlib.sha256(text.encode()).hexdigest()[:8]}"


RULE_SET_WORDS = {
    "farkle": "Farkle",
    "facebook-farkle": "Facebook Farkle",
    "patch-farkle": "Patch Farkle",
}
"""Each rule set as people name it."""


def rules_in_words(rules: FarkleRules) -> str:
    """Return the game as people name it: 'Farkle', 'Facebook Farkle' or 'custom Farkle'.

    >>> rules_in_words(FarkleRules(goal=500)), rules_in_words(FarkleRules(dice=3))
    ('Farkle', 'custom Farkle')
    """
    return RULE_SET_WORDS.get(rule_set_name(rules), "custom Farkle")
