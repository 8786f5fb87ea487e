"""Farkle at the command line, through the generic front (no Farkle branch in the commands):
compute, query before and after a roll, and a game at the terminal."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import pigsolve
from pigsolve.cli import app
from pigsolve.policies.roster import ROSTERS, Roster
from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.farkle.play import FarklePlay, SolutionPlayer

runner = CliRunner()
GOAL = ("--goal", "1000")


def run(*args: str, stdin: str | None = None):
    return runner.invoke(app, list(args), input=stdin)


@pytest.fixture
def farkle_players(monkeypatch: pytest.MonkeyPatch) -> None:
    """Farkle's optimal player alone, reading the solution in memory: the terminal's front is
    tested here, not the players (``policies.farkle``), and its games are then foreseeable."""

    def make(name: str, rules, table=None, announce=None, seed=None) -> SolutionPlayer:
        return SolutionPlayer(pigsolve.solve(rules), seed)

    stand_in = Roster(
        names=lambda rules=None: [("optimal", "the best")],
        make=make,
        optimal=SolutionPlayer,
        best_response=None,
        check=lambda name, rules: None,
    )
    monkeypatch.setitem(ROSTERS, "farkle", stand_in)


def test_compute_writes_the_default_table(workdir: Path) -> None:
    result = run("compute", "--game", "farkle", *GOAL)
    assert result.exit_code == 0, result.output
    path = workdir / "data" / "farkle-farkle-goal1000.h5"
    assert path.is_file()
    assert result.stdout.startswith(f"the optimal Farkle table for goal 1000: {Path('data')}")
    assert pigsolve.load(path).rules == pigsolve.game("farkle", goal=1000)
    again = run("compute", "--game", "farkle", *GOAL)  # kept, not computed again
    assert again.exit_code == 0 and "P(0, 0)=0.602390" in again.stdout
    out = workdir / "elsewhere" / "t.h5"
    assert run("compute", "--game", "farkle", *GOAL, "--out", str(out)).exit_code == 0
    assert out.is_file()


def test_query_before_and_after_a_roll(workdir: Path) -> None:
    solution = pigsolve.solve(pigsolve.game("farkle", goal=1000))
    state = ((0, 0), 350, 3)
    before = run("query", "--game", "farkle", "0", "0", "350", "3", *GOAL)
    assert before.exit_code == 0, before.output
    lines = before.stdout.splitlines()
    p = solution.win_probability(state)
    assert lines[0] == f"win probability {p:.6f}; best: {solution.best_action(state)}"
    assert [line.split(":")[0].strip() for line in lines[1:]] == ["bank", "roll"]
    after = run("query", "--game", "farkle", "0", "0", "350", "3", "--roll", "5,1,5", *GOAL)
    assert after.exit_code == 0, after.output
    values = solution.action_values(state, roll=(1, 5, 5))
    assert after.stdout.splitlines()[0].endswith("best: 1 5 5")
    assert f"  1 5: {values[(1, 5)]:.6f}" in after.stdout.splitlines()
    as_json = run(
        "query", "--game", "farkle", "0", "0", "350", "3", "--roll", "1,5,5", *GOAL, "--json"
    )
    record = json.loads(as_json.stdout)
    assert record["state"] == [0, 0, 350, 3] and record["roll"] == [1, 5, 5]
    assert record["best_action"] == [1, 5, 5] and record["action_values"]["1 5"] == values[(1, 5)]
    assert record["win_probability"] == max(values.values())
    farkle = run("query", "--game", "farkle", "0", "0", "350", "3", "--roll", "2,3,4", *GOAL)
    assert farkle.exit_code == 0 and "best: none" in farkle.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("0", "0", "350", "3", "--roll", "1,9"), "--roll 1,9: a die shows 1 to 6, got 9"),
        (
            ("0", "0", "350", "3", "--roll", "1,5"),
            "--roll 1,5: the state rolls 3 dice, the roll shows 2",
        ),
        (("0", "0", "350"), "a Farkle state is 4 numbers"),
        (("0", "0", "355", "3"), "turn total in ((0, 0), 355, 3) must be a multiple of 50"),
    ],
)
def test_a_bad_state_or_roll_is_one_line_exit_2(workdir: Path, args, message: str) -> None:
    result = run("query", "--game", "farkle", *args, *GOAL)
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {message}") and result.stderr.count("\n") == 1
    assert not (workdir / "data").exists()  # refused before any table is made


def test_roll_is_farkles_alone(workdir: Path) -> None:
    for game in ("pig", "hog-fa16", "two-dice"):
        result = run("query", "--game", game, "0", "0", "0", "--roll", "1")
        assert result.exit_code == 2 and "--roll is not an option of" in result.stderr, game


def test_plot_draws_when_to_bank(workdir: Path) -> None:
    """`plot --kind boundary` draws the banking totals; Pig's other kinds are one line."""
    pytest.importorskip("matplotlib")
    args = ("plot", "--game", "farkle", *GOAL, "--opponent", "500")
    result = run(*args, "--kind", "boundary", "--out", "bank.png")
    assert result.exit_code == 0 and Path("bank.png").read_bytes()[:4] == b"\x89PNG"
    result = run(*args, "--kind", "slice", "--out", "x.png")
    assert result.exit_code == 2
    assert result.stderr == "error: unknown plot 'slice'; accepted: boundary\n"


def test_info_and_verify_read_the_table(workdir: Path) -> None:
    """`info` shows a table the load checks pass; `verify` re-solves every start value's turn
    from the stored values, and fails (exit 1) once one value is off."""
    import h5py

    missing = run("info", "--game", "farkle", *GOAL)
    assert missing.exit_code == 2 and "pigsolve compute --game farkle --goal 1000" in missing.stderr
    assert run("compute", "--game", "farkle", *GOAL).exit_code == 0
    result = run("info", "--game", "farkle", *GOAL)
    assert result.exit_code == 0 and "p_first_player" in result.output
    assert "win_probability" in result.output and "20 x 20" in result.output
    result = run("verify", "--game", "farkle", *GOAL)
    assert result.exit_code == 0 and "Bellman residual" in result.output
    table = workdir / "data" / "farkle-farkle-goal1000.h5"
    with h5py.File(table, "r+") as f:
        f["win_probability"][3, 4] += 1e-6
    result = run("verify", "--game", "farkle", *GOAL, str(table))
    assert result.exit_code == 1, result.output
    assert "fails: Bellman residual" in result.stderr


def test_a_farkle_file_is_farkles(workdir: Path) -> None:
    """A game file naming a Farkle rule set as its ``base`` is Farkle's in every command; one
    without ``base`` is still Pig's, and a ``base`` no family reads is one line."""
    game = workdir / "three.toml"
    game.write_text('base = "farkle"\ngoal = 1000\ndice = 3\n')
    result = run("info", "--game", str(game))
    assert result.exit_code == 2 and result.stderr.endswith(
        f"create it with `pigsolve compute --game {game} --goal 1000`\n"
    )
    expected = pigsolve.solve(pigsolve.game("farkle", goal=1000, dice=3)).p_first_player
    assert run("compute", "--game", str(game)).exit_code == 0
    result = run("query", "--game", str(game), "0", "0", "0", "3")
    assert result.exit_code == 0 and result.output.startswith(f"win probability {expected:.6f}")
    result = run("compare", "optimal", "max-score", "--game", str(game))
    assert result.exit_code == 0 and "optimal beats max-score" in result.output
    pig = workdir / "lucky.toml"
    pig.write_text(
        '[[outcome]]\nname = "one"\nprobability = "1/2"\neffect = "pig"\n'
        '[[outcome]]\nname = "six"\nprobability = "1/2"\neffect = "add"\npoints = 6\n'
    )
    assert pigsolve.game(pig, goal=20).goal == 20
    game.write_text('base = "skunk"\n')
    result = run("query", "--game", str(game), "0", "0", "0", "3")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert "base must name a game a file can change" in result.stderr


def hinted_moves(seed: int, rules=None, opponent: str = "optimal") -> list[str]:
    """Return the person's moves in the seeded game of ``rules`` (goal 1000) where the person
    takes every hint and ``opponent`` has the other seats, to the game's end."""
    from pigsolve.policies.farkle.players import make_player

    rules = rules or pigsolve.game("farkle", goal=1000)
    solution, play = pigsolve.solve(rules), FarklePlay(rules, np.random.default_rng(seed))
    other = SolutionPlayer(solution) if opponent == "optimal" else make_player(opponent, rules)
    play.game.start()
    moves = []
    while not play.game.over:
        if play.game.player == 0:
            moves.append(play.advice(solution)[0])
            play.game.apply(play.action(moves[-1]))
        else:
            play.game.apply(other.choose(play.game.view))
    return moves


@pytest.mark.parametrize("seed", [3, 8])
def test_a_game_at_the_terminal_to_its_end(farkle_players, workdir: Path, seed: int) -> None:
    moves = hinted_moves(seed)
    result = run(
        "play",
        "--game",
        "farkle",
        *GOAL,
        "--opponent",
        "optimal",
        "--hints",
        "--seed",
        str(seed),
        stdin="\n".join(moves) + "\n",
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "your turn (you 0, optimal 0)"
    assert lines[-1] in ("you won.", "optimal won.")
    hints = [line for line in lines if line.startswith("Hint: ")]
    assert len(hints) == len(moves) and all(
        hint.startswith(f"Hint: {FarklePlay.words(None, move)} (")
        for hint, move in zip(hints, moves, strict=True)
    )


def test_a_few_moves_then_the_end_of_input(farkle_players, workdir: Path) -> None:
    moves = "hold\n2 2\nroll\n"  # not a choice, not a legal keep, not legal after a roll
    result = run(
        "play",
        "--game",
        "farkle",
        *GOAL,
        "--opponent",
        "optimal",
        "--hints",
        "--seed",
        "3",
        stdin=moves,
    )
    assert result.exit_code == 1
    assert "'hold' is not a choice; choose keep" in result.stdout  # the keeps, not bank/roll
    assert "is not a legal choice now" in result.stdout
    assert "Hint: keep" in result.stdout and "you roll 6 dice" in result.stdout
    assert result.stderr.splitlines()[-1] == "error: input ended before the game did"  # as Pig's


def test_tune_finds_the_best_bank_total_exactly(workdir: Path, monkeypatch) -> None:
    """`tune bank --game farkle` ranks each total against optimal, as Pig's families are,
    finding the optimal player's turn laws once for every candidate and its own line."""
    from pigsolve.solver.farkle import laws
    from pigsolve.solver.farkle.policy import GUIDED

    found = []
    real = laws.turn_laws
    monkeypatch.setattr(laws, "turn_laws", lambda policy: found.append(policy.kind) or real(policy))
    result = run(
        "tune", "bank", "--game", "farkle", "--goal", "500", "--range", "fifties=4:8", "--json"
    )
    assert result.exit_code == 0, result.output
    # Optimal's, each candidate's and the documents' member's (bank:300, made again).
    assert found.count(GUIDED) == 1 and len(found) == 7
    record = json.loads(result.stdout)
    ranked = [record["best"], *record["runners_up"]]
    averages = [row["average"] for row in ranked]
    assert record["candidates"] == 5 and averages == sorted(averages, reverse=True)
    rules = pigsolve.game("farkle", goal=500)
    best = pigsolve.compare(rules, record["best"]["a"], "optimal")
    assert record["best"]["average"] == pytest.approx(best.average, abs=1e-12)
    optimal = pigsolve.solve(rules)
    assert record["optimal"]["a_first"] == pytest.approx(optimal.p_first_player, abs=1e-12)


def test_tune_climbs_a_total_for_each_number_of_dice(workdir: Path) -> None:
    """`tune bank-dice` (bank:T1,...,T6) is climbed, not searched whole: its best beats the
    best single total, which is one of its members."""
    args = ("--game", "farkle", "--goal", "500", "--json")
    climbed = json.loads(run("tune", "bank-dice", *args).stdout)
    single = json.loads(run("tune", "bank", *args).stdout)
    assert climbed["best"]["a"].count(",") == 5
    assert climbed["best"]["average"] >= single["best"]["average"]
    assert climbed["documents"]["a"] == "bank:" + ",".join(["300"] * 6)
    assert 0 < climbed["candidates"] < 80**6


PENALTY = 'base = "facebook-farkle"\ngoal = 500\n'
LAST_TURN = 'base = "farkle"\ngoal = 500\nlast_turn = true\n'


def test_compare_refuses_the_last_round_with_the_penalty(workdir: Path) -> None:
    """The exact evaluation gives no last round with the three-farkle penalty: no figure that
    ignores it, one line naming what does play it, before the optimal player's table is made
    (a compare at goal 10,000 solved for 40 minutes, then refused)."""
    (workdir / "game.toml").write_text(PENALTY + "last_turn = true\n")
    for command in (["compare", "optimal", "max-score"], ["tune", "bank"]):
        result = run(*command, "--game", "game.toml")
        assert result.exit_code == 2
        assert result.stderr.startswith(
            "error: compare and tune do not evaluate the last round with the three-farkle penalty"
        )
        assert result.stderr.count("\n") == 1
    assert not list(workdir.rglob("*.h5"))


@pytest.mark.slow
def test_compare_and_tune_take_the_last_round(workdir: Path) -> None:
    """Optimal against itself is the table's own chance; tune ranks bank totals against it."""
    (workdir / "game.toml").write_text(LAST_TURN)
    result = run("compare", "optimal", "optimal", "--game", "game.toml", "--json")
    assert result.exit_code == 0, result.output
    optimal = pigsolve.solve(pigsolve.game("game.toml"))
    assert json.loads(result.stdout)["a_first"] == pytest.approx(optimal.p_first_player, abs=1e-12)
    tuned = run("tune", "bank", "--game", "game.toml", "--range", "fifties=4:8", "--json")
    assert tuned.exit_code == 0, tuned.output
    assert json.loads(tuned.stdout)["candidates"] == 5


@pytest.mark.parametrize("rules", [PENALTY, LAST_TURN])
def test_simulate_plays_them_step_by_step(workdir: Path, rules: str) -> None:
    """The step-wise game plays the penalty and the last round, the exact figures beside."""
    (workdir / "game.toml").write_text(rules)
    args = ("bank:300", "max-score", "--game", "game.toml", "--games", "40", "--json")
    result = run("simulate", *args)
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["games"] == 40 and record["a_first"]["exact"] is not None


def test_a_game_at_the_terminal_plays_the_last_round(farkle_players, workdir: Path) -> None:
    """The person takes every hint, the last turn's included, to the game's end."""
    (workdir / "lt.toml").write_text(LAST_TURN)
    moves = hinted_moves(5, pigsolve.game("lt.toml"))
    args = ("--game", "lt.toml", "--opponent", "optimal", "--hints", "--seed", "5")
    result = run("play", *args, stdin="\n".join(moves) + "\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] in ("you won.", "optimal won.", "A draw.")
    assert result.stdout.count("Hint: ") == len(moves)


def test_simulate_plays_the_optimal_player_through_the_last_round(workdir: Path) -> None:
    """Issue 46: this ended in 'internal error (IndexError: index 20 is out of bounds for axis
    0 with size 20)', the optimal player asked its table past the goal."""
    (workdir / "lt.toml").write_text('base = "farkle"\ndice = 3\ngoal = 1000\nlast_turn = true\n')
    args = ("optimal", "max-score", "--game", "lt.toml", "--games", "100", "--seed", "1")
    result = run("simulate", *args, "--json")
    assert result.exit_code == 0, result.output
    record = json.loads(result.stdout)
    assert record["a_first"]["exact"] > 0.5 and record["b_first"]["exact"] > 0.4


def test_export_writes_the_chances_and_when_to_bank(workdir: Path) -> None:
    """`export` writes the start values and the banking totals of the table, as the solution
    and :func:`bank_thresholds` give them; what Farkle has not is one line."""
    import csv

    from pigsolve.solver.farkle.thresholds import bank_thresholds

    rules = pigsolve.game("farkle", goal=1000)
    solution = pigsolve.solve(rules)
    result = run("export", "--game", "farkle", *GOAL, "--what", "probabilities", "--out", "p.npy")
    assert result.exit_code == 0 and result.stdout.startswith("wrote p.npy")
    assert np.array_equal(np.load("p.npy"), solution.values)
    result = run("export", "--game", "farkle", *GOAL, "--what", "boundary", "--out", "b.csv")
    assert result.exit_code == 0, result.output
    with Path("b.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 20 * 20
    expected = bank_thresholds(solution, 300)
    got = [row for row in rows if row["opponent_score"] == "300"]
    assert [int(row["bank_from_3_dice"]) for row in got] == expected.totals[:, 2].tolist()
    result = run("export", "--game", "farkle", *GOAL, "--what", "policy", "--out", "x.csv")
    assert result.exit_code == 2 and result.stderr.startswith("error: unknown export 'policy'")


def test_a_named_table_gives_the_goal_to_compare_simulate_and_tune(workdir: Path) -> None:
    """`--table T` is read as the optimal player's table and gives the goal, as Pig's; a table
    of other rules, or none there, is one line."""
    assert run("compute", "--game", "farkle", *GOAL, "--out", "mine.h5").exit_code == 0
    table = ("--game", "farkle", "--table", "mine.h5")
    compared = run("compare", "optimal", "max-score", *table, "--json")
    assert compared.exit_code == 0, compared.output
    simulated = run("simulate", "optimal", "max-score", *table, "--games", "50", "--json")
    tuned = run("tune", "bank", *table, "--range", "fifties=6:8", "--json")
    assert tuned.exit_code == 0, tuned.output
    assert not (workdir / "data").exists()  # no table made on the way
    expected = pigsolve.compare(pigsolve.game("farkle", goal=1000), "optimal", "max-score")
    record = json.loads(compared.stdout)
    assert (record["goal"], record["a_first"]) == (1000, pytest.approx(expected.a_first))
    assert json.loads(simulated.stdout)["a_first"]["exact"] == pytest.approx(expected.a_first)
    assert json.loads(tuned.stdout)["optimal"]["a_first"] == pytest.approx(0.602390, abs=1e-6)
    other = run("compare", "optimal", "max-score", *table, "--goal", "1500")
    assert other.exit_code == 2
    assert other.stderr == (
        "error: mine.h5 holds the optimal Farkle table for goal 1000; --goal 1500 disagrees "
        "(leave it out: the table gives it)\n"
    )
    missing = run("compare", "optimal", "max-score", "--game", "farkle", "--table", "no.h5")
    assert missing.exit_code != 0 and missing.stderr.startswith("error: no table at no.h5")


@pytest.mark.parametrize(
    "command",
    [
        ("compare", "optimal", "max-score"),
        ("simulate", "optimal", "max-score", "--games", "20"),
        ("query", "0", "0", "0", "6"),
        ("export", "--what", "probabilities", "--out", "start.csv"),
        ("tune", "bank", "--range", "fifties=6:7"),
        ("tune", "bank", "--against", "max-score", "--range", "fifties=6:7"),
    ],
)
def test_a_named_table_is_read_once(
    workdir: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]
) -> None:
    """A command given `--table T` reads and checks T once, not once for its rules and again
    for its optimal player."""
    from pigsolve.solver.farkle import table

    assert run("compute", "--game", "farkle", *GOAL, "--out", "mine.h5").exit_code == 0
    reads: list[Path] = []
    load = table.load

    def counted(path: Path, checked: bool = True):
        reads.append(Path(path))
        return load(path, checked)

    monkeypatch.setattr(table, "load", counted)
    result = run(*command, "--game", "farkle", "--table", "mine.h5")
    assert result.exit_code == 0, result.output
    assert reads == [Path("mine.h5")]


def test_the_terminal_takes_the_pages_keys(workdir: Path) -> None:
    """As the page's keys: ``r`` rolls, ``b`` banks, Enter plays the first choice (bank, where
    allowed), the faces' digits keep them; Enter with nothing picked keeps nothing."""
    play = FarklePlay(pigsolve.game("farkle", goal=1000), np.random.default_rng(3))
    play.lines(play.game.start(), ["you", "bank:300"])  # the turn's first roll
    with pytest.raises(InvalidArgument, match="not a choice; choose keep"):
        play.action("")
    keep = play.legal()[0]
    play.game.apply(play.action(keep.replace(" ", "")))
    assert play.legal() == ["bank", "roll"]
    assert (play.action("b"), play.action(""), play.action("R")) == ("bank", "bank", "roll")
    result = run("play", "--game", "farkle", *GOAL, "--opponent", "bank:300", "--seed", "3",
                 stdin=f"{keep.replace(' ', '')}\nr\n")  # fmt: skip
    assert result.stdout.count("you roll") == 2 and "not a" not in result.stdout
    assert result.stderr.splitlines()[-1] == "error: input ended before the game did"
