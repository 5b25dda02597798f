//! `grundy play EXPR`: the user plays a game against the perfect player
//! (`grundy::play`), moves read from stdin line by line, in a terminal or
//! through a pipe; with `--json`, one JSON line per event (README.md lists
//! the kinds).

use std::path::PathBuf;

use console::Style;
use grundy::answer::play::{Mover, PlayLine, StopReason};
use grundy::play::{Cell, Choice, Naming, Play, Turn};
use grundy::retrograde::{Options, Player};
use grundy::strong::SolvedTable;
use grundy::value::{Solution, Standing};

use crate::lines::{self, Line, Lines};
use crate::machine::MemoryLimit;
use crate::report::{warn, Failure, Output};

/// Play a game against the perfect player: it wins fastest, loses
/// slowest, and keeps a tie or a draw.
///
/// Type a move as its number in the list; in Connect Four as its column
/// (`3`: the column, from 1 at the left); in an m,n,k-game also as its
/// cell, `row column` (`2 3`: row 2 from the top, column 3) or by the
/// cell's name, its column's letter then its row (`c2`); as the position
/// it leaves (as listed, with or without the family's name), or as it
/// reads; or `undo` (takes back your last move and the reply), `hint`,
/// `quit`. The game
/// ends at the end of the input too. Sums of impartial games are solved
/// whole once while their positions list at most 2^19 options in all; a
/// larger sum is played from its options' outcomes (nimbers under normal
/// play): the perfect player still wins, but with any winning move, and
/// loses with any move, and no remoteness is shown.
///
/// A position with a value and no player to move (domineering 3x3,
/// clobber xo/ox, {1|-1}, sums of them) is played as Left or Right (--as
/// left, the default, or --as right), from the player --first names (you
/// by default). The engine moves by value: to a position it wins moving
/// second (Left to a value >= 0, Right to one <= 0), the shortest played
/// out in canonical form; lost, to the longest so. No remoteness is
/// shown. Each move names its player.
#[derive(clap::Args)]
pub struct Args {
    /// The game, e.g. 'nim 3 4 5', 'mnk(3,3,3) .........',
    /// 'partizan-graph(examples/game.txt) 0@Left' or 'domineering 3x3'.
    /// Several arguments are joined with
    /// spaces; the first may start with a minus ('-1 + {1|}').
    // As `analyze`'s: the first word alone takes a value with a leading
    // '-', so that flags after the expression stay flags.
    #[arg(allow_hyphen_values = true, value_name = "EXPR")]
    expression: String,

    /// The rest of the expression's words.
    #[arg(num_args = 0.., allow_negative_numbers = true, hide = true)]
    more: Vec<String>,

    /// Your side: move first (the default) or second from the position;
    /// in a partizan position written with its player to move (P@Left),
    /// or one with a value and no player to move (domineering 3x3; there
    /// Left is the default), play Left or Right.
    #[arg(long = "as", value_enum, value_name = "SIDE")]
    side: Option<Side>,

    /// Who moves first in a position with a value and no player to move
    /// (domineering 3x3, {1|-1}): left or right; you by default.
    #[arg(long, value_enum, value_name = "PLAYER")]
    first: Option<Starter>,

    /// Before each of your moves, every move with its outcome for you
    /// (win, lose, tie or draw) and its remoteness (the moves left, this
    /// one included, when both play perfectly), coloured in a terminal.
    #[arg(long)]
    hint: bool,

    /// Misère play of a sum: who cannot move wins.
    #[arg(long)]
    misere: bool,

    /// One JSON object a line: each move, yours and the engine's, and the
    /// end (README.md lists every kind of line).
    #[arg(long)]
    json: bool,

    /// Play a position of a ruleset solved strongly (mnk, connect4) from
    /// the table `grundy solve --db FILE` wrote, or from the directory
    /// `grundy solve --tiers DIR` wrote (each turn reads only the blocks
    /// its position and moves are in), without solving.
    #[arg(long, value_name = "FILE|DIR", conflicts_with = "misere")]
    db: Option<PathBuf>,

    #[command(flatten)]
    pub values: crate::db::Values,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Side {
    First,
    Second,
    Left,
    Right,
}

/// The player who moves first (`--first`).
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Starter {
    Left,
    Right,
}

impl From<Starter> for Player {
    fn from(starter: Starter) -> Player {
        match starter {
            Starter::Left => Player::Left,
            Starter::Right => Player::Right,
        }
    }
}

/// The most moves listed in the text; the others are still played by
/// their position or description.
const LISTED: usize = 40;

pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    let words = std::iter::once(&args.expression).chain(&args.more);
    let expression = words.cloned().collect::<Vec<_>>().join(" ");
    let about = Failure::about(&expression);
    let options = Options::for_available_memory(Some(MemoryLimit::now().bytes));
    let usage = |message: &str| {
        about(grundy::Error::Parse {
            column: 1,
            message: message.into(),
        })
    };
    // A position with a value says no player to move: the user's player
    // (--as left|right, Left by default) and who starts (--first, the
    // user by default) say it.
    let sides = match grundy::play::has_sides(&expression).map_err(about)? {
        false if args.first.is_some() => {
            return Err(usage(
                "--first is for a position with a value and no player to move \
                 (domineering 3x3, {1|-1}); this one has no sides, or says its player \
                 to move (P@Left): choose when you move with --as",
            ))
        }
        false => None,
        true => {
            let user = match args.side {
                None | Some(Side::Left) => Player::Left,
                Some(Side::Right) => Player::Right,
                Some(Side::First | Side::Second) => {
                    return Err(usage(
                        "this position has a value and no player to move: choose your \
                         player with --as left or --as right, and who moves first with \
                         --first left or --first right (you by default)",
                    ))
                }
            };
            Some((user, args.first.map_or(user, Player::from)))
        }
    };
    let table = (args.db.as_ref())
        .map(|path| SolvedTable::new(path.display().to_string(), MemoryLimit::file_bytes()));
    // Play is not stopped by hand: Ctrl-C ends the session (and a solve in
    // it) as it ends any program, so the progress callbacks go on.
    let first = sides.map(|(_, first)| first);
    let mut play = Play::starting(&expression, args.misere, first, options, table, &mut |_| {
        true
    })
    .map_err(about)?;
    let user_first = match (sides, args.side.unwrap_or(Side::First)) {
        (Some((user, first)), _) => user == first,
        (None, Side::First) => true,
        (None, Side::Second) => false,
        (None, side @ (Side::Left | Side::Right)) => {
            let side = if side == Side::Left {
                Player::Left
            } else {
                Player::Right
            };
            match play.player_to_move() {
                Some(player) => player == side,
                None => {
                    return Err(about(grundy::Error::Parse {
                        column: 1,
                        message: "--as left and --as right are for partizan positions written \
                                  with the player to move (P@Left); play this one --as first \
                                  or --as second"
                            .into(),
                    }))
                }
            }
        }
    };
    let session = Session {
        json: args.json,
        hint: args.hint,
        colour: !args.json && console::Term::stdout().is_term(),
        user_first,
        side: sides.map(|(user, _)| user),
    };
    let result = session.run(&mut play, out);
    result.map_err(|failure| match failure {
        Failure::Error { error, .. } => {
            // The session's lines are on stdout already: with --json, the
            // error that ends it is its last line (and stderr says it too).
            if args.json {
                let _ = out.json(&PlayLine::error(&error));
            }
            about(error)
        }
        other => other,
    })
}

struct Session {
    json: bool,
    hint: bool,
    colour: bool,
    user_first: bool,
    /// The user's player, in a position with a value played with sides.
    side: Option<Player>,
}

impl Session {
    fn run(&self, play: &mut Play, out: &mut Output) -> Result<(), Failure> {
        let mut input = Lines::new(std::io::stdin().lock());
        let mut movers: Vec<Mover> = Vec::new();
        let mut turn = play.turn(&mut |_| true)?;
        if self.json {
            out.json(&PlayLine::start(&turn, self.user_first, self.side))?;
        } else if let (Some(side), Some(first)) = (self.side, play.player_to_move()) {
            out.line(&format!(
                "you play {}; {} moves first",
                side.name(),
                first.name()
            ))?;
        } else if play.by_outcome() {
            out.line(
                "(this sum is too large to solve whole: moves are told by their outcome \
                 alone, without remoteness)",
            )?;
        }
        if !self.json && !self.user_first {
            // The start, before the engine's first move.
            out.text(&self.board(&turn))?;
        }
        let mut show_hint = self.hint;
        loop {
            let user_moves = (play.moves_played() % 2 == 0) == self.user_first;
            if turn.moves.is_empty() {
                return self.end(&turn, user_moves, out);
            }
            if !user_moves {
                // The best moves are never empty where there is a move;
                // the first move stands in, should a ruleset's answers
                // disagree.
                let best = turn.best.first().copied().unwrap_or(0);
                self.moved(Mover::Engine, &turn, best, out)?;
                play.play(best)?;
                movers.push(Mover::Engine);
                turn = play.turn(&mut |_| true)?;
                continue;
            }
            if !self.json {
                out.text(&self.board(&turn))?;
            }
            if show_hint {
                self.hint(&turn, out)?;
            } else if !self.json {
                out.text(&self.listing(&turn, false))?;
            }
            show_hint = self.hint;
            if !self.json {
                let how = match turn.naming {
                    Naming::Listed => "number",
                    Naming::Column => "column",
                    Naming::Cell => "row column, cell name, number",
                };
                let player = turn
                    .to_move
                    .map_or(String::new(), |p| format!(" as {}", p.name()));
                out.text(&format!(
                    "your move{player} ({how}, position, undo, hint, quit)> "
                ))?;
            }
            out.flush()?;
            // A line too long to be a move is answered, and play goes on.
            let line = match input.next_line().map_err(Failure::Output)? {
                None => return self.stopped(&turn, StopReason::EndOfInput, out),
                Some(Line::TooLong) => {
                    self.bad(&lines::too_long(), out)?;
                    continue;
                }
                Some(Line::Text(line)) => line,
            };
            let typed = line.split_whitespace().collect::<Vec<_>>().join(" ");
            match typed.as_str() {
                "" => continue,
                "quit" | "q" => return self.stopped(&turn, StopReason::Quit, out),
                "hint" | "h" => show_hint = true,
                "undo" | "u" => {
                    if !movers.contains(&Mover::User) {
                        self.bad(&no_move("nothing to undo: you have not moved yet"), out)?;
                        continue;
                    }
                    while let Some(by) = movers.pop() {
                        play.back();
                        if by == Mover::User {
                            break;
                        }
                    }
                    turn = play.turn(&mut |_| true)?;
                    match self.json {
                        true => out.json(&PlayLine::undo(&turn))?,
                        false => out.line(&format!("taken back: {}", turn.expression))?,
                    }
                }
                _ => match find(&turn, &typed) {
                    Ok(index) => {
                        self.moved(Mover::User, &turn, index, out)?;
                        play.play(index)?;
                        movers.push(Mover::User);
                        turn = play.turn(&mut |_| true)?;
                    }
                    Err(why) => self.bad(&no_move(&why), out)?,
                },
            }
        }
    }

    /// Move `index` of `turn` made, by the user or the engine (who plays
    /// the turn's player, where the game has sides).
    fn moved(&self, by: Mover, turn: &Turn, index: usize, out: &mut Output) -> Result<(), Failure> {
        let choice: &Choice = &turn.moves[index];
        if self.json {
            return out.json(&PlayLine::moved(by, turn.to_move, choice));
        }
        let who = match by {
            Mover::User => "you",
            Mover::Engine => "engine",
        };
        let player = turn
            .to_move
            .map_or(String::new(), |p| format!(" ({})", p.name()));
        out.line(&format!(
            "{who}{player}: {}  => {}",
            choice.description, choice.to
        ))
    }

    /// The end of the game: who won.
    fn end(&self, turn: &Turn, user_moves: bool, out: &mut Output) -> Result<(), Failure> {
        let (mover, other) = match user_moves {
            true => (Mover::User, Mover::Engine),
            false => (Mover::Engine, Mover::User),
        };
        let winner = match turn.solution.standing {
            Standing::Win => Some(mover),
            Standing::Lose => Some(other),
            Standing::Tie | Standing::Draw => None,
        };
        if self.json {
            return out.json(&PlayLine::end(turn, winner));
        }
        out.text(&self.board(turn))?;
        let verdict = match winner {
            Some(Mover::User) => self.style(Standing::Win).apply_to("you win"),
            Some(Mover::Engine) => self.style(Standing::Lose).apply_to("the engine wins"),
            None => self.style(Standing::Tie).apply_to("nobody wins"),
        };
        let stuck = turn
            .to_move
            .map_or(String::new(), |p| format!("{} cannot move: ", p.name()));
        out.line(&format!("game over: {stuck}{verdict}"))
    }

    /// The session stopped before the end of the game.
    fn stopped(&self, turn: &Turn, reason: StopReason, out: &mut Output) -> Result<(), Failure> {
        if self.json {
            return out.json(&PlayLine::stopped(turn, reason));
        }
        let (reason, at) = (reason.name(), &turn.expression);
        out.line(&format!("\nstopped ({reason}) at {at}"))
    }

    /// A line that is no move: said, and the user asked again.
    fn bad(&self, error: &grundy::Error, out: &mut Output) -> Result<(), Failure> {
        match self.json {
            true => out.json(&PlayLine::error(error)),
            false => {
                // A line that names no move is told plainly; a limit as one.
                let text = match error {
                    grundy::Error::Unsupported(message) => message.clone(),
                    other => other.to_string(),
                };
                warn(&format!("{text}\n"));
                Ok(())
            }
        }
    }

    /// Every move with its value for the user.
    fn hint(&self, turn: &Turn, out: &mut Output) -> Result<(), Failure> {
        if self.json {
            return out.json(&PlayLine::hint(turn));
        }
        let value = self.value(turn.solution);
        out.line(&format!("you {value}"))?;
        out.text(&self.listing(turn, true))
    }

    /// The numbered moves, with their values for the mover where asked.
    fn listing(&self, turn: &Turn, values: bool) -> String {
        let mut text = String::new();
        let width = (0..turn.moves.len()).map(|i| turn.number(i)).max();
        let width = width.unwrap_or(0).to_string().len();
        for (i, choice) in turn.moves.iter().enumerate().take(LISTED) {
            let value = match values {
                true => format!("  {}", self.value(choice.for_mover())),
                false => String::new(),
            };
            let name = match (turn.naming, choice.cell.and_then(Cell::name)) {
                (Naming::Cell, Some(name)) => format!(" ({name})"),
                _ => String::new(),
            };
            text.push_str(&format!(
                "  {:>width$}. {}{name}  => {}{value}\n",
                turn.number(i),
                choice.description,
                choice.to
            ));
        }
        if turn.moves.len() > LISTED {
            text.push_str(&format!(
                "  ... and {} more: type the position a move leaves\n",
                turn.moves.len() - LISTED
            ));
        }
        text
    }

    /// `win in 3`, coloured in a terminal.
    fn value(&self, solution: Solution) -> String {
        let text = match solution.remoteness {
            Some(r) if solution.standing != Standing::Draw => {
                format!("{} in {r}", solution.standing.word())
            }
            _ => solution.standing.word().to_string(),
        };
        self.style(solution.standing).apply_to(text).to_string()
    }

    fn style(&self, standing: Standing) -> Style {
        let style = Style::new().force_styling(self.colour);
        match standing {
            Standing::Win => style.green(),
            Standing::Lose => style.red(),
            Standing::Tie | Standing::Draw => style.yellow(),
        }
    }

    /// The position drawn plainly: a board's rows one under another, with
    /// their numbers; a sum's components one a line, a heap also as a row
    /// of bars.
    fn board(&self, turn: &Turn) -> String {
        let mut text = format!("\n{}\n", turn.expression);
        let width = (turn.parts.iter())
            .map(|p| p.chars().count())
            .filter(|&n| n <= LISTED)
            .max()
            .unwrap_or(0);
        for part in &turn.parts {
            let position = part.rsplit_once(' ').map_or(part.as_str(), |(_, p)| p);
            // A board with its player to move (`x.x./.o..@Left`): the
            // board alone, the player said in the expression above it.
            let board = position.split('@').next().unwrap_or(position);
            if board.contains('/') {
                text.push_str(&grid(board, turn.naming == Naming::Cell));
            } else if turn.parts.len() > 1 || position.parse::<u32>().is_ok() {
                let bars = match position.parse::<usize>() {
                    Ok(n) if n <= LISTED => "|".repeat(n),
                    _ => String::new(),
                };
                let fill = " ".repeat(width.saturating_sub(part.chars().count()));
                let line = format!("  {part}{fill}  {bars}");
                text.push_str(line.trim_end());
                text.push('\n');
            }
        }
        text
    }
}

/// The error of a line that names no move.
fn no_move(message: &str) -> grundy::Error {
    grundy::Error::Unsupported(message.to_string())
}

/// A board written with rows split by `/`, one row a line, with the
/// numbers of rows and columns (as moves name them), the columns by
/// their letters where `letters` (as cells are named, while there are
/// letters enough).
fn grid(position: &str, letters: bool) -> String {
    let rows: Vec<&str> = position.split('/').collect();
    let columns = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    let numbers: Vec<String> = (1..=columns)
        .map(|column| match (Cell { row: 1, column }.name()) {
            Some(name) if letters => name[..1].to_string(),
            _ => (column % 10).to_string(),
        })
        .collect();
    let mut text = format!("     {}\n", numbers.join(" "));
    for (r, row) in rows.iter().enumerate() {
        let cells: Vec<String> = row.chars().map(|c| c.to_string()).collect();
        text.push_str(&format!("  {:>2} {}\n", r + 1, cells.join(" ")));
    }
    text
}

/// The move `typed` names (see [`Naming`]): its number (a Connect Four
/// column, else its place in the list), an m,n,k cell (`2 3`, row then
/// column, or `c2`, column letter then row), the position it leaves
/// (with or without the family's name), or how it reads (any case); else
/// why none, with what may be typed.
fn find(turn: &Turn, typed: &str) -> Result<usize, String> {
    let numbers: Option<Vec<usize>> = typed.split(' ').map(|n| n.parse().ok()).collect();
    let (rows, columns) = board_size(&turn.expression);
    let cell = match (turn.naming, numbers.as_deref()) {
        (Naming::Cell, Some(&[row, column])) => Some(Cell { row, column }),
        (Naming::Cell, _) => cell_named(typed),
        _ => None,
    };
    if let Some(cell @ Cell { row, column }) = cell {
        return (turn.moves.iter())
            .position(|c| c.cell == Some(cell))
            .ok_or_else(
                || match (1..=rows).contains(&row) && (1..=columns).contains(&column) {
                    true => format!("row {row}, column {column} is taken: {}", how_to_type(turn)),
                    false => format!(
                        "there is no row {row}, column {column}: the rows are 1 to {rows}, the \
                     columns 1 to {columns}; {}",
                        how_to_type(turn)
                    ),
                },
            );
    }
    match (turn.naming, numbers.as_deref()) {
        (Naming::Column, Some(&[column])) => {
            return (turn.moves.iter())
                .position(|c| c.cell.is_some_and(|cell| cell.column == column))
                .ok_or_else(|| match (1..=columns).contains(&column) {
                    true => format!("column {column} is full: {}", how_to_type(turn)),
                    false => format!(
                        "there is no column {column}: the columns are 1 to {columns}; {}",
                        how_to_type(turn)
                    ),
                });
        }
        (_, Some(&[n])) => {
            let count = turn.moves.len();
            return (1..=count)
                .contains(&n)
                .then(|| n - 1)
                .ok_or_else(|| format!("there is no move {n} of {count}: {}", how_to_type(turn)));
        }
        _ => {}
    }
    let same = |a: &str, b: &str| a.split_whitespace().eq(b.split_whitespace());
    let position = |to: &str| to.split_once(' ').map(|(_, p)| p.to_string());
    let found = (turn.moves.iter()).position(|c| {
        same(&c.to, typed)
            || position(&c.to).is_some_and(|p| same(&p, typed))
            || c.description.eq_ignore_ascii_case(typed)
    });
    found.ok_or_else(|| {
        format!(
            "{:?} is not a move here: {}",
            lines::abbreviated(typed),
            how_to_type(turn)
        )
    })
}

/// The cell named `typed` as [`Cell::name`] names cells: a column's
/// letter (any case), then a row's number (`b2`).
fn cell_named(typed: &str) -> Option<Cell> {
    let mut chars = typed.chars();
    let letter = chars.next()?.to_ascii_lowercase();
    let column = (b'a'..=b'z').position(|l| l as char == letter)? + 1;
    let row = chars.as_str();
    let digits = !row.is_empty() && row.bytes().all(|b| b.is_ascii_digit());
    Some(Cell {
        row: digits.then(|| row.parse().ok()).flatten()?,
        column,
    })
}

/// What may be typed at `turn`, for the message of a line that names no
/// move.
fn how_to_type(turn: &Turn) -> String {
    let count = turn.moves.len();
    let numbers = match turn.naming {
        Naming::Listed => format!("a number from 1 to {count}"),
        Naming::Column => {
            let columns: Vec<String> = (0..count).map(|i| turn.number(i).to_string()).collect();
            format!("a column that is not full ({})", columns.join(", "))
        }
        Naming::Cell => format!(
            "an empty cell as row column (2 3) or by its name (b2), a number from 1 to {count}"
        ),
    };
    format!("type {numbers}, the position a move leaves, or undo, hint, quit")
}

/// The rows and columns of the board `expression` ends with (rows split
/// by `/`).
fn board_size(expression: &str) -> (usize, usize) {
    let position = expression.rsplit_once(' ').map_or(expression, |(_, p)| p);
    let position = position.split('@').next().unwrap_or(position);
    let rows: Vec<&str> = position.split('/').collect();
    let columns = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    (rows.len(), columns)
}
