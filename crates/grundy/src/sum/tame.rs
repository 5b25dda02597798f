//! Misère sums of tame components, decided by the tame rule
//! (`crate::misere::genus`): the sum plays like the misère Nim position its
//! parts play like, so no search of the whole sum is needed.

use std::collections::HashMap;

use super::{Move, Sum};
use crate::error::Result;
use crate::misere::genus::{Classified, Genus, TameSum};
use crate::value::Outcome;

/// The genus of each component of `sum`, where its search finishes within
/// its limits (`None` otherwise: the search of the whole sum, which runs
/// then, reports what stopped it, where it stops too).
pub fn genera(sum: &Sum) -> Vec<Option<Classified>> {
    let mut known: HashMap<String, Option<Classified>> = HashMap::new();
    (sum.components.iter())
        .map(|c| {
            let key = format!("{} {}", c.ruleset_name(), c.position_text());
            (known.entry(key).or_insert_with(|| c.genus().ok())).clone()
        })
        .collect()
}

/// The misère outcome of `sum` and every winning move, by the tame rule,
/// when every component is tame; `None` when one is not, or its genus is
/// unknown. A winning move is a move in a component to an option (tame,
/// as a follower of a tame game) that leaves a misère-P sum.
pub fn misere_by_tame_rule(sum: &Sum) -> Result<Option<(Outcome, Vec<Move>)>> {
    by_tame_rule(sum, &genera(sum))
}

/// As [`misere_by_tame_rule`], with the components' genera known.
pub(super) fn by_tame_rule(
    sum: &Sum,
    genera: &[Option<Classified>],
) -> Result<Option<(Outcome, Vec<Move>)>> {
    let tame: Option<Vec<&Genus>> = (genera.iter())
        .map(|g| g.as_ref().filter(|g| g.tame).map(|g| &g.genus))
        .collect();
    let Some(tame) = tame else {
        return Ok(None);
    };
    let Some(total) = TameSum::of(tame.iter().copied()) else {
        return Ok(None);
    };
    let outcome = total.outcome();
    let mut moves = Vec::new();
    if outcome == Outcome::P {
        return Ok(Some((outcome, moves)));
    }
    for (i, (c, genus)) in sum.components.iter().zip(&tame).enumerate() {
        let Some(others) = total.without(genus) else {
            return Ok(None);
        };
        // The options' genera were found with the component's own.
        let Ok(options) = c.options_with_genus() else {
            return Ok(None);
        };
        for (to, option) in options {
            let after = option.tame.then(|| others.with(&option.genus)).flatten();
            let Some(after) = after else {
                return Ok(None);
            };
            if after.outcome() == Outcome::P {
                moves.push(Move { component: i, to });
            }
        }
    }
    Ok(Some((outcome, moves)))
}
