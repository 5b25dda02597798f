//! The impartial variant of a short partizan game (CGSuite's
//! `ImpartialVariant`, MCGS's `[impartial ...]`): the same positions, where
//! the player to move may make any move of either side, Left's or Right's.
//! It is impartial, so its value is a nimber: the mex of its options'
//! nimbers (Sprague-Grundy), each option the XOR of the nimbers of the
//! independent parts the family splits it into. A part that is the
//! negative of its key (a transposed Domineering region) has the key's
//! nimber: swapping the players does not change the set of all moves.
//!
//! ```
//! use grundy::short::impartial::variant_name;
//!
//! // How an expression writes the variant, parameters after the family.
//! assert_eq!(variant_name("domineering"), "impartial(domineering)");
//! assert_eq!(variant_name("col(g.txt)"), "impartial(col,g.txt)");
//! ```

use std::sync::{Mutex, PoisonError};

use num_bigint::BigUint;

use crate::error::Result;
use crate::game::{Game, Ruleset};
use crate::short::ShortRules;
use crate::solver::Solver;
use crate::word::Word;

/// The impartial variant of the family `G`, under a name of its own. Its
/// options are the family's positions whole, as a board is drawn and
/// played; its nimbers are searched on [`Keyed`] positions, where each
/// option is split into its parts under their keys, each valued once.
pub struct ImpartialVariant<G: ShortRules + Sync> {
    game: G,
    name: String,
    keyed: Mutex<Solver<Keyed<G>>>,
}

/// The variant's positions with each option split into its parts, every
/// part under its key (a region moved to a corner, its least mirror
/// image): the game the nimbers are searched on.
pub struct Keyed<G>(G);

/// How an expression writes the impartial variant of the ruleset written
/// `inner`: `impartial(FAMILY)`, or `impartial(FAMILY,P...)` where the
/// family has parameters `FAMILY(P...)` (the parameters of a call do not
/// nest).
pub fn variant_name(inner: &str) -> String {
    match inner.split_once('(') {
        Some((family, parameters)) => format!("impartial({family},{parameters}"),
        None => format!("impartial({inner})"),
    }
}

impl<G: ShortRules + Sync + Clone> ImpartialVariant<G> {
    /// The variant of `game`, written `impartial(FAMILY)`.
    pub fn new(game: G) -> ImpartialVariant<G> {
        let name = variant_name(&game.name());
        ImpartialVariant::named(game, &name)
    }

    /// The variant of `game` as a family of its own name (`cram`).
    pub fn named(game: G, name: &str) -> ImpartialVariant<G> {
        ImpartialVariant {
            keyed: Mutex::new(Solver::new(Keyed(game.clone()))),
            game,
            name: name.into(),
        }
    }

    /// The nimber of `p`: the XOR of its parts' nimbers, each the mex of
    /// its options', searched once under its key.
    pub fn nimber(&self, p: &G::Position) -> Result<u64> {
        self.nimber_with_progress(p, &mut |_| true)
    }

    /// [`ImpartialVariant::nimber`], reporting the positions solved to
    /// `progress`, which stops the search by answering `false` (Ctrl-C, a
    /// request gone).
    pub fn nimber_with_progress(
        &self,
        p: &G::Position,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<u64> {
        let mut solver = self.keyed.lock().unwrap_or_else(PoisonError::into_inner);
        let mut nimber = 0;
        for part in self.game.parts(p) {
            nimber ^= solver.nimber_with_progress(&part.key, progress)?;
        }
        Ok(nimber)
    }
}

/// Left's moves and Right's, together.
fn every_move<G: ShortRules>(game: &G, p: &G::Position) -> Result<Vec<G::Position>> {
    let mut moves = game.left_options(p);
    moves.extend(game.right_options(p));
    match game.failure() {
        Some(error) => Err(error),
        None => Ok(moves),
    }
}

impl<G: ShortRules + Sync> Game for Keyed<G> {
    type Position = G::Position;

    fn options(&self, p: &G::Position) -> Result<Vec<Vec<G::Position>>> {
        let options = (every_move(&self.0, p)?.iter())
            .map(|option| {
                let parts = self.0.parts(option).into_iter();
                parts.map(|part| part.key).collect()
            })
            .collect();
        match self.0.failure() {
            Some(error) => Err(error),
            None => Ok(options),
        }
    }

    fn format_position(&self, p: &G::Position) -> String {
        self.0.show(p)
    }

    fn heap_bytes(&self, p: &G::Position) -> u64 {
        self.0.heap_bytes(p) as u64
    }
}

impl<G: ShortRules + Sync> Game for ImpartialVariant<G> {
    type Position = G::Position;

    /// Every move of either side, each leaving the position whole.
    fn options(&self, p: &G::Position) -> Result<Vec<Vec<G::Position>>> {
        Ok(every_move(&self.game, p)?
            .into_iter()
            .map(|option| vec![option])
            .collect())
    }

    fn format_position(&self, p: &G::Position) -> String {
        self.game.show(p)
    }

    fn heap_bytes(&self, p: &G::Position) -> u64 {
        self.game.heap_bytes(p) as u64
    }
}

impl<G: ShortRules + Sync + Clone> Ruleset for ImpartialVariant<G>
where
    G::Position: 'static,
{
    fn name(&self) -> String {
        self.name.clone()
    }

    fn noun(&self) -> &'static str {
        "position"
    }

    fn parse_position(&self, words: &[Word]) -> Result<G::Position> {
        self.game.parse_position(&words[0])
    }

    fn pair_text(&self, a: u64, b: u64) -> Option<String> {
        self.game.pair_text(a, b)
    }

    /// The search by parts under their keys ([`ImpartialVariant::nimber`]),
    /// not the plain search of whole positions.
    fn searched_nimber(
        &self,
        p: &G::Position,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Option<BigUint>> {
        self.nimber_with_progress(p, progress)
            .map(|n| Some(n.into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use std::hash::Hash;
    use std::sync::Arc;

    use crate::catalogue::partizan::clobber::CLOBBER;
    use crate::catalogue::partizan::toads_frogs::TOADS_FROGS;
    use crate::solver::Solver;

    /// The nimber of `p` by plain search: the mex over Left's options and
    /// Right's together, each position whole (no parts, no keys).
    fn plain_nimber<G: ShortRules>(
        game: &G,
        p: &G::Position,
        memo: &mut HashMap<G::Position, u64>,
    ) -> u64
    where
        G::Position: Hash,
    {
        if let Some(&known) = memo.get(p) {
            return known;
        }
        let mut options = game.left_options(p);
        options.extend(game.right_options(p));
        let seen: Vec<u64> = options
            .iter()
            .map(|o| plain_nimber(game, o, memo))
            .collect();
        let mex = (0..)
            .find(|n| !seen.contains(n))
            .expect("a value is missing");
        memo.insert(p.clone(), mex);
        mex
    }

    /// Every word of `length` letters of `alphabet`, with `/` after every
    /// `row` of them.
    fn words(alphabet: &str, length: u32, row: usize) -> Vec<String> {
        let letters: Vec<char> = alphabet.chars().collect();
        let base = letters.len();
        (0..base.pow(length))
            .map(|mut n| {
                let mut text = String::new();
                for i in 0..length as usize {
                    if i > 0 && i % row == 0 {
                        text.push('/');
                    }
                    text.push(letters[n % base]);
                    n /= base;
                }
                text
            })
            .collect()
    }

    /// The nimber by parts, and by the options whole, is the plain
    /// search's on every board.
    fn assert_matches_plain_search<G: ShortRules + Sync>(game: G, boards: &[String])
    where
        G::Position: 'static,
    {
        let mut memo = HashMap::new();
        let variant = ImpartialVariant::new(Arc::new(game));
        let mut whole = Solver::new(&variant);
        for text in boards {
            let word = Word {
                text: text.clone(),
                column: 1,
            };
            let p = variant.parse_position(&[word]).unwrap();
            let expected = plain_nimber(&variant.game, &p, &mut memo);
            assert_eq!(variant.nimber(&p).unwrap(), expected, "{text}");
            assert_eq!(whole.nimber(&p).unwrap(), expected, "{text}: options whole");
        }
    }

    /// Clobber on every board of 2 × 3 and 1 × 7 cells, each cell a stone
    /// of either side or empty: the nimber by parts (regions under their
    /// keys, colours exchanged) is the plain search's.
    #[test]
    fn clobber_agrees_with_plain_search() {
        let mut boards = words("xo.", 6, 3);
        boards.extend(words("xo.", 7, 7));
        assert_matches_plain_search(CLOBBER, &boards);
    }

    /// Toads and Frogs on every row of 8 cells.
    #[test]
    fn toads_and_frogs_agree_with_plain_search() {
        assert_matches_plain_search(TOADS_FROGS, &words("TF.", 8, 8));
    }

    #[test]
    fn names_as_an_expression_writes_them() {
        assert_eq!(
            ImpartialVariant::new(Arc::new(CLOBBER)).name(),
            "impartial(clobber)"
        );
        assert_eq!(
            ImpartialVariant::named(Arc::new(CLOBBER), "other").name(),
            "other"
        );
    }
}
