"""Caches an object keeps of its own method's results, without a reference cycle.

``functools.lru_cache(n)(self.method)`` stored on ``self`` points back at ``self`` through the
bound method: the object and its arrays then outlive their last user until a full garbage
collection finds the cycle (a server dropping a table from memory kept it). :func:`own_cache`
holds the object weakly instead, so it goes as soon as nothing else holds it.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable
from typing import Any


def own_cache(method: Callable[..., Any], maxsize: int | None) -> Callable[..., Any]:
    """Return the bound ``method``, its last ``maxsize`` results kept (``functools.lru_cache``),
    holding its object weakly: store it on the object itself, no cycle is made."""
    weak = weakref.WeakMethod(method)  # type: ignore[arg-type]

    def call(*args: Any) -> Any:
        bound = weak()
        if bound is None:  # only reachable through the object, which is alive while called
            raise ReferenceError("the cache's object is gone")
        return bound(*args)

    return functools.lru_cache(maxsize=maxsize)(call)
