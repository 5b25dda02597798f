//! Strong solving a tier at a time, for games whose positions split into
//! tiers `0..T` such that every move goes from a tier to the next one:
//! Connect Four and m,n,k-games, where the tier is the number of pieces on
//! the board. Each tier's positions are ranked densely (a [`TieredGame`]
//! ranks and unranks them), so a tier is a flat array of cells (value and
//! remoteness) in the order of the ranks, with no hash table and no list
//! of moves.
//!
//! # The algorithm
//! 1. Reach, forward from the start: tier `t + 1`'s positions reachable
//!    from the start are the moves of tier `t`'s, marked one bit a rank.
//!    Each tier's bits are stored ([`Store`]) and dropped; tier `t`'s are
//!    read back a piece (a range of ranks, [`Plan::pieces`]) at a time,
//!    so the bits of one tier and of a piece of another are in memory at
//!    once.
//! 2. Solve, the last tier first: each reachable position of tier `t` is
//!    decided from its moves, which are made again from the position and
//!    looked up by rank among tier `t + 1`'s cells. A tier in memory is
//!    its bits and a cell for each reachable rank, found by counting the
//!    bits below it (`tier/cells.rs`); tier `t + 1` is in memory, read
//!    back from its files, and tier `t` is solved a piece at a time, each
//!    piece stored as it is finished (`tier/pieces.rs`), then
//!    joined into the tier's file. The memory this takes is known once
//!    every tier is reached, and checked then ([`Plan::check_reached`]).
//!
//! A position is won in `1 + r` where some move reaches a position lost in
//! `r` (the least such `r`: the winner hurries), tied in `1 + r` where no
//! move wins and some move reaches a tie in `r` (the least), drawn where
//! only a draw the rules declare is left, and lost in `1 + r` where every
//! move reaches a win (the greatest `r`: the loser delays); a finished
//! position has its standing by the rules in 0 moves, and one with no move
//! is lost. These are the values and remoteness of
//! [`crate::retrograde`]'s solver, position by position.
//!
//! Each tier's ranks are split into blocks solved on all cores (rayon);
//! a block's cells depend only on the next tier, so the result does not
//! depend on the number of threads, nor on the pieces. Between slices of
//! blocks the caller's progress callback may stop the solve: the tiers and
//! pieces stored stay whole, and a solve with the same directory resumes
//! from them ([`file`](mod@file) stores them, whole or not at all).
//!
//! Several processes may share a solve ([`solve_in_team`], [`team`]): each
//! tier's ranks are split among them, each holds only its share of a tier
//! and asks the others for what its positions' moves reach, a round at a
//! time (`tier/shares.rs`), and the files are those of one process.
//!
//! # Cells
//! A cell is one byte where the game has at most 64 tiers (a remoteness
//! below 64: two bits of standing above six of remoteness), else two bytes
//! (fourteen bits of remoteness, as [`crate::retrograde`]'s tables). The
//! standing is 1 for a win, 2 for a loss and 3 for a tie; 0 with a
//! remoteness of 1 is a draw, and the cell 0 marks a rank that names no
//! reachable position.
//!
//! ```
//! use grundy::retrograde::Options;
//!
//! // Connect Four on 4 x 3, a tier at a time into a directory: 13 tiers
//! // (0 to 12 discs), the tier of one disc ranked by its column.
//! let ruleset = grundy::ruleset("connect4(4,3)").unwrap();
//! let game = ruleset.strong().unwrap();
//! let plan = game.tier_plan().unwrap();
//! assert_eq!(plan.sizes.len(), 13);
//! assert_eq!(plan.sizes[1], 4);
//! let dir = std::env::temp_dir().join(format!("grundy-doc-tier-{}", std::process::id()));
//! let options = Options { memory: 1 << 30 };
//! let setup = grundy::tier::Setup::default();
//! let tiered = game.solve_tiers(&dir, &options, &setup, &mut |_| true).unwrap();
//! // The same positions and start as the solve that keeps them all.
//! let whole = game.solve(&options, &mut |_| true, false).unwrap();
//! assert_eq!(tiered.summary.positions(), whole.positions);
//! assert_eq!(tiered.summary.counts(), whole.counts);
//! assert_eq!(tiered.summary.start, whole.start);
//! std::fs::remove_dir_all(&dir).unwrap();
//! ```

mod cells;
pub mod file;
mod lock;
mod pieces;
mod shares;
mod solve;
pub mod team;

pub use pieces::solve;
pub use shares::solve_in_team;
pub use solve::{Part, Store, Stored, Summary, TierSummary};

use crate::error::{Error, Result};
use crate::retrograde::{Counts, Options, StrongGame, MAX_REMOTENESS};
use crate::value::{Solution, Standing};

/// A game whose positions split into tiers `0..tiers()`, every move going
/// from tier `t` to tier `t + 1` (for Connect Four and m,n,k-games, the
/// tier is the number of pieces on the board), with each tier's positions
/// ranked densely: `rank` maps tier `t`'s positions onto `0..tier_size(t)`
/// one to one, and `unrank` is its inverse. Ranks that name no position
/// reachable from the start are allowed (the solver marks them); a ranking
/// by a simple formula usually has some.
pub trait TieredGame: StrongGame {
    /// How many tiers there are.
    fn tiers(&self) -> usize;

    /// How many ranks tier `tier` has.
    fn tier_size(&self, tier: usize) -> u64;

    /// The most moves a position has (Connect Four: its columns).
    fn moves_at_most(&self) -> u64;

    /// The tier of a position: below `tiers()`.
    fn tier(&self, position: &Self::Position) -> usize;

    /// The rank of a position of tier `tier` (its [`tier`](Self::tier)):
    /// below `tier_size(tier)`.
    fn rank(&self, tier: usize, position: &Self::Position) -> u64;

    /// The position of rank `rank` below `tier_size(tier)` in tier `tier`.
    fn unrank(&self, tier: usize, rank: u64) -> Self::Position;

    /// The rank a position's cell is stored at: the least rank of the
    /// positions equal to it under the game's symmetries (a mirror), each
    /// of which has the same value and remoteness. The default, for a game
    /// without symmetries, is its [`rank`](Self::rank).
    fn class_rank(&self, tier: usize, position: &Self::Position) -> u64 {
        self.rank(tier, position)
    }

    /// How many positions the class of `position` under the game's
    /// symmetries holds (1 for a position its own mirror image, else 2
    /// for a mirror): what it counts for. The default: 1.
    fn class_size(&self, _position: &Self::Position) -> u64 {
        1
    }

    /// The [`class_rank`](Self::class_rank)s in tier `tier + 1` of the
    /// moves of `position` (of tier `tier`, not finished), appended to
    /// `ranks`. The default makes each move and ranks it; a game may rank
    /// them from the position's own rank, faster.
    fn move_ranks(&self, tier: usize, position: &Self::Position, ranks: &mut Vec<u64>) {
        let mut moves = Vec::new();
        self.moves(position, &mut moves);
        ranks.extend(moves.iter().map(|to| self.class_rank(tier + 1, to)));
    }

    /// Calls `visit` with each rank of tier `tier` in `ranks` (within the
    /// window of `bits`) whose bit is set in `bits`, and with its
    /// position, in rank order. The default unranks each; a game may
    /// step from one position to the next, faster.
    fn visit_ranks(
        &self,
        tier: usize,
        ranks: std::ops::Range<u64>,
        bits: Bits<'_>,
        visit: &mut dyn FnMut(u64, &Self::Position),
    ) {
        for rank in set_ranks(bits, ranks) {
            visit(rank, &self.unrank(tier, rank));
        }
    }

    /// Calls `visit` as [`visit_ranks`](Self::visit_ranks) does, with
    /// each position's [`Moves`]: its standing where the rules have
    /// ended the game, else its [`move_ranks`](Self::move_ranks). The
    /// default asks [`finished`](StrongGame::finished) and `move_ranks`
    /// of each position; a game may share work between the positions of
    /// consecutive ranks, faster.
    fn visit_moves(
        &self,
        tier: usize,
        ranks: std::ops::Range<u64>,
        bits: Bits<'_>,
        visit: &mut dyn FnMut(u64, &Self::Position, Moves<'_>),
    ) {
        let mut moves = Vec::new();
        self.visit_ranks(
            tier,
            ranks,
            bits,
            &mut |rank, position| match self.finished(position) {
                Some(standing) => visit(rank, position, Moves::Finished(standing)),
                None => {
                    moves.clear();
                    self.move_ranks(tier, position, &mut moves);
                    visit(rank, position, Moves::Ranks(&moves))
                }
            },
        );
    }
}

/// Which ranks of a window of a tier are reached: bit `r % 64` of
/// `words[r / 64 - first]` for rank `r`, the window starting at rank
/// `64 × first` (0 for a whole tier). A tier solved a piece at a time
/// holds the bits of one piece.
#[derive(Clone, Copy, Debug)]
pub struct Bits<'a> {
    /// The window's words of 64 ranks.
    pub words: &'a [u64],
    /// The word of the tier the window starts at.
    pub first: usize,
}

impl<'a> Bits<'a> {
    /// The bits of a whole tier.
    pub fn whole(words: &'a [u64]) -> Bits<'a> {
        Bits { words, first: 0 }
    }

    /// The tier's word `word` (within the window): ranks `64 × word`
    /// and on.
    #[inline]
    pub fn word(&self, word: usize) -> u64 {
        self.words[word - self.first]
    }
}

/// The ranks in `ranks` (within the window of `bits`) whose bit is set in
/// `bits`, in order, a word of unset bits skipped at once.
pub fn set_ranks(bits: Bits<'_>, ranks: std::ops::Range<u64>) -> impl Iterator<Item = u64> + '_ {
    let mut rank = ranks.start;
    std::iter::from_fn(move || {
        while rank < ranks.end {
            let word = bits.word((rank / 64) as usize) >> (rank % 64);
            if word == 0 {
                rank = (rank / 64 + 1) * 64;
                continue;
            }
            let found = rank + word.trailing_zeros() as u64;
            rank = (found + 1).min(ranks.end);
            if found < ranks.end {
                return Some(found);
            }
        }
        None
    })
}

/// A position's moves as [`TieredGame::visit_moves`] gives them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moves<'a> {
    /// The rules have ended the game here, with this standing for the
    /// player to move.
    Finished(Standing),
    /// The [`class_rank`](TieredGame::class_rank)s in the next tier of
    /// the moves (none: the player to move has no move, and loses).
    Ranks(&'a [u64]),
}

/// What a long tiered solve reports every so often.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TieredSolveProgress {
    /// Reaching (forward) or solving (backward).
    pub pass: Pass,
    /// The tier being reached or solved, of `tiers`.
    pub tier: usize,
    /// How many tiers the game has.
    pub tiers: usize,
    /// Ranks done, of `size`: while reaching tier `t`, ranks of tier
    /// `t - 1`, whose positions' moves are followed; while solving, ranks
    /// of tier `t` itself.
    pub done: u64,
    /// The ranks of the tier being gone through (`done`).
    pub size: u64,
}

/// The two passes of a tiered solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// Marking the positions reachable from the start, first tier first.
    Reaching,
    /// Deciding positions, last tier first.
    Solving,
}

impl Pass {
    /// The pass as progress names it: `reaching`, `solving`.
    pub fn verb(self) -> &'static str {
        match self {
            Pass::Reaching => "reaching",
            Pass::Solving => "solving",
        }
    }
}

/// The bytes of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    /// Two bits of standing, six of remoteness.
    One,
    /// Two bits of standing, fourteen of remoteness.
    Two,
}

/// The cell of a rank that names no reachable position.
const UNREACHED: u16 = 0;
/// The cell of a draw.
const DRAW: u16 = 1;

impl Width {
    /// The narrowest cell that holds every remoteness of a game of `tiers`
    /// tiers (at most `tiers - 1`); an error past fourteen bits.
    pub fn for_tiers(tiers: usize) -> Result<Width> {
        match tiers {
            0..=64 => Ok(Width::One),
            _ if tiers - 1 <= MAX_REMOTENESS as usize => Ok(Width::Two),
            _ => Err(Error::Limit(format!(
                "{tiers} tiers: a remoteness above {MAX_REMOTENESS} moves does not fit a \
                 cell of two bytes"
            ))),
        }
    }

    /// The bytes of one cell.
    pub fn bytes(self) -> usize {
        match self {
            Width::One => 1,
            Width::Two => 2,
        }
    }

    /// Where the two bits of standing start.
    fn shift(self) -> u32 {
        match self {
            Width::One => 6,
            Width::Two => 14,
        }
    }

    fn encode(self, solution: Solution) -> u16 {
        let state = match solution.standing {
            Standing::Win => 1,
            Standing::Lose => 2,
            Standing::Tie => 3,
            Standing::Draw => return DRAW,
        };
        state << self.shift() | solution.remoteness.unwrap_or(0) as u16
    }

    /// The solution in a cell; `None` for a rank not reached.
    pub fn decode(self, cell: u16) -> Option<Solution> {
        let remoteness = Some((cell & ((1 << self.shift()) - 1)) as u32);
        let standing = match cell >> self.shift() {
            _ if cell == UNREACHED => return None,
            0 => {
                return Some(Solution {
                    standing: Standing::Draw,
                    remoteness: None,
                })
            }
            1 => Standing::Win,
            2 => Standing::Lose,
            _ => Standing::Tie,
        };
        Some(Solution {
            standing,
            remoteness,
        })
    }

    /// The cell of `rank` in a tier's cells.
    #[inline]
    pub fn get(self, cells: &[u8], rank: u64) -> u16 {
        match self {
            Width::One => cells[rank as usize] as u16,
            Width::Two => {
                let at = rank as usize * 2;
                u16::from_le_bytes([cells[at], cells[at + 1]])
            }
        }
    }

    #[inline]
    fn set(self, cells: &mut [u8], index: usize, cell: u16) {
        match self {
            Width::One => cells[index] = cell as u8,
            Width::Two => cells[index * 2..index * 2 + 2].copy_from_slice(&cell.to_le_bytes()),
        }
    }
}

/// What a tiered solve of a game needs: each tier's size, the cell width,
/// the ranks of a piece, and the memory and disk of its first pass, known
/// before it starts; the second pass's, a cell for each position reached,
/// are known once the first is done ([`Plan::check_reached`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The ranks of each tier, first to last.
    pub sizes: Vec<u64>,
    /// The cell every tier is stored in.
    pub width: Width,
    /// The ranks of a piece (a multiple of 64): a process alone reads a
    /// tier's bits and solves its cells a piece at a time
    /// (`tier/pieces.rs`).
    pub piece: u64,
    /// How many processes solve the game together, each holding its share
    /// of each tier ([`team`]); 1 for a process alone, which holds a piece
    /// of a tier at a time instead.
    pub processes: usize,
    /// The most moves a position has: what a member of a team exchanges
    /// in a round is bounded by it.
    pub moves: u64,
    /// Bytes in memory at the peak of reaching.
    pub memory: u64,
    /// Bytes on disk of every tier's bits, with their headers and
    /// tables of blocks, at most: what reaching writes were no block
    /// shorter for being compressed. Compressed, they take far less
    /// (a tier's reached positions are a small part of its ranks), so the
    /// solve needs free only the largest tier's file at most
    /// ([`Plan::check`]).
    pub disk: u64,
}

/// The ranks of a piece unless a solve asks for others: 2^31, a piece's
/// bits 256 MiB.
pub const PIECE: u64 = 1 << 31;

/// Bytes of the buffers of the files read and written at once: a batch of
/// blocks as stored and unpacked, each way.
const BUFFERS: u64 = 4 * file::BATCH * file::BLOCK_BYTES as u64;

/// How a tiered solve runs, besides the memory it may take: the disk free
/// under its directory, where known (a solve needing more is refused
/// before it starts), and the ranks of a piece ([`PIECE`] unless given).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// Bytes free on the disk of the tier files, where known.
    pub disk_free: Option<u64>,
    /// The ranks of a piece (rounded up to a multiple of 64).
    pub piece: Option<u64>,
}

impl Setup {
    /// The plan of a solve by `processes` processes: pieces of the
    /// setup's ranks for one alone, shares of each tier for a team.
    pub fn plan(&self, plan: Plan, processes: usize) -> Plan {
        match (processes, self.piece) {
            (1, Some(piece)) => plan.with_piece(piece),
            (1, None) => plan,
            _ => plan.in_team(processes),
        }
    }
}

/// What a tiered solve may take: bytes of memory, and bytes of disk free
/// where known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Bytes of memory.
    pub memory: u64,
    /// Bytes free on the disk of the tier files, where known.
    pub disk_free: Option<u64>,
}

impl Budget {
    /// The budget of a solve under `options`, with `disk_free` bytes free.
    pub fn new(options: &Options, disk_free: Option<u64>) -> Budget {
        Budget {
            memory: options.memory,
            disk_free,
        }
    }
}

/// Bytes of a tier's bits: whole words of 64 ranks.
fn bit_bytes(size: u64) -> u64 {
    size.div_ceil(64).saturating_mul(8)
}

impl Plan {
    /// The plan of a solve of `game` by a process alone, a piece of
    /// [`PIECE`] ranks at a time; an error where its remoteness does not
    /// fit a cell.
    pub fn new<G: TieredGame + ?Sized>(game: &G) -> Result<Plan> {
        let tiers = game.tiers();
        let width = Width::for_tiers(tiers)?;
        let sizes: Vec<u64> = (0..tiers).map(|t| game.tier_size(t)).collect();
        Ok(Plan::of_sizes(sizes, width, game.moves_at_most()))
    }

    /// The plan of tiers of `sizes` ranks in cells of `width`, of
    /// positions of at most `moves` moves, a piece of [`PIECE`] ranks at
    /// a time.
    fn of_sizes(sizes: Vec<u64>, width: Width, moves: u64) -> Plan {
        let disk = sizes
            .iter()
            .map(|&s| file::file_bytes(bit_bytes(s)))
            .fold(0u64, u64::saturating_add);
        let plan = Plan {
            sizes,
            width,
            piece: PIECE,
            processes: 1,
            moves,
            memory: 0,
            disk,
        };
        plan.with_piece(PIECE)
    }

    /// The same plan with pieces of `piece` ranks (rounded up to a
    /// multiple of 64, at least 64): smaller pieces take less memory, and
    /// a solve stopped resumes nearer where it was.
    pub fn with_piece(self, piece: u64) -> Plan {
        let piece = piece.max(64).div_ceil(64).saturating_mul(64);
        let plan = Plan { piece, ..self };
        Plan {
            memory: plan.reaching_memory(),
            ..plan
        }
    }

    /// The same plan for each member of a team of `processes` processes,
    /// each of which holds its share of each tier ([`team`]).
    pub fn in_team(self, processes: usize) -> Plan {
        let plan = Plan {
            processes: processes.max(1),
            ..self
        };
        Plan {
            memory: plan.reaching_memory(),
            ..plan
        }
    }

    /// The ranges of ranks of tier `t`'s pieces, in order.
    pub fn pieces(&self, t: usize) -> Vec<std::ops::Range<u64>> {
        let size = self.sizes[t];
        (0..size.div_ceil(self.piece).max(1))
            .map(|p| p * self.piece..((p + 1) * self.piece).min(size))
            .collect()
    }

    /// Bytes of tier `t`'s bits (0 past the last tier).
    pub fn bits(&self, t: usize) -> u64 {
        self.sizes.get(t).map_or(0, |&s| bit_bytes(s))
    }

    /// The ranks of tier `t` a member of the team holds, at most (all of
    /// them for a process alone; 0 past the last tier).
    pub fn share(&self, t: usize) -> u64 {
        self.sizes.get(t).map_or(0, |&size| {
            team::Shares {
                size,
                count: self.processes,
            }
            .most()
        })
    }

    /// The ranks of a tier a member of a team goes through in one round
    /// of exchanges: the team's rounds together a quarter of a million
    /// ranks, and a stripe at least (`tier/shares.rs`).
    pub fn round(&self) -> u64 {
        ((1u64 << 18) / self.processes as u64).max(team::STRIPE) / team::STRIPE * team::STRIPE
    }

    /// Bytes a member of a team holds for one round of exchanges, at most:
    /// the ranks its positions' moves reach (as found, and sorted), those
    /// the others send it, and as many cells each way; with the moves of
    /// the round's positions.
    fn round_bytes(&self) -> u64 {
        let cell = self.width.bytes() as u64;
        let mine = self.round().saturating_mul(self.moves);
        let theirs = mine.saturating_mul(self.processes as u64);
        (mine.saturating_mul(2).saturating_add(theirs))
            .saturating_mul(8 + cell)
            .saturating_add(self.round().saturating_mul(24))
    }

    /// Bytes of a piece of tier `t`'s bits, at most.
    fn piece_bits(&self, t: usize) -> u64 {
        self.sizes
            .get(t)
            .map_or(0, |&s| bit_bytes(s.min(self.piece)))
    }

    /// Bytes in memory at the peak of reaching. Alone: the bits of the
    /// tier marked, those of a piece of the tier before (read straight
    /// into words), and the buffers of the files. A member of a team: its
    /// shares of the two tiers' bits, a round's exchanges, and the
    /// buffers of the files.
    fn reaching_memory(&self) -> u64 {
        (0..self.sizes.len())
            .map(|t| match self.processes > 1 {
                true => {
                    let before = t.checked_sub(1).map_or(0, |b| self.share(b));
                    bit_bytes(self.share(t))
                        .saturating_add(bit_bytes(before))
                        .saturating_add(self.round_bytes())
                        .saturating_add(BUFFERS)
                }
                false => {
                    let before = t.checked_sub(1).map_or(0, |b| self.piece_bits(b));
                    self.bits(t).saturating_add(before).saturating_add(BUFFERS)
                }
            })
            .max()
            .unwrap_or(0)
    }

    /// Bytes in memory at the peak of solving, where tier `t` has
    /// `reached[t]` positions reached (one cell each). Alone: the next
    /// tier's bits, their counts of reached ranks (`tier/cells.rs`) and
    /// cells, with a piece of the tier solved: its bits (read straight
    /// into words), their counts, and its cells; and the buffers of the
    /// files. A member of a team: its shares of the two tiers the same
    /// way (a share's cells at most as many as its ranks or the tier's
    /// positions), a round's exchanges, and the buffers of the files.
    pub fn solving_memory(&self, reached: &[u64]) -> u64 {
        let bytes = self.width.bytes() as u64;
        // `ranks` of tier `t` in memory: their bits, counts and cells.
        let held = |t: usize, ranks: u64| {
            let cells = reached.get(t).map_or(0, |&r| r.min(ranks));
            cells::Reached::bytes_for(ranks).saturating_add(cells.saturating_mul(bytes))
        };
        (0..self.sizes.len())
            .map(|t| match self.processes > 1 {
                true => held(t, self.share(t))
                    .saturating_add(held(t + 1, self.share(t + 1)))
                    .saturating_add(self.round_bytes())
                    .saturating_add(BUFFERS),
                false => {
                    let next = self.sizes.get(t + 1).copied().unwrap_or(0);
                    held(t, self.sizes[t].min(self.piece))
                        .saturating_add(held(t + 1, next))
                        .saturating_add(BUFFERS)
                }
            })
            .max()
            .unwrap_or(0)
    }

    /// Bytes on disk of every tier's bits and cells, where tier `t` has
    /// `reached[t]` positions reached, with their headers and checksums:
    /// at least and at most. At most, no block is shorter for being
    /// compressed; the pieces (or a team's shares) of the largest tier's
    /// cells are there besides its file. At least, every file but the largest
    /// tier's cells (and its pieces) is compressed to nothing: what must
    /// be free for the solve to go on at all. The bits are `bits` bytes
    /// where their files are written, else [`Plan::disk`] at most and
    /// the largest tier's bits at least.
    pub fn solving_disk(&self, reached: &[u64], bits: Option<u64>) -> Disk {
        let cells = |&r: &u64| file::file_bytes(r.saturating_mul(self.width.bytes() as u64));
        let all = reached.iter().map(cells).fold(0u64, u64::saturating_add);
        let largest = reached.iter().map(cells).max().unwrap_or(0);
        // The pieces (or shares) of the largest tier's cells, besides its
        // file as it is made from them.
        let pieces = largest;
        Disk {
            least: bits
                .unwrap_or_else(|| self.largest_bits_file())
                .saturating_add(largest)
                .saturating_add(pieces),
            most: bits
                .unwrap_or(self.disk)
                .saturating_add(all)
                .saturating_add(pieces),
        }
    }

    /// Bytes of the largest tier's file of bits, at most.
    pub fn largest_bits_file(&self) -> u64 {
        (0..self.sizes.len())
            .map(|t| file::file_bytes(self.bits(t)))
            .max()
            .unwrap_or(0)
    }

    /// Refuses ([`Error::Limit`]) a solve whose reaching needs more memory
    /// than `budget` allows, or more disk than is free (where known) for
    /// its largest file of bits, with the figures and every tier's size.
    /// The files of bits in all take [`Plan::disk`] at most, but as little
    /// as their compression makes them, not known before they are written;
    /// a disk that fills meanwhile stops the solve with [`Error::Limit`]
    /// as well, every file written kept ([`crate::file::write_error`]).
    pub fn check(&self, ruleset: &str, budget: &Budget) -> Result<()> {
        let what = format!("the tiered solve of {ruleset} needs, to reach its positions,");
        let disk = Disk {
            least: self.largest_bits_file(),
            most: self.disk,
        };
        self.refuse(&what, self.memory, disk, budget, String::new())
    }

    /// Refuses ([`Error::Limit`]) a solve whose tiers have `reached[t]`
    /// positions reached in tier `t` where solving them needs more memory
    /// than `budget` allows or more disk than was free (where known) at
    /// least, with the figures, every tier's size and the positions
    /// reached. `bits`
    /// is the bytes of the files of bits written, where known
    /// ([`Plan::solving_disk`]).
    pub fn check_reached(&self, reached: &[u64], bits: Option<u64>, budget: &Budget) -> Result<()> {
        let what = "the tiered solve needs, to solve the positions reached,";
        let memory = self.solving_memory(reached);
        let disk = self.solving_disk(reached, bits);
        let reached: Vec<String> = reached.iter().map(u64::to_string).collect();
        let detail = format!(
            "; positions reached by tier (one a class under its symmetries): {}",
            reached.join(", ")
        );
        self.refuse(what, memory, disk, budget, detail)
    }

    /// Refuses a need of `memory` bytes and `disk.least` bytes of disk
    /// past `budget`: `what` needs them, and `detail` ends the message.
    fn refuse(
        &self,
        what: &str,
        memory: u64,
        disk: Disk,
        budget: &Budget,
        detail: String,
    ) -> Result<()> {
        let over_memory = memory > budget.memory;
        let over_disk = budget.disk_free.is_some_and(|free| disk.least > free);
        if !(over_memory || over_disk) {
            return Ok(());
        }
        let free = budget.disk_free.map_or(String::new(), |f| {
            format!(" of {} free", crate::memory::Size(f))
        });
        Err(Error::Limit(format!(
            "{what} about {} MiB of memory (its budget is {}) and {} MiB of disk at least \
             ({} MiB were no block compressed){free}; {}{detail}",
            mib(memory),
            crate::memory::Size(budget.memory),
            mib(disk.least),
            mib(disk.most),
            self.describe_sizes()
        )))
    }

    /// Every tier's size, for messages: `ranks by tier: 1, 4, 16, ...`.
    pub fn describe_sizes(&self) -> String {
        let sizes: Vec<String> = self.sizes.iter().map(u64::to_string).collect();
        format!(
            "{} tiers of {} ranks in all, cells of {} bytes; ranks by tier: {}",
            self.sizes.len(),
            self.sizes.iter().fold(0u64, |a, &s| a.saturating_add(s)),
            self.width.bytes(),
            sizes.join(", ")
        )
    }
}

/// Bytes of disk a solve needs: `least` where its files compress as well
/// as they may (the one file being written is counted at most), `most`
/// where no block is shorter for being compressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Disk {
    /// Bytes that must be free for the solve to go on at all.
    pub least: u64,
    /// Bytes the files take at most.
    pub most: u64,
}

/// Bytes in MiB, rounded up (a need is never shown as 0).
fn mib(bytes: u64) -> u64 {
    bytes.div_ceil(1 << 20)
}

/// Adds `b`'s counts to `a`'s.
fn add_counts(a: Counts, b: Counts) -> Counts {
    Counts {
        win: a.win + b.win,
        lose: a.lose + b.lose,
        tie: a.tie + b.tie,
        draw: a.draw + b.draw,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_round_trip_and_zero_is_unreached() {
        for width in [Width::One, Width::Two] {
            let most = match width {
                Width::One => 63,
                Width::Two => MAX_REMOTENESS,
            };
            for standing in [Standing::Win, Standing::Lose, Standing::Tie] {
                for r in [0, 1, most] {
                    let s = Solution {
                        standing,
                        remoteness: Some(r),
                    };
                    assert_eq!(width.decode(width.encode(s)), Some(s));
                }
            }
            let draw = Solution {
                standing: Standing::Draw,
                remoteness: None,
            };
            assert_eq!(width.decode(width.encode(draw)), Some(draw));
            assert_eq!(width.decode(UNREACHED), None);
        }
        assert_eq!(Width::for_tiers(64).unwrap(), Width::One);
        assert_eq!(Width::for_tiers(65).unwrap(), Width::Two);
        assert!(Width::for_tiers(MAX_REMOTENESS as usize + 2).is_err());
    }

    /// The disk a solve must have free is its largest file at most (and
    /// when solving, the largest tier's cells twice, as pieces and as
    /// its file, besides the bits written), not every file at most: the
    /// files are compressed, 6 x 6's bits to a fraction of their 70 GB
    /// bound. A disk with less than that is refused, naming both figures.
    #[test]
    fn a_plan_needs_free_its_largest_file_not_every_file_uncompressed() {
        let sizes = vec![1 << 20, 8 << 20, 4 << 20];
        let plan = Plan::of_sizes(sizes, Width::One, 7);
        // The largest tier's bits are 1 MiB; all three's, 1.75 MiB.
        let largest = file::file_bytes(bit_bytes(8 << 20));
        assert!(plan.disk > largest + (512 << 10), "{}", plan.disk);
        let budget = |free| Budget {
            memory: u64::MAX,
            disk_free: Some(free),
        };
        plan.check("g", &budget(largest)).unwrap();
        let message = plan
            .check("g", &budget(largest - 1))
            .unwrap_err()
            .to_string();
        let figures = "2 MiB of disk at least (2 MiB were no block compressed) of 1 MiB free";
        assert!(message.contains(figures), "{message}");
        // Solving: 100 and 300 000 and 5 000 positions reached, bits of
        // 1 000 bytes written: the largest cells twice besides the bits.
        let reached = [100, 300_000, 5_000];
        let least = 1_000 + 2 * file::file_bytes(300_000);
        plan.check_reached(&reached, Some(1_000), &budget(least))
            .unwrap();
        let message = plan
            .check_reached(&reached, Some(1_000), &budget(least - 1))
            .unwrap_err()
            .to_string();
        assert!(
            message.contains("to solve the positions reached"),
            "{message}"
        );
        // A team of three: each member holds a third of a tier's ranks
        // (whole words), and the same disk is needed.
        let team = plan.clone().in_team(3);
        let stripes = (8 << 20) / team::STRIPE;
        assert_eq!(team.share(1), stripes.div_ceil(3) * team::STRIPE);
        assert_eq!(
            team.solving_disk(&reached, Some(1_000)),
            plan.solving_disk(&reached, Some(1_000))
        );
    }
}
