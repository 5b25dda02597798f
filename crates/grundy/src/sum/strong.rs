//! A sum as one game solved strongly (`SumRules`), under either convention:
//! the retrograde solver gives every sum reachable from a start its
//! standing and remoteness, which the XOR rule does not tell, and which
//! `grundy play` needs to win fastest and lose slowest. Sums that can go
//! round a cycle (loopy components) get draws from the same solve.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use crate::error::{Error, Result};
use crate::retrograde::StrongGame;
use crate::sum::{Sum, SumPosition};
use crate::value::{Convention, Standing};

/// The rules of a sum, every component's moves, played to the end under
/// `convention`: a sum without a move is lost for the player to move
/// under normal play, won under misère play.
pub struct SumRules {
    convention: Convention,
    /// The most options the moves of the positions reached may list in
    /// all, and how many they have listed.
    most_options: u64,
    listed: AtomicU64,
    /// The first error a component's moves met (a script's), which
    /// [`StrongGame::failure`] hands to the solver.
    failure: Mutex<Option<Error>>,
}

impl SumRules {
    /// The rules of sums of components that list their moves as options;
    /// a component whose positions may win at once (a script's
    /// `fn wins_at_once`) lists only its safe moves, so such a sum is
    /// refused. Past `most_options` options listed in all, the solve
    /// stops with [`Error::Limit`]: a sum of a few large components has
    /// few positions but many moves from each.
    pub fn new(sum: &Sum, convention: Convention, most_options: u64) -> Result<SumRules> {
        super::refuse_wins_at_once(sum, "playing it out as one game")?;
        Ok(SumRules {
            convention,
            most_options,
            listed: AtomicU64::new(0),
            failure: Mutex::new(None),
        })
    }

    fn fail(&self, error: Error) {
        let mut failure = self.failure.lock().unwrap_or_else(PoisonError::into_inner);
        failure.get_or_insert(error);
    }

    fn failed(&self) -> bool {
        let failure = self.failure.lock().unwrap_or_else(PoisonError::into_inner);
        failure.is_some()
    }
}

impl StrongGame for SumRules {
    type Position = SumPosition;

    fn start(&self) -> Result<SumPosition> {
        Err(Error::Unsupported(
            "a sum is solved from a position, not from a start".into(),
        ))
    }

    fn moves(&self, position: &SumPosition, moves: &mut Vec<SumPosition>) {
        // After a failure the solve only runs out of positions.
        if self.failed() {
            return;
        }
        let sum = position.sum();
        let all = match sum.distinct_moves() {
            Ok(all) => all,
            Err(error) => return self.fail(error),
        };
        let listed = self.listed.fetch_add(all.len() as u64, Ordering::Relaxed);
        if listed + all.len() as u64 > self.most_options {
            return self.fail(Error::Limit(format!(
                "the sum's positions list more than {} options",
                self.most_options
            )));
        }
        moves.extend(all.iter().map(|m| SumPosition::new(sum.after(m))));
    }

    fn finished(&self, position: &SumPosition) -> Option<Standing> {
        // Under normal play a sum without a move is lost, which the solver
        // knows; under misère play it is won.
        if self.convention == Convention::Normal {
            return None;
        }
        match position.sum().moves() {
            Ok(moves) => moves.is_empty().then_some(Standing::Win),
            Err(error) => {
                self.fail(error);
                None
            }
        }
    }

    fn format_position(&self, position: &SumPosition) -> String {
        position.sum().expression()
    }

    fn heap_bytes(&self, position: &SumPosition) -> u64 {
        position.heap_bytes()
    }

    fn failure(&self) -> Option<Error> {
        let mut failure = self.failure.lock().unwrap_or_else(PoisonError::into_inner);
        failure.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::retrograde::{self, Options, Solved};
    use crate::value::Solution;

    fn solve(text: &str, convention: Convention) -> Solution {
        let sum = crate::parse_sum(text).unwrap();
        let rules = SumRules::new(&sum, convention, 1 << 20).unwrap();
        let root = SumPosition::new(sum);
        let options = Options { memory: 1 << 30 };
        let table =
            retrograde::solve_from(&rules, std::slice::from_ref(&root), &options, &mut |_| true)
                .unwrap();
        table.solution(&rules, &root).unwrap()
    }

    /// Nim by the XOR rule; in Nim 2 2 the loser takes one counter at a
    /// time and the winner copies him in the other heap: four moves.
    #[test]
    fn nim_standing_follows_the_xor_rule() {
        assert_eq!(
            solve("nim 1 2 3", Convention::Normal).standing,
            Standing::Lose
        );
        assert_eq!(
            solve("nim 3 4 5", Convention::Normal).standing,
            Standing::Win
        );
        assert_eq!(
            solve("nim 2 2", Convention::Normal),
            Solution {
                standing: Standing::Lose,
                remoteness: Some(4)
            }
        );
        assert_eq!(
            solve("nim 0", Convention::Normal),
            Solution {
                standing: Standing::Lose,
                remoteness: Some(0)
            }
        );
    }

    /// Misère Nim (Bouton): with every heap of 1, the player to move wins
    /// exactly when the number of heaps is even; otherwise as in normal
    /// play.
    #[test]
    fn misere_nim_follows_boutons_rule() {
        assert_eq!(solve("nim 1 1", Convention::Misere).standing, Standing::Win);
        assert_eq!(
            solve("nim 1 1 1", Convention::Misere).standing,
            Standing::Lose
        );
        assert_eq!(solve("nim 0", Convention::Misere).standing, Standing::Win);
        assert_eq!(solve("nim 2 3", Convention::Misere).standing, Standing::Win);
        assert_eq!(
            solve("nim 2 2", Convention::Misere).standing,
            Standing::Lose
        );
    }

    #[test]
    fn a_search_past_its_options_is_a_limit() {
        let sum = crate::parse_sum("nim 30 30 30").unwrap();
        let rules = SumRules::new(&sum, Convention::Normal, 1000).unwrap();
        let options = Options { memory: 1 << 30 };
        let root = SumPosition::new(sum);
        let solved = retrograde::solve_from(&rules, &[root], &options, &mut |_| true);
        assert!(matches!(solved, Err(Error::Limit(_))));
    }
}
