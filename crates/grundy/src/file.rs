//! Reading a file named by the user within a limit. A file's metadata does
//! not bound what it holds (`/dev/zero`, a FIFO: their length is 0), so the
//! limit is on the bytes read: one byte past it tells a file over it. And
//! the digest a solved table keeps of the file its rules came from, and
//! files written whole or not at all.
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

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// The bytes of the file at `path`, of at most `limit` bytes. `what` names
/// the file in the message of the limit ("graph file", "script").
/// A file that cannot be opened or read is an [`Error::File`] (bad input);
/// one longer than `limit` is an [`Error::Limit`] naming the limit.
pub fn read_at_most(path: &str, limit: u64, what: &str) -> Result<Vec<u8>> {
    let file_error = |e: std::io::Error| Error::File {
        path: path.into(),
        message: e.to_string(),
    };
    let file = std::fs::File::open(path).map_err(file_error)?;
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

/// The SHA-256 digest of `bytes` in lowercase hexadecimal, as `sha256sum`
/// prints it: what a solved table records of the file its rules were read
/// from.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Writes `path` with what `write` writes, whole or not at all: to a
/// temporary file in the same directory, synced, then renamed over the
/// target. A write that fails or is killed leaves the file that was there
/// as it was. An error is an [`Error::File`] naming `path`.
pub fn write_whole(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> Result<()> {
    let aside = aside(path);
    let written = File::create(&aside).and_then(|file| {
        let mut out = BufWriter::new(file);
        write(&mut out)?;
        let file = out.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()
    });
    let renamed = written.and_then(|()| std::fs::rename(&aside, path));
    renamed.map_err(|e| {
        let _ = std::fs::remove_file(&aside);
        Error::File {
            path: path.display().to_string(),
            message: e.to_string(),
        }
    })
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
}
