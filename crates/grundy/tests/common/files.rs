//! A directory's files, shared by the tests of the library and of the
//! command line (the latter includes this file by its path).

/// The files of a directory, sorted by name, with their bytes (none
/// where the directory is missing): to compare two runs' files byte for
/// byte. A tier directory's lock file, `.solve.lock`, is left out: it
/// holds the process id of the last solve there, another in each run.
pub fn files(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries
        .map(|e| e.unwrap())
        .filter(|e| e.file_name() != ".solve.lock")
        .map(|e| {
            let name = e.file_name().into_string().unwrap();
            (name, std::fs::read(e.path()).unwrap())
        })
        .collect();
    files.sort();
    files
}
