"""CS 61A's Hog API (names, signatures, asserts) on pigsolve's Hog rules, one module per rule set.

``fa16`` (Fall 2016) and ``su20`` (Summer 2020) expose the functions a 61A student writes
(``roll_dice``, ``take_turn``, ``play``, ``bacon_strategy``, ...) so that the course's own
autograder cases replay against them. The rules themselves live in :mod:`solver.games.hog`; these
modules only adapt them to the course's calling conventions (module-level dice, strategies
``(score, opponent_score) -> num_rolls``).
"""
