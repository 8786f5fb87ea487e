"""``verify`` of a Pig store, streamed: slab by slab, never the whole table in memory.

A mover's holds from a block of score vectors reach one slab (:mod:`solver.pig.blocks`): the
others' scores, from the next seat on, in one block, the mover's score last and free. So the
blocks are checked slab by slab: a slab read once, then each block whose holds reach it, read
with one more score in each seat (a higher own score compared across the blocks' border).
Memory: a slab and a block, what a solve's task holds, less.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from pigsolve.solver import layer_store
from pigsolve.solver.games.pig import roll_counts
from pigsolve.solver.pig import blocks, store
from pigsolve.solver.pig.scan import Scan


def scan_store(table: Any) -> Scan:
    """Return the :class:`solver.pig.scan.Scan` of a store's start values (``table``'s, a
    :class:`solver.pig.store_rows.StoreValues`), read slab by slab."""
    from pigsolve.solver.pig._kernels import rebuild

    values, rules = table.values, table.rules
    url, group = values.url, values.group
    goal, n, block = rules.goal, rules.players, int(group.attrs["block"])
    chances, mixed = roll_counts(rules), table.kernel_mixed()
    scan = Scan()
    count = blocks.block_counts(goal, block)
    for others in itertools.product(range(count), repeat=n - 1):
        spans = blocks.widths(goal, block, others)
        where = tuple(slice(block * c, block * c + w) for c, w in zip(others, spans, strict=True))
        slab = layer_store.read(url, group, store.VALUES, where)
        slab = np.ascontiguousarray(slab).reshape(-1, n)
        lookup, _ = blocks.slab_lookup(goal, block, [others])
        for mover in range(count):
            least = np.array([block * c for c in (mover, *others)], np.int64)
            own = blocks.widths(goal, block, (mover, *others))
            box = tuple(
                slice(low, min(low + w + 1, goal)) for low, w in zip(least, own, strict=True)
            )
            found = layer_store.read(url, group, store.VALUES, box)
            mine = np.ascontiguousarray(found[tuple(slice(0, w) for w in own)]).reshape(-1, n)
            out = np.empty(len(mine))
            extent = np.array(own, np.int64)
            rebuild.residuals(slab, lookup, goal, chances, mixed, least, extent, mine, out)
            scan.add(found, float(out.max(initial=0.0)), own)
    return scan
