"""Presentation, above the solver and the players: the commands, one body each for every game
(:mod:`ui.commands`), each family's words (:mod:`ui.adapters`), the terminal's prompts and
reports, and the browser (:mod:`ui.web`)."""
