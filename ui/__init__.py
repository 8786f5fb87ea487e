"""Presentation, above the solver and the players: the terminal (games, prompts, reports, the
``hog`` and multi-player commands' rendering) and the browser (:mod:`ui.web`)."""
