//! What the heap families share: heaps are integers of any size.

use num_bigint::BigUint;
use num_traits::ToPrimitive;

use crate::expr::Word;
use crate::{Error, Result};

/// The largest heap whose options a heap family lists one by one. Closed
/// forms answer for larger heaps without listing options.
pub const LISTABLE_HEAP: u64 = 1 << 20;

pub fn parse(words: &[Word]) -> Result<BigUint> {
    words[0].big("a heap size")
}

pub fn format(heap: &BigUint) -> String {
    heap.to_string()
}

/// The heap as a machine integer, when its options can be listed.
pub fn listable(heap: &BigUint, family: &str) -> Result<u64> {
    heap.to_u64()
        .filter(|&n| n <= LISTABLE_HEAP)
        .ok_or_else(|| {
            Error::TooLarge(format!(
                "{family} heap {heap} has too many options to list (at most {LISTABLE_HEAP})"
            ))
        })
}
