"""The answer objects: each wraps the JSON object of its answer (the one
schema of the repository) and shows it in a notebook."""

from __future__ import annotations

import copy
import html
import json
import os
import sys
from typing import Any, Callable, Optional, Union

from . import _native

Progress = Union[None, bool, Callable[[dict], Any]]


class Move:
    """One move: how it reads (``move``) and the position after it (``to``),
    an expression that ``analyze`` reads again."""

    __slots__ = ("move", "to")

    def __init__(self, move: str, to: str) -> None:
        self.move = move
        self.to = to

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Move) and (self.move, self.to) == (other.move, other.to)

    def __hash__(self) -> int:
        return hash((self.move, self.to))

    def __repr__(self) -> str:
        return f"Move({self.move!r}, to={self.to!r})"


class Answer:
    """An answer: its keys are attributes (``a.outcome``), ``to_dict()`` is
    the JSON object the command line prints with ``--json``."""

    def __init__(self, data: dict) -> None:
        self._data = data

    def to_dict(self) -> dict:
        """The answer as a dictionary: ``json.loads`` of the command line's
        ``--json`` output for the same question."""
        return copy.deepcopy(self._data)

    def __getattr__(self, name: str) -> Any:
        try:
            return self._data[name]
        except KeyError:
            raise AttributeError(
                f"{type(self).__name__} has no {name!r}; it has {sorted(self._data)}"
            ) from None

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self._data))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Answer) and self._data == other._data

    def __repr__(self) -> str:
        return f"{type(self).__name__}({json.dumps(self._data)[:200]})"

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><th style='text-align:left'>{html.escape(str(k))}</th>"
            f"<td style='text-align:left'>{html.escape(_short(v))}</td></tr>"
            for k, v in self._data.items()
        )
        return f"<table>{rows}</table>"


def _short(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value)
    return text if len(text) <= 300 else text[:300] + "…"


_COLOURS = {"N": "#1a7f37", "W": "#1a7f37", "P": "#cf222e", "L": "#cf222e", "T": "#9a6700", "D": "#0969da", "R": "#0969da"}


class Analysis(Answer):
    """The answer of :func:`analyze`: ``outcome``, ``nimber`` (or
    ``remoteness``, or ``value``), ``components`` and ``winning_moves``."""

    @property
    def winning_moves(self) -> list:
        """The winning moves as :class:`Move` objects: of a sum its winning
        moves, of a position solved strongly its best moves, of a sum of
        values the moves of Left and Right (``move`` says whose)."""
        data = self._data
        if "winning_moves" in data:
            return [Move(m["move"], m["to"]) for m in data["winning_moves"]]
        if "best_moves" in data:
            return [Move(m["to"], m["to"]) for m in data["best_moves"]]
        moves = []
        for side in ("left", "right"):
            for m in data.get(f"{side}_moves", []):
                moves.append(Move(f"{side.capitalize()}: {m['to']}", m["to"]))
        return moves

    def _repr_html_(self) -> str:
        d = self._data
        colour = _COLOURS.get(d.get("outcome"), "#59636e")
        facts = []
        for key in ("nimber", "value", "remoteness", "temperature", "step"):
            if d.get(key) is not None:
                facts.append(f"{key} {html.escape(str(d[key]))}")
        if d.get("convention") == "misere":
            facts.append("misère play")
        head = (
            f"<div style='display:flex;gap:.8em;align-items:center'>"
            f"<span style='background:{colour};color:#fff;font-weight:700;font-size:1.6em;"
            f"padding:.2em .5em;border-radius:.3em'>{html.escape(str(d.get('outcome')))}</span>"
            f"<span><code>{html.escape(d.get('expression', ''))}</code><br>"
            f"{' · '.join(facts)}</span></div>"
        )
        moves = "".join(
            f"<li><code>{html.escape(m.move)}</code> → <code>{html.escape(m.to)}</code></li>"
            for m in self.winning_moves[:20]
        )
        return head + (f"<ol>{moves}</ol>" if moves else "")


class Moves(Answer):
    """The answer of :func:`moves`: the position (``expression``) and every
    move from it (``moves``), each a dictionary with ``move``, ``to``, and
    ``standing`` and ``remoteness`` for the player making it."""


class EngineMove(Answer):
    """The answer of :func:`engine_move`: the perfect player's move
    (``move``, ``to``) with its ``standing`` and ``remoteness`` for it."""


class Solve(Answer):
    """The answer of :func:`solve`: the positions reachable from the start,
    how many win, lose, tie or draw, and the start's value."""


class Plan(Answer):
    """The answer of :func:`plan`: each tier's ranks and bytes, and what
    each process of a tiered solve takes (memory, disk, traffic)."""


class Sequence(Answer):
    """The answer of :func:`sequence`: the nim-sequence of a heap game, its
    period where found; ``values`` as a NumPy array when NumPy is
    installed, else a list."""

    @property
    def values(self):
        values = self._data.get("values")
        if values is None:
            raise AttributeError("ask sequence(..., full=True) for the values")
        try:
            import numpy
        except ImportError:
            return list(values)
        return numpy.asarray(values)

    def _repr_svg_(self) -> Optional[str]:
        values = self._data.get("values")
        if not values or not all(isinstance(v, int) for v in values):
            return None
        data = self._data
        return _native.sequence_plot(
            data["ruleset"], values, data["period"], data["preperiod"], data["saltus"]
        )


class Quotient(Answer):
    """The answer of :func:`quotient`: the misère quotient of a heap game
    for the sums of heaps 1 to ``to`` (``order``, ``p_portion``, each heap's
    element in ``heaps``, the presentation in ``generators`` and
    ``relations``), and whether the periodicity theorem proves it for every
    heap (``proven``, ``periodicity``, ``status`` in words)."""


class Table(Answer):
    """The answer of :func:`table`: ``values[i][j]`` is the value of the
    position ``(rows[0] + i, cols[0] + j)``; shown in a notebook as a heat
    map, the P-positions (value 0) black."""

    def _repr_html_(self) -> str:
        d = self._data
        numbers = [v for row in d["values"] for v in row if isinstance(v, int)]
        top = max(numbers, default=0) or 1
        head = "".join(f"<th>{b}</th>" for b in range(d["cols"][0], d["cols"][1] + 1))
        body = []
        for i, row in enumerate(d["values"]):
            cells = []
            for v in row:
                if v == 0:
                    style = "background:#000;color:#fff"
                elif isinstance(v, int):
                    light = 92 - int(50 * v / top)
                    style = f"background:hsl(210,70%,{light}%)"
                else:
                    style = ""
                shown = "-" if v is None else str(v)
                cells.append(f"<td style='{style};text-align:center'>{html.escape(shown)}</td>")
            body.append(f"<tr><th>{d['rows'][0] + i}</th>{''.join(cells)}</tr>")
        return (
            f"<table><caption>{html.escape(d['ruleset'])}: {html.escape(d['of'])} of (a, b)"
            "</caption>"
            f"<tr><th>a \\ b</th>{head}</tr>{''.join(body)}</table>"
        )

    def _repr_svg_(self) -> Optional[str]:
        d = self._data
        if not all(isinstance(v, int) for row in d["values"] for v in row):
            return None
        rows = f"{d['rows'][0]}..{d['rows'][1]}"
        cols = f"{d['cols'][0]}..{d['cols'][1]}"
        return _native.table_svg(d["ruleset"], rows, cols)


class Pattern(Answer):
    """The answer of :func:`pattern`: the simplest rule that fits the
    values, and the candidates it beat with their counterexamples; of a
    family (``k=``) a rule for each class of members (``classes``), of a
    table of partizan values a rule along each row (``rows``)."""


class Thermograph(Answer):
    """The answer of :func:`thermograph`: mean, temperature and walls of a
    partizan position; drawn as SVG in a notebook."""

    def _repr_svg_(self) -> str:
        return _native.thermograph_svg(self._data["expression"])


class Graph:
    """The game graph from a position, drawn as SVG (``svg``)."""

    def __init__(self, expression: str, svg: str) -> None:
        self.expression = expression
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return f"Graph({self.expression!r}, {len(self.svg)} bytes of SVG)"


def _progress(progress: Progress, total: Optional[int] = None):
    """The callback the engine calls with a progress dictionary: the
    caller's, a tqdm bar (``progress=True`` with tqdm installed), a line on
    stderr (``progress=True`` without tqdm), or none."""
    if progress is None or progress is False:
        return None, None
    if callable(progress):
        return progress, None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        def line(p: dict) -> None:
            print(f"\r{p}", end="", file=sys.stderr, flush=True)
        return line, None
    bar = tqdm(total=total)

    def update(p: dict) -> None:
        done = p.get("done", p.get("heaps", 0))
        bar.update(max(0, done - bar.n))
    return update, bar


def _run(call, progress: Progress, total: Optional[int] = None):
    callback, bar = _progress(progress, total)
    try:
        return json.loads(call(callback))
    finally:
        if bar is not None:
            bar.close()


def analyze(
    expression: str,
    *,
    misere: bool = False,
    every: bool = False,
    moves: int = 100,
    outcome_only: bool = False,
    db: Optional[Union[str, os.PathLike]] = None,
    progress: Progress = None,
) -> Analysis:
    """Who wins ``expression``, its value, and its winning moves: what
    ``grundy analyze EXPRESSION --json`` prints, as an :class:`Analysis`.
    ``db``: a table :func:`solve` saved (``grundy solve --db FILE``) or the
    directory of a solve in tiers (``tiers=DIR``), answered from it
    (``--db``); a directory's tiers are read a block at a time."""
    path = None if db is None else os.fspath(db)
    return Analysis(
        _run(
            lambda cb: _native.analyze(expression, misere, every, moves, outcome_only, path, cb),
            progress,
        )
    )


def moves(
    expression: str,
    *,
    misere: bool = False,
    db: Optional[Union[str, os.PathLike]] = None,
    player: Optional[str] = None,
) -> Moves:
    """Every move of ``expression`` with its value for the player making it
    (``win``, ``lose``, ``tie`` or ``draw``, and the remoteness counting the
    move), as ``grundy play --hint`` lists them and the web explorer's
    ``/api/moves`` answers. ``db``: a table :func:`solve` saved or the
    directory of a solve in tiers, the position's ruleset answered from it
    (``grundy play --db``). ``player``: in a sum of values, which says no
    player to move, ``"left"`` or ``"right"`` moving (``/api/moves``'s
    ``&player=``). Ctrl-C stops it (KeyboardInterrupt)."""
    path = None if db is None else os.fspath(db)
    return Moves(json.loads(_native.moves(expression, misere, path, player)))


def engine_move(
    expression: str,
    *,
    misere: bool = False,
    db: Optional[Union[str, os.PathLike]] = None,
    player: Optional[str] = None,
) -> EngineMove:
    """The move the perfect player makes from ``expression`` (the fastest
    win, a tie or draw kept, the slowest loss), as ``grundy play`` makes it;
    ``db`` and ``player`` as for :func:`moves`. A finished game raises
    :class:`UnsupportedError`. Ctrl-C stops it (KeyboardInterrupt)."""
    path = None if db is None else os.fspath(db)
    return EngineMove(json.loads(_native.engine_move(expression, misere, path, player)))


def value(expression: str, *, progress: Progress = None) -> Analysis:
    """The value of a sum of partizan positions (canonical form, mean,
    temperature, each player's moves): :func:`analyze` of it."""
    return analyze(expression, progress=progress)


def solve(
    ruleset: str,
    *,
    tiers: Optional[Union[str, os.PathLike]] = None,
    progress: Progress = None,
) -> Solve:
    """Strongly solves a ruleset from its start (``grundy solve RULESET
    --json``). ``tiers``: a directory to solve into a tier at a time
    (``--tiers DIR``), where the ruleset has tiers (Connect Four, m,n,k):
    the tiers already there are read back, so a solve stopped (Ctrl-C)
    resumes, and :func:`analyze` answers positions from it (``db=DIR``)."""
    path = None if tiers is None else os.fspath(tiers)
    return Solve(_run(lambda cb: _native.solve(ruleset, path, cb), progress))


def plan(ruleset: str, *, processes: int = 1, piece_ranks: Optional[int] = None) -> Plan:
    """What a solve a tier at a time needs, without solving (``grundy solve
    RULESET --plan --json``): each tier's ranks and bytes, and for each of
    ``processes`` processes the memory, the disk and the bytes exchanged,
    bounds where they depend on the positions reached. ``piece_ranks``:
    the ranks of a piece a process alone solves at a time."""
    return Plan(_run(lambda cb: _native.plan(ruleset, processes, piece_ranks), None))


def sequence(
    ruleset: str,
    to: int,
    *,
    full: bool = False,
    values: bool = True,
    progress: Progress = None,
) -> Sequence:
    """The nim-sequence of a heap game to heap ``to``: what ``grundy
    sequence RULESET --to N --values --json`` prints (``values=False``:
    without ``--values``; ``full=True``: ``--full``, every heap computed
    even past a proven period). Ctrl-C stops it (KeyboardInterrupt)."""
    return Sequence(
        _run(
            lambda cb: _native.sequence(ruleset, to, full, values, cb),
            progress,
            total=to + 1,
        )
    )


def quotient(
    ruleset: str,
    to: int,
    *,
    until_proven: bool = False,
    trace: Optional[Callable[[str], None]] = None,
    progress: Progress = None,
) -> Quotient:
    """The misère quotient of a heap game for the sums of heaps 1 to
    ``to``: what ``grundy quotient RULESET --to N --json`` prints
    (``until_proven=True``: ``--until-proven``, stopping at the first heap
    where the periodicity theorem proves it for every heap). ``trace`` is
    called with each trial quotient's line once it is judged, as
    ``--trace`` writes it (an exception it raises stops the run). Ctrl-C
    stops it (KeyboardInterrupt)."""
    return Quotient(
        _run(
            lambda cb: _native.quotient(ruleset, to, until_proven, trace, cb),
            progress,
            total=to,
        )
    )


def table(
    ruleset: str, rows: str, cols: str, *, of: str = "value", progress: Progress = None
) -> Table:
    """Values of positions ``(a, b)`` for ``a`` in ``rows`` and ``b`` in
    ``cols`` (ranges written ``"0..10"``), as ``grundy table RULESET --rows
    A..B --cols C..D --json`` prints them. ``of``: for a partizan family
    with values, what each cell holds (``--of``): ``"value"``,
    ``"cool(1)"``, ``"atomic_weight"`` (``None`` where a position is not
    all-small), ``"mean"``, ..."""
    return Table(_run(lambda cb: _native.table(ruleset, rows, cols, of, cb), progress))


def pattern(
    ruleset: str,
    to: Optional[int] = None,
    *,
    rows: Optional[tuple[int, int]] = None,
    cols: Optional[tuple[int, int]] = None,
    k: Optional[tuple[int, int]] = None,
    of: str = "value",
    progress: Progress = None,
) -> Pattern:
    """The rule behind the values G(0..=to) of a ruleset of one number (a
    heap game's nim-sequence with its proof, else position by position), as
    ``grundy pattern RULESET --to N --json`` prints it. ``k=(a, b)``: the
    members ``RULESET(a)`` to ``RULESET(b)`` of a family, one rule for them
    all or one for odd and one for even k (``--k A..B``). Instead of ``to``,
    ``rows=(a, b)`` with ``cols=(c, d)``: the positions (a, b) of a table
    (``--rows A..B --cols C..D``), of a partizan family with values a rule
    along each row, of what ``of`` holds of each position as ``table``
    takes it (``--of``). Ctrl-C stops it (KeyboardInterrupt)."""
    return Pattern(
        _run(lambda cb: _native.pattern(ruleset, to, rows, cols, k, of, cb), progress)
    )


def thermograph(expression: str, *, progress: Progress = None) -> Thermograph:
    """The thermograph of a sum of partizan values as exact numbers
    (``grundy thermograph EXPRESSION --format json``); drawn as SVG in a
    notebook."""
    return Thermograph(_run(lambda cb: _native.thermograph(expression, cb), progress))


def compare(first: str, second: str, *, progress: Progress = None) -> Answer:
    """How two sums of values compare (``grundy compare FIRST SECOND
    --json``): ``relation`` is ``=``, ``<``, ``>`` or ``||`` (confused),
    short and loopy games alike (``compare("on + off", "dud")``)."""
    return Answer(_run(lambda cb: _native.compare(first, second, cb), progress))


def build_values(
    family: str,
    cells: int,
    out: Union[str, os.PathLike],
    *,
    progress: Progress = None,
) -> Answer:
    """Values every region of at most ``cells`` cells of a family of
    boards and writes them to ``out`` with their checksum, whole or not at
    all (``grundy db build FAMILY --cells N --out FILE --json``): the
    answer says the family, cells, regions and digest."""
    path = os.fspath(out)
    return Answer(_run(lambda cb: _native.build_values(family, cells, path, cb), progress))


def use_values(path: Union[str, os.PathLike]) -> Answer:
    """Reads and checks a database :func:`build_values` wrote, and gives it
    to every later question of its family in this process, which takes a
    region's value from it rather than search it (``--values FILE``). A
    damaged file raises :class:`FileError` naming it."""
    return Answer(json.loads(_native.use_values(os.fspath(path))))


def graph(expression: str, *, depth: Optional[int] = None) -> Graph:
    """The game graph from a position, as ``grundy graph --format svg``
    draws it."""
    return Graph(expression, _native.graph_svg(expression, depth))
