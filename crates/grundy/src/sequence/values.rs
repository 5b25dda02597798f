//! The values of a nim-sequence in as few bytes as they fit: one byte per
//! heap while every value is below 256, two below 65536, else four. Octal
//! games rarely need more than one.

use crate::period::Nimber;

/// `G(0), G(1), ...` stored compactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Values {
    U8(Vec<u8>),
    U16(Vec<u16>),
    U32(Vec<u32>),
}

/// Runs `$body` with `$v` bound to the table's slice or vector, whatever its
/// width: generic code over [`crate::period::Nimber`] is then instantiated
/// once per width.
macro_rules! with_values {
    ($values:expr, $v:ident => $body:expr) => {
        match $values {
            Values::U8($v) => $body,
            Values::U16($v) => $body,
            Values::U32($v) => $body,
        }
    };
}
pub(crate) use with_values;

impl Default for Values {
    fn default() -> Values {
        Values::U8(Vec::new())
    }
}

impl Values {
    pub fn new() -> Values {
        Values::default()
    }

    pub fn len(&self) -> usize {
        with_values!(self, v => v.len())
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(n)`.
    pub fn get(&self, n: usize) -> u32 {
        with_values!(self, v => wide(v[n]))
    }

    /// Bytes per heap as stored now.
    pub fn bytes_per_value(&self) -> usize {
        match self {
            Values::U8(_) => 1,
            Values::U16(_) => 2,
            Values::U32(_) => 4,
        }
    }

    pub fn to_vec(&self) -> Vec<u32> {
        with_values!(self, v => v.iter().map(|&x| wide(x)).collect())
    }

    /// Appends `g`, first widening the table if `g` does not fit.
    pub fn push(&mut self, g: u32) {
        let needed = if g < 1 << 8 {
            1
        } else if g < 1 << 16 {
            2
        } else {
            4
        };
        if needed > self.bytes_per_value() {
            let wide = self.to_vec();
            *self = if needed == 2 {
                Values::U16(wide.into_iter().map(|x| x as u16).collect())
            } else {
                Values::U32(wide)
            };
        }
        match self {
            Values::U8(v) => v.push(g as u8),
            Values::U16(v) => v.push(g as u16),
            Values::U32(v) => v.push(g),
        }
    }

    /// Computes values with `next` (given the values so far) until there are
    /// `len` of them. The loop runs on the typed table; a value that does
    /// not fit widens it.
    pub fn extend_to(&mut self, len: usize, next: &mut impl Next) -> u32 {
        let mut largest = 0;
        while self.len() < len {
            let wide = with_values!(self, v => loop {
                if v.len() >= len {
                    break None;
                }
                let g = next.next(v);
                largest = largest.max(g);
                match narrow(g) {
                    Some(x) => v.push(x),
                    None => break Some(g),
                }
            });
            if let Some(g) = wide {
                self.push(g);
            }
        }
        largest
    }
}

/// Generic, so that one body serves every width of the table.
fn wide<T: Nimber>(x: T) -> u32 {
    x.into()
}

fn narrow<T: TryFrom<u32>>(g: u32) -> Option<T> {
    T::try_from(g).ok()
}

/// Computes the next value of a sequence from the values so far.
pub trait Next {
    fn next<T: Nimber>(&mut self, values: &[T]) -> u32;
}
