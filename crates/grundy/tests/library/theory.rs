//! The theory beyond canonical forms (stops, reduced canonical forms,
//! cooling, heating, atomic weights, Norton products, ordinal sums)
//! against values published in the literature, each with its source, and
//! against cgt-tools, an implementation grundy shares no code with
//! (`tests/data/peers/cgt_tools_values.txt`, written by
//! `scripts/cgt_tools_values.sh`).

use grundy::partizan::{Dyadic, GameId, Games};

/// The game written in `text`, in `games`.
fn read(games: &mut Games, text: &str) -> GameId {
    games
        .read(text, 1)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn number(text: &str) -> Dyadic {
    let mut games = Games::new();
    let g = read(&mut games, text);
    games.number_value(g).expect("a number")
}

#[test]
fn stops_reduced_forms_cooling_heating_and_atomic_weights_agree_with_cgt_tools() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/peers/cgt_tools_values.txt"
    );
    let text = std::fs::read_to_string(path).expect("the values of cgt-tools");
    let mut checked = 0;
    let mut weighed = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split(" ; ").collect();
        let [game, left_stop, right_stop, reduced, cooled_half, cooled_one, heated, weight] =
            fields[..]
        else {
            panic!("a line of eight fields: {line}");
        };
        let mut games = Games::new();
        let g = read(&mut games, game);
        let stops = (number(left_stop), number(right_stop));
        assert_eq!(games.stops(g), stops, "the stops of {game}");
        let expect = |games: &mut Games, what: &str, got: GameId, text: &str| {
            let want = read(games, text);
            let written = games.write(got).unwrap();
            assert_eq!(
                got, want,
                "{what} of {game}: grundy {written}, cgt-tools {text}"
            );
        };
        let r = games.reduced(g).unwrap();
        expect(&mut games, "the reduced form", r, reduced);
        let c = games.cool(g, Dyadic::new(1, 1)).unwrap();
        expect(&mut games, "cooled by 1/2", c, cooled_half);
        let c = games.cool(g, Dyadic::integer(1)).unwrap();
        expect(&mut games, "cooled by 1", c, cooled_one);
        let one = games.number(Dyadic::integer(1));
        let h = games.heat(g, one);
        expect(&mut games, "heated by 1", h, heated);
        if games.is_all_small(g) {
            let w = games.atomic_weight(g).unwrap();
            expect(&mut games, "the atomic weight", w, weight);
            weighed += 1;
        }
        checked += 1;
    }
    assert_eq!(checked, 300);
    assert!(weighed >= 150, "{weighed} all-small games");
}

/// The value of `text` after `op`, written.
fn after(text: &str, op: impl FnOnce(&mut Games, GameId) -> GameId) -> String {
    let mut games = Games::new();
    let g = read(&mut games, text);
    let result = op(&mut games, g);
    games.write(result).unwrap()
}

/// Atomic weights of the uptimals: n.↑ + *m weighs n (Siegel,
/// *Combinatorial Game Theory*, II.7: the atomic weight of ↑ is 1, of a
/// nimber 0, and atomic weight is additive); {0|↑*}... is ⇑* less a star.
#[test]
fn atomic_weights_of_ups_and_nimbers() {
    let weight = |text: &str| after(text, |games, g| games.atomic_weight(g).unwrap());
    assert_eq!(weight("^"), "1");
    assert_eq!(weight("v"), "-1");
    assert_eq!(weight("^*"), "1");
    assert_eq!(weight("^^*"), "2");
    assert_eq!(weight("^3*7"), "3");
    assert_eq!(weight("*"), "0");
    assert_eq!(weight("0"), "0");
    // Not all-small: refused, naming why.
    let mut games = Games::new();
    let g = read(&mut games, "{1|0}");
    let error = games.atomic_weight(g).unwrap_err().to_string();
    assert!(error.contains("not all-small"), "{error}");
}

/// Cooling and heating of switches (Winning Ways, ch. 6; Siegel II.5):
/// {a|-a} cooled by t ≤ a is {a - t | -a + t}, * at t = a, and 0 above;
/// {2|1} cooled by its temperature 1/2 is 3/2*; heating by t undoes the
/// cooling of a switch by t.
#[test]
fn switches_cool_to_stars_and_heat_back() {
    let cool = |text: &str, t: Dyadic| after(text, |games, g| games.cool(g, t).unwrap());
    assert_eq!(cool("{3|-3}", Dyadic::integer(1)), "±2");
    assert_eq!(cool("{3|-3}", Dyadic::integer(3)), "*");
    assert_eq!(cool("{3|-3}", Dyadic::integer(4)), "0");
    assert_eq!(cool("{2|1}", Dyadic::new(1, 1)), "3/2*");
    assert_eq!(cool("{2|1}", Dyadic::integer(1)), "3/2");
    // Numbers are not cooled, at any t above -1.
    assert_eq!(cool("5/4", Dyadic::integer(7)), "5/4");
    assert_eq!(after("{2|1}", |games, g| games.freeze(g).unwrap()), "3/2*");
    let heat = |text: &str| {
        after(text, |games, g| {
            let one = games.number(Dyadic::integer(1));
            games.heat(g, one)
        })
    };
    assert_eq!(heat("*"), "±1");
    assert_eq!(heat("3/2*"), "{5/2|1/2}");
    // Below -1 cooling is not defined.
    let mut games = Games::new();
    let g = read(&mut games, "{1|-1}");
    assert!(games.cool(g, Dyadic::integer(-1)).is_err());
}

/// Norton products by ↑ (Siegel II.7: n.↑ is n ↑s) and ordinal sums
/// (Conway, ONAG ch. 15: x:1 moves a number one step on; *a:*b = *(a+b)).
#[test]
fn norton_products_and_ordinal_sums() {
    let norton = |g: &str, u: &str| {
        after(g, |games, g| {
            let u = read(games, u);
            games.norton(g, u).unwrap()
        })
    };
    assert_eq!(norton("3", "^"), "^3");
    assert_eq!(norton("-2", "^"), "vv");
    assert_eq!(norton("2", "1/2"), "1");
    let ordinal = |g: &str, h: &str| {
        after(g, |games, g| {
            let h = read(games, h);
            games.ordinal(g, h).unwrap()
        })
    };
    assert_eq!(ordinal("1", "1"), "2");
    assert_eq!(ordinal("1", "-1"), "1/2");
    assert_eq!(ordinal("*2", "*3"), "*5");
    assert_eq!(ordinal("{1|-1}", "0"), "±1");
    // * : 1 = {0, * | 0} = ↑*.
    assert_eq!(ordinal("*", "1"), "^*");
    // A unit must be positive.
    let mut games = Games::new();
    let (g, u) = (read(&mut games, "1"), read(&mut games, "-1"));
    assert!(games.norton(g, u).is_err());
    let star = read(&mut games, "*");
    assert!(games.norton(g, star).is_err());
}

/// Reduced canonical forms (Siegel II.6): infinitesimals reduce to 0, a
/// game infinitesimally close to x to x, and {1|↑} to {1|0}.
#[test]
fn reduced_canonical_forms() {
    let reduced = |text: &str| after(text, |games, g| games.reduced(g).unwrap());
    assert_eq!(reduced("^"), "0");
    assert_eq!(reduced("1/2^*"), "1/2");
    assert_eq!(reduced("{1|^}"), "{1|0}");
    assert_eq!(reduced("{2|1*}"), "{2|1}");
    assert_eq!(reduced("±1"), "±1");
}
