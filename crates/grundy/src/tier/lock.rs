//! The lock a solve holds on its tier directory: two solves writing one
//! directory at once would remove each other's temporary files and write
//! the same tiers, so the second is refused, naming the first.
//!
//! The lock is an advisory `flock` on the file `.solve.lock` in the
//! directory, which holds the process id of the solve that has it. The
//! kernel lets it go when that process ends, however it ends, so a solve
//! killed leaves no lock behind (the file stays, unlocked).

use std::fs::File;
use std::io::{Read, Seek, Write};
use std::os::fd::AsRawFd;
use std::path::Path;

use crate::error::{Error, Result};

/// The name of the lock file in a tier directory.
const LOCK_FILE: &str = ".solve.lock";

/// The lock on a tier directory, held until it is dropped.
#[derive(Debug)]
pub(super) struct DirLock {
    /// The lock file, open: closing it lets the lock go.
    _file: File,
}

impl DirLock {
    /// Takes the lock on `dir`, or says which solve has it: a busy
    /// directory is no fault of the input, so it is refused as a question
    /// not answered ([`Error::Unsupported`], exit status 1).
    pub(super) fn take(dir: &Path) -> Result<DirLock> {
        let path = dir.join(LOCK_FILE);
        let file_error = |e: std::io::Error| Error::File {
            path: path.display().to_string(),
            message: e.to_string(),
        };
        let mut file = File::options()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(file_error)?;
        // SAFETY: flock takes a descriptor `file` keeps open, and no memory.
        if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
            let error = std::io::Error::last_os_error();
            if error.kind() != std::io::ErrorKind::WouldBlock {
                return Err(file_error(error));
            }
            return Err(busy(dir, holder(&mut file)));
        }
        file.set_len(0).map_err(file_error)?;
        file.rewind().map_err(file_error)?;
        write!(file, "{}", std::process::id()).map_err(file_error)?;
        Ok(DirLock { _file: file })
    }
}

/// The process id the lock file of a busy directory names, where it has
/// written it yet.
fn holder(file: &mut File) -> Option<u32> {
    let mut text = String::new();
    file.read_to_string(&mut text).ok()?;
    text.trim().parse().ok()
}

fn busy(dir: &Path, holder: Option<u32>) -> Error {
    let who = match holder {
        Some(pid) => format!("another solve (process {pid})"),
        None => "another solve".to_string(),
    };
    Error::Unsupported(format!(
        "{}: {who} is writing its tiers there, and a directory takes one solve at a \
         time: wait for it to end, or solve into another directory",
        dir.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 37, item 6 (repro 29): two solves into one directory failed
    /// one time in four with a file the other had removed. A lock is
    /// held by its open file, so a second one in this process is refused
    /// as another process's would be.
    #[test]
    fn a_second_lock_is_refused_naming_the_first_and_free_once_dropped() {
        let dir = std::env::temp_dir().join(format!("grundy-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let first = DirLock::take(&dir).unwrap();
        let error = DirLock::take(&dir).unwrap_err();
        assert_eq!(error.kind(), crate::error::ErrorKind::Unsupported);
        let pid = format!("process {}", std::process::id());
        assert!(error.to_string().contains(&pid), "{error}");
        // Issue 38, item 2: "not supported" is said once, by the kind.
        assert_eq!(
            error.to_string().matches("not supported").count(),
            1,
            "{error}"
        );
        assert_eq!(
            std::fs::read_to_string(dir.join(LOCK_FILE)).unwrap(),
            std::process::id().to_string()
        );
        drop(first);
        assert!(DirLock::take(&dir).is_ok());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
