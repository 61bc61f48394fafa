//! The legend, below the map: a caption line (the file and what the picture shows), then one
//! block per layer — its title, then its entries (a swatch and a label) in columns.

use std::fmt::Write as _;

use super::canvas::{FONT, MARGIN, escape};

/// Height of one legend row, pixels.
const ROW: f32 = 20.0;
/// Width of one legend column, pixels.
const COLUMN: f32 = 230.0;
/// Width of the swatch before each label, pixels.
const SWATCH: f32 = 28.0;
/// Size of label text, pixels.
const FONT_SIZE: f32 = 13.0;

/// What an entry's swatch shows.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Swatch {
    /// A square filled with the colour.
    Fill(String),
    /// A square filled faintly with the colour, dashed (areas drawn as their bounds).
    Faint(String),
    /// A square with this fill, outlined with this stroke colour and width.
    Outline {
        /// Fill colour (`none` for none).
        fill: String,
        /// Stroke colour.
        stroke: String,
        /// Stroke width, pixels.
        width: f32,
    },
    /// An arrow of the colour, dashed or not.
    Arrow {
        /// Colour.
        colour: String,
        /// Dashed (teleporters).
        dashed: bool,
    },
    /// A line of the colour and width, over a white casing.
    Line {
        /// Colour.
        colour: String,
        /// Width, pixels.
        width: f32,
    },
    /// A round marker with a letter in it.
    Marker {
        /// Fill colour.
        fill: String,
        /// The letter.
        letter: char,
    },
    /// A strip of colours (a palette).
    Palette(Vec<String>),
}

/// One legend entry.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Entry {
    /// Its swatch.
    swatch: Swatch,
    /// Its label.
    label: String,
}

impl Swatch {
    /// A square of the colour `fill`, faint or not.
    pub(crate) fn fill(fill: &str, faint: bool) -> Self {
        if faint {
            Self::Faint(fill.to_owned())
        } else {
            Self::Fill(fill.to_owned())
        }
    }
}

impl Entry {
    /// An entry of `swatch` labelled `label`.
    pub(crate) fn new(swatch: Swatch, label: impl Into<String>) -> Self {
        Self {
            swatch,
            label: label.into(),
        }
    }
}

/// The legend: a caption and one titled block of entries per layer.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Legend {
    /// The first line.
    caption: String,
    /// The blocks: title and entries (blocks without entries are left out).
    blocks: Vec<(String, Vec<Entry>)>,
}

impl Legend {
    /// A legend with the caption `caption` and no blocks.
    pub(crate) fn new(caption: impl Into<String>) -> Self {
        Self {
            caption: caption.into(),
            blocks: Vec::new(),
        }
    }

    /// Replaces the caption with `caption`.
    pub(crate) fn set_caption(&mut self, caption: impl Into<String>) {
        self.caption = caption.into();
    }

    /// Adds the block `title` with `entries` (nothing when there are none).
    pub(crate) fn block(&mut self, title: impl Into<String>, entries: Vec<Entry>) {
        if !entries.is_empty() {
            self.blocks.push((title.into(), entries));
        }
    }

    /// How many entries fit on a row of a picture `width` pixels wide.
    fn columns(width: f32) -> usize {
        let columns = ((width - 2.0 * MARGIN) / COLUMN).floor();
        if columns >= 1.0 {
            #[expect(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                reason = "a small positive whole number"
            )]
            let columns = columns as usize;
            columns
        } else {
            1
        }
    }

    /// The legend's height in a picture `width` pixels wide, pixels.
    pub(crate) fn height(&self, width: f32) -> f32 {
        let columns = Self::columns(width);
        let rows: usize = 1 + self
            .blocks
            .iter()
            .map(|(_, entries)| 1 + entries.len().div_ceil(columns))
            .sum::<usize>();
        #[expect(
            clippy::cast_precision_loss,
            reason = "legends have far fewer than 2^24 rows"
        )]
        let rows = rows as f32;
        rows * ROW + MARGIN
    }

    /// Draws the legend with its top at `top` in a picture `width` pixels wide.
    pub(crate) fn draw(&self, svg: &mut String, top: f32, width: f32) {
        let columns = Self::columns(width);
        let _ = writeln!(
            svg,
            r##"<g id="legend" font-family="{FONT}" font-size="{FONT_SIZE}"><line x1="{MARGIN}" y1="{top:.1}" x2="{:.1}" y2="{top:.1}" stroke="#999" stroke-width="1"/>"##,
            width - MARGIN
        );
        let mut y = top + 4.0;
        let _ = writeln!(
            svg,
            r#"<text x="{MARGIN}" y="{:.1}" font-size="14" font-weight="bold">{}</text>"#,
            y + 14.0,
            escape(&self.caption)
        );
        y += ROW;
        for (title, entries) in &self.blocks {
            let _ = writeln!(
                svg,
                r##"<text x="{MARGIN}" y="{:.1}" font-weight="bold" fill="#444">{}</text>"##,
                y + 14.0,
                escape(title)
            );
            y += ROW;
            for row in entries.chunks(columns) {
                for (column, entry) in row.iter().enumerate() {
                    #[expect(clippy::cast_precision_loss, reason = "a handful of columns")]
                    let x = MARGIN + COLUMN * column as f32;
                    swatch(svg, &entry.swatch, x, y + 3.0);
                    let _ = writeln!(
                        svg,
                        r#"<text x="{:.1}" y="{:.1}">{}</text>"#,
                        x + SWATCH + 6.0,
                        y + 14.0,
                        escape(&entry.label)
                    );
                }
                y += ROW;
            }
        }
        svg.push_str("</g>\n");
    }
}

/// Draws `swatch` in the box whose top left corner is (`x`, `y`): `SWATCH` wide, 14 high.
fn swatch(svg: &mut String, swatch: &Swatch, x: f32, y: f32) {
    let mid = y + 7.0;
    match swatch {
        Swatch::Fill(fill) => {
            let _ = writeln!(
                svg,
                r##"<rect x="{:.1}" y="{y:.1}" width="14" height="14" fill="{fill}" stroke="#333" stroke-width="0.5"/>"##,
                x + 7.0
            );
        }
        Swatch::Faint(fill) => {
            let _ = writeln!(
                svg,
                r##"<rect x="{:.1}" y="{y:.1}" width="14" height="14" fill="{fill}" fill-opacity="0.35" stroke="#555" stroke-width="0.5" stroke-dasharray="2,2"/>"##,
                x + 7.0
            );
        }
        Swatch::Outline {
            fill,
            stroke,
            width,
        } => {
            let _ = writeln!(
                svg,
                r#"<rect x="{:.1}" y="{:.1}" width="12" height="12" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>"#,
                x + 8.0,
                y + 1.0
            );
        }
        Swatch::Arrow { colour, dashed } => {
            let dash = if *dashed {
                r#" stroke-dasharray="5,3""#
            } else {
                ""
            };
            let (x0, x1) = (x + 1.0, x + SWATCH - 1.0);
            let _ = writeln!(
                svg,
                r#"<path d="M{x0:.1},{mid:.1} L{:.1},{mid:.1}" stroke="{colour}" stroke-width="2"{dash} fill="none"/><path d="M{x1:.1},{mid:.1} L{:.1},{:.1} L{:.1},{:.1} Z" fill="{colour}"/>"#,
                x1 - 8.0,
                x1 - 9.0,
                mid - 4.0,
                x1 - 9.0,
                mid + 4.0
            );
        }
        Swatch::Line { colour, width } => {
            let _ = writeln!(
                svg,
                r##"<path d="M{:.1},{mid:.1} L{:.1},{mid:.1}" stroke="#fff" stroke-width="{}" fill="none"/><path d="M{:.1},{mid:.1} L{:.1},{mid:.1}" stroke="{colour}" stroke-width="{width}" fill="none"/>"##,
                x + 1.0,
                x + SWATCH - 1.0,
                width + 3.0,
                x + 1.0,
                x + SWATCH - 1.0,
            );
        }
        Swatch::Marker { fill, letter } => {
            let _ = writeln!(
                svg,
                r##"<circle cx="{:.1}" cy="{mid:.1}" r="7" fill="{fill}" stroke="#fff" stroke-width="1.5"/><text x="{:.1}" y="{:.1}" font-size="10" font-weight="bold" fill="#fff" text-anchor="middle">{letter}</text>"##,
                x + 14.0,
                x + 14.0,
                mid + 3.5
            );
        }
        Swatch::Palette(colours) => {
            #[expect(clippy::cast_precision_loss, reason = "a palette of a few colours")]
            let step = SWATCH / colours.len().clamp(1, 7) as f32;
            for (i, colour) in colours.iter().take(7).enumerate() {
                #[expect(clippy::cast_precision_loss, reason = "a palette of a few colours")]
                let left = x + step * i as f32;
                let _ = writeln!(
                    svg,
                    r#"<rect x="{left:.1}" y="{y:.1}" width="{step:.1}" height="14" fill="{colour}"/>"#
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Entry, Legend, Swatch};

    #[test]
    fn blocks_flow_into_columns() {
        let mut legend = Legend::new("map.aas");
        let entries: Vec<Entry> = (0..5)
            .map(|i| Entry::new(Swatch::Fill("#000".to_owned()), format!("e{i}")))
            .collect();
        legend.block("layer", entries);
        legend.block("empty", Vec::new());
        // 2 columns in 500 pixels: caption, title, three rows.
        assert_eq!(legend.height(500.0), 5.0 * 20.0 + 20.0);
        let mut svg = String::new();
        legend.draw(&mut svg, 100.0, 500.0);
        assert_eq!(svg.matches("<text").count(), 1 + 1 + 5);
        assert!(!svg.contains("empty"));
    }
}
