//! Lines of input read one at a time (`analyze --batch`, `play`), each of
//! at most [`MAX_LINE_BYTES`]: a longer line is skipped unread and told
//! apart, so a 2 GB line takes no more memory than a short one, and a
//! line that is not UTF-8 is still a line.

use std::io::{self, BufRead, Read};

use grundy::Error;

/// The longest line read: a longer one is answered with a limit error, and
/// a 1 GB line no longer takes gigabytes.
pub const MAX_LINE_BYTES: u64 = 16 << 20;

/// One line of input.
pub enum Line {
    /// The line without its end; a byte that is not UTF-8 reads as U+FFFD
    /// (so a parse error points at it).
    Text(String),
    /// A line longer than [`MAX_LINE_BYTES`], skipped.
    TooLong,
}

/// The lines of `input`.
pub struct Lines<R> {
    input: R,
    bytes: Vec<u8>,
}

impl<R: BufRead> Lines<R> {
    pub fn new(input: R) -> Lines<R> {
        Lines {
            input,
            bytes: Vec::new(),
        }
    }

    /// The next line; `None` at the end of the input.
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        self.bytes.clear();
        let read = (&mut self.input)
            .take(MAX_LINE_BYTES + 1)
            .read_until(b'\n', &mut self.bytes)?;
        if read == 0 {
            return Ok(None);
        }
        if self.bytes.len() as u64 > MAX_LINE_BYTES && self.bytes.last() != Some(&b'\n') {
            // The rest of the line is skipped unread.
            self.input.skip_until(b'\n')?;
            return Ok(Some(Line::TooLong));
        }
        let text = String::from_utf8_lossy(&self.bytes);
        Ok(Some(Line::Text(
            text.trim_end_matches(['\n', '\r']).to_string(),
        )))
    }
}

/// The error that answers a line longer than [`MAX_LINE_BYTES`].
pub fn too_long() -> Error {
    Error::Limit(format!(
        "the line is longer than {} MiB, the longest line read",
        MAX_LINE_BYTES >> 20
    ))
}

/// The most characters of a line an error message repeats.
const SHOWN: usize = 60;

/// A line as an error message repeats it: whole if short, else its start
/// and how long it is, so that a message never carries megabytes.
pub fn abbreviated(line: &str) -> String {
    match line.char_indices().nth(SHOWN) {
        None => line.to_string(),
        Some((end, _)) => format!("{}... ({} bytes)", &line[..end], line.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_is_skipped_and_the_next_read() {
        let mut text = vec![b'1'; MAX_LINE_BYTES as usize + 10];
        text.extend_from_slice(b"\nnim 3\r\n\xff1\n");
        let mut lines = Lines::new(&text[..]);
        assert!(matches!(lines.next_line().unwrap(), Some(Line::TooLong)));
        let Some(Line::Text(line)) = lines.next_line().unwrap() else {
            panic!("a line")
        };
        assert_eq!(line, "nim 3");
        let Some(Line::Text(line)) = lines.next_line().unwrap() else {
            panic!("a line")
        };
        assert_eq!(line, "\u{FFFD}1");
        assert!(lines.next_line().unwrap().is_none());
    }

    #[test]
    fn a_long_line_is_shown_by_its_start_and_length() {
        assert_eq!(abbreviated("nim 3"), "nim 3");
        let long = "é".repeat(100);
        assert_eq!(
            abbreviated(&long),
            format!("{}... (200 bytes)", "é".repeat(60))
        );
    }
}
