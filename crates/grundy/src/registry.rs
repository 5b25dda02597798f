//! The registry: the one list of families, and the way from text to
//! rulesets and sums. The command line, the help and any later front end
//! read it, so a new family is one new file in `catalogue/` plus one line in
//! [`FAMILIES`].
//!
//! ```
//! use grundy::registry::{Parsed, Rulesets, FAMILIES};
//!
//! // Every family names itself and gives an example that parses (those
//! // reading the user's own graph files aside).
//! let mut rulesets = Rulesets::new();
//! let on_hand = |example: &str| !example.contains(".txt") || example.contains("examples/");
//! for family in FAMILIES.iter().filter(|f| on_hand(f.example)) {
//!     assert!(family.example.starts_with(family.name));
//!     let example = family.example.replace("examples/", concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/"));
//!     assert!(rulesets.parse_question(&example).is_ok(), "{}", family.example);
//! }
//! // A sum of two components: nim 3 and a heap of 10 of S-Nim {1, 3, 4}.
//! let Ok(Parsed::Sum(sum)) = rulesets.parse_question("nim 3 + subtraction(1,3,4) 10") else {
//!     panic!("a sum")
//! };
//! assert_eq!(sum.components.len(), 2);
//! ```

use std::collections::HashMap;

use crate::catalogue::{self, position_and_player, Family, FamilyText};
use crate::component::{ComponentRef, RulesetRef};
use crate::error::{Error, Result};
use crate::expr::{self, ComponentText, Function, Signed, Term};
use crate::functions;
use crate::loopy;
use crate::misere::forms::{FormId, Forms};
use crate::misere::sums::SumSearch;
use crate::partizan::{self, Build, Games};
use crate::retrograde::Player;
use crate::short::misere::{FamilyParts, MiserePart, SumPart, MAX_HELD_OPTIONS};
use crate::short::outcome::Searched;
use crate::short::Valued;
use crate::strong::StrongAnalysis;
use crate::sum::Sum;
use crate::value::{Solution, Standing};
use crate::word::Word;

/// Every family, in the order the help lists them.
pub static FAMILIES: &[Family] = &[
    catalogue::impartial::nim::FAMILY,
    catalogue::impartial::bash::FAMILY,
    catalogue::impartial::subtraction::FAMILY,
    catalogue::impartial::graph::FAMILY,
    catalogue::impartial::octal::OCTAL,
    catalogue::impartial::octal::HEX,
    catalogue::impartial::octal::KAYLES,
    catalogue::impartial::octal::DAWSON,
    catalogue::impartial::octal::GRUNDYS_GAME,
    catalogue::impartial::lasker::FAMILY,
    catalogue::impartial::lieges::FAMILY,
    catalogue::impartial::divisor::FAMILY,
    catalogue::impartial::progressive::FAMILY,
    catalogue::impartial::wythoff::FAMILY,
    catalogue::impartial::fibonacci::FAMILY,
    catalogue::impartial::euclid::FAMILY,
    catalogue::impartial::calendar::FAMILY,
    catalogue::impartial::staircase::FAMILY,
    catalogue::impartial::cram::FAMILY,
    catalogue::strong::mnk::FAMILY,
    catalogue::strong::connect4::FAMILY,
    catalogue::strong::partizan_graph::FAMILY,
    catalogue::strong::fox_and_geese::FAMILY,
    catalogue::partizan::clobber::FAMILY,
    catalogue::partizan::cannibal_clobber::FAMILY,
    catalogue::partizan::colouring::COL,
    catalogue::partizan::colouring::SNORT,
    catalogue::partizan::cutcake::FAMILY,
    catalogue::partizan::domineering::FAMILY,
    catalogue::partizan::elephants::FAMILY,
    catalogue::partizan::fission::FAMILY,
    catalogue::partizan::hackenbush::FAMILY,
    catalogue::partizan::konane::FAMILY,
    catalogue::partizan::nogo::FAMILY,
    catalogue::partizan::toads_frogs::FAMILY,
    catalogue::partizan::toppling_dominoes::FAMILY,
    catalogue::partizan::amazons::FAMILY,
    IMPARTIAL,
    catalogue::script::FAMILY,
];

/// The impartial variant of any partizan family: built here, not in the
/// catalogue, because its parameter names another family.
const IMPARTIAL: Family = Family {
    name: "impartial",
    usage: "impartial(FAMILY) POSITION",
    summary: "the impartial variant of a partizan family (impartial(col, FILE) where it has \
              parameters): either player may make any move of either side; a nimber",
    example: "impartial(domineering) 3x3",
    build: build_impartial,
};

/// `impartial(FAMILY, P...)`: the family `FAMILY(P...)` built, then its
/// impartial variant; an error at the family's column where it is unknown
/// or not partizan.
fn build_impartial(written: &FamilyText) -> Result<RulesetRef> {
    let Some((family, parameters)) = written.parameters.split_first() else {
        return Err(written.family.error(
            "impartial takes a partizan family: impartial(domineering), or \
             impartial(col, FILE) for one with parameters",
        ));
    };
    if let Some((name, _)) = family.text.split_once('(') {
        return Err(family.error(format!(
            "write the family's parameters after it, impartial({name}, ...): calls do not nest"
        )));
    }
    let inner = FamilyText {
        family: Word {
            text: family.text.to_ascii_lowercase(),
            column: family.column,
        },
        parameters: parameters.to_vec(),
    };
    let ruleset = (find_family(&inner.family)?.build)(&inner)?;
    ruleset.impartial_variant().ok_or_else(|| {
        family.error(format!(
            "{} is not a partizan family with values: impartial(...) takes one whose players \
             have moves of their own and whose play ends (domineering, clobber, ...)",
            ruleset.name()
        ))
    })
}

/// The family of this name.
pub fn family(name: &str) -> Option<&'static Family> {
    FAMILIES.iter().find(|f| f.name == name)
}

/// The family written in `word`, or an error that names the nearest one.
fn find_family(word: &Word) -> Result<&'static Family> {
    if word.text == "pass" {
        return Err(word.error(
            "pass is a move of a loopy game back to the game itself, written inside its \
             braces: {pass|} is on, {0|pass} is over",
        ));
    }
    family(&word.text).ok_or_else(|| {
        let nearest = FAMILIES
            .iter()
            .map(|f| (edit_distance(&word.text, f.name), f.name))
            .min()
            .filter(|&(distance, name)| distance <= name.len().max(word.text.len()) / 2)
            .map(|(_, name)| format!("did you mean '{name}'? "))
            .unwrap_or_default();
        let known: Vec<&str> = FAMILIES.iter().map(|f| f.name).collect();
        word.error(format!(
            "unknown family '{}'; {nearest}the families are {}",
            word.text,
            known.join(", ")
        ))
    })
}

/// Levenshtein distance, for "did you mean".
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(above + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}

/// Rulesets built from text, remembered by how they were written so that
/// questions about one ruleset share its solver and tables (`--batch`).
#[derive(Default)]
pub struct Rulesets {
    built: HashMap<String, RulesetRef>,
}

impl Rulesets {
    /// No ruleset built yet.
    pub fn new() -> Rulesets {
        Rulesets::default()
    }

    /// The ruleset written as `family` with `parameters`.
    fn build(&mut self, written: FamilyText) -> Result<RulesetRef> {
        let key: Vec<&str> = std::iter::once(written.family.text.as_str())
            .chain(written.parameters.iter().map(|p| p.text.as_str()))
            .collect();
        let key = key.join("\u{0}");
        if let Some(ruleset) = self.built.get(&key) {
            return Ok(ruleset.clone());
        }
        let ruleset = (find_family(&written.family)?.build)(&written)?;
        self.built.insert(key, ruleset.clone());
        Ok(ruleset)
    }

    /// Parses an expression into the sum it describes.
    pub fn parse_sum(&mut self, text: &str) -> Result<Sum> {
        let components = expr::parse(text)?
            .into_iter()
            .map(impartial_component)
            .collect::<Result<Vec<_>>>()?;
        self.sum_of(components)
    }

    /// The sum of the components written.
    fn sum_of(&mut self, written: Vec<ComponentText>) -> Result<Sum> {
        let mut components = Vec::new();
        for written in written {
            let ComponentText {
                family,
                parameters,
                positions,
            } = written;
            let ruleset = self.build(FamilyText {
                family: family.clone(),
                parameters,
            })?;
            components.extend(ruleset.components(&family, &positions)?);
        }
        Ok(Sum::new(components))
    }

    /// Parses a question for `analyze`: a sum of impartial components; one
    /// position of a ruleset solved strongly (`mnk(3,3,3) x.o/.x./...`),
    /// which is no part of a sum; or a sum of values, where a part is
    /// partizan, a game literal, or subtracted.
    pub fn parse_question(&mut self, text: &str) -> Result<Parsed> {
        let terms = expr::parse(text)?;
        if let [Signed {
            negated: false,
            term: Term::Component(one),
        }] = &terms[..]
        {
            let ruleset = self.build(FamilyText {
                family: one.family.clone(),
                parameters: one.parameters.clone(),
            })?;
            if ruleset.solitaire().is_some() {
                return Ok(Parsed::Solitaire {
                    ruleset,
                    family: one.family.clone(),
                    position: one.positions.clone(),
                });
            }
            // A ruleset with values as well (a partizan script) answers a
            // position with a player to move strongly, one alone by value.
            let by_value =
                ruleset.short().is_some() && one.positions.iter().all(|w| !w.text.contains('@'));
            if let (Some(strong), true) = (ruleset.strong(), one.positions.is_empty()) {
                let start = (strong.start_expression()).map_or_else(String::new, |start| {
                    format!(": the start is written {start}")
                });
                return Err(Error::Parse {
                    column: text.trim_end().chars().count() + 1,
                    message: format!(
                        "{} takes one position, written as one word{start}",
                        ruleset.name()
                    ),
                });
            }
            if ruleset.strong().is_some() && !by_value {
                return Ok(Parsed::Strong {
                    ruleset,
                    position: one.positions.clone(),
                });
            }
        }
        let mut of_values = false;
        for signed in &terms {
            of_values |= signed.negated
                || match &signed.term {
                    Term::Literal(_) | Term::Function(_) => true,
                    Term::Component(c) => {
                        let ruleset = self.build(FamilyText {
                            family: c.family.clone(),
                            parameters: c.parameters.clone(),
                        })?;
                        // A ruleset solved strongly is in a sum only by
                        // the loopy values of its positions.
                        ruleset.short().is_some() || ruleset.strong().is_some()
                    }
                };
        }
        if !of_values {
            let components = terms
                .into_iter()
                .map(impartial_component)
                .collect::<Result<Vec<_>>>()?;
            return self.sum_of(components).map(Parsed::Sum);
        }
        self.value_terms(terms).map(Parsed::Values)
    }

    /// Parses a sum of values, whatever its parts: an impartial component
    /// is a nimber here, even in a sum of impartial components alone.
    pub fn parse_values(&mut self, text: &str) -> Result<Vec<ValueTerm>> {
        let terms = expr::parse(text)?;
        self.value_terms(terms)
    }

    /// The parts of a sum of values as written.
    fn value_terms(&mut self, terms: Vec<Signed>) -> Result<Vec<ValueTerm>> {
        let mut parts = Vec::new();
        for Signed { negated, term } in terms {
            match term {
                Term::Literal(word) => parts.push(ValueTerm {
                    negated,
                    part: ValuePart::Literal(word),
                }),
                Term::Function(call) => {
                    let mut arguments = Vec::new();
                    for (terms, column) in call.arguments {
                        arguments.push((self.value_terms(terms)?, column));
                    }
                    parts.push(ValueTerm {
                        negated,
                        part: ValuePart::Function {
                            function: call.function,
                            call: call.call,
                            arguments,
                        },
                    });
                }
                Term::Component(c) => {
                    let ruleset = self.build(FamilyText {
                        family: c.family.clone(),
                        parameters: c.parameters,
                    })?;
                    if ruleset.short().is_some() {
                        if c.positions.is_empty() {
                            return Err(c
                                .family
                                .error(format!("expected a position after {}", c.family.text)));
                        }
                        parts.extend(c.positions.into_iter().map(|position| ValueTerm {
                            negated,
                            part: ValuePart::Short {
                                ruleset: ruleset.clone(),
                                position,
                            },
                        }));
                    } else if let Some(strong) = ruleset.strong() {
                        for position in c.positions {
                            let Some(graph) = strong.loopy(std::slice::from_ref(&position)) else {
                                // Not a loopy value: the ruleset says why
                                // it is no part of a sum.
                                let why = ruleset.components(&c.family, &[position]).err();
                                return Err(why.unwrap_or_else(|| {
                                    c.family
                                        .error("a position solved strongly is no part of a sum")
                                }));
                            };
                            parts.push(ValueTerm {
                                negated,
                                part: ValuePart::Loopy {
                                    text: format!("{} {}", ruleset.name(), position.text),
                                    graph: graph?,
                                },
                            });
                        }
                    } else {
                        parts.extend(
                            ruleset
                                .components(&c.family, &c.positions)?
                                .into_iter()
                                .map(|component| ValueTerm {
                                    negated,
                                    part: ValuePart::Impartial(component),
                                }),
                        );
                    }
                }
            }
        }
        Ok(parts)
    }

    /// The ruleset written alone in `text` (`kayles`, `subtraction(1,3,4)`),
    /// without positions.
    pub fn ruleset(&mut self, text: &str) -> Result<RulesetRef> {
        let mut written = expr::parse(text)?;
        if written.len() > 1 {
            return Err(Error::Parse {
                column: text
                    .find(['+', '-'])
                    .map_or(1, |i| text[..i].chars().count() + 1),
                message: "expected one ruleset, not a sum".into(),
            });
        }
        let written = impartial_component(written.remove(0))?;
        if let Some(extra) = written.positions.first() {
            return Err(extra.error("expected a ruleset alone, without positions"));
        }
        self.build(FamilyText {
            family: written.family,
            parameters: written.parameters,
        })
    }
}

/// A component as written, where only a component will do: not a
/// literal, not subtracted.
fn impartial_component(signed: Signed) -> Result<ComponentText> {
    match signed.term {
        Term::Component(c) if !signed.negated => Ok(c),
        Term::Component(c) => Err(c.family.error(
            "a difference is a sum of values: `grundy analyze` answers it, not this command",
        )),
        Term::Literal(word) => Err(word.error(format!(
            "{} is a game literal: `grundy analyze` answers sums of values, not this command",
            word.text
        ))),
        Term::Function(call) => Err(call.call.error(format!(
            "{} is a function of values: `grundy analyze` answers sums of values, not this \
             command",
            call.call.text
        ))),
    }
}

/// What `analyze` is asked about.
pub enum Parsed {
    /// A sum of impartial components.
    Sum(Sum),
    /// One position of a ruleset solved strongly, as written.
    Strong {
        /// The ruleset, solved strongly ([`DynRuleset::strong`](crate::component::DynRuleset::strong) is `Some`).
        ruleset: RulesetRef,
        /// The words of the position, not read yet: the ruleset reads them
        /// when it answers.
        position: Vec<Word>,
    },
    /// A position of a one-player game (a solitaire), as written.
    Solitaire {
        /// The ruleset, a one-player game ([`DynRuleset::solitaire`](crate::component::DynRuleset::solitaire) is `Some`).
        ruleset: RulesetRef,
        /// The family's name as written, for errors that point at it.
        family: Word,
        /// The words of the position, not read yet.
        position: Vec<Word>,
    },
    /// A sum of values: partizan positions, literals, impartial components
    /// (each a nimber), any of them subtracted.
    Values(Vec<ValueTerm>),
}

/// One part of a sum of values, as parsed.
pub struct ValueTerm {
    /// Whether the part is subtracted (`- P`): its negative is added.
    pub negated: bool,
    /// The part.
    pub part: ValuePart,
}

/// What one part of a sum of values is.
pub enum ValuePart {
    /// A game literal in CGSuite's notation (`{1|}`, `*2`, `^`), as written.
    Literal(Word),
    /// A position of a partizan family with values.
    Short {
        /// The family's ruleset ([`DynRuleset::short`](crate::component::DynRuleset::short) is `Some`).
        ruleset: RulesetRef,
        /// The position as written, not read yet.
        position: Word,
    },
    /// An impartial component, whose value is its nimber.
    Impartial(ComponentRef),
    /// A position of a ruleset solved strongly whose positions are loopy
    /// values (a vertex of `partizan-graph(FILE)` without a player to
    /// move), its graph built as the sum is read.
    Loopy {
        /// The position as an expression writes it.
        text: String,
        /// Its game graph, the position at vertex 0.
        graph: loopy::Graph,
    },
    /// A function of values called on sums of values (`cool(G, t)`).
    Function {
        /// Which function.
        function: Function,
        /// The call as written.
        call: Word,
        /// Each argument, a sum of values, with the column where it starts.
        arguments: Vec<(Vec<ValueTerm>, usize)>,
    },
}

/// Whether a sum of values holds a loopy game: a literal with a name in
/// it (`pass`, `on`, `over`, a label; downs are `v`, no name), which only
/// loopy games have, or a position whose value is loopy (a vertex of a
/// partizan graph without a player to move).
pub fn has_loopy(terms: &[ValueTerm]) -> bool {
    let named = |text: &str| text.chars().any(|c| c.is_ascii_lowercase() && c != 'v');
    (terms.iter()).any(|t| match &t.part {
        ValuePart::Literal(word) => named(&word.text),
        ValuePart::Loopy { .. } => true,
        _ => false,
    })
}

/// A sum of values with a loopy game in it, as one loopy game: each
/// literal read as a loopy game (a short one too), a loopy position's
/// graph copied in, every other part (a
/// position of a family with values, an impartial component, a function)
/// valued as a short game ([`valued`], reporting to `progress`) and
/// copied in; short games built in `games`.
pub fn loopy_sum(
    terms: &[ValueTerm],
    games: &mut Games,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<loopy::Graph> {
    let mut builder = loopy::Builder::new(games);
    let mut total = None;
    for term in terms {
        let g = match &term.part {
            ValuePart::Literal(word) => {
                let g = partizan::read_into(&mut builder, &word.text, word.column)?;
                match term.negated {
                    true => builder.neg(g)?,
                    false => g,
                }
            }
            ValuePart::Loopy { graph, .. } => match term.negated {
                true => builder.insert(&graph.negated())?,
                false => builder.insert(graph)?,
            },
            // Valued with its sign.
            _ => {
                let parts = valued(std::slice::from_ref(term), builder.games(), progress)?;
                let value = parts.first().map(|part| part.value);
                let value =
                    value.ok_or_else(|| Error::Parameter("a part without a value".into()))?;
                builder.short(value)?
            }
        };
        total = Some(match total {
            None => g,
            Some(sum) => builder.add(sum, g)?,
        });
    }
    let total = total.ok_or_else(|| Error::Parameter("an empty sum".into()))?;
    Ok(builder.game_at(total))
}

/// The error of a loopy value where a short game is needed (an argument
/// of a function, misère play).
fn loopy_no_short(text: &str) -> Error {
    Error::Unsupported(format!(
        "{text} is a loopy value, which only sums of values under normal play take"
    ))
}

/// Each part of a sum of values, valued in `games`. `progress` is told
/// how many positions a search has valued and stops it by answering false.
pub fn valued(
    terms: &[ValueTerm],
    games: &mut Games,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<Vec<Valued>> {
    let mut parts = Vec::new();
    for term in terms {
        let valued = match &term.part {
            ValuePart::Literal(word) => {
                let g = games.read(&word.text, word.column)?;
                Valued::literal(games, &word.text, g)?
            }
            ValuePart::Short { ruleset, position } => match ruleset.short() {
                Some(short) => short.valued(position, games, progress)?,
                None => return Err(no_values(ruleset.name())),
            },
            ValuePart::Impartial(component) => impartial_valued(component, games, progress)?,
            ValuePart::Loopy { text, .. } => return Err(loopy_no_short(text)),
            ValuePart::Function {
                function,
                call,
                arguments,
            } => {
                let mut values = Vec::new();
                for (terms, column) in arguments {
                    let parts = valued(terms, games, progress)?;
                    let sum = games.sum(parts.iter().map(|part| part.value));
                    values.push((sum, *column));
                }
                let g = functions::apply(games, *function, &values)?;
                Valued::literal(games, &call.text, g)?
            }
        };
        // An impartial component is its own negative (and its options'
        // texts may be sums, which one `-` would not cover).
        let impartial = matches!(term.part, ValuePart::Impartial(_));
        parts.push(if term.negated && !impartial {
            valued.negated(games)
        } else {
            valued
        });
    }
    games.check()?;
    Ok(parts)
}

/// Who wins a sum of values, each player moving first, by a search of the
/// sum ([`crate::short::outcome`]) rather than its canonical form: the
/// positions of the family written first are searched, and every other
/// part (a literal, an impartial component, a function, a position of
/// another family) is valued and added beside them. `None` where no part
/// is a family's position.
pub fn searched_outcome(
    terms: &[ValueTerm],
    games: &mut Games,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<Option<Searched>> {
    let Some(family) = terms.iter().find_map(|term| match &term.part {
        ValuePart::Short { ruleset, .. } => Some(ruleset.clone()),
        _ => None,
    }) else {
        return Ok(None);
    };
    let mut searched = Vec::new();
    let mut rest = games.zero();
    for term in terms {
        match &term.part {
            ValuePart::Short { ruleset, position } if ruleset.name() == family.name() => {
                searched.push((position, term.negated));
            }
            _ => {
                let part = valued(std::slice::from_ref(term), games, progress)?;
                rest = games.add(rest, part[0].value);
            }
        }
    }
    games.check()?;
    let short = family.short().expect("a family of values");
    short
        .outcome_of_sum(&searched, rest, games, progress)
        .map(Some)
}

/// The parts of a sum of values built as they are, for misère play
/// ([`crate::short::misere`]): a literal as written, a family's position
/// and an impartial component by their moves. A function of values
/// (`cool(G, t)`) is a value of normal play and is refused.
pub fn misere_parts(
    terms: &[ValueTerm],
    forms: &mut Forms,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<Vec<MiserePart>> {
    (terms.iter())
        .map(|term| misere_tree(term, forms, progress))
        .collect()
}

/// The parts of a sum of values for the misère search ([`SumSearch`]): a
/// family's position by its regions, listed as the search meets them (one
/// source a family, added to `search`), the other parts built as game
/// trees in `forms` ([`misere_parts`]) and made parts whole.
pub fn misere_sum_parts<'a>(
    terms: &'a [ValueTerm],
    forms: &mut Forms,
    search: &mut SumSearch<'a>,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<Vec<SumPart>> {
    let mut made = hashbrown::HashMap::new();
    let mut sources: Vec<(*const (), Box<dyn FamilyParts<'a> + 'a>)> = Vec::new();
    let mut parts = Vec::new();
    for term in terms {
        parts.push(match &term.part {
            ValuePart::Short { ruleset, position } => {
                let short = ruleset.short().ok_or_else(|| no_values(ruleset.name()))?;
                let at = std::ptr::from_ref(short).cast::<()>();
                let i = match sources.iter().position(|(p, _)| *p == at) {
                    Some(i) => i,
                    None => {
                        let index = u32::try_from(search.sources() + sources.len())
                            .expect("a source a term");
                        sources.push((at, short.misere_source(index)));
                        sources.len() - 1
                    }
                };
                sources[i]
                    .1
                    .part(position, term.negated, search.parts(), progress)?
            }
            _ => {
                let tree = misere_tree(term, forms, progress)?;
                SumPart::of_tree(&tree, forms, search, &mut made)?
            }
        });
    }
    for (_, source) in sources {
        search.add_source(source.into_source());
    }
    Ok(parts)
}

fn no_values(name: String) -> Error {
    Error::Unsupported(format!("{name} has no values"))
}

/// One part of a sum of values built as it is ([`misere_parts`]).
fn misere_tree(
    term: &ValueTerm,
    forms: &mut Forms,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<MiserePart> {
    let part = match &term.part {
        ValuePart::Literal(word) => {
            let g = partizan::read_into(forms, &word.text, word.column)?;
            MiserePart::literal(forms, &word.text, g)?
        }
        ValuePart::Short { ruleset, position } => match ruleset.short() {
            Some(short) => short.misere_part(position, forms, progress)?,
            None => return Err(no_values(ruleset.name())),
        },
        ValuePart::Impartial(component) if component.has_wins_at_once() => {
            return Err(Error::File {
                path: component.ruleset_name(),
                message: "its positions may win at once (fn wins_at_once), which is \
                          answered under normal play only: misère play of it is not \
                          defined"
                    .into(),
            });
        }
        ValuePart::Impartial(component) => {
            let mut built = HashMap::new();
            let form = impartial_form(component, forms, &mut built, 0, 0)?;
            let mut options = Vec::new();
            for option in component.options()? {
                let mut g = forms.make(&[], &[])?;
                for part in &option {
                    let h = impartial_form(part, forms, &mut built, 1, 0)?;
                    g = forms.add(g, h)?;
                }
                options.push((components_text(&option), g));
            }
            MiserePart {
                text: components_text(std::slice::from_ref(component)),
                form,
                left: options.clone(),
                right: options,
            }
        }
        ValuePart::Loopy { text, .. } => return Err(loopy_no_short(text)),
        ValuePart::Function { call, .. } => {
            return Err(Error::Unsupported(format!(
                "{} is a value of normal play: under misère play a sum takes game \
                 literals and positions",
                call.text.trim()
            )))
        }
    };
    // An impartial component is its own negative.
    let impartial = matches!(term.part, ValuePart::Impartial(_));
    Ok(if term.negated && !impartial {
        part.negated(forms)?
    } else {
        part
    })
}

/// An impartial component built as a game tree, each position once (by
/// its text) in `built`; `depth` moves from the part asked about, with
/// `held` options listed along the way (at most [`MAX_HELD_OPTIONS`]).
fn impartial_form(
    component: &ComponentRef,
    forms: &mut Forms,
    built: &mut HashMap<String, FormId>,
    depth: u32,
    held: usize,
) -> Result<FormId> {
    let key = components_text(std::slice::from_ref(component));
    if let Some(&known) = built.get(&key) {
        return Ok(known);
    }
    if depth > partizan::MAX_HEIGHT {
        return Err(Error::Limit(format!(
            "misère play is searched on games at most {} moves long; {key} is longer",
            partizan::MAX_HEIGHT
        )));
    }
    let listed = component.options()?;
    let held = held + listed.len();
    if held > MAX_HELD_OPTIONS {
        return Err(Error::Limit(format!(
            "{key}: more than {MAX_HELD_OPTIONS} options along one line of play, more than \
             misère play holds while it builds a game"
        )));
    }
    let mut options = Vec::new();
    for option in listed {
        let mut g = forms.make(&[], &[])?;
        for part in &option {
            let h = impartial_form(part, forms, built, depth + 1, held)?;
            g = forms.add(g, h)?;
        }
        options.push(g);
    }
    let form = forms.make(&options, &options)?;
    built.insert(key, form);
    Ok(form)
}

/// Components as an expression writes their sum (`0` for none).
fn components_text(parts: &[ComponentRef]) -> String {
    if parts.is_empty() {
        return "0".into();
    }
    let texts: Vec<String> = (parts.iter())
        .map(|c| format!("{} {}", c.ruleset_name(), c.position_text()))
        .collect();
    texts.join(" + ")
}

/// Who wins a position written with its player to move (`7,7@Left`) of a
/// ruleset that has values as well as a strong solve (a partizan script
/// without `result`), from its value alone: the player who moves first in
/// a short game wins exactly when its outcome class is his (L for Left, R
/// for Right) or N. Far faster than a search of the position with both
/// players to move, since the value search splits positions into their
/// parts; but a value says nothing of how long play lasts, so there is no
/// remoteness and there are no best moves. `None` for a ruleset without
/// values.
pub fn outcome_by_value(
    ruleset: &RulesetRef,
    word: &Word,
    games: &mut Games,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<Option<StrongAnalysis>> {
    let Some(short) = ruleset.short() else {
        return Ok(None);
    };
    let (position, player) = position_and_player(
        word,
        "expected a position and the player to move, such as 3,4@Left",
    )?;
    let valued = short.valued(&position, games, progress)?;
    let wins = games
        .outcome(valued.value)
        .first_player_wins(player == Player::Left);
    Ok(Some(StrongAnalysis {
        expression: format!("{}@{}", valued.text, player.name()),
        solution: Solution {
            standing: if wins { Standing::Win } else { Standing::Lose },
            remoteness: None,
        },
        best_moves: Vec::new(),
    }))
}

/// An impartial component as the nimber *g, each option as the nimber of
/// the components it leaves, reporting a search of nimbers to `progress`.
fn impartial_valued(
    component: &ComponentRef,
    games: &mut Games,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<Valued> {
    let text = components_text;
    let small = |n: num_bigint::BigUint| -> Result<u64> {
        // A nimber is held by its value in a sum of values, whatever its
        // size below 2^64.
        u64::try_from(&n).ok().ok_or_else(|| {
            Error::Limit(format!(
                "{} has the nimber {n}: a sum of values takes nimbers below 2^64",
                text(std::slice::from_ref(component))
            ))
        })
    };
    let value = games.nimber(small(component.nimber(progress)?)?);
    let mut options = Vec::new();
    for option in component.options()? {
        let mut nimber = num_bigint::BigUint::default();
        for part in &option {
            nimber ^= part.nimber(progress)?;
        }
        let g = games.nimber(small(nimber)?);
        options.push((text(&option), g));
    }
    Ok(Valued {
        text: text(std::slice::from_ref(component)),
        value,
        left: options.clone(),
        right: options,
        unlisted: None,
    })
}

/// Parses an expression into the sum it describes.
///
/// ```
/// let sum = grundy::parse_sum("nim 3 4 + kayles 7").unwrap();
/// assert_eq!(sum.components.len(), 3);
/// assert_eq!(sum.expression(), "nim 3 4 + kayles 7");
/// // Bad input points at its column.
/// let error = grundy::parse_sum("nim 3 x").unwrap_err();
/// assert_eq!(error.column(), Some(7));
/// ```
pub fn parse_sum(text: &str) -> Result<Sum> {
    Rulesets::new().parse_sum(text)
}

/// The ruleset written alone in `text`.
///
/// ```
/// let kayles = grundy::ruleset("kayles").unwrap();
/// assert_eq!(kayles.name(), "kayles");
/// assert!(kayles.heap_game().is_some());
/// assert!(grundy::ruleset("wythoff").unwrap().heap_game().is_none());
/// ```
pub fn ruleset(text: &str) -> Result<RulesetRef> {
    Rulesets::new().ruleset(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unknown_family_gets_the_nearest_name() {
        let message = parse_sum("kayless 3").unwrap_err().to_string();
        assert!(message.contains("did you mean 'kayles'?"), "{message}");
        let message = parse_sum("wythof 3 5").unwrap_err().to_string();
        assert!(message.contains("did you mean 'wythoff'?"), "{message}");
        // Nothing near: no suggestion.
        let message = parse_sum("zzzzzzzzzz 3").unwrap_err().to_string();
        assert!(!message.contains("did you mean"), "{message}");
    }

    /// `impartial(FAMILY)` is a ruleset of nimbers, in sums with every
    /// impartial game; of Domineering it is Cram, whatever the board's
    /// regions and their mirror images.
    #[test]
    fn impartial_variants_are_nimbers_in_sums() {
        let nimber = |text: &str| {
            let sum = parse_sum(text).unwrap();
            let mut x = num_bigint::BigUint::default();
            for c in &sum.components {
                x ^= c.nimber(&mut |_| true).unwrap();
            }
            x
        };
        for board in ["3x3", "2x5", "..#./.#../....", "4x4", ".#./.../#.."] {
            let cram = nimber(&format!("cram {board}"));
            assert_eq!(nimber(&format!("impartial(domineering) {board}")), cram);
            let with_nim = nimber(&format!("impartial(domineering) {board} + nim 5"));
            assert_eq!(with_nim, cram ^ num_bigint::BigUint::from(5u32));
        }
        let sum = parse_sum("impartial(clobber) xox/oxo + kayles 4").unwrap();
        assert_eq!(
            sum.expression(),
            "impartial(clobber) xox/oxo + kayles 4",
            "written back as it parses"
        );
        let colouring = "impartial(col, ../../examples/petersen.txt) empty";
        let name = parse_sum(colouring).map(|s| s.components[0].ruleset_name());
        assert!(name.is_ok_and(|n| n.starts_with("impartial(col,")));
    }

    #[test]
    fn impartial_needs_a_partizan_family_it_knows() {
        let error = parse_sum("impartial(domineerin) 3x3").unwrap_err();
        assert_eq!(error.column(), Some(11));
        assert!(
            error.to_string().contains("did you mean 'domineering'?"),
            "{error}"
        );
        for (text, column) in [
            ("impartial(nim) 3", 11),
            ("nim 1 + impartial(kayles) 3", 19),
            ("impartial() 3", 1),
        ] {
            let error = parse_sum(text).unwrap_err();
            assert_eq!(error.column(), Some(column), "{text}: {error}");
            assert_eq!(error.kind(), crate::error::ErrorKind::BadInput, "{text}");
        }
        let error = parse_sum("impartial(nim) 3").unwrap_err();
        assert!(
            error.to_string().contains("not a partizan family"),
            "{error}"
        );
    }

    #[test]
    fn rulesets_are_built_once_per_spelling() {
        let mut rulesets = Rulesets::new();
        let a = rulesets.ruleset("subtraction(1,3,4)").unwrap();
        let b = rulesets.ruleset("subtraction(1, 3, 4)").unwrap();
        assert!(std::sync::Arc::ptr_eq(&a, &b));
    }
}
