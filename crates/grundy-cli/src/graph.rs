//! `grundy graph EXPR`: the game graph from a position, as the notes draw it
//! for every new game: a node per position reachable from it, an arrow per
//! move, each node with its value (its nimber, or for a ruleset solved
//! strongly win/lose/tie/draw and remoteness for the player to move) and the
//! P-positions (the lost ones) marked. DOT for Graphviz, or SVG laid out
//! in-process by the library's one plotting path.

use std::path::PathBuf;

use grundy::answer::graph::{graph, title};
use grundy::picture::{GraphPicture, MAX_NODES};

use crate::machine::MemoryLimit;
use crate::progress::watched;
use crate::report::{Failure, Output};

/// The game graph from a position: every position reachable from it, each
/// with its value, the P-positions (lost for the player to move) marked.
#[derive(clap::Args)]
#[command(after_help = format!(
    "Each node is a position over its value: its nimber (G = 2) for a sum of impartial \
     components, or for a ruleset solved strongly its value for the player to move with \
     its remoteness (W in 3, L in 2, T in 1, D), from one solve of the start. \
     P-positions and lost positions are doubled circles. A graph holds at most \
     {MAX_NODES} positions; --depth draws the first levels of a larger one."
))]
pub struct Args {
    /// The position: a sum of impartial components, e.g. 'bash(3) 8' or
    /// 'nim 2 3', or one position of a ruleset solved strongly, e.g.
    /// 'mnk(1,3,2) ...' or 'partizan-graph(examples/game.txt) 0@Left'.
    #[arg(value_name = "EXPR", allow_hyphen_values = true)]
    expression: String,

    /// Draw only the positions at most N moves from the start [default:
    /// every position, up to the node limit].
    #[arg(long, value_name = "N")]
    depth: Option<usize>,

    /// The picture's language: DOT (for Graphviz) or SVG (laid out here).
    #[arg(long, value_enum, default_value = "dot")]
    format: Format,

    /// Write the picture to FILE instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,

    /// Print errors as JSON (the picture itself is DOT or SVG).
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    pub values: crate::db::Values,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    Dot,
    Svg,
}

pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let failure = Failure::about(&args.expression);
    let picture = picture(&args.expression, args.depth).map_err(failure)?;
    let title = title(&args.expression);
    let text = match args.format {
        Format::Dot => picture.dot(&title),
        Format::Svg => picture.svg(&title),
    }
    .map_err(failure)?;
    match &args.out {
        Some(path) => crate::files::write_bytes(path, text.as_bytes()),
        None => out.text(&text),
    }
}

/// The graph of the position `expression`, to `depth` moves if given, with
/// a strong solve's progress on stderr.
fn picture(expression: &str, depth: Option<usize>) -> grundy::Result<GraphPicture> {
    let available = MemoryLimit::now();
    watched(false, &available, |progress| {
        graph(expression, depth, Some(available.bytes), progress)
    })
}
