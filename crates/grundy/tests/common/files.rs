//! A directory's files, shared by the tests of the library and of the
//! command line (the latter includes this file by its path).

/// The files of a directory, sorted by name, with their bytes (none
/// where the directory is missing): to compare two runs' files byte for
/// byte.
pub fn files(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries
        .map(|e| {
            let e = e.unwrap();
            let name = e.file_name().into_string().unwrap();
            (name, std::fs::read(e.path()).unwrap())
        })
        .collect();
    files.sort();
    files
}
