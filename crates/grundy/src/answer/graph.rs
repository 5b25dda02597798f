//! `graph`: the game graph from a position, as the notes draw it for every
//! new game: a node per position reachable from it, an arrow per move, each
//! node with its value (its nimber, or for a ruleset solved strongly
//! win/lose/tie/draw and remoteness for the player to move), the
//! P-positions (the lost ones) marked. A picture, not an answer of the
//! schema: front ends write it as DOT or SVG.
//!
//! ```
//! let picture = grundy::answer::graph::graph("nim 1 2", None, None, &mut |_| true).unwrap();
//! let svg = picture.svg(&grundy::answer::graph::title("nim 1 2")).unwrap();
//! // Nim 1 2 reaches 6 positions: (1,2), (0,2), (1,1), (1,0), (0,1), (0,0),
//! // each labelled with its nimber; (1,1) and (0,0) are the P-positions.
//! assert_eq!(svg.matches("G = ").count(), 6);
//! assert_eq!(svg.matches("G = 0").count(), 2);
//! ```

use crate::error::{Error, Result};
use crate::picture::{reachable, GraphPicture, Mark, Node};
use crate::registry::{Parsed, Rulesets};
use crate::retrograde::Options;
use crate::sum::{analyze_listing, Sum};

use crate::solver::OnSearched;

use super::{searching, OnProgress, Progress};

/// The title a front end gives the picture of `expression`.
pub fn title(expression: &str) -> String {
    format!("game graph of {expression}")
}

/// The graph of the position `expression`, to `depth` moves if given. A
/// position solved strongly is solved once within `memory` bytes available
/// (`None`: 4 GiB), reporting to `progress`, which stops it by answering
/// `false`.
pub fn graph(
    expression: &str,
    depth: Option<usize>,
    memory: Option<u64>,
    progress: OnProgress,
) -> Result<GraphPicture> {
    let mut rulesets = Rulesets::new();
    match rulesets.parse_question(expression)? {
        Parsed::Sum(start) => sum_graph(start, depth, &mut searching(progress)),
        Parsed::Strong { ruleset, position } => {
            let strong = ruleset.strong().expect("a strong ruleset");
            let options = Options::for_available_memory(memory);
            strong.graph(&position, depth, &options, &mut |p| {
                progress(Progress::Solving(p))
            })
        }
        Parsed::Solitaire { .. } => Err(Error::Unsupported(
            "the game graph of a solitaire is not drawn yet; `grundy analyze` gives its \
             outcome and a shortest winning path"
                .into(),
        )),
        Parsed::Values(_) => Err(Error::Unsupported(
            "the game graph of a sum of values (partizan games, literals, differences) is not \
             drawn yet; `grundy analyze` gives its value and winning moves"
                .into(),
        )),
    }
}

/// The graph of a sum: positions are told apart by their expressions, which
/// parse back to them. The search of each position's nimber reports its
/// progress to `progress`, which stops it by answering `false`.
fn sum_graph(start: Sum, depth: Option<usize>, progress: OnSearched) -> Result<GraphPicture> {
    let reached = reachable(start, depth, Sum::expression, |sum| {
        Ok(sum.moves()?.iter().map(|m| sum.after(m)).collect())
    })?;
    reached.picture(|sum| node(sum, progress))
}

/// A position's node: its components' positions (the ruleset is the same
/// everywhere, and named in the title) over its nimber, or its outcome where
/// no nimber is known.
fn node(sum: &Sum, progress: OnSearched) -> Result<Node> {
    let analysis = analyze_listing(sum, 0, progress)?;
    let positions: Vec<String> = sum.components.iter().map(|c| c.position_text()).collect();
    let position = match positions.is_empty() {
        true => "end".to_string(),
        false => positions.join(" + "),
    };
    let value = match &analysis.nimber {
        Some(g) => format!("G = {g}"),
        None => analysis.outcome.letter().to_string(),
    };
    Ok(Node {
        label: format!("{position}\n{value}"),
        mark: Mark::from(analysis.outcome),
    })
}
