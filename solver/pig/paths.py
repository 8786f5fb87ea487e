"""Where a Pig table goes by default and the ``pigsolve compute`` command that writes it: the
names every message and every command share (:mod:`solver.pig.table`, :mod:`solver.pig.store`)."""

from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path

from pigsolve.solver.games.pig import PigRules
from pigsolve.solver.games.pig_outcomes import BUILT_IN
from pigsolve.solver.layer_store import is_store
from pigsolve.solver.storage import data_dir


def default_path(rules: PigRules) -> Path:
    """Return ``data/pig-players{N}-goal{G}-die{D}[-piglet].h5`` under the current directory,
    ``data/pig-{game}-players{N}-goal{G}.h5`` for another game of the family.

    Every table is named by every parameter. A two-player table saved under the old name,
    ``data/pig-goal{G}-die{D}.h5``, is still found there while no file has the new name. A game
    that is not built in (a TOML file, Pass the Pigs with other counts) is named by its name and
    a short hash of its roll table: two games of one name do not share a file.

    >>> str(default_path(PigRules(50, 4, players=3, piglet=True)))
    'data/pig-players3-goal50-die4-piglet.h5'
    >>> from pigsolve.solver.games.pig_outcomes import two_dice
    >>> str(default_path(PigRules(outcomes=two_dice())))
    'data/pig-two-dice-players2-goal100.h5'
    """
    if rules.outcomes is not None:
        return data_dir() / f"pig-{game_slug(rules)}-players{rules.players}-goal{rules.goal}.h5"
    piglet = "-piglet" if rules.piglet else ""
    name = f"players{rules.players}-goal{rules.goal}-die{rules.die_sides}{piglet}"
    path = data_dir() / f"pig-{name}.h5"
    old = data_dir() / f"pig-goal{rules.goal}-die{rules.die_sides}.h5"
    if rules.players == 2 and not rules.piglet and old.is_file() and not path.exists():
        return old
    return path


def is_built_in(rules: PigRules) -> bool:
    """Return True for Pig's die and for a built-in game with its own roll table."""
    table = rules.outcomes
    return table is None or (table.name in BUILT_IN and BUILT_IN[table.name]() == table)


def game_slug(rules: PigRules) -> str:
    """Return the game's part of a file name: its name, plus a short hash if not built in.

    >>> from fractions import Fraction
    >>> from pigsolve.solver.games.pig_outcomes import pass_the_pigs
    >>> game_slug(PigRules(outcomes=pass_the_pigs()))
    'pass-the-pigs'
    >>> game_slug(PigRules(outcomes=pass_the_pigs(touching=Fraction(1, 100))))
    'pass-the-pigs-5b64a040'
    """
    slug = re.sub(r"[^a-z0-9]+", "-", rules.game.lower()).strip("-") or "game"
    if is_built_in(rules):
        return slug
    text = json.dumps(rules.roll_outcomes.as_json, sort_keys=True)
    return f"{slug}-{hashlib.sha256(text.encode()).hexdigest()[:8]}"


def compute_command(rules: PigRules, path: str | os.PathLike | None = None) -> str:
    """Return the ``pigsolve compute`` command that writes the table of ``rules`` to ``path``.

    A game that is not built in is named by the file ``--game`` read it from (``{name}.toml``
    if the rules were not read from a file).

    >>> compute_command(PigRules(37), "t.h5")
    'pigsolve compute --goal 37 --out t.h5'
    >>> from pigsolve.solver.games.pig_outcomes import two_dice
    >>> compute_command(PigRules(outcomes=two_dice()))
    'pigsolve compute --game two-dice'
    """
    words = ["pigsolve compute"]
    if rules.outcomes is not None:
        game = rules.game if is_built_in(rules) else rules.outcomes.source or f"{rules.game}.toml"
        words.append(f"--game {game}")
    if rules.goal != PigRules().goal:
        words.append(f"--goal {rules.goal}")
    if rules.die_sides != PigRules().die_sides:
        words.append(f"--die {rules.die_sides}")
    if rules.players != PigRules().players:
        words.append(f"--players {rules.players}")
    if rules.piglet:
        words.append("--piglet")
    if path is not None and Path(path) != default_path(rules):
        words.append(f"--{'store' if is_store(path) else 'out'} {path}")
    return " ".join(words)
