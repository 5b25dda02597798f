//! Finite commutative monoids: a multiplication table, and the direct
//! product of a table with cyclic monoids that a trial quotient is built
//! from; the submonoid some elements generate, and the quotient of a
//! bipartite monoid by indistinguishability (Moore's refinement).

use std::collections::HashMap;

use crate::error::{Error, Result};
use crate::memory;

/// A finite commutative monoid whose elements are `0..size()`, with 0 the
/// identity.
pub trait Monoid {
    fn size(&self) -> usize;
    fn mul(&self, a: u32, b: u32) -> u32;

    /// An element as `mul_split` takes it: for those multiplied many times
    /// (a table's rows), split once.
    type Split: Copy;
    fn split(&self, a: u32) -> Self::Split;
    fn mul_split(&self, a: Self::Split, b: Self::Split) -> u32;
}

impl<M: Monoid> Monoid for &M {
    fn size(&self) -> usize {
        (**self).size()
    }

    fn mul(&self, a: u32, b: u32) -> u32 {
        (**self).mul(a, b)
    }

    type Split = M::Split;

    fn split(&self, a: u32) -> M::Split {
        (**self).split(a)
    }

    fn mul_split(&self, a: M::Split, b: M::Split) -> u32 {
        (**self).mul_split(a, b)
    }
}

/// A monoid given by its whole multiplication table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiplicationTable {
    size: usize,
    mul: Products,
}

/// The products row by row: two bytes each while every element fits in
/// them (up to 65,536 elements), which halves the largest tables a
/// construction holds, else four.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Products {
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

const NARROW: usize = 1 << 16;

impl Monoid for MultiplicationTable {
    fn size(&self) -> usize {
        self.size
    }

    fn mul(&self, a: u32, b: u32) -> u32 {
        let at = a as usize * self.size + b as usize;
        match &self.mul {
            Products::Narrow(mul) => mul[at] as u32,
            Products::Wide(mul) => mul[at],
        }
    }

    type Split = u32;

    fn split(&self, a: u32) -> u32 {
        a
    }

    fn mul_split(&self, a: u32, b: u32) -> u32 {
        self.mul(a, b)
    }
}

/// The bytes a table of `size` elements takes.
pub fn table_bytes(size: usize) -> u64 {
    // Allocated at its full size at once, never grown.
    let entry = if size <= NARROW { 2 } else { 4 };
    (size as u64)
        .saturating_mul(size as u64)
        .saturating_mul(entry)
}

impl MultiplicationTable {
    /// The trivial monoid: the identity alone.
    pub fn trivial() -> MultiplicationTable {
        MultiplicationTable {
            size: 1,
            mul: Products::Narrow(vec![0]),
        }
    }

    /// The table of `size` elements with these products, row by row, if
    /// they are products of elements of it and 0 is their identity.
    pub fn from_products(size: usize, mul: Vec<u32>) -> Option<MultiplicationTable> {
        if size == 0 || mul.len() != size.checked_mul(size)? {
            return None;
        }
        if mul.iter().any(|&x| x as usize >= size) {
            return None;
        }
        let mul = if size <= NARROW {
            Products::Narrow(mul.iter().map(|&x| x as u16).collect())
        } else {
            Products::Wide(mul)
        };
        let table = MultiplicationTable { size, mul };
        let identity = (0..size as u32).all(|x| table.mul(0, x) == x && table.mul(x, 0) == x);
        identity.then_some(table)
    }

    /// The table of `size` elements whose products `product` gives, built
    /// beside `held` bytes that the caller holds.
    pub fn build(
        size: usize,
        held: u64,
        stop: &dyn Fn() -> bool,
        product: impl Fn(u32, u32) -> u32,
    ) -> Result<MultiplicationTable> {
        if held.saturating_add(table_bytes(size)) > memory::budget() {
            return Err(Error::Limit(format!(
                "a multiplication table of {size} elements would take more than the memory \
                 budget of {}",
                memory::Size(memory::budget())
            )));
        }
        let mut mul = if size <= NARROW {
            Products::Narrow(Vec::with_capacity(size * size))
        } else {
            Products::Wide(Vec::with_capacity(size * size))
        };
        for a in 0..size as u32 {
            if a % 64 == 0 && stop() {
                return Err(stopped());
            }
            let row = (0..size as u32).map(|b| product(a, b));
            match &mut mul {
                Products::Narrow(mul) => mul.extend(row.map(|x| x as u16)),
                Products::Wide(mul) => mul.extend(row),
            }
        }
        Ok(MultiplicationTable { size, mul })
    }
}

/// The submonoid of a monoid that some of its elements generate, numbered
/// in the order they are reached: multiplied through the whole monoid, so
/// that it can be tried before its table is built.
pub struct Submonoid<'a, M> {
    monoid: &'a M,
    /// The element of `monoid` each of the submonoid's elements is.
    elements: Vec<u32>,
    /// Where each element of `monoid` went (`u32::MAX` for those outside).
    pub new_of: Vec<u32>,
}

/// A submonoid as the elements of its monoid: which each of its elements
/// is, and where each element of the monoid went (`u32::MAX` outside).
pub struct Embedding {
    pub elements: Vec<u32>,
    pub new_of: Vec<u32>,
}

impl<'a, M: Monoid> Submonoid<'a, M> {
    /// The submonoid `generators` generate, beside `held` bytes.
    pub fn generated(
        monoid: &'a M,
        generators: &[u32],
        held: u64,
        stop: &dyn Fn() -> bool,
    ) -> Result<Submonoid<'a, M>> {
        let held = held.saturating_add(memory::vector(monoid.size() as u64, 4) * 2);
        if held > memory::budget() {
            return Err(over_budget(monoid.size()));
        }
        let mut new_of = vec![u32::MAX; monoid.size()];
        let mut elements = vec![0u32];
        new_of[0] = 0;
        let mut next = 0;
        while next < elements.len() {
            if next % 4096 == 0 && stop() {
                return Err(stopped());
            }
            let x = elements[next];
            next += 1;
            for &g in generators {
                let y = monoid.mul(x, g);
                if new_of[y as usize] == u32::MAX {
                    new_of[y as usize] = elements.len() as u32;
                    elements.push(y);
                }
            }
        }
        Ok(Submonoid {
            monoid,
            elements,
            new_of,
        })
    }

    /// The bytes it holds.
    pub fn bytes(&self) -> u64 {
        memory::vector(self.monoid.size() as u64 + self.elements.len() as u64, 4)
    }

    /// Its elements as those of the monoid it is in, that monoid let go.
    pub fn embedding(self) -> Embedding {
        Embedding {
            elements: self.elements,
            new_of: self.new_of,
        }
    }
}

impl<M: Monoid> Monoid for Submonoid<'_, M> {
    fn size(&self) -> usize {
        self.elements.len()
    }

    fn mul(&self, a: u32, b: u32) -> u32 {
        let (a, b) = (self.elements[a as usize], self.elements[b as usize]);
        self.new_of[self.monoid.mul(a, b) as usize]
    }

    type Split = u32;

    fn split(&self, a: u32) -> u32 {
        a
    }

    fn mul_split(&self, a: u32, b: u32) -> u32 {
        self.mul(a, b)
    }
}

/// The direct product of a base monoid (a table, a trial kept as classes,
/// or a submonoid tried before its table is built) with cyclic monoids,
/// each generated by one element `a` with `a^(index + period) = a^index`.
/// An element is the base element plus `base.size()` times the cyclic
/// part: the exponents, in mixed radix.
pub struct Product<B = MultiplicationTable> {
    base: B,
    /// (index, period) of each cyclic factor.
    cyclic: Vec<(u32, u32)>,
    size: usize,
    /// The elements of the cyclic part.
    cycles: u32,
    /// The products of cyclic parts, `cycles` by `cycles`, where there are
    /// at most `CYCLIC_TABLE` of them (else they are computed).
    cyclic_table: Vec<u32>,
}

/// The most cyclic parts whose products are tabled.
const CYCLIC_TABLE: u32 = 1024;

impl<B: Monoid> Product<B> {
    pub fn new(base: B, cyclic: Vec<(u32, u32)>) -> Product<B> {
        let cycles = cyclic
            .iter()
            .fold(1usize, |s, &(i, p)| s.saturating_mul((i + p) as usize));
        let size = base.size().saturating_mul(cycles);
        let mut product = Product {
            base,
            cyclic,
            size,
            cycles: cycles.min(u32::MAX as usize) as u32,
            cyclic_table: Vec::new(),
        };
        if product.cycles <= CYCLIC_TABLE {
            let n = product.cycles;
            let table = (0..n * n)
                .map(|at| product.cyclic_mul(at / n, at % n))
                .collect();
            product.cyclic_table = table;
        }
        product
    }

    pub fn base(&self) -> &B {
        &self.base
    }

    /// The generator of cyclic factor `i`.
    pub fn generator(&self, i: usize) -> u32 {
        let radix: usize = self.cyclic[..i]
            .iter()
            .map(|&(index, period)| (index + period) as usize)
            .product();
        (self.base.size() * radix) as u32
    }

    /// The product of two cyclic parts: the exponents added, past each
    /// factor's index modulo its period.
    fn cyclic_mul(&self, mut a: u32, mut b: u32) -> u32 {
        if !self.cyclic_table.is_empty() {
            return self.cyclic_table[(a * self.cycles + b) as usize];
        }
        let mut result = 0u32;
        let mut radix = 1u32;
        for &(index, period) in &self.cyclic {
            let len = index + period;
            let mut e = a % len + b % len;
            if e >= len {
                e = index + (e - index) % period;
            }
            result += e * radix;
            radix *= len;
            a /= len;
            b /= len;
        }
        result
    }
}

impl<B: Monoid> Monoid for Product<B> {
    fn size(&self) -> usize {
        self.size
    }

    fn mul(&self, a: u32, b: u32) -> u32 {
        self.mul_split(self.split(a), self.split(b))
    }

    /// The base element and the cyclic part.
    type Split = (u32, u32);

    fn split(&self, a: u32) -> (u32, u32) {
        let bs = self.base.size() as u32;
        (a % bs, a / bs)
    }

    fn mul_split(&self, a: (u32, u32), b: (u32, u32)) -> u32 {
        self.base.mul(a.0, b.0) + self.base.size() as u32 * self.cyclic_mul(a.1, b.1)
    }
}

/// The index and period of `a`'s powers: the least `i` and `p >= 1` with
/// `a^(i + p) = a^i`.
pub fn index_and_period<M: Monoid>(monoid: &M, a: u32) -> (u32, u32) {
    let mut seen = HashMap::new();
    let mut x = 0u32;
    for e in 0u32.. {
        if let Some(&first) = seen.get(&x) {
            return (first, e - first);
        }
        seen.insert(x, e);
        x = monoid.mul(x, a);
    }
    unreachable!("a finite monoid's powers repeat")
}

/// The bipartite monoid `(monoid, p)` with indistinguishable elements
/// identified: x and y are one when `x z` and `y z` are both in P or both
/// out of it for every z. Every element is a product of `generators`, so
/// Moore's refinement by the generators' actions finds the classes. The
/// result's class 0 is the identity's; `class_of` maps each element, and
/// `rep` is the least element of each class.
pub struct Partition {
    pub p: Vec<bool>,
    pub class_of: Vec<u32>,
    pub rep: Vec<u32>,
}

pub fn reduce<M: Monoid>(
    monoid: &M,
    p: &[bool],
    generators: &[u32],
    most: usize,
    held: u64,
    stop: &dyn Fn() -> bool,
) -> Result<Partition> {
    let size = monoid.size();
    let g = generators.len();
    // The actions, the classes before and after a round, and the table of
    // keys (each an allocation of its own) with one entry per class.
    let key = memory::allocation(4 * (g as u64 + 1));
    let need = held
        .saturating_add((size as u64).saturating_mul(4 * g as u64 + 8 + key))
        .saturating_add(memory::hashed(size as u64, 32));
    if need > memory::budget() {
        return Err(over_budget(size));
    }
    let mut actions = Vec::with_capacity(size * g);
    let split_generators: Vec<M::Split> = generators.iter().map(|&a| monoid.split(a)).collect();
    for x in 0..size as u32 {
        if x % 4096 == 0 && stop() {
            return Err(stopped());
        }
        let x = monoid.split(x);
        actions.extend(split_generators.iter().map(|&a| monoid.mul_split(x, a)));
    }
    let mut class: Vec<u32> = p.iter().map(|&b| u32::from(b)).collect();
    let mut count = if p.iter().all(|&b| b) || !p.iter().any(|&b| b) {
        1
    } else {
        2
    };
    loop {
        let mut ids: HashMap<Vec<u32>, u32> = HashMap::with_capacity(count * 2);
        let mut next = vec![0u32; size];
        // The identity's class is numbered first, so that it is 0.
        let order = std::iter::once(0).chain(1..size);
        for x in order {
            if x % 4096 == 0 && stop() {
                return Err(stopped());
            }
            let mut key = Vec::with_capacity(generators.len() + 1);
            key.push(class[x]);
            key.extend(actions[x * g..][..g].iter().map(|&y| class[y as usize]));
            let fresh = ids.len() as u32;
            next[x] = *ids.entry(key).or_insert(fresh);
        }
        let new_count = ids.len();
        class = next;
        if new_count == count {
            break;
        }
        count = new_count;
    }
    if count > most {
        return Err(Error::Limit(format!(
            "the quotient would have {count} elements, more than the limit of {most}"
        )));
    }
    let mut rep = vec![u32::MAX; count];
    for x in 0..size {
        if rep[class[x] as usize] == u32::MAX {
            rep[class[x] as usize] = x as u32;
        }
    }
    let p = rep.iter().map(|&x| p[x as usize]).collect();
    Ok(Partition {
        p,
        class_of: class,
        rep,
    })
}

/// The error of a construction asked to stop.
pub fn stopped() -> Error {
    Error::Limit("the computation of the quotient was stopped".into())
}

fn over_budget(size: usize) -> Error {
    Error::Limit(format!(
        "a trial monoid of {size} elements would take more than the memory budget of {}",
        memory::Size(memory::budget())
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_product_with_a_cyclic_monoid_multiplies_exponents_modulo_the_period() {
        let base = MultiplicationTable::trivial();
        let product = Product::new(&base, vec![(2, 2)]);
        let a = product.generator(0);
        assert_eq!(product.size(), 4);
        let powers: Vec<u32> = (0..7)
            .scan(0, |x, _| {
                let now = *x;
                *x = product.mul(*x, a);
                Some(now)
            })
            .collect();
        // 1, a, a^2, a^3, a^4 = a^2, a^5 = a^3, ...
        assert_eq!(powers, vec![0, 1, 2, 3, 2, 3, 2]);
        assert_eq!(index_and_period(&product, a), (2, 2));
    }

    #[test]
    fn products_of_two_cyclic_factors_add_each_exponent_apart() {
        // Z/3 times <a | a^34 = a^30> times <b | a^41 = a^35>: 34 * 41
        // cyclic parts, more than are tabled, and 10 * 13 that are.
        let z3 = MultiplicationTable::build(3, 0, &|| false, |a, b| (a + b) % 3).unwrap();
        let power = |e: u32, (index, period): (u32, u32)| match e < index {
            true => e,
            false => index + (e - index) % period,
        };
        for (f, g) in [((30, 4), (35, 6)), ((7, 3), (9, 4))] {
            let product = Product::new(&z3, vec![f, g]);
            let (a, b) = (product.generator(0), product.generator(1));
            let element = |z: u32, i: u32, j: u32| {
                let x = (0..i).fold(z, |x, _| product.mul(x, a));
                (0..j).fold(x, |x, _| product.mul(x, b))
            };
            for (x, y) in [((1, 20, 3), (2, 15, 40)), ((2, 33, 40), (2, 33, 40))] {
                let got = product.mul(element(x.0, x.1, x.2), element(y.0, y.1, y.2));
                let want = element((x.0 + y.0) % 3, power(x.1 + y.1, f), power(x.2 + y.2, g));
                assert_eq!(got, want, "{f:?} {g:?}: {x:?} {y:?}");
            }
        }
    }

    #[test]
    fn products_read_back_are_those_of_a_monoid_of_their_size() {
        let z3: Vec<u32> = (0..9).map(|i| (i / 3 + i % 3) % 3).collect();
        let table = MultiplicationTable::from_products(3, z3.clone()).unwrap();
        assert_eq!(table.mul(2, 2), 1);
        // Too few products, a product that is no element, no identity.
        assert_eq!(
            MultiplicationTable::from_products(3, z3[..8].to_vec()),
            None
        );
        let mut outside = z3.clone();
        outside[4] = 3;
        assert_eq!(MultiplicationTable::from_products(3, outside), None);
        assert_eq!(MultiplicationTable::from_products(3, vec![1; 9]), None);
        assert_eq!(MultiplicationTable::from_products(0, vec![]), None);
    }

    #[test]
    fn reduce_merges_elements_no_product_tells_apart() {
        // Z/4 with P = {1, 3}: x and x + 2 are indistinguishable.
        let z4 = MultiplicationTable::build(4, 0, &|| false, |a, b| (a + b) % 4).unwrap();
        let reduced = reduce(&z4, &[false, true, false, true], &[1], 100, 0, &|| false).unwrap();
        assert_eq!(reduced.rep, vec![0, 1]);
        assert_eq!(reduced.class_of, vec![0, 1, 0, 1]);
        assert_eq!(reduced.p, vec![false, true]);
    }
}
