//! Solved tables (`solve --db`, `retrograde::db`) written and read back:
//! every answer of a table read equals the solve's, and a file of other
//! rules, truncated or corrupted is refused. The games are the catalogue's,
//! which the retrograde layer must not know, hence a test of its own.

use grundy::catalogue::{Connect4, Mnk};
use grundy::retrograde::db::{encode, Db, DbFile, BLOCK_RECORDS};
use grundy::retrograde::{solve, Options, Solved, StrongGame};
use grundy::value::Standing;
use grundy::Result;

fn options() -> Options {
    Options { memory: 1 << 30 }
}

#[test]
fn a_numbered_table_round_trips() {
    let ttt = Mnk::new(3, 3, 3).unwrap();
    let table = solve(&ttt, &options(), &mut |_| true).unwrap();
    let bytes = encode("mnk(3,3,3)", None, &ttt, &table).unwrap();
    // Three to four bytes a position.
    assert!(bytes.len() < 5478 * 4, "{} bytes", bytes.len());
    let db = Db::decode("t.db", &bytes, "mnk(3,3,3)", None).unwrap();
    assert_eq!(db.positions(), 5478);
    assert_eq!(db.counts(), table.counts());
    let numbering = ttt.numbering().unwrap();
    for i in 0..numbering.count() {
        let board = numbering.position(i);
        assert_eq!(db.solution(&ttt, &board), table.solution(&ttt, &board));
        if table.solution(&ttt, &board).is_some() {
            assert_eq!(db.best_moves(&ttt, &board), table.best_moves(&ttt, &board));
        }
    }
}

/// Connect four with its own bitboards as keys, and no numbering: the
/// solver hashes its positions.
struct Keyed(Connect4);

impl StrongGame for Keyed {
    type Position = u64;

    fn start(&self) -> Result<u64> {
        self.0.start()
    }

    fn moves(&self, p: &u64, moves: &mut Vec<u64>) {
        self.0.moves(p, moves)
    }

    fn finished(&self, p: &u64) -> Option<Standing> {
        self.0.finished(p)
    }

    fn format_position(&self, p: &u64) -> String {
        self.0.format_position(p)
    }

    fn key(&self, &p: &u64) -> Option<u64> {
        Some(p)
    }
}

#[test]
fn a_hashed_table_round_trips() {
    let g = Keyed(Connect4::new(4, 3).unwrap());
    let table = solve(&g, &options(), &mut |_| true).unwrap();
    let bytes = encode("connect4(4,3)", None, &g, &table).unwrap();
    let db = Db::decode("c.db", &bytes, "connect4(4,3)", None).unwrap();
    assert_eq!(db.counts(), table.counts());
    let start = g.start().unwrap();
    assert_eq!(db.solution(&g, &start), Some(table.roots()[0]));
    assert_eq!(db.best_moves(&g, &start), table.best_moves(&g, &start));
}

fn small() -> Vec<u8> {
    let g = Mnk::new(1, 3, 2).unwrap();
    let table = solve(&g, &options(), &mut |_| true).unwrap();
    encode("mnk(1,3,2)", None, &g, &table).unwrap()
}

#[test]
fn another_rulesets_file_is_refused() {
    let err = Db::decode("t.db", &small(), "mnk(3,3,3)", None).unwrap_err();
    assert_eq!(
        err.to_string(),
        "t.db: the table is of mnk(1,3,2), not of mnk(3,3,3)"
    );
    let err = Db::decode(
        "t.db",
        b"P5\n3 2\n255\n\0\x01\x02\x03\x04\x05",
        "mnk(3,3,3)",
        None,
    )
    .unwrap_err();
    assert!(
        err.to_string().contains("not a grundy solved table"),
        "{err}"
    );
}

#[test]
fn truncated_files_are_refused() {
    let bytes = small();
    for end in 0..bytes.len() {
        let err = Db::decode("t.db", &bytes[..end], "mnk(1,3,2)", None).unwrap_err();
        assert!(err.to_string().contains("truncated"), "{end}: {err}");
    }
}

#[test]
fn corrupted_files_are_refused() {
    let bytes = small();
    for at in 0..bytes.len() {
        for bit in 0..8 {
            let mut corrupted = bytes.clone();
            corrupted[at] ^= 1 << bit;
            assert!(
                Db::decode("t.db", &corrupted, "mnk(1,3,2)", None).is_err(),
                "byte {at} bit {bit}"
            );
        }
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(Db::decode("t.db", &longer, "mnk(1,3,2)", None).is_err());
}

/// A table of rules read from a file records the file's digest, and answers
/// only for rules of the same digest (issue 19, item 2).
#[test]
fn a_table_of_other_file_content_is_refused() {
    let g = Mnk::new(1, 3, 2).unwrap();
    let table = solve(&g, &options(), &mut |_| true).unwrap();
    let before = grundy::file::sha256_hex(b"the file before");
    let after = grundy::file::sha256_hex(b"the file after");
    let bytes = encode("mnk(1,3,2)", Some(&before), &g, &table).unwrap();
    let db = Db::decode("t.db", &bytes, "mnk(1,3,2)", Some(&before)).unwrap();
    assert_eq!(db.counts(), table.counts());
    let err = Db::decode("t.db", &bytes, "mnk(1,3,2)", Some(&after)).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "t.db: the table was solved from rules of SHA-256 {before}, but the rules of \
             mnk(1,3,2) now have SHA-256 {after}: the file changed, so solve again"
        )
    );
    assert!(Db::decode("t.db", &bytes, "mnk(1,3,2)", None).is_err());
    assert!(Db::decode("t.db", &small(), "mnk(1,3,2)", Some(&before)).is_err());
}

/// A table of Connect Four on 4 x 4 in a file of this test's own.
fn connect4_file(name: &str) -> (Db, std::path::PathBuf, Vec<u8>) {
    let game = Connect4::new(4, 4).unwrap();
    let table = solve(&game, &options(), &mut |_| true).unwrap();
    let bytes = encode("connect4(4,4)", None, &game, &table).unwrap();
    let path = std::env::temp_dir().join(format!("grundy-{name}-{}.db", std::process::id()));
    std::fs::write(&path, &bytes).unwrap();
    let db = Db::decode("c.db", &bytes, "connect4(4,4)", None).unwrap();
    (db, path, bytes)
}

/// Every key, and the numbers next to each, answered from the file a
/// block at a time as from the table decoded whole; one question reads
/// the header, the index and one block (issue 24: one position from a
/// saved table, whatever its size, reads only the block it is in).
#[test]
fn a_file_answers_each_position_from_its_block() {
    let (db, path, bytes) = connect4_file("blocks");
    let path = path.to_str().unwrap();
    // An index larger than the bytes allowed is a limit, not a read.
    let limit = DbFile::open(path, 64).err().unwrap();
    assert_eq!(limit.kind(), grundy::error::ErrorKind::Limit, "{limit}");
    let file = DbFile::open(path, 1 << 20).unwrap();
    assert_eq!(file.ruleset(), "connect4(4,4)");
    file.check("connect4(4,4)", None).unwrap();
    assert!(file.check("connect4(4,5)", None).is_err());
    assert_eq!(file.positions(), db.positions());
    assert!(db.positions() > 100 * BLOCK_RECORDS as u64);
    let opened = file.bytes_read();
    let game = Connect4::new(4, 4).unwrap();
    let start = game.key(&game.start().unwrap()).unwrap();
    assert_eq!(
        file.solution_of_key(start).unwrap(),
        db.solution_of_key(start)
    );
    let one = file.bytes_read() - opened;
    assert!(
        one <= 4 * BLOCK_RECORDS as u64 && (opened + one) * 50 < bytes.len() as u64,
        "{opened} bytes to open, {one} for a question, of {}",
        bytes.len()
    );
    for key in db.keys() {
        for near in [key.saturating_sub(1), key, key + 1] {
            let from_file = file.solution_of_key(near).unwrap();
            assert_eq!(from_file, db.solution_of_key(near), "key {near}");
        }
        assert!(file.solution_of_key(key).unwrap().is_some());
    }
    std::fs::remove_file(path).unwrap();
}

/// A block damaged on disk is refused, naming the file, by the questions
/// that read it, and only by those.
#[test]
fn a_damaged_block_is_refused_by_the_questions_that_read_it() {
    let (db, path, mut bytes) = connect4_file("damaged");
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x10;
    std::fs::write(&path, &bytes).unwrap();
    let path = path.to_str().unwrap();
    let file = DbFile::open(path, 1 << 20).unwrap();
    let (mut refused, mut answered) = (0, 0);
    for key in db.keys() {
        match file.solution_of_key(key) {
            Ok(solution) => {
                assert_eq!(solution, db.solution_of_key(key));
                answered += 1;
            }
            Err(error) => {
                assert!(error.to_string().starts_with(path), "{error}");
                assert!(error.to_string().contains("corrupted"), "{error}");
                refused += 1;
            }
        }
    }
    assert!(refused > 0 && refused <= BLOCK_RECORDS as u64, "{refused}");
    assert_eq!(refused + answered, db.positions());
    // Decoded whole, the file is refused.
    assert!(Db::decode(path, &bytes, "connect4(4,4)", None).is_err());
    std::fs::remove_file(path).unwrap();
}
