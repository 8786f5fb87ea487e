"""Zombie Dice: its rules solved exactly for two players (:mod:`solver.zombie.family`)."""
