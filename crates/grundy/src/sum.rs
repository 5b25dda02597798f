//! Sums of components, their moves, and the analysis `grundy analyze` prints.

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use num_bigint::BigUint;

use crate::component::ComponentRef;
use crate::error::{Error, Result};
use crate::game::{Arity, Count, Game, Listed, Misere, MiserePosition};
use crate::retrograde::loopy::{self, LoopyValue};
use crate::solver::Solver;
use crate::value::{Convention, Outcome};

/// Components played side by side; a move is made in exactly one of them.
#[derive(Clone, Debug)]
pub struct Sum {
    pub components: Vec<ComponentRef>,
}

/// A move of a sum: component `component` is replaced by the sum `to`.
#[derive(Clone, Debug)]
pub struct Move {
    pub component: usize,
    pub to: Vec<ComponentRef>,
}

impl Sum {
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
        self.components
            .iter()
            .try_fold(BigUint::ZERO, |acc, c| Ok(acc ^ c.nimber()?))
    }

    /// Every move of the sum.
    pub fn moves(&self) -> Result<Vec<Move>> {
        let mut moves = Vec::new();
        for (i, c) in self.components.iter().enumerate() {
            moves.extend(c.options()?.into_iter().map(|to| Move { component: i, to }));
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
    /// that is an `Unsupported` error.
    pub fn winning_moves(&self, most: usize) -> Result<Listed<Move>> {
        let total = self.nimber()?;
        let mut moves = Listed {
            items: Vec::new(),
            total: Count::Exactly(0),
        };
        if total == BigUint::ZERO {
            return Ok(moves);
        }
        for (i, c) in self.components.iter().enumerate() {
            let value = c.nimber()?;
            let target = &value ^ &total;
            let room = most - moves.items.len();
            let options = c.options_with_nimber(&target, room).map_err(|e| {
                if target < value {
                    return e;
                }
                Error::Unsupported(format!(
                    "some winning moves may go from {} {} to options of nimber {target}, \
                     above its own nimber {value}, and those cannot be found: {e}",
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
    pub fn new(sum: Sum) -> SumPosition {
        let mut key: Vec<String> = sum
            .components
            .iter()
            .map(|c| format!("{} {}", c.ruleset_name(), c.position_text()))
            .collect();
        key.sort();
        SumPosition { key, sum }
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
            .moves()?
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
    pub expression: String,
    pub convention: Convention,
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
}

impl ComponentAnalysis {
    fn with_nimber(c: &ComponentRef, nimber: Option<BigUint>) -> ComponentAnalysis {
        ComponentAnalysis {
            expression: component_expression(c),
            value: nimber.as_ref().map(ToString::to_string),
            nimber,
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
    analyze_listing(sum, usize::MAX)
}

/// Analyses a sum under normal play, listing at most `most` winning moves
/// (and counting them all): writing each move repeats the whole sum, so a
/// sum of many components lists a few.
pub fn analyze_listing(sum: &Sum, most: usize) -> Result<Analysis> {
    if let Some(values) = loopy_values(sum)? {
        return analyze_loopy(sum, &values, most);
    }
    match sum.nimber() {
        Ok(nimber) => analyze_by_nimbers(sum, nimber, most),
        Err(error) => match &sum.components[..] {
            [lone] => analyze_alone(sum, lone, most).map_err(|_| error),
            _ => Err(error),
        },
    }
}

fn analyze_by_nimbers(sum: &Sum, nimber: BigUint, most: usize) -> Result<Analysis> {
    let components = sum
        .components
        .iter()
        .map(|c| Ok(ComponentAnalysis::with_nimber(c, Some(c.nimber()?))))
        .collect::<Result<Vec<_>>>()?;
    let winning_moves = sum.winning_moves(most)?;
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

/// A lone component without a nimber: its outcome from its winning moves.
fn analyze_alone(sum: &Sum, lone: &ComponentRef, most: usize) -> Result<Analysis> {
    let winning_moves = lone
        .options_with_nimber(&BigUint::ZERO, most)?
        .map(|to| Move { component: 0, to });
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

/// The generalized values of the components, when some component is
/// infinite; `None` when every value is a nimber.
fn loopy_values(sum: &Sum) -> Result<Option<Vec<LoopyValue>>> {
    let mut loopy = false;
    for c in &sum.components {
        loopy |= c.loopy_value()?.is_some();
    }
    if !loopy {
        return Ok(None);
    }
    sum.components
        .iter()
        .map(generalized_value)
        .collect::<Result<_>>()
        .map(Some)
}

/// A component's generalized Sprague-Grundy value: its nimber, or infinite.
fn generalized_value(c: &ComponentRef) -> Result<LoopyValue> {
    if let Some(value) = c.loopy_value()? {
        return Ok(value);
    }
    let nimber = c.nimber()?;
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
fn analyze_loopy(sum: &Sum, values: &[LoopyValue], most: usize) -> Result<Analysis> {
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
                    Entry::Vacant(vacant) => vacant.insert(generalized_value(part)?).clone(),
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

fn component_expression(c: &ComponentRef) -> String {
    format!("{} {}", c.ruleset_name(), c.position_text())
}

fn describe_all(sum: &Sum, moves: &[Move]) -> Vec<(String, String)> {
    moves
        .iter()
        .map(|m| (sum.describe(m), sum.after(m).expression()))
        .collect()
}

/// Analyses a sum under misère play. A sum of Nim heaps follows the anti-Nim
/// rule; any other sum is searched exhaustively, as long as it is small
/// enough. No nimber is reported: the normal-play nimber does not decide
/// misère play (`nim 1` has nimber 1, yet its player to move loses).
pub fn analyze_misere(sum: &Sum) -> Result<Analysis> {
    analyze_misere_listing(sum, usize::MAX)
}

/// Analyses a sum under misère play, listing at most `most` winning moves.
pub fn analyze_misere_listing(sum: &Sum, most: usize) -> Result<Analysis> {
    let (outcome, moves) = match nim_heaps(sum)? {
        Some(heaps) => {
            let moves = anti_nim_winning_moves(sum, &heaps)?;
            (NimCount::of(&heaps).misere_outcome(), moves)
        }
        None => {
            let mut search = MisereSearch::new(MISERE_SEARCH_LIMIT);
            (search.outcome(sum)?, search.winning_moves(sum)?)
        }
    };
    Ok(Analysis {
        expression: sum.expression(),
        convention: Convention::Misere,
        outcome,
        nimber: None,
        loopy_value: None,
        components: sum
            .components
            .iter()
            .map(|c| ComponentAnalysis::with_nimber(c, None))
            .collect(),
        winning_moves: describe_all(sum, &moves[..moves.len().min(most)]),
        winning_move_count: Count::Exactly(moves.len() as u64),
        best_moves: Vec::new(),
    })
}

/// The heaps of a sum made only of Nim heaps (a heap's nimber is its size).
fn nim_heaps(sum: &Sum) -> Result<Option<Vec<BigUint>>> {
    if !sum.components.iter().all(|c| c.plays_as_nim()) {
        return Ok(None);
    }
    let heaps = sum
        .components
        .iter()
        .map(|c| c.nimber())
        .collect::<Result<_>>()?;
    Ok(Some(heaps))
}

/// What the anti-Nim rule looks at in a sum of Nim heaps.
#[derive(Clone, Debug)]
struct NimCount {
    xor: BigUint,
    /// Heaps of 2 or more.
    large: usize,
    /// Heaps of exactly 1.
    ones: usize,
}

impl NimCount {
    fn of(heaps: &[BigUint]) -> NimCount {
        let empty = NimCount {
            xor: BigUint::ZERO,
            large: 0,
            ones: 0,
        };
        heaps.iter().fold(empty, |count, h| count.with(h))
    }

    fn with(&self, heap: &BigUint) -> NimCount {
        let one = BigUint::from(1u32);
        NimCount {
            xor: &self.xor ^ heap,
            large: self.large + usize::from(*heap > one),
            ones: self.ones + usize::from(*heap == one),
        }
    }

    fn without(&self, heap: &BigUint) -> NimCount {
        let one = BigUint::from(1u32);
        NimCount {
            xor: &self.xor ^ heap,
            large: self.large - usize::from(*heap > one),
            ones: self.ones - usize::from(*heap == one),
        }
    }

    /// The anti-Nim rule (Bouton's misère Nim; the SJ theorem for Nim): when
    /// every heap is 0 or 1, the moves are forced and the player to move
    /// wins exactly when the number of 1-heaps is even (the opponent then
    /// takes the last one). Otherwise play as in normal Nim, moving to XOR 0,
    /// until the move that would leave only heaps of 0 and 1: then leave an
    /// odd number of 1-heaps instead. So with a heap of 2 or more the player
    /// to move wins exactly when the XOR is not 0.
    fn misere_outcome(&self) -> Outcome {
        let wins = if self.large == 0 {
            self.ones % 2 == 0
        } else {
            self.xor != BigUint::ZERO
        };
        Outcome::from_mover_wins(wins)
    }
}

/// Every move of a Nim sum to a misère-P position. A position after the move
/// is P either with XOR 0 and a heap of 2 or more, which only leaving
/// `h ^ xor` in the moved heap gives, or with heaps of 0 and 1 only, which
/// needs the moved heap left at 0 or 1: those three sizes are all there is to
/// try in each heap.
fn anti_nim_winning_moves(sum: &Sum, heaps: &[BigUint]) -> Result<Vec<Move>> {
    let count = NimCount::of(heaps);
    let mut moves = Vec::new();
    for (i, heap) in heaps.iter().enumerate() {
        let others = count.without(heap);
        let mut sizes = vec![heap ^ &count.xor, BigUint::ZERO, BigUint::from(1u32)];
        sizes.sort();
        sizes.dedup();
        for size in sizes.into_iter().filter(|s| s < heap) {
            if others.with(&size).misere_outcome() == Outcome::P {
                // A Nim heap's option of nimber s is the heap of s.
                let to = sum.components[i].options_with_nimber(&size, 1)?;
                moves.extend(to.items.into_iter().map(|to| Move { component: i, to }));
            }
        }
    }
    Ok(moves)
}

/// How many sums a misère search may list (as options of the sums it
/// searches) before it gives up: this bounds its time.
pub const MISERE_SEARCH_LIMIT: usize = 1_000_000;

/// How many components the sums a misère search holds may have in all, at
/// any one time: this bounds its memory (about 75 bytes a component, with its
/// share of its sum's key, so some 150 MB). Counting sums would not: a sum of
/// 1,000 components has 1,000 options of 999 components each, and a search
/// holds the options of every sum on its way down.
pub const MISERE_SEARCH_COMPONENTS: usize = 2_000_000;

/// Misère outcomes by exhaustive search of a sum as one game: `Solver` on the
/// misère form of the sums (see `Misere`), where a sum is misère-P exactly
/// when its nimber there is 0.
pub struct MisereSearch {
    solver: Solver<Misere<HeldSums>>,
    held: Arc<Held>,
}

impl MisereSearch {
    /// A search that lists at most `limit` sums, holding sums of at most
    /// [`MISERE_SEARCH_COMPONENTS`] components at once.
    pub fn new(limit: usize) -> MisereSearch {
        let held = Arc::new(Held {
            components: AtomicUsize::new(0),
            limit: MISERE_SEARCH_COMPONENTS,
        });
        MisereSearch {
            solver: Solver::with_option_limit(Misere(HeldSums(held.clone())), limit),
            held,
        }
    }

    /// The misère outcome of `sum`.
    pub fn outcome(&mut self, sum: &Sum) -> Result<Outcome> {
        let position = MiserePosition::Playing(HeldSum::new(sum.clone(), &self.held));
        let nimber = self.solver.nimber(&position).map_err(beyond_search)?;
        Ok(Outcome::from_nimber_is_zero(nimber == 0))
    }

    /// Every move of `sum` to a misère-P position.
    pub fn winning_moves(&mut self, sum: &Sum) -> Result<Vec<Move>> {
        let mut moves = Vec::new();
        for m in sum.moves().map_err(beyond_search)? {
            if self.outcome(&sum.after(&m))? == Outcome::P {
                moves.push(m);
            }
        }
        Ok(moves)
    }
}

/// The components of the sums a misère search holds, and how many it may.
#[derive(Debug)]
struct Held {
    components: AtomicUsize,
    limit: usize,
}

/// A sum held by a misère search: its components are counted in `Held` for
/// as long as it lives (in the memo, or as an option on the search's stack).
#[derive(Debug)]
struct HeldSum {
    position: SumPosition,
    held: Arc<Held>,
}

impl HeldSum {
    fn new(sum: Sum, held: &Arc<Held>) -> HeldSum {
        held.components.fetch_add(weight(&sum), Ordering::Relaxed);
        HeldSum {
            position: SumPosition::new(sum),
            held: held.clone(),
        }
    }
}

/// What a held sum counts for: its components, and one for the sum itself
/// (an empty sum costs memory too).
fn weight(sum: &Sum) -> usize {
    sum.components.len() + 1
}

impl Clone for HeldSum {
    fn clone(&self) -> HeldSum {
        let weight = weight(&self.position.sum);
        self.held.components.fetch_add(weight, Ordering::Relaxed);
        HeldSum {
            position: self.position.clone(),
            held: self.held.clone(),
        }
    }
}

impl Drop for HeldSum {
    fn drop(&mut self) {
        let weight = weight(&self.position.sum);
        self.held.components.fetch_sub(weight, Ordering::Relaxed);
    }
}

impl PartialEq for HeldSum {
    fn eq(&self, other: &Self) -> bool {
        self.position == other.position
    }
}

impl Eq for HeldSum {}

impl std::hash::Hash for HeldSum {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.position.hash(state);
    }
}

/// Sums as one game, as `SumGame`, which refuses to list a sum's options
/// when the search would then hold more components than it may: the size of
/// a listing is known from the moves, before any sum is built.
struct HeldSums(Arc<Held>);

impl Game for HeldSums {
    type Position = HeldSum;

    fn options(&self, position: &HeldSum) -> Result<Vec<Vec<HeldSum>>> {
        let sum = &position.position.sum;
        let moves = sum.moves()?;
        let stay = sum.components.len().saturating_sub(1);
        let size: usize = moves.iter().map(|m| stay + m.to.len() + 1).sum();
        let held = &self.0;
        if held.components.load(Ordering::Relaxed).saturating_add(size) > held.limit {
            return Err(Error::Limit(format!(
                "the sums it holds would have more than {} components in all",
                held.limit
            )));
        }
        Ok(moves
            .iter()
            .map(|m| vec![HeldSum::new(sum.after(m), held)])
            .collect())
    }

    fn format_position(&self, position: &HeldSum) -> String {
        position.position.sum.expression()
    }
}

/// A misère search that cannot finish: a position too large to list its
/// moves, or more sums than the search may hold. Either way the question is
/// beyond a limit of the search (as it is under normal play, where the same
/// position is too large), and misère theory that would avoid the search is
/// not there yet. Nor is misère play of games whose moves go round a cycle.
fn beyond_search(error: Error) -> Error {
    match error {
        Error::Cycle { .. } => Error::Unsupported(format!(
            "misère play is computed for finite games only, and here {error}"
        )),
        Error::TooLarge(message) => Error::TooLarge(format!(
            "misère play of sums other than Nim needs an exhaustive search, and {message}"
        )),
        Error::Limit(message) => Error::Limit(format!(
            "misère play is known in closed form only for sums of Nim heaps, and the \
             exhaustive search of this sum stopped ({message}); misère theory for larger \
             sums is not supported yet"
        )),
        other => other,
    }
}
