//! Loopy values against the theory's examples (Siegel, *Combinatorial
//! Game Theory*, VI; Winning Ways, ch. 11), against the independent
//! implementation of short games (`partizan`) on loop-free games, and
//! against the outcome search on random stoppers.

use proptest::prelude::*;

use super::*;

fn game(text: &str) -> Graph {
    read(&mut Games::new(), text, 1).unwrap()
}

fn valued(text: &str) -> LoopyValue {
    let mut games = Games::new();
    let g = read(&mut games, text, 1).unwrap();
    value(&g, &mut games).unwrap()
}

fn le_text(g: &str, h: &str) -> bool {
    le(&game(g), &game(h)).unwrap()
}

fn eq_text(g: &str, h: &str) -> bool {
    le_text(g, h) && le_text(h, g)
}

#[test]
fn the_named_stoppers_have_their_outcomes_and_names() {
    // on = {pass|}: Right can never move. off = -on. over = {0|pass} and
    // under = -over; upon = {pass|*} (Winning Ways, ch. 11).
    for (text, outcome, name) in [
        ("{pass|}", LoopyOutcome::L, "on"),
        ("{|pass}", LoopyOutcome::R, "off"),
        ("{0|pass}", LoopyOutcome::L, "over"),
        ("{pass|0}", LoopyOutcome::R, "under"),
        ("{pass|*}", LoopyOutcome::L, "upon"),
        ("-over", LoopyOutcome::R, "under"),
        ("-on", LoopyOutcome::R, "off"),
    ] {
        let v = valued(text);
        assert_eq!(v.outcome, outcome, "{text}");
        assert!(v.stopper, "{text}");
        assert_eq!(v.written.as_deref(), Some(name), "{text}");
    }
}

#[test]
fn dud_and_on_plus_off_are_no_stoppers_and_draws() {
    // dud = {pass|pass}: either player passes for ever; on + off is dud
    // (Siegel VI.1): neither ever runs out of moves.
    for text in ["dud", "{pass|pass}", "on + off", "on - on"] {
        let v = valued(text);
        assert_eq!(v.outcome, LoopyOutcome::D, "{text}");
        assert!(!v.stopper, "{text}");
        assert_eq!(v.written, None, "{text}");
        // Its sides (Siegel VI.4, Winning Ways ch. 11): dud = on & off.
        let sides = v.sides.expect("stopper-sided");
        assert_eq!(
            (sides.onside.as_str(), sides.offside.as_str()),
            ("on", "off")
        );
        assert_eq!(sides.written(), "dud");
    }
}

#[test]
fn dud_absorbs_every_stopper_and_equals_on_plus_off() {
    // Winning Ways, ch. 11: dud, the deathless universal draw, swallows
    // whatever is added to it: G + dud = dud. And on + off = dud, compared
    // as games that are no stoppers, on both sides.
    for short in [
        "0", "1", "-5", "*", "{3|-3}", "^", "over", "under", "upon", "on", "off",
    ] {
        let sum = format!("dud + {short}");
        let sides = valued(&sum).sides.expect("stopper-sided");
        assert_eq!(sides.written(), "dud", "{sum}");
        assert!(eq_text(&sum, "dud"), "{sum} = dud");
    }
    assert!(eq_text("on + off", "dud"));
    // dud is no number: neither above 0 nor below it on both sides.
    assert!(!le_text("0", "dud") && !le_text("dud", "0"));
    assert!(le_text("off", "dud") && le_text("dud", "on"));
}

#[test]
fn on_is_above_every_game_and_absorbs_short_ones() {
    // on is the largest stopper: on + G = on for every short G (Left
    // passes in on for ever beside anything Right does).
    for short in ["0", "5", "-7", "*", "{3|-3}", "^*", "over", "upon", "on"] {
        assert!(le_text(short, "on"), "{short} <= on");
        assert!(le_text("off", short), "off <= {short}");
    }
    for short in ["1", "*", "{3|-3}", "-100"] {
        let sum = format!("on + {short}");
        assert_eq!(valued(&sum).written.as_deref(), Some("on"), "{sum}");
    }
    assert_eq!(valued("{0, pass|}").written.as_deref(), Some("on"));
}

#[test]
fn over_is_a_positive_infinitesimal() {
    // Winning Ways, ch. 11: 0 < over < x for every positive number x.
    assert!(le_text("0", "over") && !le_text("over", "0"));
    for x in ["1", "1/2", "1/64", "1/1024"] {
        assert!(le_text("over", x) && !le_text(x, "over"), "over < {x}");
    }
    assert!(le_text("under", "0") && le_text("-1/64", "under"));
}

#[test]
fn a_stopper_with_a_draw_for_one_starter_has_a_hatted_class() {
    // {dud|}: Left starting moves to dud, a draw; Right starting cannot
    // move and loses: P-hat. Its negative is P-check.
    assert_eq!(valued("{dud|}").outcome, LoopyOutcome::PHat);
    assert_eq!(valued("{|dud}").outcome, LoopyOutcome::PCheck);
    assert_eq!(valued("{dud|0}").outcome, LoopyOutcome::NCheck);
    assert_eq!(valued("{0|dud}").outcome, LoopyOutcome::NHat);
}

#[test]
fn labels_name_braces_further_out() {
    // a = {0|b}, b = {1|a}: Right's moves go round a cycle of two, no
    // play alternates for ever, so a is a stopper; written back with a
    // label, it reads as an equal game.
    let v = valued("a:{0|{1|a}}");
    assert!(v.stopper && !v.loopfree);
    let written = v.written.expect("a stopper");
    assert!(eq_text(&written, "a:{0|{1|a}}"), "{written}");
}

#[test]
fn bad_loopy_texts_name_their_column() {
    let mut games = Games::new();
    for (text, column) in [
        ("pass", 1),
        ("{pass + 1|}", 7),
        ("{-pass|}", 2),
        ("{0|zap}", 4),
        ("a:0", 3),
        ("{1|b}", 4),
    ] {
        match read(&mut games, text, 1) {
            Err(crate::error::Error::Parse { column: c, .. }) => assert_eq!(c, column, "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    // A nimber too large to copy into a graph is a limit, found before
    // its options are listed: *100000 has 100000, *99999 as many less one.
    match read(&mut games, "{pass|*100000}", 1) {
        Err(crate::error::Error::Limit(message)) => {
            assert!(message.contains("options"), "{message}")
        }
        other => panic!("{other:?}"),
    }
    // A short game's reader knows no loopy names.
    assert!(Games::new().read("{pass|}", 1).is_err());
    assert!(Games::new().read("on", 1).is_err());
}

/// A short game's text: numbers, stars and braces, options repeated and
/// dominated as they come.
fn short_text() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("0".to_string()),
        Just("1".to_string()),
        Just("-1".to_string()),
        Just("*".to_string()),
        Just("1/2".to_string()),
    ];
    leaf.prop_recursive(3, 12, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..3),
            prop::collection::vec(inner, 0..3),
        )
            .prop_map(|(l, r)| format!("{{{}|{}}}", l.join(","), r.join(",")))
    })
}

/// A small game graph: each vertex's options drawn from every vertex.
fn small_graph() -> impl Strategy<Value = Graph> {
    (1usize..6).prop_flat_map(|n| {
        let options = prop::collection::vec(0..n as u32, 0..3);
        prop::collection::vec((options.clone(), options), n).prop_map(move |sides| {
            let mut g = Graph::new();
            for _ in 0..n {
                g.vertex();
            }
            for (v, (l, r)) in sides.into_iter().enumerate() {
                g.set(v as u32, l, r);
            }
            g.game(0)
        })
    })
}

#[test]
fn sidling_stops_when_interrupted() {
    // The interrupt is looked at in every round of a comparison of sides,
    // so a side sought after Ctrl-C is an error, not an answer.
    let interrupt = crate::interrupt::Interrupt::default();
    interrupt.set();
    for side in [Side::On, Side::Off] {
        match super::side(&game("over + under"), side, Some(&interrupt)) {
            Err(crate::error::Error::Limit(message)) => {
                assert!(message.contains("interrupted"), "{message}")
            }
            other => panic!("{other:?}"),
        }
    }
}

/// The outcome of `graph` where a play that never ends is won by Left
/// (`Side::On`) or Right: (Left starting wins, Right starting wins).
fn sided_outcome(graph: &Graph, side: Side) -> (bool, bool) {
    let draw_is_left = side == Side::On;
    let (left_first, right_first) = match outcome(graph) {
        LoopyOutcome::L => (true, false),
        LoopyOutcome::R => (false, true),
        LoopyOutcome::N => (true, true),
        LoopyOutcome::P => (false, false),
        LoopyOutcome::D => (draw_is_left, !draw_is_left),
        LoopyOutcome::PHat => (draw_is_left, false),
        LoopyOutcome::PCheck => (false, !draw_is_left),
        LoopyOutcome::NHat => (true, !draw_is_left),
        LoopyOutcome::NCheck => (draw_is_left, true),
    };
    (left_first, right_first)
}

/// Small stoppers to add to a game: a side's worth is how it plays in
/// every sum.
const SUMMANDS: [&str; 12] = [
    "0", "1", "-1", "*", "{1|-1}", "^", "1/2", "over", "under", "upon", "on", "off",
];

/// Whether each side of `g` is found and plays as `g` does on that side
/// in every sum with a small stopper: Left wins G + X, a play that never
/// ends hers (on the onside), exactly when she wins G⁺ + X so. Each side
/// is a stopper, and the onside is at least the offside.
fn plays_as_its_sides(g: &Graph) -> Result<(Graph, Graph), String> {
    let mut found = Vec::new();
    for side in [Side::On, Side::Off] {
        let stopper = super::side(g, side, None)
            .unwrap()
            .ok_or(format!("{side:?} not found"))?;
        if !stopper.is_stopper() {
            return Err(format!("{side:?} is no stopper"));
        }
        for text in SUMMANDS {
            let x = game(text);
            let with_game = Graph::sum(g, &x, 1 << 16).unwrap();
            let with_side = Graph::sum(&stopper, &x, 1 << 16).unwrap();
            let (by_game, by_side) = (
                sided_outcome(&with_game, side),
                sided_outcome(&with_side, side),
            );
            if by_game != by_side {
                return Err(format!("{side:?} + {text}: {by_game:?}, {by_side:?}"));
            }
        }
        found.push(stopper);
    }
    let off = found.pop().unwrap();
    let on = found.pop().unwrap();
    match le(&off, &on).unwrap() {
        true => Ok((on, off)),
        false => Err("the offside is not at most the onside".into()),
    }
}

#[test]
fn sums_that_are_no_stoppers_have_the_sides_they_play_as() {
    // Each side as grundy finds it, checked by play in sums (above):
    // over + under has the sides of its parts, on each side; in
    // {pass, 1|pass, -1} a pass of the player the side is against is
    // worthless, and is dropped.
    for (text, onside, offside) in [
        ("over + under", "over", "under"),
        ("{pass|-1} + {1|pass}", "over", "under"),
        ("{pass, 1|pass, -1}", "{1,pass|-1}", "{1|-1,pass}"),
        ("a:{0|{a|-5}}", "1", "{0|-6}"),
        // Both sides over: the game equals over, though no stopper.
        ("over + upon", "over", "over"),
    ] {
        let g = game(text);
        assert!(!g.is_stopper(), "{text}");
        plays_as_its_sides(&g).unwrap();
        let sides = valued(text).sides.expect("stopper-sided");
        assert_eq!(
            (sides.onside.as_str(), sides.offside.as_str()),
            (onside, offside),
            "{text}"
        );
    }
}

proptest! {
    // About half the small graphs drawn are no stoppers, and are skipped.
    #![proptest_config(ProptestConfig {
        cases: 200,
        max_global_rejects: 8192,
        ..ProptestConfig::default()
    })]

    /// A short game read as a loopy one has the simplest form of its
    /// canonical form (partizan's), and the same order.
    #[test]
    fn short_games_agree_with_the_short_game_table(g in short_text(), h in short_text()) {
        let mut games = Games::new();
        let (sg, sh) = (games.read(&g, 1).unwrap(), games.read(&h, 1).unwrap());
        let v = valued(&g);
        prop_assert!(v.stopper && v.loopfree);
        // Written in a table of its own, whose ids (and so the order of
        // options written) differ: read back here, it is g's canonical
        // form, the same id.
        let written = v.written.expect("a stopper");
        prop_assert_eq!(games.read(&written, 1).unwrap(), sg, "{}", written);
        prop_assert_eq!(le_text(&g, &h), games.le(sg, sh));
    }

    /// For a stopper G, G ≥ 0 exactly when Left, moving second, never
    /// runs out of moves: Right starting does not win. The order, its
    /// simplest form and its outcome agree.
    #[test]
    fn the_order_of_stoppers_agrees_with_their_outcomes(g in small_graph()) {
        prop_assume!(g.is_stopper());
        let zero = game("0");
        let ends = outcome(&g);
        let right_first_left_survives = !matches!(
            ends,
            LoopyOutcome::R | LoopyOutcome::N | LoopyOutcome::NCheck
        );
        let left_first_right_survives = !matches!(
            ends,
            LoopyOutcome::L | LoopyOutcome::N | LoopyOutcome::NHat
        );
        prop_assert_eq!(le(&zero, &g).unwrap(), right_first_left_survives);
        prop_assert_eq!(le(&g, &zero).unwrap(), left_first_right_survives);
        // The simplest form equals the game, is no larger, is a stopper
        // with the same outcome, and is its own simplest form.
        let form = simplest(&g, None).unwrap();
        prop_assert!(form.is_stopper() && form.len() <= g.len());
        prop_assert!(le(&g, &form).unwrap() && le(&form, &g).unwrap());
        prop_assert_eq!(outcome(&form), ends);
        let again = simplest(&form, None).unwrap();
        prop_assert_eq!(again.len(), form.len());
        let mut games = Games::new();
        let written = write(&form, &mut games).unwrap();
        let back = read(&mut games, &written, 1).unwrap();
        prop_assert!(le(&back, &form).unwrap() && le(&form, &back).unwrap(), "{}", written);
    }

    /// On two stoppers the comparison of sides is their order: a play
    /// that never ends in a difference of stoppers moves in both parts
    /// infinitely often.
    #[test]
    fn the_sides_of_stoppers_are_ordered_as_stoppers_are(g in small_graph(), h in small_graph()) {
        prop_assume!(g.is_stopper() && h.is_stopper());
        let mut union = g.clone();
        let h0 = union.append(&h);
        let order = Order::of(&union, None).unwrap();
        for side in [Side::On, Side::Off] {
            let sided = SideOrder::of(&union, side, None).unwrap();
            for (u, v) in [(0, h0), (h0, 0), (0, 0)] {
                prop_assert_eq!(sided.le(u, v), order.le(u, v), "{:?} {} {}", side, u, v);
            }
        }
    }

    /// A side found plays as the game does on its side in every sum with
    /// a small stopper (see [`plays_as_its_sides`]).
    #[test]
    fn a_side_plays_as_the_game_does_on_its_side(g in small_graph()) {
        prop_assume!(!g.is_stopper());
        // A side not found is no wrong answer (all were, on 1,475 graphs
        // drawn); one found must be right.
        let found = [Side::On, Side::Off].map(|side| super::side(&g, side, None).unwrap());
        prop_assume!(found.iter().all(Option::is_some));
        plays_as_its_sides(&g).map_err(TestCaseError::fail)?;
    }
}
