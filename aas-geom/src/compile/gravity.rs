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
//! # Thin floors
//!
//! A node plane of a curved ramp (or any slanted plane) extended across the tree can pass a
//! fraction of a unit above a floor: the open leaf between them is a **thin floor**, an open
//! leaf with a ground portal whose portals to open leaves above come within
//! [`GravitySettings::thin_floor`] (a step, 18 units) of one of its ground planes somewhere
//! (more than a thousandth of a unit above it: points on the ground itself, where a top
//! meets the floor in a wedge, are clipping noise; a slab between two nearly parallel planes a
//! hundredth of a unit apart is not). Where several such planes cross at shallow angles, as
//! the facet planes of a curved ramp do, they stack: a **thin layer** is an air leaf standing
//! only on thin leaves whose top comes within the same height of the ground under them, and
//! it counts as thin too. A standing player's origin there rises out of the floor's leaf into
//! the air (or a layer) above, an area without ground and without reachabilities. Merging
//! cannot join such a sliver with the air above it when that air also stands on other leaves,
//! or does not cover all of it (the union is not convex), so three more kinds of leaf are
//! split, by the same rule and candidates, into **columns**:
//!
//! - an air leaf (no ground portal) whose gap portals lead down to two or more leaves, one of
//!   them thin: each part should stand on one leaf (its potential counts its gap portals while
//!   they lead to several leaves);
//! - a thin leaf whose top portals lead up to two or more leaves: each part should lie under
//!   one (its potential counts its top portals, and candidate planes come from their edges
//!   too);
//! - a thin leaf that a vertical side of a leaf above it cuts (some point of it lies more than
//!   [`GravitySettings::min_thickness`] on either side): each part should lie within the
//!   sides of the leaves above it (its potential counts those sides, which are candidate
//!   planes too). This is the case the portal edges miss: where two nearly parallel planes
//!   cross, the line between two tops is ill-conditioned (a hundredth of a unit of height
//!   moves it by units) and a wedge of floor reaches past the column above it.
//!
//! Merging then joins each thin piece of floor with the column above it first, and the layers
//! above from the bottom up ([`merge_leaves`](super::merge_leaves)). Measured on
//! `tests/maps/spiral_ramp.map`: standing points left outside a grounded area 21 → 1 of
//! 5,424 (two rounds) → 0 (rounds until nothing splits); on `tests/maps/helix_ramp.map` (a
//! quarter turn of a wide helix up to a landing) 439 → 287 of 18,445 (two rounds, with the
//! patch rows of [`Patch`](crate::Patch)) → 0; on the shared maps, oacmpdm8's coverage of
//! bspc's standing points 0.912 → 0.971 (thin floors) → 0.988 (layers and sides, with the
//! rows of patches chosen as bspc does, two rounds) → 0.990 (rounds until nothing splits,
//! and parts a quarter unit thick), its reverse coverage 0.972 → 0.984, and the points of
//! its two helical ramps (an 8-unit grid, standing on our own floor) outside a grounded area
//! 458 of 18,839 → 57 → 23.
//!
//! # Rounds
//!
//! Each round finds every leaf that mixes (or is a column not yet split) and splits it as
//! above. Splitting a leaf does not change whether its neighbours mix ground and gaps (their
//! portals are only cut into pieces of the same kind), so for plain ledges one round
//! suffices and the next one confirms it. Thin floors are different: the parts of a split
//! leaf are new thin leaves and layers, and the air above them becomes a column to split,
//! one layer of a stack per round (11 rounds on the helix ramp, 10 on oacmpdm8, 2 to 7 on the
//! other shared maps). Rounds stop when no leaf mixes, when a round splits nothing, or after
//! [`GravitySettings::max_rounds`] rounds.
//!
//! The tree is portalised once, before the first round; each split then brings the portals
//! of the leaf it cuts up to date (`Portals::split_leaf`: the leaf's portals cut by the
//! plane, and the cross-section between the two parts), so that a round costs the
//! evaluation of its leaves and the splits, not a portalisation of the whole tree. The
//! portals returned are those a fresh [`portalize()`] of the final tree gives, up to rounding
//! and numbering (tested on the ramp maps).
//!
//! After the first round, a round looks again only at the leaves the last one can have
//! changed: those whose portals its splits changed and their neighbours (a thin leaf reads
//! the portals of the leaves above it), those whose thin flag changed and their neighbours,
//! and those that mixed (one may have been left unsplit). Every other leaf mixed neither
//! then nor now. The thin-floor view of each leaf is likewise kept from round to round and
//! made again only where the portals changed.

use glam::DVec3;
use rayon::prelude::*;
use smallvec::SmallVec;

use super::areas::is_ground_normal;
use super::bsp_tree::{BspLeaf, BspNode, BspTree, Child, LeafId, NodeId};
use super::portalize::{MIN_PORTAL_AREA, PortalSide, Portals, portalize_with_room};
use crate::brush::{Plane, same_plane};
use crate::geom::{Winding, area_of};

#[cfg(doc)]
use super::areas::MAX_STEEPNESS;
#[cfg(doc)]
use super::portalize::portalize;
#[cfg(doc)]
use super::store_tables::VERTEX_GRID;
#[cfg(doc)]
use crate::geom::ON_EPSILON;

/// Candidate edges shorter than this in plan view (units) give no split plane.
pub const MIN_EDGE_LENGTH: f64 = 0.1;

/// A portal plane whose normal has `|z|` below this is vertical: a side of a leaf.
const VERTICAL_EPSILON: f64 = 1e-6;

/// A top point of a leaf counts towards a thin floor only when it lies more than this height
/// (units) above the leaf's ground: points on the ground itself (where a top meets the floor
/// in a wedge) are clipping noise, far below it; a real slab between two nearly parallel
/// planes, even a hundredth of a unit thick, is far above it.
const THIN_FLOOR_NOISE: f64 = 1e-3;

/// Settings of [`subdivide_by_gravity`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GravitySettings {
    /// The most rounds (finding the mixing leaves, then splitting each).
    pub max_rounds: usize,
    /// Both parts of a split must be thicker than this (units).
    pub min_thickness: f64,
    /// The most splits made inside one leaf of one round.
    pub max_splits_per_leaf: usize,
    /// A floor leaf whose top comes closer than this (units) to its ground somewhere is a
    /// thin floor: the air above it is split into columns standing on one floor leaf each,
    /// and the floor leaf into pieces under one air leaf each, so that merging can join each
    /// piece of floor with the air above it (0 turns this off).
    pub thin_floor: f64,
}

impl Default for GravitySettings {
    /// 16 rounds, a quarter unit, 64 splits per leaf, thin floors under a step (18 units).
    ///
    /// Sixteen rounds: in practice, until nothing more splits (2 to 11 rounds on the 18 shared
    /// maps and the ramp test maps). With the portals kept up to date split by split a round
    /// costs a few milliseconds; when each round portalised the whole tree, two were taken,
    /// and a stack of thin layers on a curved ramp was cut only two layers deep (287 standing
    /// points of the helix ramp left outside a grounded area, none now).
    ///
    /// A quarter unit rather than a whole one: map brushes sit on integer coordinates, so
    /// 1-unit trims and ledges next to a drop give parts exactly 1 unit wide, which are real
    /// geometry and must be split off; so is the corner of a ledge whose edge runs at a slant
    /// across a leaf, a wedge of gap half a unit wide at its base (oacmpdm8: the strip of
    /// floor beside it stayed in the air above the drop with half a unit). A quarter unit is
    /// still 25 times [`ON_EPSILON`] and 2 steps of the stored vertex grid ([`VERTEX_GRID`]),
    /// so a part stays at least a grid step thick when its vertices are stored; thinner gap
    /// slivers (numerical leftovers of nearly coplanar planes) are left alone.
    fn default() -> Self {
        Self {
            max_rounds: 16,
            min_thickness: 0.25,
            max_splits_per_leaf: 64,
            thin_floor: 18.0,
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

/// A ground or gap portal of a leaf (or part), or a top: a portal to an open leaf above.
#[derive(Debug, Clone)]
struct Floor {
    winding: Winding,
    ground: bool,
    /// The open leaf on the other side (`None` for ground).
    other: Option<LeafId>,
    /// For a gap: whether the leaf below is a thin floor ([`thin_floor_leaves`]).
    thin_below: bool,
}

/// Whether the floors of `list` lead to two or more different leaves.
fn several(mut list: impl Iterator<Item = Kind>) -> bool {
    list.next()
        .is_some_and(|first| list.any(|k| k.other != first.other))
}

/// What [`Counts`] read of a [`Floor`].
#[derive(Debug, Clone, Copy)]
struct Kind {
    ground: bool,
    other: Option<LeafId>,
    thin_below: bool,
}

impl Kind {
    fn of(floor: &Floor) -> Self {
        Self {
            ground: floor.ground,
            other: floor.other,
            thin_below: floor.thin_below,
        }
    }
}

/// What the split rule needs to know of a leaf or a part of it.
#[derive(Debug, Clone)]
struct Region {
    leaf: LeafId,
    floors: Vec<Floor>,
    /// For a thin floor leaf: its portals to open leaves above it (else empty).
    tops: Vec<Floor>,
    /// Every portal winding of the region (floors included).
    boundary: Vec<Winding>,
    /// For a thin leaf: the vertical side planes of the open leaves above it (they should
    /// not cut it), and how far a part must reach past one for it to count as cutting.
    cutters: Vec<Plane>,
    cut_min: f64,
}

impl Region {
    fn counts(&self) -> Counts {
        Counts::of(&self.floors, &self.tops)
    }

    fn potential(&self) -> usize {
        self.counts().potential() + self.cuts()
    }

    /// The floors, then the tops, each with whether it is a top.
    fn floors_and_tops(&self) -> impl Iterator<Item = (bool, &Floor)> {
        let floors = self.floors.iter().map(|f| (false, f));
        floors.chain(self.tops.iter().map(|f| (true, f)))
    }

    /// How many of the [`cutters`](Self::cutters) cut the region: some point of it lies more
    /// than `cut_min` on either side.
    fn cuts(&self) -> usize {
        self.cutters
            .iter()
            .filter(|plane| thick_on_both_sides(self, plane, self.cut_min))
            .count()
    }
}

/// What the split rule counts in a region.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Counts {
    ground: usize,
    gap: usize,
    /// Gap portals when they lead down to two or more leaves, one of them a thin floor (else 0).
    column_gaps: usize,
    /// Top portals when they lead up to two or more leaves (else 0).
    column_tops: usize,
}

impl Counts {
    fn of(floors: &[Floor], tops: &[Floor]) -> Self {
        Self::of_kinds(floors.iter().map(Kind::of), tops.iter().map(Kind::of))
    }

    /// [`Counts::of`] from what the counts read of each floor and top.
    fn of_kinds(
        floors: impl Iterator<Item = Kind> + Clone,
        tops: impl Iterator<Item = Kind> + Clone,
    ) -> Self {
        let ground = floors.clone().filter(|k| k.ground).count();
        let gaps = floors.filter(|k| !k.ground);
        let gap = gaps.clone().count();
        let column_gaps =
            if ground == 0 && gaps.clone().any(|k| k.thin_below) && several(gaps.clone()) {
                gap
            } else {
                0
            };
        let column_tops = if several(tops.clone()) {
            tops.count()
        } else {
            0
        };
        Self {
            ground,
            gap,
            column_gaps,
            column_tops,
        }
    }

    /// Mixing ground and gaps counts both; a column that is not one yet counts its portals.
    fn potential(self) -> usize {
        let mixing = if self.ground > 0 && self.gap > 0 {
            self.ground + self.gap
        } else {
            0
        };
        mixing + self.column_gaps + self.column_tops
    }
}

/// Splits every open leaf of `tree` that mixes ground and gap portals (see the
/// [module docs](self)), and returns the portals of the tree as it is left, so that the caller
/// need not portalise it again.
///
/// # Complexity
/// One [`portalize()`]; per round `O(portal points · ground planes)` to find thin leaves and
/// mixing leaves, plus, for each mixing leaf, `O(s · c · p)` for `s` splits, `c` candidate
/// edges and `p` points of its portal windings, and `O(p + d · v)` per split to update the
/// portals (depth `d`).
pub fn subdivide_by_gravity(
    tree: &mut BspTree,
    settings: &GravitySettings,
) -> (GravityStats, Portals) {
    let mut stats = GravityStats::default();
    // One portalisation; each split then updates the portals of the leaf it cuts.
    // With room for the portals the splits add, so that the list is not copied as it grows.
    let mut portals = portalize_with_room(tree, true);
    // The cross-sections served that portalisation; the splits below add nodes without.
    let sections = std::mem::take(&mut tree.sections);
    rayon::spawn(move || drop(sections));
    let (mut parents, mut node_parents) = parent_slots(tree);
    let mut round = 0;
    let mut last: Option<LastRound> = None;
    let mut thin_floors = ThinFloors::new(tree, &portals, settings.thin_floor);
    loop {
        if let Some(last) = &last {
            thin_floors.update(tree, &portals, &last.touched);
        }
        let thin = thin_floors.flags(&portals);
        let tree_now: &BspTree = tree;
        let evaluate = match &last {
            None => (0..tree_now.leaves.len())
                .filter_map(|i| u32::try_from(i).ok().map(LeafId))
                .collect(),
            Some(last) => leaves_to_evaluate(&portals, &thin, last),
        };
        let mixed: Vec<Region> = evaluate
            .into_par_iter()
            .filter(|&leaf| may_split(tree_now, &portals, leaf, &thin))
            .filter_map(|leaf| leaf_region(tree_now, &portals, leaf, &thin, settings.min_thickness))
            .filter(|region| region.potential() > 0)
            .collect();
        if round == 0 {
            stats.mixed_before = mixed.len();
        }
        stats.mixed_after = mixed.len();
        if mixed.is_empty() || round >= settings.max_rounds {
            portals.compact();
            return (stats, portals);
        }
        round += 1;
        stats.rounds += 1;
        let before = stats.splits;
        let mixed_leaves: Vec<LeafId> = mixed.iter().map(|region| region.leaf).collect();
        let mut touched = Vec::new();
        let mut state = SplitState {
            tree: &mut *tree,
            portals: &mut portals,
            parents: &mut parents,
            node_parents: &mut node_parents,
            touched: &mut touched,
        };
        // The first plane of each leaf depends on its region alone: chosen in parallel. The
        // splits themselves change the tree and its plane set, in leaf order.
        let first: Vec<Option<Plane>> = mixed
            .par_iter()
            .map(|region| best_plane(region, settings))
            .collect();
        for (region, first) in mixed.into_iter().zip(first) {
            stats.splits += split_region(&mut state, region, first, settings);
        }
        if stats.splits == before {
            portals.compact();
            return (stats, portals);
        }
        last = Some(LastRound {
            thin,
            mixed: mixed_leaves,
            touched,
        });
    }
}

/// What a round of [`subdivide_by_gravity`] leaves for the next (see [`leaves_to_evaluate`]).
struct LastRound {
    /// Its thin flags, per leaf.
    thin: Vec<bool>,
    /// The leaves that mixed.
    mixed: Vec<LeafId>,
    /// The leaves whose portals its splits changed (see `SplitState::touched`).
    touched: Vec<LeafId>,
}

/// The leaves whose [`Region`] potential may differ from the last round's, in id order, with
/// the leaves that mixed then: every other leaf mixed neither then nor now. What a leaf's
/// region reads: its portals and its neighbours' solidity and thin flags, and for a thin leaf
/// the portals of the leaves above it. So a leaf is evaluated again when its portals changed
/// (`touched`: the leaves split and their neighbours at the time), when a neighbour's did,
/// when its thin flag or a neighbour's changed, or when it mixed in the last round (it may
/// have been left unsplit).
///
/// # Complexity
/// `O(leaves + Σ portals of the touched and changed leaves)`.
fn leaves_to_evaluate(portals: &Portals, thin: &[bool], last: &LastRound) -> Vec<LeafId> {
    let count = thin.len();
    let mut dirty = vec![false; count];
    let mark_with_neighbours = |leaf: LeafId, dirty: &mut Vec<bool>| {
        if let Some(flag) = dirty.get_mut(leaf.0 as usize) {
            *flag = true;
        }
        for &id in portals.of_leaf(leaf) {
            if let Some(PortalSide::Leaf(other)) = portals.other_side(id, leaf)
                && let Some(flag) = dirty.get_mut(other.0 as usize)
            {
                *flag = true;
            }
        }
    };
    for &leaf in &last.touched {
        mark_with_neighbours(leaf, &mut dirty);
    }
    for (index, &now) in thin.iter().enumerate() {
        // A leaf the last round made has no flag of its own then: it was touched anyway.
        if last.thin.get(index) != Some(&now)
            && let Ok(index) = u32::try_from(index)
        {
            mark_with_neighbours(LeafId(index), &mut dirty);
        }
    }
    for &leaf in &last.mixed {
        if let Some(flag) = dirty.get_mut(leaf.0 as usize) {
            *flag = true;
        }
    }
    (0_u32..)
        .zip(&dirty)
        .filter(|&(_, &flag)| flag)
        .map(|(index, _)| LeafId(index))
        .collect()
}

/// Whether the [`Region`] of `leaf` may have a potential above 0: its floors and tops counted
/// without copying a winding. `false` means a potential of 0 for sure (no mixing, no column
/// to split, and not a thin leaf under open leaves, the only kind with cutters), so that
/// each round builds regions only for the few leaves that may split.
fn may_split(tree: &BspTree, portals: &Portals, leaf: LeafId, thin: &[bool]) -> bool {
    if tree.is_solid(leaf) {
        return false;
    }
    let is_thin = |l: LeafId| thin.get(l.0 as usize).copied().unwrap_or(false);
    let mut floors: SmallVec<[Kind; 16]> = SmallVec::new();
    for portal in portals
        .of_leaf(leaf)
        .iter()
        .filter_map(|&id| portals.get(id))
    {
        let Some((into, other_open)) = leaf_side(tree, portal, leaf) else {
            continue;
        };
        if is_ground_normal(into.normal.z) {
            floors.push(Kind {
                ground: other_open.is_none(),
                other: other_open,
                thin_below: other_open.is_some_and(is_thin),
            });
        } else if is_ground_normal(-into.normal.z) && is_thin(leaf) && other_open.is_some() {
            // A thin leaf under open leaves may be a column to split, or be cut by their sides.
            return true;
        }
    }
    Counts::of_kinds(floors.into_iter(), std::iter::empty()).potential() > 0
}

/// The ground and gap portals and all portal windings of an open leaf; `None` for a solid or
/// unknown leaf.
fn leaf_region(
    tree: &BspTree,
    portals: &Portals,
    leaf: LeafId,
    thin: &[bool],
    cut_min: f64,
) -> Option<Region> {
    if tree.is_solid(leaf) {
        return None;
    }
    let is_thin = |l: LeafId| thin.get(l.0 as usize).copied().unwrap_or(false);
    let mut region = Region {
        leaf,
        floors: Vec::new(),
        tops: Vec::new(),
        boundary: Vec::new(),
        cutters: Vec::new(),
        cut_min,
    };
    for portal in portals
        .of_leaf(leaf)
        .iter()
        .filter_map(|&id| portals.get(id))
    {
        region.boundary.push(portal.winding.clone());
        let Some((into, other_open)) = leaf_side(tree, portal, leaf) else {
            continue;
        };
        let into_z = into.normal.z;
        if is_ground_normal(into_z) {
            region.floors.push(Floor {
                winding: portal.winding.clone(),
                ground: other_open.is_none(),
                other: other_open,
                thin_below: other_open.is_some_and(is_thin),
            });
        } else if is_ground_normal(-into_z)
            && is_thin(leaf)
            && let Some(above) = other_open
        {
            region.tops.push(Floor {
                winding: portal.winding.clone(),
                ground: false,
                other: Some(above),
                thin_below: false,
            });
        }
    }
    // The vertical sides of the open leaves above a thin leaf.
    for above in region.tops.iter().filter_map(|top| top.other) {
        for portal in portals
            .of_leaf(above)
            .iter()
            .filter_map(|&id| portals.get(id))
        {
            let plane = tree.planes.get(portal.plane);
            let known = region
                .cutters
                .iter()
                .any(|p| same_plane(p, &plane) || same_plane(p, &plane.flipped()));
            if plane.normal.z.abs() < VERTICAL_EPSILON && !known {
                region.cutters.push(plane);
            }
        }
    }
    Some(region)
}

/// A portal of `leaf` as the leaf sees it: its plane oriented into the leaf, and the open leaf
/// on the other side (`None` for solid or the outside); `None` for a degenerate winding.
fn leaf_side(
    tree: &BspTree,
    portal: &super::portalize::Portal,
    leaf: LeafId,
) -> Option<(Plane, Option<LeafId>)> {
    portal.normal()?;
    let leaf_is_front = portal.front == PortalSide::Leaf(leaf);
    let other = if leaf_is_front {
        portal.back
    } else {
        portal.front
    };
    let plane = tree.planes.get(portal.plane);
    let into = if leaf_is_front {
        plane
    } else {
        plane.flipped()
    };
    let open = match other {
        PortalSide::Leaf(l) if !tree.is_solid(l) => Some(l),
        _ => None,
    };
    Some((into, open))
}

/// Per leaf: whether it is thin. A **thin floor** is an open leaf with a ground portal whose
/// portals to open leaves above it come within `height` of one of its ground planes somewhere
/// (more than [`THIN_FLOOR_NOISE`] above it): a sliver between a floor and a node plane
/// passing just above it, where a standing player's origin would rise out of the floor's area
/// into the air above. A **thin layer** is an open leaf without ground whose floor portals
/// all lead to thin leaves and whose top comes within `height` of their ground planes: the
/// next sliver of a stack of nearly parallel planes.
///
/// # Complexity
/// `O(portal points · ground planes)` per leaf, and `O(leaves)` per pass; one pass per layer
/// of the deepest stack.
pub(crate) fn thin_floor_leaves(tree: &BspTree, portals: &Portals, height: f64) -> Vec<bool> {
    ThinFloors::new(tree, portals, height).flags(portals)
}

/// Where a leaf or node hangs in the tree: `(parent node, child index)`.
type Slot = Option<(NodeId, usize)>;

/// Where each leaf and each node hangs in the tree, `(leaves, nodes)`: `None` for the root
/// (or one no node references).
fn parent_slots(tree: &BspTree) -> (Vec<Slot>, Vec<Slot>) {
    let mut leaves = vec![None; tree.leaves.len()];
    let mut nodes = vec![None; tree.nodes.len()];
    for (index, node) in tree.nodes.iter().enumerate() {
        let Ok(id) = u32::try_from(index).map(NodeId) else {
            break;
        };
        for (side, child) in node.children.iter().enumerate() {
            let slot = match *child {
                Child::Leaf(leaf) => leaves.get_mut(leaf.0 as usize),
                Child::Node(child) => nodes.get_mut(child.0 as usize),
            };
            if let Some(slot) = slot {
                *slot = Some((id, side));
            }
        }
    }
    (leaves, nodes)
}

/// The ancestors of a node hanging in `slot`, from the root down, each with the side its
/// descendant takes.
fn path_from_root(node_parents: &[Slot], slot: Slot) -> Vec<(NodeId, usize)> {
    let mut path = Vec::new();
    let mut next = slot;
    while let Some((parent, side)) = next {
        if path.len() > node_parents.len() {
            break; // a corrupted tree: no path is longer than the node count
        }
        path.push((parent, side));
        next = node_parents.get(parent.0 as usize).copied().flatten();
    }
    path.reverse();
    path
}

/// What splitting changes: the tree, its portals, and where leaves and nodes hang.
struct SplitState<'a> {
    tree: &'a mut BspTree,
    portals: &'a mut Portals,
    parents: &'a mut Vec<Slot>,
    node_parents: &'a mut Vec<Slot>,
    /// Every leaf whose portals a split changed: the leaf split, its new part, and the
    /// leaves it touched.
    touched: &'a mut Vec<LeafId>,
}

/// The two parts of a region cut by a plane: `[front, back]`.
type Parts = [Region; 2];

/// Splits `region` (and its parts, while they mix) in `tree`, first by `first` (its
/// [`best_plane`], chosen beforehand); returns the number of splits.
fn split_region(
    state: &mut SplitState<'_>,
    region: Region,
    first: Option<Plane>,
    settings: &GravitySettings,
) -> usize {
    let mut splits = 0;
    let mut first = Some(first);
    let mut stack = vec![region];
    while let Some(region) = stack.pop() {
        if splits >= settings.max_splits_per_leaf {
            break;
        }
        let chosen = first
            .take()
            .unwrap_or_else(|| best_plane(&region, settings));
        let Some(plane) = chosen else {
            continue;
        };
        let Some(parts) = apply_split(state, &region, plane) else {
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
    for floor in gaps.chain(grounds).chain(&region.tops) {
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
    for cutter in &region.cutters {
        if !planes.iter().any(|p| same_plane(p, cutter)) {
            planes.push(*cutter);
        }
    }
    planes
}

/// The accepted candidate that scores best, if any.
fn best_plane(region: &Region, settings: &GravitySettings) -> Option<Plane> {
    let limit = region.potential();
    let prepared = Prepared::of(region);
    let mut scratch = Scratch::default();
    let score_of = |[pf, pb]: [usize; 2]| (usize::from(pf > 0) + usize::from(pb > 0), pf.max(pb));
    let mut best: Option<((usize, usize), Plane)> = None;
    for plane in candidates(region) {
        if !thick_on_both_sides(region, &plane, settings.min_thickness) {
            continue;
        }
        // Potentials only grow as they are counted, and the score with them: a candidate
        // whose partial count already reaches the limit, or the best score so far, is out.
        let best_score = best.map(|(score, _)| score);
        let ruled_out = |potentials: [usize; 2]| {
            potentials.iter().any(|&p| p >= limit)
                || best_score.is_some_and(|best| score_of(potentials) >= best)
        };
        let Some(potentials) = part_potentials(region, &prepared, &plane, &mut scratch, ruled_out)
        else {
            continue;
        };
        let score = score_of(potentials);
        best = Some((score, plane));
        if score == (0, 0) {
            break; // no candidate scores lower
        }
    }
    best.map(|(_, plane)| plane)
}

/// Whether some point of the region's boundary lies more than `min` in front of `plane` and
/// some more than `min` behind it.
fn thick_on_both_sides(region: &Region, plane: &Plane, min: f64) -> bool {
    let (mut front, mut back) = (false, false);
    for winding in &region.boundary {
        for &point in winding.points() {
            let distance = plane.distance_to(point);
            front |= distance > min;
            back |= distance < -min;
        }
        if front && back {
            return true;
        }
    }
    false
}

fn kept(piece: Option<Winding>) -> Option<Winding> {
    piece.filter(|w| w.area() >= MIN_PORTAL_AREA)
}

/// What [`part_potentials`] reuses for every candidate plane of one region: the area of
/// each floor and top (in [`Region::floors_and_tops`] order), and for each boundary winding
/// the cutters some point of it lies more than `cut_min` in front of, and behind (bit sets of
/// `words` words per winding). A winding that a candidate does not cut goes whole to one
/// part, with these very points, so its reach is the same for every candidate.
struct Prepared {
    areas: Vec<f64>,
    words: usize,
    reach_front: Vec<u64>,
    reach_back: Vec<u64>,
}

impl Prepared {
    fn of(region: &Region) -> Self {
        let areas = region
            .floors_and_tops()
            .map(|(_, floor)| area_of(floor.winding.points()))
            .collect();
        let words = region.cutters.len().div_ceil(64);
        let mut reach_front = vec![0; words * region.boundary.len()];
        let mut reach_back = vec![0; words * region.boundary.len()];
        if words > 0 {
            let rows = reach_front
                .chunks_exact_mut(words)
                .zip(reach_back.chunks_exact_mut(words));
            for (winding, (front, back)) in region.boundary.iter().zip(rows) {
                add_reach(region, winding.points(), front, back);
            }
        }
        Self {
            areas,
            words,
            reach_front,
            reach_back,
        }
    }
}

/// Sets, in the bit sets `front` and `back`, the cutters of `region` that some of `points`
/// lie more than `cut_min` in front of, and behind.
fn add_reach(region: &Region, points: &[DVec3], front: &mut [u64], back: &mut [u64]) {
    for (index, cutter) in region.cutters.iter().enumerate() {
        let (word, bit) = (index / 64, 1_u64 << (index % 64));
        let (Some(f), Some(b)) = (front.get_mut(word), back.get_mut(word)) else {
            continue;
        };
        if *f & *b & bit != 0 {
            continue;
        }
        for &point in points {
            let distance = cutter.distance_to(point);
            if distance > region.cut_min {
                *f |= bit;
            }
            if distance < -region.cut_min {
                *b |= bit;
            }
        }
    }
}

/// Buffers [`part_potentials`] reuses from one candidate to the next: per part, the kinds of
/// its floors and of its tops, and its cutter reach (bit sets, as in [`Prepared`]).
#[derive(Default)]
struct Scratch {
    floors: [Vec<Kind>; 2],
    tops: [Vec<Kind>; 2],
    reach_front: [Vec<u64>; 2],
    reach_back: [Vec<u64>; 2],
}

/// The [`Region::potential`] of each part of [`split_parts`] (front, back), without building
/// the parts: the kinds of the kept floor and top pieces, and the cutters that each part's
/// boundary pieces reach past on both sides (only when there are cutters). `None` when
/// `ruled_out` says so of the potentials, checked on the floors' count before the cutters
/// are counted (they only add to it) and again at the end.
fn part_potentials(
    region: &Region,
    prepared: &Prepared,
    plane: &Plane,
    scratch: &mut Scratch,
    ruled_out: impl Fn([usize; 2]) -> bool,
) -> Option<[usize; 2]> {
    let Scratch {
        floors,
        tops,
        reach_front,
        reach_back,
    } = scratch;
    for list in floors.iter_mut().chain(tops.iter_mut()) {
        list.clear();
    }
    for ((top, floor), &whole_area) in region.floors_and_tops().zip(&prepared.areas) {
        floor.winding.split_pieces(plane, |front, points, whole| {
            let area = if whole { whole_area } else { area_of(points) };
            if area >= MIN_PORTAL_AREA {
                let lists = if top { &mut *tops } else { &mut *floors };
                lists[usize::from(!front)].push(Kind::of(floor));
            }
        });
    }
    let mut potentials = [0, 1].map(|side| {
        Counts::of_kinds(floors[side].iter().copied(), tops[side].iter().copied()).potential()
    });
    if ruled_out(potentials) {
        return None;
    }
    let words = prepared.words;
    if words > 0 {
        // Per part and cutter: whether some boundary point lies more than `cut_min` in front
        // of it, and behind it.
        for list in reach_front.iter_mut().chain(reach_back.iter_mut()) {
            list.clear();
            list.resize(words, 0);
        }
        let rows = prepared
            .reach_front
            .chunks_exact(words)
            .zip(prepared.reach_back.chunks_exact(words));
        for (winding, (whole_front, whole_back)) in region.boundary.iter().zip(rows) {
            winding.split_pieces(plane, |front, points, whole| {
                let side = usize::from(!front);
                let (part_front, part_back) = (&mut reach_front[side], &mut reach_back[side]);
                if whole {
                    for (part, &bits) in part_front.iter_mut().zip(whole_front) {
                        *part |= bits;
                    }
                    for (part, &bits) in part_back.iter_mut().zip(whole_back) {
                        *part |= bits;
                    }
                } else {
                    add_reach(region, points, part_front, part_back);
                }
            });
        }
        for (side, potential) in potentials.iter_mut().enumerate() {
            let both = reach_front[side].iter().zip(&reach_back[side]);
            *potential += both
                .map(|(f, b)| (f & b).count_ones() as usize)
                .sum::<usize>();
        }
    }
    (!ruled_out(potentials)).then_some(potentials)
}

/// The floors and tops of the front and back parts of a region cut by `plane`.
fn split_floors(region: &Region, plane: &Plane) -> [(Vec<Floor>, Vec<Floor>); 2] {
    split_pieces(region, plane, |floor, winding| Floor {
        winding,
        ..floor.clone()
    })
}

/// For the front and back parts of a region cut by `plane`: `piece(floor, winding)` of each
/// kept piece of its floors, then of its tops.
fn split_pieces<T>(
    region: &Region,
    plane: &Plane,
    piece: impl Fn(&Floor, Winding) -> T,
) -> [(Vec<T>, Vec<T>); 2] {
    let mut parts = [(Vec::new(), Vec::new()), (Vec::new(), Vec::new())];
    for (top, floor) in region.floors_and_tops() {
        let split = floor.winding.split(plane);
        for (part, cut) in parts.iter_mut().zip([split.front, split.back]) {
            if let Some(winding) = kept(cut) {
                let list = if top { &mut part.1 } else { &mut part.0 };
                list.push(piece(floor, winding));
            }
        }
    }
    parts
}

/// Replaces the region's leaf by a node on `plane` with two copies of the leaf and updates the
/// portals; returns the two parts, or `None` (tree unchanged) when ids overflow or the plane
/// cannot be stored.
fn apply_split(state: &mut SplitState<'_>, region: &Region, plane: Plane) -> Option<Parts> {
    let SplitState {
        tree,
        portals,
        parents,
        node_parents,
        touched,
    } = state;
    let leaf = tree.leaf(region.leaf)?.clone();
    let new_leaf = LeafId(u32::try_from(tree.leaves.len()).ok()?);
    let node_id = NodeId(u32::try_from(tree.nodes.len()).ok()?);
    let id = tree.planes.insert(plane)?;
    touched.extend([region.leaf, new_leaf]);
    touched.extend(portals.of_leaf(region.leaf).iter().filter_map(|&portal| {
        match portals.other_side(portal, region.leaf) {
            Some(PortalSide::Leaf(other)) => Some(other),
            _ => None,
        }
    }));
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
    node_parents.push(slot);
    let path = path_from_root(node_parents, slot);
    portals.split_leaf(tree, node_id, region.leaf, &path);
    Some(parts)
}

/// The front and back parts of a region, each with its clipped windings.
fn split_parts(region: &Region, plane: &Plane) -> Parts {
    let mut parts = split_floors(region, plane).map(|(floors, tops)| Region {
        leaf: region.leaf,
        floors,
        tops,
        boundary: Vec::new(),
        cutters: region.cutters.clone(),
        cut_min: region.cut_min,
    });
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

#[path = "thin_floors.rs"]
mod thin_floors;
use thin_floors::ThinFloors;

#[cfg(test)]
#[path = "gravity_rule_tests.rs"]
mod rule_tests;
