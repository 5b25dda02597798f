//! `fn wins_at_once(p)`: positions from which the player to move wins at
//! once, ending the whole sum (an "ender": POJ 2311's "whoever cuts out a
//! 1x1 piece wins"). A move that leaves a part from which the opponent
//! wins at once loses at once, so a player makes one only where every
//! move does, and loses either way: such moves are left out, and the
//! options of a position are its *safe* moves, a normal-play game whose
//! nimbers add by XOR (`crate::sum` answers a sum with a part that wins at
//! once as N before any nimber).

use std::collections::HashMap;
use std::mem::size_of;
use std::sync::{Arc, Mutex};

use super::{position, Position, Rules};
use crate::error::Result;
use crate::memory;

/// The answers of `fn wins_at_once`, each position asked once while the
/// answers kept stay within an eighth of the memory budget (the search
/// that asks has the rest); past it they are forgotten and asked again.
pub struct WinsAtOnce {
    rules: Arc<Rules>,
    known: Mutex<Known>,
    /// The most bytes the answers kept may take.
    cap: u64,
}

/// The answers kept, and the bytes their positions hold beyond the table.
#[derive(Default)]
struct Known {
    answers: HashMap<Position, bool>,
    heap_bytes: u64,
}

impl Known {
    /// What the table takes at its peak (`memory::hashed`) with the
    /// positions' own allocations.
    fn bytes(&self) -> u64 {
        let entry = (size_of::<Position>() + size_of::<bool>()) as u64;
        memory::hashed(self.answers.len() as u64, entry).saturating_add(self.heap_bytes)
    }
}

impl WinsAtOnce {
    /// The hook of `rules`, where the script defines it.
    pub(super) fn of(rules: &Arc<Rules>) -> Option<WinsAtOnce> {
        rules
            .defines("wins_at_once")
            .then(|| WinsAtOnce::with_cap(rules, memory::budget() / 8))
    }

    fn with_cap(rules: &Arc<Rules>, cap: u64) -> WinsAtOnce {
        WinsAtOnce {
            rules: rules.clone(),
            known: Mutex::new(Known::default()),
            cap,
        }
    }

    /// Whether the player to move at `position` wins at once: `true` or
    /// `false` from the script.
    pub fn wins(&self, position: &Position) -> Result<bool> {
        if let Some(&known) = self.lock().answers.get(position) {
            return Ok(known);
        }
        let call = || format!("wins_at_once({})", self.rules.brief(position));
        let value = self.rules.call_on("wins_at_once", position, call)?;
        let Ok(wins) = value.as_bool() else {
            return Err(self.rules.script.value_error(format!(
                "{}: expected true (the player to move wins at once) or false, found {}",
                call(),
                position::describe(&value)
            )));
        };
        let mut known = self.lock();
        if known.bytes() > self.cap {
            *known = Known::default();
        }
        known.heap_bytes += position.heap_bytes();
        known.answers.insert(position.clone(), wins);
        Ok(wins)
    }

    /// The safe options among `options`: those with no part from which
    /// the opponent wins at once.
    pub fn safe(&self, options: Vec<Vec<Position>>) -> Result<Vec<Vec<Position>>> {
        let mut safe = Vec::with_capacity(options.len());
        for option in options {
            if !option
                .iter()
                .try_fold(false, |any, p| Ok(any || self.wins(p)?))?
            {
                safe.push(option);
            }
        }
        Ok(safe)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Known> {
        self.known.lock().expect("wins_at_once lock")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::script::ScriptGame;

    #[test]
    fn answers_past_the_cap_are_forgotten_and_asked_again() {
        let game = ScriptGame::from_text(
            "cutting.rhai",
            "fn moves(p) { [] }\n\
             fn wins_at_once(p) { (p[0] == 1 || p[1] == 1) && p[0] * p[1] >= 2 }",
        )
        .unwrap();
        let kept = WinsAtOnce::with_cap(&game.rules, u64::MAX);
        let forgetful = WinsAtOnce::with_cap(&game.rules, 0);
        for a in 1..=6 {
            for b in 1..=6 {
                let p = Position::Tuple([a, b].into_iter().collect());
                let wins = (a == 1 || b == 1) && a * b >= 2;
                assert_eq!(kept.wins(&p).unwrap(), wins, "{a},{b}");
                assert_eq!(forgetful.wins(&p).unwrap(), wins, "{a},{b}");
                // Asked again: from what is kept, or from the script.
                assert_eq!(forgetful.wins(&p).unwrap(), wins, "{a},{b}");
            }
        }
        assert_eq!(kept.lock().answers.len(), 36);
        assert!(forgetful.lock().answers.len() <= 1);
    }
}
