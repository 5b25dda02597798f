//! Loopy games written as CGSuite writes them: braces whose options may
//! be `pass` (a move to the game of the innermost braces: `on` is
//! `{pass|}`) or a label of braces further out (`a:{0|{1|a}}`), and the
//! names `on`, `off`, `dud`, `over`, `under`, `upon`. Read by the reader
//! of short games (`partizan/text.rs`) into a [`Builder`]; written by
//! [`write()`].

use hashbrown::HashMap;

use crate::error::{Error, Result};
use crate::interrupt::Interrupt;
use crate::partizan::{Build, Dyadic, GameId, Games};

use super::graph::Graph;
use super::survive::Order;

/// The most positions a loopy game read or summed may have.
pub const MAX_POSITIONS: usize = 1 << 20;

/// The most options its positions may have together.
pub const MAX_OPTIONS: usize = 1 << 24;

/// The most positions a loopy value has where it is written out: the
/// writing recurses along its paths.
pub const MAX_WRITTEN_POSITIONS: usize = 256;

/// The most characters a loopy value takes written out.
pub const MAX_WRITTEN: usize = 1 << 20;

/// The names of loopy games, and their definitions (Siegel,
/// *Combinatorial Game Theory*, VI.1; Winning Ways, ch. 11).
pub const NAMES: [(&str, &str); 6] = [
    ("on", "{pass|}"),
    ("off", "{|pass}"),
    ("dud", "{pass|pass}"),
    ("over", "{0|pass}"),
    ("under", "{pass|0}"),
    ("upon", "{pass|*}"),
];

/// A table that reads loopy games into one graph: short games are built
/// canonical in `games` and copied in as vertices; a game in braces is a
/// vertex opened before its options are read, so that `pass` and labels
/// can name it.
pub struct Builder<'a> {
    graph: Graph,
    games: &'a mut Games,
    copied: HashMap<GameId, u32>,
    open: Vec<u32>,
    stop: Option<Error>,
}

impl<'a> Builder<'a> {
    /// An empty table, its short games built in `games`.
    pub fn new(games: &'a mut Games) -> Builder<'a> {
        Builder {
            graph: Graph::new(),
            games,
            copied: HashMap::new(),
            open: Vec::new(),
            stop: None,
        }
    }

    /// The game at vertex `g`, alone (its vertex 0).
    pub fn game_at(&self, g: u32) -> Graph {
        self.graph.game(g)
    }

    /// The table short games are built in.
    pub fn games(&mut self) -> &mut Games {
        self.games
    }

    /// The short game g of [`Builder::games`] copied in as vertices; the
    /// vertex that is g.
    pub fn short(&mut self, g: GameId) -> Result<u32> {
        self.copy(g)
    }

    /// Copies the loopy game `graph` (at its vertex 0) in; its vertex.
    pub fn insert(&mut self, graph: &Graph) -> Result<u32> {
        let g = self.graph.append(graph);
        self.check()?;
        Ok(g)
    }

    /// The short game g as vertices of the graph (each canonical option
    /// once), depth first by an explicit stack of frames, each a game and
    /// its options; the options its frames hold count against
    /// [`MAX_OPTIONS`] before they are listed (*n has n options, each *k
    /// below it k more).
    fn copy(&mut self, g: GameId) -> Result<u32> {
        let mut held = self.graph.edges();
        let mut frames = Vec::new();
        if !self.copied.contains_key(&g) {
            frames.push(self.frame(g, &mut held)?);
        }
        while let Some(frame) = frames.last_mut() {
            if let Some(&o) = frame.options.get(frame.next) {
                frame.next += 1;
                if !self.copied.contains_key(&o) {
                    let inner = self.frame(o, &mut held)?;
                    frames.push(inner);
                }
                continue;
            }
            let Some(done) = frames.pop() else { break };
            let ids: Vec<u32> = done.options.iter().map(|o| self.copied[o]).collect();
            let v = self.graph.vertex();
            let (left, right) = ids.split_at(done.left);
            self.graph.set(v, left.to_vec(), right.to_vec());
            self.copied.insert(done.game, v);
            self.limit()?;
        }
        Ok(self.copied[&g])
    }

    /// The frame of g for [`Builder::copy`], its options added to `held`.
    fn frame(&mut self, g: GameId, held: &mut usize) -> Result<Frame> {
        let room = MAX_OPTIONS.saturating_sub(*held) as u64;
        let form = (self.games.listed_form(g, room)).ok_or_else(|| self.too_large())?;
        self.games.check()?;
        *held += form.left.len() + form.right.len();
        let left = form.left.len();
        let mut options = form.left;
        options.extend(form.right);
        Ok(Frame {
            game: g,
            options,
            left,
            next: 0,
        })
    }

    fn too_large(&self) -> Error {
        Error::Limit(format!(
            "a loopy game of more than {MAX_POSITIONS} positions or {MAX_OPTIONS} options, the \
             most one is built with"
        ))
    }

    fn limit(&mut self) -> Result<()> {
        if self.graph.len() > MAX_POSITIONS || self.graph.edges() > MAX_OPTIONS {
            let error = self.too_large();
            self.stop.get_or_insert(error);
        }
        match &self.stop {
            Some(e) => Err(e.clone()),
            None => self.games.check(),
        }
    }
}

impl Build for Builder<'_> {
    type Id = u32;
    fn zero(&mut self) -> u32 {
        // The game without options: no form to copy.
        self.graph.vertex()
    }
    fn number(&mut self, x: Dyadic) -> Result<u32> {
        let g = self.games.number(x);
        self.copy(g)
    }
    fn ups(&mut self, n: i64) -> Result<u32> {
        let g = self.games.ups(n);
        self.copy(g)
    }
    fn nimber(&mut self, n: u64) -> Result<u32> {
        let g = self.games.nimber(n);
        self.copy(g)
    }
    fn neg(&mut self, g: u32) -> Result<u32> {
        let minus = self.graph.game(g).negated();
        let v = self.graph.append(&minus);
        self.limit()?;
        Ok(v)
    }
    fn add(&mut self, g: u32, h: u32) -> Result<u32> {
        let sum = Graph::sum(&self.graph.game(g), &self.graph.game(h), MAX_POSITIONS)?;
        let v = self.graph.append(&sum);
        self.limit()?;
        Ok(v)
    }
    fn game(&mut self, left: &[u32], right: &[u32]) -> Result<u32> {
        let v = self.graph.vertex();
        self.graph.set(v, left.to_vec(), right.to_vec());
        self.limit()?;
        Ok(v)
    }
    fn check(&self) -> Result<()> {
        match &self.stop {
            Some(e) => Err(e.clone()),
            None => self.games.check(),
        }
    }
    fn open(&mut self) -> bool {
        let v = self.graph.vertex();
        self.open.push(v);
        true
    }
    fn opened(&mut self, outer: usize) -> Result<u32> {
        let at = self.open.len().checked_sub(outer + 1);
        at.map(|i| self.open[i])
            .ok_or_else(|| Error::Unsupported("no game is open here".into()))
    }
    fn close(&mut self, left: &[u32], right: &[u32]) -> Result<u32> {
        let v = (self.open.pop()).ok_or_else(|| Error::Unsupported("no game is open".into()))?;
        self.graph.set(v, left.to_vec(), right.to_vec());
        self.limit()?;
        Ok(v)
    }
    fn named(&mut self, name: &str) -> Option<Result<u32>> {
        let (_, text) = NAMES.iter().find(|(n, _)| *n == name)?;
        Some(crate::partizan::read_into(self, text, 1))
    }
}

/// A short game being copied into a graph: its options, Left's first.
struct Frame {
    game: GameId,
    options: Vec<GameId>,
    left: usize,
    /// The next option to look at.
    next: usize,
}

/// The loopy game written in `text`, at vertex 0 of its graph; short
/// games inside it built in `games`. An error names the column, counted
/// from `column`.
pub fn read(games: &mut Games, text: &str, column: usize) -> Result<Graph> {
    let mut builder = Builder::new(games);
    let g = crate::partizan::read_into(&mut builder, text, column)?;
    Ok(builder.game_at(g))
}

/// The stopper in simplest form at vertex 0 of `graph`, written: a short
/// game in the notation of short games, a named one by its name, any
/// other in braces, with `pass` for a move to the braces' own game and a
/// label (`a:{...}`) on braces that an option further in moves back to.
/// Options are written in the order of their texts, so that equal
/// simplest forms are written alike.
pub fn write(graph: &Graph, games: &mut Games) -> Result<String> {
    let n = graph.len();
    if n > MAX_WRITTEN_POSITIONS {
        return Err(Error::Limit(format!(
            "a loopy value of {n} positions is not written out: at most \
             {MAX_WRITTEN_POSITIONS} are"
        )));
    }
    let short = short_games(graph, games);
    let names = named_vertices(graph, games.interrupt().as_ref())?;
    let mut writer = Writer {
        graph,
        games,
        short,
        names,
        path: Vec::new(),
        written: 0,
    };
    let (text, _) = writer.vertex(0)?;
    Ok(text)
}

/// The short game of each vertex from which no move leads round a cycle.
fn short_games(graph: &Graph, games: &mut Games) -> Vec<Option<GameId>> {
    let free = graph.loopfree_vertices();
    let n = graph.len();
    let mut short: Vec<Option<GameId>> = vec![None; n];
    for start in 0..n {
        if !free[start] || short[start].is_some() {
            continue;
        }
        let mut stack = vec![start as u32];
        while let Some(&v) = stack.last() {
            if short[v as usize].is_some() {
                stack.pop();
                continue;
            }
            let options = graph.left(v).iter().chain(graph.right(v));
            let missing: Vec<u32> = options
                .filter(|&&w| short[w as usize].is_none())
                .copied()
                .collect();
            if !missing.is_empty() {
                stack.extend(missing);
                continue;
            }
            let of = |side: &[u32]| -> Vec<GameId> {
                side.iter().filter_map(|&w| short[w as usize]).collect()
            };
            let (left, right) = (of(graph.left(v)), of(graph.right(v)));
            short[v as usize] = Some(games.game(&left, &right));
            stack.pop();
        }
    }
    short
}

/// The name of each vertex equal to a named game (`over`, `upon`, ...).
fn named_vertices(
    graph: &Graph,
    interrupt: Option<&Interrupt>,
) -> Result<Vec<Option<&'static str>>> {
    let mut union = graph.clone();
    let mut starts = Vec::new();
    let mut scratch = Games::new();
    for (name, text) in NAMES {
        let named = read(&mut scratch, text, 1)?;
        if named.is_stopper() {
            starts.push((name, union.append(&named)));
        }
    }
    let order = Order::of(&union, interrupt)?;
    Ok((0..graph.len() as u32)
        .map(|v| {
            (starts.iter())
                .find(|&&(_, s)| order.eq(v, s))
                .map(|&(name, _)| name)
        })
        .collect())
}

struct Writer<'a> {
    graph: &'a Graph,
    games: &'a mut Games,
    short: Vec<Option<GameId>>,
    names: Vec<Option<&'static str>>,
    /// The vertices whose braces are open, outermost first.
    path: Vec<u32>,
    written: usize,
}

impl Writer<'_> {
    /// The text of vertex v, and the depths of the open braces that it
    /// names by their labels.
    fn vertex(&mut self, v: u32) -> Result<(String, Vec<usize>)> {
        if let Some(g) = self.short[v as usize] {
            return Ok((self.games.write(g)?, Vec::new()));
        }
        if let Some(name) = self.names[v as usize] {
            return Ok((name.to_string(), Vec::new()));
        }
        self.path.push(v);
        let depth = self.path.len() - 1;
        let mut named = Vec::new();
        let mut sides = [Vec::new(), Vec::new()];
        for (side, left) in [(0, true), (1, false)] {
            for &w in self.graph.options(v, left) {
                let text = if w == v {
                    "pass".to_string()
                } else if let Some(d) = self.path.iter().position(|&p| p == w) {
                    named.push(d);
                    label(d)
                } else {
                    let (text, inner) = self.vertex(w)?;
                    named.extend(inner);
                    text
                };
                self.written += text.len();
                if self.written > MAX_WRITTEN {
                    return Err(Error::Limit(format!(
                        "the value is longer than {MAX_WRITTEN} characters written out, the \
                         most that are written"
                    )));
                }
                sides[side].push(text);
            }
            sides[side].sort();
        }
        self.path.pop();
        let labelled = named.contains(&depth);
        named.retain(|&d| d != depth);
        let [left, right] = sides;
        let text = format!(
            "{}{{{}|{}}}",
            match labelled {
                true => format!("{}:", label(depth)),
                false => String::new(),
            },
            left.join(","),
            right.join(",")
        );
        Ok((text, named))
    }
}

/// The label of the braces `depth` deep: a letter (not `v`, which is
/// down), with a number past the 25th.
fn label(depth: usize) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuwxyz";
    let letter = LETTERS[depth % LETTERS.len()] as char;
    match depth / LETTERS.len() {
        0 => letter.to_string(),
        k => format!("{letter}{k}"),
    }
}
