//! Deduplicating tables used when storing a compiled world: planes (in opposite pairs, in
//! `f32`), vertices (snapped to a grid) and edges (unordered vertex pairs).
//!
//! Lookups use hash maps on exact keys that are never iterated, so ids depend only on insertion
//! order.

use rustc_hash::FxHashMap;

use glam::{DVec3, Vec3};

use super::plane_set::{PlaneId as TreePlaneId, PlaneSet};
use crate::world::{EdgeId, EdgeRef, PlaneId, VertexId, WorldPlane};

/// Vertices are snapped to multiples of this (units): two points that snap to the same grid
/// point — each coordinate within half a step, 1/16 unit, of it — are one vertex.
pub const VERTEX_GRID: f64 = 0.125;

/// The stored plane type: 0, 1, 2 for a plane normal to X, Y, Z; 3, 4, 5 for a non-axial plane
/// whose normal's largest component is along X, Y, Z.
#[must_use]
pub fn plane_type(normal: Vec3) -> i32 {
    let a = normal.abs();
    let axial = |c: f32| c == 1.0;
    if axial(a.x) {
        0
    } else if axial(a.y) {
        1
    } else if axial(a.z) {
        2
    } else if a.x >= a.y && a.x >= a.z {
        3
    } else if a.y >= a.z {
        4
    } else {
        5
    }
}

/// World planes stored in pairs like the tree's: world plane `2k + 1` is world plane `2k`
/// facing the other way, so `id ^ 1` is the opposite plane.
#[derive(Debug, Default)]
pub(crate) struct PlaneTable {
    pub(crate) planes: Vec<WorldPlane>,
    by_tree: FxHashMap<u32, u32>,
    by_bits: FxHashMap<[u32; 4], u32>,
}

impl PlaneTable {
    /// The world id of tree plane `id`, adding its pair when new (deduplicated by the exact
    /// `f32` values of the canonical member).
    pub(crate) fn get(&mut self, set: &PlaneSet, id: TreePlaneId) -> Option<PlaneId> {
        let canonical = id.canonical();
        let side = id.0 & 1;
        if let Some(&base) = self.by_tree.get(&canonical.0) {
            return Some(PlaneId(base + side));
        }
        let plane = set.get(canonical);
        let normal = plane.normal.as_vec3();
        let dist = plane.dist as f32;
        let key = [
            normal.x.to_bits(),
            normal.y.to_bits(),
            normal.z.to_bits(),
            dist.to_bits(),
        ];
        let base = if let Some(&base) = self.by_bits.get(&key) {
            base
        } else {
            let base = u32::try_from(self.planes.len()).ok()?;
            base.checked_add(2)?;
            let plane_type = plane_type(normal);
            self.planes.push(WorldPlane {
                normal,
                dist,
                plane_type,
            });
            self.planes.push(WorldPlane {
                normal: -normal,
                dist: -dist,
                plane_type,
            });
            self.by_bits.insert(key, base);
            base
        };
        self.by_tree.insert(canonical.0, base);
        Some(PlaneId(base + side))
    }
}

/// Vertices snapped to [`VERTEX_GRID`] and deduplicated by grid point.
#[derive(Debug, Default)]
pub(crate) struct VertexTable {
    pub(crate) vertices: Vec<Vec3>,
    by_cell: FxHashMap<[i64; 3], u32>,
}

impl VertexTable {
    /// The id of the vertex at the grid point nearest `point`, added when new. `None` for a
    /// non-finite point or past `u32` ids.
    pub(crate) fn get(&mut self, point: DVec3) -> Option<VertexId> {
        if !point.is_finite() {
            return None;
        }
        let cell = (point / VERTEX_GRID).round();
        let key = [cell.x as i64, cell.y as i64, cell.z as i64];
        if let Some(&id) = self.by_cell.get(&key) {
            return Some(VertexId(id));
        }
        let id = u32::try_from(self.vertices.len()).ok()?;
        self.vertices.push((cell * VERTEX_GRID).as_vec3());
        self.by_cell.insert(key, id);
        Some(VertexId(id))
    }
}

/// Edges as unordered vertex pairs, stored lower vertex first.
#[derive(Debug, Default)]
pub(crate) struct EdgeTable {
    pub(crate) edges: Vec<[VertexId; 2]>,
    by_pair: FxHashMap<(u32, u32), u32>,
}

impl EdgeTable {
    /// The use of the edge from `a` to `b`: `reversed` when the stored edge runs from `b` to
    /// `a`. `None` when `a == b` or past `u32` ids.
    pub(crate) fn get(&mut self, a: VertexId, b: VertexId) -> Option<EdgeRef> {
        if a == b {
            return None;
        }
        let (low, high, reversed) = if a.0 < b.0 {
            (a, b, false)
        } else {
            (b, a, true)
        };
        let id = if let Some(&id) = self.by_pair.get(&(low.0, high.0)) {
            id
        } else {
            let id = u32::try_from(self.edges.len()).ok()?;
            self.edges.push([low, high]);
            self.by_pair.insert((low.0, high.0), id);
            id
        };
        Some(EdgeRef {
            edge: EdgeId(id),
            reversed,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::brush::Plane;

    #[test]
    fn plane_types_by_axis() {
        assert_eq!(plane_type(Vec3::X), 0);
        assert_eq!(plane_type(Vec3::NEG_Y), 1);
        assert_eq!(plane_type(Vec3::Z), 2);
        assert_eq!(plane_type(Vec3::new(0.8, 0.6, 0.0)), 3);
        assert_eq!(plane_type(Vec3::new(0.0, -0.8, 0.6)), 4);
        assert_eq!(plane_type(Vec3::new(0.6, 0.0, 0.8)), 5);
    }

    #[test]
    fn planes_are_stored_in_pairs_and_deduplicated() {
        let mut set = PlaneSet::new();
        let up = set
            .insert(Plane {
                normal: DVec3::Z,
                dist: 8.0,
            })
            .unwrap();
        let mut table = PlaneTable::default();
        let down = table.get(&set, up.opposite()).unwrap();
        let again = table.get(&set, up).unwrap();
        assert_eq!(down.0 ^ 1, again.0);
        assert_eq!(table.planes.len(), 2);
        assert_eq!(table.planes[again.index()].normal, Vec3::Z);
        assert_eq!(table.planes[down.index()].dist, -8.0);
    }

    #[test]
    fn vertices_snap_and_edges_reverse() {
        let mut vertices = VertexTable::default();
        let a = vertices.get(DVec3::new(1.0, 2.0, 3.0)).unwrap();
        let a2 = vertices.get(DVec3::new(1.03, 1.97, 3.0)).unwrap();
        let b = vertices.get(DVec3::new(1.1, 2.0, 3.0)).unwrap();
        assert_eq!(a, a2);
        assert_ne!(a, b);
        assert_eq!(vertices.vertices[b.index()], Vec3::new(1.125, 2.0, 3.0));
        assert!(vertices.get(DVec3::NAN).is_none());
        let mut edges = EdgeTable::default();
        let ab = edges.get(a, b).unwrap();
        let ba = edges.get(b, a).unwrap();
        assert_eq!(ab.edge, ba.edge);
        assert!(!ab.reversed);
        assert!(ba.reversed);
        assert!(edges.get(a, a).is_none());
    }
}
