//! The tier solver (`grundy::tier`) on Connect Four and m,n,k-games: Connect
//! Four's counts by tier against the BDD solver's counts by ply
//! (tests/data/connect4), every position's value and remoteness against
//! the retrograde solver's on both, and the tier directory: stopped and
//! resumed byte for byte, the same on any number of threads, a damaged
//! file refused with its name, and one position answered from one block.
//! The games are the catalogue's, which the tier layer must not know,
//! hence a test of its own.

use crate::common;

use std::path::{Path, PathBuf};

use grundy::catalogue::{Connect4, Mnk};
use grundy::retrograde::{self, Options, Solved, StrongGame};
use grundy::strong::StrongRules;
use grundy::tier::file::{self, Db, Dir};
use grundy::tier::{self, Budget, Part, Plan, Summary, TieredGame};

/// A budget no solve of these tests comes near.
const BUDGET: Budget = Budget {
    memory: 4 << 30,
    disk_free: None,
};

fn game(w: u64, h: u64) -> Connect4 {
    Connect4::new(w, h).unwrap()
}

/// A directory of its own under the system's temporary directory.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-tiers-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn solve_in<G: TieredGame + StrongRules>(game: &G, dir: &Path) -> grundy::Result<Summary> {
    let plan = Plan::new(game).unwrap();
    let mut store = Dir::new(dir, &game.name(), &plan).unwrap();
    tier::solve(game, &plan, &BUDGET, &mut store, &mut |_| true)
}

/// The BDD solver's counts of one board, by ply: (win, tie, lose).
fn bdd_counts(w: u64, h: u64) -> Vec<(u64, u64, u64)> {
    let text = include_str!("../data/connect4/bdd_counts_per_ply.csv");
    let mut counts = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let f: Vec<u64> = line.split(',').map(|x| x.parse().unwrap()).collect();
        if (f[0], f[1]) == (w, h) {
            assert_eq!(f[2] as usize, counts.len(), "plies in order");
            counts.push((f[3], f[4], f[5]));
        }
    }
    assert_eq!(counts.len() as u64, w * h + 1);
    counts
}

#[test]
fn counts_by_tier_are_the_bdd_solvers_counts_by_ply() {
    for (w, h) in [(4, 4), (5, 4), (4, 5)] {
        let g = game(w, h);
        let dir = scratch(&format!("bdd-{w}x{h}"));
        let summary = solve_in(&g, &dir).unwrap();
        let expected = bdd_counts(w, h);
        for (t, (tier, &(win, tie, lose))) in summary.tiers.iter().zip(&expected).enumerate() {
            let c = tier.counts;
            assert_eq!(
                (c.win, c.tie, c.lose, c.draw),
                (win, tie, lose, 0),
                "{w}x{h} tier {t}"
            );
            assert_eq!(tier.positions, win + tie + lose, "{w}x{h} tier {t}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

/// Solves `g` a tier at a time and whole (`retrograde`), and compares:
/// the counts, the positions and the start's value; every tier's bits and
/// cells, read back, rank by rank: each rank of a reachable position that
/// is the least of its class under the game's symmetries is reached and
/// has its value and remoteness (the cells stored are those of the ranks
/// reached, in order), and every other rank none, the classes holding every
/// reachable position; and every 97th position of the game's numbering
/// through the reader of one position.
fn same_as_retrograde<G: TieredGame + StrongRules>(g: &G) {
    let name = g.name();
    let dir = scratch(&format!("same-{name}"));
    let summary = solve_in(g, &dir).unwrap();
    let table = retrograde::solve(g, &Options { memory: 4 << 30 }, &mut |_| true).unwrap();
    assert_eq!(summary.counts(), table.counts(), "{name}");
    assert_eq!(summary.positions(), table.positions(), "{name}");
    assert_eq!(summary.start, table.roots()[0], "{name}");
    let plan = Plan::new(g).unwrap();
    let mut store = Dir::new(&dir, &name, &plan).unwrap();
    let mut compared = 0;
    for t in 0..g.tiers() {
        let cells = tier::Store::load(&mut store, Part::Cells, t)
            .unwrap()
            .unwrap();
        let reach = tier::Store::load(&mut store, Part::Reach, t)
            .unwrap()
            .unwrap();
        // The cells stored are those of the ranks reached, in order.
        let mut stored = cells.bytes.iter();
        for rank in 0..g.tier_size(t) {
            let board = g.unrank(t, rank);
            let expected = match g.class_rank(t, &board) == rank {
                true => table.solution(g, &board),
                false => None,
            };
            let reached = reach.bytes[(rank / 8) as usize] >> (rank % 8) & 1 == 1;
            assert_eq!(reached, expected.is_some(), "{name} tier {t} rank {rank}");
            if reached {
                let cell = *stored.next().expect("a cell a rank reached") as u16;
                assert_eq!(
                    plan.width.decode(cell),
                    expected,
                    "{name} tier {t} rank {rank}"
                );
                compared += g.class_size(&board);
            }
        }
        assert_eq!(stored.next(), None, "a cell a rank reached, no more");
    }
    assert_eq!(compared, table.positions(), "{name}");
    let db = Db::open(&dir, &name, g.tiers()).unwrap();
    let numbering = g.numbering().unwrap();
    for number in (0..numbering.count()).step_by(97) {
        let board = numbering.position(number);
        let Some(expected) = table.solution(g, &board) else {
            continue;
        };
        assert_eq!(db.solution(g, &board).unwrap(), Some(expected), "{name}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
#[ignore = "slow: CI runs it (cargo test --workspace -- --ignored)"]
fn every_position_has_the_retrograde_solvers_value() {
    for (w, h) in [(4, 4), (5, 4), (4, 5)] {
        same_as_retrograde(&game(w, h));
    }
}

/// m,n,k-games, with the 8 symmetries of a square board and the 4 of a
/// rectangle: noughts and crosses, and the boards the issue names.
#[test]
#[ignore = "slow: CI runs it (cargo test --workspace -- --ignored)"]
fn every_mnk_position_has_the_retrograde_solvers_value() {
    for (m, n, k) in [(3, 3, 3), (4, 4, 3), (3, 4, 3), (2, 5, 2)] {
        same_as_retrograde(&Mnk::new(m, n, k).unwrap());
    }
}

#[test]
fn a_solve_stopped_and_resumed_writes_the_same_files() {
    let g = game(5, 4);
    let whole = scratch("whole");
    let summary = solve_in(&g, &whole).unwrap();
    assert!(summary.tiers.iter().all(|t| !t.read_back));
    let expected = common::files(&whole);
    assert_eq!(expected.len(), 2 * g.tiers());
    // Stopped at every 7th report (one a tier and pass here, where tiers
    // are below a million ranks), while reaching and while solving tiers
    // high and low; each run resumes from what the runs before left.
    let resumed = scratch("resumed");
    let plan = Plan::new(&g).unwrap();
    let mut stops = 0;
    let mut tiers_before;
    let summary_resumed = loop {
        tiers_before = common::files(&resumed)
            .iter()
            .filter(|(name, _)| name.starts_with("tier-"))
            .count();
        let mut calls = 0;
        let mut store = Dir::new(&resumed, &g.name(), &plan).unwrap();
        let run = tier::solve(&g, &plan, &BUDGET, &mut store, &mut |_| {
            calls += 1;
            calls < 7
        });
        match run {
            Ok(summary) => break summary,
            Err(error) => {
                // The tiers are numbered as the progress line numbers them.
                let last = format!("of tiers 0 to {} (", g.tiers() - 1);
                let error = error.to_string();
                assert!(
                    error.contains("interrupted") && error.contains(&last),
                    "{error}"
                );
            }
        }
        stops += 1;
        assert!(stops < 100);
    };
    assert!(stops >= 3, "{stops}");
    assert!(
        tiers_before > 0 && tiers_before < g.tiers(),
        "{tiers_before}"
    );
    assert_eq!(
        summary_resumed.tiers.iter().filter(|t| t.read_back).count(),
        tiers_before
    );
    assert_eq!(summary_resumed.counts(), summary.counts());
    // The same files, and no temporary file left.
    assert_eq!(common::files(&resumed), expected);
    std::fs::remove_dir_all(&whole).unwrap();
    std::fs::remove_dir_all(&resumed).unwrap();
}

/// A tier solved a piece at a time (pieces of 4,096 ranks here, dozens a
/// tier) and stopped between two pieces resumes at the first piece not
/// written: no piece stored is solved again, and the files are those of a
/// solve of whole pieces, with no piece left behind. (Reaching resumes at
/// the first tier not written: its bits are marked in memory.)
#[test]
fn a_solve_stopped_inside_a_tier_resumes_at_its_last_piece() {
    let g = game(5, 4);
    let whole = scratch("pieces-whole");
    let summary = solve_in(&g, &whole).unwrap();
    let expected = common::files(&whole);
    let dir = scratch("pieces");
    let plan = Plan::new(&g).unwrap().with_piece(4096);
    assert!(plan.pieces(10).len() > 20, "{}", plan.pieces(10).len());
    let (mut stops, mut skipped) = (0, 0);
    let resumed = loop {
        // The pieces stored by the runs before, by tier.
        let stored: Vec<(usize, u64)> = common::files(&dir)
            .iter()
            .filter_map(|(name, _)| {
                let rest = name.strip_prefix("tier-")?;
                let (tier, rest) = rest.split_once(".piece-")?;
                let piece = rest.split_once("-of-")?.0;
                Some((tier.parse().unwrap(), piece.parse().unwrap()))
            })
            .collect();
        skipped += stored.len();
        let mut calls = 0;
        let mut store = Dir::new(&dir, &g.name(), &plan).unwrap();
        let run = tier::solve(&g, &plan, &BUDGET, &mut store, &mut |report| {
            if report.pass == tier::Pass::Reaching {
                return true;
            }
            let piece = report.done / plan.piece;
            assert!(
                !stored.contains(&(report.tier, piece)),
                "tier {} piece {piece} solved again",
                report.tier
            );
            calls += 1;
            calls % 37 != 0
        });
        match run {
            Ok(summary) => break summary,
            Err(error) => assert!(error.to_string().contains("interrupted"), "{error}"),
        }
        stops += 1;
        assert!(stops < 1000);
    };
    assert!(
        stops >= 5 && skipped > 0,
        "{stops} stops, {skipped} pieces read back"
    );
    assert_eq!(resumed.counts(), summary.counts());
    assert_eq!(resumed.start, summary.start);
    assert_eq!(common::files(&dir), expected);
    std::fs::remove_dir_all(&whole).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Solving takes a cell for each position reached, known once reached: a
/// budget that holds the bits of two tiers but not their cells lets every
/// tier be reached and stops before solving, with the figures and the
/// positions reached by tier; the budget of those figures solves.
#[test]
fn a_budget_short_of_the_cells_reached_stops_before_solving() {
    let g = game(4, 4);
    let dir = scratch("budget");
    let plan = Plan::new(&g).unwrap();
    let whole = scratch("budget-whole");
    let summary = solve_in(&g, &whole).unwrap();
    let reached: Vec<u64> = (0..g.tiers())
        .map(|t| {
            let mut store = Dir::new(&whole, &g.name(), &plan).unwrap();
            let reach = tier::Store::load(&mut store, Part::Reach, t)
                .unwrap()
                .unwrap();
            reach.positions
        })
        .collect();
    let need = plan.solving_memory(&reached);
    assert!(need > plan.memory, "{need} {}", plan.memory);
    let short = Budget {
        memory: need - 1,
        disk_free: None,
    };
    plan.check(&g.name(), &short).unwrap();
    let mut store = Dir::new(&dir, &g.name(), &plan).unwrap();
    let error = tier::solve(&g, &plan, &short, &mut store, &mut |_| true).unwrap_err();
    let message = error.to_string();
    assert!(
        message.contains("to solve the positions reached, about"),
        "{message}"
    );
    assert!(
        message.contains("positions reached by tier (one a class under its symmetries): 1, 2, "),
        "{message}"
    );
    let written = common::files(&dir);
    assert_eq!(written.len(), g.tiers(), "every tier's bits, no cells");
    assert!(written.iter().all(|(name, _)| name.starts_with("reach-")));
    let enough = Budget {
        memory: need,
        disk_free: None,
    };
    let resumed = tier::solve(&g, &plan, &enough, &mut store, &mut |_| true).unwrap();
    assert_eq!(resumed.counts(), summary.counts());
    assert_eq!(common::files(&dir), common::files(&whole));
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&whole).unwrap();
}

#[test]
fn the_files_do_not_depend_on_the_number_of_threads() {
    let g = game(5, 4);
    let mut runs = Vec::new();
    for threads in [1, 3] {
        let dir = scratch(&format!("threads-{threads}"));
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| solve_in(&g, &dir)).unwrap();
        runs.push(common::files(&dir));
        std::fs::remove_dir_all(&dir).unwrap();
    }
    assert_eq!(runs[0], runs[1]);
}

#[test]
fn a_damaged_tier_file_is_refused_with_its_name() {
    let g = game(4, 4);
    let dir = scratch("damaged");
    solve_in(&g, &dir).unwrap();
    let board = g.parse_position("..../..../.o../.xx.").unwrap();
    let tier = g.tier(&board);
    // A byte of the payload (one block here), of the table of blocks
    // (where the block ends, its checksum), of the header, and of the
    // counts of bits before each block in the file of reachable ranks.
    let header = 8 + 4 + 4 + 4 + g.name().len() + 4 + 4 + 56 + 4 + 4;
    for (part, counts) in [(Part::Reach, Some(header + 12)), (Part::Cells, None)] {
        let path = file::path(&dir, part, tier);
        let good = std::fs::read(&path).unwrap();
        let places = [good.len() - 1, header, header + 8, 9, 20];
        for at in places.into_iter().chain(counts) {
            let mut bad = good.clone();
            bad[at] ^= 0x10;
            std::fs::write(&path, &bad).unwrap();
            let error = solve_in(&g, &dir).unwrap_err();
            assert_eq!(error.kind(), grundy::error::ErrorKind::BadInput, "{error}");
            let name = path.display().to_string();
            assert!(error.to_string().contains(&name), "{at}: {error}");
            let db = Db::open(&dir, &g.name(), g.tiers()).unwrap();
            let error = db.solution(&g, &board).unwrap_err();
            assert!(error.to_string().contains(&name), "{at}: {error}");
        }
        std::fs::write(&path, &good).unwrap();
    }
    let path = file::path(&dir, Part::Cells, tier);
    let good = std::fs::read(&path).unwrap();
    std::fs::write(&path, &good[..good.len() - 1]).unwrap();
    let error = solve_in(&g, &dir).unwrap_err();
    assert!(error.to_string().contains("truncated"), "{error}");
    std::fs::write(&path, &good).unwrap();
    assert!(solve_in(&g, &dir).is_ok());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Files whole and checksummed, written by the store itself, yet wrong:
/// a header counting more positions than its payload holds, and a tier's
/// cells not as many as its reachable ranks (two files of two solves).
/// Each is refused with the name of the file, as bad input.
#[test]
fn files_that_do_not_agree_are_refused_with_their_names() {
    let g = game(4, 4);
    let dir = scratch("disagree");
    solve_in(&g, &dir).unwrap();
    let plan = Plan::new(&g).unwrap();
    // The directory's files, read or written with the directory held
    // (its lock taken) only meanwhile, as a solve holds it.
    let store = || Dir::new(&dir, &g.name(), &plan).unwrap();
    let load = |part| tier::Store::load(&mut store(), part, 8).unwrap().unwrap();
    let save = |part, written: &_| tier::Store::save(&mut store(), part, 8, written).unwrap();
    let refused = |part| {
        let error = solve_in(&g, &dir).unwrap_err();
        assert_eq!(error.kind(), grundy::error::ErrorKind::BadInput, "{error}");
        let name = file::path(&dir, part, 8).display().to_string();
        assert!(error.to_string().contains(&name), "{error}");
        error.to_string()
    };
    for part in [Part::Reach, Part::Cells] {
        let good = load(part);
        let mut bad = good.clone();
        bad.positions += 1;
        save(part, &bad);
        let message = refused(part);
        assert!(message.contains("not those of its payload"), "{message}");
        save(part, &good);
    }
    // One cell fewer, its header consistent with itself.
    let good = load(Part::Cells);
    let mut bad = good.clone();
    bad.bytes.pop();
    bad.positions -= 1;
    let c = &mut bad.counts;
    *[&mut c.win, &mut c.lose, &mut c.tie]
        .into_iter()
        .find(|n| **n > 0)
        .unwrap() -= 1;
    save(Part::Cells, &bad);
    let message = refused(Part::Cells);
    let reach = file::path(&dir, Part::Reach, 8).display().to_string();
    assert!(
        message.contains(&reach) && message.contains("not of one solve"),
        "{message}"
    );
    save(Part::Cells, &good);
    assert!(solve_in(&g, &dir).is_ok());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn one_position_is_answered_from_its_block_alone() {
    // Tier 10 of 5 x 4 holds 381 x 252 = 96,012 ranks: bits in 24 blocks
    // of 512 bytes here, and a cell a class reached in more. An answer
    // reads the two files' headers and tables of blocks (with the counts
    // of bits before each block), and one block of each, compressed.
    let g = game(5, 4);
    let dir = scratch("one-block");
    let plan = Plan::new(&g).unwrap();
    let block = 512;
    let mut store = Dir::with_block(&dir, &g.name(), &plan, block).unwrap();
    tier::solve(&g, &plan, &BUDGET, &mut store, &mut |_| true).unwrap();
    // Ten discs, dropped in a pattern of its own for each seed.
    let dropped = |seed: usize| {
        let mut board = g.start().unwrap();
        for ply in 0..10 {
            let mut moves = Vec::new();
            g.moves(&board, &mut moves);
            if g.finished(&board).is_some() {
                break;
            }
            board = moves[(ply * (seed % 7 + 1) + seed / 7) % moves.len()];
        }
        board
    };
    let board = dropped(9);
    assert!(g.finished(&board).is_none());
    let t = g.tier(&board);
    assert_eq!(t, 10);
    let size = |part| std::fs::metadata(file::path(&dir, part, t)).unwrap().len();
    let (bits, cells) = (size(Part::Reach), size(Part::Cells));
    let db = Db::open(&dir, &g.name(), g.tiers()).unwrap();
    let table = retrograde::solve(&g, &Options { memory: 1 << 30 }, &mut |_| true).unwrap();
    assert_eq!(db.solution(&g, &board).unwrap(), table.solution(&g, &board));
    let header = 8 + 4 + 4 + 4 + g.name().len() as u64 + 4 + 4 + 56 + 4 + 4;
    let bit_blocks = g.tier_size(t).div_ceil(8 * block as u64);
    let reach = tier::Store::load(&mut store, Part::Reach, t)
        .unwrap()
        .unwrap();
    let cell_blocks = reach.positions.div_ceil(block as u64);
    assert!(cell_blocks > 20, "{cell_blocks}");
    let tables = bit_blocks * 20 + 4 + cell_blocks * 12 + 4;
    assert!(
        db.bytes_read() <= 2 * header + tables + 2 * block as u64,
        "{} of {} bytes",
        db.bytes_read(),
        bits + cells
    );
    // Compressed: the files are less than half the bytes of their blocks.
    let payload = g.tier_size(t).div_ceil(64) * 8 + reach.positions;
    assert!(bits + cells < payload / 2, "{bits} + {cells} of {payload}");
    // The file of cells cut right after the board's block, and a byte of
    // each block before it flipped, answers the same: its cell is the one
    // after the cells of the ranks reached below its rank, and only its
    // own block is read. A board whose cell is in a flipped block or one
    // cut off is refused with the file's name, as is the solve that reads
    // the tier.
    let rank = g.class_rank(t, &board);
    let below: u64 = (0..rank)
        .filter(|r| reach.bytes[(r / 8) as usize] >> (r % 8) & 1 == 1)
        .count() as u64;
    let at = (below / block as u64) as usize;
    let path = file::path(&dir, Part::Cells, t);
    let good = std::fs::read(&path).unwrap();
    let payload_at = (header + cell_blocks * 12 + 4) as usize;
    let end = |b: usize| {
        let from = header as usize + 8 * b;
        payload_at + u64::from_le_bytes(good[from..from + 8].try_into().unwrap()) as usize
    };
    assert!(end(at) < good.len());
    let mut bad = good[..end(at)].to_vec();
    let flipped: Vec<usize> = (0..at).map(|b| end(b) - 1).collect();
    for at in flipped {
        bad[at] ^= 0x40;
    }
    std::fs::write(&path, &bad).unwrap();
    let db = Db::open(&dir, &g.name(), g.tiers()).unwrap();
    assert_eq!(db.solution(&g, &board).unwrap(), table.solution(&g, &board));
    let name = path.display().to_string();
    let mut refused = 0;
    let others = (0..70)
        .map(dropped)
        .filter(|p| g.tier(p) == t && g.finished(p).is_none());
    for other in others {
        let cell = (0..g.class_rank(t, &other))
            .filter(|r| reach.bytes[(r / 8) as usize] >> (r % 8) & 1 == 1)
            .count() as u64
            / block as u64;
        if cell as usize != at {
            let error = db.solution(&g, &other).unwrap_err();
            assert!(error.to_string().contains(&name), "{error}");
            refused += 1;
        }
    }
    assert!(refused > 0);
    let error = tier::Store::load(&mut store, Part::Cells, t).unwrap_err();
    assert!(error.to_string().contains(&name), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A solve killed while writing a tier leaves its temporary file (written
/// whole, then renamed): the next solve in the directory removes it, and
/// leaves files that are not a tier's alone.
#[test]
fn a_killed_solves_temporary_file_is_removed_on_resume() {
    let g = game(4, 4);
    let dir = scratch("partial");
    std::fs::create_dir_all(&dir).unwrap();
    let partial = dir.join(".tier-013.bin.4242.partial");
    let reach = dir.join(".reach-002.bin.4242.partial");
    let other = dir.join(".notes.partial");
    for path in [&partial, &reach, &other] {
        std::fs::write(path, b"half a tier").unwrap();
    }
    let plan = Plan::new(&g).unwrap();
    Dir::new(&dir, &g.name(), &plan).unwrap();
    assert!(!partial.exists() && !reach.exists());
    assert!(other.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
