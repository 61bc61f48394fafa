//! Merging of open leaves into larger convex areas (thesis §6.2: "merging adjacent areas while
//! convex and gap-free").
//!
//! [`merge_leaves`] returns a leaf → area mapping for [`build_areas`](super::build_areas), in
//! place of [`one_area_per_leaf`](super::one_area_per_leaf). Leaves are grouped greedily; two
//! groups merge through a portal between them when all of these hold:
//!
//! | Rule | Why |
//! |---|---|
//! | both leaves are open, with the same [`blocked`](super::BspLeaf::blocked) mask (on the bits of the presence boxes), the same contents and the same mover model | an area has one presence type and one contents value |
//! | the union does not **mix ground and gaps**: it has no *ground* side (a portal to solid or the outside whose normal pointing into the union has `z >= `[`MAX_STEEPNESS`], the ground face rule of [`areas`](super::areas)) or no *gap* side (the same towards an open leaf outside the union) | no new gaps: an area is never half floor, half drop. A floor leaf and the air above it do merge (the portal between them becomes internal), as do columns of air |
//! | the union is **convex** | areas are convex by definition |
//!
//! # Convexity
//!
//! A leaf's polytope is given by its portals: every portal of a leaf is a piece of the leaf's
//! boundary, on a plane that, oriented away from the leaf (the *outward* plane), has the whole
//! leaf behind it. The vertices of a group are the points of its leaves' portal windings; its
//! boundary faces are the portals of its leaves whose other side is not in the group. The
//! union is accepted when every vertex of the union is at most [`CONVEX_EPSILON`] in front of
//! every outward boundary plane of the union. Both groups already pass this test on their own,
//! so only the cross terms are checked: the vertices of each group against the boundary planes
//! of the other that stay on the boundary (the portals between the two groups become
//! internal).
//!
//! # Order
//!
//! Deterministic, in three phases. Each makes passes over the candidate portals, largest
//! winding area first (ties in portal id order), each merging wherever the rules allow, until a
//! pass merges nothing or [`MAX_MERGE_PASSES`] passes have run. The first phase only lets a
//! grounded group that holds a thin leaf (lower than [`THIN_FLOOR`] under its top somewhere,
//! or a thin layer stacked on one, see the gravitational subdivision) take in a single air
//! leaf above it, so that a sliver of floor under a node plane, and the thin layers stacked
//! on it, become part of the column above them instead of slabs of their own. The second phase
//! only merges groups that are both grounded or both not, so floors join into the largest slabs before any of
//! them takes in the air above it (which would fix its top to that air's ceiling and keep it
//! from joining a neighbour under a different ceiling: long strips across a wide ramp, which
//! routes cross zigzagging); the third phase allows every merge. Area ids are then assigned
//! in order of each group's first leaf id.

use glam::DVec3;
use rayon::prelude::*;

use super::PresenceBox;
use super::areas::is_ground_normal;
use super::bsp_tree::{BspTree, LeafId};
use super::plane_set::PlaneId;
use super::portalize::{PortalSide, Portals};
use crate::world::AreaId;

#[cfg(doc)]
use super::areas::MAX_STEEPNESS;

/// How far (units) a vertex of a merged group may lie in front of one of the group's outward
/// boundary planes and the group still count as convex. Portal windings are clipped in `f64`
/// with [`ON_EPSILON`](crate::geom::ON_EPSILON) = 0.01; 0.1 leaves room for that and
/// for nearly coplanar node planes, and is far below anything a player box could notice.
pub const CONVEX_EPSILON: f64 = 0.1;

/// The most passes [`merge_leaves`] makes over the candidate portals.
pub const MAX_MERGE_PASSES: usize = 64;

/// A portal of a leaf, as the leaf sees it.
#[derive(Debug, Clone, Copy)]
struct LeafSide {
    /// The portal's plane oriented away from the leaf.
    outward: PlaneId,
    /// The open leaf on the other side; `None` for solid or the outside.
    other: Option<u32>,
    /// Whether the portal is a floor of the leaf: its normal pointing into the leaf has
    /// `z >= `[`MAX_STEEPNESS`]. Towards solid or the outside that is ground, towards an open
    /// leaf a gap.
    floor: bool,
}

/// A group of leaves being merged, stored at the index of its representative leaf.
#[derive(Debug, Clone, Default)]
struct Group {
    /// Its leaves.
    leaves: Vec<u32>,
    /// The points of its leaves' portal windings, sorted by [`vertex_order`], each once.
    vertices: Vec<DVec3>,
    /// Whether one of its leaves has a ground side.
    grounded: bool,
    /// The sides of its leaves that are not internal to it (towards solid, the outside, or an
    /// open leaf of another group): the only sides the union tests look at. Sorted by outward
    /// plane, so that each distinct plane is one run.
    boundary: Vec<LeafSide>,
}

/// What must be equal for two leaves to share an area: blocked bits, contents, mover model.
type LeafKey = (u8, u32, u32);

/// The leaf → area mapping of `tree` with open leaves merged into convex, gap-free areas (see
/// the [module docs](self)); `portals` must have been computed for `tree`, `boxes` are the
/// presence boxes whose bits of the blocked masks count. Solid leaves map to `None`; area ids
/// are dense.
///
/// # Complexity
/// Setup `O(leaves + Σ portal points · log)`. Each of at most [`MAX_MERGE_PASSES`] passes
/// tests every candidate portal once; a test costs `O(s + f·v)` for the `s` portals of the two
/// groups' leaves, `f` distinct boundary planes and `v` vertices, and stops at the first
/// vertex in front (the boundary is kept sorted by plane, so the distinct planes come without
/// sorting). A merge relabels the smaller group and merges the sorted vertex and side lists
/// (`O(v + s)`).
#[must_use]
pub fn merge_leaves(
    tree: &BspTree,
    portals: &Portals,
    boxes: &[PresenceBox],
) -> Vec<Option<AreaId>> {
    let leaf_count = tree.leaves.len();
    let open: Vec<bool> = (0..leaf_count)
        .map(|i| u32::try_from(i).is_ok_and(|i| !tree.is_solid(LeafId(i))))
        .collect();
    let sides = leaf_sides(tree, portals, &open);
    let box_bits = super::PresenceMask::all(boxes.len().min(8)).0;
    let keys: Vec<LeafKey> = tree
        .leaves
        .iter()
        .map(|leaf| (leaf.blocked.0 & box_bits, leaf.contents.bits(), leaf.model))
        .collect();
    let candidates = candidate_pairs(portals, &open, &keys);
    let mut group_of: Vec<u32> = (0..leaf_count)
        .map(|i| u32::try_from(i).unwrap_or(u32::MAX))
        .collect();
    // One group per open leaf (solid leaves never merge: their groups stay empty).
    let mut groups: Vec<Group> = sides
        .into_par_iter()
        .enumerate()
        .map(|(i, mut boundary)| {
            if !open.get(i).copied().unwrap_or(false) {
                return Group::default();
            }
            boundary.sort_by_key(|side| side.outward);
            Group {
                leaves: group_of.get(i).copied().into_iter().collect(),
                vertices: leaf_vertices(portals, i),
                grounded: boundary.iter().any(|s| s.floor && s.other.is_none()),
                boundary,
            }
        })
        .collect();
    let thin = super::gravity::thin_floor_leaves(tree, portals, THIN_FLOOR);
    // The union tests depend only on the two groups' contents, which change only when a group
    // absorbs another: a pair that failed is not tested again until one of its groups grew
    // (`version` counts each group's absorptions), and then fails at once while the side that
    // made it fail stays on the union's boundary (see `Blocker`).
    let mut version: Vec<u32> = vec![0; leaf_count];
    let mut failed: Vec<Option<Failure>> = vec![None; candidates.len()];
    // Thin floors into the air above them first; then floors with floors and air with air,
    // so that floors form the largest slabs; then floors take in the air above them where the
    // union stays convex.
    for phase in [Phase::ThinFloorsUp, Phase::SameGround, Phase::All] {
        for _ in 0..MAX_MERGE_PASSES {
            let mut merged = false;
            for (&(a, b), failed) in candidates.iter().zip(&mut failed) {
                let (Some(&ga), Some(&gb)) = (group_of.get(a as usize), group_of.get(b as usize))
                else {
                    continue;
                };
                let skip = match phase {
                    Phase::ThinFloorsUp => {
                        // A grounded group holding a thin leaf takes in one air leaf at a
                        // time, so that a stack of thin layers joins its floor from the
                        // bottom up.
                        let thin_up = |floor: u32, air: u32| {
                            groups.get(floor as usize).is_some_and(|g| {
                                g.grounded
                                    && g.leaves
                                        .iter()
                                        .any(|&l| thin.get(l as usize).copied().unwrap_or(false))
                            }) && groups
                                .get(air as usize)
                                .is_some_and(|g| g.leaves.len() == 1 && !g.grounded)
                        };
                        !(thin_up(ga, gb) || thin_up(gb, ga))
                    }
                    Phase::SameGround => grounded(&groups, ga) != grounded(&groups, gb),
                    Phase::All => false,
                };
                if ga == gb || skip {
                    continue;
                }
                let state = [
                    ga,
                    gb,
                    version.get(ga as usize).copied().unwrap_or(0),
                    version.get(gb as usize).copied().unwrap_or(0),
                ];
                if let Some(failure) = failed.as_mut() {
                    if failure.state == state {
                        continue;
                    }
                    if failure.blocker.still_blocks(&group_of, ga, gb) {
                        failure.state = state;
                        continue;
                    }
                }
                let blocker = union_mixes(&group_of, &groups, ga, gb)
                    .or_else(|| union_bulges(tree, &group_of, &groups, ga, gb));
                if let Some(blocker) = blocker {
                    *failed = Some(Failure { state, blocker });
                    continue;
                }
                absorb(&mut groups, &mut group_of, ga, gb);
                for g in [ga, gb] {
                    if let Some(v) = version.get_mut(g as usize) {
                        *v = v.wrapping_add(1);
                    }
                }
                merged = true;
            }
            if !merged {
                break;
            }
        }
    }
    number_groups(&open, &group_of)
}

/// Why the union of two groups failed, and when they were tested: `[group a, group b,
/// version of a, version of b]`.
#[derive(Debug, Clone, Copy)]
struct Failure {
    state: [u32; 4],
    blocker: Blocker,
}

/// The side of a failed union that made it fail: a gap side of a union with ground (see
/// [`union_mixes`]), or a side on a boundary plane that a vertex of the other group lies in
/// front of (see [`union_bulges`]). Groups only grow, and a group's vertices and sides stay
/// its own, so the union of the groups that hold the two leaves later fails again for the
/// same reason as long as the side stays on the union's boundary.
#[derive(Debug, Clone, Copy)]
enum Blocker {
    /// A side towards solid or the outside: on the boundary for good.
    Solid,
    /// A side towards this open leaf: on the boundary while the leaf is outside the union.
    Leaf(u32),
}

impl Blocker {
    fn of(side: &LeafSide) -> Self {
        side.other.map_or(Self::Solid, Self::Leaf)
    }

    /// Whether the union of groups `a` and `b`, which hold the groups that failed with this
    /// blocker, fails for the same reason (the test would say so too, only later).
    fn still_blocks(self, group_of: &[u32], a: u32, b: u32) -> bool {
        match self {
            Self::Solid => true,
            Self::Leaf(leaf) => outside_union(group_of, leaf, a, b),
        }
    }
}

/// The merge phases, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// A thin floor leaf (see [`THIN_FLOOR`]) with the air above it.
    ThinFloorsUp,
    /// Floors with floors, air with air.
    SameGround,
    /// Any two groups.
    All,
}

/// A floor leaf whose top comes within this height (units) of its ground somewhere is thin:
/// it merges with the air above it before floors merge with each other (the default
/// [`GravitySettings::thin_floor`](super::GravitySettings::thin_floor)).
pub const THIN_FLOOR: f64 = 18.0;

/// Whether group `g` has a ground side.
fn grounded(groups: &[Group], g: u32) -> bool {
    groups.get(g as usize).is_some_and(|group| group.grounded)
}

/// Each open leaf's non-degenerate portals, oriented away from the leaf (none for a solid
/// leaf).
fn leaf_sides(tree: &BspTree, portals: &Portals, open: &[bool]) -> Vec<Vec<LeafSide>> {
    let is_open = |side: PortalSide| match side {
        PortalSide::Leaf(l) if open.get(l.0 as usize).copied().unwrap_or(false) => Some(l.0),
        _ => None,
    };
    (0..tree.leaves.len())
        .into_par_iter()
        .map(|index| {
            let Ok(leaf) = u32::try_from(index).map(LeafId) else {
                return Vec::new();
            };
            if !open.get(index).copied().unwrap_or(false) {
                return Vec::new();
            }
            portals
                .of_leaf(leaf)
                .iter()
                .filter_map(|&id| portals.get(id))
                .filter(|p| p.normal().is_some())
                .map(|p| {
                    let leaf_is_front = p.front == PortalSide::Leaf(leaf);
                    let (outward, other) = if leaf_is_front {
                        (p.plane.opposite(), p.back)
                    } else {
                        (p.plane, p.front)
                    };
                    LeafSide {
                        outward,
                        other: is_open(other),
                        floor: is_ground_normal(-tree.planes.get(outward).normal.z),
                    }
                })
                .collect()
        })
        .collect()
}

/// The sorted, exactly deduplicated points of the portal windings of leaf `index`.
fn leaf_vertices(portals: &Portals, index: usize) -> Vec<DVec3> {
    let Ok(leaf) = u32::try_from(index).map(LeafId) else {
        return Vec::new();
    };
    let mut points: Vec<DVec3> = portals
        .of_leaf(leaf)
        .iter()
        .filter_map(|&id| portals.get(id))
        .flat_map(|p| p.winding.points().iter().copied())
        .collect();
    sort_dedup(&mut points);
    points
}

/// The order of group vertices: lexicographic under `total_cmp`, so points that compare
/// equal are bitwise equal.
fn vertex_order(a: &DVec3, b: &DVec3) -> std::cmp::Ordering {
    a.x.total_cmp(&b.x)
        .then(a.y.total_cmp(&b.y))
        .then(a.z.total_cmp(&b.z))
}

/// Sorts `points` by [`vertex_order`] and keeps one of each (bitwise) point. (Unstable is
/// enough: points that compare equal are bitwise equal.)
fn sort_dedup(points: &mut Vec<DVec3>) {
    points.sort_unstable_by(vertex_order);
    points.dedup_by(|a, b| vertex_order(a, b).is_eq());
}

/// [`sort_dedup`] of the concatenation of two lists that went through it, in linear time:
/// their merge is the sorted concatenation.
fn merge_dedup(a: &[DVec3], b: &[DVec3]) -> Vec<DVec3> {
    let mut merged = merge_sorted(a, b, |y, x| vertex_order(y, x).is_lt());
    merged.dedup_by(|a, b| vertex_order(a, b).is_eq());
    merged
}

/// The merge of two lists sorted by `before` (whether the first item goes strictly before
/// the second), sorted the same way; on ties `a`'s item comes first.
fn merge_sorted<T: Copy>(a: &[T], b: &[T], before: impl Fn(&T, &T) -> bool) -> Vec<T> {
    let mut merged = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while let (Some(x), Some(y)) = (a.get(i), b.get(j)) {
        if before(y, x) {
            merged.push(*y);
            j += 1;
        } else {
            merged.push(*x);
            i += 1;
        }
    }
    merged.extend_from_slice(a.get(i..).unwrap_or_default());
    merged.extend_from_slice(b.get(j..).unwrap_or_default());
    merged
}

/// The `(front, back)` leaves of every portal that may ever merge (both sides open with equal
/// keys and a non-degenerate winding), largest portal area first, then in portal id order.
fn candidate_pairs(portals: &Portals, open: &[bool], keys: &[LeafKey]) -> Vec<(u32, u32)> {
    let mut pairs = portals
        .portals
        .par_iter()
        .filter_map(|p| match (p.front, p.back) {
            (PortalSide::Leaf(a), PortalSide::Leaf(b)) if a != b => {
                let ok = |l: LeafId| open.get(l.0 as usize).copied().unwrap_or(false);
                let same = keys
                    .get(a.0 as usize)
                    .is_some_and(|ka| keys.get(b.0 as usize) == Some(ka));
                (ok(a) && ok(b) && same && p.normal().is_some()).then_some((
                    a.0,
                    b.0,
                    p.winding.area(),
                ))
            }
            _ => None,
        })
        .collect::<Vec<_>>();
    // Largest shared portal first (stable: ties keep portal id order).
    pairs.sort_by(|x, y| y.2.total_cmp(&x.2));
    pairs.into_iter().map(|(a, b, _)| (a, b)).collect()
}

/// Whether the union of groups `a` and `b` would have both a ground side and a gap side (a
/// floor side towards an open leaf outside the union): the first gap side's blocker.
fn union_mixes(group_of: &[u32], groups: &[Group], a: u32, b: u32) -> Option<Blocker> {
    let (ga, gb) = (groups.get(a as usize)?, groups.get(b as usize)?);
    if !ga.grounded && !gb.grounded {
        return None;
    }
    ga.boundary
        .iter()
        .chain(&gb.boundary)
        .find(|s| s.floor && s.other.is_some_and(|o| outside_union(group_of, o, a, b)))
        .map(Blocker::of)
}

/// The distinct outward planes of the boundary of `group` (id `own`) once merged with group
/// `with`, in plane order, each with one of its sides that stays on the boundary (towards
/// solid or the outside, or an open leaf in neither group).
fn boundary_planes<'g>(
    group_of: &'g [u32],
    group: &'g Group,
    own: u32,
    with: u32,
) -> impl Iterator<Item = &'g LeafSide> + 'g {
    group
        .boundary
        .chunk_by(|a, b| a.outward == b.outward)
        .filter_map(move |run| {
            run.iter().find(|s| {
                s.other
                    .is_none_or(|o| outside_union(group_of, o, own, with))
            })
        })
}

/// Whether open leaf `leaf` lies outside the union of groups `a` and `b`.
fn outside_union(group_of: &[u32], leaf: u32, a: u32, b: u32) -> bool {
    let group = group_of.get(leaf as usize).copied();
    group != Some(a) && group != Some(b)
}

/// Whether the union of groups `a` and `b` fails the convexity test (cross terms only): the
/// blocker of the first boundary side whose plane a vertex of the other group lies in front of.
fn union_bulges(
    tree: &BspTree,
    group_of: &[u32],
    groups: &[Group],
    a: u32,
    b: u32,
) -> Option<Blocker> {
    let (Some(ga), Some(gb)) = (groups.get(a as usize), groups.get(b as usize)) else {
        return Some(Blocker::Solid);
    };
    [(ga, a, b, gb), (gb, b, a, ga)]
        .into_iter()
        .find_map(|(faces_of, own, other, points_of)| {
            boundary_planes(group_of, faces_of, own, other).find_map(|side| {
                let plane = tree.planes.get(side.outward);
                let behind = points_of
                    .vertices
                    .iter()
                    .all(|&p| plane.distance_to(p) <= CONVEX_EPSILON);
                (!behind).then(|| Blocker::of(side))
            })
        })
}

/// Moves the smaller of groups `a` and `b` into the larger (ties: into the lower id).
fn absorb(groups: &mut [Group], group_of: &mut [u32], a: u32, b: u32) {
    let size = |g: u32| groups.get(g as usize).map_or(0, |g| g.leaves.len());
    let (keep, gone) = if size(b) > size(a) || (size(b) == size(a) && b < a) {
        (b, a)
    } else {
        (a, b)
    };
    let mut moved = groups
        .get_mut(gone as usize)
        .map(std::mem::take)
        .unwrap_or_default();
    // The sides between the two groups become internal.
    let leads_to = |side: &LeafSide, group: u32| {
        side.other
            .is_some_and(|o| group_of.get(o as usize) == Some(&group))
    };
    moved.boundary.retain(|s| !leads_to(s, keep));
    if let Some(group) = groups.get_mut(keep as usize) {
        group.boundary.retain(|s| !leads_to(s, gone));
        group.boundary = merge_sorted(&group.boundary, &moved.boundary, |y, x| {
            y.outward < x.outward
        });
    }
    for &leaf in &moved.leaves {
        if let Some(slot) = group_of.get_mut(leaf as usize) {
            *slot = keep;
        }
    }
    if let Some(group) = groups.get_mut(keep as usize) {
        group.grounded |= moved.grounded;
        group.leaves.extend(moved.leaves);
        group.vertices = merge_dedup(&group.vertices, &moved.vertices);
    }
}

/// Dense area ids for the groups of the open leaves, in order of each group's first leaf.
fn number_groups(open: &[bool], group_of: &[u32]) -> Vec<Option<AreaId>> {
    let mut area_of_group: Vec<Option<AreaId>> = vec![None; group_of.len()];
    let mut next = 0_u32;
    open.iter()
        .zip(group_of)
        .map(|(&open, &group)| {
            if !open {
                return None;
            }
            let slot = area_of_group.get_mut(group as usize)?;
            if slot.is_none() {
                *slot = Some(AreaId(next));
                next = next.checked_add(1)?;
            }
            *slot
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Coordinates from a small set, signed zeros included, so that lists share points.
    fn coordinate() -> impl Strategy<Value = f64> {
        prop_oneof![Just(0.0), Just(-0.0), Just(1.0), Just(-2.5), Just(64.0)]
    }

    fn points() -> impl Strategy<Value = Vec<DVec3>> {
        prop::collection::vec(
            (coordinate(), coordinate(), coordinate()).prop_map(|(x, y, z)| DVec3::new(x, y, z)),
            0..24,
        )
    }

    proptest! {
        /// Merging two sorted, deduplicated vertex lists gives bit for bit what sorting and
        /// deduplicating their concatenation gives.
        #[test]
        fn merge_dedup_is_sort_dedup_of_the_concatenation(mut a in points(), mut b in points()) {
            let mut both: Vec<DVec3> = a.iter().chain(&b).copied().collect();
            sort_dedup(&mut both);
            sort_dedup(&mut a);
            sort_dedup(&mut b);
            let merged = merge_dedup(&a, &b);
            let bits = |points: &[DVec3]| -> Vec<[u64; 3]> {
                points.iter().map(|p| p.to_array().map(f64::to_bits)).collect()
            };
            prop_assert_eq!(bits(&merged), bits(&both));
        }
    }
}
