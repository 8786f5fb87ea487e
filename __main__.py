"""``python -m pigsolve``: the command line."""

from pigsolve.cli import run

run()
