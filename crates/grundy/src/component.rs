//! Rulesets and their positions behind object-safe interfaces: a
//! [`RulesetRef`] is what the registry builds from a family and its
//! parameters, and a [`Component`] is one of its positions inside a sum, so
//! that a sum can mix rulesets.

use std::sync::{Arc, Mutex};

use num_bigint::BigUint;

use crate::error::{Error, Result};
use crate::game::{Arity, HeapGame, Listed, Ruleset};
use crate::retrograde::loopy::LoopyValue;
use crate::solver::Solver;
use crate::strong::{DynStrong, StrongRules, StrongSolver};
use crate::word::Word;

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
    /// search. An error for a position whose generalized value is infinite
    /// (see `loopy_value`).
    fn nimber(&self) -> Result<BigUint>;
    /// The generalized Sprague-Grundy value where it is infinite (a loopy
    /// game), `None` where the value is the nimber.
    fn loopy_value(&self) -> Result<Option<LoopyValue>>;
    /// Every option; each is the list of components that replace this one.
    fn options(&self) -> Result<Vec<Vec<ComponentRef>>>;
    /// The first `most` options whose Grundy value (XOR of the parts) is
    /// `target`, and how many there are.
    fn options_with_nimber(
        &self,
        target: &BigUint,
        most: usize,
    ) -> Result<Listed<Vec<ComponentRef>>>;
    /// Whether the component is a Nim heap whose size is its nimber, so that
    /// misère play follows the anti-Nim rule.
    fn plays_as_nim(&self) -> bool;
}

pub type ComponentRef = Arc<dyn Component>;

impl std::fmt::Debug for dyn Component {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.ruleset_name(), self.position_text())
    }
}

/// A ruleset with its parameters, whatever its type: what front ends hold.
pub trait DynRuleset: Send + Sync {
    /// The ruleset as an expression writes it, parameters included.
    fn name(&self) -> String;
    /// How the ruleset's positions are written (see `Ruleset::arity`).
    fn arity(&self) -> Arity;
    /// The components at the positions written in `words` (`arity()` words
    /// each); `family` is the family's word, for errors. All of them share
    /// the ruleset's one solver, so positions of one ruleset are searched
    /// once however often they are asked about.
    fn components(&self, family: &Word, words: &[Word]) -> Result<Vec<ComponentRef>>;
    /// The ruleset as the nim-sequence engine sees it, when its positions
    /// are heaps.
    fn heap_game(&self) -> Option<&dyn HeapGame>;

    /// The ruleset solved strongly (win, lose, tie, draw), when that is how
    /// it is solved.
    fn strong(&self) -> Option<&dyn DynStrong> {
        None
    }

    /// What `grundy solve` solves from the ruleset's start: the ruleset
    /// solved strongly, or an impartial ruleset that can also be played out
    /// to win, lose or draw (a script).
    fn solvable(&self) -> Option<&dyn DynStrong> {
        self.strong()
    }
}

pub type RulesetRef = Arc<dyn DynRuleset>;

/// A ruleset behind the object-safe interface, with a solver of its own.
pub fn ruleset_ref<R: Ruleset>(ruleset: R) -> RulesetRef {
    let ruleset = Arc::new(ruleset);
    Arc::new(Arc::new(Shared {
        ruleset: ruleset.clone(),
        solver: Mutex::new(Solver::new(ruleset)),
    }))
}

/// A ruleset solved strongly behind the registry's interface.
pub fn strong_ruleset_ref<G: StrongRules>(game: G) -> RulesetRef {
    Arc::new(StrongRuleset(StrongSolver(game)))
}

struct StrongRuleset<G>(StrongSolver<G>);

impl<G: StrongRules> DynRuleset for StrongRuleset<G> {
    fn name(&self) -> String {
        self.0 .0.name()
    }

    fn arity(&self) -> Arity {
        Arity::Each(1)
    }

    /// A position solved strongly has no nimber, so it is no part of a sum.
    fn components(&self, family: &Word, _words: &[Word]) -> Result<Vec<ComponentRef>> {
        Err(Error::Unsupported(format!(
            "{} (column {}) is solved strongly (win, lose, tie, draw), not by nimbers: \
             a sum with it has no value yet; analyze one of its positions alone",
            self.name(),
            family.column
        )))
    }

    fn heap_game(&self) -> Option<&dyn HeapGame> {
        None
    }

    fn strong(&self) -> Option<&dyn DynStrong> {
        Some(&self.0)
    }
}

/// The most copies a repeat `P*K` of a position may stand for when its
/// ruleset does not read repeats itself: each copy is a component.
pub const MAX_COPIES: u64 = 100_000;

impl<R: Ruleset> DynRuleset for Arc<Shared<R>> {
    fn name(&self) -> String {
        self.ruleset.name()
    }

    fn arity(&self) -> Arity {
        self.ruleset.arity()
    }

    fn components(&self, family: &Word, words: &[Word]) -> Result<Vec<ComponentRef>> {
        let ruleset = &self.ruleset;
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
        let mut components = Vec::new();
        for chunk in words.chunks(arity) {
            let (chunk, copies) = self.repeat(chunk)?;
            let position = ruleset.parse_position(&chunk)?;
            let component: ComponentRef = Arc::new(RulesetPosition {
                shared: self.clone(),
                position,
            });
            components.extend(std::iter::repeat_n(component, copies as usize));
        }
        Ok(components)
    }

    fn heap_game(&self) -> Option<&dyn HeapGame> {
        self.ruleset.heap_game()
    }
}

impl<R: Ruleset> Shared<R> {
    /// A one-word position `P*K` stands for K copies of P, unless the
    /// ruleset reads the whole word itself (Lieges of Legendre keeps a
    /// billion copies as one position).
    fn repeat(&self, chunk: &[Word]) -> Result<(Vec<Word>, u64)> {
        let [word] = chunk else {
            return Ok((chunk.to_vec(), 1));
        };
        let Some((position, copies)) = word.text.split_once('*') else {
            return Ok((chunk.to_vec(), 1));
        };
        if self.ruleset.parse_position(chunk).is_ok() {
            return Ok((chunk.to_vec(), 1));
        }
        let count_column = word.column + position.chars().count() + 1;
        let count = Word {
            text: copies.to_string(),
            column: count_column,
        };
        let copies: u64 = count.number("a number of copies")?;
        if copies > MAX_COPIES {
            return Err(Error::Limit(format!(
                "{} copies of a position: at most {MAX_COPIES} are written out as components",
                count.text
            )));
        }
        let position = Word {
            text: position.to_string(),
            column: word.column,
        };
        Ok((vec![position], copies))
    }
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

    fn as_components(&self, option: Vec<R::Position>) -> Vec<ComponentRef> {
        option.into_iter().map(|p| self.at(p)).collect()
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

    fn loopy_value(&self) -> Result<Option<LoopyValue>> {
        Ok(self.shared.ruleset.loopy_value(&self.position))
    }

    fn options(&self) -> Result<Vec<Vec<ComponentRef>>> {
        let options = self.shared.ruleset.options(&self.position)?;
        Ok(options.into_iter().map(|o| self.as_components(o)).collect())
    }

    fn options_with_nimber(
        &self,
        target: &BigUint,
        most: usize,
    ) -> Result<Listed<Vec<ComponentRef>>> {
        let ruleset = &self.shared.ruleset;
        if let Some(options) = ruleset.formula_options_with_nimber(&self.position, target)? {
            return Ok(Listed::first(options, most).map(|o| self.as_components(o)));
        }
        let options = match ruleset.options(&self.position) {
            Ok(options) => options,
            Err(error @ Error::TooLarge(_)) => {
                return match ruleset.some_options_with_nimber(&self.position, target, most)? {
                    Some(listed) => Ok(listed.map(|o| self.as_components(o))),
                    None => Err(error),
                };
            }
            Err(error) => return Err(error),
        };
        let mut found = Vec::new();
        for option in options {
            // An option with an infinite part has no nimber, so none equal
            // to `target`.
            if option.iter().any(|p| ruleset.loopy_value(p).is_some()) {
                continue;
            }
            let mut value = BigUint::ZERO;
            for part in &option {
                value ^= self.nimber_of(part)?;
            }
            if &value == target {
                found.push(option);
            }
        }
        Ok(Listed::first(found, most).map(|o| self.as_components(o)))
    }

    fn plays_as_nim(&self) -> bool {
        self.shared.ruleset.plays_as_nim()
    }
}
