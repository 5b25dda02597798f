//! Components: positions of any ruleset behind one object-safe interface, so
//! that a sum can mix rulesets.

use std::sync::{Arc, Mutex};

use num_bigint::BigUint;

use crate::expr::Word;
use crate::game::{Arity, Ruleset};
use crate::solver::Solver;
use crate::Result;

/// One position of some ruleset, as a part of a sum.
pub trait Component: Send + Sync {
    /// The ruleset's name with parameters, as an expression writes it.
    fn ruleset_name(&self) -> String;
    /// What the component is called in a move: "heap", "token".
    fn noun(&self) -> &'static str;
    /// How the ruleset's positions are written (see `Ruleset::arity`).
    fn arity(&self) -> Arity;
    /// The position, as an expression writes it after the ruleset's name.
    fn position_text(&self) -> String;
    /// The Grundy value: by closed form where the ruleset has one, else by
    /// search.
    fn nimber(&self) -> Result<BigUint>;
    /// Every option; each is the list of components that replace this one.
    fn options(&self) -> Result<Vec<Vec<ComponentRef>>>;
    /// The options whose Grundy value (XOR of the parts) is `target`.
    fn options_with_nimber(&self, target: &BigUint) -> Result<Vec<Vec<ComponentRef>>>;
}

pub type ComponentRef = Arc<dyn Component>;

impl std::fmt::Debug for dyn Component {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.ruleset_name(), self.position_text())
    }
}

/// The components of a ruleset at the positions written in `words`
/// (`arity()` words each). They share one solver, so that the positions of
/// one ruleset in a sum are searched once.
pub fn components<R: Ruleset>(
    ruleset: R,
    family: &Word,
    words: &[Word],
) -> Result<Vec<ComponentRef>> {
    let arity = match ruleset.arity() {
        Arity::Each(n) => n,
        Arity::Whole => words.len(),
    };
    if words.is_empty() {
        let what = match ruleset.arity() {
            Arity::Each(1) => "at least one position".to_string(),
            Arity::Each(n) => format!("a position of {n} numbers"),
            Arity::Whole => "a position".to_string(),
        };
        return Err(family.error(format!("{} needs {what}", family.text)));
    }
    if words.len() % arity != 0 {
        let extra = &words[words.len() - words.len() % arity];
        return Err(extra.error(format!(
            "{} takes {arity} numbers per position; this one is incomplete",
            family.text
        )));
    }
    let ruleset = Arc::new(ruleset);
    let shared = Arc::new(Shared {
        ruleset: ruleset.clone(),
        solver: Mutex::new(Solver::new(ruleset.clone())),
    });
    words
        .chunks(arity)
        .map(|chunk| {
            let position = ruleset.parse_position(chunk)?;
            Ok(Arc::new(RulesetPosition {
                shared: shared.clone(),
                position,
            }) as ComponentRef)
        })
        .collect()
}

struct Shared<R: Ruleset> {
    ruleset: Arc<R>,
    solver: Mutex<Solver<Arc<R>>>,
}

/// A position of ruleset `R` as a component.
struct RulesetPosition<R: Ruleset> {
    shared: Arc<Shared<R>>,
    position: R::Position,
}

impl<R: Ruleset> RulesetPosition<R> {
    fn at(&self, position: R::Position) -> ComponentRef {
        Arc::new(RulesetPosition {
            shared: self.shared.clone(),
            position,
        })
    }

    fn nimber_of(&self, position: &R::Position) -> Result<BigUint> {
        if let Some(value) = self.shared.ruleset.formula_nimber(position)? {
            return Ok(value);
        }
        let mut solver = self.shared.solver.lock().expect("solver lock");
        Ok(BigUint::from(solver.nimber(position)?))
    }

    fn as_components(&self, options: Vec<Vec<R::Position>>) -> Vec<Vec<ComponentRef>> {
        options
            .into_iter()
            .map(|option| option.into_iter().map(|p| self.at(p)).collect())
            .collect()
    }
}

impl<R: Ruleset> Component for RulesetPosition<R> {
    fn ruleset_name(&self) -> String {
        self.shared.ruleset.name()
    }

    fn noun(&self) -> &'static str {
        self.shared.ruleset.noun()
    }

    fn arity(&self) -> Arity {
        self.shared.ruleset.arity()
    }

    fn position_text(&self) -> String {
        self.shared.ruleset.format_position(&self.position)
    }

    fn nimber(&self) -> Result<BigUint> {
        self.nimber_of(&self.position)
    }

    fn options(&self) -> Result<Vec<Vec<ComponentRef>>> {
        let options = self.shared.ruleset.options(&self.position)?;
        Ok(self.as_components(options))
    }

    fn options_with_nimber(&self, target: &BigUint) -> Result<Vec<Vec<ComponentRef>>> {
        let ruleset = &self.shared.ruleset;
        if let Some(options) = ruleset.formula_options_with_nimber(&self.position, target)? {
            return Ok(self.as_components(options));
        }
        let mut found = Vec::new();
        for option in ruleset.options(&self.position)? {
            let mut value = BigUint::ZERO;
            for part in &option {
                value ^= self.nimber_of(part)?;
            }
            if &value == target {
                found.push(option);
            }
        }
        Ok(self.as_components(found))
    }
}
