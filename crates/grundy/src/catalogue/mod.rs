//! The catalogue of families. `FAMILIES` is the one list of them: the parser,
//! the command line's help and any later front end read it, so a new family
//! is one new file here plus one line in `FAMILIES`.

mod bash;
mod calendar;
mod connect4;
mod divisor;
mod euclid;
mod fibonacci;
mod graph;
mod heap;
mod lasker;
mod lieges;
mod mnk;
mod nim;
mod octal;
mod partizan_graph;
mod progressive;
mod staircase;
mod subtraction;
mod wythoff;

pub use bash::Bash;
pub use connect4::Connect4;
pub use divisor::Divisor;
pub use graph::Graph;
pub use lasker::Lasker;
pub use lieges::Lieges;
pub use mnk::{Board, Mnk};
pub use nim::Nim;
pub use octal::CodeRuleset;
pub use partizan_graph::PartizanGraph;
pub use progressive::Progressive;
pub use staircase::Staircase;
pub use subtraction::Subtraction;

use crate::component::ComponentRef;
use crate::expr::{self, ComponentText};
use crate::sum::Sum;
use crate::{Error, Result};

/// A ruleset with its parameters open, as the catalogue lists it.
pub struct Family {
    pub name: &'static str,
    /// How a component of the family is written.
    pub usage: &'static str,
    /// One line on the rules.
    pub summary: &'static str,
    /// An expression to try.
    pub example: &'static str,
    /// Builds the components a written component stands for.
    pub build: fn(&ComponentText) -> Result<Vec<ComponentRef>>,
}

/// Every family, in the order the help lists them.
pub static FAMILIES: &[Family] = &[
    nim::FAMILY,
    bash::FAMILY,
    subtraction::FAMILY,
    graph::FAMILY,
    octal::OCTAL,
    octal::HEX,
    octal::KAYLES,
    octal::DAWSON,
    octal::GRUNDYS_GAME,
    lasker::FAMILY,
    lieges::FAMILY,
    divisor::FAMILY,
    progressive::FAMILY,
    wythoff::FAMILY,
    fibonacci::FAMILY,
    euclid::FAMILY,
    calendar::FAMILY,
    staircase::FAMILY,
];

/// The family of this name.
pub fn family(name: &str) -> Option<&'static Family> {
    FAMILIES.iter().find(|f| f.name == name)
}

/// Parses an expression into the sum it describes.
pub fn parse_sum(text: &str) -> Result<Sum> {
    let mut components = Vec::new();
    for written in expr::parse(text)? {
        let family = family(&written.family.text).ok_or_else(|| {
            let known: Vec<&str> = FAMILIES.iter().map(|f| f.name).collect();
            written.family.error(format!(
                "unknown family '{}'; the families are {}",
                written.family.text,
                known.join(", ")
            ))
        })?;
        components.extend((family.build)(&written)?);
    }
    Ok(Sum::new(components))
}

/// Fails unless the family was written without parameters.
fn no_parameters(written: &ComponentText) -> Result<()> {
    match written.parameters.first() {
        None => Ok(()),
        Some(p) => Err(p.error(format!("{} takes no parameters", written.family.text))),
    }
}

/// Fails unless exactly `count` parameters were written.
fn parameter_count(written: &ComponentText, count: usize, usage: &str) -> Result<()> {
    if written.parameters.len() == count {
        Ok(())
    } else {
        Err(Error::Parse {
            column: written.family.column,
            message: format!(
                "{} takes {count} parameter{}: {usage}",
                written.family.text,
                if count == 1 { "" } else { "s" }
            ),
        })
    }
}

#[cfg(test)]
pub(crate) mod check {
    use num_bigint::BigUint;

    use crate::game::Ruleset;
    use crate::solver::Solver;

    /// Checks a family's closed forms against exhaustive search on every
    /// given position: the nimber, and the options it finds for every target
    /// value up to one past the largest nimber among the options.
    pub fn assert_closed_form_matches_search<R: Ruleset>(
        ruleset: R,
        positions: impl IntoIterator<Item = R::Position>,
    ) {
        let mut solver = Solver::new(ruleset);
        for position in positions {
            let searched = solver.nimber(&position).unwrap();
            let ruleset = solver.game();
            let name = ruleset.format_position(&position);
            if let Some(formula) = ruleset.formula_nimber(&position).unwrap() {
                assert_eq!(formula, BigUint::from(searched), "nimber of {name}");
            }
            let options = ruleset.options(&position).unwrap();
            let mut values = Vec::new();
            for option in &options {
                let mut value = 0;
                for part in option {
                    value ^= solver.nimber(part).unwrap();
                }
                values.push(value);
            }
            let ruleset = solver.game();
            let largest = values.iter().copied().max().unwrap_or(0);
            for target in 0..=largest + 1 {
                let by_formula = ruleset
                    .formula_options_with_nimber(&position, &BigUint::from(target))
                    .unwrap();
                if let Some(mut by_formula) = by_formula {
                    let mut by_search: Vec<_> = options
                        .iter()
                        .zip(&values)
                        .filter(|(_, &v)| v == target)
                        .map(|(o, _)| o.clone())
                        .collect();
                    let key = |o: &Vec<R::Position>| format!("{o:?}");
                    by_formula.sort_by_key(key);
                    by_search.sort_by_key(key);
                    assert_eq!(by_formula, by_search, "options of {name} to {target}");
                }
            }
        }
    }
}
