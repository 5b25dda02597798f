//! A tiered solve by one process, a piece of a tier at a time, so that a
//! board whose two largest tiers do not fit in memory together is solved
//! all the same.
//!
//! - Reaching tier `t` holds its bits alone: tier `t - 1`'s are read from
//!   its file a piece ([`Plan::pieces`]) at a time, and the moves of its
//!   reachable positions marked.
//! - Solving tier `t` holds the next tier (its bits, their counts and its
//!   cells, read back from its files) and one piece of tier `t`: the
//!   piece's bits are read from its file, its cells decided and written to
//!   a file of their own (whole or not at all), and once every piece is,
//!   the tier's file is made from them, a piece in memory at a time, and
//!   they are removed. A solve stopped (Ctrl-C, a kill, a power cut)
//!   resumes at the first piece not written.
//!
//! The files are byte for byte those of a team's solve
//! ([`solve_in_team`](super::solve_in_team)): the blocks of a file are cut
//! from its payload, whatever the pieces (or shares) it came in.

use std::ops::Range;
use std::sync::atomic::AtomicU64;

use super::cells::{Cells, Reached};
use super::file::{Dir, Head};
use super::solve::{decide, mark, unmarked};
use super::{add_counts, Bits, Budget, Part, Plan, Store, Stored, Summary, TierSummary};
use super::{TieredGame, TieredSolveProgress};
use crate::error::{Error, Result};
use crate::retrograde::Counts;

/// Solves every position reachable from the game's start, a tier at a
/// time and each tier a piece at a time, storing each tier in `dir` as it
/// is finished and reading back those (and the pieces of a tier) `dir`
/// already has. `plan` is the game's ([`Plan::new`]); the caller checks
/// it against `budget` first ([`Plan::check`]), and once every tier is
/// reached the solve checks what solving takes ([`Plan::check_reached`]).
/// `progress` is called between slices of a piece's ranks; when it returns
/// `false` the solve stops with [`Error::Limit`], the tiers and pieces
/// stored so far kept. The work of a piece runs on rayon's current thread
/// pool.
pub fn solve<G: TieredGame + ?Sized>(
    game: &G,
    plan: &Plan,
    budget: &Budget,
    dir: &mut Dir,
    progress: &mut dyn FnMut(TieredSolveProgress) -> bool,
) -> Result<Summary> {
    let start = game.start()?;
    let first = game.tier(&start);
    let tiers = plan.sizes.len();
    // Reach: each tier's bits from the tier before's, a piece at a time.
    // A tier of one piece is kept for the next, not read back.
    let mut reached = Vec::with_capacity(tiers);
    let mut kept: Option<Vec<u64>> = None;
    for t in 0..tiers {
        if let Some(head) = dir.head(Part::Reach, t)? {
            reached.push(head.positions);
            kept = None;
            continue;
        }
        let mut words = match t > first {
            true => {
                let marked = unmarked(plan.sizes[t]);
                for piece in plan.pieces(t - 1) {
                    let previous = match kept.take() {
                        Some(words) => words,
                        None => dir.words(t - 1, window(&piece))?,
                    };
                    let bits = Bits {
                        words: &previous,
                        first: window(&piece).start as usize,
                    };
                    let (from, size) = (piece.start, plan.sizes[t - 1]);
                    let progress = &mut |report: TieredSolveProgress| {
                        progress(TieredSolveProgress {
                            done: report.done + from,
                            size,
                            ..report
                        })
                    };
                    mark(game, plan, t, bits, piece, &marked, progress)?;
                }
                marked.into_iter().map(AtomicU64::into_inner).collect()
            }
            false => vec![0u64; plan.sizes[t].div_ceil(64) as usize],
        };
        if t == first {
            let rank = game.class_rank(t, &start);
            words[(rank / 64) as usize] |= 1 << (rank % 64);
        }
        let positions = words.iter().map(|w| w.count_ones() as u64).sum();
        dir.save_words(t, &words, positions)?;
        reached.push(positions);
        kept = (plan.pieces(t).len() == 1).then_some(words);
    }
    plan.check_reached(&reached, Some(dir.bits_bytes(tiers)?), budget)?;
    // Solve: each tier's cells from the next tier's, a piece at a time.
    let mut summary = Vec::with_capacity(tiers);
    let mut next: Option<Cells> = None;
    for t in (0..tiers).rev() {
        let (counts, read_back) = match dir.head(Part::Cells, t)? {
            Some(Head {
                entries: cells,
                counts,
                ..
            }) => {
                if cells != reached[t] {
                    let path = dir.name(Part::Cells, t);
                    let message = format!(
                        "{cells} cells, where {} has {} positions reached: the two files are \
                         not of one solve",
                        dir.name(Part::Reach, t),
                        reached[t]
                    );
                    return Err(Error::File { path, message });
                }
                dir.remove_pieces(t)?;
                next = None;
                (counts, true)
            }
            None => {
                if next.is_none() && t + 1 < tiers {
                    next = Some(load(dir, plan, t + 1)?);
                }
                let (counts, solved) =
                    solve_tier(game, plan, (t, reached[t]), dir, next.take(), progress)?;
                next = solved;
                (counts, false)
            }
        };
        summary.push(TierSummary {
            size: plan.sizes[t],
            positions: counts.win + counts.lose + counts.tie + counts.draw,
            counts,
            read_back,
        });
    }
    summary.reverse();
    let tier = load(dir, plan, first)?;
    let start_solution = plan.width.decode(tier.get(game.class_rank(first, &start)));
    Ok(Summary {
        tiers: summary,
        start: start_solution.expect("the start is reached"),
    })
}

/// The words of a tier a piece of ranks is in.
fn window(piece: &Range<u64>) -> Range<u64> {
    piece.start / 64..piece.end.div_ceil(64)
}

/// Tier `t` as its files hold it: its bits, their counts, its cells.
fn load(dir: &Dir, plan: &Plan, t: usize) -> Result<Cells> {
    let words = dir.words(t, 0..plan.sizes[t].div_ceil(64))?;
    let reached = Reached::new(words);
    let cells = match dir.load_cells(t)? {
        Some(stored) => stored.bytes,
        None => {
            return Err(Error::File {
                path: dir.name(Part::Cells, t),
                message: "missing, though the tier was solved: was it removed?".into(),
            })
        }
    };
    if cells.len() as u64 != reached.count() * plan.width.bytes() as u64 {
        let path = dir.name(Part::Cells, t);
        return Err(not_of_one_solve(dir, path, t, &reached, cells.len()));
    }
    Ok(Cells {
        reached,
        cells,
        width: plan.width,
    })
}

/// Solves tier `t` from the next tier (`None` for the last) and stores
/// its cells: a tier of one piece whole, kept in memory for the tier
/// below; else a piece at a time, each piece stored as it is finished
/// (and those stored already read back), then joined into the tier's
/// file (of `cells` cells, the tier's positions reached). The counts of
/// the tier's positions by standing, and the tier where it is kept.
fn solve_tier<G: TieredGame + ?Sized>(
    game: &G,
    plan: &Plan,
    (t, cells): (usize, u64),
    dir: &mut Dir,
    next: Option<Cells>,
    progress: &mut dyn FnMut(TieredSolveProgress) -> bool,
) -> Result<(Counts, Option<Cells>)> {
    let pieces = plan.pieces(t);
    let width = plan.width;
    if let [piece] = &pieces[..] {
        let reach = Reached::new(dir.words(t, window(piece))?);
        let stored = decided(game, plan, t, &reach, next.as_ref(), piece, progress)?;
        let counts = stored.counts;
        drop(next);
        dir.save(Part::Cells, t, &stored)?;
        let tier = Cells {
            reached: reach,
            cells: stored.bytes,
            width,
        };
        return Ok((counts, Some(tier)));
    }
    let mut counts = Counts::default();
    for (p, piece) in pieces.iter().enumerate() {
        let words = window(piece);
        let reach = Reached::window(dir.words(t, words.clone())?, words.start as usize);
        let found = match dir.load_piece(t, p, pieces.len())? {
            Some(stored) if stored.bytes.len() as u64 == reach.count() * width.bytes() as u64 => {
                stored.counts
            }
            Some(stored) => {
                let path = dir.piece_path(t, p, pieces.len()).display().to_string();
                return Err(not_of_one_solve(dir, path, t, &reach, stored.bytes.len()));
            }
            None => {
                let from = piece.start;
                let progress = &mut |report: TieredSolveProgress| {
                    progress(TieredSolveProgress {
                        done: report.done + from,
                        size: plan.sizes[t],
                        ..report
                    })
                };
                let stored = decided(game, plan, t, &reach, next.as_ref(), piece, progress)?;
                dir.save_piece(t, p, pieces.len(), &stored)?;
                stored.counts
            }
        };
        counts = add_counts(counts, found);
    }
    drop(next);
    dir.join_pieces(t, pieces.len(), cells, counts)?;
    dir.remove_pieces(t)?;
    Ok((counts, None))
}

/// The cells of the positions reached in `piece` of tier `t`, decided
/// from the next tier's ([`decide`]), with their counts.
fn decided<G: TieredGame + ?Sized>(
    game: &G,
    plan: &Plan,
    t: usize,
    reach: &Reached,
    next: Option<&Cells>,
    piece: &Range<u64>,
    progress: &mut dyn FnMut(TieredSolveProgress) -> bool,
) -> Result<Stored> {
    let (bytes, counts) = decide(game, plan, t, reach, next, piece.clone(), progress)?;
    Ok(Stored {
        bytes,
        positions: counts.win + counts.lose + counts.tie + counts.draw,
        counts,
    })
}

/// The error of the cells of tier `t` (or a piece of it) in the file
/// `path` not as many as its bits say.
fn not_of_one_solve(dir: &Dir, path: String, t: usize, reach: &Reached, bytes: usize) -> Error {
    Error::File {
        path,
        message: format!(
            "{bytes} bytes of cells, where {} has {} positions reached: the two files are not \
             of one solve",
            dir.name(Part::Reach, t),
            reach.count()
        ),
    }
}
