//! The script engine (Rhai) behind a script game: loading a file within the
//! limits, calling one of its functions on a position, and turning whatever
//! goes wrong into an [`Error`] that names the file, the line and column, and
//! the call.

use std::io::Write;
use std::sync::Mutex;

use rhai::{Array, CallFnOptions, Dynamic, EvalAltResult, FuncArgs, ParseErrorType, Scope, AST};

use crate::error::{Error, Result};

/// Scripts longer than this are refused: no more than one byte past it is
/// read, whatever the file says its size is (`/dev/zero` says 0).
pub const MAX_SCRIPT_BYTES: u64 = 1 << 20;
/// Operations one call may make (Rhai counts each statement, expression and
/// loop turn): about half a second. The limit is per call, so a
/// script that loops forever stops at its first call.
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

/// An option made of several positions, as a script writes it: `sum([a, b])`.
#[derive(Clone, Debug)]
pub struct Sum(pub Array);

/// A compiled script and its global constants.
pub struct Script {
    /// The file as the expression named it.
    pub path: String,
    /// The parameters the expression gave, `m=3`: constants of the script.
    pub parameters: Vec<(String, rhai::INT)>,
    /// The SHA-256 of the script's text, and of its parameters where it
    /// has some (`file::sha256_hex`).
    pub digest: String,
    engine: rhai::Engine,
    ast: AST,
    /// The global constants, the only state a call sees: calls cannot change
    /// them, so a function's answer depends on its arguments alone.
    constants: Mutex<Scope<'static>>,
}

impl Script {
    /// Reads and compiles the script at `path`, and runs its top level once
    /// (to define its constants).
    pub fn load(path: &str, parameters: &[(String, rhai::INT)]) -> Result<Script> {
        let text = crate::file::read_text_at_most(path, MAX_SCRIPT_BYTES, "script")?;
        Script::compile_with(path, &text, parameters)
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
        let engine = new_engine(path);
        let ast = engine.compile(text).map_err(|e| {
            let limit = matches!(
                e.err_type(),
                ParseErrorType::ExprTooDeep | ParseErrorType::LiteralTooLarge(..)
            );
            let position = e.position();
            located(path, position, e.err_type().to_string(), limit, None)
        })?;
        let mut scope = Scope::new();
        for (name, value) in parameters {
            scope.push_constant(name.clone(), *value);
        }
        engine
            .run_ast_with_scope(&mut scope, &ast)
            .map_err(|e| runtime_error(path, *e, "the script's top level"))?;
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
            engine,
            ast,
            constants: Mutex::new(constants),
        })
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
    /// `moves(7)`.
    pub fn call(
        &self,
        name: &str,
        arguments: impl FuncArgs,
        call: impl Fn() -> String,
    ) -> Result<Dynamic> {
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        // The lock is let go before the error is described: `call` may call
        // the script again (its `show` writes the position).
        let result = {
            let mut constants = self.constants.lock().expect("script lock");
            self.engine
                .call_fn_with_options(options, &mut constants, &self.ast, name, arguments)
        };
        result.map_err(|e| runtime_error(&self.path, *e, &call()))
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

fn new_engine(path: &str) -> rhai::Engine {
    let mut engine = rhai::Engine::new();
    engine
        .set_max_operations(MAX_OPERATIONS)
        .set_max_call_levels(MAX_CALL_LEVELS)
        .set_max_expr_depths(MAX_EXPR_DEPTH, MAX_FUNCTION_EXPR_DEPTH)
        .set_max_string_size(MAX_STRING_SIZE)
        .set_max_array_size(MAX_ARRAY_SIZE)
        .set_max_map_size(MAX_MAP_SIZE);
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
            | EvalAltResult::ErrorTooManyVariables(_)
            | EvalAltResult::ErrorTooManyModules(_)
            | EvalAltResult::ErrorStackOverflow(_)
            | EvalAltResult::ErrorDataTooLarge(..)
    );
    let mut message = match &error {
        EvalAltResult::ErrorTooManyOperations(_) => {
            format!("more than {MAX_OPERATIONS} operations in one call (does it loop forever?)")
        }
        EvalAltResult::ErrorStackOverflow(_) => {
            format!("more than {MAX_CALL_LEVELS} nested calls (does it recurse without end?)")
        }
        EvalAltResult::ErrorDataTooLarge(what, _) => format!(
            "{what} beyond the limits (strings of {MAX_STRING_SIZE} characters, arrays of \
             {MAX_ARRAY_SIZE} items, maps of {MAX_MAP_SIZE} properties, nested ones counted in)"
        ),
        EvalAltResult::ErrorRuntime(value, _) => format!("the script threw {value}"),
        other => other.to_string(),
    };
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
