//! The picture's frame: which part of the map is shown and how a world point maps to a pixel
//! (world x to the right, world y up, z dropped), and the SVG text helpers every layer writes
//! through.

use std::fmt::Write as _;

use glam::{Vec2, Vec3};

/// Space around the map and around the legend, pixels.
pub(super) const MARGIN: f32 = 20.0;

/// The font of every text: a family most systems have, then the generic one (the PNG
/// rasteriser maps `sans-serif` to a font it found).
pub(super) const FONT: &str = "DejaVu Sans, Arial, Helvetica, sans-serif";

/// A top-down projection of the world box `lo..hi` (x and y) onto a picture `width` pixels
/// wide.
#[derive(Debug, Clone, Copy)]
pub(super) struct Canvas {
    /// Pixel position of the world origin.
    origin: Vec2,
    /// Pixels per world unit.
    scale: f32,
    /// Smallest world x and y shown.
    lo: Vec2,
    /// Largest world x and y shown.
    hi: Vec2,
    /// Picture width, pixels.
    pub(super) width: f32,
    /// Height of the map part of the picture (the legend goes below), pixels.
    pub(super) map_height: f32,
}

impl Canvas {
    /// The projection of the world box `lo..hi` onto a picture `width` pixels wide: the box
    /// fills the width, unless it is more than twice as tall as wide, when it is as tall as
    /// twice the width and centred.
    pub(super) fn new(lo: Vec2, hi: Vec2, width: u32) -> Self {
        #[expect(
            clippy::cast_precision_loss,
            reason = "picture widths are far below 2^24"
        )]
        let width = width as f32;
        let size = (hi - lo).max(Vec2::ONE);
        let room = (width - 2.0 * MARGIN).max(1.0);
        let scale = (room / size.x).min(2.0 * room / size.y);
        let left = MARGIN + (room - size.x * scale) / 2.0;
        Self {
            origin: Vec2::new(left - lo.x * scale, MARGIN + hi.y * scale),
            scale,
            lo,
            hi,
            width,
            map_height: size.y * scale + 2.0 * MARGIN,
        }
    }

    /// The pixel of the world point `p`.
    pub(super) fn project(&self, p: Vec3) -> Vec2 {
        Vec2::new(
            self.origin.x + p.x * self.scale,
            self.origin.y - p.y * self.scale,
        )
    }

    /// Whether the world box `mins..maxs` overlaps the part of the world shown (x and y).
    pub(super) fn overlaps(&self, mins: Vec3, maxs: Vec3) -> bool {
        mins.x <= self.hi.x && maxs.x >= self.lo.x && mins.y <= self.hi.y && maxs.y >= self.lo.y
    }

    /// The projection as the map group's `data-projection` attribute: `OX OY S`, where the
    /// world point (x, y, z) is drawn at pixel (OX + x·S, OY − y·S).
    pub(super) fn projection_attribute(&self) -> String {
        format!(
            "{:.3} {:.3} {:.6}",
            self.origin.x, self.origin.y, self.scale
        )
    }
}

/// `points` as an SVG `points` attribute: `x,y x,y …`, one decimal.
pub(super) fn points_attribute(points: impl IntoIterator<Item = Vec2>) -> String {
    let mut text = String::new();
    for (i, p) in points.into_iter().enumerate() {
        if i > 0 {
            text.push(' ');
        }
        let _ = write!(text, "{:.1},{:.1}", p.x, p.y);
    }
    text
}

/// `text` with the characters XML gives a meaning escaped.
pub(super) fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            _ => escaped.push(c),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use glam::{Vec2, Vec3};

    use super::{Canvas, MARGIN, escape, points_attribute};

    #[test]
    fn projects_the_box_onto_the_width_with_y_up() {
        let canvas = Canvas::new(Vec2::new(-100.0, 0.0), Vec2::new(100.0, 50.0), 240);
        let top_left = canvas.project(Vec3::new(-100.0, 50.0, 7.0));
        let bottom_right = canvas.project(Vec3::new(100.0, 0.0, -7.0));
        assert_eq!(top_left, Vec2::splat(MARGIN));
        assert_eq!(bottom_right, Vec2::new(220.0, 70.0));
        assert_eq!(canvas.map_height, 90.0);
        assert!(canvas.overlaps(Vec3::new(90.0, 40.0, 0.0), Vec3::new(200.0, 60.0, 0.0)));
        assert!(!canvas.overlaps(Vec3::new(101.0, 0.0, 0.0), Vec3::new(200.0, 60.0, 0.0)));
    }

    #[test]
    fn tall_boxes_are_centred() {
        let canvas = Canvas::new(Vec2::ZERO, Vec2::new(10.0, 1000.0), 240);
        // 200 pixels of room: at most 400 tall, so 0.4 pixels per unit, 4 wide, centred.
        assert_eq!(canvas.map_height, 440.0);
        assert_eq!(canvas.project(Vec3::ZERO), Vec2::new(118.0, 420.0));
    }

    #[test]
    fn text_helpers() {
        assert_eq!(
            points_attribute([Vec2::new(1.0, 2.25), Vec2::new(-0.5, 3.0)]),
            "1.0,2.2 -0.5,3.0"
        );
        assert_eq!(escape(r#"a<b & "c">"#), "a&lt;b &amp; &quot;c&quot;&gt;");
    }
}
