"""The players of pigsolve: the optimal player, the heuristics and a human at the terminal."""
