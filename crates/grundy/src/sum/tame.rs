//! Misère sums of tame components, decided by the tame rule
//! (`crate::misere::genus`): the sum plays like the misère Nim position its
//! parts play like, so no search of the whole sum is needed.

use std::collections::HashMap;

use super::{Move, Sum};
use crate::component::ComponentRef;
use crate::error::Result;
use crate::misere::genus::{Classified, Genus, TameSum};
use crate::solver::{OnSearched, Watched};
use crate::value::Outcome;

/// The genus of each component of `sum`, where its search finishes within
/// its limits (`None` otherwise: the search of the whole sum, which runs
/// then, reports what stopped it, where it stops too). The searches report
/// their progress to `progress`; its stop is no limit of a search but an
/// error, which ends the analysis.
pub fn genera(sum: &Sum, progress: OnSearched) -> Result<Vec<Option<Classified>>> {
    of_each_component(sum, progress, |c, searched| c.genus(searched))
}

/// What `find` finds of each component of `sum` by a search of it alone,
/// once for equal components: `None` where its search ended at a limit of
/// its own. `find` reports its search's progress to the callback it is
/// given; a stop of `progress` ends it all with an error.
pub(super) fn of_each_component<T: Clone>(
    sum: &Sum,
    progress: OnSearched,
    find: impl Fn(&ComponentRef, OnSearched) -> Result<T>,
) -> Result<Vec<Option<T>>> {
    let mut watched = Watched::new(progress);
    let mut known: HashMap<String, Option<T>> = HashMap::new();
    let mut found = Vec::with_capacity(sum.components.len());
    for c in &sum.components {
        let key = format!("{} {}", c.ruleset_name(), c.position_text());
        if let Some(value) = known.get(&key) {
            found.push(value.clone());
            continue;
        }
        let value = match find(c, &mut |met| watched.ask(met)) {
            Ok(value) => Some(value),
            Err(stop) if watched.stopped() => return Err(stop),
            Err(_) => None,
        };
        known.insert(key, value.clone());
        found.push(value);
    }
    Ok(found)
}

/// The misère outcome of `sum` and every winning move, by the tame rule,
/// when every component is tame; `None` when one is not, or its genus is
/// unknown. A winning move is a move in a component to an option (tame,
/// as a follower of a tame game) that leaves a misère-P sum. The searches
/// of genera report their progress to `progress`, which stops them by
/// answering `false`.
pub fn misere_by_tame_rule(
    sum: &Sum,
    progress: OnSearched,
) -> Result<Option<(Outcome, Vec<Move>)>> {
    let genera = genera(sum, progress)?;
    by_tame_rule(sum, &genera, progress)
}

/// As [`misere_by_tame_rule`], with the components' genera known.
pub(super) fn by_tame_rule(
    sum: &Sum,
    genera: &[Option<Classified>],
    progress: OnSearched,
) -> Result<Option<(Outcome, Vec<Move>)>> {
    let mut watched = Watched::new(progress);
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
        let listed = c.options_with_genus(&mut |met| watched.ask(met));
        let options = match listed {
            Ok(options) => options,
            Err(stop) if watched.stopped() => return Err(stop),
            Err(_) => return Ok(None),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;
    use crate::registry::parse_sum;

    /// A genus search that its progress callback stops ends the analysis
    /// with the stop: the stop is no genus beyond the search, which would
    /// leave the sum to the search of the whole sum, to run on.
    #[test]
    fn a_stopped_genus_search_is_an_error_not_an_unknown_genus() {
        let sum = parse_sum("kayles 40 + kayles 40").unwrap();
        let mut reports = 0;
        let error = genera(&sum, &mut |_| {
            reports += 1;
            false
        })
        .unwrap_err();
        assert!(matches!(error, Error::Limit(_)), "{error}");
        assert!(
            error.to_string().contains("genus search was stopped"),
            "{error}"
        );
        assert_eq!(reports, 1);
        let error = misere_by_tame_rule(&sum, &mut |_| false).unwrap_err();
        assert!(error.to_string().contains("stopped"), "{error}");
        // Let go on, the same search finds both genera.
        let genera = genera(&sum, &mut |_| true).unwrap();
        assert!(genera.iter().all(Option::is_some));
    }
}
