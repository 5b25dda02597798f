//! The search of sums for their outcome (`crate::short::outcome`) against
//! the canonical forms of the sums, on the families' positions.

use super::amazons::Amazons;
use super::cannibal_clobber::CANNIBAL_CLOBBER;
use super::clobber::{Stones, CLOBBER};
use super::cutcake::Cutcake;
use super::domineering::Domineering;
use super::elephants::ELEPHANTS;
use super::fission::Fission;
use super::grid::Grid;
use super::hackenbush::Hackenbush;
use super::hackenbush_picture::Picture;
use super::konane::Konane;
use super::nogo::NoGo;
use super::toads_frogs::TOADS_FROGS;
use super::toppling_dominoes::TopplingDominoes;
use crate::error::Error;
use crate::partizan::{Games, OutcomeClass, Part, ShortGame, Valuer};
use crate::short::outcome::{OutcomeSearch, Searched, SMALL_HEIGHT, VALUE_WORK};
use crate::short::ShortRules;
use crate::word::Word;

/// Who wins `positions` (negated where flagged) plus `rest` (a literal),
/// by the canonical form of the sum, and by the search valuing regions
/// of at most `most` new positions, letting values at most `height` high
/// stand in for their regions.
fn both<G: ShortRules>(
    game: fn() -> G,
    positions: &[(&str, bool)],
    rest: &str,
    asked: (usize, u32),
) -> (Searched, OutcomeClass) {
    let (searched, expected) = both_within(game, positions, rest, asked, u64::MAX);
    (searched.unwrap(), expected)
}

/// [`both`], the search within `budget` bytes.
fn both_within<G: ShortRules>(
    game: fn() -> G,
    positions: &[(&str, bool)],
    rest: &str,
    (most, height): (usize, u32),
    budget: u64,
) -> (Result<Searched, Error>, OutcomeClass) {
    let read = |text: &str| {
        let word = Word::new(text);
        game().parse_position(&word).unwrap()
    };
    let positions: Vec<_> = positions.iter().map(|&(p, n)| (read(p), n)).collect();
    let mut games = Games::new();
    let mut valuer = Valuer::new(game());
    let mut total = games.read(rest, 1).unwrap();
    for (p, negated) in &positions {
        let mut g = valuer.value(&mut games, p, &mut |_| true).unwrap();
        if *negated {
            g = games.neg(g);
        }
        total = games.add(total, g);
    }
    let expected = games.outcome(total);
    // A fresh table, so that the search finds no value known.
    let mut games = Games::new();
    let mut valuer = Valuer::new(game());
    let rest = games.read(rest, 1).unwrap();
    let progress = &mut |_| true;
    let searched = OutcomeSearch::new(&mut valuer, &mut games, progress)
        .valuing_at_most(most)
        .small_values(height)
        .within(budget)
        .decide(&positions, rest);
    (searched, expected)
}

/// Boards of Clobber, Domineering and rows of Toads and Frogs, alone,
/// in sums, negated and beside literals: the search, valuing nothing
/// or small regions, with no value standing in for its region but
/// x + n↑ + *m, or small ones, or any, finds the outcome class of the
/// canonical form.
#[test]
fn the_search_finds_the_outcome_of_the_canonical_form() {
    let rests = ["0", "*", "^", "{1|-1}", "-1/2", "{0|*}"];
    let clobber = [
        "xo/ox",
        "xox/oxo",
        "xoxo/oxox",
        "xo./oxo/..x",
        "xxo/oox/xo.",
        "xoxox",
        "ox.xo/xoxo.",
    ];
    let domineering = ["2x3", "3x3", ".../.#./...", "3x4", "..#/.../#..", "4x4"];
    let toads = ["TT..FF", "T.F.T.F", "TTT...FF", "T..F", ".TF.T.F."];
    let heights = [0, 2, SMALL_HEIGHT, u32::MAX];
    for (most, height) in [0, 1, 16, VALUE_WORK].into_iter().zip(heights) {
        let asked = (most, height);
        for (i, a) in clobber.iter().enumerate() {
            let b = clobber[(i + 1) % clobber.len()];
            let rest = rests[i % rests.len()];
            for sum in [
                vec![(*a, false)],
                vec![(*a, false), (b, true)],
                vec![(*a, false), (*a, true)],
            ] {
                let (searched, expected) = both(|| CLOBBER, &sum, rest, asked);
                assert_eq!(
                    searched.outcome(),
                    expected,
                    "clobber {sum:?} + {rest}, {asked:?}"
                );
            }
        }
        for (i, a) in domineering.iter().enumerate() {
            let b = domineering[(i + 2) % domineering.len()];
            let rest = rests[(i + 1) % rests.len()];
            for sum in [
                vec![(*a, false)],
                vec![(*a, false), (b, false)],
                vec![(*a, true), (b, false)],
            ] {
                let (searched, expected) = both(|| Domineering, &sum, rest, asked);
                assert_eq!(
                    searched.outcome(),
                    expected,
                    "domineering {sum:?} + {rest}, {asked:?}"
                );
            }
        }
        for (i, a) in toads.iter().enumerate() {
            let rest = rests[(i + 2) % rests.len()];
            let (searched, expected) = both(|| TOADS_FROGS, &[(*a, false)], rest, asked);
            assert_eq!(
                searched.outcome(),
                expected,
                "toads-frogs {a} + {rest}, {asked:?}"
            );
        }
    }
}

/// The picture of Hackenbush the test below sums: a blue edge on the
/// ground with a red and a green edge on it, a green edge from the ground
/// to the green one's top, and a red loop on the ground.
fn picture() -> Picture {
    Picture::from_text("test", "0 1 B\n1 2 R\n1 3 G\n3 0 G\n0 0 R\n2 4 B\n").unwrap()
}

/// Sums of each other family's positions (alone, two of them with the
/// second negated, and a position beside its own negative), beside
/// literals: the search, valuing nothing and then small regions, finds
/// the outcome class of the canonical form, each player moving first.
#[test]
fn the_search_finds_the_outcome_of_sums_of_every_family() {
    fn check<G: ShortRules>(name: &str, game: fn() -> G, positions: &[&str]) {
        let rests = ["0", "*", "{1|-1}", "-1/2", "v", "{0|*}"];
        for (i, a) in positions.iter().enumerate() {
            let b = positions[(i + 1) % positions.len()];
            for (j, sum) in [
                vec![(*a, false)],
                vec![(*a, false), (b, true)],
                vec![(*a, false), (*a, true)],
            ]
            .into_iter()
            .enumerate()
            {
                let rest = rests[(i + j) % rests.len()];
                for asked in [(0, 0), (VALUE_WORK, SMALL_HEIGHT)] {
                    let (searched, expected) = both(game, &sum, rest, asked);
                    assert_eq!(
                        searched.outcome(),
                        expected,
                        "{name} {sum:?} + {rest}, {asked:?}"
                    );
                }
            }
        }
    }
    check(
        "amazons",
        || Amazons,
        &["x../..o", "x.#/.o./...", "xo../..#./....", "x..o"],
    );
    check(
        "konane",
        || Konane,
        &["xo./...", "xo.o/.x../....", "x.ox/oxo.", ".xo./o..x"],
    );
    check(
        "nogo",
        || NoGo,
        &["2x2", "2x3", "x../.../..o", ".../.x./..."],
    );
    check(
        "fission",
        || Fission,
        &["./x/.", "..../.x../..../#..#", ".../.x./..x/...", ".x."],
    );
    check(
        "toppling-dominoes",
        || TopplingDominoes,
        &["xxogoo", "xog", "g.xo", "oxxgx"],
    );
    check(
        "cannibal-clobber",
        || CANNIBAL_CLOBBER,
        &["xox/oxo", "xxo", "xo./oox", "xo/ox"],
    );
    check(
        "elephants",
        || ELEPHANTS,
        &["TT..FF", "T.F.T.F", "T..F", ".TF.T.F."],
    );
    check("cutcake", || Cutcake, &["3x4", "2x7", "5x3", "1x9"]);
    check("hackenbush", || Hackenbush, &["BRB", "GG", "RBG", "BBR"]);
    check(
        "hackenbush(test)",
        picture,
        &["all", "BRG.RB", "B.GGR.", "BR.G.B"],
    );
}

/// Domineering boards of 4 × 5 and 5 × 4 cells with about a quarter of
/// them blocked, drawn by a fixed generator: alone, beside the negative
/// of another, and beside literals, the search (with the bounds of
/// Domineering's regions deciding states) finds the outcome class of the
/// canonical form, valuing nothing or small regions.
#[test]
fn the_search_finds_the_outcome_of_random_domineering_boards() {
    let mut random = xorshift(0x9e37_79b9_7f4a_7c15);
    let rests = ["0", "*", "^", "{1|-1}", "-1/2", "{0|*}", "1", "-2"];
    let mut boards = Vec::new();
    for i in 0..48 {
        let (height, width) = if i % 2 == 0 { (4, 5) } else { (5, 4) };
        // A cell is empty where either of two random bits is set.
        let cells = (random() | random()) & ((1 << 20) - 1);
        boards.push(
            Grid {
                height,
                width,
                cells,
            }
            .show(),
        );
    }
    for (i, a) in boards.iter().enumerate() {
        let b = &boards[(i + 1) % boards.len()];
        let rest = rests[i % rests.len()];
        let asked = [(0, 0), (VALUE_WORK, SMALL_HEIGHT)][i % 2];
        for sum in [vec![(a.as_str(), false)], vec![(a, false), (b, true)]] {
            let (searched, expected) = both(|| Domineering, &sum, rest, asked);
            assert_eq!(searched.outcome(), expected, "domineering {sum:?} + {rest}");
        }
    }
}

/// A fixed generator of random words (Marsaglia's xorshift), from `seed`.
pub(crate) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// Domineering with its rules and regions, but no bounds.
#[derive(Clone, Copy)]
struct Unbounded;

impl ShortGame for Unbounded {
    type Position = Grid;

    fn left_options(&self, board: &Grid) -> Vec<Grid> {
        Domineering.left_options(board)
    }

    fn right_options(&self, board: &Grid) -> Vec<Grid> {
        Domineering.right_options(board)
    }

    fn parts(&self, board: &Grid) -> Vec<Part<Grid>> {
        Domineering.parts(board)
    }
}

impl ShortRules for Unbounded {
    fn name(&self) -> String {
        Domineering.name()
    }

    fn parse_position(&self, word: &Word) -> crate::error::Result<Grid> {
        Domineering.parse_position(word)
    }

    fn show(&self, board: &Grid) -> String {
        Domineering.show(board)
    }
}

/// The bounds of Domineering's regions decide states the search would
/// otherwise search: on the empty boards 4 × 5 and 5 × 5 and a board with
/// blocked cells, the search decides fewer states with them, and finds
/// the same outcome as without them and as the canonical form.
#[test]
fn the_bounds_decide_states_without_a_search() {
    for board in ["4x5", "5x5", "..#../...../#..../...#./....."] {
        let sum = [(board, false)];
        let (bounded, expected) = both(|| Domineering, &sum, "0", (0, 0));
        let (unbounded, _) = both(|| Unbounded, &sum, "0", (0, 0));
        assert_eq!(bounded.outcome(), expected, "{board}");
        assert_eq!(unbounded.outcome(), expected, "{board}");
        assert!(
            bounded.states < unbounded.states,
            "{board}: {bounded:?} {unbounded:?}"
        );
    }
}

/// Without valuing, the search does search: states are decided.
#[test]
fn without_values_the_search_searches() {
    let (searched, expected) = both(|| CLOBBER, &[("xoxo/oxox", false)], "0", (0, 0));
    assert_eq!(searched.outcome(), expected);
    assert!(searched.states > 10, "{searched:?}");
}

/// Clobber checkerboards whose outcomes MCGS publishes (its README's
/// table, from Müller et al.): 2 x n is a second-player win exactly
/// when n is a multiple of 3; 3 x n exactly when n is even.
#[test]
fn clobber_checkerboards_as_published() {
    let board = |rows: usize, n: usize| -> String {
        let row = |r: usize| (0..n).map(move |c| if (r + c) % 2 == 0 { 'x' } else { 'o' });
        (0..rows)
            .map(|r| row(r).collect::<String>())
            .collect::<Vec<_>>()
            .join("/")
    };
    for (rows, n) in [(2, 3), (2, 4), (2, 5), (2, 6), (2, 7), (3, 3), (3, 4)] {
        let text = board(rows, n);
        let (searched, expected) = both(
            || CLOBBER,
            &[(&text, false)],
            "0",
            (VALUE_WORK, SMALL_HEIGHT),
        );
        let second_wins = if rows == 2 { n % 3 == 0 } else { n % 2 == 0 };
        assert_eq!(searched.outcome(), expected, "{text}");
        assert_eq!(searched.outcome() == OutcomeClass::P, second_wins, "{text}");
    }
    // Boards whose canonical forms take long are searched alone; 4 x 4 and
    // 4 x 5 are first-player wins in the same table.
    for (rows, n) in [(2, 8), (2, 9), (3, 5), (3, 6), (4, 4), (4, 5)] {
        let text = board(rows, n);
        let mut games = Games::new();
        let mut valuer = Valuer::new(CLOBBER);
        let position = CLOBBER.parse_position(&Word::new(text.clone()));
        let zero = games.zero();
        let progress = &mut |_| true;
        let searched = OutcomeSearch::new(&mut valuer, &mut games, progress)
            .decide(&[(position.unwrap(), false)], zero)
            .unwrap();
        let second_wins = match rows {
            2 => n % 3 == 0,
            3 => n % 2 == 0,
            _ => false,
        };
        assert_eq!(searched.outcome() == OutcomeClass::P, second_wins, "{text}");
    }
}

/// Who wins the sum of Clobber boards `sum`, by the search valuing
/// regions of at most `most` new positions, letting values at most
/// `height` high stand in for them, within `budget` bytes.
fn clobber_within(
    sum: &[(Stones, bool)],
    (most, height): (usize, u32),
    budget: u64,
) -> Result<Searched, Error> {
    let mut games = Games::new();
    let mut valuer = Valuer::new(CLOBBER);
    let zero = games.zero();
    let progress = &mut |_| true;
    let mut search = OutcomeSearch::new(&mut valuer, &mut games, progress)
        .valuing_at_most(most)
        .small_values(height)
        .within(budget);
    search.decide(sum, zero)
}

/// The states, the regions and the values share one memory budget: with
/// less of it the search values fewer regions and searches more states,
/// and finds the same outcome, until the states themselves do not fit and
/// it stops at the budget, naming it. (Before, the values had a budget of
/// their own beside the search's: the process could hold twice the
/// budget.)
#[test]
fn values_give_way_to_the_search_within_one_budget() {
    let read = |text: &str| {
        let word = Word::new(text);
        CLOBBER.parse_position(&word).unwrap()
    };
    let sum = [(read("xoxo/oxox/xoxo"), false), (read("xoxox/oxoxo"), true)];
    let decide = |budget| clobber_within(&sum, (usize::MAX, SMALL_HEIGHT), budget);
    // Unbounded, both boards are valued and no state is searched.
    let full = decide(u64::MAX).unwrap();
    let mut searched_more = false;
    for budget in (18..=26).map(|bits| 1u64 << bits) {
        match decide(budget) {
            Ok(searched) => {
                assert_eq!(searched.outcome(), full.outcome(), "{budget}");
                searched_more |= searched.states > full.states;
            }
            Err(Error::Limit(message)) => {
                assert!(message.contains("the memory budget"), "{message}");
                assert!(budget < 1 << 22, "{budget}: {message}");
            }
            Err(other) => panic!("{budget}: {other}"),
        }
    }
    assert!(searched_more, "no budget left regions open");
    assert!(matches!(decide(1 << 18), Err(Error::Limit(_))));
}

/// Where the budget is reached and the states decided hold a quarter of
/// it, they are forgotten and the search goes on: a sum of two second
/// player's wins (Clobber 2 x 6 and 3 x 4, MCGS's table), searched with
/// no region valued, is decided within budgets where it stopped before,
/// with the same outcome; with a budget smaller still, the regions alone
/// do not fit and it stops, naming the budget.
#[test]
fn the_states_decided_are_forgotten_at_the_budget() {
    let read = |text: &str| CLOBBER.parse_position(&Word::new(text)).unwrap();
    let sum = [
        (read("xoxoxo/oxoxox"), false),
        (read("xoxo/oxox/xoxo"), false),
    ];
    let decide = |budget| clobber_within(&sum, (0, 0), budget);
    let full = decide(u64::MAX).unwrap();
    assert_eq!((full.outcome(), full.forgotten), (OutcomeClass::P, 0));
    let searched = decide(1 << 21).unwrap();
    assert_eq!(searched.outcome(), OutcomeClass::P);
    assert!(searched.forgotten > 0);
    assert!(searched.states > full.states);
    let error = decide(1 << 15).unwrap_err();
    assert!(error.to_string().contains("the memory budget"), "{error}");
}

/// Where the regions fill the budget, the regions without a value are let
/// go, but for those of the states decided and being searched (and where
/// that is not enough, the states decided and their regions, then the
/// regions with a value and the valuer's positions too): random Clobber
/// boards of 3 x 5 and 5 x 3, alone and beside the negative of another,
/// searched valuing no region but from its options, within budgets small
/// enough for that, each find the outcome class of the canonical form, or
/// stop at the budget, naming it.
#[test]
fn the_regions_let_go_at_the_budget_leave_the_outcome_unchanged() {
    let mut random = xorshift(0x2545_f491_4f6c_dd1d);
    let boards: Vec<String> = (0..60)
        .map(|i| {
            let (height, width) = if i % 2 == 0 { (3, 5) } else { (5, 3) };
            let rows: Vec<String> = (0..height)
                .map(|_| {
                    (0..width)
                        .map(|_| match random() % 5 {
                            0 => '.',
                            1 | 2 => 'x',
                            _ => 'o',
                        })
                        .collect()
                })
                .collect();
            rows.join("/")
        })
        .collect();
    let (mut collected, mut values, mut kept_states, mut decided) = (0, 0, 0, 0);
    for (i, a) in boards.iter().enumerate() {
        let b = &boards[(i + 1) % boards.len()];
        for budget in [3 << 15, 1 << 16, 1 << 17, 3 << 16, 1 << 18] {
            for sum in [vec![(a.as_str(), false)], vec![(a, false), (b, true)]] {
                let (searched, expected) = both_within(|| CLOBBER, &sum, "0", (0, 0), budget);
                match searched {
                    Ok(searched) => {
                        assert_eq!(
                            searched.outcome(),
                            expected,
                            "{i}: {sum:?} in {budget} bytes"
                        );
                        assert!(searched.values_let_go <= searched.collected);
                        collected += u64::from(searched.collected > 0);
                        values += u64::from(searched.values_let_go > 0);
                        kept_states += u64::from(searched.collected > 0 && searched.forgotten == 0);
                        decided += 1;
                    }
                    Err(Error::Limit(message)) => {
                        assert!(message.contains("the memory budget"), "{message}");
                    }
                    Err(other) => panic!("{sum:?} in {budget} bytes: {other}"),
                }
            }
        }
    }
    assert!(
        collected >= 40,
        "{collected} of {decided} searches let regions go"
    );
    assert!(
        values >= 3,
        "{values} of {decided} searches let the values go"
    );
    assert!(
        kept_states >= 3,
        "{kept_states} of {decided} searches let regions go and kept every state decided"
    );
}
