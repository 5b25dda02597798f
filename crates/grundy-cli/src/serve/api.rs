//! The HTTP API: each route reads its question from the query string, runs
//! it (work.rs: on a blocking thread, at most one a core at a time), and
//! answers with the JSON the command line prints for the same question, or
//! with its error (refusal.rs).

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::middleware;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use grundy::answer::sequence::SequenceOptions;
use grundy::answer::{self, AnalyzeOptions, ErrorAnswer};
use grundy::retrograde::Player;
use grundy::Rulesets;
use serde::Deserialize;

use crate::machine::MemoryLimit;

use super::gate::Gate;
use super::page;
use super::refusal::{json, to_json, Refusal};
use super::work::{picture, respond, Server};

/// The routes of the page and of the API, whose questions `server` runs,
/// answering only the requests `gate` lets in; every error is the JSON
/// error.
pub fn router(server: Server, gate: Gate) -> Router {
    Router::new()
        .route("/", get(page::index))
        .route("/app.js", get(page::script))
        .route("/style.css", get(page::style))
        .route("/api/families", get(families))
        .route("/api/analyze", get(analyze))
        .route("/api/moves", get(moves))
        .route("/api/engine", get(engine))
        .route("/api/graph", get(graph))
        .route("/api/sequence", get(sequence))
        .route("/api/plot", get(plot))
        .route("/api/table", get(table))
        .route("/api/heatmap", get(heatmap))
        .route("/api/thermograph", get(thermograph))
        .route("/api/compare", get(compare))
        .fallback(not_found)
        .with_state(server)
        .layer(middleware::from_fn_with_state(gate, super::gate::check))
        .layer(middleware::map_response(super::refusal::json_errors))
}

/// `GET /api/families`: every family of the registry.
async fn families() -> impl IntoResponse {
    json(to_json(&answer::families::families()))
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
    if query.outcome_only && query.moves.is_some() {
        return Err(Refusal::bad_input(
            "outcome_only and moves cannot be asked together",
        ));
    }
    let table = server.table();
    respond(&server, move |stop| {
        let mut options = options(query.misere);
        options.db = table;
        options.every = query.every;
        options.outcome_only = query.outcome_only;
        if let Some(moves) = query.moves {
            options.moves = moves;
        }
        let answer = answer::analyze_with_progress(
            &mut Rulesets::new(),
            &query.expr,
            &options,
            &mut stop.going(),
        )?;
        Ok(to_json(&answer))
    })
    .await
}

/// The query of `/api/moves` and `/api/engine`: a position, its
/// convention, and in a sum of values (which says no player to move) the
/// player to move, `left` or `right`.
#[derive(Deserialize)]
struct PositionQuery {
    expr: String,
    #[serde(default)]
    misere: bool,
    player: Option<Side>,
}

/// A player as a query names it.
#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Side {
    Left,
    Right,
}

impl From<Side> for Player {
    fn from(side: Side) -> Player {
        match side {
            Side::Left => Player::Left,
            Side::Right => Player::Right,
        }
    }
}

/// `GET /api/moves?expr=...`: every move, each with its value for the
/// player making it: `{"expression": ..., "moves": [...]}`; of a sum of
/// values, `&player=left` or `right` says whose moves (and the answer
/// has `"player"`).
async fn moves(
    State(server): State<Server>,
    query: Result<Query<PositionQuery>, QueryRejection>,
) -> Result<impl IntoResponse, Refusal> {
    let Query(query) = query?;
    let table = server.table();
    respond(&server, move |stop| {
        let memory = Some(MemoryLimit::now().bytes);
        Ok(to_json(&answer::play::moves(
            &query.expr,
            query.misere,
            query.player.map(Player::from),
            memory,
            table,
            &mut stop.going(),
        )?))
    })
    .await
}

/// `GET /api/engine?expr=...`: the move the perfect player makes, as
/// `grundy play` makes it (the fastest win, a tie or draw kept, the
/// slowest loss; in a sum of values, `&player=left` or `right` moving, by
/// value): `{"move": ..., "to": ..., "standing": ..., "remoteness": ...}`.
async fn engine(
    State(server): State<Server>,
    query: Result<Query<PositionQuery>, QueryRejection>,
) -> Result<impl IntoResponse, Refusal> {
    let Query(query) = query?;
    let table = server.table();
    respond(&server, move |stop| {
        let memory = Some(MemoryLimit::now().bytes);
        let player = query.player.map(Player::from);
        let reply = answer::play::engine_move(
            &query.expr,
            query.misere,
            player,
            memory,
            table,
            &mut stop.going(),
        )?;
        Ok(to_json(&reply))
    })
    .await
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
    picture(&server, move |stop| {
        let picture = answer::graph::graph(
            &query.expr,
            query.depth,
            Some(MemoryLimit::now().bytes),
            &mut stop.going(),
        )?;
        picture.svg(&answer::graph::title(&query.expr))
    })
    .await
}

/// The query of `/api/sequence` and `/api/plot`.
#[derive(Deserialize)]
struct SequenceQuery {
    ruleset: String,
    to: usize,
    #[serde(default)]
    full: bool,
    #[serde(default)]
    values: bool,
}

fn sequence_options(query: &SequenceQuery, values: bool) -> SequenceOptions {
    let mut options = SequenceOptions::to(query.to);
    options.full = query.full;
    options.values = values;
    options.memory = Some(MemoryLimit::now().bytes);
    options
}

/// `GET /api/sequence?ruleset=R&to=N`: what `grundy sequence R --to N
/// --json` prints (`&values=true`: with `--values`; `&full=true`:
/// `--full`).
async fn sequence(
    State(server): State<Server>,
    query: Result<Query<SequenceQuery>, QueryRejection>,
) -> Result<impl IntoResponse, Refusal> {
    let Query(query) = query?;
    respond(&server, move |stop| {
        let options = sequence_options(&query, query.values);
        let answer = answer::sequence::sequence(&query.ruleset, &options, &mut stop.going())?;
        Ok(to_json(&answer))
    })
    .await
}

/// `GET /api/plot?ruleset=R&to=N`: the nim-sequence plot as SVG, as
/// `grundy sequence R --to N --plot FILE` draws it.
async fn plot(
    State(server): State<Server>,
    query: Result<Query<SequenceQuery>, QueryRejection>,
) -> Result<impl IntoResponse, Refusal> {
    let Query(query) = query?;
    picture(&server, move |stop| {
        let options = sequence_options(&query, true);
        let answer = answer::sequence::sequence(&query.ruleset, &options, &mut stop.going())?;
        answer.plot()
    })
    .await
}

/// The query of `/api/table` and `/api/heatmap`: ranges `A..B`, and for
/// a table of partizan values what it holds (`of`, as `--of` reads it).
#[derive(Deserialize)]
struct TableQuery {
    ruleset: String,
    rows: String,
    cols: String,
    of: Option<String>,
}

/// `A..B` of a query, as the command line reads it.
fn range(text: &str) -> grundy::Result<std::ops::RangeInclusive<u64>> {
    crate::table::parse_range(text).map_err(|message| grundy::Error::Parse { column: 1, message })
}

/// `GET /api/table?ruleset=R&rows=A..B&cols=C..D[&of=WHAT]`: what
/// `grundy table R --rows A..B --cols C..D [--of WHAT] --json` prints.
async fn table(
    State(server): State<Server>,
    query: Result<Query<TableQuery>, QueryRejection>,
) -> Result<impl IntoResponse, Refusal> {
    let Query(query) = query?;
    respond(&server, move |stop| {
        let (rows, cols) = (range(&query.rows)?, range(&query.cols)?);
        let of = query.of.as_deref().unwrap_or("value").parse()?;
        let answer = answer::table::table(&query.ruleset, rows, cols, of, &mut stop.going())?;
        Ok(to_json(&answer))
    })
    .await
}

/// `GET /api/heatmap?ruleset=R&rows=A..B&cols=C..D`: the table as a heat
/// map (SVG), as `grundy table --svg` draws it.
async fn heatmap(
    State(server): State<Server>,
    query: Result<Query<TableQuery>, QueryRejection>,
) -> Result<impl IntoResponse, Refusal> {
    let Query(query) = query?;
    picture(&server, move |stop| {
        let (rows, cols) = (range(&query.rows)?, range(&query.cols)?);
        let (name, table) =
            answer::table::two_number_table(&query.ruleset, rows, cols, &mut stop.going())?;
        let title = format!("{name}: the value of each position (a, b)");
        Ok(grundy::picture::heat_map(&title, &table))
    })
    .await
}

/// `GET /api/thermograph?expr=E`: the thermograph of a sum of values as
/// SVG, as `grundy thermograph E` draws it.
async fn thermograph(
    State(server): State<Server>,
    query: Result<Query<GraphQuery>, QueryRejection>,
) -> Result<impl IntoResponse, Refusal> {
    let Query(query) = query?;
    picture(&server, move |stop| {
        let analysis = answer::thermograph::thermograph_analysis(&query.expr, &mut stop.going())?;
        Ok(answer::thermograph::thermograph_svg(&analysis))
    })
    .await
}

/// The query of `/api/compare`: the two games.
#[derive(Deserialize)]
struct CompareQuery {
    first: String,
    second: String,
}

/// `GET /api/compare?first=G&second=H`: what `grundy compare G H --json`
/// prints.
async fn compare(
    State(server): State<Server>,
    query: Result<Query<CompareQuery>, QueryRejection>,
) -> Result<impl IntoResponse, Refusal> {
    let Query(query) = query?;
    respond(&server, move |stop| {
        let answer = answer::compare::compare(&query.first, &query.second, &mut stop.going())?;
        Ok(to_json(&answer))
    })
    .await
}

async fn not_found() -> Refusal {
    Refusal {
        status: StatusCode::NOT_FOUND,
        answer: ErrorAnswer::usage(
            "no such page: the API is under /api/ (see `grundy serve --help`)".into(),
        ),
    }
}
