//! `aas info FILE [--json]`: header fields and the record count of every lump of a `.aas`,
//! and the full-cache memory model of its clustering.

use std::io::Write;
use std::path::Path;

use aas_geom::format::aas_q3::AasFile;
use aas_geom::world::AasWorld;
use aas_route::Clustering;
use serde::Serialize;
use serde_json::{Map, Value};

use super::reach_by_type::reach_by_type;
use crate::cli::InfoArgs;
use crate::error::CliError;
use crate::output::print_report;

/// The JSON report (field names are a stable contract). Every count is the number of records
/// stored in the lump, index-0 dummies included.
#[derive(Debug, Serialize)]
pub(super) struct AasInfo {
    version: i32,
    bspchecksum: i32,
    bboxes: usize,
    vertexes: usize,
    planes: usize,
    edges: usize,
    edgeindex: usize,
    faces: usize,
    faceindex: usize,
    areas: usize,
    areasettings: usize,
    reachabilities: usize,
    nodes: usize,
    portals: usize,
    portalindex: usize,
    clusters: usize,
    /// The full-cache route memory model of the stored clustering, `3·(Σ n_c² + N·P)` bytes
    /// ([`aas_route::Clustering::memory_model_bytes`]: `P` the real portals, dummy not
    /// counted); `null` when the file does not import as a world.
    cluster_memory_bytes: Option<u64>,
    /// Reachabilities per travel type, the dummy record 0 excluded, in the documented order.
    reach_by_type: Map<String, Value>,
}

/// Reads and validates a `.aas` file.
pub(super) fn read_aas(path: &Path) -> Result<(Vec<u8>, AasFile), CliError> {
    let bytes = std::fs::read(path).map_err(|source| CliError::Io {
        path: path.to_owned(),
        source,
    })?;
    let file = AasFile::from_bytes(&bytes).map_err(|source| CliError::Aas {
        path: path.to_owned(),
        source,
    })?;
    Ok((bytes, file))
}

pub(super) fn run(args: &InfoArgs, out: &mut impl Write) -> Result<(), CliError> {
    let (_, aas) = read_aas(&args.file)?;
    print_report(out, &AasInfo::of(&aas), args.json)
}

impl AasInfo {
    /// The report of a `.aas` file: its header fields and the record count of every lump.
    pub(super) fn of(aas: &AasFile) -> Self {
        Self {
            version: aas.version,
            bspchecksum: aas.bsp_checksum,
            bboxes: aas.bboxes.len(),
            vertexes: aas.vertexes.len(),
            planes: aas.planes.len(),
            edges: aas.edges.len(),
            edgeindex: aas.edge_index.len(),
            faces: aas.faces.len(),
            faceindex: aas.face_index.len(),
            areas: aas.areas.len(),
            areasettings: aas.area_settings.len(),
            reachabilities: aas.reachabilities.len(),
            nodes: aas.nodes.len(),
            portals: aas.portals.len(),
            portalindex: aas.portal_index.len(),
            clusters: aas.clusters.len(),
            cluster_memory_bytes: AasWorld::from_q3(aas)
                .ok()
                .map(|world| Clustering::from_world(&world).memory_model_bytes(&world)),
            reach_by_type: reach_by_type(&aas.reachability_counts()),
        }
    }
}
