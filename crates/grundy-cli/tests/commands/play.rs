//! `grundy play` end to end: through a pipe, where the moves of the
//! engine are checked against facts found here by exhaustive search (the
//! XOR rule of Nim, Bouton's misère rule, remoteness by brute force), and
//! in a real terminal (tmux).

use crate::common;

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use crate::common::{grundy, solve_into, temp_path};
use serde_json::Value;

/// The lines `grundy play ARGS --json` writes when fed `input`, each
/// validated against the schema of the answers, and its exit status.
fn play(args: &[&str], input: &str) -> (Vec<Value>, i32) {
    play_bytes(args, input.as_bytes())
}

/// The same, fed bytes that need not be text.
fn play_bytes(args: &[&str], input: &[u8]) -> (Vec<Value>, i32) {
    let output = grundy()
        .arg("play")
        .args(args)
        .arg("--json")
        .write_stdin(input)
        .output()
        .unwrap();
    let lines = common::validated_lines(&output.stdout);
    (lines, output.status.code().unwrap())
}

/// The heaps of `nim A B C`.
fn heaps(expression: &str) -> Vec<u32> {
    let mut words = expression.split_whitespace();
    assert_eq!(words.next(), Some("nim"), "{expression}");
    words.map(|w| w.parse().unwrap()).collect()
}

fn xor(expression: &str) -> u32 {
    heaps(expression).iter().fold(0, |a, b| a ^ b)
}

/// The moves of a line list, by whom, each with the position it leaves.
fn moves(lines: &[Value]) -> Vec<(&str, &str)> {
    (lines.iter())
        .filter(|l| l.get("by").is_some())
        .map(|l| (l["by"].as_str().unwrap(), l["to"].as_str().unwrap()))
        .collect()
}

/// Normal-play Nim by exhaustive search: whether the player to move wins,
/// and the remoteness (the winner hurries, the loser delays).
fn nim_search(heaps: &[u32], memo: &mut HashMap<Vec<u32>, (bool, u32)>) -> (bool, u32) {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut wins = Vec::new();
    let mut losses = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for smaller in 0..h {
            let mut next = heaps.to_vec();
            next[i] = smaller;
            let (opponent_wins, r) = nim_search(&next, memo);
            if opponent_wins {
                losses.push(r);
            } else {
                wins.push(r);
            }
        }
    }
    let answer = match (wins.iter().min(), losses.iter().max()) {
        (Some(&fastest), _) => (true, fastest + 1),
        (None, Some(&slowest)) => (false, slowest + 1),
        (None, None) => (false, 0),
    };
    memo.insert(key, answer);
    answer
}

/// Misère Nim by Bouton's rule (C. L. Bouton, "Nim, a game with a complete
/// mathematical theory", Annals of Mathematics 3, 1901; Winning Ways ch.
/// 13): with every heap at most 1 the player to move loses exactly when
/// the number of heaps of 1 is odd; otherwise exactly when the XOR is 0.
fn misere_lost(heaps: &[u32]) -> bool {
    if heaps.iter().all(|&h| h <= 1) {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
    } else {
        heaps.iter().fold(0, |a, b| a ^ b) == 0
    }
}

#[test]
fn as_second_every_engine_move_leaves_xor_zero() {
    let (lines, status) = play(&["nim 3 4 5", "--as", "second"], &"1\n".repeat(20));
    assert_eq!(status, 0);
    assert_eq!(lines[0]["start"], "nim 3 4 5");
    assert_eq!(lines[0]["user"], "second");
    let moves = moves(&lines);
    assert_eq!(moves[0].0, "engine");
    let engine: Vec<&str> = (moves.iter())
        .filter(|(by, _)| *by == "engine")
        .map(|&(_, to)| to)
        .collect();
    assert!(engine.len() >= 3, "{lines:?}");
    for to in engine {
        assert_eq!(xor(to), 0, "the engine moved to {to}");
    }
    let end = lines.last().unwrap();
    assert_eq!(end["winner"], "engine", "{lines:?}");
    assert_eq!(xor(end["end"].as_str().unwrap()), 0);
    assert!(heaps(end["end"].as_str().unwrap()).iter().all(|&h| h == 0));
}

#[test]
fn as_first_each_engine_reply_leaves_a_p_position() {
    // The first move listed from 3 4 5 empties the heap of 3, leaving 4 5
    // (XOR 1): the engine has a winning reply, and keeps it to the end.
    let (lines, status) = play(&["nim 3 4 5"], &"1\n".repeat(20));
    assert_eq!(status, 0);
    let moves = moves(&lines);
    assert_eq!(moves[0], ("user", "nim 0 4 5"));
    for pair in moves.windows(2) {
        if pair[1].0 == "engine" {
            assert_ne!(xor(pair[0].1), 0, "the user left a P-position");
            assert_eq!(xor(pair[1].1), 0, "the engine replied {}", pair[1].1);
        }
    }
    assert_eq!(lines.last().unwrap()["winner"], "engine");
}

/// `grundy play ARGS --json --hint` with the user's moves chosen while it
/// runs: stdin and stdout held open.
struct Session {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("grundy"))
            .arg("play")
            .args(args)
            .args(["--json", "--hint"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        Session {
            stdin: child.stdin.take().unwrap(),
            stdout: BufReader::new(child.stdout.take().unwrap()),
            child,
        }
    }

    /// The next line, validated against the schema of the answers.
    fn line(&mut self) -> Value {
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        common::validated(line.as_bytes())
    }

    fn send(&mut self, text: &str) {
        writeln!(self.stdin, "{text}").unwrap();
        self.stdin.flush().unwrap();
    }
}

#[test]
fn from_a_lost_position_the_slowest_loss_lasts_the_remoteness() {
    let mut memo = HashMap::new();
    for start in ["nim 1 2 3", "nim 1 4 5", "nim 2 2", "nim 3 5 6"] {
        let (wins, remoteness) = nim_search(&heaps(start), &mut memo);
        assert!(!wins, "{start} is lost for the player to move");
        let mut session = Session::start(&[start]);
        assert_eq!(session.line()["start"], start);
        let mut played = 0;
        let end = loop {
            let line = session.line();
            if line.get("end").is_some() {
                break line;
            }
            if line.get("by").is_some() {
                played += 1;
                continue;
            }
            // A hint: every move's outcome and remoteness for the user, as
            // the search finds them; the user plays the slowest loss.
            let hint = &line["hint"];
            let here = heaps(hint["position"].as_str().unwrap());
            let (wins, r) = nim_search(&here, &mut memo);
            assert_eq!(
                (hint["outcome"].as_str(), hint["remoteness"].as_u64()),
                (Some(if wins { "win" } else { "lose" }), Some(r as u64))
            );
            let mut slowest = None;
            for m in hint["moves"].as_array().unwrap() {
                let to = m["to"].as_str().unwrap();
                let (opponent_wins, after) = nim_search(&heaps(to), &mut memo);
                let outcome = if opponent_wins { "lose" } else { "win" };
                assert_eq!(m["outcome"], outcome, "{to}");
                assert_eq!(m["remoteness"], after + 1, "{to}");
                if slowest.as_ref().is_none_or(|(longest, _)| after > *longest) {
                    slowest = Some((after, to.to_string()));
                }
            }
            session.send(&slowest.unwrap().1);
        };
        assert_eq!(end["winner"], "engine", "{start}");
        assert_eq!(played, remoteness, "{start}");
        assert!(session.child.wait().unwrap().success());
    }
}

/// Whatever the user plays (the first move listed, or the fastest win the
/// search finds), each engine move is the perfect one by the search: to a
/// position lost for the user, the fastest such, when it wins; the
/// slowest loss when it loses. Its remoteness is then one less.
#[test]
fn every_engine_move_wins_fastest_or_loses_slowest() {
    let mut memo = HashMap::new();
    for start in ["nim 3 4 5", "nim 2 5 6", "nim 1 2 3 4", "nim 2 3 3"] {
        for side in ["first", "second"] {
            for user_perfect in [false, true] {
                let mut session = Session::start(&[start, "--as", side]);
                let mut position = session.line()["start"].as_str().unwrap().to_string();
                let mut engine_moves = 0;
                loop {
                    let line = session.line();
                    if line.get("end").is_some() {
                        break;
                    }
                    if line["by"] == "engine" {
                        let to = line["to"].as_str().unwrap();
                        let before = nim_search(&heaps(&position), &mut memo);
                        let (after_wins, after) = nim_search(&heaps(to), &mut memo);
                        assert_eq!((!after_wins, after + 1), before, "{position} -> {to}");
                        engine_moves += 1;
                    }
                    if let Some(to) = line["to"].as_str() {
                        position = to.to_string();
                    }
                    let Some(moves) = line["hint"]["moves"].as_array() else {
                        continue;
                    };
                    let fastest_win = (moves.iter())
                        .map(|m| {
                            (
                                m["number"].as_u64().unwrap(),
                                heaps(m["to"].as_str().unwrap()),
                            )
                        })
                        .map(|(n, to)| (n, nim_search(&to, &mut memo)))
                        .filter(|(_, (opponent_wins, _))| !opponent_wins)
                        .min_by_key(|&(_, (_, r))| r);
                    let choice = match (user_perfect, fastest_win) {
                        (true, Some((number, _))) => number,
                        _ => 1,
                    };
                    session.send(&choice.to_string());
                }
                assert!(engine_moves > 0, "{start} --as {side}");
            }
        }
    }
}

#[test]
fn misere_engine_moves_leave_positions_lost_by_boutons_rule() {
    let (lines, status) = play(
        &["nim 5 3 1", "--misere", "--as", "second"],
        &"1\n".repeat(20),
    );
    assert_eq!(status, 0);
    assert!(!misere_lost(&[5, 3, 1]));
    let moves = moves(&lines);
    for (by, to) in &moves {
        if *by == "engine" {
            assert!(misere_lost(&heaps(to)), "the engine moved to {to}");
        }
    }
    // Under misère play whoever takes the last counter loses: the user.
    assert_eq!(moves.last().unwrap().0, "user");
    assert_eq!(lines.last().unwrap()["winner"], "engine");
}

#[test]
fn tic_tac_toe_played_well_is_a_tie_and_the_engine_never_loses() {
    // Noughts and crosses is a draw with perfect play (Winning Ways, ch.
    // 22): the user keeping the tie at every move ends level.
    let mut session = Session::start(&["mnk(3,3,3) .../.../..."]);
    session.line();
    let end = loop {
        let line = session.line();
        if line.get("end").is_some() {
            break line;
        }
        if let Some(hint) = line.get("hint") {
            assert_eq!(hint["outcome"], "tie");
            let moves = hint["moves"].as_array().unwrap();
            let tie = moves.iter().find(|m| m["outcome"] == "tie").unwrap();
            session.send(tie["number"].to_string().as_str());
        }
    };
    assert_eq!(end["winner"], Value::Null);
    // Naive play (always the first cell listed) cannot beat it.
    let (lines, _) = play(&["mnk(3,3,3) .../.../..."], &"1\n".repeat(9));
    assert_ne!(lines.last().unwrap()["winner"], "user", "{lines:?}");
}

#[test]
fn connect4_engine_takes_the_win_at_once() {
    // Crosses have three in the first column and move: dropping a fourth
    // there wins, the one win in one move.
    let (lines, status) = play(&["connect4(4,4) ..../xo../xo../xo..", "--as", "second"], "");
    assert_eq!(status, 0);
    assert_eq!(
        moves(&lines),
        [("engine", "connect4(4,4) x.../xo../xo../xo..")]
    );
    assert_eq!(lines.last().unwrap()["winner"], "engine");
}

/// The user's moves and the messages of the lines that named none, in
/// order: `Ok(move)` or `Err(message)`.
fn users(lines: &[Value]) -> Vec<Result<&str, &str>> {
    (lines.iter())
        .filter_map(|line| match (&line["by"], &line["error"]["message"]) {
            (by, _) if by == "user" => Some(Ok(line["move"].as_str().unwrap())),
            (_, Value::String(message)) => Some(Err(message.as_str())),
            _ => None,
        })
        .collect()
}

/// Connect Four's moves are typed by their column, not by their place in
/// the list, which changes once a column is full: a full column is
/// refused with its reason, and play goes on.
#[test]
fn connect4_moves_are_typed_by_column() {
    // The engine answers in the same column twice (a column of four fills
    // with the user's first two moves and its replies): the third and
    // fourth 1 name a full column, the 2 column 2, though it is now the
    // first move listed.
    let (lines, status) = play(&["connect4(4,4) ..../..../..../...."], "1\n1\n1\n1\n2\n");
    assert_eq!(status, 0);
    let typed = users(&lines);
    assert_eq!(
        typed[..2],
        [Ok("x at row 4, column 1"), Ok("x at row 2, column 1")]
    );
    for refused in &typed[2..4] {
        let message = refused.unwrap_err();
        assert!(message.contains("column 1 is full"), "{message}");
    }
    assert_eq!(typed[4], Ok("x at row 4, column 2"));
    assert_eq!(typed.len(), 5);
    // The hint numbers the moves as they are typed: by column.
    let (lines, _) = play(&["connect4(4,4) o.../x.../o.../x...", "--hint"], "");
    let numbers: Vec<u64> = (lines[1]["hint"]["moves"].as_array().unwrap().iter())
        .map(|m| m["number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, [2, 3, 4]);
    let (lines, _) = play(&["connect4(4,4) ..../..../..../...."], "5\n");
    let message = users(&lines)[0].unwrap_err();
    assert!(
        message.contains("there is no column 5: the columns are 1 to 4"),
        "{message}"
    );
}

/// An m,n,k-game's moves are typed by cell too: `row column`, or the
/// cell's name, its column's letter then its row (rows counted from the
/// top, as the moves read); a cell taken is refused with its reason.
#[test]
fn mnk_moves_are_typed_by_row_and_column_or_by_name() {
    for typed in ["2 3", "c2", "C2"] {
        let (lines, status) = play(&["mnk(3,3,3) .../.../..."], &format!("{typed}\n"));
        assert_eq!(status, 0);
        assert_eq!(users(&lines), [Ok("x at row 2, column 3")], "{typed}");
    }
    let (lines, _) = play(&["mnk(3,3,3) .../.x./..."], "2 2\nb2\n4 1\n");
    let typed = users(&lines);
    for taken in &typed[..2] {
        let message = taken.unwrap_err();
        assert!(message.contains("row 2, column 2 is taken"), "{message}");
    }
    let message = typed[2].unwrap_err();
    assert!(message.contains("there is no row 4, column 1"), "{message}");
}

/// A Fox and Geese board says who moves after `@`: the moves read as the
/// board changes (a goose from one cell to another), and the board is
/// drawn without the player, who is named in the position above it.
#[test]
fn a_fox_and_geese_move_reads_by_its_board() {
    let (lines, status) = play(&["fox-and-geese x.x./..../..../.o..@Left"], "1\n");
    assert_eq!(status, 0);
    assert_eq!(users(&lines), [Ok("x from a1 to b2")]);
    let drawn = text(&["fox-and-geese x.x./..../..../.o..@Left"]);
    assert!(drawn.contains("   4 . o . .\n"), "{drawn}");
    assert!(!drawn.contains("@ L"), "{drawn}");
}

/// What `grundy play ARGS` writes in text, with no input.
fn text(args: &[&str]) -> String {
    let output = grundy().arg("play").args(args).output().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

/// Text in a pipe: the moves listed under the numbers that type them.
#[test]
fn text_lists_moves_as_they_are_typed() {
    let listed = text(&["connect4(4,4) o.../x.../o.../x..."]);
    assert!(
        listed.contains("\n  2. x at row 4, column 2  =>"),
        "{listed}"
    );
    assert!(!listed.contains("  1. "), "{listed}");
    assert!(listed.contains("your move (column, "), "{listed}");
    let cells = text(&["mnk(2,2,2) x./.."]);
    assert!(cells.contains("     a b\n   1 x .\n"), "{cells}");
    assert!(
        cells.contains("  1. o at row 1, column 2 (b1)  =>"),
        "{cells}"
    );
}

/// `--as second` shows the start before the engine's first move.
#[test]
fn as_second_shows_the_start_before_the_engine_moves() {
    let second = text(&["nim 1 2", "--as", "second"]);
    let start = second.find("\nnim 1 2\n").expect(&second);
    let engine = second.find("engine: ").expect(&second);
    assert!(start < engine, "{second}");
}

#[test]
fn undo_takes_back_the_move_and_the_reply() {
    let (lines, status) = play(&["nim 3 4 5"], "1\nundo\nundo\nquit\n");
    assert_eq!(status, 0);
    assert_eq!(lines[1]["by"], "user");
    assert_eq!(lines[2]["by"], "engine");
    assert_eq!(lines[3]["undo"], "nim 3 4 5");
    assert_eq!(lines[4]["error"]["kind"], "unsupported");
    assert_eq!(lines[5]["stopped"], "nim 3 4 5");
    assert_eq!(lines[5]["reason"], "quit");
    assert_eq!(lines.len(), 6);
}

#[test]
fn a_bad_move_is_an_error_line_and_play_goes_on() {
    // "nim 1 4 5" is the position the winning move leaves, typed in full;
    // "1 4 5" would do too.
    let (lines, status) = play(&["nim 3 4 5"], "take all\n99\nnim 1 4 5\n");
    assert_eq!(status, 0);
    assert!(lines[1]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("take all"));
    assert!(lines[2]["error"].is_object());
    assert_eq!(lines[3]["by"], "user");
    assert_eq!(lines[3]["move"], "heap 1: 3 -> 1");
    assert_eq!(lines[3]["to"], "nim 1 4 5");
}

#[test]
fn the_end_of_input_mid_game_ends_the_session() {
    let (lines, status) = play(&["nim 3 4 5"], "heap 1: 3 -> 2\n");
    assert_eq!(status, 0);
    assert_eq!(lines[1]["to"], "nim 2 4 5");
    let last = lines.last().unwrap();
    assert_eq!(last["reason"], "end of input");
    assert_eq!(last["stopped"], lines[2]["to"]);
}

#[test]
fn bad_expressions_and_games_without_an_opponent_are_refused() {
    let (lines, status) = play(&["nim 3 x"], "");
    assert_eq!(status, 2);
    assert_eq!(lines[0]["error"]["column"], 7);
    let (_, status) = play(&["nim 3", "--as", "left"], "");
    assert_eq!(status, 2);
    // A position with a value is played as Left or Right: first and
    // second are bad input, and so is --first where there are no sides.
    for args in [
        &["domineering 2x2", "--as", "first"][..],
        &["{1|-1}", "--as", "second", "--first", "left"],
        &["nim 3", "--first", "left"],
        &["mnk(3,3,3) .........", "--first", "right"],
    ] {
        let (lines, status) = play(args, "");
        assert_eq!(status, 2, "{args:?}");
        let message = lines[0]["error"]["message"].as_str().unwrap();
        assert!(
            message.contains("--as") && message.contains("value"),
            "{message}"
        );
    }
    let (lines, status) = play(&["mnk(3,3,3) .........", "--misere"], "");
    assert_eq!(status, 1);
    assert_eq!(lines[0]["error"]["kind"], "unsupported");
}

/// A board of Domineering or Clobber as rows of cells.
type Board = Vec<Vec<u8>>;

/// The board of `clobber ROWS` or `domineering ROWS`.
fn board(expression: &str) -> Board {
    let (_, rows) = expression.split_once(' ').unwrap();
    rows.split('/').map(|r| r.as_bytes().to_vec()).collect()
}

/// The moves of `left` (else Right) on `board` by the rules of Domineering
/// (Left a vertical domino on two empty cells, Right a horizontal one) or
/// Clobber (a stone of the mover's, `x` Left's, onto an opponent's next to
/// it by an edge).
fn board_moves(clobber: bool, board: &Board, left: bool) -> Vec<Board> {
    let (rows, columns) = (board.len(), board[0].len());
    let (mine, theirs) = if left { (b'x', b'o') } else { (b'o', b'x') };
    let mut found = Vec::new();
    for r in 0..rows {
        for c in 0..columns {
            let steps: &[(isize, isize)] = match (clobber, left) {
                (true, _) => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
                (false, true) => &[(1, 0)],
                (false, false) => &[(0, 1)],
            };
            for &(dr, dc) in steps {
                let (r2, c2) = (r as isize + dr, c as isize + dc);
                if r2 < 0 || c2 < 0 || r2 as usize >= rows || c2 as usize >= columns {
                    continue;
                }
                let (r2, c2) = (r2 as usize, c2 as usize);
                let mut next = board.clone();
                if clobber && board[r][c] == mine && board[r2][c2] == theirs {
                    next[r][c] = b'.';
                    next[r2][c2] = mine;
                } else if !clobber && board[r][c] == b'.' && board[r2][c2] == b'.' {
                    next[r][c] = b'#';
                    next[r2][c2] = b'#';
                } else {
                    continue;
                }
                found.push(next);
            }
        }
    }
    found
}

/// Whether the player to move (`left`, else Right) wins `board` under
/// normal play, or misère play where `misere` (the player without a move
/// wins), by exhaustive search of the boards.
fn mover_wins(
    clobber: bool,
    misere: bool,
    board: &Board,
    left: bool,
    memo: &mut HashMap<(Board, bool, bool), bool>,
) -> bool {
    if let Some(&wins) = memo.get(&(board.clone(), left, misere)) {
        return wins;
    }
    let moves = board_moves(clobber, board, left);
    let wins = match moves.is_empty() {
        true => misere,
        false => (moves.iter()).any(|next| !mover_wins(clobber, misere, next, !left, memo)),
    };
    memo.insert((board.clone(), left, misere), wins);
    wins
}

/// Games of small Domineering and Clobber boards played through a pipe
/// as Left and as Right, either player first, the user typing the first,
/// the last or the second move listed: each move names its player, the
/// players alternate from the one `--first` names, every move of the
/// engine's from a position it wins (by exhaustive search of the boards,
/// not of values) leaves the user lost, and the game ends when the player
/// to move has none, who loses.
#[test]
fn values_are_played_as_left_or_right_and_the_engine_never_gives_away_a_win() {
    let (engine_wins_checked, games) = play_boards(false);
    assert!(
        games == 60 && engine_wins_checked > 40,
        "{engine_wins_checked} checked"
    );
}

/// The same games under misère play (`--misere`), where the player to move
/// without a move wins: the engine's moves from a position it wins leave
/// the user lost by exhaustive search of misère play, and the end names
/// the player who cannot move the winner.
#[test]
fn misere_values_are_played_and_the_engine_never_gives_away_a_win() {
    let (engine_wins_checked, games) = play_boards(true);
    assert!(
        games == 60 && engine_wins_checked > 20,
        "{engine_wins_checked} checked"
    );
}

/// Plays the games of the two tests above; answers how many moves of the
/// engine's from a winning position were checked, and how many games.
fn play_boards(misere: bool) -> (u32, u32) {
    let mut memo = HashMap::new();
    let (mut engine_wins_checked, mut games) = (0, 0);
    for start in [
        "domineering .../.../...",
        "domineering ..../..../..#.",
        "domineering ../../../..",
        "clobber xo./ox./.xo",
        "clobber xoxo/oxox",
    ] {
        let clobber = start.starts_with("clobber");
        for (side, first) in [
            ("left", "left"),
            ("left", "right"),
            ("right", "left"),
            ("right", "right"),
        ] {
            for typed in ["first", "last", "bad"] {
                // "bad": a line that is no move, then the first move.
                let mut sent_bad = false;
                let mut lines = Vec::new();
                let mut args = vec![start, "--as", side, "--first", first];
                if misere {
                    args.push("--misere");
                }
                let mut session = Session::start(&args);
                let opening = session.line();
                assert_eq!(opening["start"], start);
                assert_eq!(opening["side"], side);
                assert_eq!(
                    opening["user"],
                    if side == first { "first" } else { "second" }
                );
                let mut to_move = first;
                let mut position = start.to_string();
                loop {
                    let line = session.line();
                    lines.push(line.clone());
                    if let Some(hint) = line.get("hint") {
                        // The user's turn: a move chosen from the hint.
                        let count = hint["moves"].as_array().unwrap().len();
                        assert!(count > 0, "{line}");
                        let answer = match typed {
                            "bad" if !sent_bad => "99".to_string(),
                            "last" => count.to_string(),
                            _ => "1".to_string(),
                        };
                        sent_bad |= answer == "99";
                        session.send(&answer);
                        continue;
                    }
                    if line.get("error").is_some() {
                        continue;
                    }
                    if let Some(end) = line.get("end") {
                        assert_eq!(end, &position.as_str());
                        // The player to move has no move, and loses (under
                        // misère play, wins).
                        assert!(
                            board_moves(clobber, &board(&position), to_move == "left").is_empty()
                        );
                        let user_won = (to_move != side) != misere;
                        assert_eq!(
                            line["winner"],
                            if user_won { "user" } else { "engine" },
                            "{lines:?}"
                        );
                        break;
                    }
                    assert_eq!(line["player"], to_move, "{line}");
                    let by = line["by"].as_str().unwrap();
                    assert_eq!(by == "user", to_move == side, "{line}");
                    let before = board(&position);
                    let left = to_move == "left";
                    let to = line["to"].as_str().unwrap();
                    let after = board(to);
                    assert!(
                        board_moves(clobber, &before, left).contains(&after),
                        "{position} -> {to}"
                    );
                    if by == "engine" && mover_wins(clobber, misere, &before, left, &mut memo) {
                        engine_wins_checked += 1;
                        assert!(
                            !mover_wins(clobber, misere, &after, !left, &mut memo),
                            "{position}: {to_move} wins, but the engine plays {to}"
                        );
                    }
                    position = to.to_string();
                    to_move = if left { "right" } else { "left" };
                }
                drop(session);
                games += 1;
            }
        }
    }
    (engine_wins_checked, games)
}

/// In text, the start says who is who, each move names its player, and
/// the end says who could not move.
#[test]
fn text_names_the_player_of_each_move_of_a_value() {
    let output = grundy()
        .args([
            "play",
            "domineering 2x2",
            "--as",
            "right",
            "--first",
            "left",
        ])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    // Domineering 2x2 is ±1: Left, first, places a domino and Right has
    // no room for one.
    assert!(
        text.starts_with("you play Right; Left moves first\n"),
        "{text}"
    );
    assert!(text.contains("\nengine (Left): "), "{text}");
    assert!(
        text.contains("game over: Right cannot move: the engine wins"),
        "{text}"
    );
    let output = grundy()
        .args(["play", "{1|-1} + ^", "--as", "right"])
        .write_stdin("2\n")
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("your move as Right ("), "{text}");
    assert!(
        text.contains("you (Right): part 2: ^ -> *  => {1|-1} + *"),
        "{text}"
    );
    assert!(text.contains("engine (Left): "), "{text}");
}

#[test]
fn text_in_a_pipe_is_plain() {
    let output = grundy()
        .args(["play", "nim 1 2", "--hint"])
        .write_stdin("1\n")
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("3. heap 2: 2 -> 1  => nim 1 1  win in 3"),
        "{text}"
    );
    assert!(
        text.contains("engine: heap 2: 2 -> 0  => nim 0 0"),
        "{text}"
    );
    assert!(text.contains("game over: the engine wins"), "{text}");
    assert!(!text.contains('\u{1b}'), "{text}");
}

/// A real terminal: tmux runs `grundy play ARGS` in a detached session
/// of its own server, which ends with the value (passed or failed: else
/// a failed test leaves `grundy play` waiting for a move); keys are sent
/// and the screen read back.
struct Terminal {
    socket: String,
}

impl Terminal {
    /// `grundy play ARGS` (each quoted for the shell) in a terminal of
    /// 100 x 40; `None` where tmux is missing (the test then passes, as
    /// `skipped_without` says).
    fn start(name: &str, args: &[&str]) -> Option<Terminal> {
        let present = Command::new("tmux").arg("-V").output().is_ok();
        if common::skipped_without("tmux", present) {
            return None;
        }
        let terminal = Terminal {
            socket: format!("grundy-{name}-test-{}", std::process::id()),
        };
        let bin = assert_cmd::cargo::cargo_bin("grundy");
        let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
        let command = format!("{} play {}; sleep 30", bin.display(), quoted.join(" "));
        let started = terminal.tmux(&[
            "new-session",
            "-d",
            "-s",
            "play",
            "-x",
            "100",
            "-y",
            "40",
            &command,
        ]);
        assert!(started.status.success(), "{started:?}");
        Some(terminal)
    }

    fn tmux(&self, args: &[&str]) -> std::process::Output {
        Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .env_remove("TMUX")
            .output()
            .unwrap()
    }

    /// The screen, with its colours' escapes where `escapes`.
    fn screen(&self, escapes: bool) -> String {
        let mut args = vec!["capture-pane", "-p", "-t", "play"];
        if escapes {
            args.push("-e");
        }
        String::from_utf8(self.tmux(&args).stdout).unwrap()
    }

    /// Waits until the screen shows `text` (up to 10 s).
    fn wait_for(&self, text: &str) {
        for _ in 0..100 {
            if self.screen(false).contains(text) {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        panic!("{text:?} never showed:\n{}", self.screen(false));
    }

    /// Types `keys`, then Enter.
    fn type_line(&self, keys: &str) {
        self.tmux(&["send-keys", "-t", "play", keys, "Enter"]);
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = self.tmux(&["kill-server"]);
    }
}

#[test]
fn in_a_terminal_the_engine_replies_on_screen() {
    let Some(terminal) = Terminal::start("play", &["nim 1 2", "--hint"]) else {
        return;
    };
    terminal.wait_for("your move");
    // The hint is coloured in a terminal: "win in 3" in green.
    let coloured = terminal.screen(true);
    terminal.type_line("1");
    terminal.wait_for("game over");
    let shown = terminal.screen(false);
    assert!(coloured.contains('\u{1b}'), "{coloured}");
    assert!(shown.contains("you: heap 1: 1 -> 0  => nim 0 2"), "{shown}");
    assert!(
        shown.contains("engine: heap 2: 2 -> 0  => nim 0 0"),
        "{shown}"
    );
    assert!(shown.contains("game over: the engine wins"), "{shown}");
}

/// A sum of values in a terminal, played as Right, who moves first by
/// default: ±1 + ↑, Right to -1 + ↑ (≤ 0, a win); Left's one move ↑ -> 0
/// leaves -1, and Right's -1 -> 0 leaves Left without a move. Each move
/// and the prompt name the player.
#[test]
fn in_a_terminal_a_value_is_played_as_right() {
    let Some(terminal) = Terminal::start("values", &["{1|-1} + ^", "--as", "right"]) else {
        return;
    };
    terminal.wait_for("your move as Right (");
    terminal.type_line("1");
    terminal.wait_for("engine (Left): ");
    terminal.wait_for("=> -1\n");
    terminal.type_line("1");
    terminal.wait_for("game over");
    let shown = terminal.screen(false);
    assert!(
        shown.contains("you play Right; Right moves first"),
        "{shown}"
    );
    assert!(
        shown.contains("you (Right): part 1: {1|-1} -> -1  => -1 + ^"),
        "{shown}"
    );
    assert!(
        shown.contains("engine (Left): part 2: ^ -> 0  => -1"),
        "{shown}"
    );
    assert!(
        shown.contains("game over: Left cannot move: you win"),
        "{shown}"
    );
}

#[test]
fn a_game_from_a_solved_table_or_tier_directory_is_the_game_solved_as_it_goes() {
    // The tiers (`solve --tiers`), the table (`solve --db`) and the solve
    // `play` makes itself are three solvers: the same game played with
    // hints against each shows the same values, remoteness and replies at
    // every turn, to the end.
    for (start, ruleset, input) in [
        (
            "connect4(4,4) ..../..../..../....",
            "connect4(4,4)",
            "2\n3\n1\n4\n4\n2\n1\n3\n",
        ),
        ("mnk(3,3,3) .../.../...", "mnk(3,3,3)", "5\n2\n"),
    ] {
        let dir = temp_path(&format!("{ruleset}-tiers"));
        let file = temp_path(&format!("{ruleset}.db"));
        solve_into(ruleset, "--tiers", &dir);
        solve_into(ruleset, "--db", &file);
        // The moves typed, then the first of columns (or moves listed) 1
        // to 4 that can be played, until the end: a full column is
        // refused, and the next one typed.
        let input = format!("{input}{}", "1\n2\n3\n4\n".repeat(16));
        let (solved_here, status) = play(&[start, "--hint"], &input);
        assert_eq!(status, 0);
        assert!(
            solved_here.last().unwrap().get("end").is_some(),
            "{solved_here:?}"
        );
        assert!(solved_here.iter().any(|l| l.get("hint").is_some()));
        for table in [&dir, &file] {
            let (from_table, status) =
                play(&[start, "--hint", "--db", table.to_str().unwrap()], &input);
            assert_eq!(status, 0);
            assert_eq!(from_table, solved_here, "{}", table.display());
        }
    }
}

#[test]
fn a_solved_table_answers_only_its_own_ruleset_and_no_sums() {
    let dir = temp_path("connect4-tiers-refusals");
    solve_into("connect4(4,3)", "--tiers", &dir);
    let db = dir.to_str().unwrap();
    // Another ruleset's position: the file that says so is named.
    let (lines, status) = play(&["mnk(3,3,3) .../.../...", "--db", db], "");
    assert_eq!(status, 2);
    assert_eq!(lines[0]["error"]["cause"], "file");
    let message = lines[0]["error"]["message"].as_str().unwrap();
    assert!(
        message.contains(db) && message.contains("mnk(3,3,3)"),
        "{message}"
    );
    // A sum is solved as it is played, never from a table.
    let (lines, status) = play(&["nim 3 4 5", "--db", db], "");
    assert_eq!(status, 1);
    assert_eq!(lines[0]["error"]["kind"], "unsupported");
    // No table there.
    let missing = temp_path("no-such-table");
    let (lines, status) = play(
        &[
            "connect4(4,3) ..../..../....",
            "--db",
            missing.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(status, 2);
    assert_eq!(lines[0]["error"]["cause"], "file");
}

/// A table damaged where a later move reads it ends the session with the
/// error as its last JSON line (exit status 2), after the lines played.
#[test]
fn a_damaged_table_met_mid_game_ends_with_a_json_error_line() {
    let dir = temp_path("connect4-tiers-damaged");
    solve_into("connect4(4,4)", "--tiers", &dir);
    // Tier 2 (two discs) is one block: the engine's reply to the first
    // move reads it.
    let tier = dir.join("tier-002.bin");
    let mut bytes = std::fs::read(&tier).unwrap();
    *bytes.last_mut().unwrap() ^= 0x40;
    std::fs::write(&tier, &bytes).unwrap();
    let start = "connect4(4,4) ..../..../..../....";
    let (lines, status) = play(&[start, "--db", dir.to_str().unwrap()], "2\n1\n");
    assert_eq!(status, 2);
    assert_eq!(lines[0]["start"], start, "{lines:?}");
    let last = lines.last().unwrap();
    assert_eq!(last["error"]["cause"], "file", "{lines:?}");
    let message = last["error"]["message"].as_str().unwrap();
    assert!(message.contains("tier-002.bin"), "{message}");
}

/// Issue 37, item 7 (repro 25): play read a line whole, however long (a
/// 2 GB line aborted, a 100 MB one was echoed in the error), and a line
/// not UTF-8 ended the session with no JSON line. Now a line past 16 MiB
/// is a limit error, a line not UTF-8 is no move, a long line that is no
/// move is told by its start, and play goes on after each.
#[test]
fn long_and_binary_lines_are_answered_and_play_goes_on() {
    let mut input = vec![b'1'; (16 << 20) + 1];
    input.push(b'\n');
    input.extend_from_slice(b"\xff\n");
    input.extend_from_slice(&[b'x'; 100_000]);
    input.extend_from_slice(b"\nnim 1 4 5\n");
    let (lines, status) = play_bytes(&["nim 3 4 5"], &input);
    assert_eq!(status, 0);
    assert_eq!(lines[1]["error"]["kind"], "limit");
    assert!(lines[1]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("longer than 16 MiB"));
    assert!(lines[2]["error"]["message"]
        .as_str()
        .unwrap()
        .contains("\u{FFFD}"));
    let message = lines[3]["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("xxxxxx... (100000 bytes)"),
        "{}",
        &message[..200]
    );
    assert!(message.len() < 1000, "{} bytes", message.len());
    assert_eq!(lines[4]["to"], "nim 1 4 5");
}

/// Issue 37, item 8 (repro 26): each move of a sum too large to solve
/// whole was valued by a whole analysis, which counted its winning moves,
/// and an infinite vertex's value was found from its every option each
/// time: steps the square of the moves (`kayles 10000` took 48 s to its
/// first prompt, a vertex of 10^6 self-loops hours). A vertex with 600,000
/// self-loops and an edge to a sink: more options than a sum solved whole
/// may list, so each move is valued by its outcome, and the engine moves
/// to the sink, which wins. (Measured in the commit, not asserted.)
#[test]
fn the_moves_of_a_vertex_of_many_self_loops_are_valued_once_each() {
    let mut text = String::from("2\n600001");
    text.push_str(&" 0".repeat(600_000));
    text.push_str(" 1\n0\n");
    let file = common::temp_file("self_loops.txt", &text);
    let graph = format!("graph(\"{}\")", file.display());
    let (lines, status) = play(&[&format!("{graph} 0"), "--as", "second"], "");
    assert_eq!(status, 0);
    assert_eq!(lines[1]["by"], "engine");
    assert_eq!(lines[1]["to"], format!("{graph} 1"));
    assert_eq!(lines[2]["winner"], "engine");
}
