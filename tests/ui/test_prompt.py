"""Reading answers: Ctrl-C and Ctrl-D end the prompt's line before the message that follows."""

from __future__ import annotations

import io

import pytest

from pigsolve.solver.errors import GameInputError
from pigsolve.ui import prompt


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Interrupting(io.StringIO):
    def readline(self, size: int | None = -1) -> str:
        raise KeyboardInterrupt


@pytest.mark.parametrize(
    ("stdin", "error"), [(io.StringIO(""), GameInputError), (Interrupting(), KeyboardInterrupt)]
)
def test_the_prompt_line_is_ended_at_a_terminal(stdin, error) -> None:
    """ "Roll/Hold? ^Cinterrupted": the message was glued to the prompt."""
    out = Terminal()
    out.write("Roll/Hold? ")
    with pytest.raises(error):
        prompt.answer(stdin, out)
    assert out.getvalue() == "Roll/Hold? \n"
    piped = io.StringIO()
    with pytest.raises(GameInputError):
        prompt.answer(io.StringIO(""), piped)
    assert piped.getvalue() == ""  # piped output keeps the documents' bytes
