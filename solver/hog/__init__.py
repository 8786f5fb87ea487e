"""Exact methods for Hog: solve, table, evaluate, simulate."""
