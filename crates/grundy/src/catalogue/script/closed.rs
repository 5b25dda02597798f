//! A script's closed form: `fn nimber(p)` states the Grundy value of any
//! position (the rule `grundy pattern` found, say), or `fn outcome(p)`
//! only who wins ("P" or "N"), so that positions far too large to search
//! are answered. grundy trusts it only after checking
//! it against exhaustive search: the first time a value is asked for, on
//! every position `fn checks()` lists (heaps 0 to [`DEFAULT_CHECKS`] when
//! it is not defined) and on every position the search meets on the way.
//! A closed form that disagrees anywhere is an error naming the position.

use std::sync::{Arc, OnceLock};

use num_bigint::BigUint;
use rhai::Dynamic;

use super::{position, Position, Rules, ScriptGame};
use crate::error::{Error, Result};
use crate::game::{Count, Game, Listed};
use crate::solver::Solver;
use crate::value::Outcome;

/// The heaps a closed form is checked on where the script lists no
/// positions of its own (`fn checks()`): 0 to this.
pub const DEFAULT_CHECKS: rhai::INT = 100;

/// How many of a huge position's options are looked at for winning moves
/// when there are too many to list them all.
pub const FIRST_OPTIONS_LOOKED_AT: usize = 1 << 16;

/// The closed form of a script that defines `fn nimber` or `fn outcome`,
/// and the outcome of its check, made once.
pub struct ClosedForm {
    rules: Arc<Rules>,
    /// Whether it states the nimber (`fn nimber`) or only the outcome.
    pub states_nimbers: bool,
    checked: OnceLock<Result<()>>,
}

impl ClosedForm {
    /// The closed form of `rules`, if it states one.
    pub(super) fn of(rules: &Arc<Rules>) -> Option<ClosedForm> {
        let states_nimbers = rules.defines("nimber");
        (states_nimbers || rules.defines("outcome")).then(|| ClosedForm {
            rules: rules.clone(),
            states_nimbers,
            checked: OnceLock::new(),
        })
    }

    /// The Grundy value of `position` by `fn nimber`, once it has been
    /// checked against search.
    pub fn nimber(&self, position: &Position) -> Result<BigUint> {
        self.checked.get_or_init(|| self.check()).clone()?;
        self.stated(position)
    }

    /// Who wins `position` by `fn outcome`, once it has been checked
    /// against search.
    pub fn outcome(&self, position: &Position) -> Result<Outcome> {
        self.checked.get_or_init(|| self.check()).clone()?;
        self.stated_outcome(position)
    }

    /// What `fn outcome` says of `position`: "P" or "N", in any case.
    fn stated_outcome(&self, position: &Position) -> Result<Outcome> {
        let call = || format!("outcome({})", self.rules.brief(position));
        let value = self.rules.call_on("outcome", position, call)?;
        let text = value.clone().into_immutable_string().ok();
        match text.as_ref().map(|t| t.to_ascii_uppercase()).as_deref() {
            Some("P") => Ok(Outcome::P),
            Some("N") => Ok(Outcome::N),
            _ => Err(self.rules.script.value_error(format!(
                "{}: expected \"P\" (the player to move loses) or \"N\" (wins), found {}",
                call(),
                position::describe(&value)
            ))),
        }
    }

    /// What `fn nimber` says of `position`: a non-negative integer.
    fn stated(&self, position: &Position) -> Result<BigUint> {
        let call = || format!("nimber({})", self.rules.brief(position));
        let value = self.rules.call_on("nimber", position, call)?;
        match value.as_int() {
            Ok(n) if n >= 0 => Ok(BigUint::from(n as u64)),
            _ => Err(self.rules.script.value_error(format!(
                "{}: expected a Grundy value (an integer from 0 on), found {}",
                call(),
                position::describe(&value)
            ))),
        }
    }

    /// The positions the check starts from: `fn checks()`, or heaps 0 to
    /// [`DEFAULT_CHECKS`].
    fn starts(&self) -> Result<Vec<Position>> {
        if !self.rules.defines("checks") {
            return Ok((0..=DEFAULT_CHECKS).map(Position::Integer).collect());
        }
        let read = |value: Dynamic, call: &dyn Fn() -> String| self.rules.position(value, call);
        (self.rules).options_of("checks", (), || "checks()".to_string(), read)
    }

    /// Checks the closed form against search on every start and every
    /// position the search meets from them.
    fn check(&self) -> Result<()> {
        let starts = self.starts()?;
        let mut solver = Solver::new(ScriptGame::with_rules(self.rules.clone()));
        let function = if self.states_nimbers {
            "nimber"
        } else {
            "outcome"
        };
        let describe = |e: Error| match e {
            Error::Limit(m) => Error::Limit(format!(
                "checking fn {function} against search: {m}; fn checks() can list fewer or \
                 smaller positions"
            )),
            e => e,
        };
        for start in &starts {
            let searched = solver.nimber(start).map_err(describe)?;
            self.compare(start, searched)?;
        }
        let mut met: Vec<(&Position, u64)> = solver.solved().collect();
        met.sort_by_key(|(p, _)| p.default_text());
        for (position, searched) in met {
            self.compare(position, searched)?;
        }
        Ok(())
    }

    fn compare(&self, position: &Position, searched: u64) -> Result<()> {
        let (function, stated, searched) = if self.states_nimbers {
            let stated = self.stated(position)?;
            if stated == BigUint::from(searched) {
                return Ok(());
            }
            ("nimber", stated.to_string(), searched.to_string())
        } else {
            let stated = self.stated_outcome(position)?;
            let searched = Outcome::from_nimber_is_zero(searched == 0);
            if stated == searched {
                return Ok(());
            }
            ("outcome", stated.to_string(), searched.to_string())
        };
        Err(self.rules.script.value_error(format!(
            "fn {function} is wrong: {function}({}) is {stated}, but search finds {searched} \
             (the closed form is checked against search on {} and every position they lead to)",
            self.rules.brief(position),
            match self.rules.defines("checks") {
                true => "the positions fn checks() lists".to_string(),
                false => format!("heaps 0 to {DEFAULT_CHECKS}"),
            }
        )))
    }

    /// For a position with too many options to list: the winning moves (of
    /// Grundy value `target`) among its first options, and at least one in
    /// all where `target` is below its own value (the mex says one exists).
    pub fn some_options_with_nimber(
        &self,
        game: &ScriptGame,
        position: &Position,
        target: &BigUint,
        most: usize,
    ) -> Result<Listed<Vec<Position>>> {
        let own = self.nimber(position)?;
        let read = |value: Dynamic, call: &dyn Fn() -> String| game.option(value, call);
        let (first, _) =
            (self.rules).first_options("moves", position, FIRST_OPTIONS_LOOKED_AT, read)?;
        let mut found = Vec::new();
        for option in first {
            let mut value = BigUint::ZERO;
            for part in &option {
                value ^= self.nimber(part)?;
            }
            if &value == target {
                found.push(option);
            }
        }
        let at_least = found.len() as u64 + u64::from(found.is_empty() && *target < own);
        if at_least == 0 {
            return Err(Error::TooLarge(format!(
                "{} has too many options to list, and none of the first \
                 {FIRST_OPTIONS_LOOKED_AT} has Grundy value {target}",
                game.format_position(position)
            )));
        }
        Ok(Listed {
            items: found.into_iter().take(most).collect(),
            total: Count::AtLeast(at_least),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Ruleset;

    fn game(text: &str) -> ScriptGame {
        ScriptGame::from_text("closed.rhai", text).unwrap()
    }

    /// Take 1 to 3 tokens: Bash's game, whose Grundy value is n mod 4.
    const BASH: &str =
        "fn moves(n) { let o = []; for k in 1..=3 { if k <= n { o.push(n - k) } } o }";

    fn error_of(g: &ScriptGame, n: rhai::INT) -> String {
        g.formula_nimber(&Position::Integer(n))
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn a_checked_closed_form_answers_any_heap() {
        let g = game(&format!("{BASH} fn nimber(n) {{ n % 4 }}"));
        for n in [0, 5, 1_000_000_007, 1 << 60] {
            let value = g.formula_nimber(&Position::Integer(n)).unwrap();
            assert_eq!(value, Some(BigUint::from((n % 4) as u64)), "heap {n}");
        }
        assert_eq!(
            game(BASH).formula_nimber(&Position::Integer(9)).unwrap(),
            None
        );
    }

    #[test]
    fn a_wrong_closed_form_is_an_error_naming_the_position() {
        let g = game(&format!("{BASH} fn nimber(n) {{ n % 5 }}"));
        let error = error_of(&g, 1_000_000);
        assert!(
            error.contains("nimber(4) is 4, but search finds 0"),
            "{error}"
        );
        // Every answer after a failed check fails too.
        assert!(error_of(&g, 1).contains("nimber(4)"));
        // A mistake far up is found on the heaps up to the bound.
        let g = game(&format!(
            "{BASH} fn nimber(n) {{ if n == {DEFAULT_CHECKS} {{ 9 }} else {{ n % 4 }} }}"
        ));
        assert!(error_of(&g, 3).contains(&format!("nimber({DEFAULT_CHECKS}) is 9")));
    }

    #[test]
    fn positions_the_search_meets_are_checked_too() {
        // Checked from heap 10 only, which is right: the mistake at 6 is
        // in a follower.
        let g = game(&format!(
            "{BASH} fn checks() {{ [10] }} fn nimber(n) {{ if n == 6 {{ 0 }} else {{ n % 4 }} }}"
        ));
        let error = error_of(&g, 10);
        assert!(
            error.contains("nimber(6) is 0, but search finds 2"),
            "{error}"
        );
        assert!(error.contains("fn checks() lists"), "{error}");
        // Tuples, listed with emit.
        let g = game(
            "fn moves(p) { let o = []; if p[0] > 0 { o.push([p[0] - 1, p[1]]) } \
             if p[1] > 0 { o.push([p[0], p[1] - 1]) } o } \
             fn checks() { for a in 0..6 { for b in 0..6 { emit([a, b]) } } } \
             fn nimber(p) { (p[0] + p[1]) % 2 }",
        );
        let huge = Position::Tuple([1 << 40, 3].into());
        assert_eq!(g.formula_nimber(&huge).unwrap(), Some(BigUint::from(1u32)));
    }

    /// Kiki's game (HDU 2147) on an n x m board, the token in a corner:
    /// the published rule says the player to move loses exactly when n and
    /// m are both odd.
    const KIKI: &str = "
        fn moves(p) {
            let o = [];
            if p[0] > 1 { o.push([p[0] - 1, p[1]]) }
            if p[1] > 1 { o.push([p[0], p[1] - 1]) }
            if p[0] > 1 && p[1] > 1 { o.push([p[0] - 1, p[1] - 1]) }
            o
        }
        fn checks() { for n in 1..=12 { for m in 1..=12 { emit([n, m]) } } }";

    #[test]
    fn a_checked_outcome_answers_any_board() {
        let g = game(&format!(
            "{KIKI} fn outcome(p) {{ if p[0] % 2 == 1 && p[1] % 2 == 1 {{ \"P\" }} else {{ \"n\" }} }}"
        ));
        for (n, m) in [(1, 1), (2, 7), (2000, 2000), (1999, 1_000_000_001)] {
            let position = Position::Tuple([n, m].into());
            let expected = Outcome::from_nimber_is_zero(n % 2 == 1 && m % 2 == 1);
            assert_eq!(g.formula_outcome(&position).unwrap(), Some(expected));
            // It states no nimber.
            assert_eq!(g.formula_nimber(&position).unwrap(), None);
        }
        // Wrong on one board of the checks: named.
        let g = game(&format!(
            "{KIKI} fn outcome(p) {{ if p[0] % 2 == 1 && p[1] % 2 == 1 || p == [4, 6] {{ \"P\" }} else {{ \"N\" }} }}"
        ));
        let error = g
            .formula_outcome(&Position::Tuple([9, 9].into()))
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("outcome(4,6) is P, but search finds N"),
            "{error}"
        );
        // Anything but "P" or "N".
        let g = game(&format!("{KIKI} fn outcome(p) {{ 0 }}"));
        let error = g.formula_outcome(&Position::Tuple([1, 1].into()));
        assert!(error.unwrap_err().to_string().contains("expected \"P\""));
        let both = ScriptGame::from_text(
            "closed.rhai",
            &format!("{BASH} fn nimber(n) {{ n % 4 }} fn outcome(n) {{ \"N\" }}"),
        );
        assert!(both.err().unwrap().to_string().contains("not both"));
    }

    #[test]
    fn what_nimber_returns_must_be_a_grundy_value() {
        for (body, found) in [("-1", "integer -1"), ("\"a\"", "string"), ("()", "()")] {
            let g = game(&format!("{BASH} fn nimber(n) {{ {body} }}"));
            let error = error_of(&g, 1);
            assert!(error.contains("expected a Grundy value"), "{error}");
            assert!(error.contains(found), "{error}");
        }
    }

    #[test]
    fn a_closed_form_belongs_to_an_impartial_moves_script() {
        let load = |text: &str| ScriptGame::from_text("closed.rhai", text).err().unwrap();
        let error = load(&format!("{BASH} fn checks() {{ [1] }}"));
        assert!(error.to_string().contains("defines neither"), "{error}");
        let error = load(&format!(
            "{BASH} fn nimber(n) {{ 0 }} fn checks(n) {{ [1] }}"
        ));
        assert!(
            error.to_string().contains("fn checks takes no parameter"),
            "{error}"
        );
        let partizan = "fn left(n) { [] } fn right(n) { [] } fn nimber(n) { 0 }";
        let script = super::super::engine::Script::compile("closed.rhai", partizan).unwrap();
        let error = super::super::ruleset(script).err().unwrap();
        assert!(error.to_string().contains("fn moves alone"), "{error}");
    }

    #[test]
    fn a_position_with_too_many_options_shows_some_winning_moves() {
        // Heap n may be left with any m < n: Nim, one option of each value.
        let g = game("fn moves(n) { for m in 0..n { emit(m) } } fn nimber(n) { n }");
        let closed = g.closed.as_ref().unwrap();
        let huge = Position::Integer(1 << 40);
        let listed = closed
            .some_options_with_nimber(&g, &huge, &BigUint::from(5u32), 10)
            .unwrap();
        assert_eq!(listed.items, [[Position::Integer(5)]]);
        assert_eq!(listed.total, Count::AtLeast(1));
        // A value beyond the first options looked at: one exists, unseen.
        let far = BigUint::from(FIRST_OPTIONS_LOOKED_AT as u64 + 7);
        let listed = closed
            .some_options_with_nimber(&g, &huge, &far, 10)
            .unwrap();
        assert!(listed.items.is_empty());
        assert_eq!(listed.total, Count::AtLeast(1));
    }
}
