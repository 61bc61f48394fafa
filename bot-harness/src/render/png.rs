//! PNG output: the SVG picture rasterised by `resvg` at its own size, its text set in a font
//! found among the system's fonts. On a machine without fonts the picture still comes out,
//! without its text, and says so.

use std::sync::Arc;

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::{Options, Tree, fontdb};

/// Families tried, in order, for the generic `sans-serif` the pictures ask for.
const SANS: [&str; 6] = [
    "DejaVu Sans",
    "Liberation Sans",
    "Noto Sans",
    "Arial",
    "Helvetica",
    "FreeSans",
];

/// A rasterised picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Raster {
    /// The PNG file's bytes.
    pub(crate) png: Vec<u8>,
    /// Whether a font was found for the text (else the picture has none).
    pub(crate) fonts: bool,
}

/// The system's fonts, with `sans-serif` (and `serif`, the rasteriser's last resort) mapped to
/// the first family of [`SANS`] found, else to the alphabetically first family there is.
pub(crate) fn system_fonts() -> fontdb::Database {
    let mut fonts = fontdb::Database::new();
    fonts.load_system_fonts();
    let families: std::collections::BTreeSet<String> = fonts
        .faces()
        .flat_map(|face| face.families.iter().map(|(name, _)| name.clone()))
        .collect();
    let chosen = SANS
        .iter()
        .find(|name| families.contains(**name))
        .map(|name| (*name).to_owned())
        .or_else(|| families.first().cloned());
    if let Some(family) = chosen {
        fonts.set_sans_serif_family(family.clone());
        fonts.set_serif_family(family);
    }
    fonts
}

/// Rasterises the SVG document `svg` at its own width and height with the fonts `fonts`.
///
/// # Errors
/// When the document cannot be parsed, its size is zero or too large for one picture, or the
/// PNG cannot be encoded.
pub(crate) fn rasterise(svg: &str, fonts: fontdb::Database) -> Result<Raster, String> {
    let has_fonts = !fonts.is_empty();
    let options = Options {
        fontdb: Arc::new(fonts),
        ..Options::default()
    };
    let tree = Tree::from_str(svg, &options).map_err(|e| format!("cannot read the SVG: {e}"))?;
    let size = tree.size().to_int_size();
    let mut pixmap = Pixmap::new(size.width(), size.height()).ok_or_else(|| {
        format!(
            "cannot make a {}x{} pixel picture",
            size.width(),
            size.height()
        )
    })?;
    resvg::render(&tree, Transform::identity(), &mut pixmap.as_mut());
    let png = pixmap
        .encode_png()
        .map_err(|e| format!("cannot encode the PNG: {e}"))?;
    Ok(Raster {
        png,
        fonts: has_fonts,
    })
}

#[cfg(test)]
mod tests {
    use resvg::tiny_skia::Pixmap;
    use resvg::usvg::fontdb;

    use super::{rasterise, system_fonts};

    const SVG: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="100%" height="100%" fill="#ffffff"/><rect x="4" y="4" width="8" height="8" fill="#ff0000"/><text x="20" y="30" font-family="sans-serif" font-size="24">Area 7</text></svg>"##;

    /// Pixels that are not white.
    fn inked(png: &[u8]) -> usize {
        let pixmap = Pixmap::decode_png(png).unwrap();
        assert_eq!((pixmap.width(), pixmap.height()), (120, 40));
        pixmap
            .pixels()
            .iter()
            .filter(|p| (p.red(), p.green(), p.blue()) != (255, 255, 255))
            .count()
    }

    #[test]
    fn without_fonts_the_picture_comes_out_without_text() {
        let raster = rasterise(SVG, fontdb::Database::new()).unwrap();
        assert!(!raster.fonts);
        assert_eq!(inked(&raster.png), 64, "only the red square");
    }

    #[test]
    fn with_system_fonts_the_text_is_drawn() {
        let fonts = system_fonts();
        if fonts.is_empty() {
            #[expect(clippy::print_stderr, reason = "a skipped test says so")]
            {
                eprintln!("skipped: this machine has no fonts");
            }
            return;
        }
        let raster = rasterise(SVG, fonts).unwrap();
        assert!(raster.fonts);
        assert!(inked(&raster.png) > 64 + 50, "the text is inked");
    }

    #[test]
    fn bad_documents_are_errors() {
        assert!(rasterise("<svg", fontdb::Database::new()).is_err());
        assert!(rasterise("not svg at all", fontdb::Database::new()).is_err());
    }
}
