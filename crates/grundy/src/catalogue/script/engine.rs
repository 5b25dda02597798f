//! The script engine (Rhai) behind a script game: loading a file within the
//! limits, calling one of its functions on a position, and turning whatever
//! goes wrong into an [`Error`] that names the file, the line and column, and
//! the call.

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use rhai::{Array, CallFnOptions, Dynamic, EvalAltResult, FuncArgs, ParseErrorType, Scope, AST};

use super::position::{in_grundy_words, Sum};
use crate::error::{Error, Result};

/// Scripts longer than this are refused: no more than one byte past it is
/// read, whatever the file says its size is (`/dev/zero` says 0).
pub const MAX_SCRIPT_BYTES: u64 = 1 << 20;
/// Operations one call may make (Rhai counts each statement, expression and
/// loop turn): about half a second. The limit is per call, and between two
/// options a call gives with `emit`, so a script that loops forever stops
/// at its first call, and one that emits a million options is not stopped.
pub const MAX_OPERATIONS: u64 = 5_000_000;
/// Nested calls of script functions (recursion depth).
pub const MAX_CALL_LEVELS: usize = 48;
/// Nesting of expressions, at top level and inside functions.
pub const MAX_EXPR_DEPTH: usize = 64;
pub const MAX_FUNCTION_EXPR_DEPTH: usize = 32;
/// Sizes of one value, counted over everything nested in it: characters of
/// strings, items of arrays, properties of object maps. A script holds a few
/// such values at a time, so these bound its memory too. The array and map
/// limits are small for two reasons of Rhai's: it recounts an array's items
/// after each change (so building an array of n items costs n² / 2 steps
/// that no operation limit sees), and it walks nested values recursively (so
/// the nesting, at most the items of arrays and maps together, must fit the
/// thread's stack: about 130 bytes a level in an optimised build, so 2 MiB
/// holds 15,000 levels).
pub const MAX_STRING_SIZE: usize = 1 << 16;
pub const MAX_ARRAY_SIZE: usize = 1 << 12;
pub const MAX_MAP_SIZE: usize = 1 << 8;

/// The share of the memory budget ([`crate::memory::budget`]) that the
/// options one call gives with `emit` may take: the search that asked for
/// them keeps them too, as positions.
pub const EMITTED_SHARE: u64 = 4;

/// The most options one call may give with `emit` when all of them are
/// asked for (some two seconds of a script's work): a position with more
/// is too large to list, though it may have a nimber by a closed form.
pub const MAX_EMITTED_OPTIONS: usize = 1 << 21;

/// What [`Script::call_options`] returns: the function's value, and the
/// options it emitted, which stop at the number asked for.
pub struct Called {
    pub value: Dynamic,
    pub emitted: Vec<Dynamic>,
    /// Whether the call was stopped for giving more options than asked for
    /// (`value` is then `()`).
    pub truncated: bool,
}

/// The options a call gives one at a time, `emit(option)`, rather than in
/// the array it returns (which Rhai caps at [`MAX_ARRAY_SIZE`] items): held
/// here, not in the script, and counted against the memory budget.
#[derive(Default)]
struct Emitted {
    items: Vec<Dynamic>,
    bytes: u64,
    /// The most bytes `items` may take in this call.
    budget: u64,
    /// Whether an option was refused for the budget (the call then stops).
    over_budget: bool,
    /// The most options the call may give; one more stops it, and
    /// `truncated` says so.
    most: usize,
    truncated: bool,
}

/// What the engine's hooks share with [`Script`]: the options emitted, and
/// Rhai's count of operations in this call when the last one was.
#[derive(Default)]
struct Shared {
    emitted: Mutex<Emitted>,
    operations: AtomicU64,
    operations_at_emit: AtomicU64,
    /// The bytes emitted options may take in a call, where a test sets it;
    /// 0 for the share of the memory budget.
    emit_budget: AtomicU64,
}

/// A compiled script and its global constants.
pub struct Script {
    /// The file as the expression named it.
    pub path: String,
    /// The parameters the expression gave, `m=3`: constants of the script.
    pub parameters: Vec<(String, rhai::INT)>,
    /// The SHA-256 of the script's text, and of its parameters where it
    /// has some (`file::sha256_hex`).
    pub digest: String,
    /// Whether the script calls `emit` anywhere: its `moves` may then end
    /// without returning an array.
    pub emits: bool,
    /// The functions of one parameter that index it (`p[0]`), with the
    /// line where they first do: where such a function fails on an
    /// integer, whose bits Rhai indexes, the error says so.
    indexing: Vec<(String, usize)>,
    engine: rhai::Engine,
    shared: Arc<Shared>,
    ast: AST,
    /// The global constants, the only state a call sees: calls cannot change
    /// them, so a function's answer depends on its arguments alone.
    constants: Mutex<Scope<'static>>,
}

impl Script {
    /// Reads and compiles the script at `path`, and runs its top level once
    /// (to define its constants). Where the process restricts its files,
    /// an error met doing so is told without its message, which may quote
    /// the file (`file::without_contents`).
    pub fn load(path: &str, parameters: &[(String, rhai::INT)]) -> Result<Script> {
        let text = crate::file::read_text_at_most(path, MAX_SCRIPT_BYTES, "script")?;
        Script::compile_with(path, &text, parameters).map_err(crate::file::without_contents)
    }

    /// Compiles `text`; `path` names the script in messages.
    pub fn compile(path: &str, text: &str) -> Result<Script> {
        Script::compile_with(path, text, &[])
    }

    /// Compiles `text` with `parameters` as constants, which its top level
    /// and its functions see; a script that declares one itself would hide
    /// it, and is refused.
    pub fn compile_with(
        path: &str,
        text: &str,
        parameters: &[(String, rhai::INT)],
    ) -> Result<Script> {
        let shared = Arc::new(Shared::default());
        let engine = new_engine(path, &shared);
        let ast = engine.compile(text).map_err(|e| {
            let limit = matches!(
                e.err_type(),
                ParseErrorType::ExprTooDeep | ParseErrorType::LiteralTooLarge(..)
            );
            let position = e.position();
            let mut message = e.err_type().to_string();
            if let ParseErrorType::Reserved(word) = e.err_type() {
                message = format!(
                    "{message}: Rhai keeps the word {word} for itself, so no variable, constant \
                     or function may have it as its name (examples/README.md lists these words)"
                );
            }
            located(path, position, message, limit, None)
        })?;
        let mut scope = Scope::new();
        for (name, value) in parameters {
            scope.push_constant(name.clone(), *value);
        }
        shared.start_call(usize::MAX);
        engine
            .run_ast_with_scope(&mut scope, &ast)
            .map_err(|e| runtime_error(path, *e, "the script's top level"))?;
        if !shared.take_emitted().items.is_empty() {
            return Err(Error::File {
                path: path.into(),
                message: "emit gives options, in fn moves, fn left and fn right only, not at \
                          the top level"
                    .into(),
            });
        }
        for (name, value) in parameters {
            if scope.iter().filter(|(n, _, _)| n == name).count() > 1 {
                return Err(Error::File {
                    path: path.into(),
                    message: format!(
                        "the script declares {name} itself, which would hide the parameter \
                         {name}={value}: leave the declaration out"
                    ),
                });
            }
        }
        let mut constants = Scope::new();
        for (name, _, value) in scope.iter() {
            constants.push_constant_dynamic(name.to_string(), value);
        }
        let mut hashed = text.as_bytes().to_vec();
        for (name, value) in parameters {
            hashed.extend(format!("\0{name}={value}").as_bytes());
        }
        Ok(Script {
            path: path.into(),
            parameters: parameters.to_vec(),
            digest: crate::file::sha256_hex(&hashed),
            emits: mentions_emit(text),
            indexing: indexing_functions(&ast),
            engine,
            shared,
            ast,
            constants: Mutex::new(constants),
        })
    }

    /// The line where the script's function `name` first indexes its one
    /// parameter (`p[0]`), if it does.
    pub fn indexes_its_parameter(&self, name: &str) -> Option<usize> {
        (self.indexing.iter())
            .find(|(function, _)| function == name)
            .map(|&(_, line)| line)
    }

    /// The number of parameters of the script's function `name`, if the
    /// script defines it.
    pub fn function(&self, name: &str) -> Option<usize> {
        self.ast
            .iter_functions()
            .find(|f| f.name == name)
            .map(|f| f.params.len())
    }

    /// Calls the script's function `name` on `arguments` (a tuple: `(p,)`,
    /// or `()` for none); `call` says in errors what was being done, such as
    /// `parse("3,5")`. Options are given only by [`Script::call_options`]:
    /// a function that emits one here is refused.
    pub fn call(
        &self,
        name: &str,
        arguments: impl FuncArgs,
        call: impl Fn() -> String,
    ) -> Result<Dynamic> {
        let called = self.call_options(name, arguments, &call, 0)?;
        if !called.emitted.is_empty() || called.truncated {
            return Err(self.value_error(format!(
                "{}: emit gives options, in fn moves, fn left and fn right only",
                call()
            )));
        }
        Ok(called.value)
    }

    /// Calls the script's function `name` as [`Script::call`] does, and
    /// returns what it returned with the options it gave by `emit`, in
    /// order: at most `most`, as the call is stopped at the next.
    pub fn call_options(
        &self,
        name: &str,
        arguments: impl FuncArgs,
        call: impl Fn() -> String,
        most: usize,
    ) -> Result<Called> {
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        // The lock is let go before the error is described: `call` may call
        // the script again (its `show` writes the position).
        let (result, emitted) = {
            let mut constants = self.constants.lock().expect("script lock");
            self.shared.start_call(most);
            let result = self.engine.call_fn_with_options(
                options,
                &mut constants,
                &self.ast,
                name,
                arguments,
            );
            (result, self.shared.take_emitted())
        };
        if emitted.over_budget {
            return Err(Error::Limit(format!(
                "{}: {}: the options given with emit would take more than {}, 1/{} of \
                 the memory budget",
                self.path,
                call(),
                crate::memory::Size(emitted.budget),
                EMITTED_SHARE
            )));
        }
        let value = match result {
            Ok(value) => value,
            Err(_) if emitted.truncated => Dynamic::UNIT,
            Err(e) => return Err(runtime_error(&self.path, *e, &call())),
        };
        Ok(Called {
            value,
            emitted: emitted.items,
            truncated: emitted.truncated,
        })
    }

    /// Lets each call emit options of at most `bytes` (tests of the limit).
    #[cfg(test)]
    pub fn set_emit_budget(&self, bytes: u64) {
        self.shared.emit_budget.store(bytes, Ordering::Relaxed);
    }

    /// An error about a value the script gave, which has no place in the
    /// script to point at.
    pub fn value_error(&self, message: String) -> Error {
        Error::File {
            path: self.path.clone(),
            message,
        }
    }
}

impl Shared {
    /// Readies the count of operations and the list of options for a call.
    fn start_call(&self, most: usize) {
        self.operations_at_emit.store(0, Ordering::Relaxed);
        let budget = match self.emit_budget.load(Ordering::Relaxed) {
            0 => crate::memory::budget() / EMITTED_SHARE,
            bytes => bytes,
        };
        *self.emitted.lock().expect("emit lock") = Emitted {
            budget,
            most,
            ..Emitted::default()
        };
    }

    fn take_emitted(&self) -> Emitted {
        std::mem::take(&mut *self.emitted.lock().expect("emit lock"))
    }

    /// `emit(option)`: keeps the option, within the budget.
    fn emit(&self, option: Dynamic) -> std::result::Result<(), Box<EvalAltResult>> {
        let mut emitted = self.emitted.lock().expect("emit lock");
        if emitted.items.len() == emitted.most {
            emitted.truncated = true;
            return Err(stop(ENOUGH_OPTIONS));
        }
        let bytes = dynamic_bytes(&option);
        if emitted.bytes + bytes > emitted.budget {
            emitted.over_budget = true;
            return Err(stop(PAST_THE_BUDGET));
        }
        emitted.bytes += bytes;
        emitted.items.push(option);
        let now = self.operations.load(Ordering::Relaxed);
        self.operations_at_emit.store(now, Ordering::Relaxed);
        Ok(())
    }

    /// Rhai's progress hook: stops a call that has made more than
    /// [`MAX_OPERATIONS`] operations since it began or last emitted.
    fn progress(&self, operations: u64) -> Option<Dynamic> {
        self.operations.store(operations, Ordering::Relaxed);
        let since = operations - self.operations_at_emit.load(Ordering::Relaxed);
        (since > MAX_OPERATIONS).then(|| Dynamic::from(TOO_MANY_OPERATIONS))
    }
}

/// What `emit` stops a call with once it has given the options asked for,
/// or when they would take more than their budget: the script cannot catch
/// it (Rhai's `try` lets a termination through).
const ENOUGH_OPTIONS: &str = "enough options";
const PAST_THE_BUDGET: &str = "past the budget";

fn stop(why: &'static str) -> Box<EvalAltResult> {
    EvalAltResult::ErrorTerminated(Dynamic::from(why), rhai::Position::NONE).into()
}

/// What the progress hook stops a call with.
const TOO_MANY_OPERATIONS: &str = "too many operations";

/// The bytes an emitted value holds (Rhai's `Dynamic` is 16 bytes; an
/// array's items are Dynamics too; a sum is a boxed array).
fn dynamic_bytes(value: &Dynamic) -> u64 {
    let own = size_of::<Dynamic>() as u64;
    if let Some(items) = value.read_lock::<Array>() {
        let inner = items.iter().map(dynamic_bytes).sum::<u64>();
        return own + crate::memory::allocation(inner);
    }
    if let Some(sum) = value.read_lock::<Sum>() {
        let inner = sum.0.iter().map(dynamic_bytes).sum::<u64>();
        return own + crate::memory::allocation(24) + crate::memory::allocation(inner);
    }
    if let Some(text) = value.read_lock::<rhai::ImmutableString>() {
        return own + crate::memory::allocation(40 + text.len() as u64);
    }
    own
}

/// Whether the script's text calls `emit` (the word `emit` followed by an
/// opening parenthesis, outside no other word).
fn mentions_emit(text: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices("emit").any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + 4..].trim_start().starts_with('(');
        after && !before.is_some_and(word)
    })
}

/// The functions of one parameter that index it, `p[0]` or `p[i][j]`, each
/// with the line where it first does.
fn indexing_functions(ast: &AST) -> Vec<(String, usize)> {
    let mut found = Vec::new();
    for function in ast.iter_functions().filter(|f| f.params.len() == 1) {
        let (name, parameter) = (function.name, function.params[0]);
        let alone =
            ast.clone_functions_only_filtered(|_, _, _, n, params| n == name && params == 1);
        let mut line = None;
        alone.walk(&mut |path: &[rhai::ASTNode]| {
            if let Some(rhai::ASTNode::Expr(rhai::Expr::Index(index, _, at))) = path.last() {
                if let rhai::Expr::Variable(variable, ..) = &index.lhs {
                    if variable.1 == parameter {
                        line = at.line();
                        return false;
                    }
                }
            }
            true
        });
        if let Some(line) = line {
            found.push((name.to_string(), line));
        }
    }
    found
}

fn new_engine(path: &str, shared: &Arc<Shared>) -> rhai::Engine {
    let mut engine = rhai::Engine::new();
    // Operations are counted by the progress hook, which lets a call that
    // emits go on (0: Rhai's own count has no limit).
    let hook = shared.clone();
    engine.on_progress(move |operations| hook.progress(operations));
    let hook = shared.clone();
    engine.register_fn("emit", move |option: Dynamic| hook.emit(option));
    engine
        .set_max_operations(0)
        .set_max_call_levels(MAX_CALL_LEVELS)
        .set_max_expr_depths(MAX_EXPR_DEPTH, MAX_FUNCTION_EXPR_DEPTH)
        .set_max_string_size(MAX_STRING_SIZE)
        .set_max_array_size(MAX_ARRAY_SIZE)
        .set_max_map_size(MAX_MAP_SIZE);
    // Registered functions come before Rhai's own of the same parameters.
    engine.register_fn("sleep", |_: rhai::INT| unavailable_sleep());
    engine.register_fn("sleep", |_: rhai::FLOAT| unavailable_sleep());
    engine.register_type_with_name::<Sum>("Sum");
    engine.register_fn("sum", |parts: Array| Sum(parts));
    // The standard output belongs to grundy's answer (JSON, say): what a
    // script prints goes to the standard error, named by its file. It is a
    // trace for the script's author; where the standard error is closed it
    // is dropped, as a failed write to it must not end the computation.
    let name = path.to_string();
    engine.on_print(move |text| {
        let _ = writeln!(std::io::stderr(), "{name}: {text}");
    });
    let name = path.to_string();
    engine.on_debug(move |text, _, at| {
        let _ = writeln!(std::io::stderr(), "{name}:{at}: {text}");
    });
    engine
}

/// What Rhai's `sleep(seconds)` does in a script: fails. Rhai's blocks
/// the thread, where neither the operation limit nor a stop asked for
/// (Ctrl-C, a request gone) reaches it, and an answer owes nothing to time.
/// The failure is no error the script can catch.
fn unavailable_sleep() -> std::result::Result<(), Box<EvalAltResult>> {
    let why = "it would block grundy, where no limit and no Ctrl-C reaches";
    Err(EvalAltResult::ErrorSystem("sleep is not available to scripts".into(), why.into()).into())
}

/// An error the engine raised while running the script.
fn runtime_error(path: &str, error: EvalAltResult, call: &str) -> Error {
    // The innermost error is the one whose place is worth showing; the
    // functions it passed through say how it was reached.
    let mut functions = Vec::new();
    let mut error = error;
    while let EvalAltResult::ErrorInFunctionCall(name, _, inner, _) = error {
        functions.push(name);
        error = *inner;
    }
    let position = error.take_position();
    let limit = matches!(
        error,
        EvalAltResult::ErrorTooManyOperations(_)
            | EvalAltResult::ErrorTerminated(..)
            | EvalAltResult::ErrorTooManyVariables(_)
            | EvalAltResult::ErrorTooManyModules(_)
            | EvalAltResult::ErrorStackOverflow(_)
            | EvalAltResult::ErrorDataTooLarge(..)
    );
    let message = match &error {
        EvalAltResult::ErrorTooManyOperations(_) | EvalAltResult::ErrorTerminated(..) => {
            format!(
                "more than {MAX_OPERATIONS} operations in one call without an option given \
                 by emit (does it loop forever?)"
            )
        }
        EvalAltResult::ErrorStackOverflow(_) => {
            format!("more than {MAX_CALL_LEVELS} nested calls (does it recurse without end?)")
        }
        EvalAltResult::ErrorDataTooLarge(what, _) => format!(
            "{what} beyond the limits (strings of {MAX_STRING_SIZE} characters, arrays of \
             {MAX_ARRAY_SIZE} items, maps of {MAX_MAP_SIZE} properties, nested ones counted in; \
             emit(option) gives options past them, one at a time)"
        ),
        EvalAltResult::ErrorRuntime(value, _) => format!("the script threw {value}"),
        other => other.to_string(),
    };
    let mut message = in_grundy_words(&message);
    // Rhai leaves out the function grundy called, which `call` names.
    if !functions.is_empty() {
        functions.reverse();
        message = format!("{message}, in {}", functions.join(" called by "));
    }
    located(path, position, message, limit, Some(call))
}

fn located(
    path: &str,
    position: rhai::Position,
    message: String,
    limit: bool,
    call: Option<&str>,
) -> Error {
    let during = call.map(|c| format!(" (in {c})")).unwrap_or_default();
    match (position.line(), limit) {
        (Some(line), false) => Error::Script {
            path: path.into(),
            line,
            column: position.position().unwrap_or(1),
            message: format!("{message}{during}"),
        },
        (Some(line), true) => Error::Limit(format!(
            "{path}:{line}:{}: {message}{during}",
            position.position().unwrap_or(1)
        )),
        (None, false) => Error::File {
            path: path.into(),
            message: format!("{message}{during}"),
        },
        (None, true) => Error::Limit(format!("{path}: {message}{during}")),
    }
}
