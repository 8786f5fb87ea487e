"""Exact win probabilities of fixed Pig players, by one method: layers of the score sum from the
highest down, each cycle of the turns solved exactly, the values after a reset found by
:func:`solver.pig.fixed_point.fixed_point`.

- :mod:`.evaluate`: any number of seats, any players (:func:`~.evaluate.evaluate`,
  :func:`~.evaluate.compare`, the round robin);
- :mod:`.pair`: its fast path for two seats that play by tables;
- :mod:`.thresholds`: many threshold players against one opponent at once (``tune``);
- :mod:`.seatings`: every order of play of N players;
- :mod:`._kernels`: the compiled layers they share.

Players reach it through their :class:`solver.pig.seat_policy.SeatPolicy`; the best reply to
them is :mod:`solver.pig.best_response`.
"""
