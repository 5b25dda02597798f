//! A thermograph as a picture: temperature t up the page from -1, the value
//! across it with Left's side (larger values) on the left, as Winning Ways
//! and Siegel draw it; the left wall in blue, the right wall in red, the
//! mast above the temperature, and the mean and temperature marked. It
//! knows only numbers: walls as corners (t, value).

use super::{Anchor, Canvas};

/// What a thermograph picture shows. Each wall is its corners (t, value)
/// from t = -1 up; above the last corner the wall is vertical (the mast).
pub struct ThermographPicture<'a> {
    /// The left wall's corners (t, value), t increasing.
    pub left_wall: &'a [(f64, f64)],
    /// The right wall's corners (t, value), t increasing.
    pub right_wall: &'a [(f64, f64)],
    /// Where the mast stands: the game's mean value.
    pub mean: f64,
    /// The height of the mast's foot: the game's temperature.
    pub temperature: f64,
    /// Written beside the mast's foot: the exact mean and temperature.
    pub label: &'a str,
}

impl ThermographPicture<'_> {
    /// The picture as an SVG document.
    pub fn svg(&self, title: &str) -> String {
        const WIDTH: f64 = 600.0;
        const HEIGHT: f64 = 400.0;
        let top = self.temperature.max(0.0) + 1.0;
        let wall = |corners: &[(f64, f64)]| -> Vec<(f64, f64)> {
            let mut points = corners.to_vec();
            if let Some(&(_, x)) = points.last() {
                points.push((top, x));
            }
            points
        };
        let (left, right) = (wall(self.left_wall), wall(self.right_wall));
        let values = left.iter().chain(&right).map(|&(_, x)| x);
        let (low, high) = values.fold((self.mean, self.mean), |(l, h), x| (l.min(x), h.max(x)));
        let span = (high - low).max(1.0);
        let (low, high) = (low - span / 10.0, high + span / 10.0);
        // Larger values to the left; t = -1 at the bottom.
        let px = |x: f64| (high - x) / (high - low) * WIDTH;
        let py = |t: f64| HEIGHT - (t + 1.0) / (top + 1.0) * HEIGHT;
        let mut canvas = Canvas::new();
        canvas.text(0.0, -30.0, title, Anchor::Start, 14.0, "black");
        // The axis t = 0, and the value 0 where it is in view.
        canvas.line((0.0, py(0.0)), (WIDTH, py(0.0)), "lightgray");
        canvas.text(
            WIDTH + 6.0,
            py(0.0) + 4.0,
            "t = 0",
            Anchor::Start,
            12.0,
            "gray",
        );
        if low < 0.0 && 0.0 < high {
            canvas.line((px(0.0), 0.0), (px(0.0), HEIGHT), "lightgray");
        }
        canvas.text(0.0, HEIGHT + 18.0, "Left", Anchor::Start, 12.0, "blue");
        canvas.text(WIDTH, HEIGHT + 18.0, "Right", Anchor::End, 12.0, "red");
        for (points, colour) in [(&left, "blue"), (&right, "red")] {
            for pair in points.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                canvas.line((px(a.1), py(a.0)), (px(b.1), py(b.0)), colour);
            }
        }
        let (mx, mt) = (px(self.mean), py(self.temperature.max(-1.0)));
        canvas.ellipse((mx, mt), (3.0, 3.0), "black", "none");
        canvas.text(mx + 6.0, mt - 6.0, self.label, Anchor::Start, 12.0, "black");
        canvas.finish(title)
    }
}
