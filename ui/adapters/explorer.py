"""What the page's explorer draws of a table, as data: the page draws what it is told.

An adapter's :meth:`ui.adapters.Adapter.explore` returns a :class:`Picture`: a heat map over two
numbers (both scores, say) and, where the family has them, a slice with a slider (a line a
series, a frame a position of the slider) and the heat map as a 3-D surface. Every label,
caption, word and colour range is the family's; the page (``ui/web/static/app.js``) names none.

Grids are indexed ``[x][y]``: ``z[a][b]`` is the value at ``x["values"][a]`` and
``y["values"][b]``. Words about one cell or point are templates, in which ``{x}``, ``{y}``,
``{z}``, ``{at}`` (the slider's value) and a layer's name stand for their values there, and
``{p:.2%}`` writes ``p`` as a percentage with two decimals.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict


class Axis(TypedDict):
    """An axis (or a colour scale): its ``label``, the ``values`` of a grid's rows along it, and
    its range from ``low`` to ``high`` (a colour scale's None: the data's own)."""

    label: str
    values: NotRequired[list[int]]
    low: NotRequired[float | None]
    high: NotRequired[float | None]


class Apart(TypedDict):
    """The cells of a heat map drawn in grey, off its colour scale, and the key's ``words``
    for them."""

    cells: list[list[bool]]
    words: str


class HeatMap(TypedDict):
    """A grid ``z`` coloured on ``scale`` (values beyond its range take the end colours), with
    its ``caption`` and ``key`` (what the colours mean), ``apart`` cells, and ``hover``, the words
    under the pointer, which may name the grids of ``layers``."""

    caption: str
    x: Axis
    y: Axis
    z: list[list[float]]
    scale: Axis
    key: str
    hover: str
    layers: NotRequired[dict[str, list[list[float]]]]
    apart: NotRequired[Apart]


class Line(TypedDict):
    """A line of a slice, as its legend names it; ``style`` ``main`` (the answer) or
    ``reference`` (to compare with), else the next colour of the palette."""

    name: str
    style: NotRequired[str]


class Frame(TypedDict):
    """A slice at the slider's value ``at``: each line's heights over the slice's ``x`` values
    (None: no point there), and the top of its y axis."""

    at: int
    high: float
    lines: list[list[float | None]]


class Slice(TypedDict):
    """Lines over ``x`` at one position of a slider, which ``words`` introduce and ``slider``
    names; ``state``, a template of ``{x}``, ``{at}`` and ``{y}``, gives the state under the
    pointer (``GET /api/{game}/state``'s numbers), whose values the page reads out."""

    words: str
    slider: str
    x: Axis
    y: Axis
    lines: list[Line]
    frames: list[Frame]
    state: NotRequired[str]


class Surface(TypedDict):
    """The heat map drawn as a 3-D surface: its ``caption``, the height's ``label`` and the
    ``hover`` words."""

    caption: str
    label: str
    hover: str


class Picture(TypedDict):
    """What the explorer draws: a heat map, and perhaps a slice and a surface."""

    heat_map: HeatMap
    slice: NotRequired[Slice]
    surface: NotRequired[Surface]
