//! A one-player script (a solitaire): `fn moves(p)` and `fn goal(p)`, true
//! where the player has won. One player makes every move; `analyze`
//! answers Win (with one shortest path), Draw or Lose ([`crate::solitaire`]).

use std::sync::Arc;

use rhai::Dynamic;

use super::{position, position::Sum, Position, Rules};
use crate::component::SolitaireRules;
use crate::error::Result;
use crate::solitaire::Solitaire;
use crate::word::Word;

pub struct SolitaireScript {
    rules: Arc<Rules>,
}

impl SolitaireScript {
    pub(super) fn new(rules: Arc<Rules>) -> SolitaireScript {
        SolitaireScript { rules }
    }

    /// One move as `moves` wrote it: one position, never a sum.
    fn single(&self, value: Dynamic, call: &dyn Fn() -> String) -> Result<Position> {
        if value.is::<Sum>() {
            return Err(self.rules.script.value_error(format!(
                "{}: a move to a sum of positions, sum([...]), has no place in a solitaire \
                 (a script with fn goal): each move leads to one position",
                call()
            )));
        }
        self.rules.position(value, call)
    }
}

impl Solitaire for SolitaireScript {
    type Position = Position;

    fn moves(&self, position: &Position) -> Result<Vec<Position>> {
        (self.rules).options("moves", position, |value, call| self.single(value, call))
    }

    fn goal(&self, position: &Position) -> Result<bool> {
        let rules = &self.rules;
        let call = || format!("goal({})", rules.brief(position));
        let value = rules.call_on("goal", position, call)?;
        value.as_bool().map_err(|_| {
            rules.script.value_error(format!(
                "{}: expected true (the player has won) or false, found {}",
                call(),
                position::describe(&value)
            ))
        })
    }

    fn format_position(&self, position: &Position) -> String {
        self.rules.format(position)
    }

    fn heap_bytes(&self, position: &Position) -> u64 {
        position.heap_bytes()
    }
}

impl SolitaireRules for SolitaireScript {
    fn name(&self) -> String {
        self.rules.name()
    }

    fn parse_position(&self, word: &Word) -> Result<Position> {
        self.rules.parse(word)
    }
}
