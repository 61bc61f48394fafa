//! The faces of [`store_world`](super::store_world): vertices, edges and planes looked up in
//! their tables, on two threads.
//!
//! The vertex ids of the faces depend on the vertex table alone, the edges on those ids: the
//! faces go through in chunks, one thread finding the vertex ids of a chunk while the other
//! stores the edges and faces of the chunk before it. Each table is filled in face order, as
//! on one thread, so the ids are the same.

use smallvec::SmallVec;

use super::areas::AreaFace;
use super::bsp_tree::BspTree;
use super::store::{StoreError, StoreStats, too_many};
use super::store_tables::{EdgeTable, PlaneTable, VertexTable};
use crate::world::{AasWorld, Face, FaceId, VertexId};

/// Faces per step of the pipeline.
const FACE_CHUNK: usize = 1024;

/// A face's vertex ids: consecutive points that snap to one vertex merged, and the last
/// dropped while it is the first.
type FaceVertices = SmallVec<[VertexId; 8]>;

/// Where [`store_faces`] puts the faces it stores: the vertex table, filled by one thread,
/// and the rest, filled by the other.
pub(crate) struct FaceTables<'a> {
    pub(crate) vertices: &'a mut VertexTable,
    pub(crate) records: FaceRecords<'a>,
}

/// The tables and lists a face's vertex ids go into.
pub(crate) struct FaceRecords<'a> {
    pub(crate) edges: &'a mut EdgeTable,
    pub(crate) planes: &'a mut PlaneTable,
    pub(crate) world: &'a mut AasWorld,
    /// Each face's stored id, by face index; `None` for a dropped face.
    pub(crate) face_map: &'a mut Vec<Option<FaceId>>,
    pub(crate) stats: &'a mut StoreStats,
}

/// Stores `faces` (of `tree`): their vertices, edges, edge references, planes and face records,
/// in face order.
///
/// # Errors
/// [`StoreError::TooManyRecords`] for the first face (in face order) whose vertices, edges,
/// edge references or plane exceed the format's limits.
pub(crate) fn store_faces(
    tree: &BspTree,
    faces: &[AreaFace],
    tables: FaceTables<'_>,
) -> Result<(), StoreError> {
    let FaceTables {
        vertices,
        mut records,
    } = tables;
    let mut chunks = faces.chunks(FACE_CHUNK);
    let mut pending = chunks
        .next()
        .map(|chunk| (chunk, vertex_ids(vertices, chunk)));
    while let Some((chunk, ids)) = pending.take() {
        let next = chunks.next();
        let (next_ids, stored) = rayon::join(
            || next.map(|chunk| vertex_ids(vertices, chunk)),
            || records.store(tree, chunk, ids),
        );
        stored?;
        pending = next.zip(next_ids);
    }
    Ok(())
}

/// The vertex ids of `faces`, up to the first face whose vertices exceed the format's
/// limits, with that error.
fn vertex_ids(
    vertices: &mut VertexTable,
    faces: &[AreaFace],
) -> (Vec<FaceVertices>, Option<StoreError>) {
    let mut all = Vec::with_capacity(faces.len());
    for face in faces {
        let mut ids = FaceVertices::new();
        for &point in face.winding.points() {
            let Some(id) = vertices.get(point) else {
                return (all, Some(too_many("vertices", vertices.vertices.len())));
            };
            if ids.last() != Some(&id) {
                ids.push(id);
            }
        }
        while ids.len() > 1 && ids.first() == ids.last() {
            ids.pop();
        }
        all.push(ids);
    }
    (all, None)
}

impl FaceRecords<'_> {
    /// Stores the faces of one chunk from their vertex ids (see [`vertex_ids`]): the faces
    /// with ids, then the chunk's vertex error, if any.
    fn store(
        &mut self,
        tree: &BspTree,
        faces: &[AreaFace],
        (ids, vertex_error): (Vec<FaceVertices>, Option<StoreError>),
    ) -> Result<(), StoreError> {
        let Self {
            edges,
            planes,
            world,
            face_map,
            stats,
        } = self;
        for (face, ids) in faces.iter().zip(ids) {
            if ids.len() < 3 {
                stats.degenerate_faces += 1;
                face_map.push(None);
                continue;
            }
            let first = u32::try_from(world.edge_refs.len())
                .map_err(|_| too_many("edge refs", world.edge_refs.len()))?;
            for (i, &a) in ids.iter().enumerate() {
                let b = ids[(i + 1) % ids.len()];
                let edge = edges
                    .get(a, b)
                    .ok_or_else(|| too_many("edges", edges.edges.len()))?;
                world.edge_refs.push(edge);
            }
            let end = u32::try_from(world.edge_refs.len())
                .map_err(|_| too_many("edge refs", world.edge_refs.len()))?;
            let plane = planes
                .get(&tree.planes, face.plane)
                .ok_or_else(|| too_many("planes", planes.planes.len()))?;
            face_map.push(Some(FaceId(u32::try_from(world.faces.len()).unwrap_or(0))));
            world.faces.push(Face {
                plane,
                flags: face.flags,
                edges: first..end,
                front: face.front,
                back: face.back,
            });
        }
        vertex_error.map_or(Ok(()), Err)
    }
}

#[cfg(test)]
mod tests {
    use glam::DVec3;

    use super::*;
    use crate::brush::Plane;
    use crate::compile::bsp_tree::{Child, LeafId};
    use crate::compile::plane_set::{PlaneId, PlaneSet};
    use crate::geom::Winding;
    use crate::world::{AreaId, FaceFlags};

    /// Squares on a grid (sharing vertices and edges with their neighbours) over more than
    /// two chunks, some too small to keep three vertices, and a tree holding their plane.
    fn grid_faces() -> (BspTree, Vec<AreaFace>) {
        let mut planes = PlaneSet::new();
        let up = planes
            .insert(Plane {
                normal: DVec3::Z,
                dist: 0.0,
            })
            .expect("a plane");
        let tree = BspTree {
            planes,
            nodes: Vec::new(),
            sections: Vec::new(),
            leaves: Vec::new(),
            root: Child::Leaf(LeafId(0)),
            box_count: 2,
            root_planes: [PlaneId(0); 6],
            region_mins: DVec3::splat(-4096.0),
            region_maxs: DVec3::splat(4096.0),
            skipped_brushes: Vec::new(),
        };
        let mut faces = Vec::new();
        for i in 0..(FACE_CHUNK * 5 / 2) {
            let (x, y) = ((i % 60) as f64 * 8.0, (i / 60) as f64 * 8.0);
            // Every 97th face snaps to one vertex and is dropped.
            let size = if i % 97 == 5 { 0.01 } else { 8.0 };
            let corners = [(0.0, 0.0), (size, 0.0), (size, size), (0.0, size)];
            let points = corners.map(|(dx, dy)| DVec3::new(x + dx, y + dy, 0.0));
            faces.push(AreaFace {
                plane: up,
                winding: Winding::from_points(&points).expect("a square"),
                flags: FaceFlags::SOLID,
                front: Some(AreaId::from_index(i)),
                back: None,
            });
        }
        (tree, faces)
    }

    #[test]
    fn the_pipeline_stores_what_one_pass_stores() {
        let (tree, faces) = grid_faces();
        let store = |chunked: bool| {
            let (mut vertices, mut edges, mut planes) = Default::default();
            let mut world = AasWorld::default();
            let (mut face_map, mut stats) = (Vec::new(), StoreStats::default());
            let tables = FaceTables {
                vertices: &mut vertices,
                records: FaceRecords {
                    edges: &mut edges,
                    planes: &mut planes,
                    world: &mut world,
                    face_map: &mut face_map,
                    stats: &mut stats,
                },
            };
            if chunked {
                store_faces(&tree, &faces, tables).expect("stored");
            } else {
                let FaceTables {
                    vertices,
                    mut records,
                } = tables;
                let ids = vertex_ids(vertices, &faces);
                records.store(&tree, &faces, ids).expect("stored");
            }
            let vertices: VertexTable = vertices;
            let edges: EdgeTable = edges;
            let planes: PlaneTable = planes;
            (
                vertices.vertices,
                edges.edges,
                planes.planes,
                world,
                face_map,
                stats,
            )
        };
        let (one_pass, pipelined) = (store(false), store(true));
        assert_eq!(one_pass.5.degenerate_faces, 27);
        assert_eq!(one_pass.3.faces.len(), faces.len() - 27);
        assert_eq!(pipelined, one_pass);
    }
}
