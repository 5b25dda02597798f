//! The processes that work on one tiered solve together (`mpirun -np N
//! grundy solve ... --tiers DIR`): a [`Team`]. Each member holds, reaches
//! and decides only its own share of each tier's ranks ([`Shares`]:
//! stripes dealt in turn), and writes it to a file of its
//! own in the directory they share; the leader (member 0) joins the
//! shares into the tier's files, byte for byte those of a solve by one
//! process (`tier/shares.rs`). What a member's positions need of others'
//! shares goes in rounds of [`Team::exchange`]: the ranks their moves
//! reach, and the cells of those ranks.
//!
//! The library knows no MPI: [`Alone`], the team of one process, is what a
//! solve uses unless the caller brings another (the command line's `mpi`
//! feature brings one over MPI).
//!
//! Every member must make the same calls in the same order, as MPI's
//! collective operations require; where one member may fail and another
//! not (its files), [`agree`] tells every member, so that all stop
//! together and none waits for the others forever. A stop asked of the
//! leader (Ctrl-C) is heeded at the next tier ([`Stop`]).
//!
//! ```
//! use grundy::tier::team::{Alone, Shares, Team, STRIPE};
//!
//! // Three processes share a tier of ten stripes and a half: stripes 0,
//! // 3, 6, 9 are the first's, 1, 4, 7 and the half stripe 10 the
//! // second's, 2, 5, 8 the third's.
//! let shares = Shares { size: 10 * STRIPE + STRIPE / 2, count: 3 };
//! assert_eq!(shares.of(1).collect::<Vec<_>>(), vec![1, 4, 7, 10]);
//! assert_eq!(shares.owner(4 * STRIPE + 5), 1);
//! assert_eq!(shares.local(4 * STRIPE + 5), STRIPE + 5);
//! assert_eq!(shares.len(0), 4 * STRIPE);
//! assert_eq!(shares.len(1), 3 * STRIPE + STRIPE / 2);
//! assert_eq!(shares.most(), 4 * STRIPE);
//! // Alone is the whole team: all of every tier, nothing to exchange.
//! assert_eq!((Alone.index(), Alone.count()), (0, 1));
//! assert_eq!(Shares { size: 1000, count: 1 }.len(0), 1000);
//! assert_eq!(Alone.exchange(vec![vec![1, 2]]), vec![vec![1, 2]]);
//! ```

use std::cell::Cell;
use std::ops::Range;

use super::TieredSolveProgress;
use crate::error::{Error, ErrorKind, Result};

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

    /// Sends `outgoing[j]` to member `j`, for every `j` (this member's
    /// own too), and returns what each member sent this one, in member
    /// order. `outgoing` has one entry a member.
    fn exchange(&self, outgoing: Vec<Vec<u8>>) -> Vec<Vec<u8>>;

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

    fn exchange(&self, outgoing: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
        outgoing
    }

    fn sum(&self, _numbers: &mut [u64]) {}

    fn broadcast(&self, _bytes: &mut Vec<u8>) {}
}

/// The ranks of a stripe: a tier's ranks are dealt to the members of a
/// team a stripe at a time, in turn (a multiple of 64: whole words of
/// bits).
pub const STRIPE: u64 = 1 << 14;

/// How the `count` members of a team share the ranks `0..size` of a
/// tier: stripe `c` ([`STRIPE`] ranks) is member `c % count`'s, so that
/// each holds about as many of the tier's positions as another, wherever
/// they lie. A member numbers its ranks from 0, its stripes one after
/// another ([`Shares::local`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shares {
    /// The tier's ranks.
    pub size: u64,
    /// The members.
    pub count: usize,
}

impl Shares {
    /// The member whose share holds `rank`.
    pub fn owner(&self, rank: u64) -> usize {
        (rank / STRIPE % self.count as u64) as usize
    }

    /// `rank` as its owner numbers it.
    pub fn local(&self, rank: u64) -> u64 {
        rank / STRIPE / self.count as u64 * STRIPE + rank % STRIPE
    }

    /// The stripes of the tier.
    pub fn stripes(&self) -> u64 {
        self.size.div_ceil(STRIPE)
    }

    /// The ranks of stripe `c`.
    pub fn stripe(&self, c: u64) -> Range<u64> {
        c * STRIPE..((c + 1) * STRIPE).min(self.size)
    }

    /// The stripes of `member`, in order: its `j`-th is the tier's
    /// `j * count + member`.
    pub fn of(&self, member: usize) -> impl Iterator<Item = u64> {
        (member as u64..self.stripes()).step_by(self.count)
    }

    /// How many ranks `member` holds.
    pub fn len(&self, member: usize) -> u64 {
        self.of(member)
            .last()
            .map_or(0, |c| self.local(self.stripe(c).end - 1) + 1)
    }

    /// Whether `member` holds no rank.
    pub fn is_empty(&self, member: usize) -> bool {
        self.len(member) == 0
    }

    /// The most ranks a member holds.
    pub fn most(&self) -> u64 {
        (0..self.count.min(self.stripes() as usize))
            .map(|m| self.len(m))
            .max()
            .unwrap_or(0)
    }
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
