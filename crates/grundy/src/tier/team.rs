//! The processes that work on one tiered solve together (`mpirun -np N
//! grundy solve ... --tiers DIR`): a [`Team`]. Each member reaches from
//! and decides only its own share of each tier's ranks ([`shares`]:
//! contiguous, whole words of 64 ranks); after each tier the members
//! exchange what they found, so that every member then holds the same bits
//! and cells as a solve by one process, and the tables written are byte for
//! byte the same. Only the leader (member 0) reads and writes the
//! [`Store`] ([`Shared`]); what it reads back it broadcasts. Every member
//! holds whole tiers, so a team divides the work, not the memory.
//!
//! The library knows no MPI: [`Alone`], the team of one process, is what a
//! solve uses unless the caller brings another (the command line's `mpi`
//! feature brings one over MPI).
//!
//! Every member must make the same calls in the same order, as MPI's
//! collective operations require; where one member may fail and another
//! not (the leader's files), [`agree`] tells every member, so that all stop
//! together and none waits for the others forever. A stop asked of the
//! leader (Ctrl-C) is heeded at the next tier ([`Stop`]).
//!
//! ```
//! use grundy::tier::team::{shares, Alone, Team};
//!
//! // Three processes share a tier of 1000 ranks (16 words of 64 ranks):
//! // six words, six words, and the four left.
//! assert_eq!(shares(1000, 3), vec![0..384, 384..768, 768..1000]);
//! // Alone is the whole team: all of every tier, nothing to exchange.
//! assert_eq!((Alone.index(), Alone.count()), (0, 1));
//! assert_eq!(shares(1000, Alone.count()), vec![0..1000]);
//! ```

use std::cell::Cell;
use std::ops::Range;

use super::{Part, Store, Stored, TieredSolveProgress};
use crate::error::{Error, ErrorKind, Result};
use crate::retrograde::Counts;

/// The processes of one tiered solve. Every member calls each method at
/// the same point of the solve, with slices of the same length; after the
/// call every member holds the same numbers.
pub trait Team {
    /// This member's place, below [`count`](Team::count).
    fn index(&self) -> usize;

    /// How many members there are.
    fn count(&self) -> usize;

    /// Whether this member is the leader (member 0), which alone reads and
    /// writes files and reports progress.
    fn leader(&self) -> bool {
        self.index() == 0
    }

    /// Every member's words OR-ed together, on every member (each marked
    /// the ranks its own positions reach).
    fn or_bits(&self, words: &mut [u64]);

    /// Each member filled its own part of `bytes` (`parts[index]`, one
    /// range a member, in order and apart); afterwards every member holds
    /// every part.
    fn gather(&self, bytes: &mut [u8], parts: &[Range<usize>]);

    /// Every member's numbers added up, on every member.
    fn sum(&self, numbers: &mut [u64]);

    /// The leader's bytes, on every member (the others' are replaced,
    /// length too).
    fn broadcast(&self, bytes: &mut Vec<u8>);
}

/// The team of one process: every call leaves the numbers as they are.
#[derive(Clone, Copy, Debug, Default)]
pub struct Alone;

impl Team for Alone {
    fn index(&self) -> usize {
        0
    }

    fn count(&self) -> usize {
        1
    }

    fn or_bits(&self, _words: &mut [u64]) {}

    fn gather(&self, _bytes: &mut [u8], _parts: &[Range<usize>]) {}

    fn sum(&self, _numbers: &mut [u64]) {}

    fn broadcast(&self, _bytes: &mut Vec<u8>) {}
}

/// How `count` members share the ranks `0..size` of a tier: contiguous
/// ranges in order, each of whole words of 64 ranks but the last, as even
/// as words allow (a member may get none of a small tier).
pub fn shares(size: u64, count: usize) -> Vec<Range<u64>> {
    let words = size.div_ceil(64);
    let each = words.div_ceil(count.max(1) as u64) * 64;
    (0..count as u64)
        .map(|i| (i * each).min(size)..((i + 1) * each).min(size))
        .collect()
}

/// `result` where every member's is `Ok`; an error on every member where
/// any member's is one: its own error where it has one, else an error of
/// the same kind (so of the same exit status) naming the first member that
/// failed, whose own error that member reports.
pub fn agree<T>(team: &dyn Team, result: Result<T>) -> Result<T> {
    let mut failed = vec![0u64; team.count()];
    failed[team.index()] = match &result {
        Ok(_) => 0,
        Err(error) => 1 + (error.kind() == ErrorKind::BadInput) as u64,
    };
    team.sum(&mut failed);
    let first = failed.iter().position(|&f| f > 0);
    match (result, first) {
        (Err(error), _) => Err(error),
        (Ok(_), Some(member)) => {
            let message = format!(
                "process {member} of the {} solving together stopped with an error (it says which)",
                team.count()
            );
            Err(match failed[member] {
                2 => Error::Parameter(message),
                _ => Error::Limit(message),
            })
        }
        (ok, None) => ok,
    }
}

/// The leader's [`Store`] as every member sees it: the leader loads and
/// saves; what it loads (or its error) every member gets.
pub struct Shared<'a> {
    team: &'a dyn Team,
    store: &'a mut dyn Store,
}

impl<'a> Shared<'a> {
    /// `store` is the leader's; the other members' is never used (give
    /// them [`Nowhere`]).
    pub fn new(team: &'a dyn Team, store: &'a mut dyn Store) -> Shared<'a> {
        Shared { team, store }
    }
}

impl Store for Shared<'_> {
    fn load(&mut self, part: Part, tier: usize) -> Result<Option<Stored>> {
        let loaded = match self.team.leader() {
            true => self.store.load(part, tier),
            false => Ok(None),
        };
        let loaded = agree(self.team, loaded)?;
        // Whether it was there, and its numbers; then its bytes.
        let mut head = loaded.as_ref().map_or_else(Vec::new, |s| {
            let c = s.counts;
            [s.positions, c.win, c.lose, c.tie, c.draw]
                .iter()
                .flat_map(|n| n.to_le_bytes())
                .collect()
        });
        self.team.broadcast(&mut head);
        if head.is_empty() {
            return Ok(None);
        }
        let n: Vec<u64> = head
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        let mut bytes = loaded.map(|s| s.bytes).unwrap_or_default();
        self.team.broadcast(&mut bytes);
        Ok(Some(Stored {
            bytes,
            positions: n[0],
            counts: Counts {
                win: n[1],
                lose: n[2],
                tie: n[3],
                draw: n[4],
            },
        }))
    }

    fn save(&mut self, part: Part, tier: usize, stored: &Stored) -> Result<()> {
        let saved = match self.team.leader() {
            true => self.store.save(part, tier, stored),
            false => Ok(()),
        };
        agree(self.team, saved)
    }

    fn name(&self, part: Part, tier: usize) -> String {
        self.store.name(part, tier)
    }
}

/// The store of the members other than the leader: holds nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nowhere;

impl Store for Nowhere {
    fn load(&mut self, _part: Part, _tier: usize) -> Result<Option<Stored>> {
        Ok(None)
    }

    fn save(&mut self, _part: Part, _tier: usize, _stored: &Stored) -> Result<()> {
        Ok(())
    }

    fn name(&self, part: Part, tier: usize) -> String {
        format!("{part:?} of tier {tier} (kept by another process)")
    }
}

/// A team's way of stopping: alone, the progress callback stops the solve
/// where it says so, as ever; in a team, only the leader's callback is
/// asked, and its answer is heeded by every member at the next tier
/// ([`Stop::agreed`]), since a member that stopped alone would leave the
/// others waiting for it.
pub struct Stop<'a> {
    team: &'a dyn Team,
    asked: Cell<bool>,
}

impl<'a> Stop<'a> {
    /// No stop asked yet.
    pub fn new(team: &'a dyn Team) -> Stop<'a> {
        Stop {
            team,
            asked: Cell::new(false),
        }
    }

    /// Reports `report` to `progress` where this member is the leader and
    /// says whether the solve goes on here: alone, the callback's answer;
    /// in a team always (a stop is remembered for [`Stop::agreed`]).
    pub fn ask(
        &self,
        progress: &mut dyn FnMut(TieredSolveProgress) -> bool,
        report: TieredSolveProgress,
    ) -> bool {
        match (self.team.count(), self.team.leader()) {
            (1, _) => progress(report),
            (_, true) => {
                if !self.asked.get() && !progress(report) {
                    self.asked.set(true);
                }
                true
            }
            (_, false) => true,
        }
    }

    /// Whether the leader was asked to stop, on every member (a call every
    /// member makes at the same point: between tiers).
    pub fn agreed(&self) -> bool {
        let mut flag = vec![self.asked.get() as u8];
        self.team.broadcast(&mut flag);
        flag == [1]
    }
}
