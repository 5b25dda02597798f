//! A tiered solve shared by a team of members (`grundy::tier::team`), here
//! threads of one process standing in for MPI's processes, each holding
//! its share of each tier: the files the team writes are byte for byte
//! those of a solve alone (from scratch and resumed from some tiers), no
//! share is left behind, every member returns the same summary, and a
//! stop asked of the leader stops every member.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::{Condvar, Mutex, MutexGuard};

use grundy::catalogue::Connect4;
use grundy::tier::file::Dir;
use grundy::tier::team::Team;
use grundy::tier::{self, Budget, Plan, Summary};

/// A budget no solve of these tests comes near.
const BUDGET: Budget = Budget {
    memory: 4 << 30,
    disk_free: None,
};

/// Members that are threads: each call puts the member's bytes (one
/// message a member) in its slot and, once every member has, reads every
/// slot.
struct Threads<'a> {
    index: usize,
    meeting: &'a Meeting,
}

/// Where the members meet: their slots, and a barrier that a member's
/// panic breaks (the others then panic too, rather than wait forever).
struct Meeting {
    count: usize,
    state: Mutex<State>,
    changed: Condvar,
}

struct State {
    slots: Vec<Vec<Vec<u8>>>,
    arrived: usize,
    round: u64,
    broken: bool,
}

impl Meeting {
    fn new(count: usize) -> Meeting {
        let slots = vec![Vec::new(); count];
        let (arrived, round, broken) = (0, 0, false);
        Meeting {
            count,
            state: Mutex::new(State {
                slots,
                arrived,
                round,
                broken,
            }),
            changed: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits for every member; panics where one panicked.
    fn wait(&self) {
        let mut state = self.lock();
        state.arrived += 1;
        if state.arrived == self.count {
            state.arrived = 0;
            state.round += 1;
            self.changed.notify_all();
        } else {
            let round = state.round;
            while state.round == round && !state.broken {
                state = self.changed.wait(state).unwrap_or_else(|e| e.into_inner());
            }
        }
        assert!(!state.broken, "another member panicked");
    }
}

/// Breaks the meeting where its member's thread panics.
struct Leave<'a>(&'a Meeting);

impl Drop for Leave<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.lock().broken = true;
            self.0.changed.notify_all();
        }
    }
}

impl Threads<'_> {
    /// Every member's `mine`, in member order.
    fn all(&self, mine: Vec<Vec<u8>>) -> Vec<Vec<Vec<u8>>> {
        self.meeting.lock().slots[self.index] = mine;
        self.meeting.wait();
        let all = self.meeting.lock().slots.clone();
        // No member writes its next slot before every member has read.
        self.meeting.wait();
        all
    }
}

fn to_bytes(words: &[u64]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn to_words(bytes: &[u8]) -> impl Iterator<Item = u64> + '_ {
    bytes
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
}

impl Team for Threads<'_> {
    fn index(&self) -> usize {
        self.index
    }

    fn count(&self) -> usize {
        self.meeting.count
    }

    fn exchange(&self, outgoing: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
        let index = self.index;
        let all = self.all(outgoing);
        all.into_iter()
            .map(|mut sent| sent.swap_remove(index))
            .collect()
    }

    fn sum(&self, numbers: &mut [u64]) {
        let mine = vec![0; numbers.len()];
        let all = self.all(vec![to_bytes(numbers)]);
        let mut total = mine;
        for other in all {
            for (t, o) in total.iter_mut().zip(to_words(&other[0])) {
                *t += o;
            }
        }
        numbers.copy_from_slice(&total);
    }

    fn broadcast(&self, bytes: &mut Vec<u8>) {
        *bytes = self.all(vec![bytes.clone()]).swap_remove(0).swap_remove(0);
    }
}

/// A directory of its own under the system's temporary directory.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-team-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The game solved by `count` threads as a team into `dir`; the leader's
/// progress callback says `go(calls so far)`. Every member's result.
fn solve_by_team(
    game: &Connect4,
    count: usize,
    dir: &Path,
    go: impl Fn(usize) -> bool + Sync,
) -> Vec<grundy::Result<Summary>> {
    let plan = Plan::new(game).unwrap().in_team(count);
    let meeting = Meeting::new(count);
    // The leader makes and locks the directory; the others join it.
    let leader = Dir::new(dir, "connect4(5,4)", &plan).unwrap();
    let dirs: Vec<Dir> = (0..count)
        .map(|_| Dir::join(dir, "connect4(5,4)", &plan))
        .collect();
    let dirs: Vec<&Dir> = std::iter::once(&leader).chain(&dirs[1..]).collect();
    std::thread::scope(|scope| {
        let members: Vec<_> = (0..count)
            .map(|index| {
                let (plan, meeting, go, dir) = (&plan, &meeting, &go, dirs[index]);
                scope.spawn(move || {
                    let _leave = Leave(meeting);
                    let team = Threads { index, meeting };
                    let mut calls = 0;
                    tier::solve_in_team(game, plan, &BUDGET, &team, dir, &mut |_| {
                        calls += 1;
                        go(calls)
                    })
                })
            })
            .collect();
        members.into_iter().map(|m| m.join().unwrap()).collect()
    })
}

#[test]
fn a_team_of_three_writes_the_files_of_a_solve_alone() {
    let game = Connect4::new(5, 4).unwrap();
    let alone = scratch("alone");
    let plan = Plan::new(&game).unwrap();
    let mut store = Dir::new(&alone, "connect4(5,4)", &plan).unwrap();
    let expected = tier::solve(&game, &plan, &BUDGET, &mut store, &mut |_| true).unwrap();
    let expected_files = common::files(&alone);
    // Teams of two and three: the small tiers leave members without a
    // rank (tier 1 has 5 ranks, all the first member's).
    for count in [2, 3] {
        let dir = scratch(&format!("team-{count}"));
        for summary in solve_by_team(&game, count, &dir, |_| true) {
            assert_eq!(summary.unwrap(), expected, "{count}");
        }
        assert!(common::files(&dir) == expected_files, "{count} members");
        // Resumed: the tiers of 9 discs and more kept, the rest solved
        // again (tier 9 read back by each member, its share).
        for (name, _) in &expected_files {
            let tier: usize = name[name.len() - 7..name.len() - 4].parse().unwrap();
            if name.starts_with("tier-") && tier < 9 {
                std::fs::remove_file(dir.join(name)).unwrap();
            }
        }
        // A share of a team of seven, killed before its tier was joined:
        // removed, never read.
        std::fs::write(dir.join("tier-005.share-00003-of-00007.bin"), b"cut").unwrap();
        for summary in solve_by_team(&game, count, &dir, |_| true) {
            let summary = summary.unwrap();
            assert_eq!(summary.counts(), expected.counts());
            let read_back: Vec<bool> = summary.tiers.iter().map(|t| t.read_back).collect();
            assert_eq!(read_back, (0..21).map(|t| t >= 9).collect::<Vec<_>>());
        }
        assert!(
            common::files(&dir) == expected_files,
            "{count} members, resumed"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
    std::fs::remove_dir_all(&alone).unwrap();
}

#[test]
fn a_stop_asked_of_the_leader_stops_every_member_at_a_tier() {
    let game = Connect4::new(5, 4).unwrap();
    let dir = scratch("stopped");
    // The leader is asked to stop at its fifth report (the others' never
    // are): every member stops before the next tier.
    let results = solve_by_team(&game, 3, &dir, |calls| calls < 5);
    for result in &results {
        let error = result.as_ref().unwrap_err().to_string();
        assert!(error.contains("interrupted"), "{error}");
    }
    // Whole tiers only, and the same solve resumes from them.
    let kept = common::files(&dir).len();
    assert!(kept > 0 && kept < 42, "{kept}");
    let alone = scratch("stopped-alone");
    let plan = Plan::new(&game).unwrap();
    let mut store = Dir::new(&alone, "connect4(5,4)", &plan).unwrap();
    let expected = tier::solve(&game, &plan, &BUDGET, &mut store, &mut |_| true).unwrap();
    for summary in solve_by_team(&game, 3, &dir, |_| true) {
        assert_eq!(summary.unwrap().counts(), expected.counts());
    }
    assert!(common::files(&dir) == common::files(&alone));
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&alone).unwrap();
}
