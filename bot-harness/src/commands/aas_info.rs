//! [`aas_info()`] (`aas info FILE [--json]`): header fields and the record count of every lump
//! of a `.aas`, and the full-cache memory model of its clustering. The same report describes
//! a compiled world before it is written ([`AasInfoReport::of_world`], for `aas compile`).

use std::io::Write;
use std::path::Path;

use aas_geom::format::aas_q3::{AAS_VERSION, AasFile};
use aas_geom::world::AasWorld;
use aas_route::Clustering;
use serde::Serialize;
use serde_json::{Map, Value};

use super::reach_by_type::{reach_by_type, world_counts};
use crate::error::Error;
use crate::output::{Report, write_json_value, write_text_fields};

/// The report of `aas info` (field names are a stable contract). Every count is the number of
/// records stored in the lump, index-0 dummies included.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AasInfoReport {
    /// The file's version (5 for files this toolkit writes).
    pub version: i32,
    /// The checksum of the `.bsp` the file was compiled from.
    pub bspchecksum: i32,
    /// Bounding boxes.
    pub bboxes: usize,
    /// Vertices.
    pub vertexes: usize,
    /// Planes.
    pub planes: usize,
    /// Edges.
    pub edges: usize,
    /// Edge index entries.
    pub edgeindex: usize,
    /// Faces.
    pub faces: usize,
    /// Face index entries.
    pub faceindex: usize,
    /// Areas.
    pub areas: usize,
    /// Area settings.
    pub areasettings: usize,
    /// Reachabilities.
    pub reachabilities: usize,
    /// BSP nodes.
    pub nodes: usize,
    /// Cluster portals.
    pub portals: usize,
    /// Portal index entries.
    pub portalindex: usize,
    /// Clusters.
    pub clusters: usize,
    /// The full-cache route memory model of the stored clustering, `3·(Σ n_c² + N·P)` bytes
    /// ([`aas_route::Clustering::memory_model_bytes`]: `P` the real portals, dummy not
    /// counted); `null` when the file does not import as a world.
    pub cluster_memory_bytes: Option<u64>,
    /// Reachabilities per travel type, the dummy record 0 excluded, in the documented order.
    pub reach_by_type: Map<String, Value>,
}

/// Reads and validates a `.aas` file.
pub(super) fn read_aas(path: &Path) -> Result<(Vec<u8>, AasFile), Error> {
    let bytes = std::fs::read(path).map_err(|source| Error::Io {
        path: path.to_owned(),
        source,
    })?;
    let file = AasFile::from_bytes(&bytes).map_err(|source| Error::Aas {
        path: path.to_owned(),
        source,
    })?;
    Ok((bytes, file))
}

/// The header fields and lump counts of the Quake III `.aas` `file`.
///
/// # Errors
/// When the file cannot be read or is not a valid `.aas`.
pub fn aas_info(file: &Path) -> Result<AasInfoReport, Error> {
    let (_, aas) = read_aas(file)?;
    Ok(AasInfoReport::of(&aas))
}

impl AasInfoReport {
    /// The report of a `.aas` file: its header fields and the record count of every lump.
    #[must_use]
    pub fn of(aas: &AasFile) -> Self {
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

    /// The report of `world` as the Quake III file [`AasWorld::to_q3`] would write it, counted
    /// from the world itself (each lump with an index-0 dummy gets one record more), with its
    /// clustering `clustering` (the one stored in `world`) for the memory model.
    #[must_use]
    pub fn of_world(world: &AasWorld, clustering: &Clustering) -> Self {
        let with_dummy = |records: usize| records + 1;
        Self {
            version: AAS_VERSION,
            bspchecksum: world.bsp_checksum,
            bboxes: world.boxes.len(),
            vertexes: world.vertices.len(),
            planes: world.planes.len(),
            edges: with_dummy(world.edges.len()),
            edgeindex: world.edge_refs.len(),
            faces: with_dummy(world.faces.len()),
            faceindex: world.face_refs.len(),
            areas: with_dummy(world.areas.len()),
            areasettings: with_dummy(world.areas.len()),
            reachabilities: with_dummy(world.reachabilities.len()),
            nodes: with_dummy(world.nodes.len()),
            portals: with_dummy(world.portals.len()),
            portalindex: world.portal_refs.len(),
            clusters: with_dummy(world.clusters.len()),
            cluster_memory_bytes: Some(clustering.memory_model_bytes(world)),
            reach_by_type: reach_by_type(&world_counts(world)),
        }
    }
}

impl Report for AasInfoReport {
    fn write_json(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_json_value(out, self)
    }

    fn write_text(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_text_fields(out, self)
    }
}
