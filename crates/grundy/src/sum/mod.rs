//! Sums of components, their moves, and the analysis `grundy analyze` prints:
//! by the XOR rule here, with generalized values where a component can go
//! round a cycle (`cycles.rs`), under misère play (`misere.rs`, with
//! the tame rule in `tame.rs`), and under Every-SG play, where every
//! component that can move is moved in each turn (`every.rs`).
//!
//! ```
//! use grundy::{analyze, parse_sum, Count, Outcome};
//!
//! // Bouton: a sum of Nim heaps is lost for the player to move exactly when
//! // the XOR of the heaps is 0. 1 ^ 2 ^ 3 = 0.
//! let analysis = analyze(&parse_sum("nim 1 2 3").unwrap()).unwrap();
//! assert_eq!(analysis.outcome, Outcome::P);
//! assert_eq!(analysis.winning_move_count, Count::Exactly(0));
//! // A sum of different rulesets: a Nim heap of 2 and Kayles 3 (worth 3).
//! // 2 ^ 3 = 1: the mover wins, by making the XOR 0.
//! let analysis = analyze(&parse_sum("nim 2 + kayles 3").unwrap()).unwrap();
//! assert_eq!(analysis.nimber, Some(1u32.into()));
//! assert_eq!(analysis.outcome, Outcome::N);
//! ```

use num_bigint::BigUint;

use crate::component::ComponentRef;
use crate::error::{Error, Result};
use crate::game::{Arity, Count, Game, Listed};
use crate::misere::genus::{Classified, Genus};
use crate::retrograde::loopy::{self, LoopyValue};
use crate::solver::OnSearched;
use crate::value::{Convention, Outcome};

mod cycles;
mod every;
mod misere;
mod quotient;
mod strong;
mod tame;

use cycles::{analyze_loopy, loopy_values};
pub use every::{
    analyze_every_listing, analyze_every_outcome, ComponentChoices, EveryAnalysis, WinningChoices,
};
pub use misere::{
    analyze_misere, analyze_misere_listing, MisereSearch, MISERE_SEARCH_COMPONENTS,
    MISERE_SEARCH_LIMIT,
};
pub use strong::SumRules;
pub use tame::misere_by_tame_rule;

/// Components played side by side; a move is made in exactly one of them.
#[derive(Clone, Debug)]
pub struct Sum {
    /// The components, in the order written.
    pub components: Vec<ComponentRef>,
}

/// A move of a sum: component `component` is replaced by the sum `to`.
#[derive(Clone, Debug)]
pub struct Move {
    /// The index of the component moved in, from 0.
    pub component: usize,
    /// What the component becomes: the parts of the option (none where the
    /// move leaves nothing of it).
    pub to: Vec<ComponentRef>,
}

impl Sum {
    /// The sum of `components`, in this order (empty: the game with no move).
    pub fn new(components: Vec<ComponentRef>) -> Sum {
        Sum { components }
    }

    /// The sum as an expression that parses back to it. Neighbouring
    /// components of one ruleset share its name, `nim 1 4 5 + kayles 3`,
    /// unless a position is all the words (`staircase 1 2 + staircase 3`).
    pub fn expression(&self) -> String {
        let mut groups: Vec<(String, Vec<String>)> = Vec::new();
        for c in &self.components {
            let name = c.ruleset_name();
            match groups.last_mut() {
                Some((last, positions)) if *last == name && c.arity() != Arity::Whole => {
                    positions.push(c.position_text())
                }
                _ => groups.push((name, vec![c.position_text()])),
            }
        }
        groups
            .into_iter()
            .map(|(name, positions)| format!("{name} {}", positions.join(" ")))
            .collect::<Vec<_>>()
            .join(" + ")
    }

    /// The nimber of the sum: the XOR of its components' nimbers.
    pub fn nimber(&self) -> Result<BigUint> {
        self.nimber_with_progress(&mut |_| true)
    }

    /// [`Sum::nimber`], reporting the progress of a search of a
    /// component's nimber to `progress`, which stops it by answering
    /// `false`.
    pub fn nimber_with_progress(&self, progress: OnSearched) -> Result<BigUint> {
        self.components
            .iter()
            .try_fold(BigUint::ZERO, |acc, c| Ok(acc ^ c.nimber(progress)?))
    }

    /// Every move of the sum.
    pub fn moves(&self) -> Result<Vec<Move>> {
        let mut moves = Vec::new();
        for (i, c) in self.components.iter().enumerate() {
            moves.extend(c.options()?.into_iter().map(|to| Move { component: i, to }));
        }
        Ok(moves)
    }

    /// The moves that lead to different sums: those of the first of each
    /// set of equal components (one ruleset, one position), as a move in
    /// another of them gives the same sum in another order. A search of
    /// sums lists these: a thousand heaps of one pin have one option, not a
    /// thousand copies of it, each a sum of 999 components to write out.
    pub fn distinct_moves(&self) -> Result<Vec<Move>> {
        let mut seen = std::collections::HashSet::new();
        let mut moves = Vec::new();
        for (i, c) in self.components.iter().enumerate() {
            if seen.insert(component_key(c)) {
                moves.extend(c.options()?.into_iter().map(|to| Move { component: i, to }));
            }
        }
        Ok(moves)
    }

    /// The winning moves under normal play, found as for Nim: with `x` the
    /// nimber of the sum, the winning moves in a component of nimber `g` are
    /// its options of nimber `g ^ x`. The mex promises one when `g ^ x < g`;
    /// unlike Nim, a game may also have options of larger nimber, and a move
    /// to one of value `g ^ x > g` wins too, so every component is asked.
    /// Where such options cannot be found (a huge Wythoff P-position, whose
    /// other nimbers have no closed form) the list would be incomplete, so
    /// that is an `Unsupported` error. A search of nimbers reports its
    /// progress to `progress`, which stops it by answering `false`.
    pub fn winning_moves(&self, most: usize, progress: OnSearched) -> Result<Listed<Move>> {
        let total = self.nimber_with_progress(progress)?;
        let mut moves = Listed {
            items: Vec::new(),
            total: Count::Exactly(0),
        };
        if total == BigUint::ZERO {
            return Ok(moves);
        }
        for (i, c) in self.components.iter().enumerate() {
            let value = c.nimber(progress)?;
            let target = &value ^ &total;
            let room = most - moves.items.len();
            let options = c
                .options_with_nimber(&target, room, progress)
                .map_err(|e| {
                    if target < value {
                        return e;
                    }
                    // Said once: an error that is itself "not supported"
                    // gives its reason alone.
                    let why = match &e {
                        Error::Unsupported(message) => message.clone(),
                        other => other.to_string(),
                    };
                    Error::Unsupported(format!(
                        "some winning moves may go from {} {} to options of nimber {target}, \
                     above its own nimber {value}, and those cannot be found: {why}",
                        c.ruleset_name(),
                        c.position_text()
                    ))
                })?;
            moves.total = moves.total.plus(options.total);
            (moves.items).extend(
                options
                    .items
                    .into_iter()
                    .map(|to| Move { component: i, to }),
            );
        }
        Ok(moves)
    }

    /// The sum after `m`.
    pub fn after(&self, m: &Move) -> Sum {
        let mut components = self.components[..m.component].to_vec();
        components.extend(m.to.iter().cloned());
        components.extend(self.components[m.component + 1..].iter().cloned());
        Sum { components }
    }

    /// How `m` reads: `heap 1: 3 -> 1`, with a split written `5 -> 2 + 3`.
    pub fn describe(&self, m: &Move) -> String {
        let from = &self.components[m.component];
        let to: Vec<String> = m.to.iter().map(|c| c.position_text()).collect();
        let to = if to.is_empty() {
            "nothing".to_string()
        } else {
            to.join(" + ")
        };
        format!(
            "{} {}: {} -> {}",
            from.noun(),
            m.component + 1,
            from.position_text(),
            to
        )
    }
}

/// A sum as one game, so that it can be searched without the XOR rule: the
/// reference the Sprague-Grundy theorem is tested against.
pub struct SumGame;

/// A sum as a position of `SumGame`. Sums are equal when they hold the same
/// components in any order (the order of a sum does not change the game).
#[derive(Clone, Debug)]
pub struct SumPosition {
    key: Vec<String>,
    sum: Sum,
}

impl SumPosition {
    /// The sum as a position: equal to any sum of the same components in any
    /// order.
    pub fn new(sum: Sum) -> SumPosition {
        let mut key: Vec<String> = sum.components.iter().map(component_key).collect();
        key.sort();
        SumPosition { key, sum }
    }
}

/// What tells a component from another in a sum: its ruleset and position.
fn component_key(component: &ComponentRef) -> String {
    format!("{} {}", component.ruleset_name(), component.position_text())
}

impl SumPosition {
    /// The sum, in the order of the first of its orders met.
    pub fn sum(&self) -> &Sum {
        &self.sum
    }

    /// The bytes the position holds beyond its `size_of`: its key's texts
    /// and its components (each an `Arc`, shared with other positions).
    pub fn heap_bytes(&self) -> u64 {
        let key: usize = self
            .key
            .iter()
            .map(|k| size_of::<String>() + k.capacity())
            .sum();
        let components = self.sum.components.capacity() * size_of::<ComponentRef>();
        (key + components) as u64
    }
}

impl PartialEq for SumPosition {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl Eq for SumPosition {}

impl std::hash::Hash for SumPosition {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.key.hash(state);
    }
}

impl Game for SumGame {
    type Position = SumPosition;

    fn options(&self, position: &SumPosition) -> Result<Vec<Vec<SumPosition>>> {
        let sum = &position.sum;
        Ok(sum
            .distinct_moves()?
            .iter()
            .map(|m| vec![SumPosition::new(sum.after(m))])
            .collect())
    }

    fn format_position(&self, position: &SumPosition) -> String {
        position.sum.expression()
    }
}

/// What `grundy analyze` reports about a sum.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The sum as an expression writes it (it parses back to the same sum).
    pub expression: String,
    /// The convention the sum was analysed under.
    pub convention: Convention,
    /// Who wins: `P`, `N`, or `D` for a draw (loopy games).
    pub outcome: Outcome,
    /// `None` for a lone component whose nimber is unknown but whose outcome
    /// and winning moves its ruleset finds directly (a huge Wythoff position),
    /// and under misère play, which no nimber decides.
    pub nimber: Option<BigUint>,
    /// The generalized value of a sum with an infinite part (a loopy game),
    /// where it has one: a sum of two infinite parts has none, and is a draw.
    /// `None` for the other sums, whose value is `nimber`.
    pub loopy_value: Option<LoopyValue>,
    /// Each component, with its nimber and value where known.
    pub components: Vec<ComponentAnalysis>,
    /// The first winning moves asked for: how each reads, and the whole sum
    /// after it.
    pub winning_moves: Vec<(String, String)>,
    /// How many winning moves there are in all.
    pub winning_move_count: Count,
    /// For a draw only: the first moves asked for that keep it (to a sum
    /// that is a draw again), as `winning_moves` writes them.
    pub best_moves: Vec<(String, String)>,
}

/// One component of an analysed sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComponentAnalysis {
    /// The component as an expression.
    pub expression: String,
    /// Its nimber; `None` where unknown (a huge Wythoff position alone), under
    /// misère play, and for an infinite value.
    pub nimber: Option<BigUint>,
    /// Its generalized Sprague-Grundy value under normal play (the nimber,
    /// or `∞(0,2)`); `None` where the nimber is not reported.
    pub value: Option<String>,
    /// Under misère play, its genus where its search finished within its
    /// limits; `None` otherwise, under normal play, and in a sum answered by
    /// a proven misère quotient (heaps past 32 of a take-and-break code),
    /// where none is searched.
    pub genus: Option<Genus>,
    /// Under misère play, whether it is tame, where its genus is known.
    pub tame: Option<bool>,
    /// Under misère play, its misère canonical form, written, where its
    /// search finished within its limits (`crate::misere::positions`);
    /// `None` otherwise, under normal play, and where no genus is searched.
    pub misere_form: Option<String>,
    /// Whether the player to move wins at once here (`Component::wins_at_once`):
    /// it then has no nimber.
    pub wins_at_once: bool,
}

impl ComponentAnalysis {
    fn with_nimber(c: &ComponentRef, nimber: Option<BigUint>) -> ComponentAnalysis {
        ComponentAnalysis {
            expression: component_expression(c),
            value: nimber.as_ref().map(ToString::to_string),
            nimber,
            genus: None,
            tame: None,
            misere_form: None,
            wins_at_once: false,
        }
    }

    /// A component under misère play: no nimber, its genus and misère form
    /// where known.
    fn misere(
        c: &ComponentRef,
        genus: Option<&Classified>,
        misere_form: Option<String>,
    ) -> ComponentAnalysis {
        ComponentAnalysis {
            genus: genus.map(|g| g.genus.clone()),
            tame: genus.map(|g| g.tame),
            misere_form,
            ..ComponentAnalysis::with_nimber(c, None)
        }
    }
}

impl Analysis {
    /// Whether some component is infinite: the sum is then told by its
    /// generalized value, not a nimber.
    pub fn is_loopy(&self) -> bool {
        (self.components.iter()).any(|c| c.nimber.is_none() && c.value.is_some())
    }
}

/// Analyses a sum under normal play.
///
/// A sum needs the nimber of every component. A lone component is a game of
/// its own, so when its nimber is unknown its winning moves (its options of
/// nimber 0) may still be known, and they decide the outcome: a position is
/// `N` exactly when it has an option of nimber 0.
pub fn analyze(sum: &Sum) -> Result<Analysis> {
    analyze_listing(sum, usize::MAX, &mut |_| true)
}

/// Analyses a sum under normal play, listing at most `most` winning moves
/// (and counting them all): writing each move repeats the whole sum, so a
/// sum of many components lists a few. A search of nimbers reports its
/// progress to `progress`, which stops it by answering `false`.
pub fn analyze_listing(sum: &Sum, most: usize, progress: OnSearched) -> Result<Analysis> {
    let decision = decide(sum, progress)?;
    analyze_decided(sum, decision, Some(most), progress)
}

/// The analysis of a sum for its outcome alone (`--outcome-only`), as
/// [`analyze_listing`] with no moves listed, but where the nimbers decide,
/// its winning moves are not counted (`winning_move_count` is "at least
/// 0"): counting them values every option of a component, which a search
/// that proves one nimber at a time leaves unvalued.
pub fn analyze_outcome(sum: &Sum, progress: OnSearched) -> Result<Analysis> {
    let decision = decide(sum, progress)?;
    analyze_decided(sum, decision, None, progress)
}

/// The analysis of a sum as `decision` decides it, with `most` winning
/// moves listed (none where `None`, and then not counted where the nimbers
/// decide).
fn analyze_decided(
    sum: &Sum,
    decision: Decision,
    most: Option<usize>,
    progress: OnSearched,
) -> Result<Analysis> {
    let lone = || &sum.components[0];
    let listed = most.unwrap_or(0);
    match decision {
        Decision::AtOnce => analyze_at_once(sum, listed),
        Decision::Formula(outcome) => analyze_by_outcome(sum, lone(), outcome, listed),
        Decision::Loopy(values) => analyze_loopy(sum, &values, listed, progress),
        Decision::Nimber(nimber) => analyze_by_nimbers(sum, nimber, most, progress),
        Decision::Alone(why) => analyze_alone(sum, listed, progress, why),
    }
}

/// The outcome of a sum under normal play, decided as [`analyze_listing`]
/// decides it, without its winning moves. Play asks it of every option of
/// a sum too large to solve whole: counting each option's winning moves
/// lists its components' options again, as many steps as the sum has
/// moves, for each of its moves (`play 'kayles 10000'`).
pub fn outcome(sum: &Sum, progress: OnSearched) -> Result<Outcome> {
    Ok(match decide(sum, progress)? {
        Decision::AtOnce => Outcome::N,
        Decision::Formula(outcome) => outcome,
        Decision::Loopy(values) => loopy::sum_outcome(&values),
        Decision::Nimber(nimber) => Outcome::from_nimber_is_zero(nimber == BigUint::ZERO),
        Decision::Alone(why) => analyze_alone(sum, 0, progress, why)?.outcome,
    })
}

/// What decides a sum under normal play, the first that applies.
enum Decision {
    /// A component wins at once: `N`.
    AtOnce,
    /// A lone component whose ruleset states its outcome.
    Formula(Outcome),
    /// Some component is infinite: the generalized values of all.
    Loopy(Vec<LoopyValue>),
    /// The nimber of the sum, the XOR of its components'.
    Nimber(BigUint),
    /// A lone component whose nimber cannot be found, short of a limit
    /// (why: the error), decided by its options of nimber 0.
    Alone(Error),
}

fn decide(sum: &Sum, progress: OnSearched) -> Result<Decision> {
    for c in &sum.components {
        if c.has_wins_at_once() && c.wins_at_once()? {
            return Ok(Decision::AtOnce);
        }
    }
    if let [lone] = &sum.components[..] {
        if let Some(outcome) = lone.formula_outcome()? {
            return Ok(Decision::Formula(outcome));
        }
    }
    // A lone component whose nimber no closed form gives and no search
    // reaches may still be decided by its options of nimber 0 (a huge
    // Wythoff position). A limit met (the memory budget, a search stopped)
    // ends the question: the search of its options would meet it again.
    let alone = |error: Error| match sum.components.len() {
        1 if !matches!(error, Error::Limit(_)) => Ok(Decision::Alone(error)),
        _ => Err(error),
    };
    match loopy_values(sum, progress) {
        Ok(Some(values)) => Ok(Decision::Loopy(values)),
        Ok(None) => sum
            .nimber_with_progress(progress)
            .map(Decision::Nimber)
            .or_else(alone),
        Err(error) => alone(error),
    }
}

/// The analysis of a sum of nimber `nimber`, with `most` of its winning
/// moves listed and all counted; none listed nor counted where `most` is
/// `None`.
fn analyze_by_nimbers(
    sum: &Sum,
    nimber: BigUint,
    most: Option<usize>,
    progress: OnSearched,
) -> Result<Analysis> {
    let components = sum
        .components
        .iter()
        .map(|c| Ok(ComponentAnalysis::with_nimber(c, Some(c.nimber(progress)?))))
        .collect::<Result<Vec<_>>>()?;
    let winning_moves = match most {
        Some(most) => sum.winning_moves(most, progress)?,
        None => Listed {
            items: Vec::new(),
            total: Count::AtLeast(0),
        },
    };
    Ok(Analysis {
        expression: sum.expression(),
        convention: Convention::Normal,
        outcome: Outcome::from_nimber_is_zero(nimber == BigUint::ZERO),
        nimber: Some(nimber),
        loopy_value: None,
        components,
        winning_moves: describe_all(sum, &winning_moves.items),
        winning_move_count: winning_moves.total,
        best_moves: Vec::new(),
    })
}

/// A sum in which the player to move wins at once (`Component::wins_at_once`)
/// in some component: `N`, and the winning moves are those wins, one a
/// component. (Where no component wins at once, the safe moves, which its
/// ruleset lists as options, decide by the XOR rule.)
fn analyze_at_once(sum: &Sum, most: usize) -> Result<Analysis> {
    let mut components = Vec::new();
    let mut wins = Vec::new();
    for (i, c) in sum.components.iter().enumerate() {
        let at_once = c.has_wins_at_once() && c.wins_at_once()?;
        if at_once {
            wins.push((
                format!("{} {}: {} wins at once", c.noun(), i + 1, c.position_text()),
                WON_AT_ONCE.to_string(),
            ));
        }
        components.push(ComponentAnalysis {
            wins_at_once: at_once,
            ..ComponentAnalysis::with_nimber(c, None)
        });
    }
    let listed = Listed::first(wins, most);
    Ok(Analysis {
        expression: sum.expression(),
        convention: Convention::Normal,
        outcome: Outcome::N,
        nimber: None,
        loopy_value: None,
        components,
        winning_moves: listed.items,
        winning_move_count: listed.total,
        best_moves: Vec::new(),
    })
}

/// What a winning move that wins at once leaves: the game is over.
pub const WON_AT_ONCE: &str = "(won)";

/// Refuses misère and every-move play of a sum with a component whose
/// ruleset has positions that win at once: the safe moves its options are
/// decide normal play only.
pub(crate) fn refuse_wins_at_once(sum: &Sum, play: &str) -> Result<()> {
    match sum.components.iter().find(|c| c.has_wins_at_once()) {
        Some(c) => Err(Error::File {
            path: c.ruleset_name(),
            message: format!(
                "its positions may win at once (fn wins_at_once), which is answered under \
                 normal play only: {play} of it is not defined"
            ),
        }),
        None => Ok(()),
    }
}

/// A lone component whose ruleset states who wins without the nimber (a
/// script's `fn outcome`): its winning moves are its options that the
/// closed form says are P, each a single position (the outcome of a split
/// into parts is no outcome of the parts).
fn analyze_by_outcome(
    sum: &Sum,
    lone: &ComponentRef,
    outcome: Outcome,
    most: usize,
) -> Result<Analysis> {
    let mut winning = Vec::new();
    if outcome == Outcome::N {
        for option in lone.options()? {
            let [part] = &option[..] else {
                return Err(Error::Unsupported(format!(
                    "{} {} has an option of {} parts, whose outcome its closed form (the \
                     outcome of one position) cannot say: state the nimber instead",
                    lone.ruleset_name(),
                    lone.position_text(),
                    option.len()
                )));
            };
            if part.formula_outcome()? == Some(Outcome::P) {
                winning.push(Move {
                    component: 0,
                    to: option,
                });
            }
        }
    }
    if outcome == Outcome::N && winning.is_empty() {
        return Err(Error::File {
            path: lone.ruleset_name(),
            message: format!(
                "its closed form says {} is N, but says none of its options is P: the \
                 closed form is wrong beyond the positions it was checked on",
                lone.position_text()
            ),
        });
    }
    let listed = Listed::first(winning, most);
    Ok(Analysis {
        expression: sum.expression(),
        convention: Convention::Normal,
        outcome,
        nimber: None,
        loopy_value: None,
        components: vec![ComponentAnalysis::with_nimber(lone, None)],
        winning_moves: describe_all(sum, &listed.items),
        winning_move_count: listed.total,
        best_moves: Vec::new(),
    })
}

/// A lone component without a nimber (`why`): its outcome from its
/// winning moves. Where these cannot be found either, the error is `why`,
/// unless their search met a limit (was stopped), which is told instead.
fn analyze_alone(sum: &Sum, most: usize, progress: OnSearched, why: Error) -> Result<Analysis> {
    let lone = &sum.components[0];
    let winning_moves = match lone.options_with_nimber(&BigUint::ZERO, most, progress) {
        Ok(listed) => listed.map(|to| Move { component: 0, to }),
        Err(limit @ Error::Limit(_)) => return Err(limit),
        Err(_) => return Err(why),
    };
    Ok(Analysis {
        expression: sum.expression(),
        convention: Convention::Normal,
        outcome: Outcome::from_nimber_is_zero(winning_moves.total.number() == 0),
        nimber: None,
        loopy_value: None,
        components: vec![ComponentAnalysis::with_nimber(lone, None)],
        winning_moves: describe_all(sum, &winning_moves.items),
        winning_move_count: winning_moves.total,
        best_moves: Vec::new(),
    })
}

fn component_expression(c: &ComponentRef) -> String {
    format!("{} {}", c.ruleset_name(), c.position_text())
}

fn describe_all(sum: &Sum, moves: &[Move]) -> Vec<(String, String)> {
    moves
        .iter()
        .map(|m| (sum.describe(m), sum.after(m).expression()))
        .collect()
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    use super::*;
    use crate::component::ruleset_ref;
    use crate::game::Ruleset;
    use crate::word::Word;

    /// A path 3 -> 2 -> 1 -> 0 whose last position cannot list its
    /// options: each time it is asked (counted in `met`), it gives the
    /// error `error` makes of the count so far.
    struct Failing {
        met: Arc<AtomicUsize>,
        error: fn(usize) -> Error,
    }

    impl Game for Failing {
        type Position = u64;
        fn options(&self, &n: &u64) -> Result<Vec<Vec<u64>>> {
            if n > 0 {
                return Ok(vec![vec![n - 1]]);
            }
            Err((self.error)(self.met.fetch_add(1, Ordering::SeqCst)))
        }
        fn format_position(&self, n: &u64) -> String {
            n.to_string()
        }
    }

    impl Ruleset for Failing {
        fn name(&self) -> String {
            "failing".into()
        }
        fn parse_position(&self, words: &[Word]) -> Result<u64> {
            words[0].number("a position")
        }
    }

    /// The sum of the positions in `expression` of a fresh [`Failing`]
    /// game, and its count.
    fn failing(expression: &str, error: fn(usize) -> Error) -> (Sum, Arc<AtomicUsize>) {
        let met = Arc::new(AtomicUsize::new(0));
        let ruleset = ruleset_ref(Failing {
            met: Arc::clone(&met),
            error,
        });
        let words: Vec<Word> = expression.split(' ').map(Word::new).collect();
        let components = ruleset.components(&Word::new("failing"), &words).unwrap();
        (Sum::new(components), met)
    }

    /// Take one or two tokens, the options of each position counted.
    struct Counted(Arc<AtomicUsize>);

    impl Game for Counted {
        type Position = u64;
        fn options(&self, &n: &u64) -> Result<Vec<Vec<u64>>> {
            self.0.fetch_add(1, Ordering::SeqCst);
            Ok((n.saturating_sub(2)..n).map(|m| vec![m]).collect())
        }
        fn format_position(&self, n: &u64) -> String {
            n.to_string()
        }
    }

    impl Ruleset for Counted {
        fn name(&self) -> String {
            "counted".into()
        }
        fn parse_position(&self, words: &[Word]) -> Result<u64> {
            words[0].number("a position")
        }
    }

    /// The outcome alone of a sum decided by nimbers neither lists nor
    /// counts its winning moves, and lists no option once the nimbers are
    /// known; with no moves listed, they are still counted.
    #[test]
    fn the_outcome_alone_counts_no_winning_moves() {
        let listed = Arc::new(AtomicUsize::new(0));
        let ruleset = ruleset_ref(Counted(Arc::clone(&listed)));
        let words = [Word::new("7"), Word::new("5")];
        let sum = Sum::new(ruleset.components(&Word::new("counted"), &words).unwrap());
        assert_eq!(sum.nimber().unwrap(), BigUint::from(3u8));
        let searched = listed.load(Ordering::SeqCst);

        let outcome = analyze_outcome(&sum, &mut |_| true).unwrap();
        assert_eq!(outcome.outcome, Outcome::N);
        assert!(outcome.winning_moves.is_empty());
        assert_eq!(outcome.winning_move_count, Count::AtLeast(0));
        assert_eq!(listed.load(Ordering::SeqCst), searched);

        let counted = analyze_listing(&sum, 0, &mut |_| true).unwrap();
        assert!(counted.winning_moves.is_empty());
        assert_eq!(counted.winning_move_count, Count::Exactly(2));
        assert!(listed.load(Ordering::SeqCst) > searched);
    }

    /// A lone position whose search meets a limit ends the question with
    /// it, the limit met once. (The search of its value, asked first
    /// whether the value is loopy, once swallowed the error; the nimber's
    /// search began anew, and then the search of each option's: three
    /// searches to one limit.) In a sum of two, the same.
    #[test]
    fn a_limit_met_by_a_search_is_met_once() {
        for expression in ["3", "3 1"] {
            let (sum, met) = failing(expression, |_| Error::Limit("a limit of the test".into()));
            let error = analyze(&sum).unwrap_err();
            assert!(error.to_string().contains("a limit of the test"), "{error}");
            assert_eq!(met.load(Ordering::SeqCst), 1, "{expression}");
        }
    }

    /// A lone position without a nimber is decided by its options of
    /// nimber 0, whose search may meet a limit (Ctrl-C): that is the
    /// error, not why the position had no nimber. Where the options fail
    /// for any other reason, it is why the position had none.
    #[test]
    fn a_limit_met_by_the_search_of_a_lone_position_s_options_is_told() {
        let (sum, met) = failing("3", |k| match k {
            0 => Error::Unsupported("no nimber".into()),
            _ => Error::Limit("stopped".into()),
        });
        let error = analyze(&sum).unwrap_err();
        assert!(
            matches!(&error, Error::Limit(m) if m == "stopped"),
            "{error}"
        );
        assert_eq!(met.load(Ordering::SeqCst), 2);
        let (sum, _) = failing("3", |k| Error::Unsupported(format!("refusal {k}")));
        let error = outcome(&sum, &mut |_| true).unwrap_err();
        assert!(error.to_string().contains("refusal 0"), "{error}");
    }
}
