//! What a front end reads of the machine it runs on: the memory a
//! computation may fill ([`MemoryLimit::now`]: the memory available, the
//! process's address-space limit, its cgroup's), the budget of the
//! library's searches set from it ([`set_search_budget`]), and the disk a
//! tiered solve may fill ([`disk_free`]). The command line,
//! its server and the Python package all read it here; the engines and
//! the answers never do, they take the numbers a front end passes.
//!
//! ```
//! use grundy::machine::MemoryLimit;
//!
//! // Whatever the machine, some memory is available, and the searches'
//! // budget is three quarters of it.
//! let limit = grundy::machine::set_search_budget();
//! assert!(limit.bytes > 0);
//! assert!(grundy::memory::budget() <= limit.bytes);
//! ```

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use crate::memory;

/// Into how many shares the memory is split: 1, or in `grundy serve` the
/// questions it answers at once, so that each may take its share and no
/// more.
static SHARES: AtomicU64 = AtomicU64::new(1);

/// Splits the memory a computation may take into `ways` shares (one a
/// question answered at once), and tells the searches their share.
pub fn share_memory(ways: u64) {
    SHARES.store(ways.max(1), Ordering::SeqCst);
    set_search_budget();
}

/// Tells the library's searches (nimbers, generalized values) the memory
/// they may take, [`memory::usable`] of [`MemoryLimit::now`] as a strong
/// solve takes, and returns that limit: what a front end does before a
/// question. It also keeps the allocator from taking much more than the
/// searches count ([`steady_allocator`]).
pub fn set_search_budget() -> MemoryLimit {
    steady_allocator();
    let limit = MemoryLimit::now();
    memory::set_budget(memory::usable(limit.bytes));
    limit
}

/// The size from which glibc's allocator serves an allocation by a mapping
/// of its own (its default, 128 KiB), returned to the system when freed.
const MMAP_THRESHOLD: i32 = 128 << 10;

/// Fixes glibc's threshold for serving an allocation by a mapping of its
/// own at its default. Left alone, glibc raises it to the size of each
/// such allocation freed, so that a search whose script makes temporary
/// texts of 100 KiB or more (a script's positions of 60,000 characters,
/// repro 30) gets them from the heap, between the positions it keeps, and
/// the heap grew a third past what the search counted: past the address
/// space the process may take, where an allocation fails and the process
/// aborts.
///
/// Under a limit of address space (`ulimit -v`) it also keeps every
/// thread's allocations in the one heap: glibc reserves 64 MiB of address
/// space for the heap of each thread that allocates (the thread a table of
/// games works on, `crate::interrupt`), which the limit counts though
/// nothing is in it, and which was not there when the budget was read.
///
/// And it turns glibc's fast bins off: small chunks freed there are merged
/// with their neighbours only when a larger allocation comes, all at once.
/// After a search of millions of small allocations (a Clobber search's
/// states, 3.8 GB, freed aside), the first larger allocation that followed
/// waited 7 s for that merge, and Ctrl-C with it; without the fast bins
/// 0.3-0.4 s.
/// The threads' caches of small chunks stay, and the searches measured no
/// slower (BENCHMARKS.md).
///
/// Elsewhere than glibc this does nothing.
pub fn steady_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a parameter of the allocator; any value is
    // valid, and allocations made before keep working. getrlimit fills the
    // zeroed rlimit it is given, and nothing is kept past the call.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD);
        libc::mallopt(libc::M_MXFAST, 0);
        let mut limit: libc::rlimit = std::mem::zeroed();
        if libc::getrlimit(libc::RLIMIT_AS, &mut limit) == 0
            && limit.rlim_cur != libc::RLIM_INFINITY
        {
            libc::mallopt(libc::M_ARENA_MAX, 1);
        }
    }
}

/// The largest block glibc's own sliding threshold ever comes to serve from
/// its heap (`DEFAULT_MMAP_THRESHOLD_MAX`, 32 MiB on 64 bits).
const HOST_MMAP_THRESHOLD: i32 = 32 << 20;

/// Gives a host process's large blocks back to its heap after
/// [`steady_allocator`]: a threshold fixed at 128 KiB had each of them
/// mapped and unmapped anew, which in the Python interpreter after one
/// question made bytearrays of 8 MiB five to seven times slower to make
/// (BENCHMARKS.md). The threshold goes to the most glibc's sliding one
/// reaches, and the heap is trimmed past twice that, as glibc then trims
/// it. The fast bins stay off: the
/// memory a stopped search frees aside may still be coming back, and the
/// host's next large allocation would wait for its merge; the
/// interpreter's small objects come from its own allocator, and were made
/// no slower. The one arena under a limit of address space stays too.
pub fn host_allocator() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a parameter of the allocator; allocations
    // made before keep working.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, HOST_MMAP_THRESHOLD);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 2 * HOST_MMAP_THRESHOLD);
    }
}

/// How many works of a guest hold the allocator steadied ([`Steadied`]).
static STEADIED: Mutex<usize> = Mutex::new(0);

/// The allocator steadied ([`steady_allocator`]) while some work of a
/// front end that is a guest in another program's process (the Python
/// package) runs, and given back to the host ([`host_allocator`]) when the
/// last such work ends, on whichever thread.
pub struct Steadied(());

impl Steadied {
    /// Steadies the allocator, unless another work holds it steadied.
    pub fn hold() -> Steadied {
        let mut works = STEADIED.lock().unwrap_or_else(PoisonError::into_inner);
        if *works == 0 {
            steady_allocator();
        }
        *works += 1;
        Steadied(())
    }
}

impl Drop for Steadied {
    fn drop(&mut self) {
        let mut works = STEADIED.lock().unwrap_or_else(PoisonError::into_inner);
        *works -= 1;
        if *works == 0 {
            host_allocator();
        }
    }
}

/// The bytes the disk holding `dir` (or its nearest existing parent) has
/// free for this user, and those the files already in `dir` take (a solve
/// that resumes writes over them): what a solve writing to `dir` may fill.
/// `None` where the system does not say.
pub fn disk_free(dir: &std::path::Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let existing = dir
        .ancestors()
        .find(|p| p.exists() && !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    let path = std::ffi::CString::new(existing.as_os_str().as_bytes()).ok()?;
    // SAFETY: `path` is a NUL-terminated string and `stat` a zeroed
    // statvfs that the call fills; nothing is kept past the call.
    let mut stat: libc::statvfs = unsafe { std::mem::zeroed() };
    if unsafe { libc::statvfs(path.as_ptr(), &mut stat) } != 0 {
        return None;
    }
    let free = (stat.f_bavail as u64).saturating_mul(stat.f_frsize as u64);
    let present: u64 = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok()?.metadata().ok())
        .map(|m| m.len())
        .sum();
    Some(free.saturating_add(present))
}

/// The memory a computation may fill: the least of what the system says is
/// available as it starts (`MemAvailable` in /proc/meminfo), the address
/// space the process may still take under its `ulimit -v` (RLIMIT_AS less
/// VmSize), and what its cgroups may still take (`memory.max` less
/// `memory.current` in cgroup v2, `memory.limit_in_bytes` less
/// `memory.usage_in_bytes` in v1, the least over the cgroup and its
/// ancestors); [`MEMORY_WHERE_UNKNOWN`] where none says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryLimit {
    /// The bytes a computation may fill.
    pub bytes: u64,
    /// Where the number comes from, for messages.
    pub source: &'static str,
}

/// The limit where the system does not say how much memory is available.
pub const MEMORY_WHERE_UNKNOWN: u64 = 4 << 30;

impl MemoryLimit {
    /// The least of the limits the process is under now (see the type),
    /// and its share where the memory is split ([`share_memory`]).
    pub fn now() -> MemoryLimit {
        let read = |path: &str| std::fs::read_to_string(path).ok();
        let limits = [
            (
                read("/proc/meminfo").and_then(|t| mem_available(&t)),
                "MemAvailable in /proc/meminfo",
            ),
            (
                address_space_left(&read("/proc/self/limits"), &read("/proc/self/status")),
                "the address space left under the process's limit (ulimit -v)",
            ),
            (
                cgroup_memory_left(read),
                "the memory left in the process's cgroup (memory.max, or v1's memory.limit_in_bytes)",
            ),
        ];
        limits
            .into_iter()
            .filter_map(|(bytes, source)| {
                Some(MemoryLimit {
                    bytes: bytes?,
                    source,
                })
            })
            .min_by_key(|limit| limit.bytes)
            .unwrap_or(MemoryLimit {
                bytes: MEMORY_WHERE_UNKNOWN,
                source: "a fixed limit, where the system does not say",
            })
            .shared()
    }

    /// This limit's share where the memory is split ([`share_memory`]).
    fn shared(self) -> MemoryLimit {
        match SHARES.load(Ordering::SeqCst) {
            1 => self,
            ways => MemoryLimit {
                bytes: self.bytes / ways,
                source: "a share of the memory (grundy serve answers several questions at once)",
            },
        }
    }

    /// The most bytes of a file decoded in memory (a `--db` table, a
    /// checkpoint) that are read: a quarter of the memory left, as the
    /// buffer read into doubles while it grows and decoding makes a copy.
    /// A device such as /dev/zero has no length to check beforehand.
    pub fn file_bytes() -> u64 {
        MemoryLimit::now().bytes / 4
    }
}

/// RLIMIT_AS less the address space already taken (VmSize), from the text
/// of /proc/self/limits and /proc/self/status; `None` when unlimited.
fn address_space_left(limits: &Option<String>, status: &Option<String>) -> Option<u64> {
    let line = limits
        .as_deref()?
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    let soft: u64 = line
        .strip_prefix("Max address space")?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    let used_kib: u64 = status
        .as_deref()
        .and_then(|t| t.lines().find_map(|l| l.strip_prefix("VmSize:")))
        .and_then(|v| v.trim().strip_suffix("kB")?.trim().parse().ok())
        .unwrap_or(0);
    Some(soft.saturating_sub(used_kib.saturating_mul(1024)))
}

/// The memory left under the limits of this process's cgroups, the least
/// over each cgroup and its ancestors (a limit set on a parent holds for
/// its children): `memory.max` less `memory.current` in cgroup v2 (the
/// `0::PATH` line of /proc/self/cgroup), `memory.limit_in_bytes` less
/// `memory.usage_in_bytes` in cgroup v1 (the `N:memory:PATH` line), the
/// usage less its inactive file cache ([`inactive_file`]). A
/// container that shows only its own cgroup at the mount's root is found
/// there, as the ancestor of its path. `None` where no limit is set.
fn cgroup_memory_left(read: impl Fn(&str) -> Option<String>) -> Option<u64> {
    let number = |path: &str| -> Option<u64> { read(path)?.trim().parse().ok() };
    let mut least: Option<u64> = None;
    for line in read("/proc/self/cgroup")?.lines() {
        let mut fields = line.splitn(3, ':');
        let (Some(id), Some(controllers), Some(path)) =
            (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let (root, limit, usage) = if id == "0" && controllers.is_empty() {
            ("/sys/fs/cgroup", "memory.max", "memory.current")
        } else if controllers.split(',').any(|c| c == "memory") {
            (
                "/sys/fs/cgroup/memory",
                "memory.limit_in_bytes",
                "memory.usage_in_bytes",
            )
        } else {
            continue;
        };
        let mut dir = path.trim().trim_end_matches('/');
        loop {
            // v2 writes `max` where there is no limit (no number), v1 a
            // number near 2^63.
            if let Some(max) = number(&format!("{root}{dir}/{limit}")).filter(|&m| m < 1 << 62) {
                let used = number(&format!("{root}{dir}/{usage}")).unwrap_or(0);
                // Of the usage, the file cache not used lately is given
                // back on demand (as `docker stats` counts it).
                let cache = read(&format!("{root}{dir}/memory.stat"))
                    .and_then(|stat| inactive_file(&stat))
                    .unwrap_or(0);
                let left = max.saturating_sub(used.saturating_sub(cache));
                least = Some(least.map_or(left, |l| l.min(left)));
            }
            match dir.rfind('/') {
                Some(at) => dir = &dir[..at],
                None => break,
            }
        }
    }
    least
}

/// The inactive file cache of a cgroup's `memory.stat`: `inactive_file`
/// (v2), `total_inactive_file` (v1, with its descendants').
fn inactive_file(stat: &str) -> Option<u64> {
    let field = |name: &str| {
        stat.lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
    };
    field("total_inactive_file").or_else(|| field("inactive_file"))
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

    #[test]
    fn the_address_space_left_is_the_limit_less_vmsize() {
        let limits = Some(
            "Limit                     Soft Limit           Hard Limit           Units\n\
             Max address space         3072000000           unlimited            bytes\n"
                .to_string(),
        );
        let status = Some("Name:\tgrundy\nVmSize:\t   1000 kB\n".to_string());
        assert_eq!(
            address_space_left(&limits, &status),
            Some(3_072_000_000 - 1_024_000)
        );
        let unlimited = Some("Max address space         unlimited  unlimited  bytes\n".into());
        assert_eq!(address_space_left(&unlimited, &status), None);
    }

    #[test]
    fn the_cgroup_left_is_memory_max_less_memory_current() {
        let files = |path: &str| match path {
            "/proc/self/cgroup" => Some("0::/box/run\n".to_string()),
            "/sys/fs/cgroup/box/run/memory.max" => Some("1073741824\n".into()),
            "/sys/fs/cgroup/box/run/memory.current" => Some("73741824\n".into()),
            _ => None,
        };
        assert_eq!(cgroup_memory_left(files), Some(1_000_000_000));
        let unlimited = |path: &str| match path {
            "/proc/self/cgroup" => Some("0::/\n".to_string()),
            "/sys/fs/cgroup/memory.max" => Some("max\n".into()),
            _ => None,
        };
        assert_eq!(cgroup_memory_left(unlimited), None);
    }

    #[test]
    fn a_limit_on_an_ancestor_cgroup_holds() {
        // v2: the limit is the parent's, with less left than the child's;
        // its inactive file cache counts as free.
        let files = |path: &str| match path {
            "/proc/self/cgroup" => Some("0::/box/run/\n".to_string()),
            "/sys/fs/cgroup/box/run/memory.max" => Some("max\n".into()),
            "/sys/fs/cgroup/box/memory.max" => Some("2000000000\n".into()),
            "/sys/fs/cgroup/box/memory.current" => Some("600000000\n".into()),
            "/sys/fs/cgroup/box/memory.stat" => {
                Some("active_file 5\ninactive_file 100000000\n".into())
            }
            _ => None,
        };
        assert_eq!(cgroup_memory_left(files), Some(1_500_000_000));
    }

    #[test]
    fn cgroup_v1_limits_are_read_and_a_container_s_at_the_root() {
        let cgroups = "12:cpu,cpuacct:/docker/abc\n9:memory:/docker/abc\n1:name=systemd:/\n";
        // The host's view: the cgroup's own directory, its inactive file
        // cache (with its descendants') counted as free.
        let host = |path: &str| match path {
            "/proc/self/cgroup" => Some(cgroups.to_string()),
            "/sys/fs/cgroup/memory/docker/abc/memory.limit_in_bytes" => Some("1073741824\n".into()),
            "/sys/fs/cgroup/memory/docker/abc/memory.usage_in_bytes" => Some("273741824\n".into()),
            "/sys/fs/cgroup/memory/docker/abc/memory.stat" => {
                Some("cache 300000000\ninactive_file 1\ntotal_inactive_file 200000000\n".into())
            }
            "/sys/fs/cgroup/memory/memory.limit_in_bytes" => Some("9223372036854771712\n".into()),
            _ => None,
        };
        assert_eq!(cgroup_memory_left(host), Some(1_000_000_000));
        // Inside the container: only its cgroup, at the mount's root.
        let inside = |path: &str| match path {
            "/proc/self/cgroup" => Some(cgroups.to_string()),
            "/sys/fs/cgroup/memory/memory.limit_in_bytes" => Some("1073741824\n".into()),
            "/sys/fs/cgroup/memory/memory.usage_in_bytes" => Some("73741824\n".into()),
            _ => None,
        };
        assert_eq!(cgroup_memory_left(inside), Some(1_000_000_000));
        // No limit: v1's number near 2^63, on every level.
        let unlimited = |path: &str| match path {
            "/proc/self/cgroup" => Some("4:memory:/a/b\n0::/\n".to_string()),
            p if p.ends_with("memory.limit_in_bytes") => Some("9223372036854771712\n".into()),
            _ => None,
        };
        assert_eq!(cgroup_memory_left(unlimited), None);
    }
}
