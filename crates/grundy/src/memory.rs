//! The memory the searches of this process may take. The searches read
//! nothing of the host: a front end sets the budget, from what the machine
//! and the limits the process is under allow ([`crate::machine`] reads
//! them), before it builds rulesets; a solver made afterwards stops with [`crate::Error::Limit`]
//! before its estimate of what it holds passes the budget. Each solver has
//! the whole budget: what the solvers of several rulesets in one run hold
//! is not added up (a sum of components of two scripts could take twice
//! it).
//!
//! ```
//! use grundy::memory;
//!
//! // What a vector of a million 4-byte values takes, and a hash table of them
//! // (its slots, control bytes and unused room included): the figure a search
//! // compares with the budget before it grows.
//! assert!(memory::vector(1_000_000, 4) >= 4_000_000);
//! assert!(memory::hashed(1_000_000, 4) > memory::vector(1_000_000, 4));
//! assert!(memory::budget() > 0);
//! ```

use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::{Error, Result};

/// How many options a search may list before it stops. Every remembered
/// position was once listed, so this bounds memory (a few GiB for the
/// largest position types the catalogue searches) as well as time.
pub const DEFAULT_OPTION_LIMIT: usize = 50_000_000;

/// The budget when no front end set one: enough for ten million positions
/// of a few words each.
pub const DEFAULT_BUDGET: u64 = 2 << 30;

static BUDGET: AtomicU64 = AtomicU64::new(DEFAULT_BUDGET);

/// The most a computation takes of `available` bytes: three quarters,
/// the rest left for the program itself, its answers and the growth of
/// other processes.
pub fn usable(available: u64) -> u64 {
    available / 4 * 3
}

/// Sets the budget of solvers made from now on, in bytes.
pub fn set_budget(bytes: u64) {
    BUDGET.store(bytes, Ordering::Relaxed);
}

/// The budget of a solver made now, in bytes.
pub fn budget() -> u64 {
    BUDGET.load(Ordering::Relaxed)
}

/// A number of bytes as an error shows it: whole MiB from 1 MiB up, whole
/// KiB below, bytes below 1 KiB (a budget of 512 KiB is never "0 MiB").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size(pub u64);

impl std::fmt::Display for Size {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            b if b >= 1 << 20 => write!(f, "{} MiB", b >> 20),
            b if b >= 1 << 10 => write!(f, "{} KiB", b >> 10),
            b => write!(f, "{b} bytes"),
        }
    }
}

/// The most a hash table of `count` entries of `bytes` each takes: while it
/// grows, the old table (a bucket and a control byte for each 7/8 of an
/// entry) and the new one of twice the buckets are held at once, 3.5 times
/// the entries.
pub fn hashed(count: u64, bytes: u64) -> u64 {
    count
        .saturating_mul(bytes.saturating_add(1))
        .saturating_mul(7)
        / 2
}

/// The most a vector of `count` items of `bytes` each takes: while it
/// grows, the old buffer and the new one of twice the items, three times
/// the items.
pub fn vector(count: u64, bytes: u64) -> u64 {
    count.saturating_mul(bytes).saturating_mul(3)
}

/// What one allocation of `bytes` takes from the allocator: a header of
/// 8 bytes, rounded up to 16, and at least 32 (glibc's malloc).
pub fn allocation(bytes: u64) -> u64 {
    (bytes.saturating_add(8 + 15) / 16 * 16).max(32)
}

/// The base-2 logarithm of the slots of a table of a fixed size: `wanted`
/// (between `fewest` and `most`), fewer while they take more than half the
/// budget; exit 1's error, naming the budget and the table (`what`), where
/// even `fewest` do not fit.
pub fn table_bits(wanted: u32, fewest: u32, most: u32, slot: u64, what: &str) -> Result<u32> {
    let mut bits = wanted.clamp(fewest, most.max(fewest));
    while bits > fewest && (1u64 << bits) * slot > budget() / 2 {
        bits -= 1;
    }
    if (1u64 << bits) * slot > budget() / 2 {
        return Err(Error::Limit(format!(
            "the {what} needs {}, more than half the memory budget of {}",
            Size((1u64 << bits) * slot),
            Size(budget())
        )));
    }
    Ok(bits)
}

/// `n` zeros, their pages backed by huge pages where the kernel grants
/// them (Linux: `MADV_HUGEPAGE`, asked before the pages are first
/// touched). A table looked up at random (a tier's bits and cells, a
/// search's positions): with pages of 4 KiB, each lookup in gigabytes
/// misses the TLB as well as the cache.
pub fn zeroed<T: bytemuck::Zeroable + Clone>(n: usize) -> Vec<T> {
    let zeros = vec![T::zeroed(); n];
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 1 << 21;
        let start = zeros.as_ptr() as usize;
        let end = start + std::mem::size_of_val(&zeros[..]);
        let (from, to) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
        if to > from {
            // SAFETY: the range lies within the vector's allocation, and
            // the advice changes how its pages are backed, not what they
            // hold; it is only advice, and a refusal changes nothing.
            unsafe {
                libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
            }
        }
    }
    zeros
}

/// Frees `value` on a thread of its own, so that an answer does not wait
/// for it: a search's table of millions of small allocations takes seconds
/// to free (a Clobber search of 3.3 GB, 12 s, which Ctrl-C waited for). A front end that exits does not wait either; one that stays
/// (a server, Python) has the memory back a little later. Where no thread
/// can be started it is freed here.
pub fn free_aside<T: Send + 'static>(value: T) {
    // A thread that cannot start hands its closure back in the error,
    // which drops `value` here.
    let _ = std::thread::Builder::new()
        .name("grundy-free".into())
        .spawn(move || drop(value));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `free_aside` frees is dropped on another thread, and is
    /// dropped.
    #[test]
    fn a_value_is_freed_aside() {
        struct Told(std::sync::mpsc::Sender<std::thread::ThreadId>);
        impl Drop for Told {
            fn drop(&mut self) {
                let _ = self.0.send(std::thread::current().id());
            }
        }
        let (tell, told) = std::sync::mpsc::channel();
        free_aside(Told(tell));
        let by = told.recv_timeout(std::time::Duration::from_secs(60));
        let by = by.expect("the value was dropped");
        assert_ne!(by, std::thread::current().id(), "dropped on another thread");
    }

    /// Sizes in errors: below 1 MiB in KiB or bytes, never "0 MiB".
    #[test]
    fn a_size_is_shown_in_the_largest_whole_unit() {
        let shown = |b: u64| Size(b).to_string();
        assert_eq!(shown(0), "0 bytes");
        assert_eq!(shown(1023), "1023 bytes");
        assert_eq!(shown(1024), "1 KiB");
        assert_eq!(shown(512 << 10), "512 KiB");
        assert_eq!(shown((1 << 20) - 1), "1023 KiB");
        assert_eq!(shown(1 << 20), "1 MiB");
        assert_eq!(shown((3 << 20) + (1 << 19)), "3 MiB");
        assert_eq!(shown(20 << 30), "20480 MiB");
    }

    /// The slots wanted, held between the bounds; where even the fewest
    /// take more than half the budget, exit 1's error naming the table.
    #[test]
    fn a_table_is_sized_within_its_bounds_and_the_budget() {
        assert_eq!(table_bits(8, 4, 10, 1, "table").unwrap(), 8);
        assert_eq!(table_bits(30, 4, 10, 1, "table").unwrap(), 10);
        assert_eq!(table_bits(2, 4, 10, 1, "table").unwrap(), 4);
        let error = table_bits(8, 4, 10, budget(), "table of tests").unwrap_err();
        assert!(matches!(error, Error::Limit(_)), "{error:?}");
        assert!(
            error.to_string().contains("the table of tests needs"),
            "{error}"
        );
    }
}
