"""The one tie rule and the rounding stop of every Pig solver, any number of players, and the
bounds a solved table is held to.

Imported by the numba kernels (as compile-time constants) and by the pure-numpy code that
rebuilds rows (``query``, ``verify``, the reference value iteration), so that all of them make
the same choice at the same values; and, as it imports nothing, by the command line for its
defaults. A kernel compiled with an older value stays in numba's cache until its own source
changes: after changing a value here, clear ``__pycache__``.
"""

TIE = 1e-14
"""The tie rule: the mover rolls only if rolling is worth more to it than holding by more than
``TIE``; otherwise (a tie within rounding) it holds.

Values near 0 are computed as sums over up to G turn totals of numbers near 1, so their absolute
accuracy is some 1e-14: choices whose values differ by less are rounding. A wider tolerance,
1e-12, swamped the values near 1e-12 that long games reach (two players at goal 1000 cycled on
the orbit (41, 843); at goal 275 with a three-sided die a pair's roll beat its hold by
1.00001e-12)."""

ROUNDING = 1e-13
"""Changes of a value this small are rounding: policy iteration stops there, even if choices
within :data:`TIE` of a tie still flip back and forth."""

DEFAULT_TOLERANCE = 1e-12
"""Value iteration stops once a sweep changes no value by this much or more."""

WRONG_CHOICE = 1e-12
"""A stored choice is wrong (``verify``) only if the other action is better by more than this;
closer, the two are a tie within the rounding of the recomputed values."""
