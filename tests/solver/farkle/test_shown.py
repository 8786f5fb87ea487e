"""The Farkle table the page draws, followed event by event: the keeps set aside with their
points (and why, where nobody chose), the dice that roll next, and a step after each event."""

from __future__ import annotations

from pigsolve.solver.engine import Held, TurnStarted
from pigsolve.solver.farkle.shown import TableShown
from pigsolve.solver.farkle.words import Farkled, HotDice, Kept, Rolled

NAMES = ["you", "bank:300"]


def test_a_turn_sets_dice_aside_and_says_which_roll_next() -> None:
    table = TableShown(players=2, dice=6)
    table.follow(
        [TurnStarted(1, (0, 0)), Rolled(1, (1, 2, 3, 3, 4, 6)), Kept(1, (1,), 100, 100, 5),
         Rolled(1, (2, 4, 4, 5, 5))],
        NAMES,
    )  # fmt: skip
    table.follow([Kept(1, (5,), 50, 150, 4)], NAMES)  # the computer's choice
    fields = table.fields()
    assert fields["set_aside"] == [
        {"faces": [1], "points": 100, "why": "kept automatically: the only scoring die"},
        {"faces": [5], "points": 50, "why": ""},
    ]
    assert fields["rolling"] == {"faces": [2, 4, 4, 5], "count": 4, "words": "4 dice to roll next"}
    steps = table.steps
    assert [step["log"] for step in steps] == [1, 2, 3, 4, 5]  # a line an event
    assert [step["pick"] for step in steps] == [[], [1, 2, 3, 3, 4, 6], [], [2, 4, 4, 5, 5], []]
    assert {step["player"] for step in steps} == {1} and steps[-1]["turn_total"] == 150


def test_hot_dice_roll_all_again_and_a_bank_ends_the_turn() -> None:
    table = TableShown(players=2, dice=6)
    table.follow([TurnStarted(0, (0, 0)), Rolled(0, (1, 1, 1, 5, 5, 5))], NAMES)
    table.follow([Kept(0, (1, 1, 1, 5, 5, 5), 1500, 1500, 0), HotDice(0, 6)], NAMES)
    assert len(table.steps) == 2  # the person's choice starts the steps anew
    hot = "hot dice: every die scored, all 6 dice roll again"
    assert table.fields() == {"set_aside": [], "rolling": {"faces": [], "count": 6, "words": hot}}
    table.follow(
        [Held(0, 1500, 1500), TurnStarted(1, (1500, 0)), Rolled(1, (2, 3, 4, 4, 6, 6))], NAMES
    )
    assert table.steps[0]["scores"] == [1500, 0] and table.steps[0]["rolling"]["words"] == ""
    table.follow([Farkled(1, 0, 0, 0)], NAMES)
    assert table.steps[-1]["pick"] == [2, 3, 4, 4, 6, 6]  # the farkle stays in view
