//! `fn wins_at_once(p)`: positions from which the player to move wins at
//! once, ending the whole sum (an "ender": POJ 2311's "whoever cuts out a
//! 1x1 piece wins"). A move that leaves a part from which the opponent
//! wins at once loses at once, so a player makes one only where every
//! move does, and loses either way: such moves are left out, and the
//! options of a position are its *safe* moves, a normal-play game whose
//! nimbers add by XOR (`crate::sum` answers a sum with a part that wins at
//! once as N before any nimber).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::{position, Position, Rules};
use crate::error::Result;

/// The answers of `fn wins_at_once`, each position asked once.
pub struct WinsAtOnce {
    rules: Arc<Rules>,
    known: Mutex<HashMap<Position, bool>>,
}

impl WinsAtOnce {
    /// The hook of `rules`, where the script defines it.
    pub(super) fn of(rules: &Arc<Rules>) -> Option<WinsAtOnce> {
        rules.defines("wins_at_once").then(|| WinsAtOnce {
            rules: rules.clone(),
            known: Mutex::new(HashMap::new()),
        })
    }

    /// Whether the player to move at `position` wins at once: `true` or
    /// `false` from the script.
    pub fn wins(&self, position: &Position) -> Result<bool> {
        if let Some(&known) = self.lock().get(position) {
            return Ok(known);
        }
        let call = || format!("wins_at_once({})", self.rules.brief(position));
        let argument = self.rules.argument("wins_at_once", position)?;
        let value = (self.rules.script).call("wins_at_once", (argument,), call)?;
        let Ok(wins) = value.as_bool() else {
            return Err(self.rules.script.value_error(format!(
                "{}: expected true (the player to move wins at once) or false, found {}",
                call(),
                position::describe(&value)
            )));
        };
        self.lock().insert(position.clone(), wins);
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

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Position, bool>> {
        self.known.lock().expect("wins_at_once lock")
    }
}
