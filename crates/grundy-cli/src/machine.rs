//! What the command line knows of the machine it runs on: Ctrl-C and the
//! cores free; the disk free and the memory a computation may take the
//! library reads (`grundy::machine`, shared with Python). Engines take
//! these as plain numbers and callbacks; only the front ends read them from
//! the system.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

/// The memory, read by the library for every front end.
pub use grundy::machine::{set_search_budget, share_memory, MemoryLimit};

/// The flag that Ctrl-C sets: without a handler Ctrl-C kills the process;
/// with one, a long computation sees the flag between chunks and stops
/// cleanly with what it has. One flag and one handler for the run, so that
/// every question of a batch sees it.
pub fn interrupted_flag() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let interrupted = Arc::new(AtomicBool::new(false));
        let flag = interrupted.clone();
        let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
        interrupted
    })
    .clone()
}

/// The cores not busy with other work now: the cores less the other tasks
/// running (the fourth field of /proc/loadavg counts those runnable, this
/// one included), the fewest of up to five looks 2 ms apart so that a task
/// passing by is not counted; at least 1, and all of them where the system
/// does not say. The load average itself would count the work that has
/// just ended, such as the previous run of a benchmark.
pub fn free_cores() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let running = || -> Option<usize> {
        let text = std::fs::read_to_string("/proc/loadavg").ok()?;
        let (running, _) = text.split_whitespace().nth(3)?.split_once('/')?;
        running.parse().ok()
    };
    if cores == 1 {
        return 1;
    }
    let mut fewest = usize::MAX;
    for look in 0..5 {
        // This task alone: no look can see fewer.
        if fewest <= 1 {
            break;
        }
        if look > 0 {
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        let Some(now) = running() else {
            return cores;
        };
        fewest = fewest.min(now);
    }
    cores.saturating_sub(fewest.saturating_sub(1)).max(1)
}

/// The most files this process may have open at once (the soft limit of
/// `ulimit -n`, from /proc/self/limits), if the system says and it is not
/// unlimited: a server keeps its connections below it.
pub fn open_files_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}
