//! Every file the command line writes (`--db`, `--checkpoint`, `--out`,
//! `--plot`, `--svg`) is written whole or not at all: to a temporary file
//! in the same directory, synced, then renamed over the target. A write that
//! fails or is killed leaves the file that was there as it was.

use std::fs::File;
use std::io::{self, BufWriter};
use std::path::Path;

use crate::report::Failure;

/// Writes `path` with what `write` writes, whole or not at all (the
/// library's `file::write_whole`, whose tier files are written the same
/// way).
pub fn write_whole(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> io::Result<()>,
) -> Result<(), Failure> {
    grundy::file::write_whole(path, write).map_err(Failure::from)
}

/// Writes `bytes` to `path`, whole or not at all.
pub fn write_bytes(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    grundy::file::write_bytes(path, bytes).map_err(Failure::from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary() {
        let dir = std::env::temp_dir().join(format!("grundy-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("table.db");
        assert!(write_bytes(&path, b"the good table").is_ok());
        let failed = write_whole(&path, |out| {
            out.write_all(b"half a tab")?;
            Err(io::Error::other("the disk is full"))
        });
        assert!(failed.is_err());
        assert_eq!(std::fs::read(&path).unwrap(), b"the good table");
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(left.len(), 1, "{left:?}");
        assert!(write_bytes(&path, b"a new table").is_ok());
        assert_eq!(std::fs::read(&path).unwrap(), b"a new table");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
