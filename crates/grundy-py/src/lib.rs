//! The extension module `grundy._native`: each function asks the library's
//! front door (`grundy::answer`) and returns the answer as the JSON text the
//! command line prints, which the Python package (`python/grundy`) wraps in
//! objects. The work runs detached from the interpreter (other Python
//! threads go on); its progress goes to the caller's callback, and Ctrl-C
//! (KeyboardInterrupt) stops it at the next report.

use std::path::PathBuf;

use grundy::answer::analyze::SolvedTable;
use grundy::answer::sequence::SequenceOptions;
use grundy::answer::solve::SolveOptions;
use grundy::answer::{self, AnalyzeOptions, Progress};
use grundy::error::ErrorKind;
use grundy::machine::MemoryLimit;
use grundy::misere::quotient::TrialRecord;
use grundy::period::{Period, Regularity};
use grundy::retrograde::Player;
use grundy::Rulesets;
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt};

create_exception!(
    grundy,
    GrundyError,
    PyException,
    "Any error of grundy: `kind` (bad_input, limit, unsupported), `cause` (parse, file, script, \
     cycle, parameter, usage, too_large, limit, unsupported) and `column` (or None)."
);
create_exception!(
    grundy,
    BadInputError,
    GrundyError,
    "The question is malformed: an expression, a parameter, a file."
);
create_exception!(
    grundy,
    ParseError,
    BadInputError,
    "An expression or parameter that does not parse; `column` is where (1-based)."
);
create_exception!(
    grundy,
    FileError,
    BadInputError,
    "A file named in an expression cannot be read or is malformed."
);
create_exception!(
    grundy,
    ScriptError,
    BadInputError,
    "A script is wrong at a place in it (its message says where)."
);
create_exception!(
    grundy,
    LimitError,
    GrundyError,
    "A well-formed question past one of grundy's limits (named in the message)."
);
create_exception!(
    grundy,
    UnsupportedError,
    GrundyError,
    "A well-formed question grundy cannot answer yet."
);

/// The Python exception of an error of the library, with its `kind`,
/// `cause` and `column` as attributes, as the JSON error has them.
fn raised(py: Python<'_>, error: grundy::Error) -> PyErr {
    let message = error.to_string();
    let err = match &error {
        grundy::Error::Parse { .. } => ParseError::new_err(message),
        grundy::Error::File { .. } => FileError::new_err(message),
        grundy::Error::Script { .. } => ScriptError::new_err(message),
        _ => match error.kind() {
            ErrorKind::BadInput => BadInputError::new_err(message),
            ErrorKind::Limit => LimitError::new_err(message),
            _ => UnsupportedError::new_err(message),
        },
    };
    let value = err.value(py);
    // Setting an attribute of a fresh exception cannot fail.
    let _ = value.setattr("kind", error.kind().name());
    let _ = value.setattr("cause", error.cause().name());
    let _ = value.setattr("column", error.column());
    err
}

/// The whole number the caller passed as the parameter `name`: one
/// below 0 or past the largest the parameter takes is bad input
/// (`BadInputError`), as the command line's flags are, not Python's bare
/// OverflowError; a value that is no integer stays a TypeError.
fn whole(name: &str, value: &Bound<'_, PyAny>) -> PyResult<u64> {
    let error = match value.extract::<u64>() {
        Ok(n) => return Ok(n),
        Err(error) if !value.is_instance_of::<PyInt>() => return Err(error),
        Err(_) if value.lt(0)? => format!("{name} must be a whole number, 0 or more"),
        Err(_) => format!("{name} is past the largest it takes, {}", u64::MAX),
    };
    Err(raised(value.py(), grundy::Error::Parameter(error)))
}

/// [`whole`] of a parameter that may be left out.
fn whole_or_none(name: &str, value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    value.map(|value| whole(name, value)).transpose()
}

/// [`whole`] of a pair `(a, b)`, as `pattern`'s spans are passed.
fn whole_pair(
    name: &str,
    pair: Option<(Bound<'_, PyAny>, Bound<'_, PyAny>)>,
) -> PyResult<Option<(u64, u64)>> {
    pair.map(|(a, b)| Ok((whole(name, &a)?, whole(name, &b)?)))
        .transpose()
}

/// A progress report as a dictionary for the caller's callback.
fn progress_dict<'py>(py: Python<'py>, progress: &Progress) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    match progress {
        Progress::Solving(p) => {
            dict.set_item("phase", p.phase.verb())?;
            dict.set_item("done", p.done)?;
            dict.set_item("reached", p.reached)?;
        }
        Progress::Valuing { positions } => {
            dict.set_item("phase", "valuing")?;
            dict.set_item("done", positions)?;
        }
        Progress::Searching { positions } => {
            dict.set_item("phase", "searching")?;
            dict.set_item("done", positions)?;
        }
        Progress::Sequence(p) => {
            dict.set_item("phase", "sequence")?;
            dict.set_item("done", p.heaps)?;
        }
        Progress::Quotient {
            heap,
            order,
            trials,
            trial_order,
        } => {
            dict.set_item("phase", "quotient")?;
            dict.set_item("done", heap)?;
            dict.set_item("order", order)?;
            dict.set_item("trials", trials)?;
            dict.set_item("trial_order", trial_order)?;
        }
        _ => {
            dict.set_item("phase", "working")?;
        }
    }
    Ok(dict)
}

/// Runs `work` detached from the interpreter, with the memory the machine
/// has available now (read as the command line reads it, and set as the
/// searches' budget) and a progress callback that reports to `callback`
/// and stops the work on Ctrl-C (or an exception the callback raises),
/// which is then raised here.
fn detached<T: Send>(
    py: Python<'_>,
    callback: Option<Py<PyAny>>,
    work: impl FnOnce(u64, &mut dyn FnMut(Progress) -> bool) -> grundy::Result<T> + Send,
) -> PyResult<T> {
    let mut stopped_by: Option<PyErr> = None;
    let result = py.detach(|| {
        // The interpreter's large blocks go back to its heap when the
        // last work running ends (`host_allocator`).
        let _steadied = grundy::machine::Steadied::hold();
        let memory = grundy::machine::set_search_budget().bytes;
        let mut on_progress = |progress: Progress| {
            Python::attach(|py| {
                let reported = py.check_signals().and_then(|()| match &callback {
                    Some(callback) => {
                        let dict = progress_dict(py, &progress)?;
                        callback.call1(py, (dict,)).map(drop)
                    }
                    None => Ok(()),
                });
                match reported {
                    Ok(()) => true,
                    Err(error) => {
                        stopped_by = Some(error);
                        false
                    }
                }
            })
        };
        work(memory, &mut on_progress)
    });
    if let Some(error) = stopped_by {
        return Err(error);
    }
    result.map_err(|error| raised(py, error))
}

fn json(answer: &impl serde::Serialize) -> String {
    serde_json::to_string(answer).expect("answers serialise")
}

/// `grundy analyze EXPRESSION --json [--db PATH]`.
#[pyfunction]
#[pyo3(signature = (expression, misere, every, moves, outcome_only, db=None, progress=None))]
#[allow(clippy::too_many_arguments)]
fn analyze(
    py: Python<'_>,
    expression: &str,
    misere: bool,
    every: bool,
    moves: &Bound<'_, PyAny>,
    outcome_only: bool,
    db: Option<PathBuf>,
    progress: Option<Py<PyAny>>,
) -> PyResult<String> {
    let mut options = AnalyzeOptions::default();
    options.misere = misere;
    options.every = every;
    options.moves = usize::try_from(whole("moves", moves)?).unwrap_or(usize::MAX);
    options.outcome_only = outcome_only;
    options.db = table_at(db);
    detached(py, progress, move |memory, on_progress| {
        options.memory = Some(memory);
        let answer =
            answer::analyze_with_progress(&mut Rulesets::new(), expression, &options, on_progress)?;
        Ok(json(&answer))
    })
}

/// Every move of a position with its value for the player making it
/// (`grundy play --hint`; the web explorer's `/api/moves`), from the
/// table at `db` where given (`grundy play --db PATH`).
#[pyfunction]
#[pyo3(signature = (expression, misere, db=None, player=None))]
fn moves(
    py: Python<'_>,
    expression: &str,
    misere: bool,
    db: Option<PathBuf>,
    player: Option<&str>,
) -> PyResult<String> {
    let table = table_at(db);
    let player = player_named(py, player)?;
    detached(py, None, move |memory, on_progress| {
        let answer =
            answer::play::moves(expression, misere, player, Some(memory), table, on_progress)?;
        Ok(json(&answer))
    })
}

/// The player to move in a sum of values, `"left"` or `"right"`.
fn player_named(py: Python<'_>, name: Option<&str>) -> PyResult<Option<Player>> {
    match name.map(str::to_ascii_lowercase).as_deref() {
        None => Ok(None),
        Some("left") => Ok(Some(Player::Left)),
        Some("right") => Ok(Some(Player::Right)),
        Some(other) => Err(raised(
            py,
            grundy::Error::Parameter(format!("player is \"left\" or \"right\", not {other:?}")),
        )),
    }
}

/// The perfect player's move (`grundy play`; the web explorer's
/// `/api/engine`), from the table at `db` where given.
#[pyfunction]
#[pyo3(signature = (expression, misere, db=None, player=None))]
fn engine_move(
    py: Python<'_>,
    expression: &str,
    misere: bool,
    db: Option<PathBuf>,
    player: Option<&str>,
) -> PyResult<String> {
    let table = table_at(db);
    let player = player_named(py, player)?;
    detached(py, None, move |memory, on_progress| {
        let answer = answer::play::engine_move(
            expression,
            misere,
            player,
            Some(memory),
            table,
            on_progress,
        )?;
        Ok(json(&answer))
    })
}

/// The solved table at `path` (`--db`), of which at most a quarter of the
/// memory is read at once.
fn table_at(path: Option<PathBuf>) -> Option<SolvedTable> {
    path.map(|path| SolvedTable::new(path.display().to_string(), MemoryLimit::file_bytes()))
}

/// `grundy solve RULESET --json [--tiers DIR]`.
#[pyfunction]
#[pyo3(signature = (ruleset, tiers=None, progress=None))]
fn solve(
    py: Python<'_>,
    ruleset: &str,
    tiers: Option<PathBuf>,
    progress: Option<Py<PyAny>>,
) -> PyResult<String> {
    let mut options = SolveOptions::default();
    options.disk_free = tiers.as_deref().and_then(grundy::machine::disk_free);
    options.tiers = tiers;
    detached(py, progress, move |memory, on_progress| {
        options.memory = Some(memory);
        Ok(json(&answer::solve::solve(ruleset, &options, on_progress)?))
    })
}

/// `grundy solve RULESET --plan --json [--processes N] [--piece-ranks N]`.
#[pyfunction]
#[pyo3(signature = (ruleset, processes, piece_ranks=None))]
fn plan(
    py: Python<'_>,
    ruleset: &str,
    processes: &Bound<'_, PyAny>,
    piece_ranks: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let processes = usize::try_from(whole("processes", processes)?).unwrap_or(usize::MAX);
    let piece = whole_or_none("piece_ranks", piece_ranks)?;
    detached(py, None, move |_, _| {
        Ok(json(&answer::plan::plan(ruleset, processes, piece)?))
    })
}

/// `grundy sequence RULESET --to N --json [--full] [--values]`.
#[pyfunction]
#[pyo3(signature = (ruleset, to, full, values, progress=None))]
fn sequence(
    py: Python<'_>,
    ruleset: &str,
    to: &Bound<'_, PyAny>,
    full: bool,
    values: bool,
    progress: Option<Py<PyAny>>,
) -> PyResult<String> {
    let to = usize::try_from(whole("to", to)?).unwrap_or(usize::MAX);
    let mut options = SequenceOptions::to(to);
    options.full = full;
    options.values = values;
    detached(py, progress, move |memory, on_progress| {
        options.memory = Some(memory);
        // Stopped by the callback only on Ctrl-C or the callback's own
        // exception, which `detached` raises instead of this answer.
        Ok(json(&answer::sequence::sequence(
            ruleset,
            &options,
            on_progress,
        )?))
    })
}

/// `grundy quotient RULESET --to N --json [--until-proven] [--trace]`:
/// `trace` is called with each trial's line, as `--trace` writes it; an
/// exception it raises stops the run and is raised here.
#[pyfunction]
#[pyo3(signature = (ruleset, to, until_proven, trace=None, progress=None))]
fn quotient(
    py: Python<'_>,
    ruleset: &str,
    to: &Bound<'_, PyAny>,
    until_proven: bool,
    trace: Option<Py<PyAny>>,
    progress: Option<Py<PyAny>>,
) -> PyResult<String> {
    let to = whole("to", to)?;
    let raised_by_trace: std::sync::Mutex<Option<PyErr>> = std::sync::Mutex::new(None);
    let answer = detached(py, progress, |_, on_progress| {
        let failed = || raised_by_trace.lock().is_ok_and(|e| e.is_some());
        let mut on_trial = |trial: &TrialRecord| {
            if let Some(trace) = trace.as_ref().filter(|_| !failed()) {
                let line = trial.to_string();
                if let Err(error) = Python::attach(|py| trace.call1(py, (line,)).map(drop)) {
                    *raised_by_trace.lock().expect("not poisoned") = Some(error);
                }
            }
        };
        let answer = answer::quotient::quotient(
            ruleset,
            to,
            until_proven,
            None,
            trace
                .as_ref()
                .map(|_| &mut on_trial as &mut dyn FnMut(&TrialRecord)),
            &mut |p| !failed() && on_progress(p),
        );
        Ok(json(&answer?))
    });
    match raised_by_trace.into_inner().expect("not poisoned") {
        Some(error) => Err(error),
        None => answer,
    }
}

/// `grundy pattern RULESET --to N --json`, with `k` its `--k A..B`, or
/// with `rows` and `cols` instead its `--rows A..B --cols C..D` (and `of`
/// its `--of WHAT`).
#[pyfunction]
#[pyo3(signature = (ruleset, to=None, rows=None, cols=None, k=None, of="value", progress=None))]
#[allow(clippy::too_many_arguments)] // the command's arguments, one each
fn pattern(
    py: Python<'_>,
    ruleset: &str,
    to: Option<&Bound<'_, PyAny>>,
    rows: Option<(Bound<'_, PyAny>, Bound<'_, PyAny>)>,
    cols: Option<(Bound<'_, PyAny>, Bound<'_, PyAny>)>,
    k: Option<(Bound<'_, PyAny>, Bound<'_, PyAny>)>,
    of: &str,
    progress: Option<Py<PyAny>>,
) -> PyResult<String> {
    let to = whole_or_none("to", to)?.map(|to| usize::try_from(to).unwrap_or(usize::MAX));
    let (rows, cols, k) = (
        whole_pair("rows", rows)?,
        whole_pair("cols", cols)?,
        whole_pair("k", k)?,
    );
    detached(py, progress, move |_, on_progress| {
        let span = |pair: Option<(u64, u64)>| pair.map(|(a, b)| span(a, b)).transpose();
        let question =
            answer::pattern::PatternQuestion::new(ruleset, to, span(k)?, span(rows)?, span(cols)?)?
                .holding(of.parse()?);
        Ok(json(&answer::pattern::pattern(&question, on_progress)?))
    })
}

/// Reads `A..B` (both included), as the command line does.
fn range(text: &str) -> grundy::Result<std::ops::RangeInclusive<u64>> {
    let bad = || grundy::Error::Parse {
        column: 1,
        message: format!("expected a range A..B of whole numbers, found {text:?}"),
    };
    let (first, last) = text.split_once("..").ok_or_else(bad)?;
    let first: u64 = first.trim().parse().map_err(|_| bad())?;
    let last: u64 = last.trim().parse().map_err(|_| bad())?;
    span(first, last)
}

/// The numbers from `first` to `last`, both included; none is bad input,
/// as the command line's `A..B` with A past B is.
fn span(first: u64, last: u64) -> grundy::Result<std::ops::RangeInclusive<u64>> {
    if first > last {
        return Err(grundy::Error::Parse {
            column: 1,
            message: format!("{first}..{last} is empty: the first must not exceed the last"),
        });
    }
    Ok(first..=last)
}

/// `grundy table RULESET --rows A..B --cols C..D --of WHAT --json`.
#[pyfunction]
#[pyo3(signature = (ruleset, rows, cols, of, progress=None))]
fn table(
    py: Python<'_>,
    ruleset: &str,
    rows: &str,
    cols: &str,
    of: &str,
    progress: Option<Py<PyAny>>,
) -> PyResult<String> {
    detached(py, progress, move |_, on_progress| {
        let (rows, cols, of) = (range(rows)?, range(cols)?, of.parse()?);
        let answer = answer::table::table(ruleset, rows, cols, of, on_progress)?;
        Ok(json(&answer))
    })
}

/// The heat map of a table of nimbers (`grundy table --svg`).
#[pyfunction]
fn table_svg(py: Python<'_>, ruleset: &str, rows: &str, cols: &str) -> PyResult<String> {
    detached(py, None, move |_, on_progress| {
        let (rows, cols) = (range(rows)?, range(cols)?);
        let (name, table) = answer::table::two_number_table(ruleset, rows, cols, on_progress)?;
        let title = format!("{name}: the value of each position (a, b)");
        Ok(grundy::picture::heat_map(&title, &table))
    })
}

/// `grundy thermograph EXPRESSION --format json`.
#[pyfunction]
#[pyo3(signature = (expression, progress=None))]
fn thermograph(py: Python<'_>, expression: &str, progress: Option<Py<PyAny>>) -> PyResult<String> {
    detached(py, progress, move |_, on_progress| {
        Ok(json(&answer::thermograph::thermograph(
            expression,
            on_progress,
        )?))
    })
}

/// `grundy compare FIRST SECOND --json`.
#[pyfunction]
#[pyo3(signature = (first, second, progress=None))]
fn compare(
    py: Python<'_>,
    first: &str,
    second: &str,
    progress: Option<Py<PyAny>>,
) -> PyResult<String> {
    detached(py, progress, move |_, on_progress| {
        Ok(json(&answer::compare::compare(first, second, on_progress)?))
    })
}

/// `grundy db build FAMILY --cells N --out PATH --json`.
#[pyfunction]
#[pyo3(signature = (family, cells, out, progress=None))]
fn build_values(
    py: Python<'_>,
    family: &str,
    cells: u32,
    out: PathBuf,
    progress: Option<Py<PyAny>>,
) -> PyResult<String> {
    detached(py, progress, move |_, on_progress| {
        let (built, db) = answer::values::build_values(family, cells, on_progress)?;
        grundy::file::write_whole(&out, |file| db.write(file).map(drop))?;
        Ok(json(&built))
    })
}

/// `grundy ... --values PATH`: the database, read and checked, for every
/// question of its family from now on; `db show PATH --json` of it.
#[pyfunction]
fn use_values(py: Python<'_>, path: PathBuf) -> PyResult<String> {
    detached(py, None, move |_, _| {
        let shown = path.display().to_string();
        let limit = grundy::machine::MemoryLimit::file_bytes();
        let bytes = grundy::file::read_at_most(&shown, limit, "database of values")?;
        Ok(json(&answer::values::use_values(&bytes, &shown)?))
    })
}

/// `grundy thermograph EXPRESSION` (SVG).
#[pyfunction]
fn thermograph_svg(py: Python<'_>, expression: &str) -> PyResult<String> {
    detached(py, None, move |_, on_progress| {
        let analysis = answer::thermograph::thermograph_analysis(expression, on_progress)?;
        Ok(answer::thermograph::thermograph_svg(&analysis))
    })
}

/// `grundy graph EXPRESSION --format svg`.
#[pyfunction]
#[pyo3(signature = (expression, depth=None))]
fn graph_svg(
    py: Python<'_>,
    expression: &str,
    depth: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let depth = whole_or_none("depth", depth)?;
    let depth = depth.map(|depth| usize::try_from(depth).unwrap_or(usize::MAX));
    detached(py, None, move |memory, on_progress| {
        let picture = answer::graph::graph(expression, depth, Some(memory), on_progress)?;
        picture.svg(&answer::graph::title(expression))
    })
}

/// The plot of a nim-sequence's values (`grundy sequence --plot`), the
/// preperiod marked where the answer has a regularity.
#[pyfunction]
#[pyo3(signature = (ruleset, values, period=None, preperiod=None, saltus=None))]
fn sequence_plot(
    ruleset: &str,
    values: Vec<u64>,
    period: Option<usize>,
    preperiod: Option<usize>,
    saltus: Option<i64>,
) -> String {
    let regularity = match (period, preperiod, saltus) {
        (Some(period), Some(preperiod), Some(saltus)) => Some(Regularity {
            period: Period { preperiod, period },
            saltus,
        }),
        _ => None,
    };
    grundy::answer::sequence::plot(ruleset, values.len(), |n| values[n], regularity)
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("SCHEMA_VERSION", answer::SCHEMA_VERSION)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("GrundyError", py.get_type::<GrundyError>())?;
    m.add("BadInputError", py.get_type::<BadInputError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("FileError", py.get_type::<FileError>())?;
    m.add("ScriptError", py.get_type::<ScriptError>())?;
    m.add("LimitError", py.get_type::<LimitError>())?;
    m.add("UnsupportedError", py.get_type::<UnsupportedError>())?;
    for function in [
        wrap_pyfunction!(analyze, m)?,
        wrap_pyfunction!(solve, m)?,
        wrap_pyfunction!(plan, m)?,
        wrap_pyfunction!(moves, m)?,
        wrap_pyfunction!(engine_move, m)?,
        wrap_pyfunction!(sequence, m)?,
        wrap_pyfunction!(table, m)?,
        wrap_pyfunction!(table_svg, m)?,
        wrap_pyfunction!(thermograph, m)?,
        wrap_pyfunction!(thermograph_svg, m)?,
        wrap_pyfunction!(compare, m)?,
        wrap_pyfunction!(build_values, m)?,
        wrap_pyfunction!(use_values, m)?,
        wrap_pyfunction!(graph_svg, m)?,
        wrap_pyfunction!(sequence_plot, m)?,
        wrap_pyfunction!(pattern, m)?,
        wrap_pyfunction!(quotient, m)?,
    ] {
        m.add_function(function)?;
    }
    Ok(())
}
