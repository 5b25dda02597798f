//! Misère play of every family's sums, searched by their regions as
//! `grundy analyze --misere` does ([`crate::misere::sums`]), against plain
//! search of the whole positions; and each family's word on being
//! dead-ending against the definition.

use std::collections::HashMap;

use super::amazons::Amazons;
use super::cannibal_clobber::CANNIBAL_CLOBBER;
use super::clobber::CLOBBER;
use super::colouring::{Colouring, Kind};
use super::cutcake::Cutcake;
use super::domineering::Domineering;
use super::elephants::ELEPHANTS;
use super::fission::Fission;
use super::hackenbush::Hackenbush;
use super::hackenbush_picture::Picture;
use super::konane::Konane;
use super::nogo::NoGo;
use super::toads_frogs::TOADS_FROGS;
use super::toppling_dominoes::TopplingDominoes;
use crate::catalogue::check::{dead_ending, misere_by_parts};
use crate::partizan::{OutcomeClass, ShortGame};
use crate::short::ShortRules;
use crate::word::Word;

/// Who wins each sum searched (its parts, each negated where flagged),
/// the player to move Left where flagged.
type Known<P> = HashMap<(Vec<(P, bool)>, bool), bool>;

/// Whether the player to move (Left where `left`) wins the sum of
/// `parts` (each negated where flagged) under misère play, by plain
/// search of the whole sum.
fn plain_wins<G: ShortGame>(
    game: &G,
    parts: &[(G::Position, bool)],
    left: bool,
    memo: &mut Known<G::Position>,
) -> bool {
    if let Some(&known) = memo.get(&(parts.to_vec(), left)) {
        return known;
    }
    let mut moved = false;
    let mut wins = false;
    for (i, (p, negated)) in parts.iter().enumerate() {
        let options = match left != *negated {
            true => game.left_options(p),
            false => game.right_options(p),
        };
        for option in options {
            moved = true;
            let mut after = parts.to_vec();
            after[i] = (option, *negated);
            if !plain_wins(game, &after, !left, memo) {
                wins = true;
                break;
            }
        }
        if wins {
            break;
        }
    }
    let answer = wins || !moved;
    memo.insert((parts.to_vec(), left), answer);
    answer
}

/// Each family's positions alone, two of them with the second negated,
/// and one beside its negative: the search by regions finds the outcome
/// of plain search. Where the family says it is dead-ending, every
/// position is (by the definition); where it does not, some position
/// shows it is not.
fn check<G: ShortRules>(name: &str, game: G, positions: &[&str]) {
    let read = |text: &str| game.parse_position(&Word::new(text)).unwrap();
    let mut memo = HashMap::new();
    let mut dead = HashMap::new();
    let mut ending = true;
    for (i, a) in positions.iter().enumerate() {
        let b = positions[(i + 1) % positions.len()];
        ending &= dead_ending(&game, &read(a), &mut dead);
        for sum in [
            vec![(read(a), false)],
            vec![(read(a), false), (read(b), true)],
            vec![(read(a), false), (read(a), true)],
        ] {
            let expected = match (
                plain_wins(&game, &sum, true, &mut memo),
                plain_wins(&game, &sum, false, &mut memo),
            ) {
                (true, true) => OutcomeClass::N,
                (true, false) => OutcomeClass::L,
                (false, true) => OutcomeClass::R,
                (false, false) => OutcomeClass::P,
            };
            let shown: Vec<_> = sum.iter().map(|(p, n)| (game.show(p), *n)).collect();
            assert_eq!(misere_by_parts(&game, &sum), expected, "{name} {shown:?}");
        }
    }
    if game.dead_ending() {
        assert!(ending, "{name}: a position is not dead-ending");
    } else {
        assert!(!ending, "{name}: every position tried is dead-ending");
    }
}

#[test]
fn misere_sums_of_every_family_by_regions_are_those_of_plain_search() {
    check(
        "domineering",
        Domineering,
        &["3x3", "..#./..../.#..", "2x4", "...../..#../....."],
    );
    check(
        "clobber",
        CLOBBER,
        &["xox/oxo", "xo.ox/.x.o.", "xxo/o..", "xoxo"],
    );
    check(
        "cannibal-clobber",
        CANNIBAL_CLOBBER,
        &["xox/oxo", "xxo", "xo./oox", "x.o/.oo"],
    );
    check("cutcake", Cutcake, &["3x4", "2x5", "4x2", "1x6"]);
    check("hackenbush", Hackenbush, &["BRB", "GG", "RBG", "BBR"]);
    let picture = Picture::from_text("test", "0 1 B\n1 2 R\n1 3 G\n3 0 G\n0 0 R\n2 4 B\n").unwrap();
    check(
        "hackenbush(test)",
        picture,
        &["all", "BRG.RB", "B.GGR.", "BR.G.B"],
    );
    check(
        "toppling-dominoes",
        TopplingDominoes,
        &["xxogoo", "xog", "g.xo", "oxxgx"],
    );
    check(
        "elephants",
        ELEPHANTS,
        &["TT..FF", "T.F.T.F", "TF.", ".TF.T.F."],
    );
    let path = "5\n1 1\n1 2\n1 3\n1 4\n0\n";
    for kind in [Kind::Col, Kind::Snort] {
        let graph = Colouring::from_text(kind, "path", path).unwrap();
        check(
            &format!("{kind:?}"),
            graph,
            &["L....", "....R", "L.R..", "....."],
        );
    }
    // Not dead-ending, each with a position that shows it: an amazon
    // leaving frees a trapped one; a stone split sideways frees the
    // one below; a jump opens a square; a frog jumping a toad away frees
    // the square the toad faced.
    check(
        "amazons",
        Amazons,
        &["xo../####", "x../..o", "x.#/.o./...", "x..o"],
    );
    check(
        "fission",
        Fission,
        &[".../.x./.x./...", "./x/.", ".../.x./..x/...", ".x."],
    );
    check(
        "konane",
        Konane,
        &["xoox.", "xo./...", "x.ox/oxo.", ".xo./o..x"],
    );
    check(
        "toads-frogs",
        TOADS_FROGS,
        &[".TF", "TT..FF", "T.F.T.F", "TF.F"],
    );
    // NoGo is dead-ending: a cell illegal for a player (its group there
    // would have no liberty, or it would take the last of the other's)
    // stays illegal; here cells illegal for both, and for one.
    check(
        "nogo",
        NoGo,
        &["2x3", "x../.../..o", ".../.x./...", "o./x.", "o.x/.../x.."],
    );
}
