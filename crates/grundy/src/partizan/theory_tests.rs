//! The laws of the theory beyond canonical forms, on random games
//! (Siegel, *Combinatorial Game Theory*, II.5-II.7): cooling is additive
//! and freezes a game to its mean up to an infinitesimal; a game and its
//! reduced canonical form differ by an infinitesimal; atomic weight is
//! additive on all-small games and undoes Norton multiplication by ↑; the
//! stops bound the mean; 0 is the identity of ordinal sums.

use proptest::prelude::*;

use super::tests::{dicotic, id, tree, trees, Tree};
use super::*;

/// All-small trees: every subposition has moves for both or for neither.
fn all_small_trees() -> impl Strategy<Value = Tree> {
    let leaf = Just(tree(vec![], vec![]));
    leaf.prop_recursive(3, 24, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 1..3),
            prop::collection::vec(inner, 1..3),
        )
            .prop_map(|(l, r)| tree(l, r))
    })
}

fn temperatures() -> impl Strategy<Value = Dyadic> {
    prop::sample::select(vec![
        Dyadic::ZERO,
        Dyadic::unit(2),
        Dyadic::unit(1),
        Dyadic::integer(1),
        Dyadic::new(3, 1),
        Dyadic::integer(2),
    ])
}

proptest! {
    #[test]
    fn cooling_is_additive_and_freezing_reaches_the_mean(
        a in trees(), b in trees(), t in temperatures()
    ) {
        let mut games = Games::new();
        let (g, h) = (id(&mut games, &a), id(&mut games, &b));
        let sum = games.add(g, h);
        let whole = games.cool(sum, t).unwrap();
        let (cg, ch) = (games.cool(g, t).unwrap(), games.cool(h, t).unwrap());
        prop_assert_eq!(whole, games.add(cg, ch));
        // Frozen, a game is infinitesimally close to its mean.
        let mean = games.thermograph(g).mean;
        let frozen = games.freeze(g).unwrap();
        prop_assert_eq!(games.stops(frozen), (mean, mean));
        // The stops bound the mean.
        let (left, right) = games.stops(g);
        prop_assert!(right <= mean && mean <= left);
    }

    #[test]
    fn a_game_and_its_reduced_form_differ_by_an_infinitesimal(a in trees(), b in trees()) {
        let mut games = Games::new();
        let (g, h) = (id(&mut games, &a), id(&mut games, &b));
        let r = games.reduced(g).unwrap();
        let difference = games.sub(g, r);
        prop_assert!(games.is_infinitesimal(difference));
        prop_assert_eq!(games.reduced(r).unwrap(), r);
        // Games differing by an infinitesimal have one reduced form.
        let rh = games.reduced(h).unwrap();
        let sum = games.add(g, h);
        let reduced_parts = games.add(r, rh);
        prop_assert_eq!(games.reduced(sum).unwrap(), games.reduced(reduced_parts).unwrap());
    }

    #[test]
    fn atomic_weight_is_additive_and_undoes_norton_multiplication_by_up(
        a in all_small_trees(), b in all_small_trees(), c in trees()
    ) {
        prop_assume!(dicotic(&a) && dicotic(&b));
        let mut games = Games::new();
        let (g, h) = (id(&mut games, &a), id(&mut games, &b));
        let sum = games.add(g, h);
        let (wg, wh) = (games.atomic_weight(g).unwrap(), games.atomic_weight(h).unwrap());
        prop_assert_eq!(games.atomic_weight(sum).unwrap(), games.add(wg, wh));
        let zero = games.zero();
        let star = games.game(&[zero], &[zero]);
        let up = games.game(&[zero], &[star]);
        let w = id(&mut games, &c);
        let product = games.norton(w, up).unwrap();
        prop_assert!(games.is_all_small(product));
        prop_assert_eq!(games.atomic_weight(product).unwrap(), w);
    }

    #[test]
    fn zero_is_the_identity_of_ordinal_sums(a in trees()) {
        let mut games = Games::new();
        let g = id(&mut games, &a);
        let zero = games.zero();
        prop_assert_eq!(games.ordinal(g, zero).unwrap(), g);
        prop_assert_eq!(games.ordinal(zero, g).unwrap(), g);
    }
}
