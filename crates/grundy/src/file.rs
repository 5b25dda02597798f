//! Reading a file named by the user within a limit. A file's metadata does
//! not bound what it holds (`/dev/zero`, a FIFO: their length is 0), so the
//! limit is on the bytes read: one byte past it tells a file over it. A
//! front end whose users are not the machine's (a server) restricts, once
//! for the process, which files may be read ([`restrict`]). And the digest
//! a solved table keeps of the file its rules came from, and files written
//! whole or not at all (through symbolic links, keeping their permissions,
//! never over a FIFO or a device).
//!
//! ```
//! use grundy::file::{read_at_most, sha256_hex};
//!
//! // SHA-256 of "abc", the first test vector of FIPS 180-2.
//! assert_eq!(
//!     sha256_hex(b"abc"),
//!     "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
//! );
//! // A file that cannot be opened is bad input, naming the path.
//! let error = read_at_most("/no/such/file", 1 << 20, "a graph").unwrap_err();
//! assert_eq!(error.kind(), grundy::error::ErrorKind::BadInput);
//! assert!(error.to_string().starts_with("/no/such/file"), "{error}");
//! ```

use std::fs::{File, OpenOptions, Permissions};
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::error::{Error, Result};

/// The bytes of the file at `path`, of at most `limit` bytes. `what` names
/// the file in the message of the limit ("graph file", "script").
/// A file that cannot be opened or read is an [`Error::File`] (bad input);
/// one longer than `limit` is an [`Error::Limit`] naming the limit. Where
/// the process restricts its files ([`restrict`]), only a regular file
/// under its directories is read, and every other is refused alike.
pub fn read_at_most(path: &str, limit: u64, what: &str) -> Result<Vec<u8>> {
    let file_error = |e: std::io::Error| match restriction() {
        Some(within) => within.refusal(path),
        None => Error::File {
            path: path.into(),
            message: e.to_string(),
        },
    };
    let file = match restriction() {
        Some(within) => within.open(path)?,
        None => File::open(path).map_err(file_error)?,
    };
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(file_error)?;
    if bytes.len() as u64 > limit {
        return Err(Error::Limit(format!(
            "{what} {path} is larger than {}, the most that is read",
            describe_bytes(limit)
        )));
    }
    Ok(bytes)
}

/// The text (UTF-8) of the file at `path`, of at most `limit` bytes.
pub fn read_text_at_most(path: &str, limit: u64, what: &str) -> Result<String> {
    String::from_utf8(read_at_most(path, limit, what)?).map_err(|_| Error::File {
        path: path.into(),
        message: "the file is not text (UTF-8)".into(),
    })
}

/// The directories a process reads the files named in expressions from,
/// and how: only regular files, found by their canonical path (no `..` or
/// symbolic link leads out), opened without waiting (a FIFO is refused,
/// never waited on). Every file it does not read is refused with one
/// message, which does not tell a missing file from an unreadable one, a
/// directory, a device or a file elsewhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Within {
    dirs: Vec<PathBuf>,
}

impl Within {
    /// Files under `dirs`, each resolved to its canonical path now. A
    /// directory that cannot be resolved is an [`Error::File`] naming it.
    pub fn new(dirs: &[PathBuf]) -> Result<Within> {
        let resolve = |dir: &PathBuf| {
            let shown = dir.display().to_string();
            let canonical = std::fs::canonicalize(dir).map_err(|e| Error::File {
                path: shown.clone(),
                message: e.to_string(),
            })?;
            if !canonical.is_dir() {
                return Err(Error::File {
                    path: shown,
                    message: "not a directory".into(),
                });
            }
            Ok(canonical)
        };
        let dirs = dirs.iter().map(resolve).collect::<Result<_>>()?;
        Ok(Within { dirs })
    }

    /// The directories, canonical.
    pub fn dirs(&self) -> &[PathBuf] {
        &self.dirs
    }

    /// The file at `path`, open for reading, if it is a regular file under
    /// one of the directories; else the one refusal.
    pub fn open(&self, path: &str) -> Result<File> {
        let refused = || self.refusal(path);
        let canonical = std::fs::canonicalize(path).map_err(|_| refused())?;
        if !self.dirs.iter().any(|dir| canonical.starts_with(dir)) {
            return Err(refused());
        }
        let file = open_without_waiting(&canonical).map_err(|_| refused())?;
        let regular = file.metadata().is_ok_and(|m| m.is_file());
        if !regular {
            return Err(refused());
        }
        Ok(file)
    }

    /// The error of every file not read, the same whatever the reason.
    fn refusal(&self, path: &str) -> Error {
        Error::File {
            path: path.into(),
            message: "not read: files are read only where this process allows, and only \
                      regular files"
                .into(),
        }
    }
}

/// Opens `path` for reading without waiting for a writer (a FIFO) and
/// without following a symbolic link at its end.
fn open_without_waiting(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW);
    }
    options.open(path)
}

/// The restriction of this process, once set.
static WITHIN: OnceLock<Within> = OnceLock::new();

/// From now on, this process reads the files named in expressions only as
/// `within` allows, and a script's errors met loading it are told without
/// their message ([`without_contents`]). Set once: a later call changes
/// nothing and answers false, unless it asks the same.
pub fn restrict(within: Within) -> bool {
    let asked = within.clone();
    *WITHIN.get_or_init(|| within) == asked
}

/// The restriction of this process, if a front end set one.
pub fn restriction() -> Option<&'static Within> {
    WITHIN.get()
}

/// `error`, met loading a file named in an expression, as this process
/// may tell it: where files are restricted ([`restrict`]), a script's
/// message (which may quote the file: a word it does not know, the text
/// it throws) is left out, its line and column kept.
pub fn without_contents(error: Error) -> Error {
    match error {
        Error::Script {
            path, line, column, ..
        } if restriction().is_some() => Error::Script {
            path,
            line,
            column,
            message: "the script fails here (its message is not told here, as it may quote \
                      the file)"
                .into(),
        },
        other => other,
    }
}

/// The SHA-256 digest of `bytes` in lowercase hexadecimal, as `sha256sum`
/// prints it: what a solved table records of the file its rules were read
/// from.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    hex(&sha2::Sha256::digest(bytes))
}

/// `bytes` in lowercase hexadecimal, two digits a byte.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Writes `path` with what `write` writes, whole or not at all: to a
/// temporary file in the same directory, synced, then renamed over the
/// target. A write that fails or is killed leaves the file that was there
/// as it was.
///
/// A symbolic link is written through: the file it names is the one
/// replaced, in its own directory, and the link stays. The file replaced
/// keeps its permissions. Anything but a regular file (a FIFO, a device,
/// a directory) is refused, since renaming over it would replace it
/// rather than write to it. A full disk, quota or file size limit is an
/// [`Error::Limit`] (see [`write_error`]); any other failure an
/// [`Error::File`] naming `path`.
pub fn write_whole(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> Result<()> {
    let (target, permissions) = destination(path)?;
    let aside = aside(&target);
    let written = File::create(&aside).and_then(|file| {
        if let Some(permissions) = permissions {
            file.set_permissions(permissions)?;
        }
        fill(file, write)
    });
    let renamed = written.and_then(|()| std::fs::rename(&aside, &target));
    renamed.map_err(|e| {
        let _ = std::fs::remove_file(&aside);
        write_error(path, e)
    })
}

/// Writes `file` with what `write` writes, and syncs it.
fn fill(file: File, write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>) -> io::Result<()> {
    let mut out = BufWriter::new(file);
    write(&mut out)?;
    let file = out.into_inner().map_err(|e| e.into_error())?;
    file.sync_all()
}

/// The error of a write to `path` that failed. A full disk (`ENOSPC`), a
/// full quota (`EDQUOT`) or a file past the size the process may write
/// (`EFBIG`, `ulimit -f`) is a limit of the machine, not a fault of the
/// input: an [`Error::Limit`] naming the path (exit status 1). Anything
/// else is an [`Error::File`] (bad input: a directory that is not there,
/// a file not writable).
pub fn write_error(path: &Path, error: io::Error) -> Error {
    match error.raw_os_error() {
        Some(libc::ENOSPC | libc::EDQUOT | libc::EFBIG) => Error::Limit(format!(
            "{}: {error}: the disk, the quota or the file size allowed is full",
            path.display()
        )),
        _ => Error::File {
            path: path.display().to_string(),
            message: error.to_string(),
        },
    }
}

/// The most symbolic links followed from a path written to, as the kernel
/// follows at most 40 in one path.
const MOST_LINKS: usize = 40;

/// Where a write to `path` goes, and the permissions the file there has:
/// the end of its symbolic links (a file, or none yet), never a special
/// file.
fn destination(path: &Path) -> Result<(PathBuf, Option<Permissions>)> {
    let refused = |message: String| Error::File {
        path: path.display().to_string(),
        message,
    };
    // The file the path names, through its links (`/proc/self/fd/1` too).
    match std::fs::metadata(path) {
        Ok(meta) if !meta.is_file() => {
            return Err(refused(
                "not a regular file (a directory, a FIFO or a device): grundy writes a \
                 file whole, through a temporary file renamed over it, so it writes only \
                 regular files"
                    .into(),
            ))
        }
        Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(refused(e.to_string())),
        _ => {}
    }
    let mut target = path.to_path_buf();
    for _ in 0..MOST_LINKS {
        match std::fs::symlink_metadata(&target) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = std::fs::read_link(&target).map_err(|e| refused(e.to_string()))?;
                // A relative link is read from the directory of the link.
                target = match target.parent() {
                    Some(dir) => dir.join(link),
                    None => link,
                };
            }
            Ok(meta) => return Ok((target, Some(meta.permissions()))),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok((target, None)),
            Err(e) => return Err(refused(e.to_string())),
        }
    }
    Err(refused(format!(
        "more than {MOST_LINKS} symbolic links in a row"
    )))
}

/// Writes `bytes` to `path`, whole or not at all.
pub fn write_bytes(path: &Path, bytes: &[u8]) -> Result<()> {
    write_whole(path, |out| out.write_all(bytes))
}

/// The temporary file beside `path`: hidden, named by the process, so two
/// runs writing the same file do not share one.
fn aside(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "grundy".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.{}.partial", std::process::id()))
}

/// A number of bytes as a person reads it: `64 MiB`, `1 MiB`, `1000 bytes`.
pub(crate) fn describe_bytes(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes % (1 << 20) == 0 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digest of FIPS 180-2, appendix B.1, and of the empty text.
    #[test]
    fn the_digest_is_sha256() {
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            sha256_hex(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }

    #[test]
    fn a_device_without_a_length_is_read_only_to_the_limit() {
        let err = read_at_most("/dev/zero", 1 << 20, "script").unwrap_err();
        assert_eq!(err.kind(), crate::error::ErrorKind::Limit);
        assert!(
            err.to_string()
                .contains("script /dev/zero is larger than 1 MiB"),
            "{err}"
        );
    }

    /// A fresh directory for one test.
    fn fresh_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// Issue 37, item 5 (repro 27): `--out link.svg` replaced the link
    /// with a file and left the file it named as it was.
    #[test]
    fn a_symbolic_link_is_written_through_and_stays_a_link() {
        use std::os::unix::fs::symlink;
        let dir = fresh_dir("link");
        std::fs::write(dir.join("real.svg"), "original").unwrap();
        symlink("real.svg", dir.join("link.svg")).unwrap();
        write_bytes(&dir.join("link.svg"), b"drawn").unwrap();
        let link = std::fs::symlink_metadata(dir.join("link.svg")).unwrap();
        assert!(link.file_type().is_symlink());
        assert_eq!(std::fs::read(dir.join("real.svg")).unwrap(), b"drawn");
        // A link to a file not there yet makes the file.
        symlink("new.svg", dir.join("ahead.svg")).unwrap();
        write_bytes(&dir.join("ahead.svg"), b"made").unwrap();
        assert_eq!(std::fs::read(dir.join("new.svg")).unwrap(), b"made");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A FIFO was replaced by a file (its reader got nothing); as root,
    /// `/dev/full` too. Special files are refused and left as they are.
    #[test]
    fn a_fifo_is_refused_and_left_as_it_is() {
        use std::os::unix::fs::FileTypeExt;
        let dir = fresh_dir("fifo");
        let fifo = dir.join("pipe");
        let name = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o644) }, 0);
        let error = write_bytes(&fifo, b"lost").unwrap_err();
        assert_eq!(error.kind(), crate::error::ErrorKind::BadInput);
        assert!(error.to_string().contains("not a regular file"), "{error}");
        let meta = std::fs::symlink_metadata(&fifo).unwrap();
        assert!(meta.file_type().is_fifo());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// A `--db` table of mode 0600 came back 0644.
    #[test]
    fn a_file_written_again_keeps_its_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = fresh_dir("mode");
        let path = dir.join("table.db");
        write_bytes(&path, b"first").unwrap();
        std::fs::set_permissions(&path, Permissions::from_mode(0o600)).unwrap();
        write_bytes(&path, b"second").unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Issue 37, item 6 (repro 28): a full disk was bad input (exit 2).
    /// `/dev/full` fails every write with ENOSPC, as a full disk does.
    #[test]
    fn a_full_disk_is_a_limit() {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let failed = fill(full, |out| out.write_all(&[0; 1 << 16])).unwrap_err();
        let error = write_error(Path::new("t.db"), failed);
        assert_eq!(error.kind(), crate::error::ErrorKind::Limit);
        assert!(
            error.to_string().starts_with("limit reached: t.db: "),
            "{error}"
        );
        let denied = io::Error::from_raw_os_error(libc::EACCES);
        let error = write_error(Path::new("t.db"), denied);
        assert_eq!(error.kind(), crate::error::ErrorKind::BadInput);
    }

    #[test]
    fn a_file_at_the_limit_is_read_whole_and_one_past_it_is_refused() {
        let dir = std::env::temp_dir().join(format!("grundy-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("ten.txt");
        std::fs::write(&path, "0123456789").unwrap();
        let path = path.to_str().unwrap();
        assert_eq!(read_text_at_most(path, 10, "file").unwrap(), "0123456789");
        let err = read_at_most(path, 9, "file").unwrap_err();
        assert!(err.to_string().contains("larger than 9 bytes"), "{err}");
        let missing = read_at_most("/no/such/file", 9, "file").unwrap_err();
        assert_eq!(missing.kind(), crate::error::ErrorKind::BadInput);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Only regular files under the directories are opened; a FIFO is
    /// refused at once, not waited on; and every refusal reads the same.
    #[cfg(unix)]
    #[test]
    fn within_opens_only_regular_files_under_its_directories() {
        let top = std::env::temp_dir().join(format!("grundy-within-{}", std::process::id()));
        let served = top.join("served");
        std::fs::create_dir_all(served.join("sub")).unwrap();
        std::fs::write(served.join("g.txt"), "1\n0\n").unwrap();
        std::fs::write(top.join("secret.txt"), "hunter2\n").unwrap();
        std::os::unix::fs::symlink(top.join("secret.txt"), served.join("link.txt")).unwrap();
        let fifo = served.join("fifo");
        let fifo_c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(fifo_c.as_ptr(), 0o600) }, 0);
        let within = Within::new(std::slice::from_ref(&served)).unwrap();
        let read = |path: &Path| {
            let mut text = String::new();
            within
                .open(path.to_str().unwrap())
                .map(|mut f| f.read_to_string(&mut text).map(|_| text))
        };
        assert_eq!(read(&served.join("g.txt")).unwrap().unwrap(), "1\n0\n");
        let up = served.join("sub/../g.txt");
        assert_eq!(read(&up).unwrap().unwrap(), "1\n0\n");
        let refused: Vec<String> = [
            top.join("secret.txt"),
            served.join("../secret.txt"),
            served.join("link.txt"),
            served.join("missing.txt"),
            served.join("sub"),
            fifo,
            PathBuf::from("/dev/stdin"),
        ]
        .iter()
        .map(|path| {
            let error = read(path).unwrap_err();
            assert_eq!(error.kind(), crate::error::ErrorKind::BadInput);
            let Error::File { message, .. } = error else {
                panic!("{error}")
            };
            message
        })
        .collect();
        assert!(refused.iter().all(|m| m == &refused[0]), "{refused:?}");
        assert!(Within::new(&[top.join("missing")]).is_err());
        std::fs::remove_dir_all(&top).unwrap();
    }
}
