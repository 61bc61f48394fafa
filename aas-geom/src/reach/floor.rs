//! [`AreaFloor`]: the ground faces of an area, the edges that bound them, and the liquid
//! surface edges — the geometry the reachability tests work on.

use glam::{Vec2, Vec3};

use crate::world::{AasWorld, AreaId, FaceId};
use crate::world::{AreaContents, AreaFlags, FaceFlags, PresenceType};

/// At most this many liquid areas are climbed through to find the surface above a face.
const MAX_LAYERS: usize = 16;
/// Two points closer than this (units) are the same point when edges are matched.
pub(crate) const EDGE_EPSILON: f32 = 0.25;

/// A straight edge of a floor or a liquid surface, with the horizontal direction pointing
/// away from the face it bounds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct BoundaryEdge {
    /// First end point.
    pub(crate) a: Vec3,
    /// Second end point.
    pub(crate) b: Vec3,
    /// Horizontal unit normal pointing out of the face (away from the area's floor).
    pub(crate) outward: Vec2,
    /// The face the edge bounds.
    pub(crate) face: FaceId,
}

impl BoundaryEdge {
    /// Horizontal direction from `a` to `b` (unit), or zero for a vertical or point edge.
    pub(crate) fn direction(&self) -> Vec2 {
        (self.b - self.a).truncate().normalize_or_zero()
    }

    /// The point of the edge at parameter `s` along its horizontal direction from `a`.
    pub(crate) fn point_at(&self, s: f32) -> Vec3 {
        let length = (self.b - self.a).truncate().length();
        if length <= f32::EPSILON {
            return self.a;
        }
        self.a + (self.b - self.a) * (s / length).clamp(0.0, 1.0)
    }
}

/// What the reachability tests need to know about one area.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct AreaFloor {
    /// Edges of ground faces not shared with another ground face of the same area.
    pub(crate) ground_edges: Vec<BoundaryEdge>,
    /// Centres of the ground faces.
    pub(crate) ground_centres: Vec<Vec3>,
    /// Edges of liquid surface faces on top of this (liquid) area, and of its liquid ceilings
    /// under a layer of liquid too thin to swim into, lifted to the layer's surface.
    pub(crate) surface_edges: Vec<BoundaryEdge>,
    /// Whether the area has ground faces.
    pub(crate) grounded: bool,
    /// Whether the area holds a liquid.
    pub(crate) liquid: bool,
    /// Whether the liquid is deep enough to swim in: an origin at the area's bottom (at its
    /// centre) is under the surface.
    pub(crate) liquid_deep: bool,
    /// Whether the standing box fits.
    pub(crate) standing: bool,
    /// Whether only the crouching box fits.
    pub(crate) crouch_only: bool,
    /// Lowest and highest corner of the area.
    pub(crate) mins: Vec3,
    /// Highest corner of the area.
    pub(crate) maxs: Vec3,
}

/// The polygon of `face` as seen from `area`, and the normal pointing into the area.
pub(crate) fn face_polygon(world: &AasWorld, face: FaceId, back_side: bool) -> (Vec<Vec3>, Vec3) {
    let record = &world.faces[face.index()];
    let plane = world.planes[record.plane.index()];
    let normal = if back_side {
        -plane.normal
    } else {
        plane.normal
    };
    let mut points = Vec::with_capacity((record.edges.end - record.edges.start) as usize);
    for edge_ref in &world.edge_refs[record.edges.start as usize..record.edges.end as usize] {
        let [v0, v1] = world.edges[edge_ref.edge.index()];
        let first = if edge_ref.reversed { v1 } else { v0 };
        points.push(world.vertices[first.index()]);
    }
    (points, normal)
}

/// The top of the liquid above a horizontal liquid face `points` (the highest liquid area met
/// going up from the face's centre) when it is at most a standing box's feet height
/// (`-STANDING_MINS.z`, 24) above the face: an origin on the face is then not under the
/// surface (a liquid area reaches that far above the surface in origin space). `None` for a
/// thicker layer, which is swum into, or a degenerate face.
fn thin_layer_top(world: &AasWorld, points: &[Vec3]) -> Option<f32> {
    if points.is_empty() {
        return None;
    }
    let centre = points.iter().copied().sum::<Vec3>() / points.len() as f32;
    let mut probe = centre + Vec3::Z * 0.125;
    let mut top = None;
    for _ in 0..MAX_LAYERS {
        let Some(area) = world.point_area(probe).map(|a| &world.areas[a.index()]) else {
            break;
        };
        if !area.contents.intersects(AreaContents::LIQUIDS) {
            break;
        }
        top = Some(area.maxs.z);
        probe.z = area.maxs.z + 0.125;
    }
    top.filter(|&top| top - centre.z <= -crate::physics::STANDING_MINS.z)
}

/// The boundary edges of a set of convex polygons: the sides not shared (reversed, within
/// [`EDGE_EPSILON`]) by another polygon of the set, each with its outward horizontal normal.
fn boundary_edges(polygons: &[(FaceId, Vec<Vec3>)]) -> Vec<BoundaryEdge> {
    let mut edges = Vec::new();
    for (index, (face, points)) in polygons.iter().enumerate() {
        if points.len() < 3 {
            continue;
        }
        let centroid = points.iter().copied().sum::<Vec3>() / points.len() as f32;
        for i in 0..points.len() {
            let a = points[i];
            let b = points[(i + 1) % points.len()];
            let shared = polygons.iter().enumerate().any(|(other, (_, others))| {
                other != index
                    && (0..others.len()).any(|j| {
                        let c = others[j];
                        let d = others[(j + 1) % others.len()];
                        (a.distance(d) < EDGE_EPSILON && b.distance(c) < EDGE_EPSILON)
                            || (a.distance(c) < EDGE_EPSILON && b.distance(d) < EDGE_EPSILON)
                    })
            });
            if shared {
                continue;
            }
            let along = (b - a).truncate();
            if along.length() < EDGE_EPSILON {
                continue;
            }
            let mut outward = along.perp().normalize();
            if outward.dot((a - centroid).truncate()) < 0.0 {
                outward = -outward;
            }
            edges.push(BoundaryEdge {
                a,
                b,
                outward,
                face: *face,
            });
        }
    }
    edges
}

/// `edges` with every chain of collinear edges (same outward direction, meeting end to start,
/// on one straight 3-D line) joined into one edge: a floor made of several faces has one long
/// edge along a straight side, so reachabilities placed at the middle of an edge sit at the
/// middle of that side.
fn join_collinear(mut edges: Vec<BoundaryEdge>) -> Vec<BoundaryEdge> {
    let mut joined = true;
    while joined {
        joined = false;
        'search: for i in 0..edges.len() {
            for j in 0..edges.len() {
                if i == j || edges[i].outward.dot(edges[j].outward) < 0.999 {
                    continue;
                }
                let (first, second) = (edges[i], edges[j]);
                let (start, end) = if first.b.distance(second.a) < EDGE_EPSILON {
                    (first.a, second.b)
                } else if second.b.distance(first.a) < EDGE_EPSILON {
                    (second.a, first.b)
                } else {
                    continue;
                };
                let direction = (end - start).normalize_or_zero();
                let middle = if first.b.distance(second.a) < EDGE_EPSILON {
                    first.b
                } else {
                    first.a
                };
                // The meeting point must lie on the line from start to end.
                let off_line = (middle - start) - direction * (middle - start).dot(direction);
                if off_line.length() > EDGE_EPSILON {
                    continue;
                }
                edges[i] = BoundaryEdge {
                    a: start,
                    b: end,
                    ..first
                };
                edges.swap_remove(j);
                joined = true;
                break 'search;
            }
        }
    }
    edges
}

/// The floor geometry of `area`: ground faces are faces flagged ground whose normal, seen
/// from the area, points up at least `max_steepness`; liquid surface faces are faces flagged
/// as a liquid surface above a liquid area.
pub(crate) fn area_floor(world: &AasWorld, area: AreaId, max_steepness: f32) -> AreaFloor {
    let record = &world.areas[area.index()];
    let mut ground = Vec::new();
    let mut surface = Vec::new();
    let liquid = record.flags.contains(AreaFlags::LIQUID)
        || record.contents.intersects(AreaContents::LIQUIDS);
    for face_ref in &world.face_refs[record.faces.start as usize..record.faces.end as usize] {
        let face = &world.faces[face_ref.face.index()];
        let (points, normal) = face_polygon(world, face_ref.face, face_ref.back_side);
        // The normal into the area points up for a floor: the area is above the face.
        if face.flags.contains(FaceFlags::GROUND) && normal.z >= max_steepness {
            ground.push((face_ref.face, points));
        } else if liquid && face.flags.contains(FaceFlags::LIQUIDSURFACE) && normal.z <= -0.7 {
            // The area is below the face: the surface is its top.
            surface.push((face_ref.face, points));
        } else if liquid
            && face.flags.contains(FaceFlags::LIQUID)
            && normal.z <= -0.7
            && let Some(top) = thin_layer_top(world, &points)
        {
            // A liquid ceiling under a liquid layer too thin to swim into (the face is not
            // under the surface: a player there is not swimming, so no swim reachability
            // crosses it): the edge counts at the surface's height, as if the layer were part
            // of this area. However the compiler cut the pool, the way out of its depths is
            // then a water jump from each area under the layer.
            let lifted = points.iter().map(|p| Vec3::new(p.x, p.y, top)).collect();
            surface.push((face_ref.face, lifted));
        }
    }
    let liquid_deep = liquid && {
        // The box lifted by its feet height (24) is in liquid exactly when the origin is.
        let probe = Vec3::new(
            record.center.x,
            record.center.y,
            record.mins.z + 1.0 - crate::physics::STANDING_MINS.z,
        );
        world.point_area(probe).is_some_and(|a| {
            world.areas[a.index()]
                .contents
                .intersects(AreaContents::LIQUIDS)
        })
    };
    let ground_centres = ground
        .iter()
        .filter(|(_, points)| !points.is_empty())
        .map(|(_, points)| points.iter().copied().sum::<Vec3>() / points.len() as f32)
        .collect();
    AreaFloor {
        ground_centres,
        liquid_deep,
        grounded: !ground.is_empty(),
        ground_edges: join_collinear(boundary_edges(&ground)),
        surface_edges: boundary_edges(&surface),
        liquid,
        standing: record.presence.contains(PresenceType::NORMAL),
        crouch_only: record.presence.contains(PresenceType::CROUCH)
            && !record.presence.contains(PresenceType::NORMAL),
        mins: record.mins,
        maxs: record.maxs,
    }
}

#[cfg(test)]
mod tests {
    use glam::{Vec2, Vec3};

    use super::{BoundaryEdge, join_collinear};
    use crate::world::FaceId;

    fn edge(a: [f32; 3], b: [f32; 3], outward: Vec2) -> BoundaryEdge {
        BoundaryEdge {
            a: Vec3::from(a),
            b: Vec3::from(b),
            outward,
            face: FaceId(0),
        }
    }

    #[test]
    fn collinear_chains_become_one_edge_and_corners_stay() {
        let edges = vec![
            edge([0.0, 0.0, 0.0], [50.0, 0.0, 0.0], Vec2::NEG_Y),
            edge([50.0, 0.0, 0.0], [80.0, 0.0, 0.0], Vec2::NEG_Y),
            edge([80.0, 0.0, 0.0], [80.0, 40.0, 0.0], Vec2::X),
            // On a slope: the chain must stay on one 3-D line.
            edge([0.0, 40.0, 0.0], [20.0, 40.0, 10.0], Vec2::Y),
            edge([20.0, 40.0, 10.0], [40.0, 40.0, 10.0], Vec2::Y),
        ];
        let joined = join_collinear(edges);
        assert_eq!(joined.len(), 4);
        assert!(
            joined
                .iter()
                .any(|e| e.a == Vec3::ZERO && e.b == Vec3::new(80.0, 0.0, 0.0))
        );
        assert!(joined.iter().any(|e| e.b == Vec3::new(80.0, 40.0, 0.0)));
    }
}
