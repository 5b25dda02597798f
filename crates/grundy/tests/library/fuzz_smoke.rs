//! Short deterministic versions of the fuzz targets of `fuzz/`: a few
//! thousand inputs each, random or mutated from valid ones, drawn from a
//! fixed seed, so that every run tries the same inputs. The checks are those
//! of the fuzz targets (`fuzz_checks`); TESTING.md says how to fuzz longer.

use crate::fuzz_checks;

use grundy::sequence::Values;

/// Inputs per target.
const CASES: usize = 3000;

/// SplitMix64: a tiny generator whose stream depends only on its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`.
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Bytes an input of the target is likely made of, besides any byte.
struct Alphabet {
    bytes: &'static [u8],
    words: &'static [&'static str],
}

/// `seed` changed in one to four places: a bit flipped, a byte replaced,
/// inserted or removed, a word inserted, a stretch repeated or cut off.
fn mutate(rng: &mut Rng, seed: &[u8], alphabet: &Alphabet) -> Vec<u8> {
    let mut input = seed.to_vec();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(input.len() + 1);
        match rng.below(7) {
            0 if at < input.len() => input[at] ^= 1 << rng.below(8),
            1 if at < input.len() => input[at] = *rng.pick(alphabet.bytes),
            2 => input.insert(at, *rng.pick(alphabet.bytes)),
            3 if at < input.len() => {
                input.remove(at);
            }
            4 => {
                let word = rng.pick(alphabet.words).as_bytes();
                input.splice(at..at, word.iter().copied());
            }
            5 => {
                let end = (at + rng.below(16)).min(input.len());
                let stretch = input[at..end].to_vec();
                input.splice(at..at, stretch);
            }
            _ => input.truncate(at),
        }
    }
    input
}

/// Up to 40 bytes of the alphabet, or any bytes.
fn random(rng: &mut Rng, alphabet: &Alphabet) -> Vec<u8> {
    let len = rng.below(41);
    match rng.below(4) {
        0 => (0..len).map(|_| rng.next() as u8).collect(),
        _ => (0..len).map(|_| *rng.pick(alphabet.bytes)).collect(),
    }
}

/// Runs `check` on `CASES` inputs: three in four mutated from the seeds,
/// the others random.
fn fuzz(seed: u64, seeds: &[Vec<u8>], alphabet: &Alphabet, check: impl Fn(&[u8])) {
    let mut rng = Rng(seed);
    for _ in 0..CASES {
        let input = match rng.below(4) {
            0 => random(&mut rng, alphabet),
            _ => {
                let seed = rng.pick(seeds);
                mutate(&mut rng, seed, alphabet)
            }
        };
        check(&input);
    }
}

#[test]
fn expressions() {
    let mut seeds: Vec<Vec<u8>> = (grundy::FAMILIES.iter())
        .map(|f| f.example.as_bytes().to_vec())
        .collect();
    seeds.extend(
        [
            "nim 3 4 5 + subtraction(1,3,4) 10 + wythoff 3 5",
            "kayles 1000000000000000000000 + octal(0.137) 12",
            "octal(4.07) 3 + hex(0.8) 7",
            "bash(18446744073709551615) 4",
        ]
        .map(|s| s.as_bytes().to_vec()),
    );
    let alphabet = Alphabet {
        bytes: b"0123456789.,+ ()-_\"'\\#*/FfxXe\t\n",
        words: &[
            "nim",
            "kayles",
            "octal(",
            "hex(0.",
            "bash(",
            "subtraction(",
            "lieges(",
            ")",
            " + ",
            "18446744073709551616",
            "99999999999999999999999",
            "0.",
            "é",
            "\u{0}",
        ],
    };
    fuzz(1, &seeds, &alphabet, |input| {
        fuzz_checks::expression(&String::from_utf8_lossy(input))
    });
}

#[test]
fn value_texts() {
    let seeds: Vec<Vec<u8>> = [
        "{0||0|-1}",
        "{2|1||0}",
        "^^* + 1/2 - vv",
        "{1, *2 | -3/4, {0|^}}",
        "±1 + +-2",
        "*3 - ^3*",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    let alphabet = Alphabet {
        bytes: b"0123456789{}|,+-*^v/\xb1 ",
        words: &[
            "{",
            "}",
            "||",
            "±",
            "^*",
            "*2",
            "1/2",
            "-",
            "4294967296",
            "é",
        ],
    };
    fuzz(6, &seeds, &alphabet, |input| {
        fuzz_checks::value_text(&String::from_utf8_lossy(input))
    });
}

#[test]
fn graph_files() {
    let seeds = [
        "4\n2 1 2\n1 3\n1 3\n0\n",
        "# a path\n3\n1 1 # 0 -> 1\n1 2\n0\n",
        "2\n1 1\n1 0\n",
        "1\n0\n",
    ]
    .map(|s| s.as_bytes().to_vec());
    let alphabet = Alphabet {
        bytes: b"0123456789 \n\t#-+",
        words: &[
            "10000000",
            "4294967296",
            "18446744073709551616",
            "\n0\n",
            " 0 1 2",
        ],
    };
    fuzz(2, &seeds, &alphabet, |input| {
        fuzz_checks::graph_file(&String::from_utf8_lossy(input))
    });
}

#[test]
fn sequence_files() {
    let mut rng = Rng(3);
    // Valid files of each width: the mutations start from what passes.
    let seeds: Vec<Vec<u8>> = [(8, 3), (200, 300), (5, 70_000), (0, 1)]
        .iter()
        .map(|&(len, below)| {
            let mut values = Values::new();
            (0..len).for_each(|_| values.push(rng.below(below) as u32));
            let mut file = Vec::new();
            values.write("octal(0.376)", &mut file).unwrap();
            file
        })
        .collect();
    let alphabet = Alphabet {
        bytes: &[0, 1, 2, 3, 4, 0x7f, 0x80, 0xff],
        words: &[
            "GRUNDYSQ",
            "\u{2}\u{1}",
            "\u{ff}\u{ff}\u{ff}\u{ff}\u{ff}\u{ff}\u{ff}\u{7f}",
        ],
    };
    for seed in &seeds {
        assert!(Values::read(&mut &seed[..]).is_ok());
        fuzz_checks::sequence_file(seed);
    }
    fuzz(rng.next(), &seeds, &alphabet, fuzz_checks::sequence_file);
}

/// Programs drawn from the grammar of `fuzz_checks::script` by random
/// choices: fewer cases, as each runs a script engine (and some loop to the
/// operation limit).
#[test]
fn scripts() {
    let mut rng = Rng(4);
    let path = std::env::temp_dir().join(format!("grundy-fuzz-smoke-{}.rhai", std::process::id()));
    for _ in 0..300 {
        let choices: Vec<u8> = (0..48).map(|_| rng.next() as u8).collect();
        fuzz_checks::script::check(&choices, &path);
    }
    let _ = std::fs::remove_file(&path);
}

/// Patches of a valid solved table, with and without the checksum
/// recomputed.
#[test]
fn table_files() {
    let mut rng = Rng(5);
    let length = fuzz_checks::table::valid().len();
    fuzz_checks::table::check(&[]);
    for _ in 0..CASES {
        let mut input = Vec::new();
        for _ in 0..1 + rng.below(3) {
            // Mostly within the file, sometimes at or past its end.
            let at = rng.below(length + 8) as u16;
            input.extend_from_slice(&at.to_le_bytes());
            input.push(rng.next() as u8);
        }
        input.push(rng.next() as u8);
        fuzz_checks::table::check(&input);
    }
}
