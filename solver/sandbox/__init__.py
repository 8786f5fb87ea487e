"""A user's Python file run in a process of its own: its functions asked with a time limit per
call and a memory limit, every way they can fail one line naming the call.

:mod:`solver.sandbox.function` asks a file's functions (its ``UserFunction``),
:mod:`solver.sandbox.process` keeps the process and its clock, :mod:`solver.sandbox.child` is the
process and :mod:`solver.sandbox.time_limit` holds the limits. A player's strategy
(``file.py:function``) and a Hog rules file (``--game rules.py``) are both asked this way.
"""
