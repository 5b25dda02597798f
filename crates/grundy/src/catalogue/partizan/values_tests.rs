//! The database of values of small regions (`crate::short::values`) on
//! every family of boards: built, read back, checked, and giving the same
//! answers as the search without it, on boards larger than the regions it
//! holds and on sums of them.

use super::amazons::Amazons;
use super::cannibal_clobber::CANNIBAL_CLOBBER;
use super::clobber::CLOBBER;
use super::domineering::Domineering;
use super::fission::Fission;
use super::konane::Konane;
use super::nogo::NoGo;
use super::toppling_dominoes::TopplingDominoes;
use crate::error::Error;
use crate::partizan::Games;
use crate::short::values::Database;
use crate::short::{DynShort, ShortRules, ShortSolver};
use crate::word::Word;

/// Boards of `rows` x `columns` (one row where `rows` is 0: a row of
/// `columns`), each cell one of `cells`, drawn by a fixed generator.
fn boards(seed: u64, rows: usize, columns: usize, cells: &[char], count: usize) -> Vec<String> {
    let mut state = seed;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) as usize
    };
    (0..count)
        .map(|_| {
            let row = |next: &mut dyn FnMut() -> usize| -> String {
                (0..columns).map(|_| cells[next() % cells.len()]).collect()
            };
            let rows: Vec<String> = (0..rows.max(1)).map(|_| row(&mut next)).collect();
            rows.join("/")
        })
        .collect()
}

/// What a solver answers of each board (its canonical form, in `games`,
/// where equal games are one id), and of each two boards in a row, the
/// second negated (who wins, by the search of the sum).
fn answers(solver: &dyn DynShort, boards: &[String], games: &mut Games) -> Vec<String> {
    let mut answers = Vec::new();
    for (i, board) in boards.iter().enumerate() {
        let word = Word::new(board);
        let valued = solver.valued(&word, games, &mut |_| true).unwrap();
        answers.push(format!("{board}: {:?}", valued.value));
        let other = Word::new(&boards[(i + 1) % boards.len()]);
        let zero = games.zero();
        let words = [(&word, false), (&other, true)];
        let searched = solver.outcome_of_sum(&words, zero, games, &mut |_| true);
        answers.push(format!(
            "{board} - {}: {:?}",
            other.text,
            searched.unwrap().outcome()
        ));
    }
    answers
}

/// Builds the database of `game`'s regions of at most `cells` cells,
/// reads it back from its text, checks it, and compares the answers on
/// `boards` with it and without it; then shows the database is read,
/// by a false one (every value 1) that changes an answer.
fn check<G: ShortRules>(game: fn() -> G, cells: u32, boards: &[String]) {
    let name = game().name();
    let db = ShortSolver::new(game()).build_values(cells, &mut |_| true);
    let db = db.unwrap();
    assert!(!db.entries.is_empty(), "{name}");
    let read = Database::read(db.to_text().as_bytes(), "test.values").unwrap();
    assert_eq!(read, db);
    let plain = ShortSolver::new(game());
    plain.check_values(&db, "test.values").unwrap();
    let mut games = Games::new();
    let expected = answers(&plain, boards, &mut games);
    let given = ShortSolver::with_values(game(), &db);
    assert_eq!(answers(&given, boards, &mut games), expected, "{name}");
    let mut wrong = db.clone();
    for entry in &mut wrong.entries {
        entry.1 = "1".into();
    }
    let misled = ShortSolver::with_values(game(), &wrong);
    assert_ne!(
        answers(&misled, boards, &mut games),
        expected,
        "{name}: the database is not read"
    );
}

#[test]
fn answers_with_a_database_are_answers_without_it() {
    check(|| Domineering, 6, &boards(1, 3, 4, &['.', '.', '#'], 12));
    check(|| CLOBBER, 5, &boards(2, 3, 3, &['x', 'o', '.'], 12));
    check(
        || CANNIBAL_CLOBBER,
        4,
        &boards(3, 2, 4, &['x', 'o', '.'], 12),
    );
    check(
        || Konane,
        4,
        &boards(4, 3, 3, &['x', 'o', '.', '#', '#'], 12),
    );
    check(
        || Amazons,
        3,
        &boards(5, 2, 3, &['x', 'o', '.', '.', '#'], 12),
    );
    check(|| NoGo, 4, &boards(6, 3, 3, &['x', 'o', '.', '#', '#'], 12));
    check(|| Fission, 4, &boards(7, 3, 3, &['x', '.', '.', '#'], 12));
    check(
        || TopplingDominoes,
        5,
        &boards(8, 0, 8, &['x', 'o', 'g'], 12),
    );
}

/// Domineering's regions of at most n cells are its free polyominoes of
/// 2 to n cells (a lone cell has no move and is left out): 1, 2, 5, 12,
/// 35 (OEIS A000105), since a region is kept as the least of its eight
/// images and transposes.
#[test]
fn domineering_regions_are_the_free_polyominoes() {
    let db = ShortSolver::new(Domineering).build_values(6, &mut |_| true);
    assert_eq!(db.unwrap().entries.len(), 1 + 2 + 5 + 12 + 35);
    // The domino lying is Right's move, -1; standing, its transpose, 1.
    let db = ShortSolver::new(Domineering).build_values(2, &mut |_| true);
    assert_eq!(db.unwrap().entries, [("..".to_string(), "-1".to_string())]);
}

/// A database of another family, or with a line that is not a region's
/// key, is refused naming the file and the line.
#[test]
fn a_wrong_database_is_refused_with_its_line() {
    let db = ShortSolver::new(Domineering).build_values(3, &mut |_| true);
    let mut db = db.unwrap();
    let clobber = ShortSolver::new(CLOBBER);
    let error = clobber.check_values(&db, "d.values").unwrap_err();
    assert!(error.to_string().contains("not of clobber"), "{error}");
    let solver = ShortSolver::new(Domineering);
    // Two regions are no region.
    db.entries[0].0 = "..#..".into();
    db.entries.push(("...".into(), "{|".into()));
    let error = solver.check_values(&db, "d.values").unwrap_err();
    assert!(matches!(error, Error::File { .. }), "{error}");
    assert!(
        error.to_string().starts_with("d.values: line 5:"),
        "{error}"
    );
    db.entries.remove(0);
    let error = solver.check_values(&db, "d.values").unwrap_err();
    assert!(error.to_string().contains("is not a value"), "{error}");
    let unknown = ShortSolver::new(Domineering).build_values(0, &mut |_| true);
    assert!(matches!(unknown, Err(Error::Parameter(_))));
}
