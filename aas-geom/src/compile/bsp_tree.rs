//! [`BspTree`]: the binary space partition of the AAS compiler (thesis §6.2). Nodes hold a
//! plane and two children; leaves are convex regions that know for which presence boxes they
//! are inside solid, and which other contents overlap them.
//!
//! Children are indices ([`Child`]) into the tree's node and leaf vectors; the root region is
//! the box `region_mins..region_maxs`, bounded by the planes [`BspTree::root_planes`].

use glam::DVec3;

use super::PresenceMask;
use super::plane_set::{PlaneId, PlaneSet};
use crate::brush::Contents;
use crate::geom::Winding;

/// Index of a node in [`BspTree::nodes`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

/// Index of a leaf in [`BspTree::leaves`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LeafId(pub u32);

/// A child of a node, or the root.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Child {
    /// An inner node.
    Node(NodeId),
    /// A leaf.
    Leaf(LeafId),
}

/// An inner node: a plane and the two half-spaces of its region.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BspNode {
    /// The splitting plane (the canonical member of its pair).
    pub plane: PlaneId,
    /// `[front, back]`: the part with `n·x - d > 0`, then the rest (points on the plane go to
    /// the back, the inside of a brush face).
    pub children: [Child; 2],
}

/// A leaf: a convex region with no brush face inside it.
#[derive(Debug, Clone, PartialEq)]
pub struct BspLeaf {
    /// The presence boxes for which the region lies inside a solid expanded brush of that box.
    pub blocked: PresenceMask,
    /// The union of the contents of the non-blocking brushes overlapping the region (water,
    /// lava, slime, teleporter, jump pad, cluster portal, do-not-enter, mover, ...).
    pub contents: Contents,
    /// The smallest non-zero model number of the mover brushes overlapping the region, or 0.
    pub model: u32,
    /// Lower corner of the region's bounds.
    pub mins: DVec3,
    /// Upper corner of the region's bounds.
    pub maxs: DVec3,
    /// Set by outside removal: the leaf was open but not reachable from any seed.
    pub removed_as_outside: bool,
}

impl BspLeaf {
    /// Whether the leaf is solid for every box of a list of `box_count` boxes.
    #[must_use]
    pub fn is_solid(&self, box_count: usize) -> bool {
        let all = PresenceMask::all(box_count);
        self.blocked.0 & all.0 == all.0
    }
}

/// A BSP tree over expanded brushes.
#[derive(Debug, Clone, PartialEq)]
pub struct BspTree {
    /// Every plane the tree uses (node planes, brush faces, root boundary).
    pub planes: PlaneSet,
    /// Inner nodes.
    pub nodes: Vec<BspNode>,
    /// Each node's cross-section as BSP construction cut it: the node's plane clipped to the
    /// node's region, facing the plane's normal (`sections[i]` for `nodes[i]`). Portalisation
    /// starts each node portal from it instead of cutting every region again; it is only
    /// complete while nodes are not added (an empty list, or one shorter than `nodes`, makes
    /// portalisation cut the regions itself).
    pub sections: Vec<Option<Winding>>,
    /// Leaves.
    pub leaves: Vec<BspLeaf>,
    /// The root.
    pub root: Child,
    /// The number of presence boxes (bits of [`BspLeaf::blocked`] that count).
    pub box_count: usize,
    /// The six outward planes bounding the root region.
    pub root_planes: [PlaneId; 6],
    /// Lower corner of the root region.
    pub region_mins: DVec3,
    /// Upper corner of the root region.
    pub region_maxs: DVec3,
    /// `source` of the input brushes skipped as degenerate (no volume, unbounded, not finite).
    pub skipped_brushes: Vec<usize>,
}

impl BspTree {
    /// The leaf containing `point` (points on a plane go to its back side). Non-finite
    /// points descend to the back everywhere.
    ///
    /// # Complexity
    /// `O(depth)`.
    #[must_use]
    pub fn point_leaf(&self, point: DVec3) -> LeafId {
        let mut child = self.root;
        // Each step goes one level down; the bound only guards a corrupted tree.
        for _ in 0..=self.nodes.len() {
            match child {
                Child::Leaf(leaf) => return leaf,
                Child::Node(node) => {
                    let Some(node) = self.nodes.get(node.0 as usize) else {
                        break;
                    };
                    let front = self.planes.get(node.plane).distance_to(point) > 0.0;
                    child = node.children[usize::from(!front)];
                }
            }
        }
        LeafId(0)
    }

    /// The leaf `id`, when it exists.
    #[must_use]
    pub fn leaf(&self, id: LeafId) -> Option<&BspLeaf> {
        self.leaves.get(id.0 as usize)
    }

    /// Whether leaf `id` is solid for every box (an unknown id counts as solid).
    #[must_use]
    pub fn is_solid(&self, id: LeafId) -> bool {
        self.leaf(id).is_none_or(|l| l.is_solid(self.box_count))
    }

    /// The number of inner nodes.
    #[must_use]
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// The number of leaves.
    #[must_use]
    pub fn leaf_count(&self) -> usize {
        self.leaves.len()
    }

    /// The number of solid leaves.
    #[must_use]
    pub fn solid_leaf_count(&self) -> usize {
        self.leaves
            .iter()
            .filter(|l| l.is_solid(self.box_count))
            .count()
    }

    /// The greatest number of nodes on a path from the root to a leaf.
    ///
    /// # Complexity
    /// `O(nodes)`, with an explicit stack.
    #[must_use]
    pub fn depth(&self) -> usize {
        let mut deepest = 0;
        let mut stack = vec![(self.root, 0_usize)];
        while let Some((child, depth)) = stack.pop() {
            deepest = deepest.max(depth);
            if let Child::Node(node) = child
                && let Some(node) = self.nodes.get(node.0 as usize)
                && depth < self.nodes.len()
            {
                stack.push((node.children[0], depth + 1));
                stack.push((node.children[1], depth + 1));
            }
        }
        deepest
    }
}
