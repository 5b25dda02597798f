//! Take-and-break games: octal and hexadecimal codes, and the named ones
//! (Kayles, Dawson's Kayles, Grundy's game). Their values come from the
//! nim-sequence engine's table, and for heaps past it from the proven period.

use std::sync::Mutex;

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use super::{heap, no_parameters, parameter_count, Family, FamilyText};
use crate::component::{ruleset_ref, RulesetRef};
use crate::error::{Error, Result};
use crate::game::{Game, HeapGame, Ruleset};
use crate::sequence::{MethodChoice, Sequence};
use crate::take_and_break::TakeAndBreak;
use crate::word::Word;

pub const OCTAL: Family = Family {
    name: "octal",
    usage: "octal(CODE) HEAP...",
    summary: "take-and-break game by its octal code: digit k says what may remain after \
              taking k tokens (1 nothing, 2 one heap, 4 two heaps)",
    example: "octal(0.07) 12",
    build: build_octal,
};

pub const HEX: Family = Family {
    name: "hex",
    usage: "hex(CODE) HEAP...",
    summary: "take-and-break game by its hexadecimal code: as octal, and bit 8 leaves three heaps",
    example: "hex(0.F) 9",
    build: build_hex,
};

pub const KAYLES: Family = Family {
    name: "kayles",
    usage: "kayles HEAP...",
    summary: "knock down one pin or two adjacent pins from a row (octal 0.77)",
    example: "kayles 5",
    build: build_kayles,
};

pub const DAWSON: Family = Family {
    name: "dawson",
    usage: "dawson HEAP...",
    summary: "Dawson's Kayles: knock down two adjacent pins from a row (octal 0.07)",
    example: "dawson 10",
    build: build_dawson,
};

pub const GRUNDYS_GAME: Family = Family {
    name: "grundys-game",
    usage: "grundys-game HEAP...",
    summary: "split one heap into two heaps of different sizes (Grundy's game)",
    example: "grundys-game 7",
    build: build_grundys_game,
};

fn build_code(written: &FamilyText, hexadecimal: bool, usage: &str) -> Result<RulesetRef> {
    parameter_count(written, 1, usage)?;
    let word = &written.parameters[0];
    let code =
        TakeAndBreak::parse(&word.text, hexadecimal).map_err(|(at, message)| Error::Parse {
            column: word.column + at,
            message,
        })?;
    let family = if hexadecimal { "hex" } else { "octal" };
    let name = format!("{family}({code})");
    Ok(ruleset_ref(CodeRuleset::new(name, code)))
}

fn build_octal(written: &FamilyText) -> Result<RulesetRef> {
    build_code(written, false, OCTAL.usage)
}

fn build_hex(written: &FamilyText) -> Result<RulesetRef> {
    build_code(written, true, HEX.usage)
}

fn build_named(written: &FamilyText, code: TakeAndBreak) -> Result<RulesetRef> {
    no_parameters(written)?;
    let name = written.family.text.clone();
    Ok(ruleset_ref(CodeRuleset::new(name, code)))
}

fn build_kayles(written: &FamilyText) -> Result<RulesetRef> {
    build_named(
        written,
        TakeAndBreak::parse("0.77", false).expect("a valid code"),
    )
}

fn build_dawson(written: &FamilyText) -> Result<RulesetRef> {
    build_named(
        written,
        TakeAndBreak::parse("0.07", false).expect("a valid code"),
    )
}

fn build_grundys_game(written: &FamilyText) -> Result<RulesetRef> {
    build_named(written, TakeAndBreak::grundys_game())
}

/// A take-and-break ruleset with the part of its nim-sequence computed so far.
pub struct CodeRuleset {
    name: String,
    code: TakeAndBreak,
    sequence: Mutex<Sequence<'static>>,
}

impl CodeRuleset {
    pub fn new(name: String, code: TakeAndBreak) -> CodeRuleset {
        let sequence = Mutex::new(Sequence::of_code(code.clone(), MethodChoice::Auto));
        CodeRuleset {
            name,
            code,
            sequence,
        }
    }
}

impl Game for CodeRuleset {
    type Position = BigUint;

    fn options(&self, heap: &BigUint) -> Result<Vec<Vec<BigUint>>> {
        heap::options(self, heap, &self.name)
    }

    fn format_position(&self, heap: &BigUint) -> String {
        heap::format(heap)
    }
}

impl Ruleset for CodeRuleset {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn parse_position(&self, words: &[Word]) -> Result<BigUint> {
        heap::parse(words)
    }

    /// From the engine's table, extended as far as the heap (at most
    /// `LISTABLE_HEAP`) or until a period is proven; past the table, from the
    /// proven period.
    fn formula_nimber(&self, heap: &BigUint) -> Result<Option<BigUint>> {
        let mut sequence = self.sequence.lock().expect("sequence lock");
        let limit = heap::LISTABLE_HEAP as usize;
        let wanted = heap.to_usize().unwrap_or(usize::MAX);
        if wanted >= sequence.values().len() && sequence.proof().is_none() {
            sequence.compute(wanted.min(limit), false, &mut |_| true);
        }
        if wanted < sequence.values().len() {
            return Ok(Some(BigUint::from(sequence.values().get(wanted))));
        }
        let Some(proof) = sequence.proof() else {
            return Err(Error::TooLarge(format!(
                "{} heap {heap} is past the {limit} heaps computed, and no period is proven there",
                self.name
            )));
        };
        let p = proof.regularity.period;
        let index = p.preperiod + ((heap - p.preperiod) % p.period).to_usize().expect("small");
        Ok(Some(BigUint::from(sequence.values().get(index))))
    }

    fn heap_game(&self) -> Option<&dyn HeapGame> {
        Some(self)
    }
}

impl HeapGame for CodeRuleset {
    fn visit_options(&self, n: usize, visit: &mut dyn FnMut(&[usize])) {
        self.code.for_each_option(n, visit);
    }

    fn take_and_break(&self) -> Option<&TakeAndBreak> {
        Some(&self.code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::check::assert_closed_form_matches_search;

    fn ruleset(code: &str) -> CodeRuleset {
        CodeRuleset::new(code.into(), TakeAndBreak::parse(code, false).unwrap())
    }

    /// Bound of the check: every heap up to 60, for a few codes of each kind
    /// of move, and Grundy's game.
    #[test]
    fn table_matches_search() {
        for code in ["0.77", "0.07", "4.7", "0.137", "0.6", "4.005", "0.376"] {
            assert_closed_form_matches_search(ruleset(code), (0..=60u32).map(BigUint::from));
        }
        let grundy = CodeRuleset::new("grundys-game".into(), TakeAndBreak::grundys_game());
        assert_closed_form_matches_search(grundy, (0..=60u32).map(BigUint::from));
    }

    #[test]
    fn huge_heaps_use_the_proven_period() {
        // Kayles: G(n + 12) = G(n) from 71 on, and 10^30 ≡ 4 ≡ 76 (mod 12).
        let kayles = ruleset("0.77");
        let heap: BigUint = "1000000000000000000000000000000".parse().unwrap();
        assert_eq!(
            kayles.formula_nimber(&heap).unwrap(),
            kayles.formula_nimber(&BigUint::from(76u32)).unwrap()
        );
    }

    #[test]
    fn huge_heaps_without_a_period_are_too_large() {
        let grundy = CodeRuleset::new("grundys-game".into(), TakeAndBreak::grundys_game());
        let heap: BigUint = "1000000000000000000000000000000".parse().unwrap();
        // Grundy's game has no period proven (or even observed) so far.
        let err = grundy.formula_nimber(&heap).unwrap_err();
        assert!(matches!(err, Error::TooLarge(_)), "{err}");
    }
}
