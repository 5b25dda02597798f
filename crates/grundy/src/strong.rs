//! Rulesets solved strongly (games that end level, go on forever, or whose
//! players differ) behind one object-safe interface, as the registry hands
//! them to front ends: `solve` a ruleset from its start, analyze one
//! position (its value for the player to move, its remoteness and its best
//! moves), or draw the game graph from one. The solving itself is
//! `crate::retrograde`.
//!
//! ```
//! use grundy::retrograde::Options;
//! use grundy::strong::Source;
//! use grundy::value::Standing;
//! use grundy::word::Word;
//!
//! // The three-cell game (two adjacent marks win): only the middle wins for X,
//! // since a corner is answered in the middle and the board fills up level.
//! let ruleset = grundy::ruleset("mnk(1,3,2)").unwrap();
//! let game = ruleset.strong().unwrap();
//! let options = Options { memory: 1 << 30 };
//! let start = [Word { text: "...".into(), column: 12 }];
//! let analysis = game.analyze(&start, Source::Solve, &options, &mut |_| true).unwrap();
//! assert_eq!(analysis.solution.standing, Standing::Win);
//! assert_eq!(analysis.best_moves.len(), 1);
//! assert_eq!(analysis.best_moves[0].0, "mnk(1,3,2) .x.");
//! // Solved whole from the start: X wins in three moves.
//! let solve = game.solve(&options, &mut |_| true, false).unwrap();
//! assert_eq!(solve.start.standing, Standing::Win);
//! assert_eq!(solve.start.remoteness, Some(3));
//! ```

use std::cell::{OnceCell, RefCell};
use std::path::Path;
use std::sync::{Mutex, PoisonError};

use crate::error::{Error, Result};
use crate::loopy;
use crate::picture::{self, GraphPicture, Mark, Node};
use crate::retrograde::db::{self, DbFile};
use crate::retrograde::{
    self, search, Counts, Options, SolveProgress, Solved, SolvedGame, StrongGame,
};
use crate::starts::{self, AllStarts};
use crate::tier::team::{agree, Alone, Team};
use crate::tier::{self, TieredGame};
use crate::value::Solution;
use crate::word::Word;

/// What a family solved strongly implements beyond [`StrongGame`]: how an
/// expression names it and writes its positions.
pub trait StrongRules: StrongGame + 'static {
    /// The ruleset as an expression writes it: `mnk(3,3,3)`.
    fn name(&self) -> String;

    /// Reads a position from one word; an error points at the character at
    /// fault.
    fn parse_position(&self, word: &Word) -> Result<Self::Position>;

    /// The SHA-256 digest of the file the rules were read from (a graph
    /// file, a script; see `file::sha256_hex`). A solved table records it
    /// and answers only for rules of the same digest, as the name alone
    /// says nothing of what the file holds now. `None` for a family whose
    /// name says all its rules.
    fn digest(&self) -> Option<String> {
        None
    }

    /// Every start `grundy solve --all-starts` lists, where the positions
    /// can be listed (the vertices of a graph file): how many vertices
    /// there are, and each with Left to move and with Right, in order.
    /// `None`, the default, for a ruleset whose positions cannot be listed.
    fn partizan_starts(&self) -> Option<PartizanStarts<'_, Self::Position>> {
        None
    }

    /// The game in tiers, where it has them (`crate::tier`): `grundy solve
    /// --tiers DIR` solves it a tier at a time. `None`, the default, for a
    /// ruleset without.
    fn tiered(&self) -> Option<&dyn TieredGame<Position = Self::Position>> {
        None
    }

    /// The position written without a player to move, as a loopy partizan
    /// game (a vertex of a graph file), to be valued by the rules of
    /// [`crate::loopy`]; `None`, the default, for a ruleset whose
    /// positions have no such value, or a word that names no such game.
    fn loopy(&self, _word: &Word) -> Option<Result<loopy::Graph>> {
        None
    }
}

/// How many vertices a graph has, and each with Left to move and with
/// Right, in order (see [`StrongRules::partizan_starts`]).
pub type PartizanStarts<'a, P> = (u64, Box<dyn Iterator<Item = [P; 2]> + 'a>);

/// What `grundy solve` reports.
#[derive(Clone, Debug)]
pub struct Solve {
    /// The ruleset's name as an expression writes it.
    pub ruleset: String,
    /// Positions reachable from the start.
    pub positions: u64,
    /// Those positions by their value for the player to move there.
    pub counts: Counts,
    /// The start's value for the player to move, with its remoteness.
    pub start: Solution,
    /// The solved table in the `--db` format, when asked for.
    pub db: Option<Vec<u8>>,
}

/// What `grundy analyze` reports of a position solved strongly.
#[derive(Clone, Debug)]
pub struct StrongAnalysis {
    /// The position as an expression.
    pub expression: String,
    /// Its value for the player to move, and remoteness.
    pub solution: Solution,
    /// Every move that achieves the value (see `Solved::best_moves`): the
    /// position after it as an expression, and its value for the opponent.
    pub best_moves: Vec<(String, Solution)>,
}

/// A position solved strongly with every move from it, as `grundy play`
/// lists them.
#[derive(Clone, Debug)]
pub struct StrongMoves {
    /// The position as an expression.
    pub expression: String,
    /// Its value for the player to move, and remoteness.
    pub solution: Solution,
    /// Every move in the game's order: the position after it as an
    /// expression, and its value for the opponent, who moves there. None
    /// from a finished position.
    pub moves: Vec<(String, Solution)>,
}

/// What `grundy solve --tiers DIR` reports: the ruleset and the summary
/// of its tiers.
#[derive(Clone, Debug)]
pub struct TieredSolve {
    /// The ruleset as an expression.
    pub ruleset: String,
    /// The counts and sizes of its tiers.
    pub summary: tier::Summary,
}

/// A table to answer from: solve again, read a `--db` file's bytes, or
/// read the blocks a position needs from a directory of tiers.
pub enum Source<'a> {
    /// Solve from the position asked about.
    Solve,
    /// Read the answer from a solved table in the `--db` format, opened
    /// (its header and index read): the block each position asked about
    /// is read.
    Db(&'a DbFile),
    /// Read the answer from a directory of tiers (`solve --tiers DIR`):
    /// the headers and the blocks the position and its moves are in.
    Tiers {
        /// The directory.
        dir: &'a Path,
    },
}

/// A table solved before: the file `solve --db FILE` wrote, or the
/// directory `solve --tiers DIR` wrote; of either, each question reads
/// only the blocks its position and their moves are in.
pub struct SolvedTable {
    path: String,
    byte_limit: u64,
    /// The one ruleset whose positions it answers, where it was told one
    /// ([`SolvedTable::only_for`]); else it answers every position asked.
    only: Option<String>,
    /// The file, opened at the first question that needs it and kept for
    /// the next (the questions of a batch share its index).
    file: OnceCell<DbFile>,
}

impl std::fmt::Debug for SolvedTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SolvedTable")
            .field("path", &self.path)
            .finish_non_exhaustive()
    }
}

impl SolvedTable {
    /// The table at `path`, of whose index at most `byte_limit` bytes are
    /// read (a larger index is a limit error).
    pub fn new(path: impl Into<String>, byte_limit: u64) -> SolvedTable {
        SolvedTable {
            path: path.into(),
            byte_limit,
            only: None,
            file: OnceCell::new(),
        }
    }

    /// The same table, answering only positions of `ruleset` (the one it
    /// holds, [`SolvedTable::ruleset`]): the others, and sums, are
    /// answered as without a table (the web explorer's `--db`). Without
    /// it, a position of another ruleset is refused naming the table.
    pub fn only_for(mut self, ruleset: impl Into<String>) -> SolvedTable {
        self.only = Some(ruleset.into());
        self
    }

    /// The ruleset it answers alone, where it was told one.
    pub fn only(&self) -> Option<&str> {
        self.only.as_deref()
    }

    /// Whether it answers the positions of `ruleset`.
    pub fn answers(&self, ruleset: &str) -> bool {
        self.only.as_deref().is_none_or(|only| only == ruleset)
    }

    /// The ruleset it holds, as an expression writes it, read from the
    /// header of the file or of the directory's first reach file.
    pub fn ruleset(&self) -> Result<String> {
        match self.source()? {
            Source::Tiers { dir } => tier::file::ruleset_in(dir),
            Source::Db(file) => Ok(file.ruleset().to_string()),
            Source::Solve => unreachable!("a table is a file or a directory"),
        }
    }

    /// The table to answer from: the directory or the file.
    pub fn source(&self) -> Result<Source<'_>> {
        let dir = std::path::Path::new(&self.path);
        if dir.is_dir() {
            return Ok(Source::Tiers { dir });
        }
        if self.file.get().is_none() {
            let file = DbFile::open(&self.path, self.byte_limit)?;
            let _ = self.file.set(file);
        }
        Ok(Source::Db(self.file.get().expect("opened above")))
    }
}

/// A ruleset solved strongly, whatever its type.
pub trait DynStrong: Send + Sync {
    /// Solves every position reachable from the start.
    fn solve(
        &self,
        options: &Options,
        progress: &mut dyn FnMut(SolveProgress) -> bool,
        with_db: bool,
    ) -> Result<Solve>;

    /// What a solve a tier at a time needs (each tier's size, the memory
    /// and disk); unsupported where the ruleset has no tiers.
    fn tier_plan(&self) -> Result<tier::Plan>;

    /// The start as an expression writes it (`mnk(3,3,3) .../.../...`),
    /// where the ruleset has one.
    fn start_expression(&self) -> Option<String>;

    /// A position of one word without a player to move, as a loopy
    /// partizan game ([`StrongRules::loopy`]); `None` where it is none.
    fn loopy(&self, position: &[Word]) -> Option<Result<loopy::Graph>>;

    /// Solves every position reachable from the start a tier at a time,
    /// the tiers stored in the directory `dir` (`crate::tier::file`) and
    /// those already there read back. Refused before it starts where its
    /// plan ([`DynStrong::tier_plan`], with the pieces of `setup`) needs
    /// more memory than `options` allow or more disk than `setup` says is
    /// free (where known).
    fn solve_tiers(
        &self,
        dir: &Path,
        options: &Options,
        setup: &tier::Setup,
        progress: &mut dyn FnMut(tier::TieredSolveProgress) -> bool,
    ) -> Result<TieredSolve> {
        self.solve_tiers_in_team(dir, options, setup, &Alone, progress)
    }

    /// [`DynStrong::solve_tiers`] by one member of a team of processes
    /// ([`tier::team`]): the leader makes and locks `dir`, which every
    /// member shares (each writes its share of each tier there, and the
    /// leader joins them), the refusal is agreed by all, and every member
    /// returns the same answer.
    fn solve_tiers_in_team(
        &self,
        dir: &Path,
        options: &Options,
        setup: &tier::Setup,
        team: &dyn Team,
        progress: &mut dyn FnMut(tier::TieredSolveProgress) -> bool,
    ) -> Result<TieredSolve>;

    /// The value and best moves of the position written in `words`.
    fn analyze(
        &self,
        words: &[Word],
        source: Source,
        options: &Options,
        progress: &mut dyn FnMut(SolveProgress) -> bool,
    ) -> Result<StrongAnalysis>;

    /// The standing alone of the position written in `words`, for
    /// `analyze --outcome-only`: from a `--db` table or a table kept from
    /// an earlier solve where there is one, else by
    /// [`retrograde::search::outcome`], which stops at the first winning
    /// move, and by a solve where that search meets a cycle. The remoteness
    /// is left out (`None`) whichever answered, so that the answer does not
    /// depend on the road taken: the search does not know it. No best
    /// moves.
    fn outcome(
        &self,
        words: &[Word],
        source: Source,
        options: &Options,
        progress: &mut dyn FnMut(SolveProgress) -> bool,
    ) -> Result<StrongAnalysis>;

    /// The value of the position written in `words` and every move from
    /// it with the value after it (none from a finished position), for
    /// `grundy play`: from the solved table or directory of tiers `source`
    /// names; or, with [`Source::Solve`], from a table kept from an
    /// earlier solve that holds the position, else from a solve from it,
    /// which is kept, so that a game played out is solved once.
    fn moves(
        &self,
        words: &[Word],
        source: Source,
        options: &Options,
        progress: &mut dyn FnMut(SolveProgress) -> bool,
    ) -> Result<StrongMoves>;

    /// The game graph from the position written in `words`: every position
    /// reachable in at most `depth` moves (see `picture::reachable`), each
    /// labelled with itself over its value for the player to move
    /// (`W in 3`) and marked by it, an arrow per move. One solve from the
    /// position gives every value.
    fn graph(
        &self,
        words: &[Word],
        depth: Option<usize>,
        options: &Options,
        progress: &mut dyn FnMut(SolveProgress) -> bool,
    ) -> Result<GraphPicture>;

    /// Every start of a ruleset whose positions can be listed (see
    /// [`StrongRules::partizan_starts`]), from one solve of them all:
    /// `None` for a ruleset whose positions cannot be listed.
    fn all_starts(
        &self,
        options: &Options,
        progress: &mut dyn FnMut(SolveProgress) -> bool,
    ) -> Option<Result<AllStarts>>;
}

/// The solver of a ruleset solved strongly, behind [`DynStrong`];
/// `component::strong_ruleset_ref` puts it behind the registry's interface.
pub struct StrongSolver<G: StrongGame> {
    game: G,
    /// The tables of earlier solves from positions analyzed, the newest
    /// last: a position in one of them is answered from it without solving
    /// again, as a batch asks about many positions of one game. A table
    /// holds every position reachable from where it was solved, so its
    /// answers are whole.
    kept: Mutex<Vec<SolvedGame<G>>>,
}

impl<G: StrongGame> StrongSolver<G> {
    /// The game's solver, with no table kept yet.
    pub fn new(game: G) -> StrongSolver<G> {
        StrongSolver {
            game,
            kept: Mutex::new(Vec::new()),
        }
    }

    /// The game this solver solves.
    pub fn game(&self) -> &G {
        &self.game
    }
}

impl<G: StrongRules> DynStrong for StrongSolver<G> {
    fn solve(
        &self,
        options: &Options,
        progress: &mut dyn FnMut(SolveProgress) -> bool,
        with_db: bool,
    ) -> Result<Solve> {
        let game = &self.game;
        let table = retrograde::solve(game, options, progress)?;
        let db = match with_db {
            true => Some(db::encode(
                &game.name(),
                game.digest().as_deref(),
                game,
                &table,
            )?),
            false => None,
        };
        Ok(Solve {
            ruleset: game.name(),
            positions: table.positions(),
            counts: table.counts(),
            start: table.roots()[0],
            db,
        })
    }

    fn tier_plan(&self) -> Result<tier::Plan> {
        tier::Plan::new(self.tiered()?)
    }

    fn start_expression(&self) -> Option<String> {
        self.game.start().ok().map(|start| self.expression(&start))
    }

    fn loopy(&self, position: &[Word]) -> Option<Result<loopy::Graph>> {
        match position {
            [word] => self.game.loopy(word),
            _ => None,
        }
    }

    fn solve_tiers_in_team(
        &self,
        dir: &Path,
        options: &Options,
        setup: &tier::Setup,
        team: &dyn Team,
        progress: &mut dyn FnMut(tier::TieredSolveProgress) -> bool,
    ) -> Result<TieredSolve> {
        let game = &self.game;
        let tiered = self.tiered()?;
        let made = setup.plan(tier::Plan::new(tiered)?, team.count());
        let budget = tier::Budget::new(options, setup.disk_free);
        agree(team, made.check(&game.name(), &budget))?;
        // The leader makes and locks the directory; the others join it.
        let made_dir = match team.leader() {
            true => tier::file::Dir::new(dir, &game.name(), &made).map(Some),
            false => Ok(None),
        };
        let made_dir = agree(team, made_dir)?;
        let mut dir = made_dir.unwrap_or_else(|| tier::file::Dir::join(dir, &game.name(), &made));
        let summary = match team.count() {
            1 => tier::solve(tiered, &made, &budget, &mut dir, progress)?,
            _ => tier::solve_in_team(tiered, &made, &budget, team, &dir, progress)?,
        };
        Ok(TieredSolve {
            ruleset: game.name(),
            summary,
        })
    }

    fn analyze(
        &self,
        words: &[Word],
        source: Source,
        options: &Options,
        progress: &mut dyn FnMut(SolveProgress) -> bool,
    ) -> Result<StrongAnalysis> {
        let position = self.position(words)?;
        self.with_source(&position, source, options, progress, |table| {
            self.answer(table, &position)
        })
    }

    fn outcome(
        &self,
        words: &[Word],
        source: Source,
        options: &Options,
        progress: &mut dyn FnMut(SolveProgress) -> bool,
    ) -> Result<StrongAnalysis> {
        let game = &self.game;
        let position = self.position(words)?;
        let kept = || {
            let kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
            kept.iter().rev().find_map(|t| t.solution(game, &position))
        };
        let standing = match source {
            Source::Db { .. } | Source::Tiers { .. } => {
                (self.analyze(words, source, options, progress)?)
                    .solution
                    .standing
            }
            Source::Solve => match kept() {
                Some(solution) => solution.standing,
                None => match search::outcome(game, &position, options, progress)? {
                    Some(standing) => standing,
                    // Play can come back to a position, and a draw is
                    // decided only by the whole graph: solve strongly.
                    None => {
                        (self.analyze(words, source, options, progress)?)
                            .solution
                            .standing
                    }
                },
            },
        };
        Ok(StrongAnalysis {
            expression: self.expression(&position),
            solution: Solution {
                standing,
                remoteness: None,
            },
            best_moves: Vec::new(),
        })
    }

    fn moves(
        &self,
        words: &[Word],
        source: Source,
        options: &Options,
        progress: &mut dyn FnMut(SolveProgress) -> bool,
    ) -> Result<StrongMoves> {
        let game = &self.game;
        let position = self.position(words)?;
        self.with_source(&position, source, options, progress, |table| {
            let solution =
                (table.solution(game, &position)).ok_or_else(|| self.not_in_table(&position))?;
            let mut reached = Vec::new();
            if game.finished(&position).is_none() {
                game.moves(&position, &mut reached);
            }
            if let Some(error) = game.failure() {
                return Err(error);
            }
            let moves = reached
                .iter()
                .map(|to| {
                    let after = (table.solution(game, to)).ok_or_else(|| self.not_in_table(to))?;
                    Ok((self.expression(to), after))
                })
                .collect::<Result<_>>()?;
            Ok(StrongMoves {
                expression: self.expression(&position),
                solution,
                moves,
            })
        })
    }

    fn graph(
        &self,
        words: &[Word],
        depth: Option<usize>,
        options: &Options,
        progress: &mut dyn FnMut(SolveProgress) -> bool,
    ) -> Result<GraphPicture> {
        let game = &self.game;
        let start = self.position(words)?;
        // The positions first: a graph too large to draw is refused before
        // the solve.
        let reached = picture::reachable(start, depth, G::Position::clone, |position| {
            let mut moves = Vec::new();
            if game.finished(position).is_none() {
                game.moves(position, &mut moves);
            }
            Ok(moves)
        })?;
        let table = retrograde::solve_from(game, &reached.positions[..1], options, progress)?;
        reached.picture(|position| {
            let solution = table
                .solution(game, position)
                .expect("every position drawn is reachable from the start");
            Ok(Node {
                label: format!("{}\n{solution}", game.format_position(position)),
                mark: Mark::from(solution.standing),
            })
        })
    }

    fn all_starts(
        &self,
        options: &Options,
        progress: &mut dyn FnMut(SolveProgress) -> bool,
    ) -> Option<Result<AllStarts>> {
        let game = &self.game;
        let (count, vertices) = game.partizan_starts()?;
        Some((|| {
            // The roots and the answers, before the solve checks its own.
            let each = 2 * (size_of::<G::Position>() + size_of::<Solution>());
            starts::check_memory(count, each as u64, options.memory)?;
            let roots: Vec<G::Position> = vertices.flatten().collect();
            let table = retrograde::solve_from(game, &roots, options, progress)?;
            let rows = table
                .roots()
                .chunks_exact(2)
                .map(|pair| [pair[0], pair[1]])
                .collect();
            Ok(AllStarts::Partizan(rows))
        })())
    }
}

/// A table read from a file or a directory, to answer from: `solution`
/// reads a position's; the first error met reading is kept, as `Solved`
/// answers without one, and is the answer's ([`Reading::answer`]).
struct Reading<F> {
    solution: F,
    error: RefCell<Option<Error>>,
}

fn reading<P, F: Fn(&P) -> Result<Option<Solution>>>(solution: F) -> Reading<F> {
    Reading {
        solution,
        error: RefCell::new(None),
    }
}

impl<F> Reading<F> {
    /// `answer` from the table, or the first error met reading it.
    fn answer<G: StrongGame, T>(self, answer: impl FnOnce(&dyn Solved<G>) -> Result<T>) -> Result<T>
    where
        Self: Solved<G>,
    {
        let answered = answer(&self);
        match self.error.into_inner() {
            Some(error) => Err(error),
            None => answered,
        }
    }
}

impl<G: StrongGame, F: Fn(&G::Position) -> Result<Option<Solution>>> Solved<G> for Reading<F> {
    fn solution(&self, _game: &G, position: &G::Position) -> Option<Solution> {
        match (self.solution)(position) {
            Ok(solution) => solution,
            Err(error) => {
                self.error.borrow_mut().get_or_insert(error);
                None
            }
        }
    }
}

impl<G: StrongRules> StrongSolver<G> {
    /// The game in tiers, or why not.
    fn tiered(&self) -> Result<&dyn TieredGame<Position = G::Position>> {
        self.game.tiered().ok_or_else(|| {
            Error::Unsupported(format!(
                "{} is not solved in tiers (connect4 and mnk are)",
                self.game.name()
            ))
        })
    }

    /// The one position written in `words`.
    fn position(&self, words: &[Word]) -> Result<G::Position> {
        let game = &self.game;
        let [word] = words else {
            let at = words.get(1).map_or(1, |w| w.column);
            return Err(Error::Parse {
                column: at,
                message: format!("{} takes one position, written as one word", game.name()),
            });
        };
        game.parse_position(word)
    }

    /// `answer` from a kept table that holds `position`, or from a new
    /// solve from it, which is then kept: the newest tables, in at most
    /// half the budget.
    fn with_table<T>(
        &self,
        position: &G::Position,
        options: &Options,
        progress: &mut dyn FnMut(SolveProgress) -> bool,
        answer: impl FnOnce(&SolvedGame<G>) -> Result<T>,
    ) -> Result<T> {
        let game = &self.game;
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        let solved = |table: &&SolvedGame<G>| table.solution(game, position).is_some();
        if let Some(table) = kept.iter().rev().find(solved) {
            return answer(table);
        }
        let table =
            retrograde::solve_from(game, std::slice::from_ref(position), options, progress)?;
        let answered = answer(&table);
        kept.push(table);
        let bytes = |kept: &[SolvedGame<G>]| kept.iter().map(SolvedGame::heap_bytes).sum::<usize>();
        while kept.len() > 1 && bytes(&kept) as u64 > options.memory / 2 {
            kept.remove(0);
        }
        if bytes(&kept) as u64 > options.memory / 2 {
            kept.clear();
        }
        answered
    }

    /// `answer` from the table `source` names: a kept table or a new
    /// solve ([`StrongSolver::with_table`]), a `--db` file, or a directory
    /// of tiers, whose first error reading it is the answer's.
    fn with_source<T>(
        &self,
        position: &G::Position,
        source: Source,
        options: &Options,
        progress: &mut dyn FnMut(SolveProgress) -> bool,
        answer: impl FnOnce(&dyn Solved<G>) -> Result<T>,
    ) -> Result<T> {
        let game = &self.game;
        match source {
            Source::Solve => self.with_table(position, options, progress, |table| answer(table)),
            Source::Db(file) => {
                file.check(&game.name(), game.digest().as_deref())?;
                reading(|position| match game.key(position) {
                    Some(key) => file.solution_of_key(key),
                    None => Ok(None),
                })
                .answer(answer)
            }
            Source::Tiers { dir } => {
                let tiered = self.tiered()?;
                let db = tier::file::Db::open(dir, &game.name(), tiered.tiers())?;
                reading(|position| db.solution(tiered, position)).answer(answer)
            }
        }
    }

    /// The error of a position a solved table does not hold.
    fn not_in_table(&self, position: &G::Position) -> Error {
        Error::Unsupported(format!(
            "{} is not in the solved table (it is not reachable from the start)",
            self.expression(position)
        ))
    }

    /// A position as an expression writes it.
    fn expression(&self, position: &G::Position) -> String {
        let game = &self.game;
        format!("{} {}", game.name(), game.format_position(position))
    }

    fn answer(&self, table: &dyn Solved<G>, position: &G::Position) -> Result<StrongAnalysis> {
        let game = &self.game;
        let expression = |p: &G::Position| self.expression(p);
        let missing = || self.not_in_table(position);
        let solution = table.solution(game, position).ok_or_else(missing)?;
        let best_moves = table.best_moves(game, position);
        if let Some(error) = game.failure() {
            return Err(error);
        }
        let best_moves = best_moves
            .ok_or_else(missing)?
            .into_iter()
            .map(|m| (expression(&m.to), m.after))
            .collect();
        Ok(StrongAnalysis {
            expression: expression(position),
            solution,
            best_moves,
        })
    }
}
