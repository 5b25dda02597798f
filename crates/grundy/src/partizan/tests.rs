//! Canonical forms against the definitions: games as explicit trees (not
//! simplified), who wins them found by search over the tree, and sums and
//! negatives built as trees; the table's answers must agree.

use proptest::prelude::*;

use super::*;

/// A game as written, options and all, never simplified.
#[derive(Clone, Debug)]
pub(super) struct Tree {
    left: Vec<Tree>,
    right: Vec<Tree>,
}

pub(super) fn tree(left: Vec<Tree>, right: Vec<Tree>) -> Tree {
    Tree { left, right }
}

/// Whether Left, moving first, wins (who cannot move loses).
fn left_first(t: &Tree) -> bool {
    t.left.iter().any(|l| !right_first(l))
}

/// Whether Right, moving first, wins.
fn right_first(t: &Tree) -> bool {
    t.right.iter().any(|r| !left_first(r))
}

/// t ≥ 0: Right moving first loses.
fn non_negative(t: &Tree) -> bool {
    !right_first(t)
}

fn tree_sum(a: &Tree, b: &Tree) -> Tree {
    let mut left: Vec<Tree> = a.left.iter().map(|l| tree_sum(l, b)).collect();
    left.extend(b.left.iter().map(|l| tree_sum(a, l)));
    let mut right: Vec<Tree> = a.right.iter().map(|r| tree_sum(r, b)).collect();
    right.extend(b.right.iter().map(|r| tree_sum(a, r)));
    tree(left, right)
}

fn tree_neg(t: &Tree) -> Tree {
    tree(
        t.right.iter().map(tree_neg).collect(),
        t.left.iter().map(tree_neg).collect(),
    )
}

pub(super) fn id(games: &mut Games, t: &Tree) -> GameId {
    let left: Vec<GameId> = t.left.iter().map(|l| id(games, l)).collect();
    let right: Vec<GameId> = t.right.iter().map(|r| id(games, r)).collect();
    games.game(&left, &right)
}

/// Trees of depth at most 3 and at most 3 options a side.
pub(super) fn trees() -> impl Strategy<Value = Tree> {
    let leaf = Just(tree(vec![], vec![]));
    leaf.prop_recursive(3, 24, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| tree(l, r))
    })
}

proptest! {
    #[test]
    fn the_sum_of_trees_is_the_sum_of_their_values(a in trees(), b in trees()) {
        let mut games = Games::new();
        let (ga, gb) = (id(&mut games, &a), id(&mut games, &b));
        let whole = id(&mut games, &tree_sum(&a, &b));
        prop_assert_eq!(games.add(ga, gb), whole);
        prop_assert_eq!(games.add(gb, ga), whole);
        let negative = id(&mut games, &tree_neg(&a));
        prop_assert_eq!(games.neg(ga), negative);
        let zero = games.zero();
        prop_assert_eq!(games.sub(ga, ga), zero);
    }

    #[test]
    fn comparison_is_the_outcome_of_the_difference(a in trees(), b in trees()) {
        let mut games = Games::new();
        let (ga, gb) = (id(&mut games, &a), id(&mut games, &b));
        // a ≤ b exactly when b - a ≥ 0, searched on the trees.
        let difference = tree_sum(&b, &tree_neg(&a));
        prop_assert_eq!(games.le(ga, gb), non_negative(&difference));
        // Equal games (each ≤ the other) have one canonical form.
        let equal = non_negative(&difference) && non_negative(&tree_neg(&difference));
        prop_assert_eq!(ga == gb, equal);
    }

    #[test]
    fn answers_forgotten_are_found_again_the_same(a in trees(), b in trees()) {
        let mut games = Games::new();
        let (ga, gb) = (id(&mut games, &a), id(&mut games, &b));
        let asked = |games: &mut Games| {
            (games.add(ga, gb), games.le(ga, gb), games.le(gb, ga), games.thermograph(ga))
        };
        let before = asked(&mut games);
        let (count, bytes) = (games.len(), games.bytes());
        games.forget_answers();
        prop_assert!(games.bytes() <= bytes);
        prop_assert_eq!(games.len(), count);
        prop_assert_eq!(&asked(&mut games), &before);
        // And they are still right.
        let difference = tree_sum(&b, &tree_neg(&a));
        prop_assert_eq!(before.1, non_negative(&difference));
        prop_assert_eq!(before.0, id(&mut games, &tree_sum(&a, &b)));
    }

    #[test]
    fn sums_are_associative_and_canonical_forms_are_fixed(
        a in trees(), b in trees(), c in trees()
    ) {
        let mut games = Games::new();
        let (ga, gb, gc) = (id(&mut games, &a), id(&mut games, &b), id(&mut games, &c));
        let ab = games.add(ga, gb);
        let bc = games.add(gb, gc);
        prop_assert_eq!(games.add(ab, gc), games.add(ga, bc));
        let form = games.form(ab);
        prop_assert_eq!(games.game(&form.left, &form.right), ab);
    }
}

/// Values every text on the theory computes first (Siegel, *Combinatorial
/// Game Theory*, I.1 and II.1; Winning Ways, chapters 1-2): `1/2 + 1/2 = 1`,
/// `* + * = 0`, `↑ + ↓ = 0` with `↑ > 0` but `↑` confused with `*`,
/// `±1 + ±1 = 0`, and `{0,*|0,*} = *2`.
/// What the table holds a game in: its node (48 bytes: a number's
/// i128 sets the size) and, for a form, its options read back in order.
#[test]
fn a_game_is_held_in_little() {
    assert!(size_of::<Node>() <= 48, "{}", size_of::<Node>());
    let mut games = Games::new();
    let [one, two, five, minus_two] = [1, 2, 5, -2].map(|n| games.number(Dyadic::integer(n)));
    let switch = games.game(&[five], &[one]);
    // {2, {5|1} | -2}: no option dominated or reversible.
    let g = games.game(&[switch, two], &[minus_two]);
    let form = games.form(g);
    let mut left = vec![two, switch];
    left.sort_unstable();
    assert_eq!((form.left, form.right), (left, vec![minus_two]));
}

#[test]
fn the_first_values_of_the_theory() {
    let mut g = Games::new();
    let zero = g.zero();
    let one = g.game(&[zero], &[]);
    let star = g.game(&[zero], &[zero]);
    let half = g.game(&[zero], &[one]);
    assert_eq!(g.add(half, half), one);
    assert_eq!(g.add(star, star), zero);
    let up = g.game(&[zero], &[star]);
    let down = g.neg(up);
    assert_eq!(g.add(up, down), zero);
    assert!(g.le(zero, up) && !g.le(up, zero));
    assert!(!g.le(up, star) && !g.le(star, up));
    let minus_one = g.neg(one);
    let pm_one = g.game(&[one], &[minus_one]);
    assert_eq!(g.add(pm_one, pm_one), zero);
    let star2 = g.game(&[zero, star], &[zero, star]);
    assert_eq!(g.add(star2, star2), zero);
    assert_ne!(star2, star);
    // {1|} = 2, and the dominated option of {0,1|} goes: it is 2 too.
    let two = g.game(&[one], &[]);
    assert_eq!(g.add(one, one), two);
    assert_eq!(g.game(&[zero, one], &[]), two);
}

/// Means and temperatures of switches and infinitesimals (Siegel, II.5):
/// ±1 is 0 at temperature 1, {1|0} is 1/2 at 1/2, {2|-1} is 1/2 at 3/2,
/// `*` and `↑` are 0 at 0, 1* is 1 at 0, 3/4 has temperature -1/4 and 5
/// has -1; {2|{1|0}} is 5/4 at 3/4 (Right's option is worth 1/2 at 1/2,
/// so Left's scaffold 2 - t meets Right's 1/2 + t there).
#[test]
fn means_and_temperatures() {
    let mut g = Games::new();
    let n = |g: &mut Games, a: i128, k: u32| g.number(Dyadic::new(a, k));
    let zero = g.zero();
    let (one, minus_one, two) = (n(&mut g, 1, 0), n(&mut g, -1, 0), n(&mut g, 2, 0));
    let star = g.game(&[zero], &[zero]);
    let up = g.game(&[zero], &[star]);
    let pm_one = g.game(&[one], &[minus_one]);
    let one_zero = g.game(&[one], &[zero]);
    let two_minus_one = g.game(&[two], &[minus_one]);
    let one_star = g.add(one, star);
    let nested = g.game(&[two], &[one_zero]);
    let three_quarters = n(&mut g, 3, 2);
    let five = n(&mut g, 5, 0);
    for (game, mean, temperature) in [
        (pm_one, (0, 0), (1, 0)),
        (one_zero, (1, 1), (1, 1)),
        (two_minus_one, (1, 1), (3, 1)),
        (star, (0, 0), (0, 0)),
        (up, (0, 0), (0, 0)),
        (one_star, (1, 0), (0, 0)),
        (three_quarters, (3, 2), (-1, 2)),
        (five, (5, 0), (-1, 0)),
        (nested, (5, 2), (3, 2)),
    ] {
        let t = g.thermograph(game);
        assert_eq!(t.mean, Dyadic::new(mean.0, mean.1), "{game:?}");
        assert_eq!(
            t.temperature,
            Dyadic::new(temperature.0, temperature.1),
            "{game:?}"
        );
    }
}

/// Thermographs below t = 0, wall by wall (Siegel, II.5; CGSuite draws
/// the same). An integer is a mast from t = -1, but a number m/2^k is not:
/// 3/2 = {1|2} cooled by t in [-1, -1/2] is {1 - t | 2 + t}, so its walls
/// cross from 2 and 1 at t = -1 to meet at its temperature -1/2; 1/4 =
/// {0|1/2} meets at -1/4, its right wall vertical until 1/2 freezes. A game
/// with such an option inherits the slant: CGSuite gives {3/2|*} the left
/// wall (t, x) = (-1, 2), (-1/2, 2), (3/4, 3/4).
#[test]
fn walls_of_numbers_cross_below_their_temperature() {
    let mut games = Games::new();
    let d = |text: &str| -> Dyadic {
        let (n, e) = match text.split_once('/') {
            Some((n, d)) => (
                n.parse::<i128>().unwrap(),
                d.parse::<u32>().unwrap().trailing_zeros(),
            ),
            None => (text.parse().unwrap(), 0),
        };
        Dyadic::new(n, e)
    };
    let corners = |points: &[(&str, &str)]| -> Vec<(Dyadic, Dyadic)> {
        points.iter().map(|&(t, x)| (d(t), d(x))).collect()
    };
    for (typed, left, right) in [
        ("5", vec![("-1", "5")], vec![("-1", "5")]),
        (
            "3/2",
            vec![("-1", "2"), ("-1/2", "3/2")],
            vec![("-1", "1"), ("-1/2", "3/2")],
        ),
        (
            "1/4",
            vec![("-1", "1"), ("-1/4", "1/4")],
            vec![("-1", "0"), ("-1/2", "0"), ("-1/4", "1/4")],
        ),
        (
            "-3/4",
            vec![("-1", "0"), ("-1/4", "-3/4")],
            vec![("-1", "-1"), ("-1/2", "-1"), ("-1/4", "-3/4")],
        ),
        (
            "{3/2|*}",
            vec![("-1", "2"), ("-1/2", "2"), ("3/4", "3/4")],
            vec![("-1", "0"), ("0", "0"), ("3/4", "3/4")],
        ),
        (
            "{1|0}",
            vec![("-1", "2"), ("1/2", "1/2")],
            vec![("-1", "-1"), ("1/2", "1/2")],
        ),
    ] {
        let g = games.read(typed, 1).unwrap();
        let t = games.thermograph(g);
        assert_eq!(
            t.left_wall.corners(),
            (corners(&left), 0),
            "left wall of {typed}"
        );
        assert_eq!(
            t.right_wall.corners(),
            (corners(&right), 0),
            "right wall of {typed}"
        );
        let (meets, at) = left.last().unwrap();
        assert_eq!((t.temperature, t.mean), (d(meets), d(at)), "{typed}");
    }
}

proptest! {
    /// The mean is additive, and a sum is no hotter than its hottest part
    /// (Siegel, II.5: the mean value theorem and temperature of sums).
    #[test]
    fn means_add_up(a in trees(), b in trees()) {
        let mut games = Games::new();
        let (ga, gb) = (id(&mut games, &a), id(&mut games, &b));
        let sum = games.add(ga, gb);
        let (ta, tb, ts) = (games.thermograph(ga), games.thermograph(gb), games.thermograph(sum));
        prop_assert_eq!(ts.mean, ta.mean + tb.mean);
        prop_assert!(ts.temperature <= ta.temperature.max(tb.temperature));
    }
}

/// One of CGSuite's test cases of canonical short games: the game as
/// typed, CGSuite's answer, its options, stops, mean and temperature.
struct Documented {
    typed: &'static str,
    answer: &'static str,
    left: &'static [&'static str],
    right: &'static [&'static str],
    stops: (&'static str, &'static str),
    mean: &'static str,
    temperature: &'static str,
}

/// CGSuite's own test cases (aaron-siegel/cgsuite,
/// `lib/core/src/test/scala/org/cgsuite/lang/CanonicalShortGameTestCase.scala`),
/// all but the integer -1823437481924, beyond grundy's literals (2^32).
/// CGSuite's `+` between terms is a sum here too; its answer is read back
/// and must be the same game (canonical forms are unique), and so must
/// each option.
#[test]
fn the_values_cgsuite_documents() {
    let nimbers: &[&str] = &["0", "*", "*2", "*3", "*4", "*5", "*6", "*7"];
    let cases = [
        Documented {
            typed: "0",
            answer: "0",
            left: &[],
            right: &[],
            stops: ("0", "0"),
            mean: "0",
            temperature: "-1",
        },
        Documented {
            typed: "5",
            answer: "5",
            left: &["4"],
            right: &[],
            stops: ("5", "5"),
            mean: "5",
            temperature: "-1",
        },
        Documented {
            typed: "-1/2",
            answer: "-1/2",
            left: &["-1"],
            right: &["0"],
            stops: ("-1/2", "-1/2"),
            mean: "-1/2",
            temperature: "-1/2",
        },
        Documented {
            typed: "25/16",
            answer: "25/16",
            left: &["3/2"],
            right: &["13/8"],
            stops: ("25/16", "25/16"),
            mean: "25/16",
            temperature: "-1/16",
        },
        Documented {
            typed: "*8",
            answer: "*8",
            left: nimbers,
            right: nimbers,
            stops: ("0", "0"),
            mean: "0",
            temperature: "0",
        },
        Documented {
            typed: "^",
            answer: "^",
            left: &["0"],
            right: &["*"],
            stops: ("0", "0"),
            mean: "0",
            temperature: "0",
        },
        Documented {
            typed: "v*",
            answer: "v*",
            left: &["0"],
            right: &["0", "*"],
            stops: ("0", "0"),
            mean: "0",
            temperature: "0",
        },
        Documented {
            typed: "6+^*",
            answer: "6^*",
            left: &["6", "6*"],
            right: &["6"],
            stops: ("6", "6"),
            mean: "6",
            temperature: "0",
        },
        Documented {
            typed: "^*6",
            answer: "^*6",
            left: &["0"],
            right: &["*7"],
            stops: ("0", "0"),
            mean: "0",
            temperature: "0",
        },
        Documented {
            typed: "73/16+v9*8",
            answer: "73/16v9*8",
            left: &["73/16v8*9"],
            right: &["73/16"],
            stops: ("73/16", "73/16"),
            mean: "73/16",
            temperature: "0",
        },
        Documented {
            typed: "{0|*||*|||*||||*}",
            answer: "{^|*||*|||*}",
            left: &["{^|*||*}"],
            right: &["*"],
            stops: ("0", "0"),
            mean: "0",
            temperature: "0",
        },
        Documented {
            typed: "{0||0|v*}",
            answer: "{0||0|v*}",
            left: &["0"],
            right: &["{0|v*}"],
            stops: ("0", "0"),
            mean: "0",
            temperature: "0",
        },
    ];
    let mut games = Games::new();
    let read = |games: &mut Games, text: &str| -> GameId {
        let zero = games.zero();
        text.split('+').fold(zero, |sum, term| {
            let term = games.read(term, 1).unwrap();
            games.add(sum, term)
        })
    };
    for case in cases {
        let g = read(&mut games, case.typed);
        assert_eq!(g, read(&mut games, case.answer), "{}", case.typed);
        let form = games.form(g);
        for (mine, documented) in [(form.left, case.left), (form.right, case.right)] {
            let mut mine = mine.clone();
            let mut documented: Vec<GameId> =
                documented.iter().map(|o| read(&mut games, o)).collect();
            mine.sort();
            documented.sort();
            assert_eq!(mine, documented, "the options of {}", case.typed);
        }
        let (left_stop, right_stop) = games.stops(g);
        assert_eq!(
            (left_stop.to_string(), right_stop.to_string()),
            (case.stops.0.to_string(), case.stops.1.to_string()),
            "{}",
            case.typed
        );
        let t = games.thermograph(g);
        assert_eq!(t.mean.to_string(), case.mean, "{}", case.typed);
        assert_eq!(
            t.temperature.to_string(),
            case.temperature,
            "{}",
            case.typed
        );
    }
}

/// *n as a tree: {*0, .., *(n-1) | the same}.
fn nim_tree(n: u32) -> Tree {
    let below: Vec<Tree> = (0..n).map(nim_tree).collect();
    tree(below.clone(), below)
}

/// Nimbers add by XOR without search: *a + *b is the value of the tree of
/// the sum (built from its options alone), and is P exactly when a = b,
/// as search over the tree says; an L-shaped sum of a nimber with ^ is
/// checked the same way.
#[test]
fn nimbers_add_by_xor() {
    let mut games = Games::new();
    let up = tree(vec![tree(vec![], vec![])], vec![nim_tree(1)]);
    for a in 0..4 {
        for b in 0..4 {
            let sum = tree_sum(&nim_tree(a), &nim_tree(b));
            let (ga, gb) = (games.nimber(a.into()), games.nimber(b.into()));
            let added = games.add(ga, gb);
            assert_eq!(added, id(&mut games, &sum), "*{a} + *{b}");
            assert_eq!(games.nimber_value(added), Some(u64::from(a ^ b)));
            assert_eq!(!left_first(&sum) && !right_first(&sum), a == b);
            let with_up = tree_sum(&sum, &up);
            let g_up = id(&mut games, &up);
            let added_up = games.add(added, g_up);
            assert_eq!(added_up, id(&mut games, &with_up), "*{a} + *{b} + ^");
        }
    }
    // Far beyond what search over options could do.
    let (g, h) = (games.nimber(1 << 40), games.nimber(100));
    let sum = games.add(g, h);
    assert_eq!(games.nimber_value(sum), Some((1 << 40) ^ 100));
    assert_eq!(games.write(sum).unwrap(), "*1099511627876");
}

/// Games as positions of a graph, each with its options, for searching
/// sums of several components without writing out the sum's tree.
#[derive(Default)]
struct Positions {
    options: Vec<(Vec<usize>, Vec<usize>)>,
    wins: HashMap<(Vec<usize>, bool), bool>,
    /// The position of each component added, by its name.
    named: HashMap<String, usize>,
}

impl Positions {
    /// The position of a tree, its options added first.
    fn add(&mut self, t: &Tree) -> usize {
        let left = t.left.iter().map(|l| self.add(l)).collect();
        let right = t.right.iter().map(|r| self.add(r)).collect();
        self.options.push((left, right));
        self.options.len() - 1
    }

    /// x + n·↑ + *m as components: x's tree, |n| trees of ↑ (or ↓) and
    /// *m's, none simplified.
    fn nus(&mut self, v: Nus) -> Vec<usize> {
        let up = tree(vec![tree(vec![], vec![])], vec![nim_tree(1)]);
        let unit = if v.ups < 0 { tree_neg(&up) } else { up };
        let mut parts = vec![
            self.named(format!("{}", v.x), &number_tree(v.x)),
            self.named(format!("*{}", v.nimber), &nim_tree(v.nimber as u32)),
        ];
        for _ in 0..v.ups.unsigned_abs() {
            parts.push(self.named(format!("up {}", v.ups < 0), &unit));
        }
        parts
    }

    /// The position of the tree `t` named `name`, added once.
    fn named(&mut self, name: String, t: &Tree) -> usize {
        if let Some(&known) = self.named.get(&name) {
            return known;
        }
        let position = self.add(t);
        self.named.insert(name, position);
        position
    }

    /// -v's components.
    fn negative(&mut self, v: Nus) -> Vec<usize> {
        self.nus(-v)
    }

    /// Whether the player to move (Left if `left`) wins the sum of the
    /// components `sum`, moving in one of them.
    fn mover_wins(&mut self, mut sum: Vec<usize>, left: bool) -> bool {
        sum.sort_unstable();
        if let Some(&known) = self.wins.get(&(sum.clone(), left)) {
            return known;
        }
        let mut wins = false;
        'parts: for i in 0..sum.len() {
            let (l, r) = &self.options[sum[i]];
            for o in if left { l.clone() } else { r.clone() } {
                let mut after = sum.clone();
                after[i] = o;
                if !self.mover_wins(after, !left) {
                    wins = true;
                    break 'parts;
                }
            }
        }
        self.wins.insert((sum, left), wins);
        wins
    }
}

/// Values x + n·↑ + *m held by their parts against the definitions: who
/// wins each, and how each pair compares, by search over the sums of
/// their components' trees (b - a ≥ 0: Right moving first loses); the
/// canonical form built from each one's tree is the value held by its
/// parts; and each form the table writes out for them (`nus.rs`) is
/// canonical: built again from its options, it is the same value.
#[test]
fn ups_and_nimbers_held_by_their_parts_follow_the_definitions() {
    let mut games = Games::new();
    let mut positions = Positions::default();
    let mut values = Vec::new();
    for x in [Dyadic::ZERO, Dyadic::new(-1, 1)] {
        for ups in -3..=3 {
            for nimber in 0..=3 {
                values.push(Nus { x, ups, nimber });
            }
        }
    }
    let up = tree(vec![tree(vec![], vec![])], vec![nim_tree(1)]);
    for &v in &values {
        let g = games.nus(v);
        // The tree of the sum, where it is small enough to write out.
        if v.ups.unsigned_abs() + v.nimber <= 3 {
            let mut t = tree_sum(&number_tree(v.x), &nim_tree(v.nimber as u32));
            for _ in 0..v.ups.unsigned_abs() {
                t = tree_sum(&t, &if v.ups < 0 { tree_neg(&up) } else { up.clone() });
            }
            assert_eq!(id(&mut games, &t), g, "{v:?}");
        }
        let parts = positions.nus(v);
        let outcome = match (
            positions.mover_wins(parts.clone(), true),
            positions.mover_wins(parts, false),
        ) {
            (true, true) => OutcomeClass::N,
            (true, false) => OutcomeClass::L,
            (false, true) => OutcomeClass::R,
            (false, false) => OutcomeClass::P,
        };
        assert_eq!(games.outcome(g), outcome, "{v:?}");
    }
    for &a in &values {
        for &b in &values {
            let (ga, gb) = (games.nus(a), games.nus(b));
            let mut difference = positions.nus(b);
            difference.extend(positions.negative(a));
            let searched = !positions.mover_wins(difference, false);
            assert_eq!(games.le(ga, gb), searched, "{a:?} <= {b:?}");
        }
    }
    for x in [Dyadic::ZERO, Dyadic::new(3, 2)] {
        for ups in -9..=9 {
            for nimber in 0..=9 {
                let v = Nus { x, ups, nimber };
                let g = games.nus(v);
                let form = games.form(g);
                assert_eq!(games.game(&form.left, &form.right), g, "{v:?}");
                assert_eq!(games.nus_value(g), Some(v));
            }
        }
    }
}

/// g's canonical form as a tree, every option's form written out.
fn form_tree(games: &mut Games, g: GameId) -> Tree {
    let form = games.form(g);
    tree(
        form.left.iter().map(|&l| form_tree(games, l)).collect(),
        form.right.iter().map(|&r| form_tree(games, r)).collect(),
    )
}

/// How long `t` lasts with Left (`left`) or Right to move, the winner
/// hurrying and the loser delaying, by search over the tree.
fn tree_remoteness(t: &Tree, left: bool) -> u32 {
    let options = if left { &t.left } else { &t.right };
    let mut wins = None;
    let mut slowest = None;
    for o in options {
        let r = tree_remoteness(o, !left);
        let opponent_wins = if left { right_first(o) } else { left_first(o) };
        if !opponent_wins {
            wins = Some(wins.map_or(r, |w: u32| w.min(r)));
        }
        slowest = Some(slowest.map_or(r, |s: u32| s.max(r)));
    }
    wins.or(slowest).map_or(0, |r| r + 1)
}

/// The remoteness of values held by their parts, and of games with such
/// values among their options, is that of play on their canonical forms
/// written out as trees.
#[test]
fn remoteness_of_ups_and_nimbers_is_that_of_their_forms() {
    let mut games = Games::new();
    let switch = games.read("{1|-1}", 1).unwrap();
    for x in [Dyadic::ZERO, Dyadic::new(3, 1)] {
        for ups in -3..=3 {
            for nimber in 0..=3 {
                let v = games.nus(Nus { x, ups, nimber });
                let beside = games.game(&[v], &[switch]);
                for g in [v, beside] {
                    let t = form_tree(&mut games, g);
                    for left in [true, false] {
                        let expected = tree_remoteness(&t, left);
                        assert_eq!(games.remoteness(g, left), expected, "{x} {ups} {nimber}");
                    }
                }
            }
        }
    }
}

/// The sum ±1 ± 2 .. ± k, read from its text (issue 36: a sum of 24
/// switches grew without bound).
fn switches(games: &mut Games, k: u32) -> GameId {
    let text: Vec<String> = (1..=k).map(|i| format!("{{{i}|-{i}}}")).collect();
    let parts: Vec<GameId> = text.iter().map(|t| games.read(t, 1).unwrap()).collect();
    games.sum(parts)
}

/// Issue 36, item 1: a table stops at its memory budget, and says so,
/// instead of taking what it needs; a table with room enough gives the same
/// sum.
#[test]
fn a_sum_stops_at_the_budget_of_its_table() {
    let mut small = Games::with_budget(1 << 20);
    switches(&mut small, 14);
    let error = small.check().unwrap_err();
    assert!(matches!(error, Error::Limit(_)), "{error}");
    assert!(error.to_string().contains("memory budget"), "{error}");
    assert!(small.bytes() <= 2 << 20, "{} bytes", small.bytes());
    let mut roomy = Games::new();
    switches(&mut roomy, 8);
    assert!(roomy.check().is_ok());
}

/// Issue 36, item 1: a value whose text would pass the limit is refused,
/// not written; one below it is written whole and read back.
#[test]
fn a_value_too_long_to_write_is_refused() {
    let mut games = Games::new();
    let mut k = 1;
    let shorter = loop {
        let sum = switches(&mut games, k);
        match games.write(sum) {
            Ok(text) if k < 16 => {
                assert!(text.len() <= super::text::MAX_WRITTEN);
                assert_eq!(games.read(&text, 1).unwrap(), sum);
                k += 1;
            }
            Ok(text) => panic!("±1 .. ±16 written in {} characters", text.len()),
            Err(error) => {
                assert!(matches!(error, Error::Limit(_)), "{error}");
                break k - 1;
            }
        }
    };
    assert!(shorter >= 4, "only {shorter} switches written");
}

/// Issue 36, item 2 (repro 17): ups beyond the height limit are held by
/// their count, and refused where their form is needed beside a game of
/// another kind; just below it, reading, adding, comparing, the
/// thermograph and writing all fit the 2 MiB stack of a thread of
/// `grundy serve` (in a debug build, whose frames are the largest).
#[test]
fn values_up_to_the_height_limit_fit_a_small_stack() {
    let work = || {
        let mut games = Games::new();
        let over = "^".repeat(MAX_HEIGHT as usize + 1);
        let g = games.read(&over, 1).unwrap();
        assert_eq!(games.write(g).unwrap(), format!("^{}", MAX_HEIGHT + 1));
        let error = games.read(&format!("{over} + {{1|-1}}"), 1).unwrap_err();
        assert!(error.to_string().contains("levels of options"), "{error}");
        let mut games = Games::new();
        let ups = MAX_HEIGHT as usize - 3;
        let g = games.read(&"^".repeat(ups), 1).unwrap();
        assert!(games.height(g) <= MAX_HEIGHT);
        // Beside a switch, the ups' form is written out and recursed
        // through, as deep as its height.
        let switch = games.read("{1|-1}", 1).unwrap();
        let h = games.add(g, switch);
        games.check().unwrap();
        assert!(games.height(h) <= MAX_HEIGHT);
        assert!(!games.le(games.zero(), h) && !games.le(h, games.zero()));
        let back = games.sub(h, switch);
        assert_eq!(back, g);
        let text = games.write(h).unwrap();
        assert_eq!(games.read(&text, 1).unwrap(), h);
        let thermograph = games.thermograph(h);
        assert_eq!(thermograph.mean, Dyadic::ZERO);
        let deep = MAX_HEIGHT as usize - 1;
        let nested = format!("{}{}", "{".repeat(deep), "|}".repeat(deep));
        assert!(games.read(&nested, 1).is_ok());
        let minus = format!("{}^", "-".repeat(100_000));
        assert_eq!(games.read(&minus, 1).unwrap(), games.read("^", 1).unwrap());
    };
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(work)
        .unwrap()
        .join()
        .unwrap();
}

/// The number x as a tree, by its canonical form: n = {n - 1|}, -n =
/// {|-n + 1}, m/2^k = {x - 1/2^k | x + 1/2^k}.
fn number_tree(x: Dyadic) -> Tree {
    let (m, k) = (x.numerator(), x.exponent());
    match (k, m) {
        (0, 0) => tree(vec![], vec![]),
        (0, m) if m > 0 => tree(vec![number_tree(Dyadic::integer(m - 1))], vec![]),
        (0, m) => tree(vec![], vec![number_tree(Dyadic::integer(m + 1))]),
        _ => tree(
            vec![number_tree(Dyadic::new(m - 1, k))],
            vec![number_tree(Dyadic::new(m + 1, k))],
        ),
    }
}

/// t > 0: Left wins whoever starts.
fn positive(t: &Tree) -> bool {
    left_first(t) && !right_first(t)
}

/// The depth of t as written: 0 for {|}, else one more than its
/// options' deepest. A game's birthday is at most the depth of any form.
fn depth(t: &Tree) -> u128 {
    (t.left.iter().chain(&t.right))
        .map(|o| 1 + depth(o))
        .max()
        .unwrap_or(0)
}

/// Whether every subposition of t, as written, has moves for both
/// players or for neither.
pub(super) fn dicotic(t: &Tree) -> bool {
    t.left.is_empty() == t.right.is_empty() && t.left.iter().chain(&t.right).all(dicotic)
}

proptest! {
    /// The numbers a game is confused with, by search: x is confused with
    /// t where whoever starts in t - x wins. Numbers strictly between the
    /// stops are (Siegel II.3); each stop, and just outside them, are
    /// searched.
    #[test]
    fn a_game_is_confused_with_the_numbers_between_its_stops(t in trees()) {
        let mut games = Games::new();
        let g = id(&mut games, &t);
        let confused = |x: Dyadic| {
            let difference = tree_sum(&t, &tree_neg(&number_tree(x)));
            left_first(&difference) && right_first(&difference)
        };
        let (left_stop, right_stop) = games.stops(g);
        prop_assert!(right_stop <= left_stop);
        let eighth = Dyadic::unit(3);
        let near = [right_stop - eighth, right_stop, left_stop, left_stop + eighth];
        match games.confusion(g) {
            None => {
                for x in near {
                    prop_assert!(!confused(x), "{x} is confused with it");
                }
            }
            Some(c) => {
                prop_assert_eq!((c.low, c.high), (right_stop, left_stop));
                prop_assert_eq!(c.low_included, confused(c.low));
                prop_assert_eq!(c.high_included, confused(c.high));
                prop_assert!(!confused(right_stop - eighth) && !confused(left_stop + eighth));
                if c.low < c.high {
                    let middle = (c.low + c.high).half();
                    prop_assert!(confused(middle));
                }
            }
        }
    }

    /// Infinitesimal by the definition: between -x and x for every
    /// positive x. A tree of depth 3 has stops born by day 3, so a stop
    /// that is not 0 is at least 1/4 from it, and x = 1/8 decides.
    #[test]
    fn infinitesimals_are_between_every_small_number_and_its_negative(t in trees()) {
        let mut games = Games::new();
        let g = id(&mut games, &t);
        let eighth = number_tree(Dyadic::unit(3));
        let below = positive(&tree_sum(&eighth, &tree_neg(&t)));
        let above = positive(&tree_sum(&t, &eighth));
        prop_assert_eq!(games.is_infinitesimal(g), below && above);
    }

    /// A birthday is at most the depth of any form of the game; a game
    /// written with moves for both players or neither everywhere is
    /// all-small; an all-small game is infinitesimal.
    #[test]
    fn birthdays_and_all_small_games_agree_with_their_forms(t in trees()) {
        let mut games = Games::new();
        let g = id(&mut games, &t);
        prop_assert!(games.birthday(g) <= depth(&t));
        if dicotic(&t) {
            prop_assert!(games.is_all_small(g));
        }
        if games.is_all_small(g) {
            prop_assert!(games.is_infinitesimal(g));
        }
    }
}

/// Birthdays, stops and confusion of values in Siegel's *Combinatorial
/// Game Theory* (II.1-II.4), each worked out by hand from the definitions.
#[test]
fn stops_birthdays_and_confusion_of_the_first_values() {
    let mut games = Games::new();
    let d = |text: &str| {
        let (m, k) = match text.split_once('/') {
            Some((m, d)) => (
                m.parse().unwrap(),
                d.parse::<u32>().unwrap().trailing_zeros(),
            ),
            None => (text.parse().unwrap(), 0),
        };
        Dyadic::new(m, k)
    };
    // (value, birthday, stops, confused with, infinitesimal, all-small)
    type Interval<'a> = Option<(bool, &'a str, &'a str, bool)>;
    type Case<'a> = (&'a str, u128, (&'a str, &'a str), Interval<'a>, bool, bool);
    let cases: [Case; 13] = [
        ("0", 0, ("0", "0"), None, true, true),
        ("7", 7, ("7", "7"), None, false, false),
        ("3/2", 3, ("3/2", "3/2"), None, false, false),
        ("-5/4", 4, ("-5/4", "-5/4"), None, false, false),
        ("*", 1, ("0", "0"), Some((true, "0", "0", true)), true, true),
        (
            "*2",
            2,
            ("0", "0"),
            Some((true, "0", "0", true)),
            true,
            true,
        ),
        ("^", 2, ("0", "0"), None, true, true),
        (
            "^*",
            2,
            ("0", "0"),
            Some((true, "0", "0", true)),
            true,
            true,
        ),
        // ±1: confused with every number from -1 to 1.
        (
            "{1|-1}",
            2,
            ("1", "-1"),
            Some((true, "-1", "1", true)),
            false,
            false,
        ),
        // {2|{1|0}} - 1 > 0: Right's move to {0|-1} is answered by 0.
        // {2|{1|0}} - 2 is fuzzy: Left moves to 0; Right to {-1|-2}.
        (
            "{2|{1|0}}",
            3,
            ("2", "1"),
            Some((false, "1", "2", true)),
            false,
            false,
        ),
        // Tiny-one {0||0|-1}: infinitesimal and positive, not all-small.
        ("{0||0|-1}", 3, ("0", "0"), None, true, false),
        // {1/2|-1/2}: its stops are the options; confused with both.
        (
            "{1/2|-1/2}",
            3,
            ("1/2", "-1/2"),
            Some((true, "-1/2", "1/2", true)),
            false,
            false,
        ),
        // {1*|0}: Left's stop is 1 (1* is 1 and a star); Right's is 0.
        // Minus 1 it is {*|-1}, which Right wins whoever starts (Left's
        // move to * is answered by Right's to 0): below 1, so 1 is left
        // out. 0 is in: Right's move to 0 wins, and so does Left's to 1*.
        (
            "{1*|0}",
            3,
            ("1", "0"),
            Some((true, "0", "1", false)),
            false,
            false,
        ),
    ];
    for (text, birthday, (left, right), interval, infinitesimal, all_small) in cases {
        let g = games.read(text, 1).unwrap();
        assert_eq!(games.birthday(g), birthday, "birthday of {text}");
        assert_eq!(games.stops(g), (d(left), d(right)), "stops of {text}");
        let expected = interval.map(|(low_included, low, high, high_included)| Confusion {
            low: d(low),
            low_included,
            high: d(high),
            high_included,
        });
        assert_eq!(games.confusion(g), expected, "confusion of {text}");
        assert_eq!(games.is_infinitesimal(g), infinitesimal, "{text}");
        assert_eq!(games.is_all_small(g), all_small, "{text}");
    }
}
