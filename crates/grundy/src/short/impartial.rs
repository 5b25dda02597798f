//! The impartial variant of a short partizan game (CGSuite's
//! `ImpartialVariant`, MCGS's `[impartial ...]`): the same positions, where
//! the player to move may make any move of either side, Left's or Right's.
//! It is impartial, so its value is a nimber: the mex of its options'
//! nimbers (Sprague-Grundy), each option the XOR of the nimbers of the
//! independent parts the family splits it into. A part that is the
//! negative of its key (a transposed Domineering region) has the key's
//! nimber: swapping the players does not change the set of all moves.
//!
//! ```
//! use grundy::short::impartial::variant_name;
//!
//! // How an expression writes the variant, parameters after the family.
//! assert_eq!(variant_name("domineering"), "impartial(domineering)");
//! assert_eq!(variant_name("col(g.txt)"), "impartial(col,g.txt)");
//! ```

use std::any::Any;
use std::fmt::{self, Debug};
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, PoisonError};

use hashbrown::HashSet;
use num_bigint::BigUint;

use crate::error::{Error, Result};
use crate::game::{Game, Ruleset};
use crate::short::ShortRules;
use crate::solver::{ProofSearch, Solver};
use crate::word::Word;

/// The impartial variant of a family, under a name of its own. Its options
/// are the family's positions whole, as a board is drawn and played; its
/// nimbers are searched on [`Keyed`] positions, where each option is split
/// into its parts under their keys, each valued once.
///
/// The type is one for every family: the family and its positions sit
/// behind a trait of its own and [`VariantPosition`], so that the solvers
/// the registry builds around a ruleset (misère, loopy, winning moves) are
/// compiled once for all variants, not once for each family. The nimber
/// search itself, where the time goes, stays compiled for each family.
pub struct ImpartialVariant {
    family: Box<dyn VariantFamily>,
    name: String,
}

/// A position of an impartial variant: the family's position, behind one
/// type for every family.
#[derive(Clone)]
pub struct VariantPosition(Arc<dyn AnyPosition>);

/// What a position of any family is to [`VariantPosition`]: compared,
/// hashed and printed through the family's own position type.
trait AnyPosition: Any + Debug + Send + Sync {
    fn as_any(&self) -> &dyn Any;
    fn equals(&self, other: &dyn AnyPosition) -> bool;
    fn hash_into(&self, state: &mut dyn Hasher);
}

impl<P: Any + Eq + Hash + Debug + Send + Sync> AnyPosition for P {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn equals(&self, other: &dyn AnyPosition) -> bool {
        other.as_any().downcast_ref::<P>() == Some(self)
    }

    fn hash_into(&self, mut state: &mut dyn Hasher) {
        self.hash(&mut state);
    }
}

impl VariantPosition {
    fn new<P: Any + Eq + Hash + Debug + Send + Sync>(position: P) -> VariantPosition {
        VariantPosition(Arc::new(position))
    }

    /// The family's position, when it is one of type `P`: a position of
    /// another family is an error, never a wrong answer.
    fn of<P: Any>(&self) -> Result<&P> {
        let any: &dyn Any = self.0.as_any();
        any.downcast_ref::<P>().ok_or_else(|| {
            Error::Unsupported(format!(
                "{self:?} is a position of another family than this impartial variant's"
            ))
        })
    }
}

impl PartialEq for VariantPosition {
    fn eq(&self, other: &VariantPosition) -> bool {
        self.0.equals(&*other.0)
    }
}

impl Eq for VariantPosition {}

impl Hash for VariantPosition {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash_into(state);
    }
}

impl Debug for VariantPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A family as its impartial variant uses it: one implementation,
/// [`Typed`], for every family.
trait VariantFamily: Send + Sync {
    fn parse(&self, word: &Word) -> Result<VariantPosition>;
    fn show(&self, p: &VariantPosition) -> String;
    fn heap_bytes(&self, p: &VariantPosition) -> u64;
    fn pair_text(&self, a: u64, b: u64) -> Option<String>;
    /// Left's moves and Right's, together, each leaving the position whole.
    fn every_move(&self, p: &VariantPosition) -> Result<Vec<VariantPosition>>;
    /// The nimber by parts under their keys, reporting the positions
    /// solved to `progress`, which stops the search by answering `false`.
    fn nimber(&self, p: &VariantPosition, progress: &mut dyn FnMut(u64) -> bool) -> Result<u64>;
}

/// The family `G` with the search of its variant's nimbers.
struct Typed<G: ShortRules + Sync> {
    game: G,
    /// The search of nimbers, one value at a time, and the mex search
    /// that takes over from it where its questions nest too deep.
    proofs: Mutex<ProofSearch<G::Position>>,
    keyed: Mutex<Solver<Keyed<G>>>,
    own: Option<Mutex<OwnSearch<G::Position>>>,
}

/// A search of a family's own for the nimber of a whole position (Cram's
/// board as a word of bits), with what it keeps from one question to the
/// next; it reports its progress as [`ImpartialVariant::nimber`] does.
pub type OwnSearch<P> = Box<dyn FnMut(&P, &mut dyn FnMut(u64) -> bool) -> Result<u64> + Send>;

/// The variant's positions with each option split into its parts, every
/// part under its key (a region moved to a corner, its least mirror
/// image): the game the nimbers are searched on.
pub struct Keyed<G>(G);

/// How an expression writes the impartial variant of the ruleset written
/// `inner`: `impartial(FAMILY)`, or `impartial(FAMILY,P...)` where the
/// family has parameters `FAMILY(P...)` (the parameters of a call do not
/// nest).
pub fn variant_name(inner: &str) -> String {
    match inner.split_once('(') {
        Some((family, parameters)) => format!("impartial({family},{parameters}"),
        None => format!("impartial({inner})"),
    }
}

impl ImpartialVariant {
    /// The variant of `game`, written `impartial(FAMILY)`.
    pub fn new<G: ShortRules + Sync + Clone>(game: G) -> ImpartialVariant {
        let name = variant_name(&game.name());
        ImpartialVariant::named(game, &name)
    }

    /// The variant of `game` under a name of its own, by the general
    /// search.
    pub fn named<G: ShortRules + Sync + Clone>(game: G, name: &str) -> ImpartialVariant {
        ImpartialVariant::searched(game, name, None)
    }

    /// The variant of `game` under `name`, its nimbers found by `own`
    /// search where it has one, else by parts under their keys.
    pub fn searched<G: ShortRules + Sync + Clone>(
        game: G,
        name: &str,
        own: Option<OwnSearch<G::Position>>,
    ) -> ImpartialVariant {
        ImpartialVariant {
            family: Box::new(Typed {
                // No count of options listed stops it, only the memory
                // budget and the progress callback (Ctrl-C): the boards of
                // Beling's Cram table list far more options than the
                // memory their positions and nimbers take (4 x 9: over 50
                // million options listed, 157 MB at its peak).
                proofs: Mutex::new(ProofSearch::default()),
                keyed: Mutex::new(Solver::with_option_limit(Keyed(game.clone()), usize::MAX)),
                own: own.map(Mutex::new),
                game,
            }),
            name: name.into(),
        }
    }

    /// The family's position `p` as a position of the variant.
    pub fn position<P: Any + Eq + Hash + Debug + Send + Sync>(p: P) -> VariantPosition {
        VariantPosition::new(p)
    }

    /// The nimber of `p`: the XOR of its parts' nimbers, each the mex of
    /// its options', searched once under its key.
    pub fn nimber(&self, p: &VariantPosition) -> Result<u64> {
        self.family.nimber(p, &mut |_| true)
    }
}

/// Left's moves and Right's, together.
fn every_move<G: ShortRules>(game: &G, p: &G::Position) -> Result<Vec<G::Position>> {
    let mut moves = game.left_options(p);
    moves.extend(game.right_options(p));
    match game.failure() {
        Some(error) => Err(error),
        None => Ok(moves),
    }
}

impl<G: ShortRules + Sync> VariantFamily for Typed<G>
where
    G::Position: 'static,
{
    fn parse(&self, word: &Word) -> Result<VariantPosition> {
        self.game.parse_position(word).map(VariantPosition::new)
    }

    fn show(&self, p: &VariantPosition) -> String {
        match p.of::<G::Position>() {
            Ok(p) => self.game.show(p),
            Err(_) => format!("{p:?}"),
        }
    }

    /// The family's position and what it holds, in an allocation of its
    /// own with the two counts of an `Arc`.
    fn heap_bytes(&self, p: &VariantPosition) -> u64 {
        let own = p.of::<G::Position>().map_or(0, |p| self.game.heap_bytes(p));
        (2 * std::mem::size_of::<usize>() + std::mem::size_of::<G::Position>() + own) as u64
    }

    fn pair_text(&self, a: u64, b: u64) -> Option<String> {
        self.game.pair_text(a, b)
    }

    /// Each position once: a move both players may make (a green edge
    /// cut) is one move of the variant. (The nimber search keeps both, as
    /// the mex does not mind them.)
    fn every_move(&self, p: &VariantPosition) -> Result<Vec<VariantPosition>> {
        let moves = every_move(&self.game, p.of::<G::Position>()?)?;
        let mut seen = HashSet::with_capacity(moves.len());
        Ok((moves.into_iter())
            .filter(|m| seen.insert(m.clone()))
            .map(VariantPosition::new)
            .collect())
    }

    fn nimber(&self, p: &VariantPosition, progress: &mut dyn FnMut(u64) -> bool) -> Result<u64> {
        let p = p.of::<G::Position>()?;
        if let Some(own) = &self.own {
            return own.lock().unwrap_or_else(PoisonError::into_inner)(p, progress);
        }
        let mut solver = self.keyed.lock().unwrap_or_else(PoisonError::into_inner);
        let mut proofs = self.proofs.lock().unwrap_or_else(PoisonError::into_inner);
        let mut nimber = 0;
        for part in self.game.parts(p) {
            nimber ^= proofs.nimber(&mut solver, &part.key, progress)?;
        }
        Ok(nimber)
    }
}

impl<G: ShortRules + Sync> Game for Keyed<G> {
    type Position = G::Position;

    fn options(&self, p: &G::Position) -> Result<Vec<Vec<G::Position>>> {
        let options = (every_move(&self.0, p)?.iter())
            .map(|option| {
                let parts = self.0.parts(option).into_iter();
                parts.map(|part| part.key).collect()
            })
            .collect();
        match self.0.failure() {
            Some(error) => Err(error),
            None => Ok(options),
        }
    }

    fn format_position(&self, p: &G::Position) -> String {
        self.0.show(p)
    }

    fn heap_bytes(&self, p: &G::Position) -> u64 {
        self.0.heap_bytes(p) as u64
    }

    fn closed_nimber(&self, p: &G::Position) -> Option<u64> {
        self.0.variant_nimber(p)
    }
}

impl Game for ImpartialVariant {
    type Position = VariantPosition;

    /// Every move of either side, each leaving the position whole.
    fn options(&self, p: &VariantPosition) -> Result<Vec<Vec<VariantPosition>>> {
        Ok((self.family.every_move(p)?.into_iter())
            .map(|option| vec![option])
            .collect())
    }

    fn format_position(&self, p: &VariantPosition) -> String {
        self.family.show(p)
    }

    fn heap_bytes(&self, p: &VariantPosition) -> u64 {
        self.family.heap_bytes(p)
    }
}

impl Ruleset for ImpartialVariant {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn noun(&self) -> &'static str {
        "position"
    }

    fn parse_position(&self, words: &[Word]) -> Result<VariantPosition> {
        self.family.parse(&words[0])
    }

    fn pair_text(&self, a: u64, b: u64) -> Option<String> {
        self.family.pair_text(a, b)
    }

    /// The search by parts under their keys ([`ImpartialVariant::nimber`]),
    /// not the plain search of whole positions.
    fn searched_nimber(
        &self,
        p: &VariantPosition,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Option<BigUint>> {
        self.family.nimber(p, progress).map(|n| Some(n.into()))
    }
}
