//! Values as text, in the notation of CGSuite and Winning Ways, both ways:
//! numbers `2`, `-3/4`; nimbers `*`, `*2`; ups `^`, `^^`, `^3`, downs `v`,
//! `vv`, `v3`, with a nimber `^*`; a number before them, `1*`, `1/2^`;
//! switches `±1` (also `+-1`); and games by their options, `{2|0}`,
//! `{0,*|0}`, nested freely or with more bars for the outer split,
//! `{0||0|-1}` = `{0|{0|-1}}`; options without a bar are either
//! player's, `{0,*2}` = `{0,*2|0,*2}`, as misère forms are written
//! (`misere/canonical.rs`). Sums and differences of these, `1 + *`,
//! `{1|0} - 1/2`, may stand anywhere an option does. A minus before a
//! digit is the number's sign, as the writer means it: `-1^` is -1 + ↑,
//! while `-^` is ↓ and `-{1|0}` the negative.
//!
//! What [`Games::write`] writes, [`Games::read`] reads back to the same game.

use super::{Dyadic, GameId, Games, MAX_HEIGHT};
use crate::error::{Error, Result};

/// Bounds on what a literal may say, so that arithmetic on numbers stays
/// exact (`dyadic.rs`): integers and denominators below 2^32, no number
/// finer than 1/2^48 built in braces, and braces nested no deeper than a
/// game of the table may be high (what grundy writes of its own games).
const MAX_INTEGER_BITS: u32 = 32;
const MAX_EXPONENT: u32 = 48;
const MAX_DEPTH: usize = MAX_HEIGHT as usize;

/// The longest text of a game that is written: a canonical form written
/// out by its options can take exponentially more characters than the
/// table holds of it (a sum of 20 switches), so a longer one is refused.
pub const MAX_WRITTEN: usize = 100_000;
/// The most ups (or downs) and the largest nimber one literal reads: the
/// table holds such values by their parts (`nus.rs`), so the bound is
/// only that of their arithmetic.
const MAX_COUNT: u64 = 1 << 62;

impl Games {
    /// g in the notation above: its compact name where it has one, else
    /// its options; a limit error if the text would be longer than
    /// [`MAX_WRITTEN`] characters, or the table met a limit.
    pub fn write(&mut self, g: GameId) -> Result<String> {
        self.write_if_short(g)?.ok_or_else(|| {
            Error::Limit(format!(
                "the value is longer than {MAX_WRITTEN} characters written out, the most that \
                 are written"
            ))
        })
    }

    /// g written out as [`Games::write`] does, or `None` where that takes
    /// more than [`MAX_WRITTEN`] characters; an error only where the table
    /// met a limit.
    pub fn write_if_short(&mut self, g: GameId) -> Result<Option<String>> {
        self.check()?;
        let mut text = String::new();
        let written = self.write_into(g, &mut text);
        self.check()?;
        Ok(written.then_some(text))
    }

    /// Writes g at the end of `text`, as [`Games::write`] does; stops, and
    /// says false, once `text` is longer than [`MAX_WRITTEN`]. The
    /// recursion goes as deep as g's height.
    fn write_into(&mut self, g: GameId, text: &mut String) -> bool {
        if let Some(name) = self.name(g) {
            text.push_str(&name);
            return text.len() <= MAX_WRITTEN;
        }
        let form = self.form(g);
        write_braced(text, &[&form.left, &form.right], |option, text| {
            self.write_into(option, text)
        })
    }

    /// g's compact name, when it has one: a number, ups and a nimber over
    /// a number, or a switch ±x.
    fn name(&mut self, g: GameId) -> Option<String> {
        if let Some(v) = self.nus_value(g) {
            let number = match v.x == Dyadic::ZERO && !v.is_number() {
                true => String::new(),
                false => v.x.to_string(),
            };
            let ups = match v.ups {
                0 => String::new(),
                1 => "^".into(),
                2 => "^^".into(),
                -1 => "v".into(),
                -2 => "vv".into(),
                u if u > 0 => format!("^{u}"),
                u => format!("v{}", u.unsigned_abs()),
            };
            let star = match v.nimber {
                0 => String::new(),
                1 => "*".into(),
                n => format!("*{n}"),
            };
            return Some(format!("{number}{ups}{star}"));
        }
        let form = self.form(g);
        if let ([l], [r]) = (&form.left[..], &form.right[..]) {
            if let (Some(a), Some(b)) = (self.number_value(*l), self.number_value(*r)) {
                if a == -b {
                    return Some(format!("±{a}"));
                }
            }
        }
        None
    }

    /// The game written in `text`; an error names the column (counted from
    /// `column`, where the text starts in a longer line).
    pub fn read(&mut self, text: &str, column: usize) -> Result<GameId> {
        read_into(self, text, column)
    }
}

/// Writes a game by its options at the end of `text`: `{a,b|c}`, or with
/// one side (an impartial game's), `{a,b}`, each option by `write`; says
/// false once `write` does or `text` is longer than [`MAX_WRITTEN`].
pub fn write_braced<Id: Copy>(
    text: &mut String,
    sides: &[&[Id]],
    mut write: impl FnMut(Id, &mut String) -> bool,
) -> bool {
    text.push('{');
    for (side, options) in sides.iter().enumerate() {
        if side > 0 {
            text.push('|');
        }
        for (i, &option) in options.iter().enumerate() {
            if i > 0 {
                text.push(',');
            }
            if !write(option, text) {
                return false;
            }
        }
    }
    text.push('}');
    text.len() <= MAX_WRITTEN
}

/// What a reader builds games in: the table of canonical forms
/// ([`Games`]), or another table that keeps games as written (misère play,
/// where a form's options matter as they are). Each operation may meet a
/// limit of the table.
pub trait Build {
    /// A game of the table.
    type Id: Copy;
    /// The game with no move.
    fn zero(&mut self) -> Self::Id;
    /// The number x, in its canonical form.
    fn number(&mut self, x: Dyadic) -> Result<Self::Id>;
    /// n·↑ (↑ = {0|*}; downs where n < 0).
    fn ups(&mut self, n: i64) -> Result<Self::Id>;
    /// The nimber *n.
    fn nimber(&mut self, n: u64) -> Result<Self::Id>;
    /// -g.
    fn neg(&mut self, g: Self::Id) -> Result<Self::Id>;
    /// g + h.
    fn add(&mut self, g: Self::Id, h: Self::Id) -> Result<Self::Id>;
    /// {left | right}.
    fn game(&mut self, left: &[Self::Id], right: &[Self::Id]) -> Result<Self::Id>;
    /// The denominator's exponent of g, where g is a number the reader
    /// bounds (a game in braces finer than 1/2^48).
    fn exponent(&mut self, _g: Self::Id) -> Option<u32> {
        None
    }
    /// The limit the table met, if any.
    fn check(&self) -> Result<()>;
    /// Opens the game of a pair of braces before its options are read, so
    /// that `pass` and labels inside them can name it: a loopy game's
    /// table does, and says so; a table of short games does not.
    fn open(&mut self) -> bool {
        false
    }
    /// The game opened `outer` braces out from the innermost one still
    /// open (0: the innermost).
    fn opened(&mut self, _outer: usize) -> Result<Self::Id> {
        Err(Error::Unsupported("no game is open here".into()))
    }
    /// Gives the innermost game opened its options, and closes it.
    fn close(&mut self, left: &[Self::Id], right: &[Self::Id]) -> Result<Self::Id> {
        self.game(left, right)
    }
    /// The game called `name` (`on`, `off`, ...); `None` where this table
    /// has no game of that name.
    fn named(&mut self, _name: &str) -> Option<Result<Self::Id>> {
        None
    }
}

impl Build for Games {
    type Id = GameId;
    fn zero(&mut self) -> GameId {
        Games::zero(self)
    }
    fn number(&mut self, x: Dyadic) -> Result<GameId> {
        Ok(Games::number(self, x))
    }
    fn ups(&mut self, n: i64) -> Result<GameId> {
        Ok(Games::ups(self, n))
    }
    fn nimber(&mut self, n: u64) -> Result<GameId> {
        Ok(Games::nimber(self, n))
    }
    fn neg(&mut self, g: GameId) -> Result<GameId> {
        Ok(Games::neg(self, g))
    }
    fn add(&mut self, g: GameId, h: GameId) -> Result<GameId> {
        Ok(Games::add(self, g, h))
    }
    fn game(&mut self, left: &[GameId], right: &[GameId]) -> Result<GameId> {
        Ok(Games::game(self, left, right))
    }
    fn exponent(&mut self, g: GameId) -> Option<u32> {
        self.number_value(g).map(|x| x.exponent())
    }
    fn check(&self) -> Result<()> {
        Games::check(self)
    }
}

/// The game written in `text`, built in `table`; an error names the column
/// (counted from `column`, where the text starts in a longer line).
pub fn read_into<B: Build>(table: &mut B, text: &str, column: usize) -> Result<B::Id> {
    let mut reader = Reader {
        chars: text.chars().collect(),
        at: 0,
        column,
        depth: 0,
        opened: Vec::new(),
        label: None,
    };
    let g = reader.sum(table)?;
    reader.skip_space();
    if let Some(c) = reader.peek() {
        return Err(reader.error(format!("unexpected '{c}' after a whole game")));
    }
    table.check()?;
    Ok(g)
}

struct Reader {
    chars: Vec<char>,
    at: usize,
    column: usize,
    depth: usize,
    /// The braces of loopy games still open, innermost last.
    opened: Vec<Opened>,
    /// The label just read (`a:`), for the braces that follow it.
    label: Option<String>,
}

/// A pair of braces of a loopy game, open while its options are read.
struct Opened {
    /// Its label, if it has one (`a:{0|a}`).
    label: Option<String>,
    /// How often `pass` or its label has named it so far.
    named: usize,
}

/// What stands between options inside braces.
enum Piece<Id> {
    Options(Vec<Id>),
    Bars { count: usize, column: usize },
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn error(&self, message: impl Into<String>) -> Error {
        Error::Parse {
            column: self.column + self.at,
            message: message.into(),
        }
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    /// term (('+' | '-') term)*
    fn sum<B: Build>(&mut self, games: &mut B) -> Result<B::Id> {
        let named = self.named_open();
        let mut total = self.term(games)?;
        loop {
            self.skip_space();
            let operator = self.at;
            let negate = match self.peek() {
                Some('+') if self.chars.get(self.at + 1) == Some(&'-') => {
                    // `+-1` after a term: a plus and a switch.
                    self.at += 1;
                    false
                }
                Some('+') => {
                    self.at += 1;
                    false
                }
                Some('-') => {
                    self.at += 1;
                    true
                }
                _ => return Ok(total),
            };
            let term = self.term(games)?;
            self.closed_since(named, operator, "a sum")?;
            let term = if negate { games.neg(term)? } else { term };
            total = games.add(total, term)?;
        }
    }

    /// '-'* ('±' atom | '+-' atom | atom): each minus negates once more
    /// (counted, not recursed: a text of many minuses is no deeper).
    fn term<B: Build>(&mut self, games: &mut B) -> Result<B::Id> {
        let mut negated = false;
        self.skip_space();
        let start = self.at;
        // A minus before a digit is the number's sign: -1^ is -1 + ^.
        while self.peek() == Some('-')
            && !self
                .chars
                .get(self.at + 1)
                .is_some_and(char::is_ascii_digit)
        {
            negated = !negated;
            self.at += 1;
            self.skip_space();
        }
        let named = self.named_open();
        let g = self.unsigned(games)?;
        if negated {
            self.closed_since(named, start, "a negative")?;
            games.neg(g)
        } else {
            Ok(g)
        }
    }

    /// '±' atom | '+-' atom | atom
    fn unsigned<B: Build>(&mut self, games: &mut B) -> Result<B::Id> {
        match self.peek() {
            Some('±') => {
                self.at += 1;
                self.switch(games)
            }
            Some('+') if self.chars.get(self.at + 1) == Some(&'-') => {
                self.at += 2;
                self.switch(games)
            }
            _ => self.atom(games),
        }
    }

    /// ±G = {G | -G}.
    fn switch<B: Build>(&mut self, games: &mut B) -> Result<B::Id> {
        let named = self.named_open();
        let sign = self.at;
        let g = self.atom(games)?;
        self.closed_since(named, sign, "a switch ±G")?;
        let minus = games.neg(g)?;
        games.game(&[g], &[minus])
    }

    /// A number, then ups or downs, then a nimber, each optional but not
    /// all; or a game in braces.
    fn atom<B: Build>(&mut self, games: &mut B) -> Result<B::Id> {
        self.skip_space();
        if self.peek() == Some('{') {
            return self.braces(games);
        }
        if self.peek().is_some_and(starts_name) {
            return self.name(games);
        }
        let start = self.at;
        let mut value = games.zero();
        let negative = self.peek() == Some('-');
        if negative {
            self.at += 1;
        }
        if self.peek().is_some_and(|c| c.is_ascii_digit()) {
            let x = self.number()?;
            value = games.number(if negative { -x } else { x })?;
        }
        if let Some(c @ ('^' | 'v')) = self.peek() {
            let mut count = 0u64;
            while self.peek() == Some(c) {
                count += 1;
                self.at += 1;
            }
            if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                if count > 1 {
                    return Err(self.error("write ^^ or ^2, not both"));
                }
                count = self.count("ups")?;
            }
            // At most MAX_COUNT, from the count or the characters read.
            let count = i64::try_from(count.min(MAX_COUNT)).unwrap_or(i64::MAX);
            let ups = games.ups(if c == '^' { count } else { -count })?;
            value = games.add(value, ups)?;
        }
        if self.peek() == Some('*') {
            self.at += 1;
            let n = if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.count("a nimber")?
            } else {
                1
            };
            let nimber = games.nimber(n)?;
            value = games.add(value, nimber)?;
        }
        if self.at == start {
            return Err(match self.peek() {
                Some(c) => self.error(format!(
                    "expected a game (a number, *, ^, v, ± or {{...}}), found '{c}'"
                )),
                None => self.error("expected a game, found the end"),
            });
        }
        Ok(value)
    }

    /// Digits after ^, v or *: a count up to [`MAX_COUNT`].
    fn count(&mut self, what: &str) -> Result<u64> {
        let column = self.at;
        // None once past u64: a count is never written saturated.
        let mut n = Some(0u64);
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            n = n.and_then(|n| n.checked_mul(10)?.checked_add(u64::from(d)));
            self.at += 1;
        }
        match n {
            Some(n) if n <= MAX_COUNT => Ok(n),
            _ => Err(Error::Limit(format!(
                "{} at column {}: at most 2^62 are read",
                n.map_or(format!("{what} too large"), |n| format!("{what} of {n}")),
                self.column + column
            ))),
        }
    }

    /// An integer, or a fraction whose denominator is a power of two.
    fn number(&mut self) -> Result<Dyadic> {
        let start = self.at;
        let integer = self.digits()?;
        if self.peek() != Some('/') {
            return Ok(Dyadic::integer(integer));
        }
        self.at += 1;
        if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
            return Err(self.error("expected a denominator after '/'"));
        }
        let denominator = self.digits()?;
        if denominator <= 0 || denominator.count_ones() != 1 {
            return Err(Error::Parse {
                column: self.column + start,
                message: format!(
                    "{integer}/{denominator} is not a number of a short game: \
                     the denominator must be a power of two"
                ),
            });
        }
        Ok(Dyadic::new(integer, denominator.trailing_zeros()))
    }

    fn digits(&mut self) -> Result<i128> {
        let start = self.at;
        let mut n: i128 = 0;
        while let Some(d) = self.peek().and_then(|c| c.to_digit(10)) {
            n = n * 10 + i128::from(d);
            self.at += 1;
            if n >= 1 << MAX_INTEGER_BITS {
                return Err(Error::Limit(format!(
                    "the number at column {} is too large: numbers below 2^{MAX_INTEGER_BITS} \
                     are read",
                    self.column + start
                )));
            }
        }
        Ok(n)
    }

    /// `{ options | options }`, with `||`, `|||` .. for outer splits.
    fn braces<B: Build>(&mut self, games: &mut B) -> Result<B::Id> {
        let open = self.at;
        self.at += 1;
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Error::Limit(format!(
                "braces nested more than {MAX_DEPTH} deep at column {}",
                self.column + open
            )));
        }
        let label = self.label.take();
        let loopy = games.open();
        match loopy {
            true => self.opened.push(Opened { label, named: 0 }),
            false if label.is_some() => {
                return Err(self
                    .error("a label (name:) is for the braces of a loopy game, which this is not"))
            }
            false => {}
        }
        let mut pieces = Vec::new();
        let mut options = Vec::new();
        // What came last: the start of a side (after '{' or bars), an
        // option, or a comma.
        #[derive(PartialEq)]
        enum Last {
            Start,
            Option,
            Comma,
        }
        let mut last = Last::Start;
        loop {
            self.skip_space();
            let c = self.peek();
            if last == Last::Comma && matches!(c, Some('|' | '}' | ',')) {
                return Err(self.error("expected an option after ','"));
            }
            match c {
                None => {
                    return Err(Error::Parse {
                        column: self.column + open,
                        message: "this brace is never closed".into(),
                    })
                }
                Some('}') => {
                    self.at += 1;
                    break;
                }
                Some('|') => {
                    let column = self.at;
                    let mut count = 0;
                    while self.peek() == Some('|') {
                        count += 1;
                        self.at += 1;
                    }
                    pieces.push(Piece::Options(std::mem::take(&mut options)));
                    pieces.push(Piece::Bars { count, column });
                    last = Last::Start;
                }
                Some(',') if last == Last::Start => {
                    return Err(self.error("expected an option before ','"));
                }
                Some(',') => {
                    self.at += 1;
                    last = Last::Comma;
                }
                Some(_) if last == Last::Option => {
                    return Err(self.error("expected ',' between options"));
                }
                Some(_) => {
                    options.push(self.sum(games)?);
                    last = Last::Option;
                }
            }
        }
        self.depth -= 1;
        if loopy {
            self.opened.pop();
        }
        if pieces.is_empty() {
            // No bar: the options are either player's.
            return match loopy {
                true => games.close(&options, &options),
                false => games.game(&options, &options),
            };
        }
        pieces.push(Piece::Options(options));
        self.split(games, pieces, open, loopy)
    }

    /// A name: `pass` (a move to the game of the innermost braces), a
    /// label (`a` inside `a:{...}`), a label given to the braces after it
    /// (`a:`), or a game the table names (`on`, `off`, ...).
    fn name<B: Build>(&mut self, games: &mut B) -> Result<B::Id> {
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            self.at += 1;
        }
        let name: String = self.chars[start..self.at].iter().collect();
        let at_name = |message: String| Error::Parse {
            column: self.column + start,
            message,
        };
        if self.peek() == Some(':') {
            self.at += 1;
            self.skip_space();
            if self.peek() != Some('{') {
                return Err(self.error(format!("expected '{{' after the label '{name}:'")));
            }
            self.label = Some(name);
            return self.braces(games);
        }
        let opened = match name.as_str() {
            "pass" => match self.opened.len() {
                0 => {
                    return Err(at_name(
                        "pass is a move to the game of the braces it is in: a loopy game's \
                         option, inside braces"
                            .into(),
                    ))
                }
                n => Some(n - 1),
            },
            _ => (self.opened.iter()).rposition(|o| o.label.as_deref() == Some(&name)),
        };
        if let Some(level) = opened {
            self.opened[level].named += 1;
            return games.opened(self.opened.len() - 1 - level);
        }
        match games.named(&name) {
            Some(g) => g,
            None => Err(at_name(format!(
                "'{name}' is no game here: a short game is written with numbers, *, ^, v, ± \
                 and {{...}}; pass, on, off, dud, over, under, upon and labels are loopy \
                 games, which `grundy analyze` reads in a sum of literals"
            ))),
        }
    }

    /// How often the braces still open have been named so far.
    fn named_open(&self) -> usize {
        self.opened.iter().map(|o| o.named).sum()
    }

    /// An error at `at` where the braces still open were named since
    /// `named` (counted by [`Reader::named_open`]), inside `what`: a sum
    /// or a negative of a game still being read has no options yet.
    fn closed_since(&self, named: usize, at: usize, what: &str) -> Result<()> {
        match self.named_open() > named {
            true => Err(Error::Parse {
                column: self.column + at,
                message: format!(
                    "pass or a label names a game still being read, which {what} cannot \
                     take: only an option may name it"
                ),
            }),
            false => Ok(()),
        }
    }

    /// Builds the game from options and bars: the longest run of bars is
    /// the split between Left and Right; each side is built the same way.
    fn split<B: Build>(
        &self,
        games: &mut B,
        mut pieces: Vec<Piece<B::Id>>,
        open: usize,
        close: bool,
    ) -> Result<B::Id> {
        if pieces.len() == 1 {
            return match pieces.pop() {
                Some(Piece::Options(options)) if options.len() == 1 => Ok(options[0]),
                _ => Err(Error::Parse {
                    column: self.column + open,
                    message: "several options where one game was expected".into(),
                }),
            };
        }
        let longest = pieces
            .iter()
            .filter_map(|p| match p {
                Piece::Bars { count, .. } => Some(*count),
                Piece::Options(_) => None,
            })
            .max()
            .unwrap_or(1);
        let splits: Vec<usize> = pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| matches!(p, Piece::Bars { count, .. } if *count == longest))
            .map(|(i, _)| i)
            .collect();
        if splits.len() > 1 {
            let Piece::Bars { column, .. } = pieces[splits[1]] else {
                unreachable!("splits are bars")
            };
            return Err(Error::Parse {
                column: self.column + column,
                message: format!(
                    "two runs of {longest} bar(s) in one game: which one splits Left from \
                     Right is ambiguous; use braces"
                ),
            });
        }
        let right: Vec<Piece<B::Id>> = pieces.split_off(splits[0] + 1);
        pieces.pop();
        let side = |games: &mut B, side: Vec<Piece<B::Id>>| -> Result<Vec<B::Id>> {
            match &side[..] {
                [Piece::Options(options)] => Ok(options.clone()),
                _ => self.split(games, side, open, false).map(|g| vec![g]),
            }
        };
        let left = side(games, pieces)?;
        let right = side(games, right)?;
        let g = match close {
            true => games.close(&left, &right)?,
            false => games.game(&left, &right)?,
        };
        if games.exponent(g).is_some_and(|e| e > MAX_EXPONENT) {
            return Err(Error::Limit(format!(
                "the game in braces at column {} is a number finer than 1/2^{MAX_EXPONENT}, \
                 the finest read",
                self.column + open
            )));
        }
        Ok(g)
    }
}

/// Whether a name starts with `c`: a letter, but not `v` (downs).
fn starts_name(c: char) -> bool {
    c.is_ascii_lowercase() && c != 'v'
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(games: &mut Games, text: &str) -> GameId {
        games
            .read(text, 1)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// Each text is the value it names (Winning Ways, chapters 1-2;
    /// Siegel, II.1-II.2) and is written back as the first text.
    #[test]
    fn reads_and_writes_the_notation() {
        let mut g = Games::new();
        for (written, same) in [
            ("0", "{|}"),
            ("1/2", "{0|1}"),
            ("-3/4", "{-1|-1/2}"),
            ("2", "{1|}"),
            ("*", "{0|0}"),
            ("*2", "{0,*|0,*}"),
            ("*2", "{0,*}"),
            ("*", "{0}"),
            ("0", "{}"),
            ("1*", "{ 1 }"),
            ("^", "{0|*}"),
            ("v", "{*|0}"),
            ("^*", "{0,*|0}"),
            ("^^", "^ + ^"),
            ("^3", "^^ + ^"),
            ("vv*", "-^^ + *"),
            ("1*", "1 + *"),
            ("1/2^", "{1/2|1/2*}"),
            ("±1", "{1|-1}"),
            ("±1", "+-1"),
            ("{2|0}", "1 + ±1"),
            ("{0|{0|-1}}", "{0||0|-1}"),
            ("{{2|1}|0}", "{2|1||0}"),
            ("0", "{1|}-2"),
            ("0", "{0||0|-1} - {0||0|-1}"),
            ("-1^", "-1 + ^"),
            ("{1v|-1^}", "{1 + v | -1 + ^}"),
        ] {
            let a = read(&mut g, written);
            let b = read(&mut g, same);
            assert_eq!(a, b, "{written} = {same}");
            assert_eq!(g.write(a).unwrap(), written, "{same}");
        }
    }

    /// A count past 2^62 is named as written, or as too large where it
    /// does not fit in 64 bits: never as a saturated 18446744073709551615.
    #[test]
    fn a_huge_count_is_not_named_saturated() {
        let mut g = Games::new();
        let error = g.read("*4611686018427387905", 1).unwrap_err().to_string();
        assert!(
            error.contains("a nimber of 4611686018427387905 at column 2"),
            "{error}"
        );
        let error = g.read("^4611686018427387905", 1).unwrap_err().to_string();
        assert!(
            error.contains("ups of 4611686018427387905 at column 2"),
            "{error}"
        );
        let error = g.read("*18446744073709551616", 1).unwrap_err().to_string();
        assert!(error.contains("a nimber too large at column 2"), "{error}");
        assert!(!error.contains("18446744073709551615"), "{error}");
    }

    #[test]
    fn bad_literals_name_the_column() {
        let mut g = Games::new();
        for (text, column) in [
            ("{1|}|2", 5),
            ("{1|2", 1),
            ("{1", 1),
            ("1/3", 1),
            ("{1||2||3}", 6),
            ("{1 2|}", 4),
            ("{,|}", 2),
            ("x", 1),
            ("{1|}}", 5),
        ] {
            match g.read(text, 1) {
                Err(Error::Parse { column: c, .. }) => assert_eq!(c, column, "{text}"),
                other => panic!("{text}: {other:?}"),
            }
        }
        assert!(matches!(
            g.read("99999999999999999999", 1),
            Err(Error::Limit(_))
        ));
        assert!(matches!(g.read(&"{".repeat(1100), 1), Err(Error::Limit(_))));
        // {0|1} nested is 1/2, 1/4, ...: 49 deep is finer than read.
        let fine = format!("{}{{0|1}}{}", "{0|".repeat(48), "}".repeat(48));
        assert!(matches!(g.read(&fine, 1), Err(Error::Limit(_))));
    }
}
