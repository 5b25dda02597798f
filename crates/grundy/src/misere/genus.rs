//! Conway's genus of an impartial game under misère play, found by search of
//! the game alone, and the tame rule that decides misère sums of tame games.
//!
//! Sources: Conway, *On Numbers and Games* (ONAG), ch. 12 "How to Lose When
//! You Must"; Berlekamp, Conway and Guy, *Winning Ways*, ch. 13 "Survival in
//! the Lost World"; Siegel, *Combinatorial Game Theory* (AMS 2013), ch. V.
//!
//! # Definitions
//!
//! - `G⁺(G)`, the nimber: the mex of the nimbers of the options (0 for a
//!   game without options).
//! - `G⁻(G)`, the misère nimber: 1 for a game without options, else the mex
//!   of the misère nimbers of the options. A game is misère-P exactly when
//!   its misère nimber is 0.
//! - The **genus** of G is `g^γ₀γ₁γ₂…` with `g = G⁺(G)` and
//!   `γₖ = G⁻(G + 2 + … + 2)`, k nim-heaps of 2 added. The sequence γ is
//!   eventually periodic with period 2, and is written up to where it
//!   repeats (Winning Ways): `0^120` is `0^12020202…`, the genus of the
//!   empty game; `1^031` that of `*1`; `a^(a)(a⊕2)` that of `*a` for
//!   a ≥ 2 (`2^20`, `3^31`, `4^46`).
//!
//! # How the genus is computed
//!
//! From the genera of the options. `G + 2k` (k heaps of 2) has the options
//! `G' + 2k`, `G + 2(k-1) + 1` and `G + 2(k-1)`, and for every game H,
//! `G⁻(H + 1) = G⁻(H) ⊕ 1` (by induction: a game without options has 1,
//! and `*1` has 0; otherwise `H + 1` has the options `H' + 1`, worth
//! `G⁻(H') ⊕ 1`, and `H`, worth `v = G⁻(H)`, and flipping the last bit of
//! every value below `v` gives every value below `v ⊕ 1` but `v` itself).
//! So for k ≥ 1
//!
//! ```text
//! γₖ(G) = mex({ γₖ(G') : G' an option } ∪ { γₖ₋₁(G), γₖ₋₁(G) ⊕ 1 })
//! ```
//!
//! Once every option's sequence repeats (from index M on), γₖ depends only
//! on γₖ₋₁ and the parity of k, so the first k > M with `γₖ = γₖ₋₂` starts
//! the repetition for good. An option that splits a heap is a sum, whose
//! genus is not found from its parts' genera (outside tame games), so the
//! search's positions are sums of the game's positions, each searched once.
//!
//! # Tame games (ONAG ch. 12)
//!
//! A game is **tame** when its genus is one of
//!
//! - `0^120` or `1^031` (*fickle*: it plays like `*0` or `*1`), or
//! - `0^02`, `1^13`, or `a^(a)(a⊕2)` for a ≥ 2 (*firm*: it plays like
//!   `*2 + *2`, `*2 + *3` or `*a`),
//!
//! and every option is tame: every position of the game, every sum a move
//! reaches, is. (Winning Ways also counts as tame some games whose wild
//! options are reversible; those are not recognised here, and their sums
//! are left to exhaustive search.) This is Conway's definition by `G⁺` and
//! `G⁻` alone (fickle: `0^1`, `1^0`; firm: `0^0`, `1^1`, `a^a`), with the
//! whole genus of each position asked to match, which for a tame game it
//! does: a tame game has the genus of the Nim position it plays like.
//!
//! **The tame rule**: a sum of tame games is tame, and plays under misère
//! play like the sum of the Nim positions its parts play like. So it is
//! misère-P exactly when either some part is firm and the nimbers' XOR is
//! 0, or every part is fickle and the XOR is 1 (an odd number of parts
//! like `*1`): the anti-Nim rule.
//!
//! ```
//! use grundy::misere::genus::{Genus, Tameness};
//!
//! // The genera of Nim heaps (On Numbers and Games, ch. 12): *0 is 0^120,
//! // *1 is 1^031, *2 is 2^20; the first two are fickle, *2 is firm.
//! assert_eq!(Genus::nim_heap(0).to_string(), "0^120");
//! assert_eq!(Genus::nim_heap(1).to_string(), "1^031");
//! assert_eq!(Genus::nim_heap(2).to_string(), "2^20");
//! assert_eq!(Genus::nim_heap(1).tameness(), Some(Tameness::Fickle));
//! assert_eq!(Genus::nim_heap(2).tameness(), Some(Tameness::Firm));
//! // A game whose options are *0 and *1 is *2 in both conventions.
//! let options = [Genus::nim_heap(0), Genus::nim_heap(1)];
//! assert_eq!(Genus::from_options(&options).unwrap(), Genus::nim_heap(2));
//! ```

use std::collections::{HashMap, HashSet};
use std::fmt;

use crate::error::{Error, Result};
use crate::game::Game;
use crate::memory;
use crate::solver::OnSearched;
use crate::value::{mex, Outcome};

/// How many sums of a game's positions a genus search may hold (solved, or
/// on its stack) before it gives up: this bounds its time; the memory
/// budget bounds its memory.
pub const GENUS_SEARCH_LIMIT: usize = 1_000_000;

/// How many frames a genus search pushes and pops between two reports of
/// its progress, at most: a frame lists a sum's options, or finds its
/// genus from theirs.
const FRAMES_BETWEEN_REPORTS: u64 = 1 << 10;
/// How many parts a genus search lists in the options of the sums it
/// pushes, or reads the genera of as it pops them (and one more an
/// option), between two reports, at most: a long sum with many options
/// takes long to list.
const PARTS_BETWEEN_REPORTS: u64 = 1 << 16;

/// The genus `g^γ₀γ₁…` of an impartial game (see the module's doc).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Genus {
    nimber: u64,
    /// γ₀, γ₁, … up to where the last two repeat forever; at least two.
    misere: Vec<u64>,
}

/// Whether a tame genus plays like `*0` or `*1` (fickle), or like a Nim
/// position with a heap of 2 or more (firm).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tameness {
    /// The genus of `*0` or `*1` (`0^120`, `1^031`): its misère play differs
    /// from its normal play.
    Fickle,
    /// The genus `g^(g, g XOR 2)` of a Nim position with a heap of 2 or more
    /// (`*2` is `2^20`, `*2 + *2` is `0^02`): in a sum it plays alike in both
    /// conventions until only heaps of 0 and 1 are left.
    Firm,
}

impl Genus {
    /// The genus of a game from the genera of its options (none: the empty
    /// game, `0^120`).
    pub fn from_options<'a>(options: impl IntoIterator<Item = &'a Genus>) -> Result<Genus> {
        let options: Vec<&Genus> = options.into_iter().collect();
        let nimber = mex(options.iter().map(|o| o.nimber));
        let first = match options.is_empty() {
            true => 1,
            false => mex(options.iter().map(|o| o.misere[0])),
        };
        // Every option's sequence repeats from index `settled` on.
        let settled = options.iter().map(|o| o.misere.len()).fold(2, usize::max);
        // γₖ takes at most options + 3 values, so the pairs (γₖ₋₁, parity)
        // repeat within twice that many steps; Conway's theorem says they
        // repeat at once, with period 2.
        let last = settled + 2 * (options.len() + 3) + 4;
        let mut misere = vec![first];
        for k in 1..=last {
            let before = misere[k - 1];
            let value = mex(options
                .iter()
                .map(|o| o.digit(k))
                .chain([before, before ^ 1]));
            misere.push(value);
            if k > settled && misere[k] == misere[k - 2] {
                misere.pop();
                while misere.len() > 2 && misere[misere.len() - 1] == misere[misere.len() - 3] {
                    misere.pop();
                }
                return Ok(Genus { nimber, misere });
            }
        }
        Err(Error::Unsupported(format!(
            "a genus whose misère values do not repeat with period 2 within {last} terms, \
             against Conway's theorem: {nimber}^{misere:?}"
        )))
    }

    /// The genus of the Nim heap `*n` (ONAG ch. 12): `0^120`, `1^031`, and
    /// `n^(n)(n⊕2)` for n ≥ 2.
    pub fn nim_heap(n: u64) -> Genus {
        let misere = match n {
            0 => vec![1, 2, 0],
            1 => vec![0, 3, 1],
            _ => vec![n, n ^ 2],
        };
        Genus { nimber: n, misere }
    }

    /// The normal-play nimber `G⁺`.
    pub fn nimber(&self) -> u64 {
        self.nimber
    }

    /// The misère nimber `G⁻ = γ₀`: 0 exactly for a misère-P game.
    pub fn misere_nimber(&self) -> u64 {
        self.misere[0]
    }

    /// γₖ, the misère nimber of the game plus k nim-heaps of 2.
    pub fn digit(&self, k: usize) -> u64 {
        let len = self.misere.len();
        match k < len {
            true => self.misere[k],
            false => self.misere[len - 2 + (k - len) % 2],
        }
    }

    /// γ₀, γ₁, … up to where the last two repeat forever (at least two).
    pub fn digits(&self) -> &[u64] {
        &self.misere
    }

    /// Whether the genus is one of the tame genera, and which kind. (A game
    /// is tame when its genus and those of all its followers are.)
    pub fn tameness(&self) -> Option<Tameness> {
        let g = self.nimber;
        if g <= 1 && self.misere == Genus::nim_heap(g).misere {
            Some(Tameness::Fickle)
        } else if self.misere == [g, g ^ 2] {
            Some(Tameness::Firm)
        } else {
            None
        }
    }
}

/// Winning Ways' notation: `2^1420`. Where some γ is 10 or more the
/// superscript is written in parentheses with commas, `11^(11,9)` (as
/// CGSuite writes it).
impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^", self.nimber)?;
        let digits: Vec<String> = self.misere.iter().map(u64::to_string).collect();
        match self.misere.iter().all(|&d| d < 10) {
            true => write!(f, "{}", digits.concat()),
            false => write!(f, "({})", digits.join(",")),
        }
    }
}

/// What the tame rule looks at in a sum of tame games: the XOR of their
/// nimbers and how many are firm.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TameSum {
    xor: u64,
    firm: usize,
}

impl TameSum {
    /// The sum of games of these genera; `None` where one is not tame.
    pub fn of<'a>(genera: impl IntoIterator<Item = &'a Genus>) -> Option<TameSum> {
        genera
            .into_iter()
            .try_fold(TameSum::default(), |sum, g| sum.with(g))
    }

    /// The sum with a game of genus `g` added; `None` where `g` is not tame.
    pub fn with(self, g: &Genus) -> Option<TameSum> {
        let firm = usize::from(g.tameness()? == Tameness::Firm);
        Some(TameSum {
            xor: self.xor ^ g.nimber,
            firm: self.firm + firm,
        })
    }

    /// The sum without a game of genus `g`, which must be one of its parts.
    pub fn without(self, g: &Genus) -> Option<TameSum> {
        let firm = usize::from(g.tameness()? == Tameness::Firm);
        Some(TameSum {
            xor: self.xor ^ g.nimber,
            firm: self.firm.checked_sub(firm)?,
        })
    }

    /// The misère outcome by the tame rule: P exactly when some part is
    /// firm and the XOR is 0, or every part is fickle and the XOR is 1.
    pub fn outcome(self) -> Outcome {
        let p = match self.firm {
            0 => self.xor == 1,
            _ => self.xor == 0,
        };
        Outcome::from_nimber_is_zero(p)
    }
}

/// A position's genus, and whether it is tame (it and every follower).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Classified {
    /// The position's genus.
    pub genus: Genus,
    /// Whether the position and every position reachable from it are tame,
    /// so that the tame rule decides sums of them.
    pub tame: bool,
}

/// A sum of a game's positions, as the ids of its parts in order.
type Parts = Box<[u32]>;

/// Memoised search of the genera of a game's positions and of the sums of
/// them its moves reach, with its own stack (no recursion), within
/// [`GENUS_SEARCH_LIMIT`] sums and the memory budget.
pub struct GenusSearch<G: Game> {
    game: G,
    ids: HashMap<G::Position, u32>,
    positions: Vec<G::Position>,
    /// The options of each position, once listed: sums of ids.
    options: Vec<Option<Vec<Parts>>>,
    memo: HashMap<Parts, Classified>,
    limit: usize,
    memory: u64,
    /// What the ids, the listed options and the memo hold.
    bytes: u64,
}

/// A sum whose options are being solved.
struct Frame {
    parts: Parts,
    options: Vec<Parts>,
    /// Options before this one are solved.
    next: usize,
    bytes: u64,
}

impl Frame {
    /// The parts of its options, and one more an option: the work of
    /// listing them, or of reading their genera.
    fn work(&self) -> u64 {
        self.options.iter().map(|o| o.len() as u64 + 1).sum()
    }
}

impl<G: Game> GenusSearch<G> {
    /// A search within [`GENUS_SEARCH_LIMIT`] sums and the process's memory
    /// budget ([`memory::budget`]).
    pub fn new(game: G) -> GenusSearch<G> {
        GenusSearch::with_limits(game, GENUS_SEARCH_LIMIT, memory::budget())
    }

    /// A search that holds at most `limit` sums and `memory` bytes.
    pub fn with_limits(game: G, limit: usize, memory: u64) -> GenusSearch<G> {
        GenusSearch {
            game,
            ids: HashMap::new(),
            positions: Vec::new(),
            options: Vec::new(),
            memo: HashMap::new(),
            limit,
            memory,
            bytes: 0,
        }
    }

    /// The genus of the sum of `parts` (one position, or an option that
    /// splits into several), and whether it is tame. The search reports
    /// the sums it has met to `progress` every thousand sums it lists or
    /// solves, or sooner where their options are many (every 65,536 parts
    /// listed or read); answering `false` stops it with a limit error (the
    /// sums solved by then stay solved).
    pub fn genus(&mut self, parts: &[G::Position], progress: OnSearched) -> Result<Classified> {
        let mut ids = Vec::with_capacity(parts.len());
        for part in parts {
            ids.push(self.id(part)?);
        }
        ids.sort_unstable();
        let start: Parts = ids.into();
        if let Some(known) = self.memo.get(&start) {
            return Ok(known.clone());
        }
        let mut stack_bytes = 0;
        let mut stack = vec![self.frame(start.clone(), &mut stack_bytes)?];
        let mut on_stack: HashSet<Parts> = HashSet::from([start.clone()]);
        let (mut frames, mut parts) = (0u64, 0u64);
        while !stack.is_empty() {
            // Each turn pushes a frame or pops one.
            frames += 1;
            if frames == FRAMES_BETWEEN_REPORTS || parts >= PARTS_BETWEEN_REPORTS {
                (frames, parts) = (0, 0);
                let met = (self.memo.len() + stack.len()) as u64;
                if !progress(met) {
                    return Err(Error::Limit(format!(
                        "the genus search was stopped after meeting {met} sums of positions"
                    )));
                }
            }
            let top = stack.last_mut().expect("the loop holds a frame");
            while top.next < top.options.len() && self.memo.contains_key(&top.options[top.next]) {
                top.next += 1;
            }
            if let Some(option) = top.options.get(top.next).cloned() {
                if on_stack.contains(&option) {
                    return Err(Error::Unsupported(format!(
                        "the genus is found for finite games only, and the moves of {} \
                         come back to it",
                        self.describe(&option)
                    )));
                }
                if self.memo.len() + stack.len() >= self.limit {
                    return Err(Error::Limit(format!(
                        "the genus search met {} sums of positions without finishing",
                        self.limit
                    )));
                }
                on_stack.insert(option.clone());
                let frame = self.frame(option, &mut stack_bytes)?;
                parts += frame.work();
                stack.push(frame);
                continue;
            }
            let frame = stack.pop().expect("the loop holds a frame");
            parts += frame.work();
            on_stack.remove(&frame.parts);
            stack_bytes -= frame.bytes;
            let known: Vec<&Classified> = frame.options.iter().map(|o| &self.memo[o]).collect();
            let genus = Genus::from_options(known.iter().map(|k| &k.genus))?;
            let tame = genus.tameness().is_some() && known.iter().all(|k| k.tame);
            self.bytes += memory::hashed(1, size_of::<(Parts, Classified)>() as u64)
                + memory::allocation(4 * frame.parts.len() as u64)
                + memory::allocation(8 * genus.misere.len() as u64);
            self.memo.insert(frame.parts, Classified { genus, tame });
        }
        Ok(self.memo[&start].clone())
    }

    /// The id of a position, given it the first time it is met.
    fn id(&mut self, position: &G::Position) -> Result<u32> {
        if let Some(&id) = self.ids.get(position) {
            return Ok(id);
        }
        let id = u32::try_from(self.positions.len()).map_err(|_| {
            Error::Limit("the genus search met more than 2^32 positions".to_string())
        })?;
        let size = size_of::<G::Position>() as u64;
        self.bytes += memory::hashed(1, size + 4)
            + memory::vector(1, size + size_of::<Option<Vec<Parts>>>() as u64)
            + 2 * self.game.heap_bytes(position);
        self.check(0)?;
        self.ids.insert(position.clone(), id);
        self.positions.push(position.clone());
        self.options.push(None);
        Ok(id)
    }

    /// Lists the options of position `id` once.
    fn list_options(&mut self, id: u32) -> Result<()> {
        if self.options[id as usize].is_some() {
            return Ok(());
        }
        let position = self.positions[id as usize].clone();
        let mut listed = Vec::new();
        for option in self.game.options(&position)? {
            let mut parts = Vec::with_capacity(option.len());
            for part in &option {
                parts.push(self.id(part)?);
            }
            parts.sort_unstable();
            self.bytes += memory::allocation(4 * parts.len() as u64) + 16;
            listed.push(parts.into_boxed_slice());
        }
        self.bytes += memory::allocation(16 * listed.len() as u64);
        self.check(0)?;
        self.options[id as usize] = Some(listed);
        Ok(())
    }

    /// The frame of a sum: its options are a move in one of its parts
    /// (equal parts are moved in once), that part replaced by the option.
    fn frame(&mut self, parts: Parts, stack_bytes: &mut u64) -> Result<Frame> {
        let mut options = Vec::new();
        for (i, &id) in parts.iter().enumerate() {
            if i > 0 && parts[i - 1] == id {
                continue;
            }
            self.list_options(id)?;
            for option in self.options[id as usize].as_ref().expect("listed above") {
                let mut after: Vec<u32> = parts[..i].to_vec();
                after.extend_from_slice(&parts[i + 1..]);
                after.extend_from_slice(option);
                after.sort_unstable();
                options.push(after.into_boxed_slice());
            }
        }
        // The options, and the sum itself twice: the frame's copy and the
        // one in the set of sums on the stack.
        let bytes = options
            .iter()
            .map(|o| memory::allocation(4 * o.len() as u64) + 16)
            .sum::<u64>()
            + 2 * memory::allocation(4 * parts.len() as u64)
            + memory::vector(1, size_of::<Frame>() as u64)
            + memory::hashed(1, 16);
        *stack_bytes += bytes;
        self.check(*stack_bytes)?;
        Ok(Frame {
            parts,
            options,
            next: 0,
            bytes,
        })
    }

    /// Whether what the search holds, with `more`, is within its memory.
    fn check(&self, more: u64) -> Result<()> {
        if self.bytes.saturating_add(more) > self.memory {
            return Err(Error::Limit(format!(
                "the genus search needs more than {}, the memory budget",
                memory::Size(self.memory)
            )));
        }
        Ok(())
    }

    fn describe(&self, parts: &[u32]) -> String {
        let texts: Vec<String> = parts
            .iter()
            .map(|&id| self.game.format_position(&self.positions[id as usize]))
            .collect();
        texts.join(" + ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_games::{Nim, Path, Ring};

    fn genus_text(g: &Genus) -> String {
        g.to_string()
    }

    /// The genera of Nim heaps printed in ONAG ch. 12 and Winning Ways
    /// ch. 13: `0^120` (the empty game), `1^031`, `2^20`, `3^31`.
    #[test]
    fn published_genera_of_nim_heaps() {
        let mut search = GenusSearch::new(Nim);
        let found: Vec<String> = (0..4)
            .map(|n| genus_text(&search.genus(&[n], &mut |_| true).unwrap().genus))
            .collect();
        assert_eq!(found, ["0^120", "1^031", "2^20", "3^31"]);
    }

    /// The closed form of Nim heaps against the search, and every heap is
    /// tame: fickle below 2, firm from 2 on.
    #[test]
    fn nim_heaps_by_search_match_the_closed_form() {
        let mut search = GenusSearch::new(Nim);
        for n in 0..40 {
            let found = search.genus(&[n], &mut |_| true).unwrap();
            assert_eq!(found.genus, Genus::nim_heap(n), "heap {n}");
            assert!(found.tame, "heap {n}");
            let kind = if n < 2 {
                Tameness::Fickle
            } else {
                Tameness::Firm
            };
            assert_eq!(found.genus.tameness(), Some(kind), "heap {n}");
        }
        // Sums of heaps are searched as sums: *2 + *2 is 0^02, *2 + *3 is
        // 1^13 (the firm genera of Nim positions with nimber 0 and 1).
        assert_eq!(
            genus_text(&search.genus(&[2, 2], &mut |_| true).unwrap().genus),
            "0^02"
        );
        assert_eq!(
            genus_text(&search.genus(&[3, 2], &mut |_| true).unwrap().genus),
            "1^13"
        );
        assert_eq!(
            genus_text(&search.genus(&[1, 1], &mut |_| true).unwrap().genus),
            "0^120"
        );
    }

    #[test]
    fn notation_of_large_values_uses_commas() {
        let g = Genus {
            nimber: 11,
            misere: vec![11, 9],
        };
        assert_eq!(g.to_string(), "11^(11,9)");
        assert_eq!(Genus::nim_heap(12).to_string(), "12^(12,14)");
        assert_eq!(Genus::nim_heap(7).to_string(), "7^75");
    }

    #[test]
    fn the_digits_repeat_with_period_two() {
        let g = Genus {
            nimber: 2,
            misere: vec![1, 4, 2, 0],
        };
        let digits: Vec<u64> = (0..8).map(|k| g.digit(k)).collect();
        assert_eq!(digits, [1, 4, 2, 0, 2, 0, 2, 0]);
    }

    #[test]
    fn a_deep_game_does_not_overflow_the_stack() {
        let mut search = GenusSearch::new(Path);
        let deep = search.genus(&[300_000], &mut |_| true).unwrap();
        assert_eq!(deep.genus, Genus::nim_heap(0));
        assert!(deep.tame);
    }

    /// A search asked to stop stops at its first report, with a limit
    /// error, and asking again finds the genus, reporting all along: a
    /// report every thousand frames, pushed or popped, including those of
    /// the descent before the first sum is solved.
    #[test]
    fn a_search_stops_when_its_progress_says_so() {
        let mut search = GenusSearch::new(Path);
        let mut reports = Vec::new();
        let error = search
            .genus(&[300_000], &mut |met| {
                reports.push(met);
                false
            })
            .unwrap_err();
        assert!(matches!(error, Error::Limit(_)), "{error}");
        assert!(error.to_string().contains("stopped"), "{error}");
        assert_eq!(reports, [FRAMES_BETWEEN_REPORTS]);
        let mut more = 0;
        let deep = search.genus(&[300_000], &mut |_| {
            more += 1;
            true
        });
        assert_eq!(deep.unwrap().genus, Genus::nim_heap(0));
        // Two frames a sum, pushed and popped.
        assert!(more >= 2 * 300_000 / FRAMES_BETWEEN_REPORTS - 2, "{more}");
    }

    #[test]
    fn limits_stop_the_search() {
        let err = GenusSearch::with_limits(Path, 1000, 1 << 30)
            .genus(&[5000], &mut |_| true)
            .unwrap_err();
        assert!(matches!(err, Error::Limit(_)), "{err}");
        let err = GenusSearch::with_limits(Path, GENUS_SEARCH_LIMIT, 1 << 16)
            .genus(&[5000], &mut |_| true)
            .unwrap_err();
        assert!(err.to_string().contains("memory budget"), "{err}");
    }

    #[test]
    fn a_cycle_is_unsupported() {
        let err = GenusSearch::new(Ring)
            .genus(&[0], &mut |_| true)
            .unwrap_err();
        assert!(matches!(err, Error::Unsupported(_)), "{err}");
    }
}
