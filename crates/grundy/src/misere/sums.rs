//! Misère play of a sum of partizan games by a search over its parts, never
//! building the sum as one game: a position of the search is the multiset
//! of the parts left (each a region of a board, or a game as written), a
//! move changes one part into the parts its option leaves, and who wins is
//! remembered by the multiset. A family's regions are listed only when the
//! search reaches them ([`Source`]), and the search stops at a player's
//! first winning move, so it meets far fewer positions than the boards
//! that can be reached.
//!
//! Where every part left is a dead end, the search ends at once. A Left
//! dead end is a game in which Left has no move, now or after any of
//! Right's (Milley and Renault, "Dead ends in misère play", 2013): Right
//! alone plays in it. In a sum of dead ends each player plays only in
//! their own, and wants to run out of moves first (under misère play the
//! player who cannot move wins): each does by the shortest way, so the
//! player to move wins exactly when their shortest way is no longer than
//! the other's. A game is dead-ending when each of its ends (a follower in
//! which a player has no move) is a dead end; placement games such as
//! Domineering are, and so are their sums ([`SumSearch::dead_ending`]).
//!
//! ```
//! use grundy::misere::sums::SumSearch;
//!
//! // 1 = {0|} and -1 = {|0}, under misère play: each player has one move
//! // of their own, and the player to move must make it, then wins.
//! let mut search = SumSearch::new();
//! let one = search.made(vec![vec![]], vec![]).unwrap().unwrap();
//! let minus_one = search.made(vec![], vec![vec![]]).unwrap().unwrap();
//! let mut go_on = |_| true;
//! assert!(search.wins(&[one, minus_one], true, &mut go_on).unwrap());
//! assert!(search.wins(&[one, minus_one], false, &mut go_on).unwrap());
//! assert!(search.dead_ending());
//! ```

use hashbrown::HashMap;

use super::forms::{FormId, Forms};
use crate::error::{Error, Result};
use crate::interrupt::Interrupt;
use crate::memory;
use crate::partizan::MAX_HEIGHT;

/// A part of a [`SumSearch`]: a game with at least one move (or, until
/// its options are listed, a region that may have none).
pub type NodeId = u32;

/// A part's options, each the parts it leaves: Left's, Right's.
pub type Options = (Vec<Vec<NodeId>>, Vec<Vec<NodeId>>);

/// Where the parts of a search come from, listed as the search reaches
/// them: a family's regions. A source numbers its parts itself (`local`),
/// and makes each part it meets with [`Parts::new_part`].
pub trait Source {
    /// The options of the source's part `local`.
    fn options(&mut self, local: u32, parts: &mut Parts) -> Result<Options>;

    /// Whether every game of the source is dead-ending (see the module).
    fn dead_ending(&self) -> bool;
}

/// The options of a part as the search keeps them, in one allocation:
/// how many Left has and Right has, where Right's start, then each option
/// as its length and its parts, sorted (and the options sorted, each
/// side's once).
struct Listed(Box<[u32]>);

impl Listed {
    fn new(left: &[Vec<NodeId>], right: &[Vec<NodeId>]) -> Listed {
        let length = |side: &[Vec<NodeId>]| side.iter().map(|o| 1 + o.len()).sum::<usize>();
        let mut data = Vec::with_capacity(3 + length(left) + length(right));
        data.extend([left.len() as u32, right.len() as u32, 0]);
        for (i, side) in [left, right].into_iter().enumerate() {
            if i == 1 {
                data[2] = data.len() as u32;
            }
            for option in side {
                data.push(option.len() as u32);
                data.extend_from_slice(option);
            }
        }
        Listed(data.into_boxed_slice())
    }

    /// How many options the player has.
    fn count(&self, left: bool) -> usize {
        self.0[if left { 0 } else { 1 }] as usize
    }

    /// Where the player's options start.
    fn start(&self, left: bool) -> usize {
        if left {
            3
        } else {
            self.0[2] as usize
        }
    }

    /// The option at `at`, and where the next starts.
    fn at(&self, at: usize) -> (&[NodeId], usize) {
        let length = self.0[at] as usize;
        (&self.0[at + 1..at + 1 + length], at + 1 + length)
    }

    /// The player's options.
    fn side(&self, left: bool) -> Vec<&[NodeId]> {
        let mut at = self.start(left);
        let mut side = Vec::with_capacity(self.count(left));
        for _ in 0..self.count(left) {
            let (option, next) = self.at(at);
            side.push(option);
            at = next;
        }
        side
    }
}

/// A part's options, copied out of the search.
type Held = (Vec<Vec<NodeId>>, Vec<Vec<NodeId>>);

/// What is known of a part's dead ends once asked.
#[derive(Clone, Copy, Debug)]
struct Dead {
    /// Whether Left has no move in it, nor after any of Right's.
    left: bool,
    /// Whether Right has no move in it, nor after any of Left's.
    right: bool,
    /// Where Left is dead: the fewest moves that leave Right none.
    right_shortest: u32,
    /// Where Right is dead: the fewest moves that leave Left none.
    left_shortest: u32,
}

/// One part: where it comes from, and what is known of it.
struct Node {
    /// The source and its number for the part; `u32::MAX` for a part made
    /// with its options ([`SumSearch::made`]).
    source: u32,
    local: u32,
    options: Option<Listed>,
    dead: Option<Dead>,
    impartial: Option<bool>,
}

/// The parts met so far, each once.
pub struct Parts {
    nodes: Vec<Node>,
    bytes: u64,
    /// Whether each part made with its options is dead-ending.
    made_dead_ending: bool,
}

impl Parts {
    /// A new part of source `source` (its index in the search), numbered
    /// `local` by it: its options are listed when the search needs them.
    pub fn new_part(&mut self, source: u32, local: u32) -> Result<NodeId> {
        let id = NodeId::try_from(self.nodes.len())
            .ok()
            .filter(|&id| id < u32::MAX)
            .ok_or_else(|| Error::Limit("misère play searches fewer than 2^32 parts".into()))?;
        self.nodes.push(Node {
            source,
            local,
            options: None,
            dead: None,
            impartial: None,
        });
        self.bytes += memory::vector(1, size_of::<Node>() as u64);
        Ok(id)
    }

    /// Counts `bytes` more held for the search by a source (the positions
    /// it numbered).
    pub fn hold(&mut self, bytes: u64) {
        self.bytes += bytes;
    }
}

/// The most options held along one line of play while a game is built
/// or searched for misère play (each position's, until its options are
/// done): a position whose lines of play hold more is refused early, not
/// after a million options at each of 512 levels.
pub const MAX_HELD_OPTIONS: usize = 1 << 20;

/// Every how many positions searched the progress callback is asked
/// whether to go on.
const PROGRESS_EVERY: u64 = 4096;

/// The search: its parts and their sources, and who wins each multiset of
/// parts searched.
pub struct SumSearch<'a> {
    parts: Parts,
    sources: Vec<Box<dyn Source + 'a>>,
    /// Who wins each multiset searched: bit 0 Left moving first is known,
    /// bit 1 she wins; bits 2 and 3 the same for Right.
    known: HashMap<Box<[NodeId]>, u8>,
    known_bytes: u64,
    budget: u64,
    interrupt: Option<Interrupt>,
    searched: u64,
    by_dead_ends: u64,
    /// The options of the positions being searched or looked through
    /// for dead ends, along the line of play (at most
    /// [`MAX_HELD_OPTIONS`]).
    held: usize,
}

impl Default for SumSearch<'_> {
    fn default() -> Self {
        SumSearch::new()
    }
}

impl<'a> SumSearch<'a> {
    /// An empty search, within the memory budget of solvers made now.
    pub fn new() -> Self {
        SumSearch {
            parts: Parts {
                nodes: Vec::new(),
                bytes: 0,
                made_dead_ending: true,
            },
            sources: Vec::new(),
            known: HashMap::new(),
            known_bytes: 0,
            budget: memory::budget(),
            interrupt: None,
            searched: 0,
            by_dead_ends: 0,
            held: 0,
        }
    }

    /// Stops the work when `interrupt` is set, as a limit met.
    pub fn interrupt_on(&mut self, interrupt: Option<Interrupt>) {
        self.interrupt = interrupt;
    }

    /// The parts, for a source to make its first ones.
    pub fn parts(&mut self) -> &mut Parts {
        &mut self.parts
    }

    /// How many sources were added.
    pub fn sources(&self) -> usize {
        self.sources.len()
    }

    /// Adds a source; its index is how many were added before.
    pub fn add_source(&mut self, source: Box<dyn Source + 'a>) {
        self.sources.push(source);
    }

    /// How many distinct parts were met.
    pub fn len(&self) -> usize {
        self.parts.nodes.len()
    }

    /// Whether no part was met.
    pub fn is_empty(&self) -> bool {
        self.parts.nodes.is_empty()
    }

    /// How many positions (multisets of parts) were searched.
    pub fn searched(&self) -> u64 {
        self.searched
    }

    /// How many positions were decided at once, every part a dead end.
    pub fn by_dead_ends(&self) -> u64 {
        self.by_dead_ends
    }

    /// Whether every game of the search is dead-ending: each follower in
    /// which a player has no move is one where they never will.
    pub fn dead_ending(&self) -> bool {
        self.parts.made_dead_ending && self.sources.iter().all(|s| s.dead_ending())
    }

    /// The part with these options, each the parts it leaves (in any
    /// order); `None` where neither player has a move (the part is 0, and
    /// left out of sums). Its followers must all be parts made so.
    pub fn made(
        &mut self,
        left: Vec<Vec<NodeId>>,
        right: Vec<Vec<NodeId>>,
    ) -> Result<Option<NodeId>> {
        if left.is_empty() && right.is_empty() {
            return Ok(None);
        }
        self.check_interrupt()?;
        let id = self.parts.new_part(u32::MAX, 0)?;
        self.hold_options(id, (left, right))?;
        let dead = self.dead(id)?;
        let listed = self.parts.nodes[id as usize]
            .options
            .as_ref()
            .expect("held");
        // Its ends are dead where it is one (its followers were checked
        // as they were made).
        if (listed.count(true) == 0 && !dead.left) || (listed.count(false) == 0 && !dead.right) {
            self.parts.made_dead_ending = false;
        }
        Ok(Some(id))
    }

    /// The part of the game tree `g` of `forms`, each option the part it
    /// leaves; `made` remembers the forms made parts.
    pub fn of_form(
        &mut self,
        forms: &Forms,
        g: FormId,
        made: &mut HashMap<FormId, Option<NodeId>>,
    ) -> Result<Option<NodeId>> {
        if let Some(&known) = made.get(&g) {
            return Ok(known);
        }
        let mut side = |options: &[FormId]| -> Result<Vec<Vec<NodeId>>> {
            let mut sided = Vec::with_capacity(options.len());
            for &o in options {
                sided.push(self.of_form(forms, o, made)?.into_iter().collect());
            }
            Ok(sided)
        };
        let left = side(forms.left(g))?;
        let right = side(forms.right(g))?;
        let part = self.made(left, right)?;
        made.insert(g, part);
        Ok(part)
    }

    /// The sum of `parts` as a game tree of `forms`, each option the sum
    /// of the parts it leaves; `built` remembers the parts built.
    pub fn form(
        &mut self,
        parts: &[NodeId],
        forms: &mut Forms,
        built: &mut HashMap<NodeId, FormId>,
    ) -> Result<FormId> {
        let mut sum = forms.make(&[], &[])?;
        for &p in parts {
            let g = match built.get(&p) {
                Some(&g) => g,
                None => {
                    let (left, right) = self.options(p)?;
                    let mut side = |options: &[Vec<NodeId>]| -> Result<Vec<FormId>> {
                        (options.iter())
                            .map(|o| self.form(o, forms, built))
                            .collect()
                    };
                    let left = side(&left)?;
                    let right = side(&right)?;
                    let g = forms.make(&left, &right)?;
                    built.insert(p, g);
                    g
                }
            };
            sum = forms.add(sum, g)?;
        }
        Ok(sum)
    }

    /// The options of `part`, listed by its source the first time.
    pub fn options(&mut self, part: NodeId) -> Result<Held> {
        let listed = self.listed(part)?;
        let side = |left: bool| listed.side(left).into_iter().map(<[_]>::to_vec).collect();
        Ok((side(true), side(false)))
    }

    /// The options of `part` as kept, listed by its source the first time.
    fn listed(&mut self, part: NodeId) -> Result<&Listed> {
        if self.parts.nodes[part as usize].options.is_none() {
            self.check_interrupt()?;
            let node = &self.parts.nodes[part as usize];
            let (source, local) = (node.source as usize, node.local);
            let options = self.sources[source].options(local, &mut self.parts)?;
            self.hold_options(part, options)?;
        }
        Ok(self.parts.nodes[part as usize]
            .options
            .as_ref()
            .expect("listed"))
    }

    /// Keeps `options` as those of `part`, each sorted.
    fn hold_options(&mut self, part: NodeId, (left, right): Options) -> Result<()> {
        let side = |options: Vec<Vec<NodeId>>| {
            let mut sided: Vec<Vec<NodeId>> = (options.into_iter())
                .map(|mut o| {
                    o.sort_unstable();
                    o
                })
                .collect();
            sided.sort_unstable();
            sided.dedup();
            sided
        };
        let listed = Listed::new(&side(left), &side(right));
        self.parts.bytes += memory::allocation(4 * listed.0.len() as u64);
        self.parts.nodes[part as usize].options = Some(listed);
        self.check_budget()
    }

    /// Whether `part` has no move for either player.
    fn is_zero(&mut self, part: NodeId) -> Result<bool> {
        let listed = self.listed(part)?;
        Ok(listed.count(true) == 0 && listed.count(false) == 0)
    }

    /// Whether Left's moves are Right's in each of `parts`, all the way
    /// down (a part's options compared part by part).
    pub fn impartial(&mut self, parts: &[NodeId]) -> Result<bool> {
        for &p in parts {
            if let Some(known) = self.parts.nodes[p as usize].impartial {
                if !known {
                    return Ok(false);
                }
                continue;
            }
            // The options compared without their parts that are 0 (two
            // regions without a move are one game).
            let (left, right) = self.options(p)?;
            let (left, right) = (self.without_zeros(left)?, self.without_zeros(right)?);
            let mut impartial = left == right;
            for option in left.iter() {
                if !impartial {
                    break;
                }
                impartial = self.impartial(option)?;
            }
            self.parts.nodes[p as usize].impartial = Some(impartial);
            if !impartial {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `options` without their parts that are 0, sorted again.
    fn without_zeros(&mut self, options: Vec<Vec<NodeId>>) -> Result<Vec<Vec<NodeId>>> {
        let mut kept = Vec::with_capacity(options.len());
        for option in options {
            let mut parts = Vec::with_capacity(option.len());
            for p in option {
                if !self.is_zero(p)? {
                    parts.push(p);
                }
            }
            kept.push(parts);
        }
        kept.sort_unstable();
        kept.dedup();
        Ok(kept)
    }

    /// What is known of the dead ends of `part`, found the first time.
    fn dead(&mut self, part: NodeId) -> Result<Dead> {
        if let Some(dead) = self.parts.nodes[part as usize].dead {
            return Ok(dead);
        }
        let (left, right) = self.options(part)?;
        self.hold_line(left.len() + right.len())?;
        // Whether one player is dead in every part of every option of the
        // other, and the fewest moves of the other through them.
        let mut through = |sided: &[Vec<NodeId>], of: fn(&Dead) -> (bool, u32)| {
            let mut shortest = None::<u32>;
            for option in sided {
                let mut length = 1u32;
                for &p in option.iter() {
                    let (dead, ways) = of(&self.dead(p)?);
                    if !dead {
                        return Ok::<_, Error>(None);
                    }
                    length = length.saturating_add(ways);
                }
                shortest = Some(shortest.map_or(length, |s| s.min(length)));
            }
            Ok(Some(shortest.unwrap_or(0)))
        };
        let right_ways = match left.is_empty() {
            true => through(&right, |d| (d.left, d.right_shortest))?,
            false => None,
        };
        let left_ways = match right.is_empty() {
            true => through(&left, |d| (d.right, d.left_shortest))?,
            false => None,
        };
        let dead = Dead {
            left: right_ways.is_some(),
            right: left_ways.is_some(),
            right_shortest: right_ways.unwrap_or(0),
            left_shortest: left_ways.unwrap_or(0),
        };
        self.held -= left.len() + right.len();
        self.parts.nodes[part as usize].dead = Some(dead);
        Ok(dead)
    }

    /// Counts `options` more held along the line of play: a limit error
    /// past [`MAX_HELD_OPTIONS`].
    fn hold_line(&mut self, options: usize) -> Result<()> {
        self.held += options;
        if self.held > MAX_HELD_OPTIONS {
            return Err(Error::Limit(format!(
                "more than {MAX_HELD_OPTIONS} options along one line of play, more than \
                 misère play holds while it searches: searched whole, it takes a smaller \
                 position"
            )));
        }
        Ok(())
    }

    fn check_interrupt(&self) -> Result<()> {
        if self.interrupt.as_ref().is_some_and(Interrupt::is_set) {
            return Err(self.interrupted());
        }
        Ok(())
    }

    fn interrupted(&self) -> Error {
        Error::Limit(format!(
            "interrupted while searching misère play ({} parts, {} positions searched)",
            self.len(),
            self.searched
        ))
    }

    /// A limit error where the parts and what is known take more than the
    /// budget; what is known is forgotten first, where the parts take at
    /// most half of it.
    fn check_budget(&mut self) -> Result<()> {
        if self.parts.bytes + self.known_bytes <= self.budget {
            return Ok(());
        }
        if self.known_bytes > 0 && self.parts.bytes <= self.budget / 2 {
            self.known = HashMap::new();
            self.known_bytes = 0;
            return Ok(());
        }
        Err(Error::Limit(format!(
            "misère play needs more than {}, the memory budget, for the {} parts met \
             and the {} positions searched so far",
            memory::Size(self.budget),
            self.len(),
            self.searched
        )))
    }

    /// Whether the player to move (Left where `left`) wins the sum of
    /// `parts` under misère play. `progress` is told how many positions
    /// were searched, and stops the search by answering false.
    pub fn wins(
        &mut self,
        parts: &[NodeId],
        left: bool,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<bool> {
        let mut sorted = parts.to_vec();
        sorted.sort_unstable();
        self.held = 0;
        self.search(&sorted, left, 0, progress)
    }

    fn search(
        &mut self,
        parts: &[NodeId],
        left: bool,
        depth: u32,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<bool> {
        match self.at_once(parts, left)? {
            AtOnce::Decided(wins) => return Ok(wins),
            AtOnce::Zeros => {
                let mut kept = Vec::with_capacity(parts.len());
                for &p in parts {
                    if !self.is_zero(p)? {
                        kept.push(p);
                    }
                }
                return self.search(&kept, left, depth, progress);
            }
            AtOnce::Search => {}
        }
        let (known_bit, wins_bit) = if left { (1, 2) } else { (4, 8) };
        let bits = self.known.get(parts).copied().unwrap_or(0);
        if bits & known_bit != 0 {
            return Ok(bits & wins_bit != 0);
        }
        if depth >= MAX_HEIGHT {
            return Err(Error::Limit(format!(
                "misère play is searched on games at most {MAX_HEIGHT} moves long; this sum \
                 is longer"
            )));
        }
        self.searched += 1;
        if self.searched % PROGRESS_EVERY == 0 && !progress(self.searched) {
            return Err(self.interrupted());
        }
        self.check_interrupt()?;
        let moves: usize = (parts.iter())
            .map(|&p| self.parts.nodes[p as usize].options.as_ref())
            .map(|listed| listed.expect("listed by at_once").count(left))
            .sum();
        self.hold_line(moves)?;
        let mut wins = false;
        let mut after = Vec::with_capacity(parts.len() + 4);
        'parts: for i in 0..parts.len() {
            if i > 0 && parts[i] == parts[i - 1] {
                continue;
            }
            let listed =
                (self.parts.nodes[parts[i] as usize].options.as_ref()).expect("listed by at_once");
            let (count, mut at) = (listed.count(left), listed.start(left));
            for _ in 0..count {
                let listed = (self.parts.nodes[parts[i] as usize].options.as_ref())
                    .expect("listed by at_once");
                let (option, next) = listed.at(at);
                at = next;
                merge(parts, i, option, &mut after);
                let next = std::mem::take(&mut after);
                let opponent_wins = self.search(&next, !left, depth + 1, progress)?;
                after = next;
                if !opponent_wins {
                    wins = true;
                    break 'parts;
                }
            }
        }
        self.held -= moves;
        let bit = known_bit | if wins { wins_bit } else { 0 };
        match self.known.get_mut(parts) {
            Some(bits) => *bits |= bit,
            None => {
                self.known_bytes += memory::hashed(1, (size_of::<Box<[NodeId]>>() + 1) as u64)
                    + memory::allocation(4 * parts.len() as u64);
                self.known.insert(parts.into(), bit);
            }
        }
        self.check_budget()?;
        Ok(wins)
    }

    /// Who wins at once, where no search is needed: the player to move
    /// has no move (and wins), or every part is a dead end; or whether
    /// some part is 0, to be left out. Lists the options of every part.
    fn at_once(&mut self, parts: &[NodeId], left: bool) -> Result<AtOnce> {
        let (mut left_ways, mut right_ways) = (0u64, 0u64);
        let mut mover_moves = false;
        let mut all_dead = true;
        for &p in parts {
            let listed = self.listed(p)?;
            let (l, r) = (listed.count(true), listed.count(false));
            if l == 0 && r == 0 {
                return Ok(AtOnce::Zeros);
            }
            mover_moves |= if left { l > 0 } else { r > 0 };
            if all_dead {
                let dead = self.dead(p)?;
                match (dead.left, dead.right) {
                    (true, _) => right_ways += u64::from(dead.right_shortest),
                    (_, true) => left_ways += u64::from(dead.left_shortest),
                    _ => all_dead = false,
                }
            }
        }
        Ok(match (mover_moves, all_dead) {
            (false, _) => AtOnce::Decided(true),
            (true, false) => AtOnce::Search,
            (true, true) => {
                self.by_dead_ends += 1;
                AtOnce::Decided(match left {
                    true => left_ways <= right_ways,
                    false => right_ways <= left_ways,
                })
            }
        })
    }
}

/// What [`SumSearch::at_once`] finds of a position.
enum AtOnce {
    /// Whether the player to move wins, without a search.
    Decided(bool),
    /// A part is 0: the position without it is searched instead.
    Zeros,
    /// The position must be searched.
    Search,
}

/// `parts` with the one at `i` replaced by those of `option`, sorted,
/// into `out`.
fn merge(parts: &[NodeId], i: usize, option: &[NodeId], out: &mut Vec<NodeId>) {
    out.clear();
    let (mut a, mut b) = (0, 0);
    while a < parts.len() || b < option.len() {
        if a == i {
            a += 1;
            continue;
        }
        if b == option.len() || (a < parts.len() && parts[a] <= option[b]) {
            out.push(parts[a]);
            a += 1;
        } else {
            out.push(option[b]);
            b += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use hashbrown::HashMap;

    use super::{NodeId, SumSearch};
    use crate::misere::forms::{FormId, Forms};
    use crate::partizan::read_into;

    /// Whether `g` is dead-ending, by its definition: in each follower
    /// where a player has no move, no follower of it gives them one.
    fn dead_ending(forms: &Forms, g: FormId) -> bool {
        fn followers(forms: &Forms, g: FormId, into: &mut Vec<FormId>) {
            if into.contains(&g) {
                return;
            }
            into.push(g);
            for &o in forms.left(g).iter().chain(forms.right(g)) {
                followers(forms, o, into);
            }
        }
        let mut all = Vec::new();
        followers(forms, g, &mut all);
        all.iter().all(|&f| {
            let mut later = Vec::new();
            followers(forms, f, &mut later);
            let never = |side: fn(&Forms, FormId) -> &[FormId]| {
                !side(forms, f).is_empty() || later.iter().all(|&h| side(forms, h).is_empty())
            };
            never(Forms::left) && never(Forms::right)
        })
    }

    /// A random game of at most `depth` levels, often an end (one side's
    /// options only), whose followers are mostly ends of the same side
    /// (dead ends) and sometimes not; written as a literal. `end` keeps
    /// the side with no move: 1 Left, 2 Right.
    fn random_game(state: &mut u64, depth: u32, end: u64) -> String {
        let mut next = |n: u64| {
            *state ^= *state << 13;
            *state ^= *state >> 7;
            *state ^= *state << 17;
            *state % n
        };
        if depth == 0 {
            return "0".into();
        }
        let kind = match end {
            0 => next(5),
            _ if next(8) == 0 => next(5),
            side => side,
        };
        let (left, right) = (1 + next(2), 1 + next(2));
        let side = |count: u64, state: &mut u64| -> Vec<String> {
            let end = if kind == 1 || kind == 2 { kind } else { 0 };
            (0..count)
                .map(|_| random_game(state, depth - 1, end))
                .collect()
        };
        let (l, r) = match kind {
            1 => (Vec::new(), side(right, state)),
            2 => (side(left, state), Vec::new()),
            _ => (side(left, state), side(right, state)),
        };
        format!("{{{}|{}}}", l.join(","), r.join(","))
    }

    /// Sums of three random games (many of them dead ends, some not
    /// dead-ending): the search's outcome for each player moving first
    /// is that of the sum built whole and searched; where it says the
    /// sum is dead-ending, it is.
    #[test]
    fn sums_searched_by_parts_are_those_of_the_whole_tree() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let (mut by_dead_ends, mut ending, mut not_ending) = (0, 0, 0);
        for round in 0..600 {
            let mut forms = Forms::new();
            let texts: Vec<String> = (0..3).map(|_| random_game(&mut state, 3, 0)).collect();
            let trees: Vec<FormId> = (texts.iter())
                .map(|t| read_into(&mut forms, t, 1).unwrap())
                .collect();
            let mut whole = forms.make(&[], &[]).unwrap();
            for &g in &trees {
                whole = forms.add(whole, g).unwrap();
            }
            let mut search = SumSearch::new();
            let mut made = HashMap::new();
            let parts: Vec<NodeId> = (trees.iter())
                .filter_map(|&g| search.of_form(&forms, g, &mut made).unwrap())
                .collect();
            let mut go_on = |_| true;
            let sum = texts.join(" + ");
            assert_eq!(
                search.wins(&parts, true, &mut go_on).unwrap(),
                forms.left_wins(whole),
                "round {round}, Left first: {sum}"
            );
            assert_eq!(
                search.wins(&parts, false, &mut go_on).unwrap(),
                forms.right_wins(whole),
                "round {round}, Right first: {sum}"
            );
            assert_eq!(search.dead_ending(), dead_ending(&forms, whole), "{sum}");
            by_dead_ends += search.by_dead_ends();
            match search.dead_ending() {
                true => ending += 1,
                false => not_ending += 1,
            }
        }
        assert!(
            by_dead_ends >= 100,
            "{by_dead_ends} positions decided by dead ends"
        );
        assert!(
            ending >= 50 && not_ending >= 50,
            "{ending} dead-ending, {not_ending} not"
        );
    }

    /// Sums of dead ends alone, decided at once: 1 + -1 (each player has
    /// one move), 2 + -1 (Left has two to Right's one: Right wins moving
    /// first, Left loses), {0,1|} + -1 (Left takes her shortest way).
    #[test]
    fn dead_ends_are_decided_by_the_shortest_ways() {
        let mut go_on = |_| true;
        for (sum, left_wins, right_wins) in [
            ("1 + -1", true, true),
            ("2 + -1", false, true),
            ("{0,1|} + -1", true, true),
            ("2 + -2", true, true),
            ("3 + -1 + -1", false, true),
            ("{|0,-3} + 2", false, true),
        ] {
            let mut forms = Forms::new();
            let g = read_into(&mut forms, sum, 1).unwrap();
            assert_eq!(
                (forms.left_wins(g), forms.right_wins(g)),
                (left_wins, right_wins),
                "{sum} searched whole"
            );
            let mut search = SumSearch::new();
            let mut made = HashMap::new();
            let trees: Vec<FormId> = (sum.split(" + "))
                .map(|t| read_into(&mut forms, t, 1).unwrap())
                .collect();
            let parts: Vec<NodeId> = (trees.into_iter())
                .filter_map(|g| search.of_form(&forms, g, &mut made).unwrap())
                .collect();
            assert_eq!(
                search.wins(&parts, true, &mut go_on).unwrap(),
                left_wins,
                "{sum}"
            );
            assert_eq!(
                search.wins(&parts, false, &mut go_on).unwrap(),
                right_wins,
                "{sum}"
            );
            assert_eq!(search.searched(), 0, "{sum}: decided at once");
            assert!(search.dead_ending());
        }
    }
}
