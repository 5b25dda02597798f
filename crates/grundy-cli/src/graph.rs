//! `grundy graph EXPR`: the game graph from a position, as the notes draw it
//! for every new game: a node per position reachable from it, with its
//! nimber, P-positions marked, an arrow per move. DOT for Graphviz, or SVG
//! laid out in-process by the library's one plotting path.

use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;

use grundy::picture::{GraphPicture, Mark, Node};
use grundy::{Error, Outcome, Rulesets, Sum};

use crate::report::{Failure, Output};

/// The game graph from a position: every position reachable from it, each
/// with its nimber, the P-positions marked.
#[derive(clap::Args)]
pub struct Args {
    /// The position, a sum of impartial components, e.g. 'bash(3) 8' or
    /// 'nim 2 3'.
    #[arg(value_name = "EXPR")]
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
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    Dot,
    Svg,
}

/// The most positions a graph holds: a picture of more is unreadable, and a
/// graph is meant for the small cases of a new game. `--depth` draws the
/// first levels of a larger one.
pub const MAX_NODES: usize = 300;

pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let failure = Failure::about(&args.expression);
    let mut rulesets = Rulesets::new();
    let start = rulesets.parse_sum(&args.expression).map_err(failure)?;
    let picture = explore(start, args.depth).map_err(failure)?;
    let title = format!("game graph of {}", args.expression);
    let text = match args.format {
        Format::Dot => picture.dot(&title),
        Format::Svg => picture.svg(&title),
    }
    .map_err(failure)?;
    match &args.out {
        Some(path) => std::fs::write(path, text).map_err(|e| {
            failure(Error::File {
                path: path.display().to_string(),
                message: e.to_string(),
            })
        }),
        None => out.text(&text),
    }
}

/// Every position reachable from `start` in at most `depth` moves,
/// breadth-first. Positions are told apart by their expressions, which
/// parse back to them, so two move orders that meet share a node.
fn explore(start: Sum, depth: Option<usize>) -> grundy::Result<GraphPicture> {
    let mut picture = GraphPicture::default();
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut queue = VecDeque::new();
    index.insert(start.expression(), 0);
    picture.nodes.push(node(&start)?);
    queue.push_back((start, 0, 0));
    while let Some((sum, from, distance)) = queue.pop_front() {
        if depth.is_some_and(|d| distance >= d) {
            continue;
        }
        for m in sum.moves()? {
            let option = sum.after(&m);
            let key = option.expression();
            let to = match index.get(&key) {
                Some(&to) => to,
                None => {
                    if picture.nodes.len() == MAX_NODES {
                        return Err(Error::Limit(format!(
                            "the graph has more than {MAX_NODES} positions, the most drawn; \
                             --depth N draws those at most N moves away"
                        )));
                    }
                    let to = picture.nodes.len();
                    index.insert(key, to);
                    picture.nodes.push(node(&option)?);
                    queue.push_back((option, to, distance + 1));
                    to
                }
            };
            picture.edges.push((from, to));
        }
    }
    Ok(picture)
}

/// A position's node: its components' positions (the ruleset is the same
/// everywhere, and named in the title) over its nimber, or its outcome where
/// no nimber is known.
fn node(sum: &Sum) -> grundy::Result<Node> {
    let analysis = grundy::analyze_listing(sum, 0)?;
    let positions: Vec<String> = sum.components.iter().map(|c| c.position_text()).collect();
    let position = match positions.is_empty() {
        true => "end".to_string(),
        false => positions.join(" + "),
    };
    let value = match &analysis.nimber {
        Some(g) => format!("G = {g}"),
        None => analysis.outcome.letter().to_string(),
    };
    let mark = match analysis.outcome {
        Outcome::P => Mark::P,
        Outcome::N => Mark::N,
        Outcome::D => Mark::Draw,
    };
    Ok(Node {
        label: format!("{position}\n{value}"),
        mark,
    })
}
