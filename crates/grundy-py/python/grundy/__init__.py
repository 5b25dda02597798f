"""grundy: who wins a combinatorial game, the value of each position, and
every best move.

A thin Python layer over the Rust library ``grundy``: each function takes an
expression in grundy's language (``"nim 3 4 5"``, ``"mnk(3,3,3) x.o/.x./..."``,
``"toads-frogs TT..FF"``) and returns an answer object whose ``to_dict()`` is
exactly the JSON ``grundy ... --json`` prints (``schema/grundy.schema.json``
of the repository). Errors raise :class:`GrundyError` subclasses.

>>> import grundy
>>> a = grundy.analyze("nim 3 4 5")
>>> a.outcome, a.nimber
('N', 2)
>>> [(m.move, m.to) for m in a.winning_moves]
[('heap 1: 3 -> 1', 'nim 1 4 5')]
"""

from ._native import (
    BadInputError,
    FileError,
    GrundyError,
    LimitError,
    ParseError,
    ScriptError,
    UnsupportedError,
    SCHEMA_VERSION,
    __version__,
)
from ._answers import (
    Analysis,
    Answer,
    EngineMove,
    Move,
    Moves,
    Pattern,
    Plan,
    Quotient,
    Sequence,
    Solve,
    Table,
    Thermograph,
    Graph,
    analyze,
    build_values,
    compare,
    engine_move,
    graph,
    moves,
    pattern,
    plan,
    quotient,
    sequence,
    solve,
    table,
    thermograph,
    use_values,
    value,
)

__all__ = [
    "Analysis",
    "Answer",
    "BadInputError",
    "EngineMove",
    "FileError",
    "Graph",
    "GrundyError",
    "LimitError",
    "Move",
    "Moves",
    "ParseError",
    "Pattern",
    "Plan",
    "Quotient",
    "SCHEMA_VERSION",
    "ScriptError",
    "Sequence",
    "Solve",
    "Table",
    "Thermograph",
    "UnsupportedError",
    "analyze",
    "build_values",
    "compare",
    "engine_move",
    "graph",
    "moves",
    "pattern",
    "plan",
    "quotient",
    "sequence",
    "solve",
    "table",
    "thermograph",
    "use_values",
    "value",
    "__version__",
]
