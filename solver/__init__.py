"""pigsolve: exact solutions of the jeopardy dice games (the solvers, below every other layer)."""

__version__ = "0.2.0"
