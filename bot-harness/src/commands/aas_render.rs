//! [`aas_render()`] (`aas render FILE --svg OUT.svg`): a top-down picture of the areas of a
//! `.aas` (Quake III or native).

use std::io::Write;
use std::path::{Path, PathBuf};

use aas_geom::AasWorld;
use serde::Serialize;

use crate::error::Error;
use crate::output::{Report, write_json_direct};
use crate::render::render_svg;

/// The report of `aas render`: what was drawn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AasRenderReport {
    /// The picture written.
    pub svg: PathBuf,
    /// The areas of the file.
    pub areas: usize,
}

/// Draws the areas of the `.aas` `file` (Quake III or native) from above into the SVG
/// picture `svg`.
///
/// # Errors
/// When the file cannot be loaded or the picture cannot be written.
pub fn aas_render(file: &Path, svg: &Path) -> Result<AasRenderReport, Error> {
    let world = AasWorld::load(file)?;
    let picture = render_svg(&world);
    std::fs::write(svg, picture).map_err(|source| Error::Io {
        path: svg.to_owned(),
        source,
    })?;
    Ok(AasRenderReport {
        svg: svg.to_owned(),
        areas: world.areas.len(),
    })
}

impl Report for AasRenderReport {
    /// The fields (the command line has no `--json` for `aas render`).
    fn write_json(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_json_direct(out, self)
    }

    /// `wrote OUT.svg (N areas)`.
    fn write_text(&self, out: &mut dyn Write) -> Result<(), Error> {
        writeln!(out, "wrote {} ({} areas)", self.svg.display(), self.areas)?;
        Ok(())
    }
}
