//! The two passes of a tiered solve (see the module above): reach, first
//! tier first ([`mark`]), then solve, last tier first ([`decide`]), each
//! tier's ranks in blocks over all cores; and what a tier's files hold
//! ([`Store`]). A process alone goes through them a piece at a time
//! (`tier/pieces.rs`), a team of processes a share each
//! (`tier/shares.rs`).

use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::cells::{Cells, Reached};
use super::{
    add_counts, Bits, Moves, Pass, Plan, TieredGame, TieredSolveProgress, Width, UNREACHED,
};
use crate::error::{Error, Result};
use crate::retrograde::Counts;
use crate::value::{Solution, Standing};

/// Ranks a thread takes at once (a multiple of 64: whole words of bits).
const BLOCK: usize = 1 << 14;
/// Blocks between two calls of the progress callback.
const SLICE: usize = 64;

/// What a [`Store`] holds of a tier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// Which ranks name positions reachable from the start: a bit a rank,
    /// in little-endian words of 64.
    Reach,
    /// The solved cells, by rank.
    Cells,
}

/// A tier's part as stored: its bytes, how many positions it has
/// (reachable ones), and for cells their counts by standing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stored {
    /// The part's bytes: one bit a rank, or one cell a reachable rank
    /// (in rank order).
    pub bytes: Vec<u8>,
    /// The tier's positions reachable from the start.
    pub positions: u64,
    /// For cells, those positions by standing (zero for bits).
    pub counts: Counts,
}

/// Where the finished tiers go, and where a solve that resumes finds them.
pub trait Store {
    /// The part of `tier` stored, `None` if there is none; an error where
    /// one is stored but damaged (a file corrupted or cut short).
    fn load(&mut self, part: Part, tier: usize) -> Result<Option<Stored>>;

    /// Stores the part of `tier`, whole or not at all.
    fn save(&mut self, part: Part, tier: usize, stored: &Stored) -> Result<()>;

    /// What an error about the part of `tier` calls it (a file's path), so
    /// that parts stored whole but not agreeing are refused by name.
    fn name(&self, part: Part, tier: usize) -> String;
}

/// One tier of a solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TierSummary {
    /// Ranks.
    pub size: u64,
    /// Positions reachable from the start.
    pub positions: u64,
    /// Those positions by standing for the player to move there.
    pub counts: Counts,
    /// Whether its cells were read back from the store rather than solved.
    pub read_back: bool,
}

/// What a tiered solve found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Each tier, first to last.
    pub tiers: Vec<TierSummary>,
    /// The start's value and remoteness.
    pub start: Solution,
}

impl Summary {
    /// Positions reachable from the start, in all tiers.
    pub fn positions(&self) -> u64 {
        self.tiers.iter().map(|t| t.positions).sum()
    }

    /// Their counts by standing, in all tiers.
    pub fn counts(&self) -> Counts {
        self.tiers
            .iter()
            .fold(Counts::default(), |a, t| add_counts(a, t.counts))
    }
}

/// Asks the caller whether to go on; stops with [`Error::Limit`] if not.
pub(super) fn ask(
    progress: &mut dyn FnMut(TieredSolveProgress) -> bool,
    report: TieredSolveProgress,
) -> Result<()> {
    match progress(report) {
        true => Ok(()),
        false => Err(Error::Limit(format!(
            "interrupted while {} tier {} of tiers 0 to {} ({} of {} ranks done); the tiers \
             finished are kept, and the same solve resumes from them",
            report.pass.verb(),
            report.tier,
            report.tiers.saturating_sub(1),
            report.done,
            report.size
        ))),
    }
}

/// The words of a tier of `size` ranks, none marked yet.
pub(super) fn unmarked(size: u64) -> Vec<AtomicU64> {
    let words: Vec<u64> = crate::memory::zeroed(size.div_ceil(64) as usize);
    words.into_iter().map(AtomicU64::new).collect()
}

/// Marks in `marked` (tier `t`'s words) the moves of tier `t - 1`'s
/// reachable positions (`previous`, whose window holds `own`) among the
/// ranks `own`, on all cores.
pub(super) fn mark<G: TieredGame + ?Sized>(
    game: &G,
    plan: &Plan,
    t: usize,
    previous: Bits<'_>,
    own: Range<u64>,
    marked: &[AtomicU64],
    progress: &mut dyn FnMut(TieredSolveProgress) -> bool,
) -> Result<()> {
    for slice in slices(own.clone()) {
        let report = TieredSolveProgress {
            pass: Pass::Reaching,
            tier: t,
            tiers: plan.sizes.len(),
            done: slice.start - own.start,
            size: own.end - own.start,
        };
        ask(progress, report)?;
        blocks(slice).into_par_iter().for_each(|block| {
            game.visit_moves(t - 1, block, previous, &mut |_, _, moves| {
                if let Moves::Ranks(ranks) = moves {
                    for &r in ranks {
                        marked[(r / 64) as usize].fetch_or(1 << (r % 64), Ordering::Relaxed);
                    }
                }
            });
        });
    }
    Ok(())
}

/// The slices of `ranks` between two progress reports.
fn slices(ranks: Range<u64>) -> impl Iterator<Item = Range<u64>> {
    let slice = (BLOCK * SLICE) as u64;
    let Range { start, end } = ranks;
    (0..(end - start).div_ceil(slice))
        .map(move |s| start + s * slice..(start + s * slice + slice).min(end))
}

/// The blocks of a slice from its first rank on, one a thread at a time.
fn blocks(slice: Range<u64>) -> Vec<Range<u64>> {
    let block = BLOCK as u64;
    let Range { start, end } = slice;
    (0..(end - start).div_ceil(block))
        .map(|b| start + b * block..(start + b * block + block).min(end))
        .collect()
}

/// Tier `t`'s cells (one a reachable rank, in rank order) of the ranks
/// `own` (the others' 0), from its reachable ranks and the next tier's
/// cells (`None` for the last tier), with their counts by standing (each
/// class counted for the positions it holds).
pub(super) fn decide<G: TieredGame + ?Sized>(
    game: &G,
    plan: &Plan,
    t: usize,
    reach: &Reached,
    next: Option<&Cells>,
    own: Range<u64>,
    progress: &mut dyn FnMut(TieredSolveProgress) -> bool,
) -> Result<(Vec<u8>, Counts)> {
    let width = plan.width;
    let bytes = width.bytes();
    let mut cells = vec![0u8; reach.count() as usize * bytes];
    let mut counts = Counts::default();
    let at = |rank| reach.below(rank) as usize * bytes;
    let mut rest = &mut cells[at(own.start)..at(own.end)];
    for ranks in slices(own.clone()) {
        let report = TieredSolveProgress {
            pass: Pass::Solving,
            tier: t,
            tiers: plan.sizes.len(),
            done: ranks.start - own.start,
            size: own.end - own.start,
        };
        ask(progress, report)?;
        // Each block's cells: those of its reachable ranks, in order.
        let mut parts = Vec::new();
        for block in blocks(ranks) {
            let (part, after) =
                std::mem::take(&mut rest).split_at_mut(at(block.end) - at(block.start));
            parts.push((part, block));
            rest = after;
        }
        let found = parts
            .into_par_iter()
            .map(|(part, ranks)| {
                let (mut counts, mut index) = (Counts::default(), 0);
                let cell_of = |rank| {
                    next.expect("the last tier's positions have no moves")
                        .get(rank)
                };
                game.visit_moves(t, ranks, reach.bits(), &mut |_, position, moves| {
                    let solution = value(moves, &cell_of, width);
                    let weight = game.class_size(position);
                    counts = add_counts(counts, counted(solution.standing, weight));
                    width.set(part, index, width.encode(solution));
                    index += 1;
                });
                counts
            })
            .reduce(Counts::default, add_counts);
        counts = add_counts(counts, found);
    }
    Ok((cells, counts))
}

/// The counts of `weight` positions of this standing (a class of
/// positions under the game's symmetries counts for all it holds).
pub(super) fn counted(standing: Standing, weight: u64) -> Counts {
    let mut counts = Counts::default();
    match standing {
        Standing::Win => counts.win = weight,
        Standing::Lose => counts.lose = weight,
        Standing::Tie => counts.tie = weight,
        Standing::Draw => counts.draw = weight,
    }
    counts
}

/// A reachable position's value, from its moves' cells in the next tier
/// (`cell_of` a rank's).
pub(super) fn value(moves: Moves<'_>, cell_of: &dyn Fn(u64) -> u16, width: Width) -> Solution {
    let at = |standing, remoteness| Solution {
        standing,
        remoteness: Some(remoteness),
    };
    let ranks = match moves {
        Moves::Finished(Standing::Draw) => {
            return Solution {
                standing: Standing::Draw,
                remoteness: None,
            }
        }
        Moves::Finished(standing) => return at(standing, 0),
        Moves::Ranks([]) => return at(Standing::Lose, 0),
        Moves::Ranks(ranks) => ranks,
    };
    let (mut lose, mut tie, mut draw, mut win) = (None::<u32>, None::<u32>, false, 0);
    for &rank in ranks {
        let cell = cell_of(rank);
        debug_assert_ne!(
            cell, UNREACHED,
            "a move of a reachable position is reachable"
        );
        let Some(after) = width.decode(cell) else {
            continue;
        };
        let r = after.remoteness.unwrap_or(0);
        match after.standing {
            Standing::Lose => lose = Some(lose.map_or(r, |l| l.min(r))),
            Standing::Tie => tie = Some(tie.map_or(r, |l| l.min(r))),
            Standing::Draw => draw = true,
            Standing::Win => win = win.max(r),
        }
    }
    match (lose, tie, draw) {
        (Some(r), _, _) => at(Standing::Win, r + 1),
        (None, Some(r), _) => at(Standing::Tie, r + 1),
        (None, None, true) => Solution {
            standing: Standing::Draw,
            remoteness: None,
        },
        (None, None, false) => at(Standing::Lose, win + 1),
    }
}
