//! `aas compile MAP -o OUT.aas [--format q3|native] [--json]`: compile a `.bsp` or `.map` into
//! areas, reachabilities and clusters and write them, printing per-phase wall times, peak
//! memory, the entities the reachabilities could not use, and the `aas info` counts (`"clusters"` and `"portals"` count the stored records,
//! index-0 dummies included; `"cluster_memory_bytes"` is the clustering's memory model).
//!
//! Every entity the compiler skipped or could not use is reported with the reason: as
//! `warning:` lines on stderr in text mode, as `"diagnostics": [{"entity", "classname",
//! "reason", "skipped", "origin"?}]` with `--json`.
//!
//! Clustering ([`Clustering::compute`] with the default [`ClusterSettings`]: the
//! map-authored cluster portals and automatically detected ones) runs after the compiler,
//! as the `"clusters"` phase.

use std::io::Write;
use std::time::Instant;

use aas_geom::compile::{CompileSettings, compile_world};
use aas_geom::format::bsp_q3::bsp_checksum;
use aas_geom::format::{ReadSettings, read_brush_world};
use aas_route::Clustering;
use aas_route::cluster::ClusterSettings;
use serde::Serialize;
use serde_json::{Map, Value};

use super::aas_info::AasInfo;
use crate::cli::{AasFormat, CompileArgs};
use crate::error::CliError;
use crate::output::print_report;

/// The JSON report (field names are a stable contract).
#[derive(Debug, Serialize)]
struct CompileReport {
    /// The file written.
    output: String,
    /// `"q3"` or `"native"`.
    format: &'static str,
    /// Wall time of each phase in milliseconds, in pipeline order (`"read"` first).
    phases: Map<String, Value>,
    /// Wall time from reading the map to writing the output, in milliseconds.
    total_ms: f64,
    /// Peak resident memory of the process in MiB (`VmHWM`), when the platform reports it.
    peak_rss_mib: Option<f64>,
    /// The `aas info` counts of the compiled world (as a Quake III file).
    #[serde(flatten)]
    info: AasInfo,
    /// Every entity the compiler skipped or could not use, and why, in entity order.
    diagnostics: Vec<Diagnostic>,
}

/// One entity diagnostic (field names are a stable contract).
#[derive(Debug, Serialize)]
struct Diagnostic {
    /// The entity's index in the map's entity list (worldspawn is 0).
    entity: usize,
    /// Its `classname`.
    classname: String,
    /// What is wrong, in words.
    reason: String,
    /// Whether the entity was left out (else it was used despite the problem).
    skipped: bool,
    /// The entity's `origin`, when it has one: where to look in the editor.
    #[serde(skip_serializing_if = "Option::is_none")]
    origin: Option<[f64; 3]>,
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

pub(super) fn run(args: &CompileArgs, out: &mut impl Write) -> Result<(), CliError> {
    let start = Instant::now();
    let bytes = std::fs::read(&args.map).map_err(|source| CliError::Io {
        path: args.map.clone(),
        source,
    })?;
    let world = read_brush_world(&bytes, &args.map, &ReadSettings::default())?;
    let mut settings = CompileSettings::default();
    if bytes.starts_with(b"IBSP") {
        settings.bsp_checksum = bsp_checksum(&bytes);
    }
    let read = start.elapsed();
    let mut compiled = compile_world(&world, &settings).map_err(|source| CliError::Compile {
        path: args.map.clone(),
        source,
    })?;
    let cluster_start = Instant::now();
    Clustering::compute(&compiled.world, &ClusterSettings::default())
        .store_into(&mut compiled.world);
    let clusters = cluster_start.elapsed();
    let write_start = Instant::now();
    let file = compiled.world.to_q3();
    let (encoded, format) = match args.format {
        AasFormat::Q3 => (file.to_bytes(), "q3"),
        AasFormat::Native => (
            compiled
                .world
                .to_native()
                .map_err(|source| CliError::Native {
                    path: args.output.clone(),
                    source,
                })?,
            "native",
        ),
    };
    std::fs::write(&args.output, &encoded).map_err(|source| CliError::Io {
        path: args.output.clone(),
        source,
    })?;
    let write = write_start.elapsed();
    let diagnostics: Vec<Diagnostic> = compiled
        .entity_diagnostics
        .iter()
        .map(|d| Diagnostic {
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
    if !args.json {
        for (d, shown) in compiled.entity_diagnostics.iter().zip(&diagnostics) {
            let at = shown
                .origin
                .map(|[x, y, z]| format!(" at ({x} {y} {z})"))
                .unwrap_or_default();
            #[expect(clippy::print_stderr, reason = "diagnostics go to stderr in text mode")]
            {
                eprintln!("{}: warning: {d}{at}", args.map.display());
            }
        }
    }

    let mut phases = Map::new();
    phases.insert("read".to_owned(), Value::from(milliseconds(read)));
    for (name, duration) in &compiled.phases {
        phases.insert((*name).to_owned(), Value::from(milliseconds(*duration)));
    }
    phases.insert("clusters".to_owned(), Value::from(milliseconds(clusters)));
    phases.insert("write".to_owned(), Value::from(milliseconds(write)));
    let report = CompileReport {
        output: args.output.display().to_string(),
        format,
        phases,
        total_ms: milliseconds(start.elapsed()),
        peak_rss_mib: peak_rss_mib(),
        info: AasInfo::of(&file),
        diagnostics,
    };
    print_report(out, &report, args.json)
}
