//! Every start at once (`grundy solve --all-starts`): for a ruleset whose
//! positions are the vertices of a graph file (`graph(FILE)`,
//! `partizan-graph(FILE)`), the answer of every vertex, from one solve of
//! the whole graph rather than one solve per vertex. A contest problem
//! that asks for every starting position (Codeforces 786A, "Berzerk") is
//! one command.
//!
//! ```
//! use grundy::retrograde::loopy::LoopyValue;
//! use grundy::retrograde::Options;
//! use grundy::starts::AllStarts;
//!
//! // A graph file: 3 vertices; 0 -> 1, 1 -> 0 and 2, 2 has no move. Every
//! // vertex's generalized value from one solve: 2 is 0, 1 reaches it and is
//! // 1, 0 only moves to 1 and is 0.
//! let path = std::env::temp_dir().join(format!("starts-doc-{}.txt", std::process::id()));
//! std::fs::write(&path, "3\n1 1\n2 0 2\n0\n").unwrap();
//! let text = format!("graph({})", grundy::word::quote_if_needed(path.to_str().unwrap()));
//! let graph = grundy::ruleset(&text).unwrap();
//! let starts = graph.all_starts(&Options { memory: 1 << 30 }, &mut |_| true).unwrap().unwrap();
//! std::fs::remove_file(&path).unwrap();
//! let zero_one_zero = [0, 1, 0].map(LoopyValue::Finite).to_vec();
//! assert_eq!(starts, AllStarts::Impartial(zero_one_zero));
//! ```

use crate::error::{Error, Result};
use crate::retrograde::loopy::LoopyValue;
use crate::value::Solution;

/// The answers of every vertex of a graph, by vertex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AllStarts {
    /// A partizan graph: each vertex's value for the player to move, with
    /// Left moving first and with Right moving first.
    Partizan(Vec<[Solution; 2]>),
    /// An impartial graph: each vertex's generalized Sprague-Grundy value
    /// (a nimber, or `∞(K)`), which gives its outcome.
    Impartial(Vec<LoopyValue>),
}

/// Refuses, with [`Error::Limit`], a list of `count` answers of `bytes`
/// each that would pass `budget` bytes, before it is taken.
pub fn check_memory(count: u64, bytes: u64, budget: u64) -> Result<()> {
    let need = count.saturating_mul(bytes);
    if need > budget {
        return Err(Error::Limit(format!(
            "the answers of all {count} starts need {}, more than the memory budget of {}",
            crate::memory::Size(need),
            crate::memory::Size(budget)
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_beyond_the_budget_is_refused_before_it_is_taken() {
        assert!(check_memory(1000, 16, 16_000).is_ok());
        let err = check_memory(1001, 16, 16_000).unwrap_err();
        assert!(matches!(err, Error::Limit(_)), "{err}");
        assert!(err.to_string().contains("1001 starts"), "{err}");
    }
}
