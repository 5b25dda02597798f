//! Every start at once (`grundy solve --all-starts`): for a ruleset whose
//! positions are the vertices of a graph file (`graph(FILE)`,
//! `partizan-graph(FILE)`), the answer of every vertex, from one solve of
//! the whole graph rather than one solve per vertex. A contest problem
//! that asks for every starting position (Codeforces 786A, "Berzerk") is
//! one command.

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
            "the answers of all {count} starts need {} MiB, more than the memory budget of {} MiB",
            need >> 20,
            budget >> 20
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
