//! Gravitational subdivision (thesis §6.2): open leaves that hold both ground, where a player
//! stands, and a gap, through which one falls, are split by vertical planes until no leaf
//! mixes the two. Merging ([`merge_leaves`](super::merge_leaves)) never forms a union that
//! mixes ground and gaps, so once no leaf mixes, no area mixes either.
//!
//! # Definitions
//!
//! For an open leaf and one of its portals, with the portal's normal oriented *into* the leaf
//! (the rules of [`areas`](super::areas)):
//!
//! - a **ground portal** has a solid leaf or the outside on the other side and normal
//!   `z >= `[`MAX_STEEPNESS`];
//! - a **gap portal** has an open leaf on the other side and normal `z >= `[`MAX_STEEPNESS`]
//!   (the leaf is above: one falls through it).
//!
//! A leaf **mixes** when it has at least one ground portal and at least one gap portal. Its
//! *potential* `Φ` is the number of its ground and gap portals when it mixes, else 0.
//!
//! # The split rule
//!
//! For a mixing leaf, every edge of every gap and ground portal (gap portals first, each in
//! portal order, edges in winding order) gives a **candidate plane**: the vertical plane
//! containing the edge, its normal horizontal, perpendicular to the edge and pointing away from
//! the portal's interior (edges shorter than [`MIN_EDGE_LENGTH`] horizontally are skipped). The
//! leaf's portal windings are clipped by the candidate; pieces under [`MIN_PORTAL_AREA`] are
//! ignored, as portalisation drops them. A candidate is **accepted** when
//!
//! 1. both parts are thicker than [`GravitySettings::min_thickness`]: some vertex of the leaf
//!    lies further than that in front of the plane and some further than that behind it; and
//! 2. both parts have a potential strictly below the leaf's: each part either mixes no more,
//!    or keeps strictly fewer ground and gap portals.
//!
//! Among accepted candidates the first with the fewest mixing parts, then the smallest larger
//! potential, wins. The leaf is replaced by a node on that plane (inserted in the tree's
//! [`PlaneSet`](super::PlaneSet)) whose two children copy the leaf's blocked mask, contents,
//! model and outside flag; their bounds are those of their clipped portal windings, clamped to
//! the leaf's. A part that still mixes is split again at once, from its clipped windings (the
//! portals of a part are exactly the clipped portals of the leaf plus the cut, which is
//! vertical and so neither ground nor gap; its corners are corners of the clipped pieces, so
//! thickness and bounds need no winding of their own). Rule 2 makes the potential fall at every
//! level, so the depth of this recursion is at most the leaf's potential (up to the snapping
//! of the plane when it is stored); [`GravitySettings::max_splits_per_leaf`] bounds its width.
//!
//! The floor portals of a convex leaf do not overlap in plan view, so some vertical plane
//! through an edge of one of them separates a ground portal from a gap portal; what can fail is
//! the thickness rule. A leaf with no accepted candidate is left as it is and counted in
//! [`GravityStats::mixed_after`] (none on the nine shared maps: 31 to 102 mixing leaves each
//! before, 0 after; earlier versions, with patch brushes standing in front of the curves, left
//! a few leaves whose gap portal was a sliver under half a unit wide).
//!
//! # Rounds
//!
//! Each round portalises the tree and splits every mixing leaf as above. Splitting a leaf does
//! not change whether its neighbours mix (their portals are only cut into pieces of the same
//! kind), so one round normally suffices; the next one confirms it. Rounds stop when no leaf
//! mixes, when a round splits nothing, or after [`GravitySettings::max_rounds`] rounds.

use glam::DVec3;

use super::areas::is_ground_normal;
use super::bsp_tree::{BspLeaf, BspNode, BspTree, Child, LeafId, NodeId};
use super::portalize::{MIN_PORTAL_AREA, PortalSide, Portals, portalize};
use crate::brush::Plane;
use crate::geom::Winding;

#[cfg(doc)]
use super::areas::MAX_STEEPNESS;
#[cfg(doc)]
use super::store_tables::VERTEX_GRID;
#[cfg(doc)]
use crate::geom::ON_EPSILON;

/// Candidate edges shorter than this in plan view (units) give no split plane.
pub const MIN_EDGE_LENGTH: f64 = 0.1;

/// Settings of [`subdivide_by_gravity`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GravitySettings {
    /// The most rounds (portalisation, then splitting every mixing leaf).
    pub max_rounds: usize,
    /// Both parts of a split must be thicker than this (units).
    pub min_thickness: f64,
    /// The most splits made inside one leaf of one round.
    pub max_splits_per_leaf: usize,
}

impl Default for GravitySettings {
    /// 4 rounds, half a unit, 64 splits per leaf.
    ///
    /// Half a unit rather than a whole one: map brushes sit on integer coordinates, so 1-unit
    /// trims and ledges next to a drop give parts exactly 1 unit wide, which are real geometry
    /// and must be split off. Half a unit is still 50 times [`ON_EPSILON`] and 4 steps of the
    /// stored vertex grid ([`VERTEX_GRID`]); thinner gap slivers (numerical leftovers of
    /// nearly coplanar planes) are left alone.
    fn default() -> Self {
        Self {
            max_rounds: 4,
            min_thickness: 0.5,
            max_splits_per_leaf: 64,
        }
    }
}

/// Counts of one [`subdivide_by_gravity`] run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GravityStats {
    /// Rounds run (each portalises the tree once).
    pub rounds: usize,
    /// Mixing leaves before any split.
    pub mixed_before: usize,
    /// Mixing leaves left at the end: those no accepted candidate could split.
    pub mixed_after: usize,
    /// Leaves replaced by a node.
    pub splits: usize,
}

/// A ground or gap portal of a leaf (or part).
#[derive(Debug, Clone)]
struct Floor {
    winding: Winding,
    ground: bool,
}

/// What the split rule needs to know of a leaf or a part of it.
#[derive(Debug, Clone)]
struct Region {
    leaf: LeafId,
    floors: Vec<Floor>,
    /// Every portal winding of the region (floors included).
    boundary: Vec<Winding>,
}

impl Region {
    fn counts(&self) -> (usize, usize) {
        let ground = self.floors.iter().filter(|f| f.ground).count();
        (ground, self.floors.len() - ground)
    }

    fn potential(&self) -> usize {
        potential(self.counts())
    }
}

fn potential((ground, gap): (usize, usize)) -> usize {
    if ground > 0 && gap > 0 {
        ground + gap
    } else {
        0
    }
}

/// Splits every open leaf of `tree` that mixes ground and gap portals (see the
/// [module docs](self)), and returns the portals of the tree as it is left, so that the caller
/// need not portalise it again.
///
/// # Complexity
/// Per round one [`portalize()`] plus, for each mixing leaf, `O(s · c · p)` for `s` splits,
/// `c` candidate edges and `p` points of its portal windings.
pub fn subdivide_by_gravity(
    tree: &mut BspTree,
    settings: &GravitySettings,
) -> (GravityStats, Portals) {
    let mut stats = GravityStats::default();
    // One portalisation per round plus the final check, whose portals are returned.
    let mut round = 0;
    loop {
        let portals = portalize(tree);
        let mixed: Vec<Region> = (0..tree.leaves.len())
            .filter_map(|i| u32::try_from(i).ok().map(LeafId))
            .filter_map(|leaf| leaf_region(tree, &portals, leaf))
            .filter(|region| region.potential() > 0)
            .collect();
        if round == 0 {
            stats.mixed_before = mixed.len();
        }
        stats.mixed_after = mixed.len();
        if mixed.is_empty() || round >= settings.max_rounds {
            return (stats, portals);
        }
        round += 1;
        stats.rounds += 1;
        let mut parents = parent_slots(tree);
        let before = stats.splits;
        for region in mixed {
            stats.splits += split_region(tree, &mut parents, region, settings);
        }
        if stats.splits == before {
            // Nothing changed: the portals still describe the tree.
            return (stats, portals);
        }
    }
}

/// The ground and gap portals and all portal windings of an open leaf; `None` for a solid or
/// unknown leaf.
fn leaf_region(tree: &BspTree, portals: &Portals, leaf: LeafId) -> Option<Region> {
    if tree.is_solid(leaf) {
        return None;
    }
    let mut region = Region {
        leaf,
        floors: Vec::new(),
        boundary: Vec::new(),
    };
    for portal in portals
        .of_leaf(leaf)
        .iter()
        .filter_map(|&id| portals.get(id))
    {
        region.boundary.push(portal.winding.clone());
        if portal.winding.plane().is_none() {
            continue;
        }
        let leaf_is_front = portal.front == PortalSide::Leaf(leaf);
        let other = if leaf_is_front {
            portal.back
        } else {
            portal.front
        };
        let normal = tree.planes.get(portal.plane).normal;
        let into_z = if leaf_is_front { normal.z } else { -normal.z };
        if !is_ground_normal(into_z) {
            continue;
        }
        let other_open = matches!(other, PortalSide::Leaf(l) if !tree.is_solid(l));
        region.floors.push(Floor {
            winding: portal.winding.clone(),
            ground: !other_open,
        });
    }
    Some(region)
}

/// Where each leaf hangs in the tree: `(node, child index)`, or `None` for the root (or a
/// leaf no node references).
fn parent_slots(tree: &BspTree) -> Vec<Option<(NodeId, usize)>> {
    let mut slots = vec![None; tree.leaves.len()];
    for (index, node) in tree.nodes.iter().enumerate() {
        let Ok(id) = u32::try_from(index).map(NodeId) else {
            break;
        };
        for (side, child) in node.children.iter().enumerate() {
            if let Child::Leaf(leaf) = child
                && let Some(slot) = slots.get_mut(leaf.0 as usize)
            {
                *slot = Some((id, side));
            }
        }
    }
    slots
}

/// The two parts of a region cut by a plane: `[front, back]`.
type Parts = [Region; 2];

/// Splits `region` (and its parts, while they mix) in `tree`; returns the number of splits.
fn split_region(
    tree: &mut BspTree,
    parents: &mut Vec<Option<(NodeId, usize)>>,
    region: Region,
    settings: &GravitySettings,
) -> usize {
    let mut splits = 0;
    let mut stack = vec![region];
    while let Some(region) = stack.pop() {
        if splits >= settings.max_splits_per_leaf {
            break;
        }
        let Some(plane) = best_plane(&region, settings) else {
            continue;
        };
        let Some(parts) = apply_split(tree, parents, &region, plane) else {
            continue;
        };
        splits += 1;
        for part in parts {
            if part.potential() > 0 {
                stack.push(part);
            }
        }
    }
    splits
}

/// The vertical candidate planes of a region, in rule order (see the [module docs](self)).
fn candidates(region: &Region) -> Vec<Plane> {
    let mut planes: Vec<Plane> = Vec::new();
    let gaps = region.floors.iter().filter(|f| !f.ground);
    let grounds = region.floors.iter().filter(|f| f.ground);
    for floor in gaps.chain(grounds) {
        let points = floor.winding.points();
        let centre = floor.winding.center();
        for (i, &a) in points.iter().enumerate() {
            let Some(&b) = points.get((i + 1) % points.len()) else {
                continue;
            };
            let d = b - a;
            let length = d.x.hypot(d.y);
            if length.is_nan() || length < MIN_EDGE_LENGTH {
                continue;
            }
            let normal = DVec3::new(d.y / length, -d.x / length, 0.0);
            let mut plane = Plane {
                normal,
                dist: normal.dot(a),
            };
            if plane.distance_to(centre) > 0.0 {
                plane = plane.flipped();
            }
            let duplicate = planes.iter().any(|p| {
                (p.normal - plane.normal).abs().max_element() < 1e-9
                    && (p.dist - plane.dist).abs() < 1e-6
            });
            if !duplicate {
                planes.push(plane);
            }
        }
    }
    planes
}

/// The accepted candidate that scores best, if any.
fn best_plane(region: &Region, settings: &GravitySettings) -> Option<Plane> {
    let limit = region.potential();
    let mut best: Option<((usize, usize), Plane)> = None;
    for plane in candidates(region) {
        if !thick_on_both_sides(region, &plane, settings.min_thickness) {
            continue;
        }
        let [front, back] = split_counts(region, &plane);
        let (pf, pb) = (potential(front), potential(back));
        if pf >= limit || pb >= limit {
            continue;
        }
        let score = (usize::from(pf > 0) + usize::from(pb > 0), pf.max(pb));
        if best.is_none_or(|(s, _)| score < s) {
            best = Some((score, plane));
        }
    }
    best.map(|(_, plane)| plane)
}

fn thick_on_both_sides(region: &Region, plane: &Plane, min: f64) -> bool {
    let distances = region
        .boundary
        .iter()
        .flat_map(|w| w.points().iter().map(|&p| plane.distance_to(p)));
    let (lo, hi) = distances.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), d| {
        (lo.min(d), hi.max(d))
    });
    hi > min && lo < -min
}

fn kept(piece: Option<Winding>) -> Option<Winding> {
    piece.filter(|w| w.area() >= MIN_PORTAL_AREA)
}

/// `(ground, gap)` counts of the front and back parts.
fn split_counts(region: &Region, plane: &Plane) -> [(usize, usize); 2] {
    let mut counts = [(0, 0); 2];
    for floor in &region.floors {
        let split = floor.winding.split(plane);
        for (side, piece) in [split.front, split.back].into_iter().enumerate() {
            if kept(piece).is_some() {
                let count = &mut counts[side];
                if floor.ground {
                    count.0 += 1;
                } else {
                    count.1 += 1;
                }
            }
        }
    }
    counts
}

/// Replaces the region's leaf by a node on `plane` with two copies of the leaf; returns the
/// two parts, or `None` (tree unchanged) when ids overflow or the plane cannot be stored.
fn apply_split(
    tree: &mut BspTree,
    parents: &mut Vec<Option<(NodeId, usize)>>,
    region: &Region,
    plane: Plane,
) -> Option<Parts> {
    let leaf = tree.leaf(region.leaf)?.clone();
    let new_leaf = LeafId(u32::try_from(tree.leaves.len()).ok()?);
    let node_id = NodeId(u32::try_from(tree.nodes.len()).ok()?);
    let id = tree.planes.insert(plane)?;
    // Clip with the stored plane, oriented as the candidate.
    let plane = tree.planes.get(id);
    let canonical = id.canonical();
    // The part in front of the candidate keeps the old leaf id when the stored canonical plane
    // faces the other way (it is then the node's back child).
    let front_is_front = id == canonical;
    let mut parts = split_parts(region, &plane);
    let [front, back] = &mut parts;
    front.leaf = new_leaf;
    back.leaf = region.leaf;
    let (front_child, back_child) = (Child::Leaf(front.leaf), Child::Leaf(back.leaf));
    let children = if front_is_front {
        [front_child, back_child]
    } else {
        [back_child, front_child]
    };
    let slot = parents.get(region.leaf.0 as usize).copied().flatten();
    match slot {
        Some((parent, side)) => {
            let child = tree
                .nodes
                .get_mut(parent.0 as usize)?
                .children
                .get_mut(side)?;
            *child = Child::Node(node_id);
        }
        None if tree.root == Child::Leaf(region.leaf) => tree.root = Child::Node(node_id),
        None => return None,
    }
    tree.nodes.push(BspNode {
        plane: canonical,
        children,
    });
    let (front_index, back_index) = if front_is_front { (0, 1) } else { (1, 0) };
    tree.leaves.push(part_leaf(&leaf, &parts[0]));
    if let Some(old) = tree.leaves.get_mut(region.leaf.0 as usize) {
        *old = part_leaf(&leaf, &parts[1]);
    }
    if let Some(slot) = parents.get_mut(region.leaf.0 as usize) {
        *slot = Some((node_id, back_index));
    }
    parents.push(Some((node_id, front_index)));
    Some(parts)
}

/// The front and back parts of a region, each with its clipped windings.
fn split_parts(region: &Region, plane: &Plane) -> Parts {
    let empty = || Region {
        leaf: region.leaf,
        floors: Vec::new(),
        boundary: Vec::new(),
    };
    let mut parts = [empty(), empty()];
    for floor in &region.floors {
        let split = floor.winding.split(plane);
        for (part, piece) in parts.iter_mut().zip([split.front, split.back]) {
            if let Some(winding) = kept(piece) {
                part.floors.push(Floor {
                    winding,
                    ground: floor.ground,
                });
            }
        }
    }
    for winding in &region.boundary {
        let split = winding.split(plane);
        for (part, piece) in parts.iter_mut().zip([split.front, split.back]) {
            if let Some(piece) = piece {
                part.boundary.push(piece);
            }
        }
    }
    parts
}

/// A copy of `leaf` with the bounds of `part`'s windings, clamped to the leaf's bounds.
fn part_leaf(leaf: &BspLeaf, part: &Region) -> BspLeaf {
    let mut copy = leaf.clone();
    let points = part
        .boundary
        .iter()
        .flat_map(|w| w.points().iter().copied());
    let (lo, hi) = points.fold(
        (DVec3::splat(f64::INFINITY), DVec3::splat(f64::NEG_INFINITY)),
        |(lo, hi), p| (lo.min(p), hi.max(p)),
    );
    if lo.cmple(hi).all() {
        copy.mins = lo.max(leaf.mins).min(leaf.maxs);
        copy.maxs = hi.max(leaf.mins).min(leaf.maxs);
    }
    copy
}
