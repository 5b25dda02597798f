//! Rulesets and their positions behind object-safe interfaces: a
//! [`RulesetRef`] is what the registry builds from a family and its
//! parameters, and a [`Component`] is one of its positions inside a sum, so
//! that a sum can mix rulesets.
//!
//! ```
//! // A Nim heap of 3 as a component: three options, each one heap, and the
//! // nimber 3 (Bouton).
//! let sum = grundy::parse_sum("nim 3").unwrap();
//! let heap = &sum.components[0];
//! assert_eq!((heap.ruleset_name(), heap.position_text()), ("nim".to_string(), "3".to_string()));
//! assert_eq!(heap.nimber(&mut |_| true).unwrap(), 3u32.into());
//! let options: Vec<String> = heap.options().unwrap().iter().map(|parts| parts[0].position_text()).collect();
//! assert_eq!(options.len(), 3);
//! assert!(options.contains(&"0".to_string()));
//! ```

use std::sync::{Arc, Mutex};

use num_bigint::BigUint;

use crate::error::{Error, Result};
use crate::game::{Arity, HeapGame, Listed, Ruleset};
use crate::loopy_solver::LoopySolver;
use crate::misere::canonical::write_nim_heap;
use crate::misere::genus::{Classified, Genus, GenusSearch};
use crate::misere::positions::FormSearch;
use crate::retrograde::loopy::LoopyValue;
use crate::retrograde::{Options, SolveProgress};
use crate::short::impartial::ImpartialVariant;
use crate::short::{DynShort, ShortRules, ShortSolver};
use crate::solitaire::{self, Solitaire, SolitaireOutcome};
use crate::solver::{OnSearched, Solver};
use crate::starts::AllStarts;
use crate::strong::{DynStrong, StrongRules, StrongSolver};
use crate::suspense::SuspenseSolver;
use crate::value::Outcome;
use crate::word::Word;

/// One position of some ruleset, as a part of a sum.
pub trait Component: Send + Sync {
    /// The ruleset's name with parameters, as an expression writes it.
    fn ruleset_name(&self) -> String;
    /// The digest of the file its ruleset was read from, where the name
    /// does not say all the rules (`Ruleset::digest`).
    fn ruleset_digest(&self) -> Option<String>;
    /// What the component is called in a move: "heap", "token".
    fn noun(&self) -> &'static str;
    /// How the ruleset's positions are written (see `Ruleset::arity`).
    fn arity(&self) -> Arity;
    /// The position, as an expression writes it after the ruleset's name.
    fn position_text(&self) -> String;
    /// The Grundy value: by closed form where the ruleset has one, else by
    /// search (over the positions it reaches, cycles and all, where its
    /// moves go round a cycle). An error for a position whose generalized
    /// value is infinite (see `loopy_value`). A search reports its
    /// progress to `progress`, which stops it by answering `false`.
    fn nimber(&self, progress: OnSearched) -> Result<BigUint>;
    /// The generalized Sprague-Grundy value where it is infinite (a loopy
    /// game), `None` where the value is the nimber; where the value cannot
    /// be found, the error `nimber` would give, found by the same search,
    /// which reports its progress as `nimber`'s does.
    fn loopy_value(&self, progress: OnSearched) -> Result<Option<LoopyValue>>;
    /// Every option; each is the list of components that replace this one.
    fn options(&self) -> Result<Vec<Vec<ComponentRef>>>;
    /// The first `most` options whose Grundy value (XOR of the parts) is
    /// `target`, and how many there are; a search of their nimbers reports
    /// its progress as `nimber`'s does.
    fn options_with_nimber(
        &self,
        target: &BigUint,
        most: usize,
        progress: OnSearched,
    ) -> Result<Listed<Vec<ComponentRef>>>;
    /// Whether the component is a Nim heap whose size is its nimber, so that
    /// misère play follows the anti-Nim rule.
    fn plays_as_nim(&self) -> bool;
    /// Who wins the component alone, by a closed form that states the
    /// outcome without the nimber (`Ruleset::formula_outcome`).
    fn formula_outcome(&self) -> Result<Option<Outcome>>;
    /// Whether the player to move wins at once here, ending the whole sum
    /// (`Ruleset::wins_at_once`).
    fn wins_at_once(&self) -> Result<bool>;
    /// Whether its ruleset has positions that win at once.
    fn has_wins_at_once(&self) -> bool;
    /// Its genus under misère play (`crate::misere::genus`) and whether it
    /// is tame: by search of its ruleset's positions alone, shared by the
    /// ruleset's components; a Nim heap's by its closed form. A search
    /// reports its progress as `nimber`'s does.
    fn genus(&self, progress: OnSearched) -> Result<Classified>;
    /// Every option, as `options` lists them, with its genus: an option
    /// that splits into parts is searched as the sum of them, reporting
    /// its progress as `nimber`'s does.
    fn options_with_genus(
        &self,
        progress: OnSearched,
    ) -> Result<Vec<(Vec<ComponentRef>, Classified)>>;
    /// Its misère canonical form, written (`crate::misere::positions`): by
    /// search of its ruleset's positions alone, shared by the ruleset's
    /// components; a Nim heap's by its closed form (*n). A limit error
    /// where the form is beyond the search's limits, or written in more
    /// than 100,000 characters; the search reports its progress as
    /// `nimber`'s does.
    fn misere_form(&self, progress: OnSearched) -> Result<String>;
    /// The component as a heap of a heap game: its size and the game's
    /// moves, where the ruleset is a heap game (`Ruleset::heap_game`) and
    /// the position is written as the heap's size, as heap families write
    /// it. Misère play of sums of such heaps can be answered from the
    /// game's misère quotient.
    fn heap(&self) -> Option<(usize, &dyn HeapGame)>;
    /// Its step (suspense number) when every component that can move must
    /// be moved in each turn (Every-SG, `crate::suspense`): by search of its
    /// ruleset's positions alone, shared by the ruleset's components. The
    /// search reports its progress as `nimber`'s does.
    fn step(&self, progress: OnSearched) -> Result<u64>;
    /// Every option, as `options` lists them, with its step: the largest of
    /// its parts' steps, 0 for an option that leaves nothing. A search
    /// reports its progress as `nimber`'s does.
    fn options_with_steps(&self, progress: OnSearched) -> Result<Vec<(Vec<ComponentRef>, u64)>>;
}

/// A component shared between a sum, its options and the answers that name
/// them.
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
    /// The digest of the file the rules were read from (see
    /// `Ruleset::digest`).
    fn digest(&self) -> Option<String> {
        None
    }
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

    /// The ruleset as a short partizan game with values, when it is one.
    fn short(&self) -> Option<&dyn DynShort> {
        None
    }

    /// The ruleset as a one-player game, when it is one.
    fn solitaire(&self) -> Option<&dyn DynSolitaire> {
        None
    }

    /// The impartial variant of a partizan ruleset (either player may make
    /// any move of either side), an impartial ruleset of its own; `None`
    /// for a ruleset that is not partizan.
    fn impartial_variant(&self) -> Option<RulesetRef> {
        None
    }

    /// The position (a, b) as an expression writes it after the ruleset's
    /// name, where positions can be two numbers (see `Ruleset::pair_text`).
    fn pair_text(&self, _a: u64, _b: u64) -> Option<String> {
        None
    }

    /// What `grundy solve` solves from the ruleset's start: the ruleset
    /// solved strongly, or an impartial ruleset that can also be played out
    /// to win, lose or draw (a script).
    fn solvable(&self) -> Option<&dyn DynStrong> {
        self.strong()
    }

    /// Every start's answer, from one solve of them all, where the
    /// positions are the vertices of a graph file (`grundy solve
    /// --all-starts`); `None` for a ruleset whose positions cannot be
    /// listed.
    fn all_starts(
        &self,
        _options: &Options,
        _progress: &mut dyn FnMut(SolveProgress) -> bool,
    ) -> Option<Result<AllStarts>> {
        None
    }
}

/// A ruleset shared by all its components (and their one solver): what
/// [`crate::registry`] returns for a spelling of a ruleset.
pub type RulesetRef = Arc<dyn DynRuleset>;

/// A ruleset behind the object-safe interface, with solvers of its own.
pub fn ruleset_ref<R: Ruleset>(ruleset: R) -> RulesetRef {
    shared(ruleset, None)
}

/// A ruleset behind the object-safe interface that `grundy solve` can also
/// play out from its start, as `played_out` (a script game).
pub fn ruleset_ref_played_out<R: Ruleset, S: StrongRules>(ruleset: R, played_out: S) -> RulesetRef {
    shared(ruleset, Some(Box::new(StrongSolver::new(played_out))))
}

fn shared<R: Ruleset>(ruleset: R, played_out: Option<Box<dyn DynStrong>>) -> RulesetRef {
    let ruleset = Arc::new(ruleset);
    Arc::new(Arc::new(Shared {
        ruleset: ruleset.clone(),
        solver: Mutex::new(Solver::new(ruleset.clone())),
        genus: Mutex::new(GenusSearch::new(ruleset.clone())),
        misere_forms: Mutex::new(FormSearch::new(ruleset.clone())),
        suspense: Mutex::new(SuspenseSolver::new(ruleset.clone())),
        loopy: Mutex::new(LoopySolver::new(ruleset)),
        played_out,
    }))
}

/// A ruleset solved strongly behind the registry's interface.
pub fn strong_ruleset_ref<G: StrongRules>(game: G) -> RulesetRef {
    Arc::new(StrongRuleset(StrongSolver::new(game)))
}

struct StrongRuleset<G: StrongRules>(StrongSolver<G>);

impl<G: StrongRules> DynRuleset for StrongRuleset<G> {
    fn name(&self) -> String {
        self.0.game().name()
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

    fn all_starts(
        &self,
        options: &Options,
        progress: &mut dyn FnMut(SolveProgress) -> bool,
    ) -> Option<Result<AllStarts>> {
        self.0.all_starts(options, progress)
    }
}

/// A short partizan game with values behind the registry's interface.
pub fn short_ruleset_ref<G: ShortRules + Sync>(game: G) -> RulesetRef {
    Arc::new(ShortRuleset::new(game))
}

/// A family's table of values, and its rules shared with the impartial
/// variant built from it.
struct ShortRuleset<G: ShortRules + Sync> {
    solver: ShortSolver<Arc<G>>,
    game: Arc<G>,
}

impl<G: ShortRules + Sync> ShortRuleset<G> {
    fn new(game: G) -> ShortRuleset<G> {
        let game = Arc::new(game);
        ShortRuleset {
            solver: ShortSolver::new(game.clone()),
            game,
        }
    }
}

impl<G: ShortRules + Sync> DynRuleset for ShortRuleset<G>
where
    G::Position: 'static,
{
    fn name(&self) -> String {
        self.solver.name().to_string()
    }

    fn arity(&self) -> Arity {
        Arity::Each(1)
    }

    /// A partizan position has a value, not a nimber: it is a part of a
    /// sum of values (`crate::short`), never of a sum of nimbers.
    fn components(&self, family: &Word, _words: &[Word]) -> Result<Vec<ComponentRef>> {
        Err(Error::Unsupported(format!(
            "{} (column {}) is a partizan game: it has a value, not a nimber, and adds \
             only to other partizan games and game literals",
            self.name(),
            family.column
        )))
    }

    fn heap_game(&self) -> Option<&dyn HeapGame> {
        None
    }

    fn short(&self) -> Option<&dyn DynShort> {
        Some(&self.solver)
    }

    fn pair_text(&self, a: u64, b: u64) -> Option<String> {
        self.solver.pair_text(a, b)
    }

    fn impartial_variant(&self) -> Option<RulesetRef> {
        Some(ruleset_ref(ImpartialVariant::new(self.game.clone())))
    }
}

/// A partizan ruleset with both answers behind the registry's interface: a
/// position with a player to move (`P@Left`) solved strongly as `strong`,
/// a position alone valued as `short` (a partizan script).
pub fn strong_and_short_ruleset_ref<S: StrongRules, G: ShortRules + Sync>(
    strong: S,
    short: G,
) -> RulesetRef {
    Arc::new(StrongAndShort {
        strong: StrongSolver::new(strong),
        short: ShortRuleset::new(short),
    })
}

struct StrongAndShort<S: StrongRules, G: ShortRules + Sync> {
    strong: StrongSolver<S>,
    short: ShortRuleset<G>,
}

impl<S: StrongRules, G: ShortRules + Sync> DynRuleset for StrongAndShort<S, G>
where
    G::Position: 'static,
{
    fn name(&self) -> String {
        self.strong.game().name()
    }

    fn arity(&self) -> Arity {
        Arity::Each(1)
    }

    fn components(&self, family: &Word, words: &[Word]) -> Result<Vec<ComponentRef>> {
        self.short.components(family, words)
    }

    fn heap_game(&self) -> Option<&dyn HeapGame> {
        None
    }

    fn strong(&self) -> Option<&dyn DynStrong> {
        Some(&self.strong)
    }

    fn all_starts(
        &self,
        options: &Options,
        progress: &mut dyn FnMut(SolveProgress) -> bool,
    ) -> Option<Result<AllStarts>> {
        self.strong.all_starts(options, progress)
    }

    fn short(&self) -> Option<&dyn DynShort> {
        self.short.short()
    }

    fn pair_text(&self, a: u64, b: u64) -> Option<String> {
        self.short.pair_text(a, b)
    }

    fn impartial_variant(&self) -> Option<RulesetRef> {
        self.short.impartial_variant()
    }
}

/// A one-player game (`crate::solitaire`) as the catalogue offers it: named
/// and read in expressions.
pub trait SolitaireRules: Solitaire<Position: Send + Sync> + Send + Sync + 'static {
    /// The ruleset as an expression writes it.
    fn name(&self) -> String;
    /// Reads one position from one word.
    fn parse_position(&self, word: &Word) -> Result<Self::Position>;
}

/// A one-player ruleset behind the registry's interface.
pub trait DynSolitaire: Send + Sync {
    /// Solves the game from the one position written in `words` (a
    /// solitaire is no part of a sum); `family` is the family's word.
    fn analyze(&self, family: &Word, words: &[Word]) -> Result<SolitaireAnalysis>;
}

/// A solitaire solved from a start, as `grundy analyze` reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolitaireAnalysis {
    /// The start as an expression.
    pub expression: String,
    /// Win, draw or lose from the start.
    pub outcome: SolitaireOutcome,
    /// For a win, one shortest path: the positions in order, the start
    /// first, each as an expression writes it after the ruleset's name.
    pub path: Vec<String>,
}

/// A one-player ruleset behind the registry's interface.
pub fn solitaire_ruleset_ref<G: SolitaireRules>(game: G) -> RulesetRef {
    Arc::new(SolitaireRuleset(game))
}

struct SolitaireRuleset<G: SolitaireRules>(G);

impl<G: SolitaireRules> DynRuleset for SolitaireRuleset<G> {
    fn name(&self) -> String {
        self.0.name()
    }

    fn arity(&self) -> Arity {
        Arity::Each(1)
    }

    fn components(&self, family: &Word, _words: &[Word]) -> Result<Vec<ComponentRef>> {
        Err(family.error(format!(
            "{} is a solitaire (one player makes every move): its positions are no part \
             of sums; analyze one position alone",
            self.name()
        )))
    }

    fn heap_game(&self) -> Option<&dyn HeapGame> {
        None
    }

    fn solitaire(&self) -> Option<&dyn DynSolitaire> {
        Some(self)
    }
}

impl<G: SolitaireRules> DynSolitaire for SolitaireRuleset<G> {
    fn analyze(&self, family: &Word, words: &[Word]) -> Result<SolitaireAnalysis> {
        let word = match words {
            [word] => word,
            [] => return Err(family.error(format!("{} needs a position", family.text))),
            [_, second, ..] => {
                return Err(second.error(format!(
                    "{} is a solitaire, played from one position: its positions are no \
                     part of sums",
                    self.name()
                )))
            }
        };
        let start = self.0.parse_position(word)?;
        let solved = solitaire::solve(&self.0, &start)?;
        Ok(SolitaireAnalysis {
            expression: format!("{} {}", self.name(), self.0.format_position(&start)),
            outcome: solved.outcome,
            path: (solved.path.iter())
                .map(|p| self.0.format_position(p))
                .collect(),
        })
    }
}

/// The most copies a repeat `P*K` of a position may stand for when its
/// ruleset does not read repeats itself: each copy is a component.
pub const MAX_COPIES: u64 = 100_000;

impl<R: Ruleset> DynRuleset for Arc<Shared<R>> {
    fn name(&self) -> String {
        self.ruleset.name()
    }

    fn digest(&self) -> Option<String> {
        self.ruleset.digest()
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

    fn pair_text(&self, a: u64, b: u64) -> Option<String> {
        self.ruleset.pair_text(a, b)
    }

    fn solvable(&self) -> Option<&dyn DynStrong> {
        self.played_out.as_deref()
    }

    fn all_starts(
        &self,
        options: &Options,
        _progress: &mut dyn FnMut(SolveProgress) -> bool,
    ) -> Option<Result<AllStarts>> {
        let values = self.ruleset.all_values(options.memory)?;
        Some(values.map(AllStarts::Impartial))
    }
}

impl<R: Ruleset> Shared<R> {
    /// A one-word position `P*K` stands for K copies of P (K at least 1),
    /// unless the ruleset reads repeats itself (`Ruleset::reads_repeats`:
    /// Lieges of Legendre keeps a billion copies as one position). Whether a
    /// `*` is a repeat depends on the ruleset, which is why this part of the
    /// expression language is read here rather than in `expr.rs`.
    fn repeat(&self, chunk: &[Word]) -> Result<(Vec<Word>, u64)> {
        let [word] = chunk else {
            return Ok((chunk.to_vec(), 1));
        };
        let Some((position, copies)) = word.text.split_once('*') else {
            return Ok((chunk.to_vec(), 1));
        };
        if self.ruleset.reads_repeats() {
            return Ok((chunk.to_vec(), 1));
        }
        let count_column = word.column + position.chars().count() + 1;
        let count = Word {
            text: copies.to_string(),
            column: count_column,
        };
        let copies: u64 = count.number("a number of copies")?;
        if copies == 0 {
            // No copies would be an empty sum, which no expression writes.
            return Err(count.error("a repeat needs at least one copy"));
        }
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
    /// The genera of its positions under misère play, and of the sums of
    /// them that its moves reach.
    genus: Mutex<GenusSearch<Arc<R>>>,
    /// The misère canonical forms of its positions.
    misere_forms: Mutex<FormSearch<Arc<R>>>,
    /// The steps of its positions when every component must move (Every-SG).
    suspense: Mutex<SuspenseSolver<Arc<R>>>,
    /// The generalized values of the positions whose moves `solver` found
    /// going round a cycle, and of every position they reach.
    loopy: Mutex<LoopySolver<Arc<R>>>,
    /// What `grundy solve` plays out, where it is not the ruleset itself.
    played_out: Option<Box<dyn DynStrong>>,
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

    fn nimber_of(&self, position: &R::Position, progress: OnSearched) -> Result<BigUint> {
        self.nimber_or_value(position, progress)?
            .map_err(|infinite| {
                let ruleset = &self.shared.ruleset;
                let what = format!("{} {}", ruleset.name(), ruleset.format_position(position));
                infinite.no_nimber(&what)
            })
    }

    /// The nimber of a position, or its generalized value where that is
    /// infinite: the ruleset's own where it knows it, else by closed form,
    /// else by search, which reports its progress to `progress`.
    fn nimber_or_value(
        &self,
        position: &R::Position,
        progress: OnSearched,
    ) -> Result<Result<BigUint, LoopyValue>> {
        let ruleset = &self.shared.ruleset;
        if let Some(infinite) = ruleset.loopy_value(position) {
            return Ok(Err(infinite));
        }
        if let Some(value) = ruleset.formula_nimber(position)? {
            return Ok(Ok(value));
        }
        if let Some(value) = ruleset.searched_nimber(position, progress)? {
            return Ok(Ok(value));
        }
        Ok(match self.searched_value(position, progress)? {
            LoopyValue::Finite(g) => Ok(BigUint::from(g)),
            infinite => Err(infinite),
        })
    }

    /// The generalized Sprague-Grundy value of a position that has no
    /// closed form: its nimber by search, unless its moves go round a cycle;
    /// then its value over the graph of every position it reaches.
    fn searched_value(&self, position: &R::Position, progress: OnSearched) -> Result<LoopyValue> {
        let loopy = &self.shared.loopy;
        if let Some(value) = loopy.lock().expect("loopy lock").known(position) {
            return Ok(value);
        }
        let searched = self
            .shared
            .solver
            .lock()
            .expect("solver lock")
            .nimber_with_progress(position, progress);
        match searched {
            Ok(g) => Ok(LoopyValue::Finite(g)),
            Err(Error::Cycle { .. }) => loopy.lock().expect("loopy lock").value(position),
            Err(error) => Err(error),
        }
    }

    /// The genus of a sum of positions of the ruleset: a Nim heap's by its
    /// closed form, anything else by search, which reports its progress to
    /// `progress`.
    fn genus_of(&self, parts: &[R::Position], progress: OnSearched) -> Result<Classified> {
        if let ([heap], true) = (parts, self.shared.ruleset.plays_as_nim()) {
            let nimber = self.nimber_of(heap, progress)?;
            if let Ok(n) = u64::try_from(&nimber) {
                return Ok(Classified {
                    genus: Genus::nim_heap(n),
                    tame: true,
                });
            }
        }
        let mut search = self.shared.genus.lock().expect("genus lock");
        search.genus(parts, progress)
    }

    /// The step of a sum of positions of the ruleset, by a search that
    /// reports its progress to `progress`. A game that can come back to a
    /// position has no last move to count to: not supported.
    fn step_of(&self, parts: &[R::Position], progress: OnSearched) -> Result<u64> {
        let mut search = self.shared.suspense.lock().expect("suspense lock");
        search
            .step_of_sum(parts, progress)
            .map_err(|error| match error {
                Error::Cycle { .. } => Error::Unsupported(format!(
                    "every-move play (--every) of {} needs a game that ends, and this one \
                     can go round a cycle: {error}",
                    self.shared.ruleset.name()
                )),
                error => error,
            })
    }

    fn as_components(&self, option: Vec<R::Position>) -> Vec<ComponentRef> {
        option.into_iter().map(|p| self.at(p)).collect()
    }
}

impl<R: Ruleset> Component for RulesetPosition<R> {
    fn ruleset_name(&self) -> String {
        self.shared.ruleset.name()
    }

    fn ruleset_digest(&self) -> Option<String> {
        self.shared.ruleset.digest()
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

    fn nimber(&self, progress: OnSearched) -> Result<BigUint> {
        self.nimber_of(&self.position, progress)
    }

    fn loopy_value(&self, progress: OnSearched) -> Result<Option<LoopyValue>> {
        Ok(self.nimber_or_value(&self.position, progress)?.err())
    }

    fn options(&self) -> Result<Vec<Vec<ComponentRef>>> {
        let options = self.shared.ruleset.options(&self.position)?;
        Ok(options.into_iter().map(|o| self.as_components(o)).collect())
    }

    fn options_with_nimber(
        &self,
        target: &BigUint,
        most: usize,
        progress: OnSearched,
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
        'options: for option in options {
            let mut value = BigUint::ZERO;
            for part in &option {
                match self.nimber_or_value(part, progress)? {
                    Ok(nimber) => value ^= nimber,
                    // An option with an infinite part has no nimber, so
                    // none equal to `target`.
                    Err(_) => continue 'options,
                }
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

    fn formula_outcome(&self) -> Result<Option<Outcome>> {
        self.shared.ruleset.formula_outcome(&self.position)
    }

    fn wins_at_once(&self) -> Result<bool> {
        self.shared.ruleset.wins_at_once(&self.position)
    }

    fn has_wins_at_once(&self) -> bool {
        self.shared.ruleset.has_wins_at_once()
    }

    fn genus(&self, progress: OnSearched) -> Result<Classified> {
        self.genus_of(std::slice::from_ref(&self.position), progress)
    }

    fn options_with_genus(
        &self,
        progress: OnSearched,
    ) -> Result<Vec<(Vec<ComponentRef>, Classified)>> {
        let options = self.shared.ruleset.options(&self.position)?;
        options
            .into_iter()
            .map(|o| Ok((self.as_components(o.clone()), self.genus_of(&o, progress)?)))
            .collect()
    }

    fn misere_form(&self, progress: OnSearched) -> Result<String> {
        if self.shared.ruleset.plays_as_nim() {
            return write_nim_heap(&self.nimber_of(&self.position, progress)?);
        }
        let mut search = self.shared.misere_forms.lock().expect("misère form lock");
        let form = search.form(&self.position, progress)?;
        search.write(form)
    }

    fn step(&self, progress: OnSearched) -> Result<u64> {
        self.step_of(std::slice::from_ref(&self.position), progress)
    }

    fn options_with_steps(&self, progress: OnSearched) -> Result<Vec<(Vec<ComponentRef>, u64)>> {
        let options = self.shared.ruleset.options(&self.position)?;
        options
            .into_iter()
            .map(|o| Ok((self.as_components(o.clone()), self.step_of(&o, progress)?)))
            .collect()
    }

    fn heap(&self) -> Option<(usize, &dyn HeapGame)> {
        let game = self.shared.ruleset.heap_game()?;
        let size = self.position_text().parse().ok()?;
        Some((size, game))
    }
}
