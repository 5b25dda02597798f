//! Sums under misère play: anti-Nim for sums of Nim heaps, the tame rule
//! for sums of tame components (`tame.rs`), the misère quotient for sums of
//! heaps of one heap game (`quotient.rs`), exhaustive search of the sum
//! otherwise, within a bound.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

use num_bigint::BigUint;

use super::quotient::{by_quotient, needs_a_proof};
use super::tame::{by_tame_rule, genera, of_each_component};
use super::{describe_all, Analysis, ComponentAnalysis, Move, Sum, SumPosition};
use crate::error::{Error, Result};
use crate::game::{Count, Game, Misere, MiserePosition};
use crate::solver::{OnSearched, Solver, Watched};
use crate::value::{Convention, Outcome};

/// Analyses a sum under misère play. Heaps of one take-and-break code, one
/// past heap 32, are answered by its misère quotient where the periodicity
/// theorem proves it (no genus or misère form is searched then; otherwise
/// each component's is, within its search's limits); a sum of Nim heaps
/// follows the anti-Nim rule, a sum of tame components the tame rule (each
/// component's genus is found by search of that component alone), a sum of
/// small heaps of one heap game its misère quotient; any other sum is
/// searched exhaustively, as long as it is small enough. No nimber is
/// reported: the normal-play nimber does not decide misère play (`nim 1`
/// has nimber 1, yet its player to move loses).
pub fn analyze_misere(sum: &Sum) -> Result<Analysis> {
    analyze_misere_listing(sum, usize::MAX, &mut |_| true)
}

/// Analyses a sum under misère play, listing at most `most` winning moves.
/// Its searches (of the components' genera, of a misère quotient, of the
/// whole sum) report their progress to `progress`, which stops them by
/// answering `false`: the analysis then ends with a limit error.
pub fn analyze_misere_listing(sum: &Sum, most: usize, progress: OnSearched) -> Result<Analysis> {
    super::refuse_wins_at_once(sum, "misère play (--misere)")?;
    // Large heaps of a take-and-break code: the quotient first, and no
    // genus where it answers.
    let quotient_first = needs_a_proof(sum);
    let proven = match quotient_first {
        true => by_quotient(sum, progress)?,
        false => None,
    };
    let (genera, forms) = match proven {
        Some(_) => (
            vec![None; sum.components.len()],
            vec![None; sum.components.len()],
        ),
        None => (
            genera(sum, progress)?,
            of_each_component(sum, progress, |c, searched| c.misere_form(searched))?,
        ),
    };
    let (outcome, moves) = match (proven, nim_heaps(sum)?) {
        (Some(answer), _) => answer,
        (None, Some(heaps)) => {
            let moves = anti_nim_winning_moves(sum, &heaps)?;
            (NimCount::of(&heaps).misere_outcome(), moves)
        }
        (None, None) => match by_tame_rule(sum, &genera, progress)? {
            Some(decided) => decided,
            // Not asked twice: a quotient that failed is not cached.
            None => match (!quotient_first).then(|| by_quotient(sum, progress)) {
                Some(Ok(Some(answer))) => answer,
                Some(Err(stopped)) => return Err(stopped),
                _ => {
                    let mut search = MisereSearch::new(MISERE_SEARCH_LIMIT);
                    let outcome = search.outcome(sum, progress)?;
                    (outcome, search.winning_moves(sum, progress)?)
                }
            },
        },
    };
    Ok(Analysis {
        expression: sum.expression(),
        convention: Convention::Misere,
        outcome,
        nimber: None,
        loopy_value: None,
        components: (sum.components.iter().zip(&genera).zip(forms))
            .map(|((c, genus), form)| ComponentAnalysis::misere(c, genus.as_ref(), form))
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
        // Nim heaps: their nimbers are their sizes, no search to report.
        .map(|c| c.nimber(&mut |_| true))
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
                let to = sum.components[i].options_with_nimber(&size, 1, &mut |_| true)?;
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

/// How many components a misère search lists, in the sums that are the
/// options of the sums it searches, between two reports of its progress
/// (a few hundredths of a second of work): listing them is most of its
/// work, and a sum of many components takes long to list (100 different
/// heaps, hundreds of options of 100 components each), so the reports
/// are paced by them, not by sums.
const COMPONENTS_BETWEEN_REPORTS: u64 = 1 << 18;

/// Misère outcomes by exhaustive search of a sum as one game: `Solver` on the
/// misère form of the sums (see `Misere`), where a sum is misère-P exactly
/// when its nimber there is 0.
pub struct MisereSearch {
    solver: Solver<Misere<HeldSums>>,
    held: Arc<Held>,
    /// The components listed when the search last reported its progress.
    reported: u64,
}

impl MisereSearch {
    /// A search that lists at most `limit` sums, holding sums of at most
    /// [`MISERE_SEARCH_COMPONENTS`] components at once.
    pub fn new(limit: usize) -> MisereSearch {
        let held = Arc::new(Held {
            components: AtomicUsize::new(0),
            limit: MISERE_SEARCH_COMPONENTS,
            listed: AtomicU64::new(0),
        });
        let game = Misere(HeldSums(held.clone()));
        MisereSearch {
            solver: Solver::with_option_limit(game, limit).reporting_each_step(),
            held,
            reported: 0,
        }
    }

    /// The misère outcome of `sum`. The search reports the sums it has met
    /// to `progress` every 262,144 components it lists (in the sums that
    /// are options); answering `false` stops it with a limit error.
    pub fn outcome(&mut self, sum: &Sum, progress: OnSearched) -> Result<Outcome> {
        let position = MiserePosition::Playing(HeldSum::new(sum.clone(), &self.held));
        let held = &self.held;
        let reported = &mut self.reported;
        let mut watched = Watched::new(progress);
        let searched = self.solver.nimber_with_progress(&position, &mut |met| {
            let listed = held.listed.load(Ordering::Relaxed);
            if listed < *reported + COMPONENTS_BETWEEN_REPORTS {
                return true;
            }
            *reported = listed;
            watched.ask(met)
        });
        let nimber = match searched {
            Ok(nimber) => nimber,
            Err(stop) if watched.stopped() => return Err(stop),
            Err(error) => return Err(beyond_search(error)),
        };
        Ok(Outcome::from_nimber_is_zero(nimber == 0))
    }

    /// Every move of `sum` to a misère-P position; the search reports its
    /// progress as [`MisereSearch::outcome`]'s does.
    pub fn winning_moves(&mut self, sum: &Sum, progress: OnSearched) -> Result<Vec<Move>> {
        let mut moves = Vec::new();
        for m in sum.moves().map_err(beyond_search)? {
            if self.outcome(&sum.after(&m), progress)? == Outcome::P {
                moves.push(m);
            }
        }
        Ok(moves)
    }
}

/// The components of the sums a misère search holds, and how many it may;
/// and how many it has listed in all, which paces its reports.
#[derive(Debug)]
struct Held {
    components: AtomicUsize,
    limit: usize,
    listed: AtomicU64,
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
        let moves = sum.distinct_moves()?;
        let stay = sum.components.len().saturating_sub(1);
        let size: usize = moves.iter().map(|m| stay + m.to.len() + 1).sum();
        let held = &self.0;
        if held.components.load(Ordering::Relaxed).saturating_add(size) > held.limit {
            return Err(Error::Limit(format!(
                "the sums it holds would have more than {} components in all",
                held.limit
            )));
        }
        held.listed.fetch_add(size as u64, Ordering::Relaxed);
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
/// position is too large), and the sum is not one the tame rule decides.
/// Nor is misère play of games whose moves go round a cycle.
fn beyond_search(error: Error) -> Error {
    match error {
        Error::Cycle { .. } => Error::Unsupported(format!(
            "misère play is computed for finite games only, and here {error}"
        )),
        Error::TooLarge(message) => Error::TooLarge(format!(
            "misère play of sums other than Nim needs an exhaustive search, and {message}"
        )),
        Error::Limit(message) => Error::Limit(format!(
            "misère play is decided without search only for sums of Nim heaps and of tame \
             games, and some part of this sum is not tame (or its genus was beyond its own \
             search); the exhaustive search of this sum stopped ({message}); misère theory \
             for larger sums of wild games is not supported yet"
        )),
        other => other,
    }
}
