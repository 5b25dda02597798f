//! The two passes of a tiered solve (see the module above): reach, first
//! tier first ([`mark`]), then solve, last tier first ([`decide`]), each
//! tier's ranks in blocks over all cores; and the solve of a team of
//! processes, each member holding whole tiers, every finished tier handed
//! to a [`Store`] (a process alone solves a piece at a time:
//! `tier/pieces.rs`).

use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::cells::{Cells, Reached};
use super::team::{agree, shares, Shared, Stop, Team};
use super::{
    add_counts, Bits, Budget, Moves, Pass, Plan, TieredGame, TieredSolveProgress, Width, UNREACHED,
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

/// A tiered solve by one member of a [`Team`] of processes (see
/// [`team`](super::team)), each member holding whole tiers, where a
/// process alone solves a piece at a time ([`solve`](super::solve)): each
/// tier's ranks are shared out, each
/// member's findings exchanged after each tier, and every member returns
/// the same summary. `store` is the leader's (the others pass
/// [`Nowhere`](super::team::Nowhere)); only the leader's `progress` is
/// asked, and a stop it asks for is heeded by every member at the next
/// tier.
pub fn solve_in_team<G: TieredGame + ?Sized>(
    game: &G,
    plan: &Plan,
    budget: &Budget,
    team: &dyn Team,
    store: &mut dyn Store,
    progress: &mut dyn FnMut(TieredSolveProgress) -> bool,
) -> Result<Summary> {
    let store = &mut Shared::new(team, store);
    let stop = Stop::new(team);
    let progress = &mut |report| stop.ask(progress, report);
    // A stop asked for during a tier, heeded by every member before the
    // next.
    let between = |pass, tier| match stop.agreed() {
        false => Ok(()),
        true => {
            let size = plan.sizes[tier];
            let (tiers, done) = (plan.sizes.len(), 0);
            ask(
                &mut |_| false,
                TieredSolveProgress {
                    pass,
                    tier,
                    tiers,
                    done,
                    size,
                },
            )
        }
    };
    let start = game.start()?;
    let first = game.tier(&start);
    let tiers = plan.sizes.len();
    let mut summary: Vec<TierSummary> = plan
        .sizes
        .iter()
        .map(|&size| TierSummary {
            size,
            positions: 0,
            counts: Counts::default(),
            read_back: false,
        })
        .collect();
    // Reach: each tier's bits from the tier before.
    let mut previous: Option<Vec<u64>> = None;
    let mut reached = Vec::with_capacity(tiers);
    for t in 0..tiers {
        let bits = match store.load(Part::Reach, t)? {
            Some(stored) => {
                reached.push(stored.positions);
                words(&stored.bytes)
            }
            None => {
                let bits = match (&previous, t) {
                    (_, t) if t <= first => {
                        let mut bits = vec![0; plan.sizes[t].div_ceil(64) as usize];
                        if t == first {
                            let rank = game.class_rank(t, &start);
                            bits[(rank / 64) as usize] |= 1 << (rank % 64);
                        }
                        bits
                    }
                    (Some(previous), _) => {
                        between(Pass::Reaching, t)?;
                        let own = share(team, plan.sizes[t - 1]);
                        let mut bits = reach(game, plan, t, previous, own, progress)?;
                        team.or_bits(&mut bits);
                        bits
                    }
                    (None, _) => unreachable!("the tier before is reached first"),
                };
                let classes = bits.iter().map(|w| w.count_ones() as u64).sum();
                reached.push(classes);
                let stored = Stored {
                    bytes: bytes(&bits),
                    positions: classes,
                    counts: Counts::default(),
                };
                store.save(Part::Reach, t, &stored)?;
                bits
            }
        };
        previous = Some(bits);
    }
    drop(previous);
    agree(team, plan.check_reached(&reached, None, budget))?;
    // Solve: each tier's cells from the next tier's.
    let mut next: Option<Cells> = None;
    let mut start_solution = None;
    let width = plan.width;
    for t in (0..tiers).rev() {
        // The bytes read are dropped once made into words.
        let reach = match store.load(Part::Reach, t)? {
            Some(stored) => Reached::new(words(&stored.bytes)),
            None => {
                return Err(Error::File {
                    path: store.name(Part::Reach, t),
                    message: "missing, though every tier was reached: was it removed?".into(),
                })
            }
        };
        let (cells, counts, read_back) = match store.load(Part::Cells, t)? {
            Some(stored) => {
                let cells = stored.bytes.len() as u64 / width.bytes() as u64;
                if cells != reach.count() {
                    return Err(Error::File {
                        path: store.name(Part::Cells, t),
                        message: format!(
                            "{cells} cells, where {} has {} positions reached: the two files \
                             are not of one solve",
                            store.name(Part::Reach, t),
                            reach.count()
                        ),
                    });
                }
                (stored.bytes, stored.counts, true)
            }
            None => {
                between(Pass::Solving, t)?;
                let own = share(team, plan.sizes[t]);
                let (mut cells, counts) =
                    decide(game, plan, t, &reach, next.as_ref(), own, progress)?;
                let bytes = width.bytes();
                let parts: Vec<Range<usize>> = shares(plan.sizes[t], team.count())
                    .into_iter()
                    .map(|r| {
                        let cells = |rank| reach.below(rank) as usize * bytes;
                        cells(r.start)..cells(r.end)
                    })
                    .collect();
                team.gather(&mut cells, &parts);
                let mut n = [counts.win, counts.lose, counts.tie, counts.draw];
                team.sum(&mut n);
                let [win, lose, tie, draw] = n;
                let counts = Counts {
                    win,
                    lose,
                    tie,
                    draw,
                };
                let stored = Stored {
                    bytes: cells,
                    positions: counts.win + counts.lose + counts.tie + counts.draw,
                    counts,
                };
                store.save(Part::Cells, t, &stored)?;
                (stored.bytes, counts, false)
            }
        };
        let tier = Cells {
            reached: reach,
            cells,
            width,
        };
        summary[t].counts = counts;
        summary[t].positions = counts.win + counts.lose + counts.tie + counts.draw;
        summary[t].read_back = read_back;
        if t == first {
            start_solution = width.decode(tier.get(game.class_rank(t, &start)));
        }
        next = Some(tier);
    }
    Ok(Summary {
        tiers: summary,
        start: start_solution.expect("the start is reached"),
    })
}

/// This member's share of a tier of `size` ranks.
fn share(team: &dyn Team, size: u64) -> Range<u64> {
    shares(size, team.count()).swap_remove(team.index())
}

/// Bits as little-endian bytes, as stored.
fn bytes(bits: &[u64]) -> Vec<u8> {
    bits.iter().flat_map(|w| w.to_le_bytes()).collect()
}

/// Stored bytes as bits.
fn words(bytes: &[u8]) -> Vec<u64> {
    bytes
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
        .collect()
}

/// Asks the caller whether to go on; stops with [`Error::Limit`] if not.
fn ask(
    progress: &mut dyn FnMut(TieredSolveProgress) -> bool,
    report: TieredSolveProgress,
) -> Result<()> {
    match progress(report) {
        true => Ok(()),
        false => Err(Error::Limit(format!(
            "interrupted while {} tier {} of {} ({} of {} ranks done); the tiers finished \
             are kept, and the same solve resumes from them",
            report.pass.verb(),
            report.tier,
            report.tiers,
            report.done,
            report.size
        ))),
    }
}

/// Tier `t`'s reachable ranks: the moves of tier `t - 1`'s reachable
/// positions (`previous`) among the ranks `own` that the rules have not
/// ended, one rank a class of positions equal under the game's symmetries.
fn reach<G: TieredGame + ?Sized>(
    game: &G,
    plan: &Plan,
    t: usize,
    previous: &[u64],
    own: Range<u64>,
    progress: &mut dyn FnMut(TieredSolveProgress) -> bool,
) -> Result<Vec<u64>> {
    let marked = unmarked(plan.sizes[t]);
    mark(game, plan, t, Bits::whole(previous), own, &marked, progress)?;
    Ok(marked.into_iter().map(AtomicU64::into_inner).collect())
}

/// The words of a tier of `size` ranks, none marked yet.
pub(super) fn unmarked(size: u64) -> Vec<AtomicU64> {
    let words: Vec<u64> = super::cells::zeroed(size.div_ceil(64) as usize);
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
                game.visit_moves(t, ranks, reach.bits(), &mut |_, position, moves| {
                    let solution = value(moves, next, width);
                    let mut one = one(solution.standing);
                    let weight = game.class_size(position);
                    one.win *= weight;
                    one.lose *= weight;
                    one.tie *= weight;
                    one.draw *= weight;
                    counts = add_counts(counts, one);
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

/// The counts of one position of this standing.
fn one(standing: Standing) -> Counts {
    let mut counts = Counts::default();
    match standing {
        Standing::Win => counts.win = 1,
        Standing::Lose => counts.lose = 1,
        Standing::Tie => counts.tie = 1,
        Standing::Draw => counts.draw = 1,
    }
    counts
}

/// A reachable position's value, from its moves' values in the next
/// tier's cells.
fn value(moves: Moves<'_>, next: Option<&Cells>, width: Width) -> Solution {
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
    let next = next.expect("the last tier's positions have no moves");
    let (mut lose, mut tie, mut draw, mut win) = (None::<u32>, None::<u32>, false, 0);
    for &rank in ranks {
        let cell = next.get(rank);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_round_trip_through_bytes() {
        let bits = vec![1u64, u64::MAX, 0x8000_0000_0000_0001];
        assert_eq!(words(&bytes(&bits)), bits);
    }
}
