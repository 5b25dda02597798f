//! Hackenbush strings (Winning Ways, chapters 1-2; Siegel, I.2 and II.3):
//! a stalk of edges on the ground, written from the ground up, `B` Left's
//! (blue), `R` Right's (red), `G` either's (green). A player cuts one of
//! their edges, and every edge above it falls; who cannot cut loses. Each
//! word is one stalk, and several are a sum. `hackenbush(FILE)` plays on
//! a picture of any shape instead (`hackenbush_picture`).
//!
//! A stalk of blue and red edges is a number, by Berlekamp's sign
//! expansion: the first run of one colour counts 1 an edge for its
//! owner, and each edge after it half the one before, +1/2, +1/4, ... for
//! blue and the negatives for red. A green stalk of n edges is *n.

use super::hackenbush_picture::Picture;
use crate::catalogue::{Family, FamilyText};
use crate::component::{short_ruleset_ref, RulesetRef};
use crate::error::{Error, Result};
use crate::partizan::{Dyadic, ShortGame};
use crate::short::ShortRules;
use crate::word::Word;

pub const FAMILY: Family = Family {
    name: "hackenbush",
    usage: "hackenbush[(FILE)] STALK...|EDGES",
    summary: "stalks of edges from the ground up, B Left's, R Right's, G either's: cut one \
              of yours and all above it falls; who cannot cut loses. With a FILE of edges \
              `U V C` (0 the ground), a picture: one letter an edge, its colour or '.' \
              where cut, or 'all'; what no longer reaches the ground falls",
    example: "hackenbush BRB GG",
    build,
};

/// The most edges a stalk may have: its number's denominator stays below
/// 2^64 (see `partizan::dyadic`).
pub const MAX_EDGES: usize = 60;

/// Stalks without parameters; a picture from its file with one.
fn build(written: &FamilyText) -> Result<RulesetRef> {
    match &written.parameters[..] {
        [] => Ok(short_ruleset_ref(Hackenbush)),
        [file] => Ok(short_ruleset_ref(Picture::read(&file.text)?)),
        [_, extra, ..] => Err(extra.error(
            "hackenbush takes one parameter at most, the file of a picture: \
             hackenbush(FILE) EDGES",
        )),
    }
}

/// The rules; a position is one stalk, its colours from the ground up.
pub struct Hackenbush;

/// The stalks left by cutting each edge whose colour is `mine` or green.
fn cuts(stalk: &[u8], mine: u8) -> Vec<Vec<u8>> {
    (0..stalk.len())
        .filter(|&i| stalk[i] == mine || stalk[i] == b'G')
        .map(|i| stalk[..i].to_vec())
        .collect()
}

impl ShortGame for Hackenbush {
    type Position = Vec<u8>;

    fn left_options(&self, stalk: &Vec<u8>) -> Vec<Vec<u8>> {
        cuts(stalk, b'B')
    }

    fn right_options(&self, stalk: &Vec<u8>) -> Vec<Vec<u8>> {
        cuts(stalk, b'R')
    }

    fn number(&self, stalk: &Vec<u8>) -> Option<Dyadic> {
        sign_expansion(stalk)
    }

    fn heap_bytes(&self, stalk: &Vec<u8>) -> usize {
        stalk.capacity()
    }
}

impl ShortRules for Hackenbush {
    fn name(&self) -> String {
        FAMILY.name.into()
    }

    fn parse_position(&self, word: &Word) -> Result<Vec<u8>> {
        if word.text == "0" {
            return Ok(Vec::new());
        }
        let stalk: Vec<u8> = word.text.bytes().map(|b| b.to_ascii_uppercase()).collect();
        if let Some(at) = stalk.iter().position(|b| !b"BRG".contains(b)) {
            return Err(Error::Parse {
                column: word.column + word.text[..at].chars().count(),
                message: "a stalk is written with B (Left's edge), R (Right's) and G \
                          (either's), from the ground up; 0 is a stalk with no edge"
                    .into(),
            });
        }
        if stalk.len() > MAX_EDGES {
            return Err(Error::Limit(format!(
                "the stalk at column {} has {} edges: at most {MAX_EDGES} are played",
                word.column,
                stalk.len()
            )));
        }
        Ok(stalk)
    }

    fn show(&self, stalk: &Vec<u8>) -> String {
        if stalk.is_empty() {
            // The empty stalk: nothing left to cut.
            return "0".into();
        }
        String::from_utf8_lossy(stalk).into_owned()
    }

    /// (a, b) is the stalk of a blue edges with b red ones above, `B..BR..R`
    /// (0 when both are 0), for tables by length.
    fn pair_text(&self, a: u64, b: u64) -> Option<String> {
        let (a, b) = (usize::try_from(a).ok()?, usize::try_from(b).ok()?);
        if a.checked_add(b)? > MAX_EDGES {
            return None;
        }
        Some(match a + b {
            0 => "0".into(),
            _ => format!("{}{}", "B".repeat(a), "R".repeat(b)),
        })
    }

    /// A cut only removes edges: a player with no edge of theirs left
    /// never has one again.
    fn dead_ending(&self) -> bool {
        true
    }
}

/// The value of a stalk of blue and red edges by the sign expansion; None
/// if it has a green edge.
pub fn sign_expansion(stalk: &[u8]) -> Option<Dyadic> {
    let sign = |edge: u8| match edge {
        b'B' => Some(1),
        b'R' => Some(-1),
        _ => None,
    };
    let Some(&first) = stalk.first() else {
        return Some(Dyadic::ZERO);
    };
    let run = stalk.iter().take_while(|&&e| e == first).count();
    let mut value = Dyadic::integer(sign(first)? * run as i128);
    for (k, &edge) in stalk[run..].iter().enumerate() {
        value = value + Dyadic::new(sign(edge)?, k as u32 + 1);
    }
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::{Games, Valuer};

    /// Hackenbush searched: its options without the closed form.
    struct Searched;

    impl ShortGame for Searched {
        type Position = Vec<u8>;

        fn left_options(&self, stalk: &Vec<u8>) -> Vec<Vec<u8>> {
            Hackenbush.left_options(stalk)
        }

        fn right_options(&self, stalk: &Vec<u8>) -> Vec<Vec<u8>> {
            Hackenbush.right_options(stalk)
        }
    }

    /// Every stalk of blue and red edges up to 10 edges is the number the
    /// sign expansion says (searched, not computed by the rule), and a
    /// green stalk of n edges is *n (Winning Ways, chapter 2).
    #[test]
    fn stalks_are_their_sign_expansions() {
        let mut games = Games::new();
        let mut valuer = Valuer::new(Searched);
        for length in 0..=10u32 {
            for bits in 0..1u32 << length {
                let stalk: Vec<u8> = (0..length)
                    .map(|i| if bits >> i & 1 == 1 { b'B' } else { b'R' })
                    .collect();
                let g = valuer.value(&mut games, &stalk, &mut |_| true).unwrap();
                assert_eq!(games.number_value(g), sign_expansion(&stalk), "{stalk:?}");
            }
        }
        // BBR = 3/2, BR = 1/2, BRB = 3/4, RB = -1/2, RRBR = -7/4.
        let d = Dyadic::new;
        for (stalk, value) in [
            ("BBR", d(3, 1)),
            ("BR", d(1, 1)),
            ("BRB", d(3, 2)),
            ("RB", d(-1, 1)),
            ("RRBR", d(-7, 2)),
        ] {
            assert_eq!(sign_expansion(stalk.as_bytes()), Some(value), "{stalk}");
        }
        for n in 0..8 {
            let stalk = vec![b'G'; n];
            let g = valuer.value(&mut games, &stalk, &mut |_| true).unwrap();
            let star = games.nimber(n as u64);
            assert_eq!(g, star, "G x {n}");
        }
    }

    /// Misère play of every stalk of blue, red and green edges up to 7
    /// edges: the outcome of its tree is that of plain search.
    #[test]
    fn misere_outcomes_agree_with_search() {
        let mut check = crate::catalogue::check::MisereCheck::new();
        for length in 0..=7u32 {
            for code in 0..3u32.pow(length) {
                let stalk: Vec<u8> = (0..length)
                    .map(|i| b"BRG"[(code / 3u32.pow(i) % 3) as usize])
                    .collect();
                check.assert(&Hackenbush, &stalk);
            }
        }
    }
}
