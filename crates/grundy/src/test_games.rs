//! Small games the searches' unit tests share (tests only).

use crate::error::Result;
use crate::game::Game;

/// A path 0 <- 1 <- 2 <- ...: each position's only option is the one below
/// it, so position n lasts n moves and alternates *1 and *0. Deep enough
/// to overflow a recursive search.
pub struct Path;

impl Game for Path {
    type Position = u64;
    fn options(&self, &n: &u64) -> Result<Vec<Vec<u64>>> {
        Ok(if n == 0 { vec![] } else { vec![vec![n - 1]] })
    }
    fn format_position(&self, n: &u64) -> String {
        n.to_string()
    }
}

/// Nim heaps: heap n's options are the heaps 0 to n - 1, so it is *n.
pub struct Nim;

impl Game for Nim {
    type Position = u64;
    fn options(&self, &n: &u64) -> Result<Vec<Vec<u64>>> {
        Ok((0..n).map(|k| vec![k]).collect())
    }
    fn format_position(&self, n: &u64) -> String {
        n.to_string()
    }
}

/// A cycle of three positions, v0 -> v1 -> v2 -> v0: a game that never
/// ends, which searches of finite games refuse.
pub struct Ring;

impl Game for Ring {
    type Position = u64;
    fn options(&self, &n: &u64) -> Result<Vec<Vec<u64>>> {
        Ok(vec![vec![(n + 1) % 3]])
    }
    fn format_position(&self, n: &u64) -> String {
        format!("v{n}")
    }
}
