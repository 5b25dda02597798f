//! Col and Snort (Winning Ways, chapter 2): the players colour the vertices
//! of a graph in turn, Left blue and Right red. In Col two neighbours never
//! have the same colour; in Snort two neighbours never have different
//! colours. Who cannot colour a vertex loses.
//!
//! The graph is read from a file in the format of `graph(FILE)` (the number
//! of vertices N, then for each vertex a count k and k neighbours); an edge
//! listed from either end joins the two vertices, and loops are ignored. At
//! most 64 vertices.
//!
//! A position says, for each vertex, who may still colour it: `.` either
//! player, `l` only Left, `r` only Right, `x` nobody (coloured, or barred
//! to both). `L` and `R` are read as vertices coloured by Left and by
//! Right, which bar their neighbours; `empty` is the graph with nothing
//! coloured. Colouring a vertex only ever bars its neighbours, so the
//! vertices somebody may colour fall apart into connected parts, valued
//! apart; a part with the players exchanged is the negative.

use crate::catalogue::impartial::graph::{parse_digraph, read_graph_file};
use crate::catalogue::{parameter_count, Family, FamilyText};
use crate::component::{short_ruleset_ref, RulesetRef};
use crate::error::{Error, Result};
use crate::partizan::{Part, ShortGame};
use crate::short::ShortRules;
use crate::word::{quote_if_needed, Word};

pub const COL: Family = Family {
    name: "col",
    usage: "col(FILE) COLOURING",
    summary: "colour the vertices of the graph in FILE, Left blue and Right red, never two \
              neighbours alike; one letter a vertex ('.' free, L or R coloured, or 'empty'); \
              who cannot colour loses",
    example: "col(examples/petersen.txt) empty",
    build: build_col,
};

pub const SNORT: Family = Family {
    name: "snort",
    usage: "snort(FILE) COLOURING",
    summary: "colour the vertices of the graph in FILE, Left blue and Right red, never two \
              neighbours different; one letter a vertex ('.' free, L or R coloured, or \
              'empty'); who cannot colour loses",
    example: "snort(examples/petersen.txt) empty",
    build: build_snort,
};

/// The most vertices of a graph: a position is a pair of bit masks.
pub const MAX_VERTICES: usize = 64;

fn build_col(written: &FamilyText) -> Result<RulesetRef> {
    parameter_count(written, 1, COL.usage)?;
    let path = &written.parameters[0].text;
    Ok(short_ruleset_ref(Colouring::read(Kind::Col, path)?))
}

fn build_snort(written: &FamilyText) -> Result<RulesetRef> {
    parameter_count(written, 1, SNORT.usage)?;
    let path = &written.parameters[0].text;
    Ok(short_ruleset_ref(Colouring::read(Kind::Snort, path)?))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Neighbours never alike.
    Col,
    /// Neighbours never different.
    Snort,
}

/// The rules: which game, and the graph as each vertex's neighbours.
#[derive(Clone)]
pub struct Colouring {
    kind: Kind,
    path: String,
    neighbours: Vec<u64>,
}

/// Who may still colour each vertex: bit v of `left` when Left may colour
/// vertex v, of `right` when Right may.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tints {
    pub left: u64,
    pub right: u64,
}

impl Colouring {
    fn read(kind: Kind, path: &str) -> Result<Colouring> {
        Colouring::from_text(kind, path, &read_graph_file(path)?)
    }

    /// The graph from the text of its file; `path` names it in messages.
    pub fn from_text(kind: Kind, path: &str, text: &str) -> Result<Colouring> {
        let graph = parse_digraph(path, text)?;
        let count = graph.vertex_count();
        if count > MAX_VERTICES {
            return Err(Error::Limit(format!(
                "the graph in {path} has {count} vertices; col and snort play on at most \
                 {MAX_VERTICES}"
            )));
        }
        let mut neighbours = vec![0u64; count];
        for v in 0..count {
            for &w in graph.successors(v as u32) {
                let w = w as usize;
                if w != v {
                    neighbours[v] |= 1 << w;
                    neighbours[w] |= 1 << v;
                }
            }
        }
        Ok(Colouring {
            kind,
            path: path.into(),
            neighbours,
        })
    }

    /// The position after `left_colours` (else Right) colours `v`: nobody
    /// colours it again, and its neighbours are barred to the same player
    /// (Col) or to the other (Snort).
    fn coloured(&self, p: &Tints, v: usize, left_colours: bool) -> Tints {
        let bit = 1u64 << v;
        let near = self.neighbours[v];
        let (mut left, mut right) = (p.left & !bit, p.right & !bit);
        match (self.kind, left_colours) {
            (Kind::Col, true) | (Kind::Snort, false) => left &= !near,
            (Kind::Col, false) | (Kind::Snort, true) => right &= !near,
        }
        Tints { left, right }
    }

    fn moves(&self, p: &Tints, left_colours: bool) -> Vec<Tints> {
        let mut bits = if left_colours { p.left } else { p.right };
        let mut options = Vec::with_capacity(bits.count_ones() as usize);
        while bits != 0 {
            let v = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            options.push(self.coloured(p, v, left_colours));
        }
        options
    }
}

impl ShortGame for Colouring {
    type Position = Tints;

    fn left_options(&self, p: &Tints) -> Vec<Tints> {
        self.moves(p, true)
    }

    fn right_options(&self, p: &Tints) -> Vec<Tints> {
        self.moves(p, false)
    }

    /// The connected parts of the vertices somebody may colour, each under
    /// the least of itself and its colours exchanged (the negative).
    fn parts(&self, p: &Tints) -> Vec<Part<Tints>> {
        let mut rest = p.left | p.right;
        let mut parts = Vec::new();
        while rest != 0 {
            let mut part = rest & rest.wrapping_neg();
            let mut frontier = part;
            while frontier != 0 {
                let v = frontier.trailing_zeros() as usize;
                frontier &= frontier - 1;
                let new = self.neighbours[v] & rest & !part;
                part |= new;
                frontier |= new;
            }
            rest &= !part;
            let same = Tints {
                left: p.left & part,
                right: p.right & part,
            };
            let swapped = Tints {
                left: same.right,
                right: same.left,
            };
            parts.push(match swapped < same {
                true => Part {
                    key: swapped,
                    negated: true,
                },
                false => Part {
                    key: same,
                    negated: false,
                },
            });
        }
        parts
    }
}

impl ShortRules for Colouring {
    fn name(&self) -> String {
        let name = match self.kind {
            Kind::Col => COL.name,
            Kind::Snort => SNORT.name,
        };
        format!("{name}({})", quote_if_needed(&self.path))
    }

    fn parse_position(&self, word: &Word) -> Result<Tints> {
        let count = self.neighbours.len();
        let all = if count == 64 {
            u64::MAX
        } else {
            (1u64 << count) - 1
        };
        if word.text == "empty" {
            return Ok(Tints {
                left: all,
                right: all,
            });
        }
        let letters: Vec<char> = word.text.chars().collect();
        if letters.len() != count {
            return Err(Error::Parse {
                column: word.column,
                message: format!(
                    "the graph has {count} vertices: write one letter for each ('.', l, r, \
                     x, L or R), or 'empty'; this has {}",
                    letters.len()
                ),
            });
        }
        let mut p = Tints {
            left: all,
            right: all,
        };
        let mut coloured = Vec::new();
        for (v, &letter) in letters.iter().enumerate() {
            let bit = 1u64 << v;
            match letter {
                '.' => {}
                'l' => p.right &= !bit,
                'r' => p.left &= !bit,
                'x' => {
                    p.left &= !bit;
                    p.right &= !bit;
                }
                'L' | 'R' => coloured.push((v, letter == 'L')),
                _ => {
                    return Err(Error::Parse {
                        column: word.column + v,
                        message: "a vertex is '.' (free), l or r (only Left or only Right \
                                  may colour it), x (nobody may), L or R (coloured by Left \
                                  or by Right)"
                            .into(),
                    })
                }
            }
        }
        for &(v, left) in &coloured {
            let clash = coloured.iter().find(|&&(w, other)| {
                self.neighbours[v] >> w & 1 == 1
                    && match self.kind {
                        Kind::Col => other == left,
                        Kind::Snort => other != left,
                    }
            });
            if let Some(&(w, _)) = clash {
                return Err(Error::Parse {
                    column: word.column + v.max(w),
                    message: format!(
                        "vertices {v} and {w} are neighbours, and {} colours them {}",
                        self.name(),
                        match self.kind {
                            Kind::Col => "differently",
                            Kind::Snort => "alike",
                        }
                    ),
                });
            }
            p = self.coloured(&p, v, left);
        }
        Ok(p)
    }

    fn show(&self, p: &Tints) -> String {
        (0..self.neighbours.len())
            .map(|v| match (p.left >> v & 1, p.right >> v & 1) {
                (1, 1) => '.',
                (1, 0) => 'l',
                (0, 1) => 'r',
                _ => 'x',
            })
            .collect()
    }

    /// A placement game: a vertex a player may not colour stays so, and
    /// the other's colouring only takes vertices away.
    fn dead_ending(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::catalogue::check::{outcome_by_search, MisereCheck};
    use crate::partizan::{Games, Valuer};

    /// The graph of `edges` on `count` vertices, in the file format.
    fn graph(kind: Kind, count: usize, edges: &[(usize, usize)]) -> Colouring {
        let mut text = format!("{count}\n");
        for v in 0..count {
            let out: Vec<String> = edges
                .iter()
                .filter(|e| e.0 == v)
                .map(|e| e.1.to_string())
                .collect();
            text += &format!("{} {}\n", out.len(), out.join(" "));
        }
        Colouring::from_text(kind, "test", &text).unwrap()
    }

    fn value(rules: &Colouring, position: &str) -> String {
        let mut games = Games::new();
        let word = Word::new(position);
        let p = rules.parse_position(&word).unwrap();
        let g = Valuer::new(rules.clone())
            .value(&mut games, &p, &mut |_| true)
            .unwrap();
        games.write(g).unwrap()
    }

    /// Worked by hand from the rules (Winning Ways, chapter 2, does the
    /// same): a lone free vertex is * in both games, one only Left may
    /// colour is 1. Two joined free vertices: in Col each colouring leaves
    /// the other vertex to the opponent, {-1|1} = 0; in Snort to the mover,
    /// {1|-1} = ±1.
    #[test]
    fn small_graphs() {
        for kind in [Kind::Col, Kind::Snort] {
            let one = graph(kind, 1, &[]);
            assert_eq!(value(&one, "."), "*");
            assert_eq!(value(&one, "l"), "1");
            assert_eq!(value(&one, "x"), "0");
        }
        let edge = |kind| graph(kind, 2, &[(0, 1)]);
        assert_eq!(value(&edge(Kind::Col), ".."), "0");
        assert_eq!(value(&edge(Kind::Snort), ".."), "±1");
        // Left colouring vertex 0 bars vertex 1 to Left in Col and to
        // Right in Snort.
        assert_eq!(value(&edge(Kind::Col), "L."), "-1");
        assert_eq!(value(&edge(Kind::Snort), "L."), "1");
    }

    /// Tiny deterministic generator, so the sample is the same each run.
    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    fn random_position(seed: &mut u64, kind: Kind) -> (Colouring, Tints) {
        let count = 1 + (next(seed) % 8) as usize;
        let mut edges = Vec::new();
        for v in 0..count {
            for w in v + 1..count {
                if next(seed) % 3 == 0 {
                    edges.push((v, w));
                }
            }
        }
        let rules = graph(kind, count, &edges);
        let all = (1u64 << count) - 1;
        let p = Tints {
            left: all & !(next(seed) & next(seed)),
            right: all & !(next(seed) & next(seed)),
        };
        (rules, p)
    }

    /// Random graphs of up to 8 vertices with random bars: the outcome class
    /// of the value is who wins by plain search, in both games.
    #[test]
    fn outcome_classes_agree_with_search() {
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        for kind in [Kind::Col, Kind::Snort] {
            for _ in 0..300 {
                let (rules, p) = random_position(&mut seed, kind);
                let mut games = Games::new();
                let g = Valuer::new(rules.clone())
                    .value(&mut games, &p, &mut |_| true)
                    .unwrap();
                let mut memo = HashMap::new();
                MisereCheck::new().assert(&rules, &p);
                let expected = outcome_by_search(&rules, &p, &mut memo);
                assert_eq!(games.outcome(g), expected, "{kind:?} {}", rules.show(&p));
            }
        }
    }

    /// Winning Ways, chapter 2: every Col position is a number or a number
    /// plus *. (Snort's are not: an edge is ±1.)
    #[test]
    fn col_is_a_number_or_a_number_plus_star() {
        let mut seed = 0x2545_f491_4f6c_dd1d;
        let mut games = Games::new();
        let star = games.nimber(1);
        for _ in 0..300 {
            let (rules, p) = random_position(&mut seed, Kind::Col);
            let g = Valuer::new(rules.clone())
                .value(&mut games, &p, &mut |_| true)
                .unwrap();
            let plus_star = games.add(g, star);
            assert!(
                games.number_value(g).is_some() || games.number_value(plus_star).is_some(),
                "{} is {}",
                rules.show(&p),
                games.write(g).unwrap()
            );
        }
    }

    #[test]
    fn bad_colourings_are_refused_at_their_column() {
        let edge = graph(Kind::Col, 2, &[(0, 1)]);
        let parse = |text: &str| {
            edge.parse_position(&Word {
                text: text.into(),
                column: 10,
            })
        };
        assert!(matches!(parse("LL"), Err(Error::Parse { column: 11, .. })));
        assert!(matches!(parse("L?"), Err(Error::Parse { column: 11, .. })));
        assert!(matches!(parse("..."), Err(Error::Parse { column: 10, .. })));
        assert!(parse("LR").is_ok());
        let too_many = format!("65\n{}", "0\n".repeat(65));
        assert!(matches!(
            Colouring::from_text(Kind::Snort, "big", &too_many),
            Err(Error::Limit(_))
        ));
    }
}
