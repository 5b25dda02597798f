//! Pictures of computed values, as SVG text (no file I/O here: the caller
//! writes the text where it likes), and game graphs as DOT text too.
//!
//! One plotting path: every picture is drawn on one `Canvas`, which escapes
//! text, keeps track of what it covers and writes the SVG document.
//! - [`sequence_plot`]: G(n) against n, the preperiod marked
//!   (`grundy sequence --plot`);
//! - [`heat_map`]: a table of two numbers, value as colour, P-positions
//!   marked, axes labelled (`grundy table --svg`);
//! - [`GraphPicture`]: a game graph, each node with its label and its mark
//!   (P, N, tie, draw), laid out in-process in layers like Graphviz's dot
//!   (no Graphviz needed; see `graph.rs`), or written as DOT for those who
//!   have Graphviz (`grundy graph`); [`reachable`] gathers the positions
//!   and moves it draws, whatever the positions are;
//! - [`ThermographPicture`]: a thermograph's walls, mast, mean and
//!   temperature (`grundy thermograph`).
//!
//! ```
//! use grundy::picture::{reachable, Mark, Node};
//!
//! // The game graph of a Nim heap of 2: three positions and the moves
//! // 2 -> 1, 2 -> 0, 1 -> 0 (a heap of n has n options).
//! let graph = reachable(2u32, None, |&n| n, |&n| Ok((0..n).collect())).unwrap();
//! assert_eq!(graph.positions.len(), 3);
//! assert_eq!(graph.moves.len(), 3);
//! // Drawn with each heap's nimber, n; only 0 is a P-position.
//! let picture = graph
//!     .picture(|&n| {
//!         let mark = if n == 0 { Mark::P } else { Mark::N };
//!         Ok(Node { label: format!("{n}\nG = {n}"), mark })
//!     })
//!     .unwrap();
//! assert!(picture.dot("nim 2").unwrap().starts_with("digraph"));
//! assert!(picture.svg("nim 2").unwrap().contains("<svg"));
//! ```

use std::fmt::Write as _;

use crate::period::Regularity;
use crate::table::{Entry, Table};
use crate::value::Outcome;

const FONT: &str = "sans-serif";

/// `text` with the five characters XML gives a meaning escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// Where text is anchored on its x coordinate.
#[derive(Clone, Copy)]
enum Anchor {
    Start,
    Middle,
    End,
}

/// An SVG document being drawn: its elements, and the box they cover.
struct Canvas {
    body: String,
    low: (f64, f64),
    high: (f64, f64),
}

impl Canvas {
    fn new() -> Canvas {
        Canvas {
            body: String::new(),
            low: (f64::INFINITY, f64::INFINITY),
            high: (f64::NEG_INFINITY, f64::NEG_INFINITY),
        }
    }

    fn cover(&mut self, x: f64, y: f64) {
        self.low = (self.low.0.min(x), self.low.1.min(y));
        self.high = (self.high.0.max(x), self.high.1.max(y));
    }

    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, stroke: Option<&str>) {
        self.cover(x, y);
        self.cover(x + w, y + h);
        let stroke = stroke.map_or(String::new(), |s| format!(" stroke=\"{s}\""));
        writeln!(
            self.body,
            "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" fill=\"{fill}\"{stroke}/>"
        )
        .unwrap();
    }

    fn line(&mut self, from: (f64, f64), to: (f64, f64), stroke: &str) {
        self.cover(from.0, from.1);
        self.cover(to.0, to.1);
        writeln!(
            self.body,
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{stroke}\"/>",
            from.0, from.1, to.0, to.1
        )
        .unwrap();
    }

    fn ellipse(&mut self, center: (f64, f64), radii: (f64, f64), fill: &str, stroke: &str) {
        let (x, y) = center;
        self.cover(x - radii.0, y - radii.1);
        self.cover(x + radii.0, y + radii.1);
        writeln!(
            self.body,
            "<ellipse cx=\"{x:.1}\" cy=\"{y:.1}\" rx=\"{:.1}\" ry=\"{:.1}\" fill=\"{fill}\" stroke=\"{stroke}\"/>",
            radii.0, radii.1
        )
        .unwrap();
    }

    /// One line of text, with its baseline at y.
    fn text(&mut self, x: f64, y: f64, text: &str, anchor: Anchor, size: f64, fill: &str) {
        // About 0.6 em a character: enough to keep the text inside the
        // picture's box.
        let width = text.chars().count() as f64 * size * 0.6;
        let (left, name) = match anchor {
            Anchor::Start => (x, "start"),
            Anchor::Middle => (x - width / 2.0, "middle"),
            Anchor::End => (x - width, "end"),
        };
        self.cover(left, y - size);
        self.cover(left + width, y + size * 0.3);
        writeln!(
            self.body,
            "<text x=\"{x:.1}\" y=\"{y:.1}\" text-anchor=\"{name}\" font-size=\"{size}\" fill=\"{fill}\">{}</text>",
            escape(text)
        )
        .unwrap();
    }

    /// The SVG document: what was drawn, on white, with a margin.
    fn finish(self, title: &str) -> String {
        const MARGIN: f64 = 10.0;
        let (x, y) = if self.low.0.is_finite() {
            (self.low.0 - MARGIN, self.low.1 - MARGIN)
        } else {
            (0.0, 0.0)
        };
        let (w, h) = if self.high.0.is_finite() {
            (self.high.0 + MARGIN - x, self.high.1 + MARGIN - y)
        } else {
            (2.0 * MARGIN, 2.0 * MARGIN)
        };
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" \
             viewBox=\"{x:.1} {y:.1} {w:.1} {h:.1}\" font-family=\"{FONT}\">\n\
             <title>{}</title>\n\
             <defs><marker id=\"head\" markerWidth=\"10\" markerHeight=\"7\" refX=\"10\" \
             refY=\"3.5\" orient=\"auto\"><polygon points=\"0 0, 10 3.5, 0 7\"/>\
             </marker></defs>\n\
             <rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" fill=\"white\"/>\n\
             {}</svg>\n",
            escape(title),
            self.body
        )
    }
}

/// G(n) against n for n = 0..len, `value(n)` being G(n), with the
/// preperiod marked where a regularity is known. A long sequence is drawn
/// one column of pixels per range of heaps, from the least to the greatest
/// value in it, so that the picture stays small.
pub fn sequence_plot(
    title: &str,
    len: usize,
    value: impl Fn(usize) -> u64,
    regularity: Option<Regularity>,
) -> String {
    const WIDTH: f64 = 1000.0;
    const HEIGHT: f64 = 400.0;
    let n = len.max(1);
    let largest = (0..len).map(&value).max().unwrap_or(0).max(1);
    let x = |i: usize| (i as f64 + 0.5) * WIDTH / n as f64;
    let y = |g: u64| HEIGHT - g as f64 * HEIGHT / largest as f64;
    let mut canvas = Canvas::new();
    canvas.text(0.0, -30.0, title, Anchor::Start, 14.0, "black");
    // Axes, named at their ends, with the extreme values.
    canvas.line((0.0, HEIGHT), (WIDTH, HEIGHT), "gray");
    canvas.line((0.0, 0.0), (0.0, HEIGHT), "gray");
    canvas.text(0.0, -10.0, "G(n)", Anchor::Middle, 12.0, "black");
    canvas.text(WIDTH + 8.0, HEIGHT + 4.0, "n", Anchor::Start, 12.0, "black");
    canvas.text(-6.0, 4.0, &largest.to_string(), Anchor::End, 12.0, "black");
    canvas.text(-6.0, HEIGHT + 4.0, "0", Anchor::End, 12.0, "black");
    canvas.text(x(0), HEIGHT + 18.0, "0", Anchor::Middle, 12.0, "black");
    canvas.text(
        x(n - 1),
        HEIGHT + 18.0,
        &(n - 1).to_string(),
        Anchor::Middle,
        12.0,
        "black",
    );
    if let Some(r) = regularity {
        let at = x(r.period.preperiod);
        canvas.line((at, 0.0), (at, HEIGHT), "red");
        let mut label = format!(
            "preperiod {}, period {}",
            r.period.preperiod, r.period.period
        );
        if r.saltus != 0 {
            write!(label, ", saltus {}", r.saltus).unwrap();
        }
        canvas.text(at + 4.0, HEIGHT + 34.0, &label, Anchor::Start, 12.0, "red");
    }
    let columns = len.min(WIDTH as usize);
    for c in 0..columns {
        let start = c * len / columns;
        let end = ((c + 1) * len / columns).max(start + 1).min(len);
        let (low, high) = (start..end)
            .map(&value)
            .fold((u64::MAX, 0), |(l, h), g| (l.min(g), h.max(g)));
        if len <= WIDTH as usize {
            canvas.ellipse((x(start), y(low)), (2.0, 2.0), "black", "none");
        } else {
            canvas.line((x(start), y(low)), (x(start), y(high) - 0.5), "black");
        }
    }
    canvas.finish(title)
}

/// The colour of nimber g >= 1 when the largest is `largest`: from light
/// yellow to dark purple. P-positions (nimber 0) are black, so they stand
/// out; positions whose nimber is unknown are grey for N, light blue for a
/// draw.
fn heat(entry: Entry, largest: u64) -> String {
    const STOPS: [(f64, f64, f64); 4] = [
        (255.0, 245.0, 177.0),
        (253.0, 141.0, 60.0),
        (189.0, 0.0, 38.0),
        (84.0, 39.0, 143.0),
    ];
    let g = match entry {
        Entry::Nimber(0) | Entry::Outcome(Outcome::P) => return "black".to_string(),
        Entry::Outcome(Outcome::N) => return "#bdbdbd".to_string(),
        Entry::Outcome(Outcome::D) => return "#9ecae1".to_string(),
        Entry::Nimber(g) => g,
    };
    let t = if largest <= 1 {
        0.0
    } else {
        (g - 1) as f64 / (largest - 1) as f64
    };
    let scaled = t * (STOPS.len() - 1) as f64;
    let i = (scaled.floor() as usize).min(STOPS.len() - 2);
    let f = scaled - i as f64;
    let mix = |a: f64, b: f64| (a + (b - a) * f).round() as u8;
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    format!(
        "#{:02x}{:02x}{:02x}",
        mix(a.0, b.0),
        mix(a.1, b.1),
        mix(a.2, b.2)
    )
}

/// The table as a heat map: a cell per position (a, b), a down the left and
/// b across the top, the colour its value (see the legend drawn below it),
/// P-positions black. Values are written in the cells when they fit.
pub fn heat_map(title: &str, table: &Table) -> String {
    let (rows, cols) = (table.rows(), table.cols());
    let height = (rows.end() - rows.start() + 1) as usize;
    let width = table.width();
    // At most 800 pixels a side, at most 24 a cell.
    let cell = (800.0 / height.max(width) as f64).clamp(1.0, 24.0);
    let largest = table
        .iter()
        .filter_map(|(_, _, e)| e.nimber())
        .max()
        .unwrap_or(0);
    let mut canvas = Canvas::new();
    canvas.text(0.0, -44.0, title, Anchor::Start, 14.0, "black");

    // Labels: one every `step` cells, at least 30 pixels apart.
    let step = [1u64, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000]
        .into_iter()
        .find(|&s| s as f64 * cell >= 30.0)
        .unwrap_or(10_000);
    for (i, b) in cols.clone().enumerate() {
        if b % step == 0 {
            let x = (i as f64 + 0.5) * cell;
            canvas.text(x, -6.0, &b.to_string(), Anchor::Middle, 11.0, "black");
        }
    }
    for (i, a) in rows.clone().enumerate() {
        if a % step == 0 {
            let y = (i as f64 + 0.5) * cell + 4.0;
            canvas.text(-6.0, y, &a.to_string(), Anchor::End, 11.0, "black");
        }
    }
    canvas.text(
        width as f64 * cell / 2.0,
        -24.0,
        "b",
        Anchor::Middle,
        12.0,
        "black",
    );
    canvas.text(
        -36.0,
        height as f64 * cell / 2.0,
        "a",
        Anchor::End,
        12.0,
        "black",
    );

    // Cells: a run of equal colours in a row is one rectangle.
    for (i, a) in rows.clone().enumerate() {
        let colours: Vec<String> = table.row(a).iter().map(|&e| heat(e, largest)).collect();
        let mut j = 0;
        while j < colours.len() {
            let run = colours[j..]
                .iter()
                .take_while(|c| **c == colours[j])
                .count();
            canvas.rect(
                j as f64 * cell,
                i as f64 * cell,
                run as f64 * cell,
                cell,
                &colours[j],
                None,
            );
            j += run;
        }
    }
    if cell >= 14.0 {
        for (i, a) in rows.clone().enumerate() {
            for (j, &entry) in table.row(a).iter().enumerate() {
                let ink = match entry {
                    Entry::Nimber(g) if g > 0 && (g - 1) * 2 < largest => "black",
                    Entry::Outcome(Outcome::N) => "black",
                    _ => "white",
                };
                let (x, y) = (
                    (j as f64 + 0.5) * cell,
                    (i as f64 + 0.5) * cell + cell * 0.25,
                );
                canvas.text(x, y, &entry.to_string(), Anchor::Middle, cell * 0.55, ink);
            }
        }
    }

    // The legend.
    let top = height as f64 * cell + 16.0;
    canvas.rect(0.0, top, 14.0, 14.0, "black", None);
    canvas.text(
        20.0,
        top + 11.0,
        "P-position (value 0)",
        Anchor::Start,
        12.0,
        "black",
    );
    if largest > 0 {
        let left = 180.0;
        // At most 8 swatches, from 1 to the largest value.
        let swatches = largest.min(8);
        for s in 0..swatches {
            let g = 1 + s * (largest - 1) / (swatches - 1).max(1);
            canvas.rect(
                left + s as f64 * 14.0,
                top,
                14.0,
                14.0,
                &heat(Entry::Nimber(g), largest),
                None,
            );
        }
        let label = format!("values 1..{largest}, light to dark");
        canvas.text(
            left + swatches as f64 * 14.0 + 6.0,
            top + 11.0,
            &label,
            Anchor::Start,
            12.0,
            "black",
        );
    }
    if table
        .iter()
        .any(|(_, _, e)| e == Entry::Outcome(Outcome::N))
    {
        let top = top + 20.0;
        canvas.rect(
            0.0,
            top,
            14.0,
            14.0,
            &heat(Entry::Outcome(Outcome::N), largest),
            None,
        );
        canvas.text(
            20.0,
            top + 11.0,
            "N-position, value not computed",
            Anchor::Start,
            12.0,
            "black",
        );
    }
    canvas.finish(title)
}

mod graph;
mod thermograph;
pub use graph::{reachable, GraphPicture, Mark, Node, Reachable, MAX_LAYOUT_POINTS, MAX_NODES};
pub use thermograph::ThermographPicture;

#[cfg(test)]
mod tests;
