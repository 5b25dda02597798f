//! The HTTP API: each route reads its question from the query string, runs
//! it on a blocking thread (at most one a core at a time, so that a huge
//! question never holds up the server itself), and answers with the JSON
//! the command line prints for the same question.

use std::sync::Arc;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use grundy::answer::{self, AnalyzeOptions, ErrorAnswer};
use grundy::error::ErrorKind;
use grundy::play::{Choice, Play, Turn};
use grundy::retrograde::Options;
use grundy::value::Standing;
use grundy::{Rulesets, FAMILIES};
use serde::{Deserialize, Serialize};
use tokio::sync::Semaphore;

use super::page;
use crate::graph;
use crate::machine::MemoryLimit;

/// What the handlers share: the permits of the computations that may run
/// at once.
#[derive(Clone)]
struct Server {
    permits: Arc<Semaphore>,
}

/// The routes of the page and of the API, running at most `at_once`
/// computations at a time.
pub fn router(at_once: usize) -> Router {
    let server = Server {
        permits: Arc::new(Semaphore::new(at_once)),
    };
    Router::new()
        .route("/", get(page::index))
        .route("/app.js", get(page::script))
        .route("/style.css", get(page::style))
        .route("/api/families", get(families))
        .route("/api/analyze", get(analyze))
        .route("/api/moves", get(moves))
        .route("/api/engine", get(engine))
        .route("/api/graph", get(graph))
        .fallback(not_found)
        .with_state(server)
}

/// An answer that is not the one asked for: an error as the command line
/// writes it with `--json`, under the HTTP status that says whose it is.
struct Refusal {
    status: StatusCode,
    answer: ErrorAnswer,
}

impl Refusal {
    fn bad_input(message: impl Into<String>) -> Refusal {
        Refusal {
            status: StatusCode::BAD_REQUEST,
            answer: ErrorAnswer::usage(message.into()),
        }
    }
}

/// Bad input is the asker's (400); a question past a limit or not
/// supported is well formed but not answered (422).
impl From<grundy::Error> for Refusal {
    fn from(error: grundy::Error) -> Refusal {
        let status = match error.kind() {
            ErrorKind::BadInput => StatusCode::BAD_REQUEST,
            _ => StatusCode::UNPROCESSABLE_ENTITY,
        };
        Refusal {
            status,
            answer: ErrorAnswer::new(&error),
        }
    }
}

impl From<QueryRejection> for Refusal {
    fn from(rejection: QueryRejection) -> Refusal {
        Refusal::bad_input(rejection.body_text())
    }
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let text = serde_json::to_string(&self.answer).expect("errors serialise");
        (self.status, json(text)).into_response()
    }
}

/// A body of JSON text.
fn json(text: String) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], text)
}

/// Runs `work` on a blocking thread once a permit is free. The permit goes
/// with the work, so it is held until the work ends even when the request
/// that asked has gone.
async fn compute<T: Send + 'static>(
    server: &Server,
    work: impl FnOnce() -> grundy::Result<T> + Send + 'static,
) -> Result<T, Refusal> {
    let permit = (server.permits.clone().acquire_owned().await).expect("never closed");
    let joined = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work()
    })
    .await;
    match joined {
        Ok(answer) => Ok(answer?),
        Err(_) => Err(Refusal {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            // A panic is a bug, not a limit; no kind of the schema is
            // nearer than "unsupported".
            answer: ErrorAnswer::new(&grundy::Error::Unsupported(
                "the computation failed (a bug: please report it)".into(),
            )),
        }),
    }
}

/// A JSON answer made by `work` on a blocking thread (see `compute`).
async fn respond(
    server: &Server,
    work: impl FnOnce() -> grundy::Result<String> + Send + 'static,
) -> Result<impl IntoResponse, Refusal> {
    Ok(json(compute(server, work).await?))
}

#[derive(Serialize)]
struct Family {
    name: &'static str,
    usage: &'static str,
    summary: &'static str,
    example: &'static str,
}

/// `GET /api/families`: every family of the registry.
async fn families() -> impl IntoResponse {
    let families: Vec<Family> = (FAMILIES.iter())
        .map(|f| Family {
            name: f.name,
            usage: f.usage,
            summary: f.summary,
            example: f.example,
        })
        .collect();
    json(serde_json::to_string(&families).expect("families serialise"))
}

/// The options of a question under `convention`, within this question's
/// share of the memory.
fn options(misere: bool) -> AnalyzeOptions {
    let mut options = AnalyzeOptions::default();
    options.misere = misere;
    options.memory = Some(MemoryLimit::now().bytes);
    options
}

/// The query of `/api/analyze`: the flags of `grundy analyze`.
#[derive(Deserialize)]
struct AnalyzeQuery {
    expr: String,
    #[serde(default)]
    misere: bool,
    #[serde(default)]
    every: bool,
    moves: Option<usize>,
    #[serde(default)]
    outcome_only: bool,
}

/// `GET /api/analyze?expr=...`: what `grundy analyze EXPR --json` prints.
async fn analyze(
    State(server): State<Server>,
    query: Result<Query<AnalyzeQuery>, QueryRejection>,
) -> Result<impl IntoResponse, Refusal> {
    let Query(query) = query?;
    if query.every && query.misere {
        return Err(Refusal::bad_input(
            "every and misere cannot be asked together",
        ));
    }
    if query.outcome_only && query.moves.is_some() {
        return Err(Refusal::bad_input(
            "outcome_only and moves cannot be asked together",
        ));
    }
    respond(&server, move || {
        let mut options = options(query.misere);
        options.every = query.every;
        options.outcome_only = query.outcome_only;
        if let Some(moves) = query.moves {
            options.moves = moves;
        }
        let answer = answer::analyze(&mut Rulesets::new(), &query.expr, &options)?;
        Ok(serde_json::to_string(&answer).expect("answers serialise"))
    })
    .await
}

/// The query of `/api/moves` and `/api/engine`: a position and its
/// convention.
#[derive(Deserialize)]
struct PositionQuery {
    expr: String,
    #[serde(default)]
    misere: bool,
}

/// A move with its value for the player who makes it.
#[derive(Serialize)]
struct ListedMove {
    #[serde(rename = "move")]
    description: String,
    to: String,
    /// `win`, `lose`, `tie` or `draw` for the player making the move.
    standing: &'static str,
    /// Moves until the game ends after this one, counting it; `null` where
    /// not known (a sum too large to solve whole) and in a draw.
    remoteness: Option<u32>,
}

/// The position `expr` as `grundy play` sees it: every move with its value
/// and the perfect player's choice (`grundy::play`).
fn turn(expr: &str, misere: bool) -> grundy::Result<Turn> {
    let options = Options::for_available_memory(Some(MemoryLimit::now().bytes));
    Play::new(expr, misere, options)?.turn()
}

fn listed(choice: &Choice) -> ListedMove {
    let value = choice.for_mover();
    ListedMove {
        description: choice.description.clone(),
        to: choice.to.clone(),
        standing: match value.standing {
            Standing::Win => "win",
            Standing::Lose => "lose",
            Standing::Tie => "tie",
            Standing::Draw => "draw",
        },
        remoteness: value.remoteness,
    }
}

/// `GET /api/moves?expr=...`: every move, each with its value for the
/// player making it: `{"expression": ..., "moves": [...]}`.
async fn moves(
    State(server): State<Server>,
    query: Result<Query<PositionQuery>, QueryRejection>,
) -> Result<impl IntoResponse, Refusal> {
    let Query(query) = query?;
    respond(&server, move || {
        let turn = turn(&query.expr, query.misere)?;
        let moves: Vec<ListedMove> = turn.moves.iter().map(listed).collect();
        let body = serde_json::json!({ "expression": turn.expression, "moves": moves });
        Ok(body.to_string())
    })
    .await
}

/// `GET /api/engine?expr=...`: the move the perfect player makes, as
/// `grundy play` makes it (the fastest win, a tie or draw kept, the
/// slowest loss): `{"move": ..., "to": ..., "standing": ..., "remoteness": ...}`.
async fn engine(
    State(server): State<Server>,
    query: Result<Query<PositionQuery>, QueryRejection>,
) -> Result<impl IntoResponse, Refusal> {
    let Query(query) = query?;
    respond(&server, move || {
        let turn = turn(&query.expr, query.misere)?;
        let best = turn.best.first().ok_or_else(no_move)?;
        Ok(serde_json::to_string(&listed(&turn.moves[*best])).expect("moves serialise"))
    })
    .await
}

fn no_move() -> grundy::Error {
    grundy::Error::Unsupported("the game is over: there is no move to make".into())
}

#[derive(Deserialize)]
struct GraphQuery {
    expr: String,
    depth: Option<usize>,
}

/// `GET /api/graph?expr=...`: the game graph as SVG.
async fn graph(
    State(server): State<Server>,
    query: Result<Query<GraphQuery>, QueryRejection>,
) -> Result<impl IntoResponse, Refusal> {
    let Query(query) = query?;
    let svg = compute(&server, move || graph::svg(&query.expr, query.depth)).await?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg))
}

async fn not_found() -> Refusal {
    Refusal {
        status: StatusCode::NOT_FOUND,
        answer: ErrorAnswer::usage(
            "no such page: the API is under /api/ (see `grundy serve --help`)".into(),
        ),
    }
}
