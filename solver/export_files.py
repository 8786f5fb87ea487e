"""The files an export writes: CSV, JSON or NumPy ``.npy``, or a family's own (a Python module),
written atomically, for any family's tables (:attr:`solver.registry.Capabilities.export`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import IO

from pigsolve.solver.errors import InvalidArgument
from pigsolve.solver.storage import atomic_write

FORMATS = ("csv", "json", "npy")
"""The formats of an array's export, which a family writes unless it declares its own."""


def format_for(out: Path, fmt: str | None, accepted: tuple[str, ...] = FORMATS) -> str:
    """Return ``fmt``, or the format named by ``out``'s suffix, one of ``accepted``;
    InvalidArgument if neither is."""
    if fmt is None:
        fmt = out.suffix.lstrip(".").lower()
        if fmt not in accepted:
            raise InvalidArgument(
                f"cannot tell the format from {out.name!r}; pass fmt={'|'.join(accepted)}",
                parameter="fmt",
            )
    if fmt not in accepted:
        raise InvalidArgument(f"unknown format {fmt!r}; accepted: {', '.join(accepted)}")
    return fmt


def write_file(out: Path, fmt: str, body: Callable[[IO], None], force: bool = False) -> Path:
    """Write ``out`` atomically by ``body(f)``, ``f`` open as ``fmt`` needs (bytes for npy, text
    for the others); an existing file is kept unless ``force``."""

    def write(tmp: Path) -> None:
        with open(tmp, "wb" if fmt == "npy" else "w", newline="" if fmt == "csv" else None) as f:
            body(f)

    return atomic_write(out, write, force=force)
