//! Canonical forms against the definitions: games as explicit trees (not
//! simplified), who wins them found by search over the tree, and sums and
//! negatives built as trees; the table's answers must agree.

use proptest::prelude::*;

use super::*;

/// A game as written, options and all, never simplified.
#[derive(Clone, Debug)]
struct Tree {
    left: Vec<Tree>,
    right: Vec<Tree>,
}

fn tree(left: Vec<Tree>, right: Vec<Tree>) -> Tree {
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

fn id(games: &mut Games, t: &Tree) -> GameId {
    let left: Vec<GameId> = t.left.iter().map(|l| id(games, l)).collect();
    let right: Vec<GameId> = t.right.iter().map(|r| id(games, r)).collect();
    games.game(&left, &right)
}

/// Trees of depth at most 3 and at most 3 options a side.
fn trees() -> impl Strategy<Value = Tree> {
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
    fn sums_are_associative_and_canonical_forms_are_fixed(
        a in trees(), b in trees(), c in trees()
    ) {
        let mut games = Games::new();
        let (ga, gb, gc) = (id(&mut games, &a), id(&mut games, &b), id(&mut games, &c));
        let ab = games.add(ga, gb);
        let bc = games.add(gb, gc);
        prop_assert_eq!(games.add(ab, gc), games.add(ga, bc));
        let form = games.form(ab).clone();
        prop_assert_eq!(games.game(&form.left, &form.right), ab);
    }
}

/// Values every text on the theory computes first (Siegel, *Combinatorial
/// Game Theory*, I.1 and II.1; Winning Ways, chapters 1-2): `1/2 + 1/2 = 1`,
/// `* + * = 0`, `↑ + ↓ = 0` with `↑ > 0` but `↑` confused with `*`,
/// `±1 + ±1 = 0`, and `{0,*|0,*} = *2`.
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
