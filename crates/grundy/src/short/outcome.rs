//! Who wins a sum of positions of one family (and of a value beside them),
//! decided by a search of the sum rather than by its canonical form, which
//! can be far larger than the search needs (a Clobber board of 16 stones).
//!
//! The search is minimax, each player moving first, over states of the
//! sum: the regions still open (independent parts of the positions, each
//! once in a table under the key its rules give it, negated where it is),
//! and one canonical value, the sum of everything valued (MCGS's idea, in
//! Müller, Hayward et al.'s solver of sums: a subgame small enough is
//! replaced by its value). A region of the sum asked about, beside others,
//! is valued where its canonical form is found within [`VALUE_WORK`]
//! positions: the search of a sum of regions left open grows as the
//! product of theirs. Any other region is valued where the values of its
//! options are known, from the options the search lists (a region with
//! none is 0), each time it is met: values grow from the ends of play up,
//! as the search meets them. (Handing each such region to the valuer within
//! even 16 new positions spent most of the time on regions too large to
//! finish: measured before the move order below, the 4 x 4 Clobber board
//! took 3 times longer, the 2 x 12 board 4 times.) A region beside its own
//! negative leaves both out (G - G = 0); a state with no region open is
//! decided by its value's outcome class.
//!
//! Only a small value stands in for its region: x + n↑ + *m (added by
//! arithmetic) or a form at most [`SMALL_HEIGHT`] moves high (a switch,
//! ±(1|0), ...), as MCGS simplifies the numbers, nimbers and switches of a
//! sum. A larger value leaves its region open, to be searched: its sums
//! with the values beside it are new canonical forms at almost every
//! state, each built with many comparisons, and they held most of the
//! memory (Clobber's 2 x 14 board: 418 MiB of games against 137 MiB of
//! states and regions; 2 x 15 took 96 s and 3.6 GB with every value, 20 s
//! and 0.6 GB with those of height 4 at most). A large value is still
//! kept, to value the regions its region is an option of, which may be
//! small again (leaving those unvalued too, the search of 2 x 15 took 4.7
//! million states rather than 1.7 million).
//!
//! States are kept in a transposition table with the answer
//! for the player to move. A state's moves are all looked up in the table
//! before any is searched, and searched fewest replies first (the
//! opponent's moves in the open regions): on Domineering's 6 x 5 board this
//! order looks at a tenth of the states, on Amazons' 4 x 4 a thirtieth.
//!
//! A family may bound its regions by simpler games ([`Bounds`]): a state
//! is then decided without a search where the player to move wins the sum
//! of the bounds worse for them, or loses the sum of those better.
//! Domineering's bounds hold Breuker, Uiterwijk and van den Herik's safe
//! moves and Bullock's protective areas: on the 7 x 7 board the search
//! decides 398,433 states rather than 846,452, with 17% less memory.
//!
//! Memory is what stops a search first: every state decided is kept, and
//! the regions its moves lead to outnumber the states (on Clobber's 4 x 6
//! board 4.1 million regions for 1.2 million states, 13.5 million options
//! listed; on Domineering's 7 x 7 board 7.4 million regions, 99% of them
//! never valued, for 0.4 million states). Where the budget is reached,
//! and the states hold a quarter of it or more, they are forgotten, all
//! at once, and the search goes on, deciding again the states it meets
//! again. Where they hold less, the regions go first, but for those with
//! a value (which took the work), those of the states decided, and those
//! of the states being searched and of the moves each still has to
//! search (`pinned`): their indices are taken again by new regions, and
//! every list of options goes (they name regions let go), to be listed
//! again where needed. (Before, the regions were always kept, and where
//! they filled the budget the search stopped: Clobber's 4 x 7 board under
//! 2 GB of address space exited 1; it is now decided, with 590 MB at
//! most. And the states were forgotten before their regions went, though
//! on Domineering's 8 x 8 board they held a twentieth of what the regions
//! did.) Where what is kept fills more than half the budget, the states
//! are forgotten and their regions go too; where it still fills three
//! quarters, the regions with a value go as well (but for those pinned),
//! and the valuer forgets the positions it valued: values are found again
//! where needed, and so are the answers the table of games remembered
//! (comparisons, sums). Its games stay (the states being searched hold
//! their ids); only where they and what is pinned fill three quarters of
//! the budget does the search stop. (Before, the values were kept:
//! Domineering's 8 x 8 board stopped after 30 minutes under an 8 GiB
//! budget.)
//!
//! The order of moves counts the replies in each state a move leads to
//! without listing them, as most of those states are never searched
//! (Clobber's 3 x 8 board: 5.1 s and 257 MiB, against 6.3 s and 276 MiB
//! when counting listed them and added their regions).
//! A region is a key, its value and where its options are listed;
//! its options are words in one array for every region, not a vector each.
//! The regions and that array are counted as vectors that double as they
//! grow: their capacity, and the next buffer where they are more than half
//! full (counted at their length, the process ran out of address space
//! before the search reached its budget).
//! The states, the regions, the valuer's positions and the table of games
//! share one memory budget. Values only save work: once the valuer and the
//! table hold half the budget, no region is valued any more, and the
//! search goes on with regions open. (Before, each had a budget of its
//! own, and the process could hold twice the budget.)

use hashbrown::{DefaultHashBuilder, HashMap};
use smallvec::SmallVec;
use std::hash::BuildHasher;

use super::ShortRules;
use crate::error::{Error, Result};
use crate::memory;
use crate::partizan::{Dyadic, GameId, Games, OutcomeClass, Valuer};
use crate::sharded::{spread, Sharded, Shards};

/// The most new positions the canonical form of a region of the sum asked
/// about may need before the search leaves it open and searches its moves
/// instead, where the sum has more than one region.
pub const VALUE_WORK: usize = 1 << 7;

/// The highest a value other than x + n↑ + *m may be, in moves, to stand
/// in for its region in the search (see the module's notes).
pub const SMALL_HEIGHT: u32 = 4;

/// The deepest the search goes, in moves: beyond it a sum is left to its
/// canonical form (the search holds a frame on the thread's stack a move).
pub const MAX_DEPTH: usize = 1_000;

/// Every how many states the progress callback is asked whether to go on.
const PROGRESS_EVERY: u64 = 1 << 12;

/// Who wins a sum, each player moving first, and how many states the
/// search looked at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Searched {
    /// Whether Left wins moving first.
    pub left_first_wins: bool,
    /// Whether Right wins moving first.
    pub right_first_wins: bool,
    /// States of the sum decided (each once, unless the search forgot them:
    /// see the module's notes).
    pub states: u64,
    /// How many times the states decided were forgotten to stay within the
    /// memory budget.
    pub forgotten: u64,
    /// How many times the regions without a value that no state decided or
    /// being searched holds were let go to stay within the memory budget
    /// (and the states decided with them, where that was not enough).
    pub collected: u64,
    /// How many of those times the regions with a value went too, and the
    /// positions the valuer had valued.
    pub values_let_go: u64,
}

impl Searched {
    /// The answer for the negative of the sum: Left moving first there is
    /// Right moving first here.
    pub fn negated(self) -> Searched {
        Searched {
            left_first_wins: self.right_first_wins,
            right_first_wins: self.left_first_wins,
            ..self
        }
    }

    /// The outcome class: `L` where Left wins whoever starts, `R` where
    /// Right does, `N` where whoever starts wins, `P` where whoever starts
    /// loses.
    pub fn outcome(&self) -> OutcomeClass {
        match (self.left_first_wins, self.right_first_wins) {
            (true, true) => OutcomeClass::N,
            (true, false) => OutcomeClass::L,
            (false, true) => OutcomeClass::R,
            (false, false) => OutcomeClass::P,
        }
    }
}

/// Two simpler games either side of a position G, each a position of the
/// family and an integer: `below.0 - below.1 <= G <= above.0 + above.1`.
/// Where Left wins the sum with the game below in place of G, moving
/// first or second, Left wins it with G; where Left loses it with the
/// game above, Left loses it with G; the same for Right, the other way
/// round. A game below G: G with some of Left's moves taken away (a game
/// where Left has fewer options, at every turn, and Right the same, is at
/// most G), such as Domineering's board where Left places only on some
/// cells (those no domino of Right's joins to the others), and Right's
/// moves on the others counted as an integer, the most Right can make
/// there (a game where only Right moves is minus its longest play). The
/// counts of safe moves in Breuker, Uiterwijk and van den Herik's
/// "Solving 8×8 Domineering" (2000) are such bounds, and so are
/// Bullock's protective areas (2002).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bounds<P> {
    /// A position below G but for an integer: G less some of Left's
    /// moves, and the most moves those take from Right.
    pub below: (P, u32),
    /// A position above G but for an integer.
    pub above: (P, u32),
}

/// The most new positions the valuer may take to value a bound of a
/// region ([`Bounds`]); a region whose bounds take more has none.
pub const BOUND_WORK: usize = 1 << 6;

/// A region open in a state, in one word: its index in the table above
/// the lowest bit, and whether it is negated (Left and Right exchanged) in
/// the lowest, so that sorted, a region's two signs stand side by side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Open(u32);

impl Open {
    fn new(region: u32, negated: bool) -> Open {
        Open(region << 1 | u32::from(negated))
    }

    /// The region's index in the table.
    fn region(self) -> usize {
        (self.0 >> 1) as usize
    }

    fn negated(self) -> bool {
        self.0 & 1 == 1
    }

    /// The region negated once more where `flip` says.
    fn flipped(self, flip: bool) -> Open {
        Open(self.0 ^ u32::from(flip))
    }
}

/// The most regions a search tells apart: an index and a sign share a word.
const MAX_REGIONS: usize = 1 << 31;

/// A state of the sum: its open regions in order, the value beside them
/// (in the family's table) and whether Left is to move.
type State = (Opens, GameId, bool);

/// A state's open regions, held in the state where they are few (most
/// are: an allocation each was most of what freeing the states took).
type Opens = SmallVec<[Open; INLINE]>;

/// How many open regions a state holds without an allocation.
const INLINE: usize = 4;

/// What a decided state's regions take beside the table, where they are
/// more than the state holds, for the memory budget.
fn spilled_bytes(open: &[Open]) -> u64 {
    match open.len() > INLINE {
        true => memory::allocation(size_of_val(open) as u64),
        false => 0,
    }
}

/// Where a region's options for one side are not listed yet.
const UNLISTED: u64 = u64::MAX;

/// What the search knows of a region.
struct Region {
    /// Where Left's options and Right's are listed in the search's
    /// `lists` (when first needed; [`UNLISTED`] before): how many options
    /// there are, then for each how many regions it falls into and those
    /// regions ([`Open`] words). One array for every region's options,
    /// rather than a vector for each option, took the search of Clobber's
    /// 4 x 6 board from 2.0 GB to 743 MB.
    lists: [u64; 2],
    /// How many options Left and Right have, where counted before they
    /// are listed ([`UNCOUNTED`] before): the order of moves asks for the
    /// replies of every state a move leads to, and most of those states
    /// are never searched.
    counts: [u32; 2],
    /// Its canonical form, once found.
    value: Valued,
}

/// Where a region's options for one side are not counted yet.
const UNCOUNTED: u32 = u32::MAX;

impl Region {
    /// A region met for the first time: nothing known of it.
    fn new() -> Region {
        Region {
            lists: [UNLISTED; 2],
            counts: [UNCOUNTED; 2],
            value: Valued::Unknown,
        }
    }
}

/// Whether a region's value is known, and small enough to stand for it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Valued {
    /// Not found yet (some option's value is not known yet).
    Unknown,
    /// Known and small: the search adds it to the value beside the
    /// regions left open.
    Small(GameId),
    /// Known, but too large to stand for the region, which is searched;
    /// it still values the regions this one is an option of.
    Large(GameId),
}

impl Valued {
    /// The value, small or large, where it is known.
    fn known(self) -> Option<GameId> {
        match self {
            Valued::Unknown => None,
            Valued::Small(g) | Valued::Large(g) => Some(g),
        }
    }
}

/// The options listed in `lists` at `at`, each as the words of the regions
/// it falls into.
fn listed(lists: &[u32], at: u64) -> impl Iterator<Item = &[u32]> {
    let at = at as usize;
    let mut count = lists[at];
    let mut rest = &lists[at + 1..];
    std::iter::from_fn(move || {
        if count == 0 {
            return None;
        }
        count -= 1;
        let (option, after) = rest[1..].split_at(rest[0] as usize);
        rest = after;
        Some(option)
    })
}

/// The search of sums of one family's positions, valuing regions in the
/// family's table `games` with its `valuer`.
pub struct OutcomeSearch<'a, G: ShortRules> {
    valuer: &'a mut Valuer<G>,
    games: &'a mut Games,
    /// Each region's index beside 32 bits of its key's hash, found by its
    /// key. In shards, as a table of millions grown at once kept Ctrl-C
    /// waiting seconds; with the hash, as a shard that grows then moves
    /// its entries without reading their keys (hashing every key again
    /// took up to 0.3 s for a shard of hundreds of thousands).
    index: Shards<(u32, u32)>,
    hasher: DefaultHashBuilder,
    /// Each region's key; `None` where the region was let go and its
    /// index is free (`collect`).
    keys: Vec<Option<G::Position>>,
    regions: Vec<Region>,
    /// The indices of regions let go, to be taken again.
    free: Vec<u32>,
    /// The regions of the states being searched, and of the moves each
    /// still has to search: they stay when the others are let go.
    pinned: Vec<Open>,
    /// How many times the regions were let go.
    collected: u64,
    /// How many of those times the values went too.
    values_let_go: u64,
    /// Every region's options, where `Region::lists` says.
    lists: Vec<u32>,
    /// The states decided, in shards (each grown alone, counted as held).
    decided: Sharded<State, bool>,
    /// The values bounding each region, below and above, where they were
    /// asked for, and found.
    bounds: HashMap<u32, Option<[GameId; 2]>>,
    /// What `decided` holds, for the memory budget: its tables, and the
    /// states' regions that spilled (`spilled`).
    decided_bytes: u64,
    spilled: u64,
    /// How many times `decided` was forgotten.
    forgotten: u64,
    /// States decided, those decided again after `decided` was forgotten
    /// counted again.
    decisions: u64,
    /// What `decided`, the index of regions, their keys' heaps and their
    /// bounds hold, for the memory budget (the vectors are counted apart:
    /// `vectors_bytes`).
    bytes: u64,
    budget: u64,
    /// The most new positions a region may take to be valued.
    value_work: usize,
    /// The highest a value other than x + n↑ + *m may be to stand in for
    /// its region.
    small_height: u32,
    progress: &'a mut dyn FnMut(u64) -> bool,
}

impl<'a, G: ShortRules> OutcomeSearch<'a, G> {
    /// A search valuing regions with `valuer` in `games`, reporting the
    /// states decided to `progress`, which stops it by answering false.
    pub fn new(
        valuer: &'a mut Valuer<G>,
        games: &'a mut Games,
        progress: &'a mut dyn FnMut(u64) -> bool,
    ) -> OutcomeSearch<'a, G> {
        let index = Shards::new();
        OutcomeSearch {
            valuer,
            games,
            bytes: index.bytes(),
            index,
            hasher: DefaultHashBuilder::default(),
            keys: Vec::new(),
            regions: Vec::new(),
            free: Vec::new(),
            pinned: Vec::new(),
            collected: 0,
            values_let_go: 0,
            lists: Vec::new(),
            decided: Sharded::new(),
            bounds: HashMap::new(),
            decided_bytes: 0,
            spilled: 0,
            forgotten: 0,
            decisions: 0,
            budget: memory::budget(),
            value_work: VALUE_WORK,
            small_height: SMALL_HEIGHT,
            progress,
        }
    }

    /// The same search within `bytes` of memory rather than the process's
    /// budget (the tests search with little).
    pub fn within(mut self, bytes: u64) -> OutcomeSearch<'a, G> {
        self.budget = bytes;
        self
    }

    /// The same search, valuing a region of the sum asked about only where
    /// it takes at most `most` new positions (0: only from the values of
    /// its options, as every other region): the tests search with little
    /// valuing.
    pub fn valuing_at_most(mut self, most: usize) -> OutcomeSearch<'a, G> {
        self.value_work = most;
        self
    }

    /// The same search, where a value other than x + n↑ + *m stands in for
    /// its region only if it is at most `height` moves high (the tests
    /// search with every value, or with none).
    pub fn small_values(mut self, height: u32) -> OutcomeSearch<'a, G> {
        self.small_height = height;
        self
    }

    /// Who wins the sum of `positions` (each negated where its flag says)
    /// and `rest`, a value of the family's table, each player moving first.
    pub fn decide(&mut self, positions: &[(G::Position, bool)], rest: GameId) -> Result<Searched> {
        let answer = self.search(positions, rest);
        // Interrupted wherever it was (valuing a region, in the table of
        // games), the search says how far it came, not the table.
        let interrupted = self.games.interrupt().is_some_and(|i| i.is_set());
        match answer {
            Err(Error::Limit(_)) if interrupted => Err(Error::Limit(format!(
                "interrupted after deciding {} states of the sum",
                self.decisions
            ))),
            answer => answer,
        }
    }

    /// [`OutcomeSearch::decide`], but for what an interruption says.
    fn search(&mut self, positions: &[(G::Position, bool)], rest: GameId) -> Result<Searched> {
        let mut open = Opens::new();
        let mut value = rest;
        let mut parts = Vec::new();
        for (position, negated) in positions {
            for part in self.valuer.game().parts(position) {
                parts.push(Open::new(self.region(part.key)?, part.negated != *negated));
            }
        }
        // A lone region is searched, as the regions its moves lead to are.
        if parts.len() > 1 && self.value_work > 0 {
            for part in &parts {
                let r = part.region();
                if self.regions[r].value == Valued::Unknown && self.may_value() {
                    let key = self.key(r).clone();
                    let (most, progress) = (self.value_work, &mut *self.progress);
                    let found =
                        (self.valuer).part_value_within(self.games, &key, most, progress)?;
                    if let Some(g) = found {
                        self.regions[r].value = self.valued(g);
                    }
                }
            }
        }
        for part in parts {
            self.place(&mut open, &mut value, part)?;
        }
        open.sort_unstable();
        cancel(&mut open);
        // The state Right moves first in waits while Left's is searched.
        self.pinned.clear();
        self.pinned.extend_from_slice(&open);
        let left_first_wins = self.wins((open.clone(), value, true), 0)?;
        let right_first_wins = self.wins((open, value, false), 0)?;
        self.pinned.clear();
        Ok(Searched {
            left_first_wins,
            right_first_wins,
            states: self.decisions,
            forgotten: self.forgotten,
            collected: self.collected,
            values_let_go: self.values_let_go,
        })
    }

    /// What the valuer and the table of games hold.
    fn value_bytes(&self) -> u64 {
        self.valuer.bytes() + self.games.bytes()
    }

    /// Whether regions may still be valued: while the valuer and the table
    /// of games hold less than half the budget.
    fn may_value(&self) -> bool {
        self.value_bytes() < self.budget / 2
    }

    /// `g` as a region's value: small or large.
    fn valued(&self, g: GameId) -> Valued {
        match self.games.height(g) <= self.small_height || self.games.nus_value(g).is_some() {
            true => Valued::Small(g),
            false => Valued::Large(g),
        }
    }

    /// The key of region `r`, which is held.
    fn key(&self, r: usize) -> &G::Position {
        self.keys[r].as_ref().expect("a region held")
    }

    /// What the search's vectors take (the regions' slots, every list of
    /// options): each its capacity, and where it is more than half full,
    /// the buffer it takes as it grows next, twice its capacity, held
    /// beside the old one while the items move. (Counted at their length,
    /// the process ran out of address space before the search reached its
    /// budget; counted at three times their length, the slots of regions
    /// let go filled half the budget.)
    fn vectors_bytes(&self) -> u64 {
        // A vector of `capacity` items of `bytes` each, `used` of them.
        let growing = |used: usize, capacity: usize, bytes: usize| {
            let next = if used * 2 > capacity { 2 * capacity } else { 0 };
            ((capacity + next) * bytes) as u64
        };
        // The slots of regions let go are taken before the vectors grow.
        let held = self.regions.len() - self.free.len();
        let slots = size_of::<Option<G::Position>>() + size_of::<Region>();
        growing(
            held,
            self.regions.capacity().max(self.keys.capacity()),
            slots,
        ) + growing(self.lists.len(), self.lists.capacity(), size_of::<u32>())
            + growing(self.free.len(), self.free.capacity(), size_of::<u32>())
            + growing(self.pinned.len(), self.pinned.capacity(), size_of::<Open>())
    }

    /// What a region held in a slot holds besides: its key's heap (its
    /// entry in the index is in what the index holds, `Shards::bytes`).
    fn held_bytes(game: &G, key: &G::Position) -> u64 {
        game.heap_bytes(key) as u64
    }

    /// Adds region `r`, whose key's hash is `hash`, to the index, and
    /// what the index takes since to `bytes`.
    fn index_region(&mut self, r: u32, hash: u32) {
        self.bytes -= self.index.bytes();
        (self.index).insert_unique(spread(hash), (r, hash), |&(_, held)| spread(held));
        self.bytes += self.index.bytes();
    }

    /// The 32 bits of a key's hash the index keeps.
    fn key_hash(&self, key: &G::Position) -> u32 {
        self.hasher.hash_one(key) as u32
    }

    /// The index of the region `key`, added to the table if new.
    fn region(&mut self, key: G::Position) -> Result<u32> {
        let hash = self.key_hash(&key);
        let keys = &self.keys;
        let held =
            |&(r, held): &(u32, u32)| held == hash && keys[r as usize].as_ref() == Some(&key);
        if let Some(&(r, _)) = self.index.find(spread(hash), held) {
            return Ok(r);
        }
        let r = match self.free.pop() {
            Some(r) => r,
            None if keys.len() >= MAX_REGIONS => {
                return Err(Error::Limit(format!(
                    "a search of a sum tells at most {MAX_REGIONS} regions apart"
                )));
            }
            None => {
                self.keys.push(None);
                self.regions.push(Region::new());
                (self.keys.len() - 1) as u32
            }
        };
        self.bytes += Self::held_bytes(self.valuer.game(), &key);
        self.keys[r as usize] = Some(key);
        self.index_region(r, hash);
        Ok(r)
    }

    /// Puts the region `part` into a state: added to `value` where its
    /// canonical form is known or found from its options' values, and
    /// small, else open.
    fn place(&mut self, open: &mut Opens, value: &mut GameId, part: Open) -> Result<()> {
        let r = part.region();
        if self.regions[r].value == Valued::Unknown {
            self.regions[r].value = self.value_from_options(r)?;
        }
        match self.regions[r].value {
            Valued::Small(mut g) => {
                if part.negated() {
                    g = self.games.neg(g);
                }
                *value = self.games.add(*value, g);
                self.games.check()?;
            }
            Valued::Unknown | Valued::Large(_) => open.push(part),
        }
        Ok(())
    }

    /// The canonical form of region `r`, where the valuer knows it or the
    /// value of every region of every option of it is known: { the sums of
    /// Left's options' regions | the sums of Right's }. Only a region
    /// whose options a search has listed (a state holding it was
    /// searched) is valued from them: listing the options of every
    /// region of every state a move leads to, most of them states never
    /// searched, took most of a search's time (three quarters on an
    /// Amazons board), and the region is valued when it is next placed.
    fn value_from_options(&mut self, r: usize) -> Result<Valued> {
        let key = self.keys[r].as_ref().expect("a region held");
        if let Some(known) = self.valuer.known(self.games, key) {
            return Ok(self.valued(known));
        }
        if !self.may_value() || self.regions[r].lists == [UNLISTED; 2] {
            return Ok(Valued::Unknown);
        }
        // A side listed already is looked at first: the other is listed
        // only where the first has every value.
        let first = usize::from(self.regions[r].lists[0] == UNLISTED);
        for side in [first, 1 - first] {
            let at = self.list(r, side)?;
            let regions = &self.regions;
            let mut parts = listed(&self.lists, at).flatten();
            if !parts.all(|&p| regions[Open(p).region()].value != Valued::Unknown) {
                return Ok(Valued::Unknown);
            }
        }
        let mut sides: [Vec<GameId>; 2] = [Vec::new(), Vec::new()];
        for (side, values) in sides.iter_mut().enumerate() {
            let at = self.regions[r].lists[side];
            for option in listed(&self.lists, at) {
                let mut sum = self.games.zero();
                for &p in option {
                    let p = Open(p);
                    let valued = self.regions[p.region()].value.known();
                    let mut g = valued.expect("valued above");
                    if p.negated() {
                        g = self.games.neg(g);
                    }
                    sum = self.games.add(sum, g);
                }
                values.push(sum);
            }
        }
        let value = self.games.game(&sides[0], &sides[1]);
        self.games.check()?;
        Ok(self.valued(value))
    }

    /// The options of region `part` for the player `left`, each as the
    /// regions it falls into, negated as the part is: a copy of their
    /// list, as [`listed`] reads it.
    fn options(&mut self, part: Open, left: bool) -> Result<Vec<u32>> {
        // Left's options of -G are the negatives of Right's of G.
        let side = usize::from(left == part.negated());
        let at = self.list(part.region(), side)?;
        let mut copy = vec![self.lists[at as usize]];
        for option in listed(&self.lists, at) {
            copy.push(option.len() as u32);
            copy.extend(option.iter().map(|&p| Open(p).flipped(part.negated()).0));
        }
        Ok(copy)
    }

    /// Lists the options of region `r` for Left (`side` 0) or Right (1),
    /// each as the regions it falls into, where they are not listed yet,
    /// and says where in `lists` they are.
    fn list(&mut self, r: usize, side: usize) -> Result<u64> {
        let at = self.regions[r].lists[side];
        if at != UNLISTED {
            return Ok(at);
        }
        let options = self.side_options(r, side)?;
        let count = options_count(options.len())?;
        // Listed apart, then appended whole: listing adds regions.
        let mut list = vec![count];
        for option in options {
            let parts = self.valuer.game().parts(&option);
            list.push(parts.len() as u32);
            for part in parts {
                list.push(Open::new(self.region(part.key)?, part.negated).0);
            }
        }
        let at = self.lists.len() as u64;
        self.lists.extend_from_slice(&list);
        self.regions[r].lists[side] = at;
        Ok(at)
    }

    /// The options of region `r` for Left (`side` 0) or Right (1), as
    /// positions.
    fn side_options(&self, r: usize, side: usize) -> Result<Vec<G::Position>> {
        let key = self.key(r);
        let game = self.valuer.game();
        let options = if side == 0 {
            game.left_options(key)
        } else {
            game.right_options(key)
        };
        match game.failure() {
            Some(error) => Err(error),
            None => Ok(options),
        }
    }

    /// How many options region `r` has for Left (`side` 0) or Right (1),
    /// from their list where they are listed, else counted without adding
    /// their regions to the table.
    fn count(&mut self, r: usize, side: usize) -> Result<u32> {
        let region = &self.regions[r];
        if region.lists[side] != UNLISTED {
            return Ok(self.lists[region.lists[side] as usize]);
        }
        if region.counts[side] == UNCOUNTED {
            let count = options_count(self.side_options(r, side)?.len())?;
            self.regions[r].counts[side] = count;
        }
        Ok(self.regions[r].counts[side])
    }

    /// Whether the player to move in `state` wins, where that is known
    /// without a search: no region is open, or the state was decided.
    fn known(&mut self, state: &State) -> Option<bool> {
        let (open, value, left) = state;
        if open.is_empty() {
            return Some(self.games.outcome(*value).first_player_wins(*left));
        }
        self.decided.get(state).copied()
    }

    /// Whether the player to move (Left where `left`) wins the regions
    /// `open` and the value beside them, where the sums of the regions'
    /// bounds say so: the player wins where the player wins the sum of
    /// the bounds worse for the player, and loses where the player loses
    /// the sum of those better. A sum is built only where its stops, from
    /// those of its parts, leave the answer open (Siegel, *Combinatorial
    /// Game Theory*, II.3: the Left stop of a sum is at most the sum of
    /// the parts' and at least one part's plus the Right stops of the
    /// others; a game whose Left stop is below 0 is below 0).
    fn bounded(&mut self, open: &[Open], value: GameId, left: bool) -> Result<Option<bool>> {
        // Most families have no bounds: asked of the first region, before
        // anything is taken for the rest.
        match open.first() {
            Some(first) if self.region_bounds(first.region())?.is_some() => {}
            _ => return Ok(None),
        }
        let mut parts = Vec::with_capacity(open.len() + 1);
        for &part in open {
            let Some(bounds) = self.region_bounds(part.region())? else {
                return Ok(None);
            };
            parts.push((bounds, part.negated()));
        }
        parts.push(([value; 2], false));
        // The bound below the sum (0) and above it (1): its parts' sums
        // of Left stops and of Right stops, and the widest of their gaps.
        let (mut lefts, mut rights) = ([Dyadic::ZERO; 2], [Dyadic::ZERO; 2]);
        let mut gaps = [Dyadic::ZERO; 2];
        for &(bounds, negated) in &parts {
            for side in 0..2 {
                let (l, r) = match negated {
                    false => self.games.stops(bounds[side]),
                    true => {
                        let (l, r) = self.games.stops(bounds[1 - side]);
                        (-r, -l)
                    }
                };
                (lefts[side], rights[side]) = (lefts[side] + l, rights[side] + r);
                gaps[side] = gaps[side].max(l - r);
            }
        }
        let zero = Dyadic::ZERO;
        // Where the player to move may win the bound worse for them, and
        // may lose the one better.
        let (worse, may_win, better, may_lose) = match left {
            true => (0, lefts[0] >= zero, 1, rights[1] + gaps[1] <= zero),
            false => (1, rights[1] <= zero, 0, lefts[0] - gaps[0] >= zero),
        };
        if may_win && self.first_wins(&parts, worse, left)? {
            return Ok(Some(true));
        }
        if may_lose && !self.first_wins(&parts, better, left)? {
            return Ok(Some(false));
        }
        Ok(None)
    }

    /// Whether the player (Left where `left`) wins moving first the sum
    /// of the bounds below (`side` 0) or above (1) each of `parts`.
    fn first_wins(
        &mut self,
        parts: &[([GameId; 2], bool)],
        side: usize,
        left: bool,
    ) -> Result<bool> {
        let mut sum = self.games.zero();
        for &(bounds, negated) in parts {
            let g = match negated {
                false => bounds[side],
                true => self.games.neg(bounds[1 - side]),
            };
            sum = self.games.add(sum, g);
        }
        self.games.check()?;
        Ok(self.games.outcome(sum).first_player_wins(left))
    }

    /// The values below and above region `r` ([`Bounds`]), where its
    /// family gives them and they are valued within [`BOUND_WORK`] new
    /// positions each.
    fn region_bounds(&mut self, r: usize) -> Result<Option<[GameId; 2]>> {
        if let Some(&known) = self.bounds.get(&(r as u32)) {
            return Ok(known);
        }
        let Some(bounds) = self.valuer.game().bounds(self.key(r)) else {
            return Ok(None);
        };
        if !self.may_value() {
            return Ok(None);
        }
        let mut values = Some([self.games.zero(); 2]);
        let sides = [(bounds.below, -1), (bounds.above, 1)];
        for (side, ((position, moves), sign)) in sides.into_iter().enumerate() {
            let Some(g) = self.bound_value(&position)? else {
                values = None;
                break;
            };
            let integer = self.games.number(Dyadic::integer(sign * i128::from(moves)));
            if let Some(values) = &mut values {
                values[side] = self.games.add(g, integer);
            }
        }
        self.games.check()?;
        self.bytes += memory::hashed(1, size_of::<(u32, Option<[GameId; 2]>)>() as u64);
        self.bounds.insert(r as u32, values);
        Ok(values)
    }

    /// The value of `position`, the sum of its parts' values, where each
    /// is found within [`BOUND_WORK`] new positions.
    fn bound_value(&mut self, position: &G::Position) -> Result<Option<GameId>> {
        let mut sum = self.games.zero();
        for part in self.valuer.game().parts(position) {
            let progress = &mut *self.progress;
            let found = self
                .valuer
                .part_value_within(self.games, &part.key, BOUND_WORK, progress)?;
            let Some(mut g) = found else {
                return Ok(None);
            };
            if part.negated {
                g = self.games.neg(g);
            }
            sum = self.games.add(sum, g);
        }
        Ok(Some(sum))
    }

    /// How many moves the player to move in `state` has in its open
    /// regions.
    fn replies(&mut self, state: &State) -> Result<usize> {
        let (open, _, left) = state;
        let mut replies = 0;
        for &part in open {
            let side = usize::from(*left == part.negated());
            replies += self.count(part.region(), side)? as usize;
        }
        Ok(replies)
    }

    /// Forgets the states decided, keeping the regions (the states being
    /// searched refer to them): the search goes on, deciding again the
    /// states it meets again.
    fn forget(&mut self) {
        self.decided = Sharded::new();
        self.bytes -= self.decided_bytes;
        self.decided_bytes = 0;
        self.spilled = 0;
        self.forgotten += 1;
    }

    /// Lets go of every region the search can find again: each whose value
    /// is unknown and that no state decided or being searched (`pinned`)
    /// holds. The lists of options go too (they name regions let go), and
    /// are listed again where needed. Kept: the regions with a value,
    /// which took the work, but where `values` says, and those the states
    /// decided and being searched refer to. Where `values` says, the
    /// valuer forgets the positions it valued too, and the table of games
    /// its answers: they are found again where needed (the games stay, as
    /// the states being searched hold their ids).
    fn collect(&mut self, values: bool) {
        let mut kept: Vec<bool> = (self.regions.iter())
            .map(|region| !values && region.value != Valued::Unknown)
            .collect();
        if values {
            self.valuer.forget();
            self.games.forget_answers();
        }
        let held = self.decided.keys().flat_map(|(open, _, _)| open);
        for part in self.pinned.iter().chain(held) {
            kept[part.region()] = true;
        }
        self.lists = Vec::new();
        self.index = Shards::new();
        self.bytes = self.decided_bytes + self.index.bytes();
        for (r, &keep) in kept.iter().enumerate() {
            self.regions[r].lists = [UNLISTED; 2];
            let Some(key) = self.keys[r].as_ref() else {
                continue;
            };
            if !keep {
                self.keys[r] = None;
                self.regions[r] = Region::new();
                self.free.push(r as u32);
                continue;
            }
            let (hash, held) = (
                self.key_hash(key),
                Self::held_bytes(self.valuer.game(), key),
            );
            self.bytes += held;
            self.index_region(r as u32, hash);
        }
        self.bounds.retain(|&r, _| kept[r as usize]);
        let bound_bytes = memory::hashed(1, size_of::<(u32, Option<[GameId; 2]>)>() as u64);
        self.bytes += bound_bytes * self.bounds.len() as u64;
    }

    /// Whether the player to move in `state` wins, `depth` moves from the
    /// sum asked about.
    fn wins(&mut self, state: State, depth: usize) -> Result<bool> {
        if let Some(known) = self.known(&state) {
            return Ok(known);
        }
        let (open, value, left) = &state;
        if let Some(known) = self.bounded(open, *value, *left)? {
            return Ok(known);
        }
        // This state's regions and its moves' stay while they are searched.
        let pins = self.pinned.len();
        self.pinned.extend_from_slice(open);
        if depth >= MAX_DEPTH {
            return Err(Error::Limit(format!(
                "a search of the sum goes deeper than {MAX_DEPTH} moves"
            )));
        }
        // Every move is looked up before any is searched: a move to a
        // state known lost for the opponent wins at once (an enhanced
        // transposition cutoff), and one known won for them is left out.
        // The rest are searched, those that leave the opponent the fewest
        // moves in the open regions first.
        let mut wins = false;
        let mut unknown = Vec::new();
        'search: for i in 0..open.len() {
            if i > 0 && open[i] == open[i - 1] {
                continue;
            }
            let options = self.options(open[i], *left)?;
            for option in listed(&options, 0) {
                let mut next = open.clone();
                next.remove(i);
                let mut next_value = *value;
                for &part in option {
                    self.place(&mut next, &mut next_value, Open(part))?;
                }
                next.sort_unstable();
                cancel(&mut next);
                let next = (next, next_value, !*left);
                match self.known(&next) {
                    Some(false) => {
                        wins = true;
                        break 'search;
                    }
                    Some(true) => {}
                    None => unknown.push(next),
                }
            }
        }
        if !wins {
            let form = self.games.form(*value);
            let moves = if *left { form.left } else { form.right };
            for g in moves {
                let next = (open.clone(), g, !*left);
                match self.known(&next) {
                    Some(false) => {
                        wins = true;
                        break;
                    }
                    Some(true) => {}
                    None => unknown.push(next),
                }
            }
        }
        if !wins {
            // Fewest replies first: a move that leaves the opponent few
            // is the likeliest to win, and its state the quickest to decide.
            let mut ordered = Vec::with_capacity(unknown.len());
            for next in unknown {
                self.pinned.extend_from_slice(&next.0);
                ordered.push((self.replies(&next)?, next));
            }
            ordered.sort_by_key(|(replies, _)| *replies);
            let unknown = ordered.into_iter().map(|(_, next)| next);
            for next in unknown {
                if !self.wins(next, depth + 1)? {
                    wins = true;
                    break;
                }
            }
        }
        // The state's entry and regions; the growth of the shard it goes
        // to is in what the table holds (`Sharded::bytes`).
        let spilled = spilled_bytes(open);
        let held = size_of::<(State, bool)>() as u64 + 1 + spilled;
        if self.bytes + self.vectors_bytes() + held + self.value_bytes() > self.budget {
            let kept =
                |search: &Self| search.bytes + search.vectors_bytes() + held + search.value_bytes();
            if self.decided_bytes >= self.budget / 4 {
                // The states hold the most: they go.
                self.forget();
            } else {
                // First the regions no state decided holds; where that
                // leaves more than half the budget, the states too; where
                // that leaves more than three quarters, the values too.
                self.collected += 1;
                self.collect(false);
                if kept(self) > self.budget / 2 {
                    self.forget();
                    self.collect(false);
                }
                if kept(self) > self.budget / 4 * 3 {
                    self.values_let_go += 1;
                    self.collect(true);
                }
                if kept(self) > self.budget / 4 * 3 {
                    return Err(Error::Limit(format!(
                        "a search of the sum needs more than {}, the memory budget",
                        memory::Size(self.budget)
                    )));
                }
            }
        }
        self.pinned.truncate(pins);
        self.decided.insert(state, wins);
        self.spilled += spilled;
        self.bytes -= self.decided_bytes;
        self.decided_bytes = self.decided.bytes() + self.spilled;
        self.bytes += self.decided_bytes;
        self.decisions += 1;
        let count = self.decisions;
        if count % PROGRESS_EVERY == 0 && !(self.progress)(count) {
            return Err(Error::Limit(format!(
                "interrupted after deciding {count} states of the sum"
            )));
        }
        Ok(wins)
    }
}

/// The states decided (an allocation each where they hold more than
/// `INLINE` regions) and the regions' keys (where a family's position
/// holds a vector) take seconds to free after a long search: they are
/// freed aside, and the answer, or the stop Ctrl-C asked for, is not kept
/// waiting.
impl<G: ShortRules> Drop for OutcomeSearch<'_, G> {
    fn drop(&mut self) {
        memory::free_aside((
            std::mem::take(&mut self.decided),
            std::mem::take(&mut self.keys),
        ));
    }
}

/// `count` options as a word of a list; a limit error past 2^32 - 2 (the
/// last word means "not counted").
fn options_count(count: usize) -> Result<u32> {
    match u32::try_from(count) {
        Ok(count) if count != UNCOUNTED => Ok(count),
        _ => Err(Error::Limit("a region with 2^32 options or more".into())),
    }
}

/// Leaves out each region beside its negative, in a sorted list: G - G
/// is zero.
fn cancel(open: &mut Opens) {
    let mut i = 0;
    while i + 1 < open.len() {
        if !open[i].negated() {
            if let Ok(j) = open[i + 1..].binary_search(&open[i].flipped(true)) {
                open.remove(i + 1 + j);
                open.remove(i);
                continue;
            }
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_region_beside_its_negative_is_left_out() {
        let open = |list: &[(u32, bool)]| -> Opens {
            list.iter()
                .map(|&(r, negated)| Open::new(r, negated))
                .collect()
        };
        let mut sum = open(&[
            (1, false),
            (1, true),
            (2, false),
            (3, false),
            (3, true),
            (3, true),
        ]);
        cancel(&mut sum);
        assert_eq!(sum, open(&[(2, false), (3, true)]));
    }
}
