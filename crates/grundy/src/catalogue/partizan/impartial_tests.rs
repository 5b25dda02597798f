//! The impartial variant of a family (`crate::short::impartial`) against a
//! plain search of its nimbers, on the families' positions.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Arc;

use super::clobber::CLOBBER;
use super::toads_frogs::TOADS_FROGS;
use crate::catalogue::check::every_board;
use crate::game::Ruleset;
use crate::short::impartial::ImpartialVariant;
use crate::short::ShortRules;
use crate::solver::Solver;
use crate::word::Word;

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

/// The nimber by parts, and by the options whole, is the plain search's
/// on every board.
fn assert_matches_plain_search<G: ShortRules + Sync>(game: G, boards: impl Iterator<Item = String>)
where
    G::Position: 'static,
{
    let mut memo = HashMap::new();
    let game = Arc::new(game);
    let variant = ImpartialVariant::new(game.clone());
    let mut whole = Solver::new(&variant);
    for text in boards {
        let word = Word::new(text.clone());
        let p = game.parse_position(&word).unwrap();
        let expected = plain_nimber(&game, &p, &mut memo);
        let p = ImpartialVariant::position(p);
        assert_eq!(variant.nimber(&p).unwrap(), expected, "{text}");
        assert_eq!(whole.nimber(&p).unwrap(), expected, "{text}: options whole");
    }
}

/// Clobber on every board of 2 × 3 and 1 × 7 cells, each cell a stone of
/// either side or empty: the nimber by parts (regions under their keys,
/// colours exchanged) is the plain search's.
#[test]
fn clobber_agrees_with_plain_search() {
    let boards = every_board(2, 3, "xo.").chain(every_board(1, 7, "xo."));
    assert_matches_plain_search(CLOBBER, boards);
}

/// Toads and Frogs on every row of 8 cells.
#[test]
fn toads_and_frogs_agree_with_plain_search() {
    assert_matches_plain_search(TOADS_FROGS, every_board(1, 8, "TF."));
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
