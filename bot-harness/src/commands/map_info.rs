//! [`map_info()`] (`map info FILE [--json]`): counts of a `.bsp` or `.map`.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use aas_geom::format::{ReadSettings, load_brush_world};
use serde::Serialize;

use crate::error::Error;
use crate::output::{Report, write_json_value, write_text_fields};

/// The report of `map info` (field names are a stable contract).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MapInfoReport {
    /// `"bsp"` or `"map"`.
    pub format: &'static str,
    /// Entities, worldspawn included.
    pub entities: usize,
    /// Source brushes (not counting the thin brushes made from patches).
    pub brushes: usize,
    /// Curved patches.
    pub patches: usize,
    /// Brush models other than the world.
    pub brush_models: usize,
    /// Entities per classname, sorted by name.
    pub classnames: BTreeMap<String, usize>,
}

/// The counts of the map `file` (`.bsp` or `.map`).
///
/// # Errors
/// When the map cannot be read or parsed.
pub fn map_info(file: &Path) -> Result<MapInfoReport, Error> {
    let world = load_brush_world(file, &ReadSettings::default())?;
    Ok(MapInfoReport {
        format: world.format.name(),
        entities: world.entities.len(),
        brushes: world.brushes.len(),
        patches: world.patches.len(),
        brush_models: world.brush_model_count(),
        classnames: world.classname_counts(),
    })
}

impl Report for MapInfoReport {
    fn write_json(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_json_value(out, self)
    }

    fn write_text(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_text_fields(out, self)
    }
}
