//! A database of the values of a family's small regions, as a file: built
//! once (`grundy db build`), then read by any later run, whose searches
//! (the canonical form of a position, and the outcome of a sum) take a
//! region's value from it rather than search it again.
//!
//! The file is text, versioned and checksummed:
//!
//! ```text
//! grundy values 1
//! family domineering
//! cells 3
//! regions 3
//! ..<tab>-1
//! ...<tab>-1
//! ../.#<tab>*
//! sha256 <the digest of every byte above this line>
//! ```
//!
//! one line a region: its key as the family writes it (the least of its
//! images, [`ShortGame::parts`](crate::partizan::ShortGame::parts)), a
//! tab, its canonical form. A file whose digest does not match, of
//! another version, or broken anywhere is refused with its name.
//!
//! A front end provides a database once for the process ([`provide`]);
//! each family's table of values made afterwards takes its values, read
//! by position once and shared ([`given`]).
//!
//! ```
//! use grundy::short::values::Database;
//!
//! let db = Database {
//!     family: "domineering".into(),
//!     cells: 2,
//!     entries: vec![("..".into(), "{0|0}".into())],
//! };
//! let text = db.to_text();
//! assert_eq!(Database::read(text.as_bytes(), "d.values").unwrap(), db);
//! let damaged = text.replace("{0|0}", "{0|1}");
//! let error = Database::read(damaged.as_bytes(), "d.values").unwrap_err();
//! assert!(error.to_string().starts_with("d.values: "), "{error}");
//! ```

use std::any::Any;
use std::collections::HashMap;
use std::io::{self, Write};
use std::sync::{Arc, Mutex, PoisonError};

use sha2::{Digest, Sha256};

use crate::error::{Error, Result};
use crate::file::{hex, sha256_hex};
use crate::memory;
use crate::partizan::Given;

/// The version of the format this build writes and reads.
pub const VERSION: u32 = 1;

/// The first line's words before the version.
const MAGIC: &str = "grundy values";

/// The values of a family's regions of at most `cells` cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Database {
    /// The family's name as an expression writes it.
    pub family: String,
    /// The most cells of a region it holds.
    pub cells: u32,
    /// Each region's key as the family writes it, with its canonical
    /// form.
    pub entries: Vec<(String, String)>,
}

impl Database {
    /// Writes the file's text to `out` as it goes, its digest on the last
    /// line, and gives the digest.
    pub fn write(&self, out: &mut dyn Write) -> io::Result<String> {
        let mut digest = Sha256::new();
        let mut put = |bytes: &[u8]| {
            digest.update(bytes);
            out.write_all(bytes)
        };
        let header = format!(
            "{MAGIC} {VERSION}\nfamily {}\ncells {}\nregions {}\n",
            self.family,
            self.cells,
            self.entries.len()
        );
        put(header.as_bytes())?;
        for (key, value) in &self.entries {
            put(key.as_bytes())?;
            put(b"\t")?;
            put(value.as_bytes())?;
            put(b"\n")?;
        }
        let digest = hex(&digest.finalize());
        out.write_all(format!("sha256 {digest}\n").as_bytes())?;
        Ok(digest)
    }

    /// The file's text, its digest on the last line.
    pub fn to_text(&self) -> String {
        let mut text = Vec::new();
        self.write(&mut text).expect("a vector takes every write");
        String::from_utf8(text).expect("the keys and values are text")
    }

    /// The digest of the file's text (its last line's).
    pub fn sha256(&self) -> String {
        self.write(&mut io::sink())
            .expect("a sink takes every write")
    }

    /// Reads the file `source` holds `bytes` of: an [`Error::File`] naming
    /// it where the digest does not match, the version is another, or a
    /// line is not as written.
    pub fn read(bytes: &[u8], source: &str) -> Result<Database> {
        let refuse = |message: String| Error::File {
            path: source.to_string(),
            message,
        };
        let text = std::str::from_utf8(bytes)
            .map_err(|_| refuse("not a database of values: the file is not text".into()))?;
        let lines = bytes.iter().filter(|&&b| b == b'\n').count() as u64;
        let needs = Database::held(bytes.len() as u64, lines);
        if needs > memory::budget() {
            return Err(Error::Limit(format!(
                "{source}: a database of {lines} lines needs about {} once read, checked \
                 and given to its family, more than the memory budget ({})",
                memory::Size(needs),
                memory::Size(memory::budget())
            )));
        }
        let first = text.lines().next().unwrap_or("");
        let Some(version) = first.strip_prefix(MAGIC) else {
            return Err(refuse(format!(
                "not a database of values: its first line is not '{MAGIC} {VERSION}'"
            )));
        };
        if version.trim() != VERSION.to_string() {
            return Err(refuse(format!(
                "a database of values of version {}; this grundy reads version {VERSION} \
                 (build it again with grundy db build)",
                version.trim()
            )));
        }
        let cut = || refuse("the file ends without its checksum: it is cut short".into());
        let whole = text.strip_suffix('\n').ok_or_else(cut)?;
        let (body, last) = match whole.rfind('\n') {
            Some(at) => (&text[..at + 1], &whole[at + 1..]),
            None => ("", whole),
        };
        let Some(digest) = last.strip_prefix("sha256 ") else {
            return Err(refuse(
                "the file ends without its checksum (a line 'sha256 ...'): it is cut short".into(),
            ));
        };
        if digest != sha256_hex(body.as_bytes()) {
            return Err(refuse(
                "its checksum does not match its content: the file is damaged".into(),
            ));
        }
        let mut lines = body.lines().enumerate().skip(1);
        let mut header = |name: &str| -> Result<String> {
            match lines.next() {
                Some((i, line)) => match line.strip_prefix(name) {
                    Some(rest) if rest.starts_with(' ') => Ok(rest.trim().to_string()),
                    _ => Err(refuse(format!("line {}: expected '{name} ...'", i + 1))),
                },
                None => Err(refuse(format!("no '{name}' line"))),
            }
        };
        let family = header("family")?;
        let number = |text: String, name: &str| {
            (text.parse::<u64>()).map_err(|_| refuse(format!("'{name} {text}' is not a count")))
        };
        let cells = number(header("cells")?, "cells")?;
        let regions = number(header("regions")?, "regions")?;
        let mut entries = Vec::new();
        for (i, line) in lines {
            let Some((key, value)) = line.split_once('\t') else {
                return Err(refuse(format!(
                    "line {}: expected a region, a tab and its value",
                    i + 1
                )));
            };
            entries.push((key.to_string(), value.to_string()));
        }
        if entries.len() as u64 != regions {
            return Err(refuse(format!(
                "it says {regions} regions and holds {}",
                entries.len()
            )));
        }
        Ok(Database {
            family,
            cells: u32::try_from(cells).map_err(|_| refuse(format!("{cells} cells")))?,
            entries,
        })
    }

    /// About what a database of `bytes` bytes and `lines` lines takes at
    /// its peak once read, checked and given to its family: its lines as
    /// strings, the table of its values read to check them, and its keys
    /// read as positions (measured: 88 MB for Clobber's 12.8 MB file of
    /// 368,196 regions; this says 119 MB).
    fn held(bytes: u64, lines: u64) -> u64 {
        bytes
            .saturating_mul(2)
            .saturating_add(lines.saturating_mul(256))
    }
}

/// A database provided for the process, and its values by position once
/// its family has read them.
struct Provided {
    db: Arc<Database>,
    given: Option<Arc<dyn Any + Send + Sync>>,
}

/// The databases provided for the process, by family.
static PROVIDED: Mutex<Option<HashMap<String, Provided>>> = Mutex::new(None);

/// Makes `db` the database of its family for every table of values made
/// from now on in this process (one made before keeps what it had);
/// replaces the family's earlier one.
pub fn provide(db: Database) {
    let mut provided = PROVIDED.lock().unwrap_or_else(PoisonError::into_inner);
    let db = Arc::new(db);
    let entry = Provided { db, given: None };
    (provided.get_or_insert_with(HashMap::new)).insert(entry.db.family.clone(), entry);
}

/// The database provided for `family`, if any.
pub fn provided(family: &str) -> Option<Arc<Database>> {
    let provided = PROVIDED.lock().unwrap_or_else(PoisonError::into_inner);
    Some(provided.as_ref()?.get(family)?.db.clone())
}

/// The values of the database provided for `family`, if any, by position:
/// `read` (the family's reading of its keys) runs once for the process,
/// and every table of the family made afterwards shares what it made (a
/// server's or Python's questions each make their own tables).
pub fn given<P: Send + Sync + 'static>(
    family: &str,
    read: impl FnOnce(&Database) -> Given<P>,
) -> Option<Arc<Given<P>>> {
    let mut provided = PROVIDED.lock().unwrap_or_else(PoisonError::into_inner);
    let entry = provided.as_mut()?.get_mut(family)?;
    if let Some(given) = entry.given.clone() {
        if let Ok(given) = given.downcast::<Given<P>>() {
            return Some(given);
        }
    }
    let given = Arc::new(read(&entry.db));
    entry.given = Some(given.clone());
    Some(given)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Database {
        Database {
            family: "clobber".into(),
            cells: 2,
            entries: vec![("xo".into(), "*".into()), ("x/o".into(), "*".into())],
        }
    }

    /// Every byte changed, dropped or added is refused with the file's
    /// name.
    #[test]
    fn a_damaged_file_is_refused_by_name() {
        let text = sample().to_text();
        assert_eq!(Database::read(text.as_bytes(), "c").unwrap(), sample());
        for i in 0..text.len() {
            let mut bytes = text.clone().into_bytes();
            bytes[i] ^= 0x01;
            let Err(error) = Database::read(&bytes, "c.values") else {
                panic!("byte {i} flipped was read");
            };
            assert!(matches!(error, Error::File { ref path, .. } if path == "c.values"));
            let cut = &text.as_bytes()[..i];
            assert!(Database::read(cut, "c.values").is_err(), "cut at {i}");
        }
        let other = text.replace("grundy values 1", "grundy values 2");
        let error = Database::read(other.as_bytes(), "c").unwrap_err();
        assert!(error.to_string().contains("version 2"), "{error}");
        let error = Database::read(b"", "c").unwrap_err();
        assert!(error.to_string().contains("not a database"), "{error}");
    }

    #[test]
    fn the_last_database_provided_for_a_family_is_the_one_taken() {
        let mut first = sample();
        first.family = "test-family-values".into();
        provide(first.clone());
        assert_eq!(provided("test-family-values").as_deref(), Some(&first));
        first.cells = 3;
        provide(first.clone());
        assert_eq!(provided("test-family-values").unwrap().cells, 3);
        assert!(provided("no-such-family").is_none());
        // The values by position are read once, then shared.
        let mut reads = 0;
        let mut read = |db: &Database| {
            reads += 1;
            db.entries
                .iter()
                .map(|(k, v)| (k.len(), v.as_str().into()))
                .collect()
        };
        let first = given::<usize>("test-family-values", &mut read).unwrap();
        let again = given::<usize>("test-family-values", &mut read).unwrap();
        assert!(given::<usize>("no-such-family", &mut read).is_none());
        assert!(Arc::ptr_eq(&first, &again) && reads == 1);
        assert_eq!(first.get(&2).map(|v| &**v), Some("*"));
    }
}
