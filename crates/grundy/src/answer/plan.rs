//! `solve --plan`: what a solve a tier at a time needs, said before it
//! starts and without solving: each tier's ranks, and for each of the
//! processes that solve it together (`mpirun -np N`) the memory, the disk
//! and the bytes it exchanges with the others. The figures are those the
//! solve itself checks against its budget before it starts
//! ([`crate::tier::Plan`]); where they depend on how many positions a tier
//! reaches, which only the solve finds, they are bounds, every rank
//! counted as reached.
//!
//! ```
//! use grundy::answer::plan::plan;
//!
//! // Connect Four on a 4 x 4 board: 17 tiers, the empty board to the full.
//! let answer = plan("connect4(4,4)", 1, None).unwrap();
//! assert_eq!(answer.tiers.len(), 17);
//! assert_eq!(answer.tiers[0].ranks, 1);
//! assert_eq!(answer.traffic_at_most, 0);
//! ```

use schemars::JsonSchema;
use serde::Serialize;

use crate::error::{Error, Result};

/// What a tiered solve needs, by tier and by process.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct PlanAnswer {
    /// The ruleset as an expression writes it.
    pub ruleset: String,
    /// How many processes solve it together.
    pub processes: u64,
    /// The ranks of a piece a process alone solves at a time; null for a
    /// team, each of whose members holds its share of each tier.
    pub piece_ranks: Option<u64>,
    /// The bytes of one position's cell (its standing and remoteness).
    pub cell_bytes: u64,
    /// The ranks of every tier together.
    pub ranks: u64,
    /// Each tier, first to last.
    pub tiers: Vec<PlanTier>,
    /// Bytes of memory each process takes at the peak of reaching.
    pub reaching_memory: u64,
    /// Bytes of memory each process takes at the peak of solving, at most
    /// (every rank reached).
    pub solving_memory_at_most: u64,
    /// Bytes of disk that must be free under the directory for the solve
    /// to start: the largest tier's file of bits (the solve checks again
    /// once it knows how many positions each tier reaches).
    pub disk_at_least: u64,
    /// Bytes of disk every file takes at most, none compressed.
    pub disk_at_most: u64,
    /// Bytes each process sends and receives in all, at most: for a team,
    /// the ranks its positions' moves reach (8 bytes each at most) when
    /// reaching, and when solving those ranks again with their cells; 0
    /// for one process.
    pub traffic_at_most: u64,
}

/// One tier of a plan.
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
#[non_exhaustive]
pub struct PlanTier {
    /// Its number, from 0 (connect4: the discs on the board).
    pub tier: u64,
    /// Its ranks: the positions it may hold, one a class under the
    /// game's symmetries.
    pub ranks: u64,
    /// Bytes of its bits (one a rank: reached or not).
    pub bits_bytes: u64,
    /// Bytes of its cells at most (one a rank reached).
    pub cells_bytes_at_most: u64,
    /// Bytes each process sends and receives for it, at most.
    pub traffic_at_most: u64,
}

/// The plan of a solve of `ruleset` a tier at a time by `processes`
/// processes, a piece of `piece` ranks at a time for one alone (`None`:
/// [`crate::tier::PIECE`]). An error where the ruleset has no tiers.
pub fn plan(ruleset: &str, processes: usize, piece: Option<u64>) -> Result<PlanAnswer> {
    if processes == 0 {
        return Err(Error::Parameter("a plan is for one process or more".into()));
    }
    let built = crate::registry::ruleset(ruleset)?;
    let strong = built.solvable().ok_or_else(|| {
        Error::Unsupported(format!(
            "{} is not solved strongly: it has no tiers",
            built.name()
        ))
    })?;
    let setup = crate::tier::Setup {
        disk_free: None,
        piece,
    };
    let made = setup.plan(strong.tier_plan()?, processes);
    let cell = made.width.bytes() as u64;
    let every_rank = made.sizes.clone();
    let n = processes as u64;
    // A member's positions of tier `t` with every rank reached, and the
    // bytes of the ranks their moves reach.
    let moves = |t: usize| made.share(t).saturating_mul(made.moves).saturating_mul(8);
    let tiers: Vec<PlanTier> = (made.sizes.iter().enumerate())
        .map(|(t, &ranks)| {
            let bits = made.bits(t);
            let cells = ranks.saturating_mul(cell);
            let reaching = t.checked_sub(1).map_or(0, moves);
            let solving = moves(t).saturating_add(moves(t) / 8 * cell);
            let traffic = match n {
                1 => 0,
                _ => reaching.saturating_add(solving).saturating_mul(2),
            };
            PlanTier {
                tier: t as u64,
                ranks,
                bits_bytes: bits,
                cells_bytes_at_most: cells,
                traffic_at_most: traffic,
            }
        })
        .collect();
    let disk = made.solving_disk(&every_rank, None);
    Ok(PlanAnswer {
        ruleset: built.name(),
        processes: n,
        piece_ranks: (made.processes == 1).then_some(made.piece),
        cell_bytes: cell,
        ranks: made.sizes.iter().fold(0u64, |a, &s| a.saturating_add(s)),
        reaching_memory: made.memory,
        solving_memory_at_most: made.solving_memory(&every_rank),
        disk_at_least: made.largest_bits_file(),
        disk_at_most: disk.most,
        traffic_at_most: tiers
            .iter()
            .fold(0u64, |a, t| a.saturating_add(t.traffic_at_most)),
        tiers,
    })
}
