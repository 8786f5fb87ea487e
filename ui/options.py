"""The command-line options shared by several commands, defined once."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pigsolve.solver.games.hog import RuleSet

Goal = Annotated[int, typer.Option("--goal", help="Points needed to win.")]
Die = Annotated[int, typer.Option("--die", help="Sides of the die.")]
Players = Annotated[
    int, typer.Option("--players", help="Number of players (2 to 4, more if memory allows).")
]
Piglet = Annotated[bool, typer.Option("--piglet", help="Every face but the 1 adds 1 point.")]
Force = Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")]
Quiet = Annotated[bool, typer.Option("--quiet", help="Print nothing but errors.")]
Json = Annotated[bool, typer.Option("--json", help="Print JSON.")]
Seed = Annotated[int | None, typer.Option(help="Seed (default: fresh, and printed).")]
Games = Annotated[int, typer.Option(help="Number of games; A starts every other one.")]
Player = Annotated[str, typer.Argument(help="A player (see `policies`).", show_default=False)]
Rolls = Annotated[Path | None, typer.Option(help="A file of die rolls, used in order.")]
Hints = Annotated[bool, typer.Option("--hints", help="Show the optimal choice, win chances.")]
TableFile = Annotated[Path | None, typer.Argument(help="Table file (default: data/, by --goal).")]
Table = Annotated[Path | None, typer.Option(help="Optimal table (default: data/, made if absent).")]
Rules = Annotated[RuleSet, typer.Option("--rules", help="Rule set.")]
Family = Annotated[str, typer.Argument(help="The family to tune.", show_default=False)]
Against = Annotated[str, typer.Option(help="The player to beat.")]
Range = Annotated[list[str] | None, typer.Option("--range", help="NAME=LO:HI (repeatable).")]
