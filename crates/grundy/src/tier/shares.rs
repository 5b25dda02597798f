//! A tiered solve by a team of processes ([`team`](super::team)), each
//! member holding only its share of each tier ([`Shares`]: stripes of
//! ranks dealt in turn), so that N processes, each with a machine's
//! memory, solve a board N times larger than one.
//!
//! - Reaching tier `t`, a member follows the moves of its share of tier
//!   `t - 1`'s reachable positions, a round ([`Plan::round`]) of ranks at
//!   a time: the ranks they reach, sorted and without repeats, go to the
//!   members whose shares hold them ([`Team::exchange`]), which mark
//!   them.
//! - Solving tier `t`, a member holds its share of tier `t + 1` (bits and
//!   cells) and decides its share of tier `t`, a round at a time: it asks
//!   the owners of the ranks its positions' moves reach for their cells,
//!   answers what the others ask of its own share, and decides its
//!   positions from the cells it got.
//!
//! Each member writes its share of a tier's bits, then of its cells, to a
//! file of its own in the directory the members share; the leader joins
//! them into the tier's files, a stripe at a time, byte for byte those of
//! a solve by one process. A tier whose files are there is read back (each
//! member keeps its stripes as it reads the files through); a solve
//! stopped resumes at the first tier not finished.
//! Every member makes the same calls to the team in the same order: a
//! member without ranks in a round still exchanges (nothing).

use std::ops::Range;

use rayon::prelude::*;

use super::cells::{Cells, Reached};
use super::file::Dir;
use super::solve::{ask, counted, value};
use super::team::{agree, Shares, Stop, Team, STRIPE};
use super::TierSummary;
use super::{add_counts, Bits, Budget, Moves, Part, Pass, Plan, Store, Stored, Summary};
use super::{TieredGame, TieredSolveProgress, UNREACHED};
use crate::error::{Error, Result};
use crate::memory::zeroed;
use crate::retrograde::Counts;
use crate::value::Standing;

/// Solves every position reachable from the game's start as member
/// `team.index()` of `team`, each member holding its share of each tier,
/// into `dir`, the directory every member shares (the leader's
/// [`Dir::new`], the others' [`Dir::join`]), reading back the tiers it
/// already holds. `plan` is the game's for the team ([`Plan::in_team`]);
/// the caller checks it against `budget` first, and once every tier is
/// reached the solve checks what solving takes. Every member returns the
/// same summary. Only the leader's `progress` is asked; a stop it asks
/// for is heeded by every member at the next tier ([`Error::Limit`]).
pub fn solve_in_team<G: TieredGame + ?Sized>(
    game: &G,
    plan: &Plan,
    budget: &Budget,
    team: &dyn Team,
    dir: &Dir,
    progress: &mut dyn FnMut(TieredSolveProgress) -> bool,
) -> Result<Summary> {
    let stop = Stop::new(team);
    let progress = &mut |report| stop.ask(progress, report);
    // A stop asked for during a tier, heeded by every member before the
    // next.
    let between = |pass, tier| match stop.agreed() {
        false => Ok(()),
        true => {
            let report = TieredSolveProgress {
                pass,
                tier,
                tiers: plan.sizes.len(),
                done: 0,
                size: plan.sizes[tier],
            };
            ask(&mut |_| false, report)
        }
    };
    let member = Member {
        team,
        plan,
        dir,
        index: team.index(),
        count: team.count(),
    };
    let start = game.start()?;
    let first = game.tier(&start);
    let start_rank = game.class_rank(first, &start);
    let tiers = plan.sizes.len();
    // Reach: each tier's bits from the tier before's.
    let mut reached = Vec::with_capacity(tiers);
    let mut previous: Option<Vec<u64>> = None;
    for t in 0..tiers {
        let stored = member.leaders(|| Ok(dir.head(Part::Reach, t)?.map(|h| [h.positions])))?;
        if let Some([positions]) = stored {
            reached.push(positions);
            previous = None;
            continue;
        }
        between(Pass::Reaching, t)?;
        let shares = member.shares(t);
        let ranks = shares.len(member.index);
        let mut words: Vec<u64> = zeroed(ranks.div_ceil(64) as usize);
        if t > first {
            let before = match previous.take() {
                Some(words) => words,
                None => agree(team, member.own_bits(t - 1))?,
            };
            member.reach(game, t, &before, &mut words, progress)?;
        }
        if t == first && shares.owner(start_rank) == member.index {
            let local = shares.local(start_rank);
            words[(local / 64) as usize] |= 1 << (local % 64);
        }
        let mut positions = [words.iter().map(|w| w.count_ones() as u64).sum()];
        let saved =
            dir.save_share_words(t, (member.index, member.count), ranks, &words, positions[0]);
        agree(team, saved)?;
        team.sum(&mut positions);
        let all = (plan.sizes[t], positions[0], Counts::default());
        member.join(Part::Reach, t, all)?;
        reached.push(positions[0]);
        previous = Some(words);
    }
    drop(previous);
    let bits = dir.bits_bytes(tiers);
    agree(
        team,
        bits.and_then(|bits| plan.check_reached(&reached, Some(bits), budget)),
    )?;
    // Solve: each tier's cells from the next tier's.
    let mut summary = vec![None; tiers];
    let mut next: Option<Cells> = None;
    let mut start_cell = None;
    for t in (0..tiers).rev() {
        let stored = member.leaders(|| match dir.head(Part::Cells, t)? {
            Some(head) if head.entries != reached[t] => Err(Error::File {
                path: dir.name(Part::Cells, t),
                message: format!(
                    "{} cells, where {} has {} positions reached: the two files are not of \
                     one solve",
                    head.entries,
                    dir.name(Part::Reach, t),
                    reached[t]
                ),
            }),
            Some(head) => {
                let c = head.counts;
                Ok(Some([c.win, c.lose, c.tie, c.draw]))
            }
            None => Ok(None),
        })?;
        let (counts, read_back, tier) = match stored {
            Some([win, lose, tie, draw]) => {
                let counts = Counts {
                    win,
                    lose,
                    tie,
                    draw,
                };
                // The start's tier is read back for the start's cell.
                let tier = match t == first {
                    true => Some(agree(team, member.load(t))?),
                    false => None,
                };
                (counts, true, tier)
            }
            None => {
                between(Pass::Solving, t)?;
                if next.is_none() && t + 1 < tiers {
                    next = Some(agree(team, member.load(t + 1))?);
                }
                let reach = Reached::new(agree(team, member.own_bits(t))?);
                let (cells, counts) = member.decide(game, t, &reach, next.as_ref(), progress)?;
                drop(next.take());
                let stored = Stored {
                    bytes: cells,
                    positions: counts.win + counts.lose + counts.tie + counts.draw,
                    counts,
                };
                let saved = dir.save_share_cells(t, (member.index, member.count), &stored);
                agree(team, saved)?;
                let mut n = [counts.win, counts.lose, counts.tie, counts.draw];
                team.sum(&mut n);
                let [win, lose, tie, draw] = n;
                let counts = Counts {
                    win,
                    lose,
                    tie,
                    draw,
                };
                member.join(
                    Part::Cells,
                    t,
                    (reached[t], win + lose + tie + draw, counts),
                )?;
                let tier = Cells {
                    reached: reach,
                    cells: stored.bytes,
                    width: plan.width,
                };
                (counts, false, Some(tier))
            }
        };
        if t == first && member.shares(t).owner(start_rank) == member.index {
            let local = member.shares(t).local(start_rank);
            start_cell = tier.as_ref().map(|tier| tier.get(local));
        }
        next = tier;
        summary[t] = Some(TierSummary {
            size: plan.sizes[t],
            positions: counts.win + counts.lose + counts.tie + counts.draw,
            counts,
            read_back,
        });
    }
    // The start's cell, from the member whose share holds it.
    let mut cell = [start_cell.map_or(0, |c| c as u64 + 1)];
    team.sum(&mut cell);
    let start = cell[0]
        .checked_sub(1)
        .and_then(|c| plan.width.decode(c as u16));
    Ok(Summary {
        tiers: summary
            .into_iter()
            .map(|t| t.expect("every tier"))
            .collect(),
        start: start.expect("the start is reached"),
    })
}

/// Sorted ranks, each sent to the member whose share (of `shares`)
/// holds it, as that member numbers it: each the difference from the one
/// before (the first from 0), seven bits a byte, the high bit set on every
/// byte but a number's last. A round's ranks are close together, so most
/// take a byte or two instead of eight.
fn by_owner(shares: Shares, ranks: &[u64]) -> Vec<Vec<u8>> {
    let mut outgoing = vec![Vec::new(); shares.count];
    let mut last = vec![0; shares.count];
    for &rank in ranks {
        let owner = shares.owner(rank);
        let local = shares.local(rank);
        let mut delta = local - last[owner];
        last[owner] = local;
        let bytes = &mut outgoing[owner];
        while delta >= 0x80 {
            bytes.push(delta as u8 | 0x80);
            delta >>= 7;
        }
        bytes.push(delta as u8);
    }
    outgoing
}

/// The ranks [`by_owner`] sent, as their owner numbers them.
fn to_ranks(bytes: &[u8]) -> impl Iterator<Item = u64> + '_ {
    let (mut at, mut last) = (0, 0u64);
    std::iter::from_fn(move || {
        let (mut delta, mut shift) = (0u64, 0);
        loop {
            let byte = *bytes.get(at)?;
            at += 1;
            delta |= ((byte & 0x7f) as u64) << shift;
            shift += 7;
            if byte < 0x80 {
                last += delta;
                return Some(last);
            }
        }
    })
}

/// Words as their bytes in a file.
fn words_of(bytes: &[u8]) -> impl Iterator<Item = u64> + '_ {
    bytes
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
}

/// One member of the team, as the solve sees it.
struct Member<'a> {
    team: &'a dyn Team,
    plan: &'a Plan,
    dir: &'a Dir,
    index: usize,
    count: usize,
}

/// The positions of a stripe and their moves, found in a round: each
/// position's weight (the positions its class holds) and its moves (the
/// ranks `ranks[range]`), or its standing where the rules ended it.
#[derive(Default)]
struct Found {
    positions: Vec<(u64, std::result::Result<Range<usize>, Standing>)>,
    ranks: Vec<u64>,
}

impl Member<'_> {
    /// How the team shares tier `t`.
    fn shares(&self, t: usize) -> Shares {
        Shares {
            size: self.plan.sizes.get(t).copied().unwrap_or(0),
            count: self.count,
        }
    }

    /// The stripes of tier `t` of this member in round `round`, with
    /// their bits among `words` (its share's).
    fn round<'w>(&self, t: usize, round: u64, words: &'w [u64]) -> Vec<(Range<u64>, Bits<'w>)> {
        let shares = self.shares(t);
        let each = self.plan.round() / STRIPE;
        let stripes = shares.of(self.index).skip((round * each) as usize);
        stripes
            .take(each as usize)
            .map(|c| {
                let ranks = shares.stripe(c);
                let from = (shares.local(ranks.start) / 64) as usize;
                let to = from + (ranks.end - ranks.start).div_ceil(64) as usize;
                let bits = Bits {
                    words: &words[from..to],
                    first: (ranks.start / 64) as usize,
                };
                (ranks, bits)
            })
            .collect()
    }

    /// How many rounds tier `t` takes: those of the member of the most
    /// stripes.
    fn rounds(&self, t: usize) -> u64 {
        let each = self.plan.round() / STRIPE;
        self.shares(t)
            .stripes()
            .div_ceil(self.count as u64)
            .div_ceil(each)
    }

    /// The ranks of tier `t` this member has gone through by round
    /// `round`, of its share's, for progress.
    fn report(&self, pass: Pass, t: usize, tier: usize, round: u64) -> TieredSolveProgress {
        let size = self.shares(t).len(self.index);
        TieredSolveProgress {
            pass,
            tier,
            tiers: self.plan.sizes.len(),
            done: (round * self.plan.round()).min(size),
            size,
        }
    }

    /// What `found` (called on the leader alone) says of a tier's file,
    /// on every member: `N` numbers, or nothing where the file is not
    /// there. Its error stops every member.
    fn leaders<const N: usize>(
        &self,
        found: impl FnOnce() -> Result<Option<[u64; N]>>,
    ) -> Result<Option<[u64; N]>> {
        let found = match self.team.leader() {
            true => found(),
            false => Ok(None),
        };
        let found = agree(self.team, found)?;
        let mut numbers = vec![0u64; N + 1];
        if let Some(found) = found {
            numbers[0] = 1;
            numbers[1..].copy_from_slice(&found);
        }
        self.team.sum(&mut numbers);
        Ok((numbers[0] == 1).then(|| numbers[1..].try_into().expect("N numbers")))
    }

    /// The leader joins the members' shares of tier `t`'s `part` into
    /// its file (`(entries, positions, counts)` its header's); an error
    /// stops every member.
    fn join(&self, part: Part, t: usize, all: (u64, u64, Counts)) -> Result<()> {
        let joined = match self.team.leader() {
            true => self.dir.join_shares(part, t, self.shares(t), all),
            false => Ok(()),
        };
        agree(self.team, joined)
    }

    /// This member's share of tier `t`'s bits, kept as its file is read
    /// through.
    fn own_bits(&self, t: usize) -> Result<Vec<u64>> {
        Ok(self.read(t, false)?.0)
    }

    /// This member's share of tier `t`, its bits and cells, kept as the
    /// tier's files are read through.
    fn load(&self, t: usize) -> Result<Cells> {
        let (words, cells) = self.read(t, true)?;
        Ok(Cells {
            reached: Reached::new(words),
            cells,
            width: self.plan.width,
        })
    }

    /// This member's share of tier `t`'s bits, and of its cells where
    /// `cells` asks, read through the tier's files a stripe at a time.
    fn read(&self, t: usize, cells: bool) -> Result<(Vec<u64>, Vec<u8>)> {
        let shares = self.shares(t);
        let width = self.plan.width.bytes();
        let mut words = Vec::with_capacity(shares.len(self.index).div_ceil(64) as usize);
        let mut kept = Vec::new();
        let mut bits = self.dir.stream(Part::Reach, t)?;
        let mut stream = match cells {
            true => Some(self.dir.stream(Part::Cells, t)?),
            false => None,
        };
        let (mut stripe, mut skipped) = (Vec::new(), Vec::new());
        for c in 0..shares.stripes() {
            let ranks = shares.stripe(c);
            stripe.clear();
            bits.take(
                (ranks.end - ranks.start).div_ceil(64) as usize * 8,
                &mut stripe,
            )?;
            let mine = shares.owner(ranks.start) == self.index;
            if mine {
                words.extend(words_of(&stripe));
            }
            if let Some(stream) = &mut stream {
                let set: u32 = stripe.iter().map(|b| b.count_ones()).sum();
                let into = match mine {
                    true => &mut kept,
                    false => &mut skipped,
                };
                stream.take(set as usize * width, into)?;
                skipped.clear();
            }
        }
        Ok((words, kept))
    }

    /// Marks in `words` (this member's share of tier `t`) the ranks
    /// reached by the moves of tier `t - 1`'s reachable positions: its
    /// own (`previous`, its share of tier `t - 1`'s bits) and the
    /// others', a round at a time.
    fn reach<G: TieredGame + ?Sized>(
        &self,
        game: &G,
        t: usize,
        previous: &[u64],
        words: &mut [u64],
        progress: &mut dyn FnMut(TieredSolveProgress) -> bool,
    ) -> Result<()> {
        for round in 0..self.rounds(t - 1) {
            ask(progress, self.report(Pass::Reaching, t - 1, t, round))?;
            let found: Vec<Vec<u64>> = self
                .round(t - 1, round, previous)
                .into_par_iter()
                .map(|(stripe, bits)| {
                    let mut ranks = Vec::new();
                    game.visit_moves(t - 1, stripe, bits, &mut |_, _, moves| {
                        if let Moves::Ranks(moves) = moves {
                            ranks.extend_from_slice(moves);
                        }
                    });
                    ranks
                })
                .collect();
            let mut ranks = found.concat();
            drop(found);
            ranks.par_sort_unstable();
            ranks.dedup();
            let outgoing = by_owner(self.shares(t), &ranks);
            drop(ranks);
            for came in self.team.exchange(outgoing) {
                for local in to_ranks(&came) {
                    words[(local / 64) as usize] |= 1 << (local % 64);
                }
            }
        }
        Ok(())
    }

    /// The cells of this member's share of tier `t` (its reached ranks
    /// `reach`), in its order, with their counts by standing, from its
    /// share of the next tier (`next`, `None` for the last tier) and the
    /// others', a round at a time; the others are answered meanwhile.
    fn decide<G: TieredGame + ?Sized>(
        &self,
        game: &G,
        t: usize,
        reach: &Reached,
        next: Option<&Cells>,
        progress: &mut dyn FnMut(TieredSolveProgress) -> bool,
    ) -> Result<(Vec<u8>, Counts)> {
        let width = self.plan.width;
        let mut cells: Vec<u8> = zeroed(reach.count() as usize * width.bytes());
        let (mut at, mut counts) = (0, Counts::default());
        let next_shares = self.shares(t + 1);
        for round in 0..self.rounds(t) {
            ask(progress, self.report(Pass::Solving, t, t, round))?;
            // The round's positions and their moves.
            let found: Vec<Found> = self
                .round(t, round, reach.bits().words)
                .into_par_iter()
                .map(|(stripe, bits)| {
                    let mut found = Found::default();
                    game.visit_moves(t, stripe, bits, &mut |_, position, moves| {
                        let weight = game.class_size(position);
                        let moves = match moves {
                            Moves::Finished(standing) => Err(standing),
                            Moves::Ranks(ranks) => {
                                let from = found.ranks.len();
                                found.ranks.extend_from_slice(ranks);
                                Ok(from..found.ranks.len())
                            }
                        };
                        found.positions.push((weight, moves));
                    });
                    found
                })
                .collect();
            // The cells of the ranks their moves reach, from their owners;
            // and the cells the others ask of this member's share.
            let mut wanted: Vec<u64> = found.iter().flat_map(|f| f.ranks.iter().copied()).collect();
            wanted.par_sort_unstable();
            wanted.dedup();
            let asked = self.team.exchange(by_owner(next_shares, &wanted));
            let answers = asked
                .iter()
                .map(|ranks| {
                    to_ranks(ranks)
                        .flat_map(|local| {
                            let cell = next.map_or(UNREACHED, |next| next.get(local));
                            cell.to_le_bytes().into_iter().take(width.bytes())
                        })
                        .collect()
                })
                .collect();
            drop(asked);
            let answered = self.team.exchange(answers);
            // Each owner's answers in the order of its ranks among those
            // wanted.
            let mut taken = vec![0; self.count];
            let got: Vec<u16> = wanted
                .iter()
                .map(|&rank| {
                    let owner = next_shares.owner(rank);
                    let at = taken[owner] * width.bytes();
                    taken[owner] += 1;
                    let cell = &answered[owner][at..at + width.bytes()];
                    u16::from_le_bytes([cell[0], cell.get(1).copied().unwrap_or(0)])
                })
                .collect();
            drop(answered);
            let cell_of = |rank: u64| match wanted.binary_search(&rank) {
                Ok(i) => got[i],
                Err(_) => UNREACHED,
            };
            // The round's cells, stripe by stripe, in order.
            let decided: Vec<(Vec<u8>, Counts)> = found
                .par_iter()
                .map(|found| {
                    let mut cells = vec![0u8; found.positions.len() * width.bytes()];
                    let mut counts = Counts::default();
                    for (i, (weight, moves)) in found.positions.iter().enumerate() {
                        let moves = match moves {
                            Ok(range) => Moves::Ranks(&found.ranks[range.clone()]),
                            Err(standing) => Moves::Finished(*standing),
                        };
                        let solution = value(moves, &cell_of, width);
                        counts = add_counts(counts, counted(solution.standing, *weight));
                        width.set(&mut cells, i, width.encode(solution));
                    }
                    (cells, counts)
                })
                .collect();
            for (stripe, found) in decided {
                cells[at..at + stripe.len()].copy_from_slice(&stripe);
                at += stripe.len();
                counts = add_counts(counts, found);
            }
        }
        Ok((cells, counts))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ranks far apart and close together, the largest a tier may have,
    /// come back to their owners as those number them.
    #[test]
    fn exchanged_ranks_come_back_to_their_owners() {
        let shares = Shares {
            size: u64::MAX,
            count: 3,
        };
        let ranks = [
            0,
            1,
            127,
            128,
            300,
            STRIPE,
            4 * STRIPE + 9,
            1 << 40,
            u64::MAX - 1,
        ];
        let sent = by_owner(shares, &ranks);
        for (owner, bytes) in sent.iter().enumerate() {
            let expected: Vec<u64> = (ranks.iter())
                .filter(|&&r| shares.owner(r) == owner)
                .map(|&r| shares.local(r))
                .collect();
            assert_eq!(to_ranks(bytes).collect::<Vec<_>>(), expected, "{owner}");
        }
        // The first member's: 0, 1, 127 and 128 a byte each, 300 two
        // bytes (172 from 128), the last nine (62 bits).
        assert_eq!(sent[0].len(), 4 + 2 + 9);
        assert_eq!(to_ranks(&[]).count(), 0);
    }
}
