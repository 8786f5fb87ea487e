"""Exact methods for Pig: solve, table, verify, evaluate, simulate, export, plot."""
