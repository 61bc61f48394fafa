//! BSP construction over expanded brushes (thesis §6.2): one tree for all presence boxes,
//! split planes chosen among the brush faces to keep the number of convex leaves small.
//!
//! # Algorithm
//!
//! Every brush becomes a [`ConvexBrush`] fragment (faces with windings; faces that touch the
//! brush in less than a polygon are dropped, they do not change it). The root region is the
//! box around all fragments grown by [`BuildSettings::margin`]. A node is processed with its
//! region and the fragments inside it, from an explicit stack:
//!
//! 1. The candidates are the planes of the fragment faces not yet
//!    [`on_split`](super::brush_split::BrushFace::on_split) (a face on a plane used above the
//!    node lies on the node's boundary). Fragments are clipped to their node, so every
//!    candidate face lies in the region: its plane cuts the region or touches its boundary.
//! 2. No candidate: the region is inside or outside each fragment entirely; it becomes a leaf
//!    with the union of the fragments' blocking masks (brushes whose contents block players)
//!    and contents (every other brush), see [`BspLeaf`].
//! 3. Otherwise every candidate is scored by sorting the node's fragments against it (bounding
//!    box first, face points when the box straddles), and the lowest score wins:
//!
//!    `score = split_weight · splits + balance_weight · |front − back| − axial_bonus · axial
//!    − facing_weight · facing`
//!
//!    where `facing` counts the node's fragments with a face on the candidate plane (either
//!    orientation): a plane many brushes share — a floor level, a long wall line — separates
//!    them all at once, along surfaces that bound open space anyway.
//!
//!    With [`BuildSettings::prefer_exposed_faces`], only planes with an *exposed* open face
//!    compete while there are any: a face lying inside another brush of the same kind (an
//!    internal face of a wall built from several touching brushes) is *covered*, and planes
//!    with only covered faces wait. This carves solids out of open space along their outer
//!    surface first, instead of cutting open space with their internal faces.
//!
//!    Ties go to the lowest plane id (ids follow brush order), so the tree is deterministic.
//!    When the chosen plane does not actually cut the region (all within [`ON_EPSILON`] of one
//!    side), the faces on it are marked and the node tries again; otherwise the region and the
//!    fragments are split, faces on the plane are marked, and both halves are pushed.
//!
//! Each plane pair is used at most once on a path (its faces are marked below it), so the
//! depth is at most the number of distinct planes; [`BuildSettings::max_depth`] caps it with
//! [`BuildError::TooDeep`].
//!
//! # The heuristic, measured
//!
//! Splits multiply fragments (and later leaves); balance keeps the tree shallow and the
//! candidate scoring cheap; axial planes give clean, axis-aligned areas. Measured with
//! `benches/benches/aas_geom/compile_bsp.rs` (500 seeded random boxes in a 2048-unit cube,
//! one in ten water; "2 boxes": each solid box expanded by the standing and crouching boxes,
//! 950 brushes), release build, one core shared with other work:
//!
//! | weights (split, balance, axial, facing) | 1 box: nodes (after pruning), open leaves, depth, build | 2 boxes: nodes (after pruning), open leaves, depth, build |
//! |---|---|---|
//! | **default (4, 1, 2, 8), exposed first** | 4809 (4773), 3492, 24, 22 ms | 8159 (8090), 5988, 29, 56 ms |
//! | (4, 1, 2, 0) | 4579 (4541), 3367, 25, 20 ms | 8138 (8045), 5865, 36, 50 ms |
//! | (4, 1, 2, 8), no exposed-first tier | 4844 (4817), 3512, 26, 20 ms | 8080 (8035), 5942, 32, 39 ms |
//! | splits only (1, 0, 0, 8) | 7415 (7359), 5223, 32, 33 ms | 9945 (9866), 7124, 36, 56 ms |
//! | balance only (0, 1, 0, 8) | 17594 (17580), 11454, 21, 60 ms | 24355 (24258), 15328, 26, 99 ms |
//! | (1, 1, 0, 8) | 7177 (7144), 5046, 20, 28 ms | 10873 (10825), 7720, 23, 50 ms |
//! | (16, 1, 2, 8) | 4395 (4365), 3217, 35, 21 ms | 8047 (7964), 5869, 58, 69 ms |
//!
//! Random boxes seldom share a plane, so the facing term costs a few per cent of leaves there.
//! On real maps, where floors and wall lines are shared by many brushes, it matters most. The
//! nine shared maps (release, both boxes, whole compile, area counts against bspc's reference
//! files, portal-id merge order, split 4, balance 1, axial 2): facing weight 0 gave 4,681
//! areas in total (1.26 × bspc's 3,725) in 1.27 s; weight 4 gave 1.12 ×; weight 8 gave 4,060
//! (1.09 ×) in 0.93 s; weight 16 gave 1.06 × but a deeper tree. 8 is the default.
//!
//! (All planes of the random box world are axial, so the axial bonus changes nothing there;
//! it only orders axial before sloped planes of similar score.) Splits dominate the leaf count; the
//! balance term alone fragments badly but without it the tree is deep and slow to build; a
//! split weight of about 4 is the best trade-off measured. Random boxes rarely touch, so the
//! exposed-first tier barely matters there; on the test world `room_with_block` (a room with
//! a 4×4×2 block of touching cubes in a corner) it is decisive: 58 nodes and 21 open leaves
//! (3 after outside removal) instead of 135 nodes and 80 open leaves (32 after).
//!
//! # Two rules that keep real maps fast
//!
//! - **Filled regions settle.** A blocking fragment whose faces all lie on split planes fills
//!   its node's region, so the region is blocked for that fragment's boxes whatever else lies
//!   there: the other blocking fragments of those boxes are dropped, and when the filling
//!   fragments block every box the region becomes a solid leaf at once (unless a content
//!   brush, such as water reaching into a wall, still cuts it: leaf contents hold everywhere
//!   in the leaf). Without this, the
//!   overlapping brushes inside walls (and the thin brushes of curved patches) keep cutting
//!   space that is solid anyway.
//! - **Candidate sampling.** A split choice scores at most about
//!   [`BuildSettings::candidate_budget`] (candidate, fragment) pairs; larger nodes score an
//!   evenly spread sample of their candidates.
//!
//! Measured on the nine shared maps (release, one core, both default boxes, from prepared
//! brushes to the tree): without either rule 53.3 s in total (`am_underworks` alone 44.5 s,
//! 418,366 nodes before pruning); with settling 2.3 s (`am_underworks` 0.63 s, 4,361 nodes);
//! with settling and a budget of 4096, 1.9 s. The budget changes the open-leaf count by a few
//! per cent either way (budget 1024: up to +36 % on `ps37ctf`; 65,536: no faster than
//! unlimited).
//!
//! # Complexity
//! `O(Σ_nodes c · f)` candidate scoring, for `c` candidate planes and `f` fragments in a
//! node, plus the splitting work `O(Σ_nodes f · v)` for `v` points per fragment. With a
//! balanced tree that is about `O(n² · k)` at the root level falling geometrically, for `n`
//! brushes of `k` faces.

use std::cell::RefCell;

use glam::DVec3;
use rayon::prelude::*;
use thiserror::Error;

use super::ExpandedBrush;
use super::PresenceMask;
use super::brush_split::{ConvexBrush, SideTest};
use super::bsp_tree::{BspLeaf, BspNode, BspTree, Child, LeafId, NodeId};
use super::plane_set::{PlaneId, PlaneSet};
use crate::brush::{Contents, Plane};
use crate::geom::{BoundsGrid, ON_EPSILON, Side, Winding};

/// The split-plane heuristic and limits of [`build_tree`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BuildSettings {
    /// Cost of one fragment split by a candidate plane.
    pub split_weight: f64,
    /// Cost of one fragment of imbalance between the two sides.
    pub balance_weight: f64,
    /// Bonus (subtracted) for an axial candidate plane.
    pub axial_bonus: f64,
    /// Bonus (subtracted) per fragment with a face on the candidate plane.
    pub facing_weight: f64,
    /// How far the root region extends beyond the brushes (units).
    pub margin: f64,
    /// The greatest tree depth accepted.
    pub max_depth: usize,
    /// Choose planes with an exposed face (one not inside another brush of the same kind)
    /// before planes whose faces are all internal to a multi-brush solid.
    pub prefer_exposed_faces: bool,
    /// At most about this many (candidate, fragment) side tests per split choice: larger nodes
    /// score an evenly spread sample of their candidate planes.
    pub candidate_budget: usize,
}

impl Default for BuildSettings {
    /// The weights measured best on the bench world (see the module docs).
    fn default() -> Self {
        Self {
            split_weight: 4.0,
            balance_weight: 1.0,
            axial_bonus: 2.0,
            facing_weight: 8.0,
            margin: 16.0,
            max_depth: 4096,
            prefer_exposed_faces: true,
            candidate_budget: 4096,
        }
    }
}

/// Why [`build_tree`] failed.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum BuildError {
    /// The presence box count must be 1 to 8.
    #[error("presence box count {0} is outside 1..=8")]
    BoxCount(usize),
    /// No brush had volume and finite bounded geometry.
    #[error("no usable brush: the world is empty or every brush is degenerate")]
    NoBrushes,
    /// The tree grew deeper than [`BuildSettings::max_depth`].
    #[error("BSP deeper than {max_depth} near {point}")]
    TooDeep {
        /// The limit.
        max_depth: usize,
        /// The centre of the region where it happened.
        point: DVec3,
    },
    /// More nodes, leaves or planes than `u32` ids can hold.
    #[error("BSP too large for 32-bit ids")]
    TooLarge,
}

struct Fragment {
    brush: usize,
    shape: ConvexBrush,
}

#[derive(Clone, Copy)]
enum Slot {
    Root,
    Child(NodeId, usize),
}

struct Work {
    region: ConvexBrush,
    fragments: Vec<Fragment>,
    slot: Slot,
    depth: usize,
}

/// Builds the BSP tree of `brushes` for a list of `box_count` presence boxes.
///
/// # Errors
/// [`BuildError::BoxCount`] unless `1 <= box_count <= 8`; [`BuildError::NoBrushes`] when no
/// brush is usable; [`BuildError::TooDeep`] past [`BuildSettings::max_depth`];
/// [`BuildError::TooLarge`] past `u32` ids.
///
/// # Complexity
/// See the module docs.
pub fn build_tree(
    brushes: &[ExpandedBrush],
    box_count: usize,
    settings: &BuildSettings,
) -> Result<BspTree, BuildError> {
    if !(1..=8).contains(&box_count) {
        return Err(BuildError::BoxCount(box_count));
    }
    // Planes are numbered in brush order (sequentially); each brush's shape is built from
    // them in parallel, and taken in brush order.
    let mut planes = PlaneSet::new();
    let ids: Vec<Option<Vec<PlaneId>>> = brushes
        .iter()
        .map(|brush| brush.planes.iter().map(|&p| planes.insert(p)).collect())
        .collect();
    let shapes: Vec<Option<ConvexBrush>> = ids
        .par_iter()
        .map(|ids| {
            ids.as_ref()
                .and_then(|ids| ConvexBrush::from_planes(ids, &planes))
        })
        .collect();
    let mut fragments = Vec::with_capacity(brushes.len());
    let mut skipped_brushes = Vec::new();
    for (index, (brush, shape)) in brushes.iter().zip(shapes).enumerate() {
        match shape {
            Some(shape) => fragments.push(Fragment {
                brush: index,
                shape,
            }),
            None => skipped_brushes.push(brush.source),
        }
    }
    if fragments.is_empty() {
        return Err(BuildError::NoBrushes);
    }
    if settings.prefer_exposed_faces {
        mark_covered_faces(brushes, &mut fragments);
    }
    let (mut mins, mut maxs) = (DVec3::INFINITY, DVec3::NEG_INFINITY);
    for fragment in &fragments {
        let (lo, hi) = fragment.shape.bounds();
        mins = mins.min(lo);
        maxs = maxs.max(hi);
    }
    let margin = if settings.margin.is_finite() {
        settings.margin.max(1.0)
    } else {
        1.0
    };
    let (region_mins, region_maxs) = ((mins - margin).floor(), (maxs + margin).ceil());
    let mut root_planes = [PlaneId(0); 6];
    for (i, axis) in [DVec3::X, DVec3::Y, DVec3::Z].into_iter().enumerate() {
        root_planes[2 * i] = planes
            .insert(Plane {
                normal: axis,
                dist: region_maxs[i],
            })
            .ok_or(BuildError::TooLarge)?;
        root_planes[2 * i + 1] = planes
            .insert(Plane {
                normal: -axis,
                dist: -region_mins[i],
            })
            .ok_or(BuildError::TooLarge)?;
    }
    let region = ConvexBrush::from_planes(&root_planes, &planes).ok_or(BuildError::NoBrushes)?;

    let context = Context {
        brushes,
        planes: &planes,
        settings,
        box_count,
    };
    let work = Work {
        region,
        fragments,
        slot: Slot::Root,
        depth: 0,
    };
    let subtree = build_subtree(&context, work)?.flatten()?;
    Ok(BspTree {
        planes,
        nodes: subtree.nodes,
        sections: subtree.sections,
        leaves: subtree.leaves,
        root: subtree.root,
        box_count,
        root_planes,
        region_mins,
        region_maxs,
        skipped_brushes,
    })
}

/// What every part of the build reads: the brushes, their planes and the settings.
struct Context<'a> {
    brushes: &'a [ExpandedBrush],
    planes: &'a PlaneSet,
    settings: &'a BuildSettings,
    box_count: usize,
}

/// One step of the build: a region became a leaf, or was split in two.
#[expect(
    clippy::large_enum_variant,
    reason = "a step is returned and taken apart at once; boxing the split would allocate per node"
)]
enum Step {
    Leaf(BspLeaf),
    Split {
        plane: PlaneId,
        /// The region's cross-section on the plane.
        section: Option<Winding>,
        front: Work,
        back: Work,
    },
}

/// A finished subtree with its own 0-based node and leaf ids.
struct Subtree {
    nodes: Vec<BspNode>,
    /// Each node's cross-section (see [`BspTree::sections`]).
    sections: Vec<Option<Winding>>,
    leaves: Vec<BspLeaf>,
    root: Child,
}

/// Builds a subtree sequentially from an explicit stack.
struct Builder<'a> {
    context: &'a Context<'a>,
    nodes: Vec<BspNode>,
    sections: Vec<Option<Winding>>,
    leaves: Vec<BspLeaf>,
    root: Option<Child>,
}

/// Regions at most this deep are split in parallel (each split hands its two halves to
/// `rayon::join`); deeper ones are built sequentially. 2⁶ tasks keep two to eight cores busy
/// without fine-grained overhead.
const PARALLEL_DEPTH: usize = 6;

/// Regions with fewer fragments are built sequentially whatever their depth.
const PARALLEL_MIN_FRAGMENTS: usize = 64;

/// The tree as the parallel build returns it: the top levels as nodes of their own, over
/// subtrees each built sequentially, put together once by [`Piece::flatten`] (putting each
/// level together as it returns would copy the deep nodes once per level).
enum Piece {
    /// A region that became a leaf at a parallel level.
    Leaf(BspLeaf),
    /// A split at a parallel level: the node, then its front and back halves.
    Split {
        plane: PlaneId,
        section: Option<Winding>,
        halves: Box<[Piece; 2]>,
    },
    /// A subtree built sequentially.
    Built(Subtree),
}

/// Builds the subtree of `work`, splitting the top levels in parallel. The result does not
/// depend on scheduling: the front half's ids always come before the back half's.
fn build_subtree(context: &Context<'_>, work: Work) -> Result<Piece, BuildError> {
    if work.depth >= PARALLEL_DEPTH || work.fragments.len() < PARALLEL_MIN_FRAGMENTS {
        let mut builder = Builder {
            context,
            nodes: Vec::new(),
            sections: Vec::new(),
            leaves: Vec::new(),
            root: None,
        };
        let mut stack = vec![Work {
            slot: Slot::Root,
            ..work
        }];
        while let Some(work) = stack.pop() {
            builder.process(work, &mut stack)?;
        }
        let root = builder.root.ok_or(BuildError::NoBrushes)?;
        return Ok(Piece::Built(Subtree {
            nodes: builder.nodes,
            sections: builder.sections,
            leaves: builder.leaves,
            root,
        }));
    }
    match context.step(work)? {
        Step::Leaf(leaf) => Ok(Piece::Leaf(leaf)),
        Step::Split {
            plane,
            section,
            front,
            back,
        } => {
            let (front, back) = rayon::join(
                || build_subtree(context, front),
                || build_subtree(context, back),
            );
            Ok(Piece::Split {
                plane,
                section,
                halves: Box::new([front?, back?]),
            })
        }
    }
}

impl Piece {
    /// The whole tree with 0-based ids: each node before its front half's nodes, those
    /// before its back half's; front leaves before back leaves.
    fn flatten(self) -> Result<Subtree, BuildError> {
        let (nodes, leaves) = self.counts();
        let mut tree = Subtree {
            nodes: Vec::with_capacity(nodes),
            sections: Vec::with_capacity(nodes),
            leaves: Vec::with_capacity(leaves),
            root: Child::Leaf(LeafId(0)),
        };
        tree.root = self.append_to(&mut tree)?;
        Ok(tree)
    }

    /// How many nodes and leaves the piece holds.
    fn counts(&self) -> (usize, usize) {
        match self {
            Piece::Leaf(_) => (0, 1),
            Piece::Split { halves, .. } => {
                let [(front_nodes, front_leaves), (back_nodes, back_leaves)] =
                    [halves[0].counts(), halves[1].counts()];
                (1 + front_nodes + back_nodes, front_leaves + back_leaves)
            }
            Piece::Built(built) => (built.nodes.len(), built.leaves.len()),
        }
    }

    /// Appends the piece's nodes and leaves to `tree`; returns its root there.
    fn append_to(self, tree: &mut Subtree) -> Result<Child, BuildError> {
        let id = |n: usize| u32::try_from(n).map_err(|_| BuildError::TooLarge);
        match self {
            Piece::Leaf(leaf) => {
                let leaf_id = LeafId(id(tree.leaves.len())?);
                tree.leaves.push(leaf);
                Ok(Child::Leaf(leaf_id))
            }
            Piece::Split {
                plane,
                section,
                halves,
            } => {
                let node = NodeId(id(tree.nodes.len())?);
                tree.nodes.push(BspNode {
                    plane,
                    children: [Child::Leaf(LeafId(u32::MAX)); 2],
                });
                tree.sections.push(section);
                let [front, back] = *halves;
                let children = [front.append_to(tree)?, back.append_to(tree)?];
                if let Some(slot) = tree.nodes.get_mut(node.0 as usize) {
                    slot.children = children;
                }
                Ok(Child::Node(node))
            }
            Piece::Built(built) => {
                let node_offset = id(tree.nodes.len())?;
                let leaf_offset = id(tree.leaves.len())?;
                id(tree.nodes.len() + built.nodes.len())?;
                id(tree.leaves.len() + built.leaves.len())?;
                let shift = |child: Child| match child {
                    Child::Node(n) => Child::Node(NodeId(n.0 + node_offset)),
                    Child::Leaf(l) => Child::Leaf(LeafId(l.0 + leaf_offset)),
                };
                tree.nodes
                    .extend(built.nodes.into_iter().map(|node| BspNode {
                        plane: node.plane,
                        children: node.children.map(shift),
                    }));
                tree.sections.extend(built.sections);
                tree.leaves.extend(built.leaves);
                Ok(shift(built.root))
            }
        }
    }
}

impl Builder<'_> {
    /// Builds one region: a leaf, or a node whose halves go on the stack.
    fn process(&mut self, work: Work, stack: &mut Vec<Work>) -> Result<(), BuildError> {
        let slot = work.slot;
        match self.context.step(work)? {
            Step::Leaf(leaf) => {
                let id =
                    LeafId(u32::try_from(self.leaves.len()).map_err(|_| BuildError::TooLarge)?);
                self.leaves.push(leaf);
                self.attach(&slot, Child::Leaf(id));
            }
            Step::Split {
                plane,
                section,
                mut front,
                mut back,
            } => {
                let node =
                    NodeId(u32::try_from(self.nodes.len()).map_err(|_| BuildError::TooLarge)?);
                self.nodes.push(BspNode {
                    plane,
                    children: [Child::Leaf(LeafId(u32::MAX)); 2],
                });
                self.sections.push(section);
                self.attach(&slot, Child::Node(node));
                back.slot = Slot::Child(node, 1);
                front.slot = Slot::Child(node, 0);
                stack.push(back);
                stack.push(front);
            }
        }
        Ok(())
    }

    fn attach(&mut self, slot: &Slot, child: Child) {
        match *slot {
            Slot::Root => self.root = Some(child),
            Slot::Child(node, side) => {
                if let Some(node) = self.nodes.get_mut(node.0 as usize) {
                    node.children[side] = child;
                }
            }
        }
    }
}

impl Context<'_> {
    /// Decides what `work`'s region becomes: a leaf, or a split into two halves (whose slots
    /// the caller fills in).
    fn step(&self, mut work: Work) -> Result<Step, BuildError> {
        if work.depth > self.settings.max_depth {
            let (lo, hi) = work.region.bounds();
            return Err(BuildError::TooDeep {
                max_depth: self.settings.max_depth,
                point: (lo + hi) * 0.5,
            });
        }
        loop {
            if self.settle_filled(&mut work) {
                return Ok(Step::Leaf(self.leaf_for(&work)));
            }
            let Some(id) = self.choose_split(&work.fragments) else {
                return Ok(Step::Leaf(self.leaf_for(&work)));
            };
            let split = work.region.split(id, self.planes);
            let (Some(front_region), Some(back_region)) = (split.front, split.back) else {
                // The plane only touches the region: its faces lie on the boundary.
                let plane = self.planes.get(id);
                for fragment in &mut work.fragments {
                    fragment.shape.mark_faces_on(id, &plane);
                }
                continue;
            };
            let count = work.fragments.len();
            let (mut front, mut back) = (Vec::with_capacity(count), Vec::with_capacity(count));
            for fragment in work.fragments {
                let parts = fragment.shape.into_split(id, self.planes);
                if let Some(shape) = parts.front {
                    front.push(Fragment {
                        brush: fragment.brush,
                        shape,
                    });
                }
                if let Some(shape) = parts.back {
                    back.push(Fragment {
                        brush: fragment.brush,
                        shape,
                    });
                }
            }
            return Ok(Step::Split {
                plane: id,
                section: split.mid,
                front: Work {
                    region: front_region,
                    fragments: front,
                    slot: Slot::Root,
                    depth: work.depth + 1,
                },
                back: Work {
                    region: back_region,
                    fragments: back,
                    slot: Slot::Root,
                    depth: work.depth + 1,
                },
            });
        }
    }

    /// Drops the fragments that cannot change the leaf this region will become, and says
    /// whether the region is already solid for every box and no content brush still cuts it.
    ///
    /// A blocking fragment whose faces all lie on split planes fills the whole region, so the
    /// region is blocked for its boxes whatever else is in it: every other blocking fragment
    /// that blocks only those boxes can no longer change anything and is dropped (it would only
    /// cut the region into pieces that are all alike). When the filling fragments block every
    /// box, the region is solid and needs no further splitting.
    ///
    /// First, numerical remnants are dropped ([`is_remnant`]): a sliver of a brush, thinner
    /// than [`ON_EPSILON`] where it pokes into the region, whose faces were all marked as
    /// lying on split planes because each came within [`ON_EPSILON`] of one. Nothing would cut
    /// it again, and taken for a filler it would make the whole region solid: measured on
    /// `oacmpdm8`, an 8-unit slab of phantom solid across a 500-unit corridor above a ramp
    /// of stairs, from a 0.02 × 0.01-unit corner of the ramp's brush.
    fn settle_filled(&self, work: &mut Work) -> bool {
        let (lo, hi) = work.region.bounds();
        work.fragments
            .retain(|fragment| !is_remnant(&fragment.shape, lo, hi));
        let blocking = |fragment: &Fragment| {
            self.brushes
                .get(fragment.brush)
                .filter(|brush| brush.contents.blocks_player())
        };
        let mut filled = PresenceMask::NONE;
        for fragment in &work.fragments {
            if let Some(brush) = blocking(fragment)
                && fragment.shape.all_faces_on_split()
            {
                filled = filled.union(brush.blocks);
            }
        }
        if filled.is_empty() {
            return false;
        }
        // A content brush that only partly overlaps the region must still cut it, so that
        // every leaf's contents hold at every point of the leaf (solid leaves included).
        let partial_contents = work
            .fragments
            .iter()
            .any(|fragment| blocking(fragment).is_none() && !fragment.shape.all_faces_on_split());
        if filled == PresenceMask::all(self.box_count) && !partial_contents {
            return true;
        }
        let mut kept_filler = PresenceMask::NONE;
        work.fragments.retain(|fragment| {
            let Some(brush) = blocking(fragment) else {
                return true;
            };
            if brush.blocks.union(filled) != filled {
                return true;
            }
            // Keep one filling fragment per mask so that the leaf still records the block.
            let fills = fragment.shape.all_faces_on_split();
            if fills && brush.blocks.union(kept_filler) != kept_filler {
                kept_filler = kept_filler.union(brush.blocks);
                return true;
            }
            false
        });
        false
    }

    /// The best candidate plane (canonical orientation), or `None` when no open face is left.
    fn choose_split(&self, fragments: &[Fragment]) -> Option<PlaneId> {
        let mut candidates = candidate_planes(fragments);
        let tier = candidates.iter().map(|c| c.covered).min()?;
        candidates.retain(|c| c.covered == tier);
        // Large nodes score an evenly spread sample of the candidates, so that one choice costs
        // at most about `candidate_budget` side tests (the root of a big map would otherwise
        // cost candidates × fragments).
        let pairs = candidates.len().saturating_mul(fragments.len().max(1));
        let stride = pairs.div_ceil(self.settings.candidate_budget.max(1)).max(1);
        let mut best: Option<(f64, PlaneId)> = None;
        for candidate in candidates.into_iter().step_by(stride) {
            let (id, facing) = (candidate.plane, candidate.facing);
            let plane = self.planes.get(id);
            let test = SideTest::new(plane);
            let (mut front, mut back, mut splits) = (0_usize, 0_usize, 0_usize);
            let mut count = |side: Side| match side {
                Side::Front => front += 1,
                Side::Back | Side::On => back += 1,
                Side::Cross => splits += 1,
            };
            // Most candidates are axial: their loop tests the bounding boxes inline.
            if let Some((axis, sign)) = test.axis() {
                for fragment in fragments {
                    count(fragment.shape.axial_side(axis, sign, plane.dist));
                }
            } else {
                for fragment in fragments {
                    count(fragment.shape.side_of_prepared(&test));
                }
            }
            let axial = if self.planes.is_axial(id) { 1.0 } else { 0.0 };
            let score = self.settings.split_weight * splits as f64
                + self.settings.balance_weight * front.abs_diff(back) as f64
                - self.settings.axial_bonus * axial
                - self.settings.facing_weight * facing as f64;
            if best.is_none_or(|(s, _)| score < s) {
                best = Some((score, id));
            }
        }
        best.map(|(_, id)| id)
    }

    /// The leaf a region becomes: the union of its fragments' blocking masks and contents.
    fn leaf_for(&self, work: &Work) -> BspLeaf {
        let (mins, maxs) = work.region.bounds();
        let mut leaf = BspLeaf {
            blocked: PresenceMask::NONE,
            contents: Contents::empty(),
            model: 0,
            mins,
            maxs,
            removed_as_outside: false,
        };
        for fragment in &work.fragments {
            let Some(brush) = self.brushes.get(fragment.brush) else {
                continue;
            };
            if brush.contents.blocks_player() {
                leaf.blocked = leaf.blocked.union(brush.blocks);
            } else {
                leaf.contents |= brush.contents;
                if brush.contents.contains(Contents::MOVER)
                    && brush.model != 0
                    && (leaf.model == 0 || brush.model < leaf.model)
                {
                    leaf.model = brush.model;
                }
            }
        }
        leaf
    }
}

/// A plane some fragment of a node has an open face on (see [`candidate_planes`]).
struct Candidate {
    /// The plane (canonical orientation).
    plane: PlaneId,
    /// Whether every open face on it is covered (an internal face of a multi-brush solid).
    covered: bool,
    /// How many fragments have a face on it, open or on a split plane, either orientation:
    /// the `facing` term of the split score.
    facing: usize,
}

/// The candidate split planes of a node's fragments, in plane order: every canonical plane
/// with a face not yet on a split plane, with its [`Candidate::facing`] count. One pass over
/// the faces tallies each plane in per-plane slots (kept per thread between nodes and reset
/// for the planes touched), then the touched planes are sorted.
///
/// # Complexity
/// `O(F + k log k)` for `F` faces in all on `k` distinct planes.
fn candidate_planes(fragments: &[Fragment]) -> Vec<Candidate> {
    /// Per canonical plane: the last fragment seen with a face on it (index + 1, 0 for none),
    /// how many fragments have one, and what its open faces say (see [`Open`]); and the
    /// planes touched.
    #[derive(Default)]
    struct Tally {
        last: Vec<u32>,
        facing: Vec<u32>,
        open: Vec<Open>,
        touched: Vec<u32>,
    }
    /// What the open faces on a plane say so far.
    #[derive(Clone, Copy, Default, PartialEq)]
    enum Open {
        #[default]
        None,
        AllCovered,
        SomeExposed,
    }
    thread_local! {
        static TALLY: RefCell<Tally> = RefCell::default();
    }
    TALLY.with_borrow_mut(|tally| {
        for (fragment, number) in fragments.iter().zip(1_u32..) {
            for face in fragment.shape.faces() {
                let plane = face.plane.canonical().0;
                let p = plane as usize;
                if p >= tally.last.len() {
                    tally.last.resize(p + 1, 0);
                    tally.facing.resize(p + 1, 0);
                    tally.open.resize(p + 1, Open::None);
                }
                if tally.last[p] == 0 {
                    tally.touched.push(plane);
                }
                if tally.last[p] != number {
                    tally.last[p] = number;
                    tally.facing[p] += 1;
                }
                if !face.on_split {
                    tally.open[p] = match (tally.open[p], face.covered) {
                        (Open::None | Open::AllCovered, true) => Open::AllCovered,
                        _ => Open::SomeExposed,
                    };
                }
            }
        }
        tally.touched.sort_unstable();
        let mut candidates = Vec::new();
        for &plane in &tally.touched {
            let p = plane as usize;
            if tally.open[p] != Open::None {
                candidates.push(Candidate {
                    plane: PlaneId(plane),
                    covered: tally.open[p] == Open::AllCovered,
                    facing: tally.facing[p] as usize,
                });
            }
            tally.last[p] = 0;
            tally.facing[p] = 0;
            tally.open[p] = Open::None;
        }
        tally.touched.clear();
        candidates
    })
}

/// How far inside a region's bounding box a fragment whose faces all lie on split planes may
/// stop and still count as filling the region (units). A fragment sorted whole to one side
/// of a split reaches at most [`ON_EPSILON`] past the plane, so the bounds of a true filler
/// match the region's far more closely than this.
pub const REMNANT_TOLERANCE: f64 = 0.1;

/// Whether `shape`, a fragment clipped to a region with bounds `lo..hi`, is a numerical
/// remnant: all its faces lie on split planes, so nothing will cut it again, yet it does not
/// reach the region's bounds, so it does not fill the region either (see
/// [`Context::settle_filled`]).
pub(super) fn is_remnant(shape: &ConvexBrush, lo: DVec3, hi: DVec3) -> bool {
    let (a, b) = shape.bounds();
    shape.all_faces_on_split()
        && ((a - lo).max_element() > REMNANT_TOLERANCE
            || (hi - b).max_element() > REMNANT_TOLERANCE)
}

/// Marks the faces lying inside another brush of the same kind (same blocking contents and
/// blocked boxes, or the same non-blocking contents) as covered.
///
/// # Complexity
/// `O(n · k)` bounding-box tests for `n` brushes with `k` brushes listed near each in a
/// [`BoundsGrid`], plus `O(f · v · k)` point tests for the `f` faces of `v` points.
fn mark_covered_faces(brushes: &[ExpandedBrush], fragments: &mut [Fragment]) {
    let kind = |fragment: &Fragment| {
        brushes.get(fragment.brush).map(|b| {
            if b.contents.blocks_player() {
                (true, b.blocks, Contents::empty())
            } else {
                (false, PresenceMask::NONE, b.contents)
            }
        })
    };
    let bounds: Vec<(DVec3, DVec3)> = fragments.iter().map(|f| f.shape.bounds()).collect();
    let grid = BoundsGrid::new(&bounds);
    // Each fragment's covered faces are found in parallel, and marked afterwards in order.
    let covered_faces = |a: usize| -> Vec<usize> {
        let Some(fragment) = fragments.get(a) else {
            return Vec::new();
        };
        let Some(kind_a) = kind(fragment) else {
            return Vec::new();
        };
        let (a_lo, a_hi) = bounds[a];
        let mut near = Vec::new();
        grid.near(a_lo - ON_EPSILON, a_hi + ON_EPSILON, &mut near);
        near.retain(|&b| {
            let (b_lo, b_hi) = bounds[b];
            b != a
                && !(b_lo - ON_EPSILON).cmpgt(a_hi).any()
                && !(b_hi + ON_EPSILON).cmplt(a_lo).any()
                && kind(&fragments[b]) == Some(kind_a)
        });
        let mut covered_faces = Vec::new();
        for (face_index, face) in fragment.shape.faces().enumerate() {
            let (f_lo, f_hi) = face
                .points
                .iter()
                .fold((DVec3::INFINITY, DVec3::NEG_INFINITY), |(lo, hi), &p| {
                    (lo.min(p), hi.max(p))
                });
            let covered = near.iter().any(|&b| {
                let (b_lo, b_hi) = bounds[b];
                if (b_lo - ON_EPSILON).cmpgt(f_hi).any() || (b_hi + ON_EPSILON).cmplt(f_lo).any() {
                    return false;
                }
                brushes.get(fragments[b].brush).is_some_and(|brush_b| {
                    face.points.iter().all(|&p| {
                        brush_b
                            .planes
                            .iter()
                            .all(|plane| plane.distance_to(p) <= ON_EPSILON)
                    })
                })
            });
            if covered {
                covered_faces.push(face_index);
            }
        }
        covered_faces
    };
    let updates: Vec<(usize, usize)> = (0..fragments.len())
        .into_par_iter()
        .flat_map_iter(|a| covered_faces(a).into_iter().map(move |face| (a, face)))
        .collect();
    for (fragment, face) in updates {
        fragments[fragment].shape.set_covered(face, true);
    }
}

/// Whether `point` is inside `brush` (`n·p <= d` for every plane): the brute-force reference
/// of the tree's leaf classification.
///
/// # Complexity
/// `O(planes)`.
#[must_use]
pub fn point_in_brush(brush: &ExpandedBrush, point: DVec3) -> bool {
    brush.planes.iter().all(|p| p.distance_to(point) <= 0.0)
}
