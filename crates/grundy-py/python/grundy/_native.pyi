"""Type stubs of the extension module grundy._native (src/lib.rs): each
function returns the JSON text of its answer, which the package wraps."""

from typing import Callable, Optional

SCHEMA_VERSION: str
__version__: str

Progress = Optional[Callable[[dict], object]]

class GrundyError(Exception):
    """Any error of grundy: ``kind`` (``bad_input``, ``limit``,
    ``unsupported``) says whose it is, ``cause`` (``parse``, ``file``,
    ``script``, ``cycle``, ``parameter``, ``usage``, ``too_large``,
    ``limit``, ``unsupported``) what it is about, ``column`` where a parse
    error starts (or None), as the JSON error has them."""
    kind: str
    cause: str
    column: Optional[int]

class BadInputError(GrundyError):
    """The question is malformed: an expression, a parameter, a file."""

class ParseError(BadInputError):
    """An expression or parameter that does not parse; ``column`` is where."""

class FileError(BadInputError):
    """A file named in an expression cannot be read or is malformed."""

class ScriptError(BadInputError):
    """A script is wrong at a place in it."""

class LimitError(GrundyError):
    """A well-formed question past one of grundy's limits."""

class UnsupportedError(GrundyError):
    """A well-formed question grundy cannot answer yet."""

def analyze(
    expression: str,
    misere: bool,
    every: bool,
    moves: int,
    outcome_only: bool,
    db: Optional[str] = None,
    progress: Progress = None,
) -> str: ...
def solve(ruleset: str, tiers: Optional[str] = None, progress: Progress = None) -> str: ...
def plan(ruleset: str, processes: int, piece_ranks: Optional[int] = None) -> str: ...
def moves(expression: str, misere: bool, db: Optional[str] = None) -> str: ...
def engine_move(expression: str, misere: bool, db: Optional[str] = None) -> str: ...
def sequence(ruleset: str, to: int, full: bool, values: bool, progress: Progress = None) -> str: ...
def quotient(
    ruleset: str,
    to: int,
    until_proven: bool,
    trace: Optional[Callable[[str], None]] = None,
    progress: Progress = None,
) -> str: ...
def table(ruleset: str, rows: str, cols: str, progress: Progress = None) -> str: ...
def table_svg(ruleset: str, rows: str, cols: str) -> str: ...
def thermograph(expression: str, progress: Progress = None) -> str: ...
def thermograph_svg(expression: str) -> str: ...
def compare(first: str, second: str, progress: Progress = None) -> str: ...
def build_values(family: str, cells: int, out: str, progress: Progress = None) -> str: ...
def use_values(path: str) -> str: ...
def graph_svg(expression: str, depth: Optional[int] = None) -> str: ...
def sequence_plot(
    ruleset: str,
    values: list[int],
    period: Optional[int] = None,
    preperiod: Optional[int] = None,
    saltus: Optional[int] = None,
) -> str: ...
def pattern(
    ruleset: str,
    to: Optional[int] = None,
    rows: Optional[tuple[int, int]] = None,
    cols: Optional[tuple[int, int]] = None,
    k: Optional[tuple[int, int]] = None,
    progress: Progress = None,
) -> str: ...
