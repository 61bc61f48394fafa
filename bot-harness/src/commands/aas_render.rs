//! `aas render FILE --svg OUT.svg`: a top-down picture of the areas of a `.aas` (Quake III or
//! native).

use std::io::Write;
use std::path::Path;

use aas_geom::AasWorld;

use crate::error::CliError;
use crate::render::render_svg;

pub(super) fn run(input: &Path, svg: &Path, out: &mut impl Write) -> Result<(), CliError> {
    let world = AasWorld::load(input)?;
    let picture = render_svg(&world);
    std::fs::write(svg, picture).map_err(|source| CliError::Io {
        path: svg.to_owned(),
        source,
    })?;
    writeln!(out, "wrote {} ({} areas)", svg.display(), world.areas.len())?;
    Ok(())
}
