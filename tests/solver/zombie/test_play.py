"""The step-wise Zombie Dice game: its events replayed against the rules, the ends of a game
told die by die, what the page draws and the advice, equal to the solution's."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import numpy as np
import pytest

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.games.zombie import Die, ZombieRules
from pigsolve.solver.zombie.play import ZombieGame, ZombiePlay
from pigsolve.solver.zombie.solution import TurnState, solve
from pigsolve.solver.zombie.solve import Game
from pigsolve.solver.zombie.view import ZombieView
from pigsolve.solver.zombie.words import (
    Drawn,
    Drew,
    LastRound,
    Rolled,
    Shotgunned,
    Stopped,
    Tiebreaker,
    TurnStarted,
    Won,
)

SMALL = (Die("green", 4, 3, 2, 1), Die("red", 3, 1, 2, 3))
"""Seven dice: the cup runs short often, and the solve takes a moment."""
BRAINS = (Die("green", 5, 1, 0, 0),)
"""Five dice that always show a brain: every game is foreseen."""
NAMES = ["you", "them"]


def stop_at(brains: int, shotguns: int) -> Callable[[ZombieView], str]:
    """A player that stops at ``brains`` brains or ``shotguns`` shotguns this turn."""
    return lambda view: (
        "stop" if view.turn.brains >= brains or len(view.turn.shotguns) >= shotguns else "roll"
    )


def play_out(game: ZombieGame, choosers) -> list[list]:
    """Play ``game`` to its end; return the events of each step (start, then each action)."""
    steps = [game.start()]
    while not game.over:
        steps.append(game.apply(choosers[game.player](game.view)))
    return steps


def replay(rules: ZombieRules, steps: list[list]) -> tuple[int, ...]:
    """Check the events against the rules, die by die; return the final scores."""
    full = {d.colour: d.count for d in rules.dice}
    scores, tiebreak, phase, mover, pending = [0, 0], [0, 0], "turn", 0, [TurnStarted]
    cup, hand, aside, shot, brains, drawn = Counter(), [], [], [], 0, []
    for n, step in enumerate(steps):
        final = n == len(steps) - 1
        assert step and isinstance(step[-1], Won | Drawn) == final
        for event in step:
            if pending:  # what must come next
                expected = pending.pop(0)
                assert isinstance(event, expected), (event, expected)
            match event:
                case TurnStarted(player, shown, kind, to_beat):
                    assert (player, shown, kind) == (mover, tuple(scores), phase)
                    beat = {"last": scores[1 - mover], "tiebreak": tiebreak[0] if mover else None}
                    assert to_beat == beat.get(phase)
                    cup, hand, aside, shot, brains = Counter(full), [], [], [], 0
                    pending = [Drew, Rolled]
                case Drew(player, colours, held, returned):
                    assert player == mover and tuple(held) == tuple(hand)
                    need = rules.roll - len(hand)
                    assert len(colours) == need
                    if returned:  # only when the cup is short, and every brain set aside
                        assert cup.total() < need and returned == len(aside)
                        cup.update(aside)
                        aside = []
                    else:
                        assert cup.total() >= need
                    cup.subtract(colours)
                    assert min(cup.values()) >= 0, "a die drawn twice"
                    drawn = list(colours)
                case Rolled(_, dice, turn_brains, shotguns):
                    assert Counter(c for c, _ in dice) == Counter(hand + drawn)
                    hand = [c for c, face in dice if face == "feet"]
                    aside += [c for c, face in dice if face == "brain"]
                    shot += [c for c, face in dice if face == "shotgun"]
                    brains += sum(face == "brain" for _, face in dice)
                    assert (turn_brains, shotguns) == (brains, len(shot))
                    if len(shot) >= rules.shotguns:
                        pending = [Shotgunned]
                case Shotgunned(player, _, lost, score):
                    assert len(shot) >= rules.shotguns and (lost, score) == (brains, scores[player])
                    tiebreak[player] = 0
                case Stopped(player, stopped, score, in_tiebreak, automatic):
                    assert len(shot) < rules.shotguns and stopped == brains
                    assert in_tiebreak == (phase == "tiebreak")
                    assert automatic == wins_outright(
                        rules, phase, player, scores, tiebreak, brains
                    )
                    if in_tiebreak:
                        tiebreak[player] = brains
                    else:
                        scores[player] += brains
                    assert score == scores[player]
                case Tiebreaker(level, _):
                    assert level == (tiebreak[0] if phase == "tiebreak" else scores[0])
                    phase, mover, tiebreak, pending = "tiebreak", 0, [0, 0], [TurnStarted]
                case Won(player, final_scores, deciding):
                    assert final_scores == tuple(scores)
                    decided = tiebreak if phase == "tiebreak" else scores
                    assert decided[player] > decided[1 - player]
                    assert deciding == (tuple(tiebreak) if phase == "tiebreak" else None)
                case Drawn(final_scores):
                    assert not rules.tiebreaker and final_scores == tuple(scores)
                    assert scores[0] == scores[1]
            if isinstance(event, Shotgunned | Stopped):
                pending, phase, mover = after_turn(rules, phase, event.player, scores)
        if not final:  # a decision: after a roll that left the mover's turn going
            assert isinstance(step[-1], Rolled) and step[-1].player == mover and not pending
    assert not pending
    return tuple(scores)


def wins_outright(rules, phase, player, scores, tiebreak, brains) -> bool:
    """Whether stopping wins outright: the turn stops with no question."""
    if phase == "tiebreak":
        return player == 1 and brains > tiebreak[0]
    total = scores[player] + brains
    if phase == "last":
        return total > scores[1 - player]
    return player == 1 and rules.finish == "round" and total >= rules.goal


def after_turn(rules, phase: str, me: int, scores: list[int]) -> tuple[list, str, int]:
    """Return the events that must follow seat ``me``'s turn, the phase and the next mover."""
    ended = Won | Drawn | Tiebreaker
    if phase == "tiebreak":
        return ([TurnStarted], phase, 1) if me == 0 else ([ended], phase, me)
    if phase == "last" or (me == 1 and rules.finish == "round" and scores[me] >= rules.goal):
        return [ended], phase, me
    if scores[me] >= rules.goal:
        return [LastRound, TurnStarted], "last", 1 - me
    return [TurnStarted], phase, 1 - me


@pytest.mark.parametrize("finish", ["round", "last-turn"])
@pytest.mark.parametrize("tiebreaker", [True, False])
@pytest.mark.parametrize("dice", [SMALL, ZombieRules().dice])
def test_seeded_games_keep_the_rules(finish: str, tiebreaker: bool, dice: tuple) -> None:
    rules = ZombieRules(dice=dice, goal=6, finish=finish, tiebreaker=tiebreaker)
    seen = Counter()
    for seed in range(60):
        game = ZombieGame(rules, np.random.default_rng(seed))
        steps = play_out(game, [stop_at(2 + seed % 5, 2 + seed % 2), stop_at(3 + seed % 3, 3)])
        scores = replay(rules, steps)
        assert game.scores == scores
        seen.update(type(event).__name__ for step in steps for event in step)
        seen.update(
            ["refill"] * sum(isinstance(e, Drew) and e.returned > 0 for s in steps for e in s)
        )
        if game.winner is None:
            assert game.drawn == (0, 1) and not tiebreaker and scores[0] == scores[1]
    assert seen["Shotgunned"] and seen["LastRound"] and seen["Won"]
    assert seen["refill"] or dice != SMALL


def all_brains(**changed) -> ZombiePlay:
    """A game of :data:`BRAINS`: each roll three brains."""
    return ZombiePlay(ZombieRules(dice=BRAINS, **changed), np.random.default_rng(0))


def test_the_cup_refills_with_the_brains_only_when_short() -> None:
    play = all_brains(goal=13)
    assert play.fields()["roll"] is None  # before any roll
    first = play.game.start()
    assert first[1] == Drew(0, ("green",) * 3, (), 0)
    assert play.game.legal_actions() == ("roll", "stop")
    again = play.game.apply("roll")  # two dice left, three needed: the three brains go back first
    assert again[0] == Drew(0, ("green",) * 3, (), 3)
    assert again[1] == Rolled(0, (("green", "brain"),) * 3, 6, 0)
    assert play.game.view == ZombieView("turn", 0, 0, 0, TurnState(6, "", "GGG", ""))
    fields = play.fields()
    assert fields["cup"] == [{"colour": "green", "count": 2}] and fields["turn_brains"] == 6
    assert fields["brains"] == ["green"] * 3 and fields["phase"] == "turn"
    lines = play.lines(again, NAMES)
    assert lines == [
        "3 brains go back into the cup; you draw green, green and green",
        "you roll green brain, green brain, green brain (6 brains, 0 shotguns)",
    ]


def test_three_shotguns_lose_the_turn() -> None:
    rules = ZombieRules(dice=(Die("green", 2, 1, 0, 0), Die("red", 3, 0, 0, 1)), goal=5)
    for seed in range(50):  # the first roll draws three reds in a tenth of the games
        game = ZombieGame(rules, np.random.default_rng(seed))
        events = game.start()
        if isinstance(events[3], Shotgunned):
            break
    assert events[2] == Rolled(0, (("red", "shotgun"),) * 3, 0, 3)
    assert events[3] == Shotgunned(0, 3, 0, 0)
    assert events[4] == TurnStarted(1, (0, 0), "turn", None) and game.player == 1


def test_round_finish_gives_the_second_seat_one_last_turn() -> None:
    play = all_brains(goal=3)
    game = play.game
    game.start()
    events = game.apply("stop")  # the first seat asked at the goal: nothing is automatic
    assert events[:3] == [
        Stopped(0, 3, 3, False, False),
        LastRound(0, 3, 1),
        TurnStarted(1, (3, 0), "last", 3),
    ]
    assert play.lines(events[1:3], NAMES) == [
        "you reach 3: them has one last turn",
        "them's last turn (you 3, them 0): 4 brains to win, 3 to tie",
    ]
    assert game.view.kind == "turn" and game.view.opponent == 3  # level: asked
    assert (play.fields()["phase"], play.fields()["to_beat"]) == ("last", 3)
    assert game.apply("roll")[-2:] == [Stopped(1, 6, 6, False, True), Won(1, (3, 6), None)]
    assert (game.over, game.winner, game.legal_actions()) == (True, 1, ())


def test_round_finish_ends_when_the_second_seat_reaches_the_goal() -> None:
    game = all_brains(goal=6).game
    game.start()
    game.apply("stop")
    assert game.apply("roll")[-2:] == [Stopped(1, 6, 6, False, True), Won(1, (3, 6), None)]


def test_last_turn_finish_gives_the_first_seat_its_last_turn() -> None:
    game = all_brains(goal=6, finish="last-turn").game
    game.start()
    game.apply("stop")
    events = game.apply("roll")  # the second seat at the goal is asked
    assert events[-1] == Rolled(1, (("green", "brain"),) * 3, 6, 0)
    events = game.apply("stop")
    assert events[:2] == [Stopped(1, 6, 6, False, False), LastRound(1, 6, 0)]
    assert game.apply("roll")[-2:] == [Stopped(0, 6, 9, False, True), Won(0, (9, 6), None)]


def test_a_tie_goes_to_tiebreaker_rounds() -> None:
    play = all_brains(goal=3)
    game = play.game
    game.start()
    game.apply("stop")
    events = game.apply("stop")  # level at 3
    assert events[1:3] == [Tiebreaker(3, 1), TurnStarted(0, (3, 3), "tiebreak", None)]
    assert game.view == ZombieView("tiebreak", 0, 0, 0, TurnState(3, "", "GGG", ""))
    assert game.apply("stop")[1] == TurnStarted(1, (3, 3), "tiebreak", 3)
    assert game.view == ZombieView("tiebreak", 1, 0, 3, TurnState(3, "", "GGG", ""))
    assert (play.fields()["phase"], play.fields()["to_beat"]) == ("tiebreak", 3)
    events = game.apply("stop")  # level again: another round
    assert events[1] == Tiebreaker(3, 2)
    game.apply("stop")
    events = game.apply("roll")
    assert events[-2:] == [Stopped(1, 6, 3, True, True), Won(1, (3, 3), (3, 6))]
    assert play.lines(events[-1:], NAMES) == ["the tiebreaker ends: you 3, them 6"]


def test_a_tie_without_tiebreaker_is_a_draw() -> None:
    game = all_brains(goal=3, tiebreaker=False).game
    game.start()
    game.apply("stop")
    assert game.apply("stop")[-1] == Drawn((3, 3))
    assert (game.over, game.winner, game.drawn) == (True, None, (0, 1))


def test_illegal_actions_are_refused_in_one_line() -> None:
    play = all_brains(goal=3, tiebreaker=False)
    play.game.start()
    for value in ("jump", "", None, 3, "rs"):
        with pytest.raises(InvalidArgument) as err:
            play.action(value)
        assert "\n" not in str(err.value) and "roll or stop" in str(err.value)
    assert (play.action(" Roll "), play.action("s")) == ("roll", "stop")
    with pytest.raises(InvalidArgument, match="not a legal action now: choose roll or stop"):
        play.game.apply("hold")
    play.game.apply("stop")
    play.game.apply("stop")
    with pytest.raises(InvalidArgument, match="the game is over"):
        play.action("roll")
    with pytest.raises(InvalidArgument, match="the game is over"):
        play.game.apply("roll")


def test_fields_show_the_dice_as_they_lie() -> None:
    rules = ZombieRules(goal=13)
    play = ZombiePlay(rules, np.random.default_rng(7))
    play.game.start()
    while not play.game.over:
        fields = play.fields()
        assert list(fields) == [
            "dice", "roll", "cup", "hand", "brains", "shotguns", "turn_brains", "phase",
            "to_beat",
        ]  # fmt: skip
        assert fields["dice"] == [] and fields["roll"]["kind"] == "zombie"
        shown = fields["roll"]["dice"]
        assert fields["roll"]["name"] == ", ".join(f"{d['colour']} {d['face']}" for d in shown)
        assert [entry["colour"] for entry in fields["cup"]] == ["green", "yellow", "red"]
        out = Counter(fields["hand"] + fields["brains"] + fields["shotguns"])
        for entry, die in zip(fields["cup"], rules.dice, strict=True):
            assert entry["count"] + out[die.colour] == die.count
        assert fields["turn_brains"] >= len(fields["brains"])
        assert fields["hand"] == [d["colour"] for d in shown if d["face"] == "feet"]
        assert fields["phase"] in ("turn", "last")
        assert (fields["to_beat"] is not None) == (fields["phase"] == "last")
        play.game.apply("roll" if fields["turn_brains"] < 4 else "stop")


def values_in(table, view: ZombieView) -> dict[str, float]:
    """Return the solution's values of the actions in ``view``."""
    asked = view.state()
    return table.action_values(asked.pop("state"), **asked)


def at_the_top(table, view: ZombieView) -> bool:
    """Whether the solution's turn of ``view`` must stop: its level at the top or past it."""
    turn = table.turn_of(view.kind, view.seat, view.score, view.opponent)
    level = Game(table.rules, table.margin, (None, None)).level(turn, view.turn.brains)
    return level >= table.turn_rows(turn).top


def test_advice_is_the_solutions_action_values() -> None:
    """Optimal against optimal, every kind of question asked of the solution; a turn stops by
    itself exactly where the solution offers only stopping (its top level)."""
    asked = Counter()
    for finish in ("round", "last-turn"):
        rules = ZombieRules(dice=SMALL, goal=4, finish=finish)
        table = solve(rules)
        for seed in range(40):
            play = ZombiePlay(rules, np.random.default_rng(seed))
            game, stop = play.game, play.game._stop

            def stopping(automatic: bool, game=game, stop=stop, table=table) -> list:
                if automatic:
                    assert at_the_top(table, game.view)
                    asked["automatic"] += 1
                return stop(automatic)

            game._stop = stopping
            game.start()
            while not game.over:
                best, values = play.advice(table)
                assert values == values_in(table, game.view)
                assert set(values) == {"stop", "roll"} and values[best] == max(values.values())
                assert not at_the_top(table, game.view)
                asked[game.view.kind, game.phase] += 1
                game.apply(best)
    assert asked["turn", "turn"] and asked["turn", "last"] and asked["automatic"]
    assert asked["tiebreak", "tiebreak"]
