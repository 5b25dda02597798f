//! A quotient written as the literature writes it (Plambeck and Siegel): a
//! presentation `<a, b, c | a^2 = 1, b^3 = b, ...>` by generators and
//! relations, and each element as a word in the generators.
//!
//! The generators are the elements of the heaps that the smaller heaps'
//! elements do not generate, named `a`, `b`, `c`, ... by heap. Words are
//! ordered by degree, then by their exponents with the first generator's
//! most significant and larger first (`a^2 b` before `a b^2`); each element
//! is written by its least word (its normal word). The relations are
//! `w = v` for the words `w` that are not normal while every word dividing
//! them is, with `v` the normal word of their element: rewriting by them
//! brings every word to its normal word, so they present the monoid.

use std::cmp::Ordering;
use std::collections::HashMap;

use super::Quotient;

/// A presentation of a quotient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Presentation {
    /// The heap each generator is the element of, smallest first.
    pub generators: Vec<usize>,
    /// Each relation as (word, word), exponents by generator.
    pub relations: Vec<(Vec<u32>, Vec<u32>)>,
    /// The normal word of each element.
    pub words: Vec<Vec<u32>>,
}

/// The name of generator `i`: `a` to `z`, then `g27`, `g28`, ...
pub fn generator_name(i: usize) -> String {
    match u8::try_from(i) {
        Ok(i) if i < 26 => char::from(b'a' + i).to_string(),
        _ => format!("g{}", i + 1),
    }
}

/// A word as text: `a^2 b`, or `1` for the empty word.
pub fn word_text(word: &[u32]) -> String {
    let parts: Vec<String> = (word.iter().enumerate())
        .filter(|&(_, &e)| e > 0)
        .map(|(i, &e)| match e {
            1 => generator_name(i),
            _ => format!("{}^{e}", generator_name(i)),
        })
        .collect();
    match parts.is_empty() {
        true => "1".to_string(),
        false => parts.join(" "),
    }
}

fn degree(word: &[u32]) -> u32 {
    word.iter().sum()
}

/// The order of words: by degree, then the first generator's exponent
/// larger first, and so on.
fn word_order(a: &[u32], b: &[u32]) -> Ordering {
    degree(a).cmp(&degree(b)).then_with(|| b.cmp(a))
}

/// The presentation of `q`.
pub fn present(q: &Quotient) -> Presentation {
    // Generators: heaps whose element the smaller heaps' do not generate.
    let mut generated = vec![false; q.order()];
    generated[0] = true;
    let mut reached = vec![0u32];
    let mut generators = Vec::new();
    for h in 1..=q.to() {
        let x = q.heap_image(h);
        if generated[x as usize] {
            continue;
        }
        generators.push(h);
        // The products of the reached elements with powers of x: the
        // elements appended are multiplied in turn.
        let mut at = 0;
        while at < reached.len() {
            let y = q.mul(reached[at], x);
            if !generated[y as usize] {
                generated[y as usize] = true;
                reached.push(y);
            }
            at += 1;
        }
    }
    let images: Vec<u32> = generators.iter().map(|&h| q.heap_image(h)).collect();
    let r = images.len();

    // Normal words, degree by degree.
    let mut words: Vec<Option<Vec<u32>>> = vec![None; q.order()];
    words[0] = Some(vec![0; r]);
    let mut level = vec![0u32];
    while !level.is_empty() {
        let mut best: HashMap<u32, Vec<u32>> = HashMap::new();
        for &x in &level {
            let word = words[x as usize].clone().expect("a normal word");
            for (i, &g) in images.iter().enumerate() {
                let y = q.mul(x, g);
                if words[y as usize].is_some() {
                    continue;
                }
                let mut w = word.clone();
                w[i] += 1;
                match best.get(&y) {
                    Some(known) if word_order(known, &w) != Ordering::Greater => {}
                    _ => {
                        best.insert(y, w);
                    }
                }
            }
        }
        level = best.keys().copied().collect();
        level.sort_unstable();
        for (y, w) in best {
            words[y as usize] = Some(w);
        }
    }
    let words: Vec<Vec<u32>> = (words.into_iter())
        .map(|w| w.expect("the heaps' elements generate the quotient"))
        .collect();
    let normal: HashMap<&[u32], u32> = (words.iter().enumerate())
        .map(|(x, w)| (w.as_slice(), x as u32))
        .collect();

    // Relations: least words that are not normal.
    let mut relations = Vec::new();
    for (x, word) in words.iter().enumerate() {
        for (i, &g) in images.iter().enumerate() {
            let y = q.mul(x as u32, g);
            let mut w = word.clone();
            w[i] += 1;
            if words[y as usize] == w {
                continue;
            }
            // Found once only: from the word with the last generator removed.
            if (i + 1..r).any(|j| w[j] > 0) {
                continue;
            }
            let divisors_normal = (0..r).filter(|&j| w[j] > 0).all(|j| {
                let mut d = w.clone();
                d[j] -= 1;
                normal.contains_key(d.as_slice())
            });
            if divisors_normal {
                relations.push((w, words[y as usize].clone()));
            }
        }
    }
    relations.sort_by(|a, b| word_order(&a.0, &b.0));
    Presentation {
        generators,
        relations,
        words,
    }
}
