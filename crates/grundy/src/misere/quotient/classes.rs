//! A trial quotient kept without its multiplication table: each element a
//! class of the product it was reduced from, multiplied through a
//! representative of each class. A table of n elements takes n² products
//! to build and two or four bytes each; the check of a trial multiplies
//! every pair of its elements once anyway, so past a few thousand elements
//! a reduced trial is kept this way: the same work, far less memory. Its
//! products go down to its product's base, a table where that fits in half
//! the budget, else the classes of the trial before, and so on down.

use super::monoid::{stopped, table_bytes, Embedding, Monoid, MultiplicationTable, Product};
use crate::error::Result;
use crate::memory;

/// The classes of a monoid: element i is the class of `rep[i]`; a product
/// is the class of the product of representatives.
pub struct Classes<M: Monoid> {
    monoid: M,
    rep: Vec<M::Split>,
    /// The class of each element of `monoid` (`u32::MAX` for those in no
    /// class kept).
    class_of: Vec<u32>,
}

impl<M: Monoid> Classes<M> {
    /// The classes `class_of` makes of `monoid`, each represented by its
    /// element in `rep`.
    pub fn new(monoid: M, rep: &[u32], class_of: Vec<u32>) -> Classes<M> {
        let rep = rep.iter().map(|&x| monoid.split(x)).collect();
        Classes {
            monoid,
            rep,
            class_of,
        }
    }

    /// The classes of a submonoid of these classes, as `embedding` takes
    /// it out of them.
    pub fn restricted(self, embedding: &Embedding) -> Classes<M> {
        let rep = embedding
            .elements
            .iter()
            .map(|&x| self.rep[x as usize])
            .collect();
        let class_of = self
            .class_of
            .iter()
            .map(|&c| match c {
                u32::MAX => u32::MAX,
                c => embedding.new_of[c as usize],
            })
            .collect();
        Classes {
            monoid: self.monoid,
            rep,
            class_of,
        }
    }

    /// The bytes it holds besides its monoid.
    fn own_bytes(&self) -> u64 {
        memory::vector(self.class_of.len() as u64, 4).saturating_add(memory::vector(
            self.rep.len() as u64,
            size_of::<M::Split>() as u64,
        ))
    }

    /// Its table, beside `held` bytes.
    pub fn table(&self, held: u64, stop: &dyn Fn() -> bool) -> Result<MultiplicationTable> {
        MultiplicationTable::build(self.size(), held, stop, |a, b| self.mul(a, b))
    }
}

impl<M: Monoid> Monoid for Classes<M> {
    fn size(&self) -> usize {
        self.rep.len()
    }

    fn mul(&self, a: u32, b: u32) -> u32 {
        self.mul_split(self.rep[a as usize], self.rep[b as usize])
    }

    type Split = M::Split;

    fn split(&self, a: u32) -> M::Split {
        self.rep[a as usize]
    }

    fn mul_split(&self, a: M::Split, b: M::Split) -> u32 {
        self.class_of[self.monoid.mul_split(a, b) as usize]
    }
}

/// A reduced trial, and the base of the next: a table, or the classes of
/// a trial's product, kept without their table.
pub enum Base {
    Table(MultiplicationTable),
    Classes(Box<Classes<Product<Base>>>),
}

/// Up to this many elements a reduced trial is tabled: its n² products
/// cost little beside the rest of a trial, and are looked up faster.
const TABLED: usize = 1 << 12;

impl Base {
    /// A trial reduced to `classes`, beside `held` bytes: kept as classes
    /// (the check of a trial multiplies every pair of its elements once,
    /// as building its table would), unless it is small.
    pub fn kept(
        classes: Classes<Product<Base>>,
        held: u64,
        stop: &dyn Fn() -> bool,
    ) -> Result<Base> {
        if classes.size() <= TABLED {
            let held = held.saturating_add(classes.bytes());
            return Ok(Base::Table(classes.table(held, stop)?));
        }
        Ok(Base::Classes(Box::new(classes)))
    }

    /// The submonoid `embedding` takes out of it, beside `held` bytes: the
    /// base of the next trial, tabled where its table takes at most half
    /// the budget (so that each product of the next trial is one step
    /// down to a table), else kept as classes.
    pub fn restricted(
        self,
        embedding: &Embedding,
        held: u64,
        stop: &dyn Fn() -> bool,
    ) -> Result<Base> {
        let size = embedding.elements.len();
        let held = held.saturating_add(self.bytes());
        let fits = held.saturating_add(table_bytes(size)) <= memory::budget() / 2;
        match self {
            Base::Classes(classes) if !fits => {
                if stop() {
                    return Err(stopped());
                }
                Ok(Base::Classes(Box::new((*classes).restricted(embedding))))
            }
            base => {
                let Embedding { elements, new_of } = embedding;
                let sub = MultiplicationTable::build(size, held, stop, |a, b| {
                    new_of[base.mul(elements[a as usize], elements[b as usize]) as usize]
                })?;
                Ok(Base::Table(sub))
            }
        }
    }

    /// Its table, beside `held` bytes.
    pub fn table(self, held: u64, stop: &dyn Fn() -> bool) -> Result<MultiplicationTable> {
        match self {
            Base::Table(table) => Ok(table),
            Base::Classes(classes) => classes.table(held.saturating_add(classes.bytes()), stop),
        }
    }

    /// The bytes it holds, down the chain.
    pub fn bytes(&self) -> u64 {
        match self {
            Base::Table(table) => table_bytes(table.size()),
            Base::Classes(classes) => classes.bytes(),
        }
    }
}

impl Classes<Product<Base>> {
    /// The bytes it holds, down the chain.
    pub fn bytes(&self) -> u64 {
        self.own_bytes().saturating_add(self.monoid.base().bytes())
    }
}

impl Monoid for Base {
    fn size(&self) -> usize {
        match self {
            Base::Table(table) => table.size(),
            Base::Classes(classes) => classes.size(),
        }
    }

    #[inline]
    fn mul(&self, a: u32, b: u32) -> u32 {
        match self {
            Base::Table(table) => table.mul(a, b),
            Base::Classes(classes) => classes.mul(a, b),
        }
    }

    /// A table's element, or the representative of a class split as its
    /// product splits it.
    type Split = (u32, u32);

    fn split(&self, a: u32) -> (u32, u32) {
        match self {
            Base::Table(_) => (a, 0),
            Base::Classes(classes) => classes.split(a),
        }
    }

    #[inline]
    fn mul_split(&self, a: (u32, u32), b: (u32, u32)) -> u32 {
        match self {
            Base::Table(table) => table.mul(a.0, b.0),
            Base::Classes(classes) => classes.mul_split(a, b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::misere::quotient::monoid::{reduce, Submonoid};

    fn z(n: u32) -> MultiplicationTable {
        MultiplicationTable::build(n as usize, 0, &|| false, |a, b| (a + b) % n).unwrap()
    }

    #[test]
    fn classes_multiply_as_the_table_of_the_reduced_monoid() {
        // Z/6 times <a | a^4 = a^2>, with P the elements (z, a^3), z odd:
        // z mod 2 and each power of a tell elements apart, so the classes
        // are Z/2 times the cyclic part.
        let z6 = z(6);
        let product = Product::new(Base::Table(z6), vec![(2, 2)]);
        let p: Vec<bool> = (0..product.size() as u32)
            .map(|x| x % 6 % 2 == 1 && x / 6 == 3)
            .collect();
        let generators = [1, product.generator(0)];
        let reduced = reduce(&product, &p, &generators, 100, 0, &|| false).unwrap();
        assert_eq!(reduced.rep.len(), 2 * 4);
        let classes = Classes::new(product, &reduced.rep, reduced.class_of.clone());
        let of = |x: u32| reduced.class_of[x as usize];
        for x in 0..24u32 {
            for y in 0..24u32 {
                let (zx, ex, zy, ey) = (x % 6, x / 6, y % 6, y / 6);
                let e = match ex + ey {
                    s if s < 2 => s,
                    s => 2 + (s - 2) % 2,
                };
                let want = of((zx + zy) % 6 + 6 * e);
                assert_eq!(classes.mul(of(x), of(y)), want, "{x} {y}");
            }
        }
    }

    #[test]
    fn a_submonoid_of_classes_multiplies_as_its_exponents_add_kept_either_way() {
        // Z/2 times <a | a^8400 = 1>, its elements (z, a^e) taken in
        // classes by z and e mod 4200 (as a P-portion of the elements
        // (1, a^e), e a multiple of 4200, would): a's class generates 4200
        // classes, too many to be tabled.
        let classes = || {
            let product = Product::new(Base::Table(z(2)), vec![(0, 8400)]);
            let class_of: Vec<u32> = (0..product.size() as u32)
                .map(|x| x % 2 + 2 * (x / 2 % 4200))
                .collect();
            let a = class_of[product.generator(0) as usize];
            let rep: Vec<u32> = (0..8400).collect();
            (Classes::new(product, &rep, class_of), a)
        };
        // With half the budget held it stays classes, else it is tabled.
        for (held, lazy) in [(memory::budget() / 2, true), (0, false)] {
            let (classes, a) = classes();
            let sub = Submonoid::generated(&classes, &[a], 0, &|| false).unwrap();
            let embedding = sub.embedding();
            let base = Base::Classes(Box::new(classes));
            let base = base.restricted(&embedding, held, &|| false).unwrap();
            assert_eq!(matches!(base, Base::Classes(_)), lazy);
            assert_eq!(base.size(), 4200);
            // Each element's exponent of a: its class's representative is
            // element 2e of the product.
            let exponent = |x: u32| embedding.elements[x as usize] / 2;
            for x in (0..4200).step_by(7) {
                for y in 0..4200 {
                    let want = (exponent(x) + exponent(y)) % 4200;
                    assert_eq!(exponent(base.mul(x, y)), want, "{x} {y}");
                }
            }
        }
    }
}
