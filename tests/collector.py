"""The cycle collector held off, for tests that a table is freed by reference counts alone."""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def no_collection() -> Iterator[None]:
    """Run the block with the cycle collector off: only reference counts free objects."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
