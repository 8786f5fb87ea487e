"""Exact methods for Farkle: the turn as arrays, solve, the solution."""
