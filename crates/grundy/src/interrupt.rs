//! Work that stops when asked, though it never reports: the work runs on
//! a thread of its own while the calling thread asks the progress callback
//! every [`POLL`] whether to go on, and sets an [`Interrupt`] when the
//! answer is no. The work polls the flag where it can stop (a table of
//! games at each new game, sum or comparison), and reports how far it got.
//!
//! The callback stays on the calling thread: the command line's Ctrl-C
//! flag, a server's closed request and Python's signal check (which works
//! only in the thread that called) are all asked there.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use crate::error::{Error, Result};

/// How often the calling thread asks whether to go on.
pub const POLL: Duration = Duration::from_millis(50);

/// The stack of the thread the work runs on: as a main thread's, so that
/// what recursed safely there (a table's games, MAX_HEIGHT deep) does here.
const STACK: usize = 8 << 20;

/// The flag the calling thread sets to stop the work, and the count the
/// work reports (positions valued, say). Clones share both.
#[derive(Clone, Debug, Default)]
pub struct Interrupt {
    set: Arc<AtomicBool>,
    count: Arc<AtomicU64>,
}

impl Interrupt {
    /// Whether the work is to stop.
    pub fn is_set(&self) -> bool {
        self.set.load(Ordering::Relaxed)
    }

    /// Asks the work to stop.
    pub fn set(&self) {
        self.set.store(true, Ordering::Relaxed);
    }

    /// Records how far the work got; answers whether it may go on (the
    /// shape of a search's progress callback).
    pub fn report(&self, count: u64) -> bool {
        self.count.store(count, Ordering::Relaxed);
        !self.is_set()
    }

    /// The count the work reported last.
    pub fn count(&self) -> u64 {
        self.count.load(Ordering::Relaxed)
    }
}

/// How often a [`Throttled`] stop asks whether to go on.
pub const ASK_EVERY: Duration = Duration::from_millis(10);

/// A stop polled far more often than it can be asked: a misère quotient
/// polls for each element it meets, millions of times a second, while
/// asking a front end may read /proc (the command line's memory left) or
/// take Python's interpreter. `ask` (true: stop) is asked at the first
/// poll and then at most once every [`ASK_EVERY`]; the polls between
/// answer as the last ask did, and a stop, once said, stays.
pub struct Throttled<F> {
    ask: F,
    every: Duration,
    asked: Cell<Option<Instant>>,
    stopped: Cell<bool>,
}

impl<F: Fn() -> bool> Throttled<F> {
    /// A stop that asks `ask` when due.
    pub fn new(ask: F) -> Throttled<F> {
        Throttled::every(ASK_EVERY, ask)
    }

    /// The same, asking at most once every `every`.
    fn every(every: Duration, ask: F) -> Throttled<F> {
        Throttled {
            ask,
            every,
            asked: Cell::new(None),
            stopped: Cell::new(false),
        }
    }

    /// Whether to stop.
    pub fn stop(&self) -> bool {
        if self.stopped.get() {
            return true;
        }
        let now = Instant::now();
        if (self.asked.get()).is_some_and(|asked| now.duration_since(asked) < self.every) {
            return false;
        }
        self.asked.set(Some(now));
        self.stopped.set((self.ask)());
        self.stopped.get()
    }
}

/// Runs `work` on a thread of its own, giving it an [`Interrupt`], while
/// this thread asks `progress` (with the count the work reported) every
/// [`POLL`] whether to go on; a `false` sets the interrupt, once, and the
/// work is then to end soon, with an error of its own. A panic of the
/// work is the caller's, as if the work had run here.
pub fn interruptible<T: Send>(
    progress: &mut dyn FnMut(u64) -> bool,
    work: impl FnOnce(&Interrupt) -> Result<T> + Send,
) -> Result<T> {
    let interrupt = Interrupt::default();
    std::thread::scope(|scope| {
        let (done, finished) = mpsc::channel::<()>();
        let shared = &interrupt;
        let worker = std::thread::Builder::new()
            .name("grundy-work".into())
            .stack_size(STACK)
            .spawn_scoped(scope, move || {
                let answer = work(shared);
                let _ = done.send(());
                answer
            })
            .map_err(|error| Error::Limit(format!("no thread could be started: {error}")))?;
        // The channel ends when the work does: sent at its end, or
        // dropped by a panic.
        while let Err(mpsc::RecvTimeoutError::Timeout) = finished.recv_timeout(POLL) {
            if !interrupt.is_set() && !progress(interrupt.count()) {
                interrupt.set();
            }
        }
        worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Work that only stops when interrupted.
    fn until_interrupted(interrupt: &Interrupt) -> Result<u64> {
        let mut count = 0;
        while !interrupt.is_set() {
            count += 1;
            interrupt.report(count);
            std::thread::yield_now();
        }
        Err(Error::Limit(format!("interrupted after {count}")))
    }

    #[test]
    fn a_false_answer_stops_the_work() {
        let mut asked = 0;
        let answer = interruptible(
            &mut |_| {
                asked += 1;
                asked < 3
            },
            until_interrupted,
        );
        assert!(answer
            .unwrap_err()
            .to_string()
            .contains("interrupted after"));
        assert_eq!(asked, 3, "asked until the answer was no, and not again");
    }

    #[test]
    fn the_callback_sees_the_count_reported() {
        let mut seen = Vec::new();
        let answer = interruptible(
            &mut |count| {
                seen.push(count);
                count == 0
            },
            until_interrupted,
        );
        assert!(answer.is_err());
        assert!(*seen.last().unwrap() > 0, "{seen:?}");
    }

    #[test]
    fn work_that_ends_gives_its_answer() {
        let answer = interruptible(&mut |_| true, |interrupt| {
            std::thread::sleep(3 * POLL);
            Ok(interrupt.is_set())
        });
        assert!(!answer.unwrap(), "never asked to stop");
    }

    /// Polled a hundred thousand times within its interval (an hour), a
    /// throttled stop asks once; with no interval it asks at every poll
    /// until it hears a stop, which then stays without asking more.
    #[test]
    fn a_throttled_stop_asks_when_due_and_keeps_a_stop() {
        let asked = Cell::new(0);
        let hourly = Throttled::every(Duration::from_secs(3600), || {
            asked.set(asked.get() + 1);
            false
        });
        assert!((0..100_000).all(|_| !hourly.stop()));
        assert_eq!(asked.get(), 1);

        let (asked, stop_now) = (Cell::new(0), Cell::new(false));
        let always = Throttled::every(Duration::ZERO, || {
            asked.set(asked.get() + 1);
            stop_now.get()
        });
        assert!((0..10).all(|_| !always.stop()));
        assert_eq!(asked.get(), 10);
        stop_now.set(true);
        assert!(always.stop());
        stop_now.set(false);
        assert!((0..10).all(|_| always.stop()));
        assert_eq!(asked.get(), 11);
    }

    #[test]
    #[should_panic(expected = "the work's own panic")]
    fn a_panic_of_the_work_is_the_callers() {
        let _ = interruptible(&mut |_| true, |_| -> Result<()> {
            panic!("the work's own panic")
        });
    }
}
