"""A table's checksum: one SHA-256 digest of its attributes and its arrays, written with the
table and compared on load (:mod:`solver.storage`, :mod:`solver.table_checks`)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

CHECKSUM = "checksum"
"""The root attribute of a table's checksum (:func:`checksum`)."""
STAMP = ("format", "kind", "format_version", "pigsolve_version", "created", CHECKSUM)
"""The root attributes the checksum leaves out: the stamp, checked apart, and itself."""


def checksum(attrs: Mapping[str, Any], arrays: Mapping[str, Any]) -> str:
    """Return ``sha256:`` and the digest of a table's ``attrs`` (the stamp's left out: as
    canonical JSON) and its ``arrays`` (by name: the name, dtype, shape and bytes of each).

    Any changed value or attribute changes it, in one pass over the bytes read anyway. SHA-256
    rather than BLAKE2b: processors hash it in hardware, twice as fast here (figures in
    ``docs/reference/formats.md``).

    >>> import numpy as np
    >>> checksum({"goal": 3}, {"v": np.zeros(2)})[:15]
    'sha256:b6461fdd'
    """
    import numpy as np

    digest = hashlib.sha256()
    kept = {name: plain(value) for name, value in attrs.items() if name not in STAMP}
    digest.update(json.dumps(kept, sort_keys=True, separators=(",", ":"), default=repr).encode())
    for name in sorted(arrays):
        data = np.ascontiguousarray(arrays[name])
        digest.update(json.dumps([name, data.dtype.str, data.shape]).encode())
        digest.update(data.reshape(-1).view(np.uint8))
    return f"sha256:{digest.hexdigest()}"


def plain(value: Any) -> Any:
    """Return an attribute's value as a plain Python value (numpy's scalars unwrapped)."""
    if hasattr(value, "tolist"):  # a numpy scalar or array
        return value.tolist()
    return value.decode() if isinstance(value, bytes) else value
