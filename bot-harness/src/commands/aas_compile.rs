//! [`aas_compile()`] (`aas compile MAP -o OUT.aas [--format q3|native] [--json]`): compile a
//! `.bsp` or `.map` into areas, reachabilities and clusters and write them, reporting
//! per-phase wall times, peak memory, the entities the reachabilities could not use, and the
//! `aas info` counts (`"clusters"` and `"portals"` count the stored records, index-0 dummies
//! included; `"cluster_memory_bytes"` is the clustering's memory model).
//!
//! Every entity the compiler skipped or could not use is reported with the reason: as
//! `warning:` lines on stderr in text mode ([`Report::warnings`]), as `"diagnostics":
//! [{"entity", "classname", "reason", "skipped", "origin"?}]` with `--json`.
//!
//! Clustering ([`Clustering::compute`] with the default [`ClusterSettings`]: the
//! map-authored cluster portals and automatically detected ones) runs after the compiler,
//! as the `"clusters"` phase.
//!
//! The data flows one way: the counts come from the compiled world and the clustering in
//! hand ([`AasInfoReport::of_world`]); the Quake III file is built only to be written.

use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use aas_geom::compile::{CompileSettings, compile_world};
use aas_geom::format::bsp_q3::bsp_checksum;
use aas_geom::format::{ReadSettings, read_brush_world};
use aas_route::Clustering;
use aas_route::cluster::ClusterSettings;
use serde::Serialize;
use serde_json::{Map, Value};

use super::aas_info::AasInfoReport;
use crate::error::Error;
use crate::output::{Report, write_json_value, write_text_fields};

/// Output formats of [`aas_compile()`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AasFormat {
    /// Quake III `.aas` version 5, loadable by the engines.
    Q3,
    /// This toolkit's own versioned, checksummed format.
    Native,
}

/// The report of `aas compile` (field names are a stable contract).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AasCompileReport {
    /// The file written.
    pub output: String,
    /// `"q3"` or `"native"`.
    pub format: &'static str,
    /// Wall time of each phase in milliseconds, in pipeline order (`"read"` first).
    pub phases: Map<String, Value>,
    /// Wall time from reading the map to writing the output, in milliseconds.
    pub total_ms: f64,
    /// Peak resident memory of the process in MiB (`VmHWM`), when the platform reports it.
    pub peak_rss_mib: Option<f64>,
    /// The `aas info` counts of the compiled world (as a Quake III file).
    #[serde(flatten)]
    pub info: AasInfoReport,
    /// Every entity the compiler skipped or could not use, and why, in entity order.
    pub diagnostics: Vec<CompileDiagnostic>,
    /// The map compiled (for the warnings' prefix).
    #[serde(skip)]
    pub map: PathBuf,
}

/// One entity diagnostic of `aas compile` (field names are a stable contract).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CompileDiagnostic {
    /// The entity's index in the map's entity list (worldspawn is 0).
    pub entity: usize,
    /// Its `classname`.
    pub classname: String,
    /// What is wrong, in words.
    pub reason: String,
    /// Whether the entity was left out (else it was used despite the problem).
    pub skipped: bool,
    /// The entity's `origin`, when it has one: where to look in the editor.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub origin: Option<[f64; 3]>,
}

/// `entity N (classname), skipped|kept: reason`, then ` at (x y z)` when there is an origin.
impl fmt::Display for CompileDiagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let outcome = if self.skipped { "skipped" } else { "kept" };
        write!(
            f,
            "entity {} ({}), {outcome}: {}",
            self.entity, self.classname, self.reason
        )?;
        if let Some([x, y, z]) = self.origin {
            write!(f, " at ({x} {y} {z})")?;
        }
        Ok(())
    }
}

fn milliseconds(duration: std::time::Duration) -> f64 {
    (duration.as_secs_f64() * 1e6).round() / 1e3
}

/// Peak resident set size in MiB from `/proc/self/status`, where it exists.
fn peak_rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    let kib: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some((kib / 1024.0 * 10.0).round() / 10.0)
}

/// Compiles `map` (`.bsp` or `.map`) with the default settings (a `.bsp`'s checksum kept),
/// clusters it and writes it to `output` in `format`.
///
/// # Errors
/// When the map cannot be read or compiled, or the output cannot be encoded or written.
pub fn aas_compile(
    map: &Path,
    output: &Path,
    format: AasFormat,
) -> Result<AasCompileReport, Error> {
    let start = Instant::now();
    let bytes = std::fs::read(map).map_err(|source| Error::Io {
        path: map.to_owned(),
        source,
    })?;
    // A `.bsp`'s checksum is taken on the other core while this one reads the map (one
    // thread's work), and written into the compiled world (the compile itself only stores
    // it).
    let (world, checksum) = rayon::join(
        || read_brush_world(&bytes, map, &ReadSettings::default()),
        || bytes.starts_with(b"IBSP").then(|| bsp_checksum(&bytes)),
    );
    let world = world?;
    let read = start.elapsed();
    let compiled = compile_world(&world, &CompileSettings::default());
    let mut compiled = compiled.map_err(|source| Error::Compile {
        path: map.to_owned(),
        source,
    })?;
    if let Some(checksum) = checksum {
        compiled.world.bsp_checksum = checksum;
    }
    let cluster_start = Instant::now();
    let clustering = Clustering::compute(&compiled.world, &ClusterSettings::default());
    clustering.store_into(&mut compiled.world);
    let clusters = cluster_start.elapsed();
    let write_start = Instant::now();
    let (encoded, format) = match format {
        AasFormat::Q3 => (compiled.world.to_q3().to_bytes(), "q3"),
        AasFormat::Native => (
            compiled.world.to_native().map_err(|source| Error::Native {
                path: output.to_owned(),
                source,
            })?,
            "native",
        ),
    };
    std::fs::write(output, &encoded).map_err(|source| Error::Io {
        path: output.to_owned(),
        source,
    })?;
    let write = write_start.elapsed();
    let diagnostics = compiled
        .entity_diagnostics
        .iter()
        .map(|d| CompileDiagnostic {
            entity: d.entity,
            classname: d.classname.clone(),
            reason: d.problem.to_string(),
            skipped: d.skipped,
            origin: world
                .entities
                .get(d.entity)
                .and_then(aas_geom::Entity::origin)
                .map(|o| o.to_array()),
        })
        .collect();

    let mut phases = Map::new();
    phases.insert("read".to_owned(), Value::from(milliseconds(read)));
    for (name, duration) in &compiled.phases {
        phases.insert((*name).to_owned(), Value::from(milliseconds(*duration)));
    }
    phases.insert("clusters".to_owned(), Value::from(milliseconds(clusters)));
    phases.insert("write".to_owned(), Value::from(milliseconds(write)));
    Ok(AasCompileReport {
        output: output.display().to_string(),
        format,
        phases,
        total_ms: milliseconds(start.elapsed()),
        peak_rss_mib: peak_rss_mib(),
        info: AasInfoReport::of_world(&compiled.world, &clustering),
        diagnostics,
        map: map.to_owned(),
    })
}

impl Report for AasCompileReport {
    fn write_json(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_json_value(out, self)
    }

    fn write_text(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_text_fields(out, self)
    }

    /// `MAP: warning: entity N (classname), skipped|kept: reason[ at (x y z)]` per diagnostic.
    fn warnings(&self) -> Vec<String> {
        self.diagnostics
            .iter()
            .map(|d| format!("{}: warning: {d}", self.map.display()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use aas_geom::compile::{CompileSettings, compile_world};
    use aas_geom::format::{ReadSettings, load_brush_world};
    use aas_route::Clustering;
    use aas_route::cluster::ClusterSettings;

    use super::AasInfoReport;

    #[test]
    fn counts_from_the_world_equal_those_of_its_quake_file() {
        let map = concat!(env!("CARGO_MANIFEST_DIR"), "/maps/harness_room.map");
        let brushes = load_brush_world(Path::new(map), &ReadSettings::default()).unwrap();
        let mut world = compile_world(&brushes, &CompileSettings::default())
            .unwrap()
            .world;
        let clustering = Clustering::compute(&world, &ClusterSettings::default());
        clustering.store_into(&mut world);
        let from_world = AasInfoReport::of_world(&world, &clustering);
        assert_eq!(from_world, AasInfoReport::of(&world.to_q3()));
        assert!(
            from_world.areas > 1 && from_world.clusters > 1,
            "{from_world:?}"
        );
        assert!(
            from_world
                .cluster_memory_bytes
                .is_some_and(|bytes| bytes > 0)
        );
    }
}
