//! Hackenbush on a picture (Winning Ways, chapters 1, 2 and 7; Siegel,
//! I.2): edges between vertices, some of them on the ground, each blue
//! (`B`, Left's), red (`R`, Right's) or green (`G`, either's). A player
//! deletes one edge they may cut, and every edge no longer joined to the
//! ground by a path of edges falls with it; who cannot cut loses.
//!
//! The picture is read from a file, an edge a line: its two ends and its
//! colour, `U V C`. Vertices are numbers, and 0 is the ground: every point
//! on the ground is the same vertex, so an edge with both ends on the
//! ground is a loop on 0. Blank lines and `#` comments are allowed; at
//! most 64 edges (a position is a bit mask) and 128 vertices.
//!
//! A position says which edges stand: one letter an edge, in the file's
//! order, its colour as the file gives it or `.` where it is gone; `all`
//! is the whole picture. Edges not joined to the ground are gone too. The
//! edges joined to each other away from the ground fall apart into parts
//! (a part meets the others at the ground only), each valued apart.
//!
//! The impartial variant, where either player cuts any edge, is green
//! Hackenbush on the picture, and its nimber is found at a glance
//! (Winning Ways, chapter 7; Siegel, IV.3): by the fusion principle the
//! vertices of a cycle fuse into one, its edges becoming loops, each worth
//! a single edge; what is left is a tree of the picture's bridges with
//! loops at its vertices, and by the colon principle a vertex's branches
//! add as nimbers, an edge below a branch of nimber g making it g + 1.

use crate::catalogue::impartial::graph::{content_lines, read_graph_file};
use crate::error::{Error, Result};
use crate::partizan::{Part, ShortGame};
use crate::short::ShortRules;
use crate::word::{quote_if_needed, Word};

/// The most edges of a picture: a position is a bit mask of them.
pub const MAX_EDGES: usize = 64;

/// The most vertices of a picture, the ground among them.
pub const MAX_VERTICES: usize = 128;

/// The rules: the picture's edges, by their ends and colours.
#[derive(Clone, Debug)]
pub struct Picture {
    path: String,
    /// Each edge's ends, as vertex indices (0 the ground).
    ends: Vec<(u8, u8)>,
    /// Each edge's colour: `B`, `R` or `G`.
    colours: Vec<u8>,
    /// For each vertex, the edges with an end at it.
    touching: Vec<u64>,
    /// The edges Left may cut (blue and green), and Right (red and green).
    left: u64,
    right: u64,
}

impl Picture {
    pub fn read(path: &str) -> Result<Picture> {
        Picture::from_text(path, &read_graph_file(path)?)
    }

    /// The picture from the text of its file; `path` names it in messages.
    pub fn from_text(path: &str, text: &str) -> Result<Picture> {
        let error = |line: usize, message: String| Error::File {
            path: path.into(),
            message: format!("line {line}: {message}"),
        };
        // The file's vertex numbers, in the order met, the ground first.
        let mut names: Vec<u64> = vec![0];
        let mut picture = Picture {
            path: path.into(),
            ends: Vec::new(),
            colours: Vec::new(),
            touching: Vec::new(),
            left: 0,
            right: 0,
        };
        for (line, content) in content_lines(text) {
            let words: Vec<&str> = content.split_whitespace().collect();
            let [u, v, colour] = words[..] else {
                return Err(error(
                    line,
                    "an edge is a line of its two ends and its colour, `U V C` (vertices are \
                     numbers, 0 the ground; C is B, R or G)"
                        .into(),
                ));
            };
            if picture.ends.len() == MAX_EDGES {
                return Err(Error::Limit(format!(
                    "the picture in {path} has more than {MAX_EDGES} edges; hackenbush \
                     plays on at most {MAX_EDGES}"
                )));
            }
            let mut end = |word: &str| -> Result<u8> {
                let name = word.parse::<u64>().map_err(|_| {
                    error(
                        line,
                        "a vertex is a non-negative integer (0 is the ground)".into(),
                    )
                })?;
                let at = match names.iter().position(|&n| n == name) {
                    Some(at) => at,
                    None if names.len() == MAX_VERTICES => {
                        return Err(Error::Limit(format!(
                            "the picture in {path} has more than {MAX_VERTICES} vertices; \
                             hackenbush plays on at most {MAX_VERTICES}"
                        )))
                    }
                    None => {
                        names.push(name);
                        names.len() - 1
                    }
                };
                Ok(at as u8)
            };
            let ends = (end(u)?, end(v)?);
            let colour = match colour.to_ascii_uppercase().as_str() {
                "B" => b'B',
                "R" => b'R',
                "G" => b'G',
                _ => {
                    return Err(error(
                        line,
                        "an edge's colour is B (blue, Left's), R (red, Right's) or G \
                         (green, either's)"
                            .into(),
                    ))
                }
            };
            let bit = 1u64 << picture.ends.len();
            if colour != b'R' {
                picture.left |= bit;
            }
            if colour != b'B' {
                picture.right |= bit;
            }
            picture.ends.push(ends);
            picture.colours.push(colour);
        }
        picture.touching = vec![0; names.len()];
        for (e, &(a, b)) in picture.ends.iter().enumerate() {
            picture.touching[a as usize] |= 1 << e;
            picture.touching[b as usize] |= 1 << e;
        }
        Ok(picture)
    }

    /// Every edge of the picture.
    fn all(&self) -> u64 {
        match self.ends.len() {
            MAX_EDGES => u64::MAX,
            n => (1u64 << n) - 1,
        }
    }

    /// The edges of `standing` joined to the ground by a path of them.
    fn grounded(&self, standing: u64) -> u64 {
        let mut reached: u128 = 1;
        let mut frontier: u128 = 1;
        let mut edges = 0u64;
        while frontier != 0 {
            let v = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let mut new = self.touching[v] & standing & !edges;
            edges |= new;
            while new != 0 {
                let (a, b) = self.ends[new.trailing_zeros() as usize];
                new &= new - 1;
                for w in [a, b] {
                    let bit = 1u128 << w;
                    if reached & bit == 0 {
                        reached |= bit;
                        frontier |= bit;
                    }
                }
            }
        }
        edges
    }

    /// The nimber of `p` as green Hackenbush (every edge cut by either
    /// player), by fusion and the colon principle (the module's notes).
    fn green_nimber(&self, p: u64) -> u64 {
        // What no longer reaches the ground has fallen (a position read
        // or cut is grounded already; this keeps every edge met below
        // reached from the ground).
        let p = self.grounded(p);
        let n = self.touching.len();
        // Depth-first from the ground: each vertex's order of discovery and
        // the least order its subtree reaches by one edge back (Tarjan's
        // bridges, by edge so that parallel edges are no bridge).
        let mut order = vec![u32::MAX; n];
        let mut low = vec![0u32; n];
        let mut bridges = 0u64;
        let mut next = 0;
        // The stack of (vertex, the edge it was reached by, the edges of
        // it still to follow).
        let mut stack = vec![(0usize, usize::MAX, self.touching[0] & p)];
        order[0] = 0;
        low[0] = 0;
        next += 1;
        while let Some(&mut (v, by, ref mut rest)) = stack.last_mut() {
            if *rest == 0 {
                stack.pop();
                if let Some(&(parent, _, _)) = stack.last() {
                    low[parent] = low[parent].min(low[v]);
                    if low[v] > order[parent] {
                        bridges |= 1 << by;
                    }
                }
                continue;
            }
            let e = rest.trailing_zeros() as usize;
            *rest &= *rest - 1;
            let (a, b) = self.ends[e];
            let w = if a as usize == v { b } else { a } as usize;
            if e == by || w == v {
                continue;
            }
            if order[w] == u32::MAX {
                order[w] = next;
                low[w] = next;
                next += 1;
                stack.push((w, e, self.touching[w] & p));
            } else {
                low[v] = low[v].min(order[w]);
            }
        }
        // Each vertex's fused vertex: those joined by edges other than
        // bridges, found from the ground outwards.
        let mut fused = vec![usize::MAX; n];
        let mut loops = vec![0u32; n];
        for start in 0..n {
            if order[start] == u32::MAX || fused[start] != usize::MAX {
                continue;
            }
            fused[start] = start;
            let mut frontier = vec![start];
            while let Some(v) = frontier.pop() {
                let mut edges = self.touching[v] & p & !bridges;
                while edges != 0 {
                    let (a, b) = self.ends[edges.trailing_zeros() as usize];
                    edges &= edges - 1;
                    for w in [a as usize, b as usize] {
                        if fused[w] == usize::MAX {
                            fused[w] = start;
                            frontier.push(w);
                        }
                    }
                }
            }
        }
        let mut cycle_edges = p & !bridges;
        while cycle_edges != 0 {
            let (a, _) = self.ends[cycle_edges.trailing_zeros() as usize];
            cycle_edges &= cycle_edges - 1;
            loops[fused[a as usize]] += 1;
        }
        // The tree of bridges from the ground's fused vertex, by the colon
        // principle, children before parents.
        let mut tree = vec![(fused[0], usize::MAX)];
        let mut seen = 0u64;
        let mut i = 0;
        while i < tree.len() {
            let (c, _) = tree[i];
            for v in (0..n).filter(|&v| fused[v] == c) {
                let mut edges = self.touching[v] & bridges & !seen;
                seen |= edges;
                while edges != 0 {
                    let (a, b) = self.ends[edges.trailing_zeros() as usize];
                    edges &= edges - 1;
                    let w = if fused[a as usize] == c { b } else { a } as usize;
                    tree.push((fused[w], i));
                }
            }
            i += 1;
        }
        let mut nimber: Vec<u64> = tree.iter().map(|&(c, _)| u64::from(loops[c] % 2)).collect();
        for i in (1..tree.len()).rev() {
            let parent = tree[i].1;
            nimber[parent] ^= nimber[i] + 1;
        }
        nimber[0]
    }

    /// The positions after cutting each edge of `p` in `mine`.
    fn cuts(&self, p: u64, mine: u64) -> Vec<u64> {
        let mut edges = p & mine;
        let mut options = Vec::with_capacity(edges.count_ones() as usize);
        while edges != 0 {
            let bit = edges & edges.wrapping_neg();
            edges &= edges - 1;
            options.push(self.grounded(p & !bit));
        }
        options
    }
}

impl ShortGame for Picture {
    /// The edges standing.
    type Position = u64;

    fn left_options(&self, p: &u64) -> Vec<u64> {
        self.cuts(*p, self.left)
    }

    fn right_options(&self, p: &u64) -> Vec<u64> {
        self.cuts(*p, self.right)
    }

    /// The edges joined to each other without passing through the ground.
    fn parts(&self, p: &u64) -> Vec<Part<u64>> {
        let mut rest = *p;
        let mut parts = Vec::new();
        while rest != 0 {
            let mut part = rest & rest.wrapping_neg();
            let mut frontier = part;
            while frontier != 0 {
                let (a, b) = self.ends[frontier.trailing_zeros() as usize];
                frontier &= frontier - 1;
                for w in [a, b] {
                    if w != 0 {
                        let new = self.touching[w as usize] & rest & !part;
                        part |= new;
                        frontier |= new;
                    }
                }
            }
            rest &= !part;
            parts.push(Part {
                key: part,
                negated: false,
            });
        }
        parts
    }
}

impl ShortRules for Picture {
    fn name(&self) -> String {
        format!("hackenbush({})", quote_if_needed(&self.path))
    }

    fn parse_position(&self, word: &Word) -> Result<u64> {
        if word.text == "all" {
            return Ok(self.grounded(self.all()));
        }
        let letters: Vec<char> = word.text.chars().collect();
        let count = self.ends.len();
        if letters.len() != count {
            return Err(Error::Parse {
                column: word.column,
                message: format!(
                    "the picture has {count} edges: write one letter for each, its colour \
                     or '.' where it is gone, or 'all'; this has {}",
                    letters.len()
                ),
            });
        }
        let mut standing = 0u64;
        for (e, &letter) in letters.iter().enumerate() {
            let colour = self.colours[e] as char;
            match letter.to_ascii_uppercase() {
                '.' => {}
                l if l == colour => standing |= 1 << e,
                _ => {
                    return Err(Error::Parse {
                        column: word.column + e,
                        message: format!(
                            "edge {} is {colour} in {}: write {colour}, or '.' where it is gone",
                            e + 1,
                            self.path
                        ),
                    })
                }
            }
        }
        Ok(self.grounded(standing))
    }

    /// One letter an edge; `all` for a picture of no edge, which has no
    /// letter to write.
    /// Green Hackenbush on the picture, by fusion and the colon principle.
    fn variant_nimber(&self, p: &u64) -> Option<u64> {
        Some(self.green_nimber(*p))
    }

    fn show(&self, p: &u64) -> String {
        if self.ends.is_empty() {
            return "all".into();
        }
        (0..self.ends.len())
            .map(|e| match p >> e & 1 {
                1 => self.colours[e] as char,
                _ => '.',
            })
            .collect()
    }

    /// A cut only removes edges: a player with no edge of theirs left
    /// never has one again.
    fn dead_ending(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::catalogue::check::OutcomeCheck;
    use crate::catalogue::partizan::hackenbush::Hackenbush;
    use crate::partizan::{GameId, Games, Valuer};

    /// The picture of `edges`, each (u, v, colour), in the file format.
    fn picture(edges: &[(u64, u64, char)]) -> Picture {
        let text: String = (edges.iter())
            .map(|(u, v, c)| format!("{u} {v} {c}\n"))
            .collect();
        Picture::from_text("test", &text).unwrap()
    }

    fn value(games: &mut Games, rules: &Picture, position: &str) -> GameId {
        let p = rules.parse_position(&Word::new(position)).unwrap();
        Valuer::new(rules.clone())
            .value(games, &p, &mut |_| true)
            .unwrap()
    }

    /// Tiny deterministic generator, so the sample is the same each run.
    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// A stalk drawn as a picture (a path up from the ground) has the value
    /// of the stalk (`hackenbush`'s own rules, checked against Berlekamp's
    /// sign expansion and *n); every stalk of blue, red and green edges up
    /// to 6 edges.
    #[test]
    fn stalks_drawn_as_pictures_are_the_stalks() {
        let mut games = Games::new();
        let mut stalks = Valuer::new(Hackenbush);
        for length in 1..=6u32 {
            for code in 0..3u32.pow(length) {
                let stalk: Vec<u8> = (0..length)
                    .map(|i| b"BRG"[(code / 3u32.pow(i) % 3) as usize])
                    .collect();
                let edges: Vec<(u64, u64, char)> = (stalk.iter().enumerate())
                    .map(|(i, &c)| (i as u64, i as u64 + 1, c as char))
                    .collect();
                let drawn = value(&mut games, &picture(&edges), "all");
                let expected = stalks.value(&mut games, &stalk, &mut |_| true).unwrap();
                assert_eq!(drawn, expected, "{}", String::from_utf8_lossy(&stalk));
            }
        }
    }

    /// Green Hackenbush trees by the colon principle (Winning Ways,
    /// chapter 7; Siegel, IV.3): the branches at a vertex add as nimbers,
    /// and an edge below a tree of nimber g is *(g + 1). Random trees of up
    /// to 12 edges, rooted on the ground, some with several roots there.
    #[test]
    fn green_trees_follow_the_colon_principle() {
        fn colon(children: &[Vec<usize>], v: usize) -> u64 {
            (children[v].iter()).fold(0, |x, &w| x ^ (colon(children, w) + 1))
        }
        let mut seed = 0x853c_49e6_748f_ea9b;
        let mut games = Games::new();
        for _ in 0..200 {
            let count = 1 + (next(&mut seed) % 12) as usize;
            // Vertex k + 1 hangs from a vertex before it (0 the ground).
            let mut children = vec![Vec::new(); count + 1];
            let mut edges = Vec::new();
            for k in 1..=count {
                let parent = (next(&mut seed) % k as u64) as usize;
                children[parent].push(k);
                edges.push((parent as u64, k as u64, 'G'));
            }
            let g = value(&mut games, &picture(&edges), "all");
            let expected = games.nimber(colon(&children, 0));
            assert_eq!(g, expected, "{edges:?}");
        }
    }

    /// The fusion principle (Winning Ways, chapter 7): the vertices of a
    /// green cycle fuse, its edges becoming loops, each a single edge, so
    /// a cycle of n edges through the ground is *(n mod 2). A stalk of k
    /// green edges on another of its vertices then stands on the ground:
    /// *(n mod 2) + *k.
    #[test]
    fn green_cycles_fuse() {
        let mut games = Games::new();
        for n in 2..=7u64 {
            let mut edges: Vec<(u64, u64, char)> = (0..n).map(|i| (i, i + 1, 'G')).collect();
            edges.last_mut().unwrap().1 = 0;
            let cycle = value(&mut games, &picture(&edges), "all");
            assert_eq!(cycle, games.nimber(n % 2), "cycle of {n}");
            for k in 1..=3u64 {
                let mut flower = edges.clone();
                for j in 0..k {
                    let from = if j == 0 { 1 } else { 100 + j - 1 };
                    flower.push((from, 100 + j, 'G'));
                }
                let g = value(&mut games, &picture(&flower), "all");
                assert_eq!(g, games.nimber((n % 2) ^ k), "cycle of {n}, stalk of {k}");
            }
        }
        // A loop on the ground is one edge, whatever its colour.
        let mut games = Games::new();
        for (c, text) in [('B', "1"), ('R', "-1"), ('G', "*")] {
            let g = value(&mut games, &picture(&[(0, 0, c)]), "all");
            assert_eq!(games.write(g).unwrap(), text);
        }
    }

    fn random_picture(seed: &mut u64) -> (Picture, u64) {
        let count = 1 + (next(seed) % 9) as usize;
        let vertices = 2 + next(seed) % 5;
        let edges: Vec<(u64, u64, char)> = (0..count)
            .map(|_| {
                let colour = ['B', 'R', 'G'][(next(seed) % 3) as usize];
                (next(seed) % vertices, next(seed) % vertices, colour)
            })
            .collect();
        let rules = picture(&edges);
        let p = rules.grounded(rules.all() & !(next(seed) & next(seed)));
        (rules, p)
    }

    /// Random pictures of up to 9 edges on up to 6 vertices, loops and
    /// parallel edges allowed: the outcome of each value (its parts apart)
    /// is who wins by plain search of the whole picture, in normal and
    /// misère play.
    #[test]
    fn outcome_classes_agree_with_search() {
        let mut seed = 0x2545_f491_4f6c_dd1d;
        for _ in 0..400 {
            let (rules, p) = random_picture(&mut seed);
            OutcomeCheck::new(rules).assert(&p, true);
        }
    }

    /// The impartial variant's nimber by fusion and the colon principle is
    /// the mex of its options' by plain search (either player cutting any
    /// edge), on random pictures of up to 12 edges on up to 7 vertices,
    /// loops, parallel edges and cycles through the ground among them.
    #[test]
    fn green_nimbers_by_fusion_are_those_of_search() {
        fn searched(rules: &Picture, p: u64, memo: &mut HashMap<u64, u64>) -> u64 {
            if let Some(&known) = memo.get(&p) {
                return known;
            }
            let mut options = rules.left_options(&p);
            options.extend(rules.right_options(&p));
            let seen: Vec<u64> = options.iter().map(|&o| searched(rules, o, memo)).collect();
            let mex = (0..).find(|n| !seen.contains(n)).unwrap();
            memo.insert(p, mex);
            mex
        }
        let mut seed = 0x6c07_8965_d5b8_2a4f;
        let mut cycles = 0;
        for _ in 0..400 {
            let count = 1 + (next(&mut seed) % 12) as usize;
            let vertices = 2 + next(&mut seed) % 6;
            let edges: Vec<(u64, u64, char)> = (0..count)
                .map(|_| (next(&mut seed) % vertices, next(&mut seed) % vertices, 'B'))
                .collect();
            let rules = picture(&edges);
            let p = rules.grounded(rules.all() & !(next(&mut seed) & next(&mut seed)));
            let mut memo = HashMap::new();
            let expected = searched(&rules, p, &mut memo);
            assert_eq!(
                rules.variant_nimber(&p),
                Some(expected),
                "{edges:?} {}",
                rules.show(&p)
            );
            cycles += usize::from(rules.green_nimber(p) != 0 && p.count_ones() > 2);
            // Edges written as standing but no longer grounded have fallen.
            assert_eq!(
                rules.green_nimber(rules.all()),
                rules.green_nimber(rules.grounded(rules.all()))
            );
        }
        assert!(cycles > 50, "{cycles}");
    }

    /// Cutting an edge drops every edge it alone held to the ground, and
    /// positions are written back as they are read.
    #[test]
    fn cut_edges_take_what_hangs_from_them() {
        // A blue edge on the ground, a red and a green edge on top of it,
        // and a green edge from the top back to the ground.
        let rules = picture(&[(0, 1, 'B'), (1, 2, 'R'), (1, 3, 'G'), (3, 0, 'G')]);
        let all = rules.parse_position(&Word::new("all")).unwrap();
        assert_eq!(rules.show(&all), "BRGG");
        let shows =
            |options: Vec<u64>| -> Vec<String> { options.iter().map(|o| rules.show(o)).collect() };
        // Left cuts the blue edge (the green path still holds the rest) or
        // either green one; cutting both green edges is two moves.
        assert_eq!(shows(rules.left_options(&all)), [".RGG", "BR.G", "BRG."]);
        // Without the first green edge, the red edge hangs from the blue.
        let without_green = rules.parse_position(&Word::new("BR.G")).unwrap();
        assert_eq!(shows(rules.left_options(&without_green)), ["...G", "BR.."]);
        let empty = Picture::from_text("empty", "# no edge\n").unwrap();
        let nothing = empty.parse_position(&Word::new("all")).unwrap();
        assert_eq!((nothing, empty.show(&nothing).as_str()), (0, "all"));
        // A floating edge written as standing has fallen.
        let floating = rules.parse_position(&Word::new(".R..")).unwrap();
        assert_eq!(rules.show(&floating), "....");
    }

    #[test]
    fn bad_pictures_and_positions_are_refused() {
        let bad = |text: &str| Picture::from_text("p", text).unwrap_err();
        assert!(
            matches!(bad("0 1 B\n1 2 X\n"), Error::File { message, .. } if message.starts_with("line 2:"))
        );
        assert!(
            matches!(bad("0 1\n"), Error::File { message, .. } if message.starts_with("line 1:"))
        );
        assert!(
            matches!(bad("# a comment\n0 -1 B\n"), Error::File { message, .. } if message.starts_with("line 2:"))
        );
        let long: String = (0..65).map(|i| format!("{i} {} G\n", i + 1)).collect();
        assert!(matches!(bad(&long), Error::Limit(_)));
        let rules = picture(&[(0, 1, 'B'), (1, 2, 'R')]);
        let parse = |text: &str| {
            rules.parse_position(&Word {
                text: text.into(),
                column: 10,
            })
        };
        assert!(matches!(parse("BB"), Err(Error::Parse { column: 11, .. })));
        assert!(matches!(parse("B"), Err(Error::Parse { column: 10, .. })));
        assert_eq!(parse("b.").unwrap(), 1);
    }
}
