//! The table of values as the main thread of the sparse-space method writes
//! it, with a helper thread reading it: the main thread appends values and
//! publishes them now and then; the helper reads those published, computes
//! its part of each heap a few heaps ahead, and hands it back through slots
//! that the main thread takes where they are ready (it never waits for
//! them). [`Pipe`] is all of it that the rest of the engine sees.
//!
//! What the two threads share is kept on cache lines of its own: on this
//! machine, sharing lines made the two threads slower than one.
//!
//! # Safety
//!
//! The one invariant that the `unsafe` of this module rests on: while the
//! helper runs, the table's buffer does not move, and no value below the
//! count published is written again. [`Pipe`] keeps it by being the only
//! way to the table meanwhile: it holds the `&mut Vec`, and its only write
//! is [`Pipe::push`], which appends within the capacity reserved before the
//! helper started (and panics rather than go past it). The helper reads,
//! through a raw pointer to the buffer, only the first `published` values,
//! after an Acquire load of the count that the main thread stored with
//! Release once it had written them.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::thread;

/// The helper runs at most `AHEAD` heaps ahead of the values the main
/// thread has published.
pub const AHEAD: usize = 48;

/// Each thread tells the other of its progress every `PUBLISH` heaps: a
/// store to a line that the other thread reads costs a transfer of the line.
const PUBLISH: usize = 16;

// So that the helper, between `AHEAD - PUBLISH` and `AHEAD` heaps ahead of
// the main thread, stays well ahead.
const _: () = assert!(AHEAD >= 2 * PUBLISH);

/// The table of values `G(0), G(1), ...` as the main thread writes it, and
/// what a helper thread, if there is one, has computed ahead.
pub struct Pipe<'t, T> {
    table: &'t mut Vec<T>,
    /// What the main thread shares with the helper, if one runs.
    shared: Option<&'t Shared<T>>,
    /// What the main thread knows of `shared.ready`, so that it does not
    /// read that line (which the helper writes) at every heap.
    ready: usize,
    /// The heaps for which the helper was late (see [`Pipe::late`]).
    late: usize,
}

impl<'t, T: Copy + Sync> Pipe<'t, T> {
    /// The table with no helper.
    pub fn alone(table: &'t mut Vec<T>) -> Pipe<'t, T> {
        Pipe {
            table,
            shared: None,
            ready: 0,
            late: 0,
        }
    }

    /// Runs `main` with the table while a helper thread computes, for each
    /// heap `n` from `table.len()` up to `end` (excluded), `words` words of
    /// bits by `ahead(values, n, bits)`, as soon as all but the last
    /// [`AHEAD`] values below `n` are published (`values` holds those, and
    /// `bits` is zero). The helper makes `ahead` itself by calling `start`:
    /// its state is then in its own memory, not next to what the main
    /// thread writes.
    pub fn with_helper<H, R>(
        table: &mut Vec<T>,
        end: usize,
        words: usize,
        start: impl FnOnce() -> H + Send,
        main: impl FnOnce(&mut Pipe<T>) -> R,
    ) -> R
    where
        H: FnMut(&[T], usize, &mut [u64]),
    {
        let first = table.len();
        table.reserve(end - first);
        let lines = words.div_ceil(16);
        let shared = Shared {
            table: table.as_ptr(),
            published: Alone(AtomicUsize::new(first)),
            ready: Alone(AtomicUsize::new(first)),
            stop: Alone(AtomicBool::new(false)),
            slots: (0..AHEAD * lines)
                .map(|_| Alone(Default::default()))
                .collect(),
            lines,
        };
        thread::scope(|scope| {
            let shared = &shared;
            scope.spawn(move || shared.help(first, end, words, start()));
            let _stop = StopOnDrop(&shared.stop.0);
            main(&mut Pipe {
                table,
                shared: Some(shared),
                ready: first,
                late: 0,
            })
        })
    }

    /// The values so far.
    pub fn values(&self) -> &[T] {
        self.table
    }

    /// Appends `G(n)` for `n = self.len()`, and publishes it to the helper
    /// every [`PUBLISH`] heaps.
    pub fn push(&mut self, g: T) {
        let Some(shared) = self.shared else {
            return self.table.push(g);
        };
        let n = self.table.len();
        // Within the capacity reserved: the buffer the helper reads must
        // not move.
        assert!(n < self.table.capacity(), "past the capacity reserved");
        self.table.push(g);
        if (n + 1) % PUBLISH == 0 {
            shared.published.0.store(n + 1, Ordering::Release);
        }
    }

    /// For how many heaps the helper had not computed its bits when the main
    /// thread took them (the main thread then computed them itself).
    pub fn late(&self) -> usize {
        self.late
    }

    /// Sets in `reached` the bits the helper computed for heap `n`, if it
    /// has them (then says so).
    pub fn take(&mut self, n: usize, reached: &mut [u64]) -> bool {
        let Some(shared) = self.shared else {
            return false;
        };
        if self.ready <= n {
            self.ready = shared.ready.0.load(Ordering::Acquire);
        }
        if self.ready <= n {
            self.late += 1;
            return false;
        }
        for (word, bits) in reached.iter_mut().zip(shared.slot(n)) {
            *word |= bits.load(Ordering::Relaxed);
        }
        true
    }
}

/// A value alone on its cache lines (two, as processors fetch them in
/// pairs), so that writing it does not take from the other thread the lines
/// of what it reads.
#[repr(align(128))]
struct Alone<T>(T);

/// The words of two cache lines.
type Lines = Alone<[AtomicU64; 16]>;

/// What the main thread and the helper share while the helper runs.
struct Shared<T> {
    /// The table's buffer (see the invariant at the top of this module).
    table: *const T,
    /// How many values of the table are written (by the main thread).
    published: Alone<AtomicUsize>,
    /// For how many heaps the helper's slots are written.
    ready: Alone<AtomicUsize>,
    /// Set when either thread stops.
    stop: Alone<AtomicBool>,
    /// `AHEAD` slots of `lines` lines each, for the helper's bits of heap
    /// `n` in slot `n % AHEAD`: lines of their own, so that the main thread
    /// reading one slot does not get in the way of the helper writing
    /// another.
    slots: Vec<Lines>,
    lines: usize,
}

// SAFETY: the helper reads through `table` only what the invariant at the
// top of this module allows; all else is atomics.
unsafe impl<T: Sync> Sync for Shared<T> {}

impl<T> Shared<T> {
    /// The helper's part: `ahead` for the heaps from `first` to `end`
    /// (excluded), each once the values it needs are published.
    fn help(
        &self,
        first: usize,
        end: usize,
        words: usize,
        mut ahead: impl FnMut(&[T], usize, &mut [u64]),
    ) {
        let mut bits = vec![0; words];
        let mut n = first;
        while n < end {
            let Some(len) = self.wait((n + 1).saturating_sub(AHEAD)) else {
                return;
            };
            // The heaps the main thread has passed (it does not wait for
            // the helper) need nothing more.
            n = n.max(len);
            if n == end {
                return;
            }
            // SAFETY: the invariant at the top of this module: the first
            // `len` values were written before `len` was published, and are
            // not written again, nor moved, while the helper runs.
            let values = unsafe { std::slice::from_raw_parts(self.table, len) };
            bits.fill(0);
            ahead(values, n, &mut bits);
            for (slot, &b) in self.slot(n).zip(&bits) {
                slot.store(b, Ordering::Relaxed);
            }
            if (n + 1) % PUBLISH == 0 || n + 1 == end {
                self.ready.0.store(n + 1, Ordering::Release);
            }
            n += 1;
        }
    }

    /// Waits until the main thread has published `at_least` values, unless
    /// it stops; then gives `None`.
    fn wait(&self, at_least: usize) -> Option<usize> {
        let mut spins = 0u32;
        loop {
            let now = self.published.0.load(Ordering::Acquire);
            if now >= at_least {
                return Some(now);
            }
            if self.stop.0.load(Ordering::Acquire) {
                return None;
            }
            // The main thread is a few heaps behind: spinning costs less
            // than sleeping, unless the machine has no core to spare.
            spins += 1;
            if spins < 1 << 12 {
                std::hint::spin_loop();
            } else {
                thread::yield_now();
            }
        }
    }

    /// The words of the slot of heap `n`.
    fn slot(&self, n: usize) -> impl Iterator<Item = &AtomicU64> {
        let lines = &self.slots[(n % AHEAD) * self.lines..][..self.lines];
        lines.iter().flat_map(|line| &line.0)
    }
}

/// Sets `stop` when dropped: how the main thread lets the helper go, even
/// when it unwinds.
struct StopOnDrop<'a>(&'a AtomicBool);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Release);
    }
}
