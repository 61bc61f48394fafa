//! `map info FILE [--json]`: counts of a `.bsp` or `.map`.

use std::collections::BTreeMap;
use std::io::Write;

use aas_geom::format::{ReadSettings, load_brush_world};
use serde::Serialize;

use crate::cli::InfoArgs;
use crate::error::CliError;
use crate::output::print_report;

/// The JSON report (field names are a stable contract).
#[derive(Debug, Serialize)]
struct MapInfo {
    /// `"bsp"` or `"map"`.
    format: &'static str,
    /// Entities, worldspawn included.
    entities: usize,
    /// Source brushes (not counting the thin brushes made from patches).
    brushes: usize,
    /// Curved patches.
    patches: usize,
    /// Brush models other than the world.
    brush_models: usize,
    /// Entities per classname, sorted by name.
    classnames: BTreeMap<String, usize>,
}

pub(super) fn run(args: &InfoArgs, out: &mut impl Write) -> Result<(), CliError> {
    let world = load_brush_world(&args.file, &ReadSettings::default())?;
    let report = MapInfo {
        format: world.format.name(),
        entities: world.entities.len(),
        brushes: world.brushes.len(),
        patches: world.patches.len(),
        brush_models: world.brush_model_count(),
        classnames: world.classname_counts(),
    };
    print_report(out, &report, args.json)
}
