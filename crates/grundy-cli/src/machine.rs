//! What the command line knows of the machine it runs on: the memory a
//! computation may take, and Ctrl-C. Engines take these as plain numbers and
//! callbacks; only the front end reads them from the system.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A flag that Ctrl-C sets: without a handler Ctrl-C kills the process;
/// with one, a long computation sees the flag between chunks and stops
/// cleanly with what it has.
pub fn interrupted_flag() -> Arc<AtomicBool> {
    let interrupted = Arc::new(AtomicBool::new(false));
    let flag = interrupted.clone();
    let _ = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst));
    interrupted
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

/// The memory a computation may fill: what the system says is available
/// as it starts (`MemAvailable` in /proc/meminfo),
/// or [`MEMORY_WHERE_UNKNOWN`] where it does not say.
pub struct MemoryLimit {
    pub bytes: u64,
    /// Where the number comes from, for messages.
    pub source: &'static str,
}

/// The limit where the system does not say how much memory is available.
const MEMORY_WHERE_UNKNOWN: u64 = 4 << 30;

impl MemoryLimit {
    pub fn now() -> MemoryLimit {
        let available = std::fs::read_to_string("/proc/meminfo")
            .ok()
            .and_then(|text| mem_available(&text));
        match available {
            Some(bytes) => MemoryLimit {
                bytes,
                source: "MemAvailable in /proc/meminfo",
            },
            None => MemoryLimit {
                bytes: MEMORY_WHERE_UNKNOWN,
                source: "a fixed limit, where the system does not say",
            },
        }
    }
}

/// `MemAvailable` in bytes, from the text of /proc/meminfo.
fn mem_available(meminfo: &str) -> Option<u64> {
    let line = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemAvailable:"))?;
    let kib: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    kib.checked_mul(1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_memory_available_is_read_from_meminfo() {
        let meminfo = "MemTotal:       24576000 kB\nMemFree:         1000 kB\n\
                       MemAvailable:   20971520 kB\nBuffers:  1 kB\n";
        assert_eq!(mem_available(meminfo), Some(20 << 30));
        assert_eq!(mem_available("MemTotal: 5 kB\n"), None);
        assert_eq!(mem_available("MemAvailable: lots\n"), None);
    }
}
