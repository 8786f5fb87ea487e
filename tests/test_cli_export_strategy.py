"""`pigsolve export --what strategy`: Hog's optimal final_strategy as a file, tied exactly with
the optimal player by `pigsolve compare`, refused in one line where it cannot be that player."""

from __future__ import annotations

import json
from dataclasses import replace

from typer.testing import CliRunner

from pigsolve.cli import app
from pigsolve.solver.games.hog import hog_rules
from pigsolve.solver.hog.solve import solve
from pigsolve.solver.hog.table import save

runner = CliRunner()


def test_export_then_compare_ties_on_a_coin_toss(workdir) -> None:
    """No option turns Feral Hogs off: the table, made through the API, gives the rules."""
    save(solve(replace(hog_rules("su20", 30), feral_hogs=False)), workdir / "t.h5")
    args = ["export", "--what", "strategy", "--table", "t.h5", "--out", "final.py"]
    written = runner.invoke(app, args)
    assert written.exit_code == 0 and written.stdout == "wrote final.py\n", written.output
    compared = runner.invoke(
        app, ["compare", "final.py:final_strategy", "optimal", "--table", "t.h5", "--json"]
    )
    assert compared.exit_code == 0, compared.output
    assert json.loads(compared.stdout)["average"] == 0.5
    again = runner.invoke(app, args)
    assert again.exit_code == 1
    assert again.stderr == "error: final.py already exists; pass --force to overwrite it\n"
    assert runner.invoke(app, [*args, "--force"]).exit_code == 0


def test_scores_alone_cannot_play_su20_and_nothing_is_computed(workdir) -> None:
    result = runner.invoke(
        app, ["export", "--what", "strategy", "--game", "hog-su20", "--out", "final.py"]
    )
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr == (
        "error: hog-su20's optimal player also sees the previous turn scores (Feral Hogs): no "
        "final_strategy(score, opponent_score) plays it; --what strategy needs a game whose "
        "state is the two scores\n"
    )
    assert list(workdir.iterdir()) == []


def test_each_family_takes_its_own_exports_and_formats(workdir) -> None:
    hog = ["export", "--game", "hog-fa16", "--goal", "10"]
    wrong = runner.invoke(app, [*hog, "--what", "strategy", "--out", "final.json"])
    assert wrong.stderr == "error: cannot tell the format from 'final.json'; pass --format py\n"
    pig = runner.invoke(app, ["export", "--what", "strategy", "--out", "f.py"])
    accepted = "policy, probabilities, boundary"
    assert pig.stderr == f"error: unknown export 'strategy'; accepted: {accepted}\n"
    policy = runner.invoke(app, ["export", "--what", "policy", "--out", "f.py"])
    assert policy.stderr.startswith("error: cannot tell the format from 'f.py'; pass --format csv")
    assert list(workdir.iterdir()) == []
