//! Sums where a component can go round a cycle: generalized
//! Sprague-Grundy values (nimbers and ∞(K)) added by Smith's rule.

use std::collections::hash_map::Entry;
use std::collections::HashMap;

use super::{component_expression, describe_all, Analysis, ComponentAnalysis, Move, Sum};
use num_bigint::BigUint;

use crate::component::ComponentRef;
use crate::error::{Error, Result};
use crate::game::Count;
use crate::retrograde::loopy::{self, LoopyValue};
use crate::solver::OnSearched;
use crate::value::{Convention, Outcome};

/// The generalized values of the components, when some component is
/// infinite; `None` when every value is a nimber. A search reports its
/// progress to `progress`, which stops it by answering `false`.
pub(super) fn loopy_values(sum: &Sum, progress: OnSearched) -> Result<Option<Vec<LoopyValue>>> {
    let mut loopy = false;
    for c in &sum.components {
        loopy |= c.loopy_value(progress)?.is_some();
    }
    if !loopy {
        return Ok(None);
    }
    sum.components
        .iter()
        .map(|c| generalized_value(c, progress))
        .collect::<Result<_>>()
        .map(Some)
}

/// A component's generalized Sprague-Grundy value: its nimber, or infinite.
fn generalized_value(c: &ComponentRef, progress: OnSearched) -> Result<LoopyValue> {
    if let Some(value) = c.loopy_value(progress)? {
        return Ok(value);
    }
    let nimber = c.nimber(progress)?;
    u64::try_from(&nimber).map(LoopyValue::Finite).map_err(|_| {
        Error::Unsupported(format!(
            "{} has the nimber {nimber}, too large to add to an infinite value",
            component_expression(c)
        ))
    })
}

/// Analyses a sum with an infinite part by the rules of generalized values
/// (Smith 1966): its value is the sum of its parts' (`loopy::sum`), and so
/// is the value after each move, found from the moved component's option
/// and the other components' values without searching the sum. An `N` sum
/// is won by the moves to a sum of value 0; a draw is kept by the moves to
/// a draw; a `P` sum (which an infinite part never makes) has no good move.
/// A search of an option's value reports its progress to `progress`, which
/// stops it by answering `false`.
pub(super) fn analyze_loopy(
    sum: &Sum,
    values: &[LoopyValue],
    most: usize,
    progress: OnSearched,
) -> Result<Analysis> {
    let total = loopy::sum(values);
    let outcome = loopy::sum_outcome(values);
    let others = Others::of(values);
    let mut chosen = Vec::new();
    let mut count = 0u64;
    // The value of each position moved to, by its expression: a component
    // may have many moves to one position (a graph's parallel edges), and
    // an infinite value takes as long to find as its position has moves.
    let mut known: HashMap<String, LoopyValue> = HashMap::new();
    for (i, c) in sum.components.iter().enumerate() {
        if outcome == Outcome::P {
            break;
        }
        let rest = others.without(values, i);
        for to in c.options()? {
            let mut after = rest.clone();
            for part in &to {
                let value = match known.entry(component_expression(part)) {
                    Entry::Occupied(found) => found.get().clone(),
                    Entry::Vacant(vacant) => {
                        vacant.insert(generalized_value(part, progress)?).clone()
                    }
                };
                after = after.and_then(|a| a.add(&value));
            }
            let good = match outcome {
                Outcome::N => after == Some(LoopyValue::Finite(0)),
                _ => after.is_none_or(|a| a.outcome() == Outcome::D),
            };
            if good {
                count += 1;
                if chosen.len() < most {
                    chosen.push(Move { component: i, to });
                }
            }
        }
    }
    let components = (sum.components.iter().zip(values))
        .map(|(c, value)| ComponentAnalysis {
            expression: component_expression(c),
            nimber: value.nimber().map(BigUint::from),
            value: Some(value.to_string()),
            genus: None,
            tame: None,
            misere_form: None,
            wins_at_once: false,
        })
        .collect();
    let (winning_moves, winning_move_count, best_moves) = match outcome {
        Outcome::D => (Vec::new(), Count::Exactly(0), describe_all(sum, &chosen)),
        _ => (
            describe_all(sum, &chosen),
            Count::Exactly(count),
            Vec::new(),
        ),
    };
    Ok(Analysis {
        expression: sum.expression(),
        convention: Convention::Normal,
        outcome,
        nimber: None,
        loopy_value: total,
        components,
        winning_moves,
        winning_move_count,
        best_moves,
    })
}

/// What the components of a sum add up to, kept so that the sum of all but
/// one is found in constant time: the XOR of the nimbers and where the
/// infinite parts are.
struct Others {
    xor: u64,
    infinite: Vec<usize>,
}

impl Others {
    fn of(values: &[LoopyValue]) -> Others {
        let mut others = Others {
            xor: 0,
            infinite: Vec::new(),
        };
        for (i, value) in values.iter().enumerate() {
            match value {
                LoopyValue::Finite(g) => others.xor ^= g,
                LoopyValue::Infinite(_) => others.infinite.push(i),
            }
        }
        others
    }

    /// The value of the sum without component `i`; `None` for a draw.
    fn without(&self, values: &[LoopyValue], i: usize) -> Option<LoopyValue> {
        let xor = LoopyValue::Finite(self.xor ^ values[i].nimber().unwrap_or(0));
        let mut infinite = self.infinite.iter().filter(|&&j| j != i);
        match (infinite.next(), infinite.next()) {
            (None, _) => Some(xor),
            (Some(&j), None) => values[j].add(&xor),
            (Some(_), Some(_)) => None,
        }
    }
}
