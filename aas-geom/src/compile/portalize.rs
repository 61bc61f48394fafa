//! Portalisation: the convex polygons through which adjacent leaves of a [`BspTree`] touch.
//!
//! Two leaves touch only on the plane of their lowest common node, inside that node's region.
//! So each node's *node portal* — its plane clipped to its region — is pushed down the front
//! sub-tree, split by every plane it crosses, until each piece sits in one front leaf; each
//! piece is then pushed down the back sub-tree the same way. Every final piece bounds exactly
//! one front leaf and one back leaf: a [`Portal`]. The six faces of the root region are pushed
//! down the whole tree the same way and connect their leaves to [`PortalSide::Outside`].
//!
//! The node portals are the cross-sections the BSP build recorded ([`BspTree::sections`]),
//! when every node has one: the same polygons as cutting each node's region again, without
//! the cost. Otherwise the walk down the tree cuts the regions itself.
//!
//! Pieces with an area under [`MIN_PORTAL_AREA`] are dropped (slivers produced by nearly
//! parallel planes, which no player can pass).
//!
//! When a leaf is split by a new node (the gravitational subdivision), the portals need not be
//! computed again: `Portals::split_leaf` cuts the leaf's portals by the node's plane and adds
//! the node's cross-section between the two parts, the same clips in another order.

use glam::DVec3;
use rayon::prelude::*;
use smallvec::{SmallVec, smallvec};

use super::brush_split::ConvexBrush;
use super::bsp_tree::{BspTree, Child, LeafId, NodeId};
use super::plane_set::PlaneId;
use crate::geom::{Clipper, Winding};

/// Portals with less area than this are dropped (square units).
pub const MIN_PORTAL_AREA: f64 = 0.01;

/// Index of a portal in [`Portals::portals`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PortalId(pub u32);

/// One side of a portal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PortalSide {
    /// A leaf of the tree.
    Leaf(LeafId),
    /// The pseudo-leaf beyond the root region.
    Outside,
}

/// A convex polygon on a node plane bounding exactly two leaves.
#[derive(Debug, Clone, PartialEq)]
pub struct Portal {
    /// The plane; the winding faces its normal, towards [`Portal::front`].
    pub plane: PlaneId,
    /// The node whose plane it lies on; `None` for a face of the root region.
    pub node: Option<NodeId>,
    /// The polygon.
    pub winding: Winding,
    /// The side the plane's normal points to.
    pub front: PortalSide,
    /// The other side.
    pub back: PortalSide,
    /// The winding's own unit normal ([`Winding::plane`]), computed once when the portal is
    /// made: the later stages ask for it many times per portal.
    own_normal: Option<DVec3>,
}

impl Portal {
    /// A portal of `winding` on `plane` (of `node`) between `front` and `back`.
    #[must_use]
    pub fn new(
        plane: PlaneId,
        node: Option<NodeId>,
        winding: Winding,
        front: PortalSide,
        back: PortalSide,
    ) -> Self {
        let own_normal = winding.plane().map(|plane| plane.normal);
        Self {
            plane,
            node,
            winding,
            front,
            back,
            own_normal,
        }
    }

    /// The winding's own unit normal, following its point order ([`Winding::plane`]); `None`
    /// for a degenerate winding.
    #[must_use]
    pub fn normal(&self) -> Option<DVec3> {
        self.own_normal
    }
}

/// All portals of a tree, and each leaf's portals.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Portals {
    /// Every portal.
    pub portals: Vec<Portal>,
    /// For each leaf, its portals in id order.
    pub leaf_portals: Vec<Vec<PortalId>>,
}

impl Portals {
    /// The portals of `leaf` (empty for an unknown leaf).
    #[must_use]
    pub fn of_leaf(&self, leaf: LeafId) -> &[PortalId] {
        self.leaf_portals
            .get(leaf.0 as usize)
            .map_or(&[], Vec::as_slice)
    }

    /// The portal `id`, when it exists.
    #[must_use]
    pub fn get(&self, id: PortalId) -> Option<&Portal> {
        self.portals.get(id.0 as usize)
    }

    /// The side of portal `id` that is not `leaf`.
    #[must_use]
    pub fn other_side(&self, id: PortalId, leaf: LeafId) -> Option<PortalSide> {
        let portal = self.get(id)?;
        Some(if portal.front == PortalSide::Leaf(leaf) {
            portal.back
        } else {
            portal.front
        })
    }

    /// The portals of each list of `found`, in that order (ids follow it),
    /// with each leaf's list of its portals in id order; `leaf_count` leaves; with `room`, the
    /// list has room for as many portals again. Built in
    /// parallel: the portals are copied into place by both threads (a real map has tens of
    /// thousands, and the pages they fill are new), and the leaf lists are copied out of one
    /// list sorted by leaf (counting sort). Portals past `u32` ids are left out.
    ///
    /// # Complexity
    /// `O(p + l)` for `p` portals and `l` leaves.
    fn from_lists(found: Vec<Vec<Portal>>, leaf_count: usize, room: bool) -> Self {
        let lists: Vec<&[Portal]> = found
            .iter()
            .map(Vec::as_slice)
            .filter(|list| !list.is_empty())
            .collect();
        // Where each list starts in the whole.
        let mut starts = Vec::with_capacity(lists.len());
        let mut total = 0_usize;
        for list in &lists {
            starts.push(total);
            total += list.len();
        }
        let total = total.min(usize::try_from(u32::MAX).unwrap_or(usize::MAX));
        let mut portals = Vec::with_capacity(if room { 2 * total } else { total });
        (0..total)
            .into_par_iter()
            .map(|index| {
                let list = starts.partition_point(|&start| start <= index) - 1;
                lists[list][index - starts[list]].clone()
            })
            .collect_into_vec(&mut portals);
        drop(lists);
        rayon::spawn(move || drop(found));
        // Each leaf's portals, in id order: counted, then placed in one list (a counting
        // sort), then copied out leaf by leaf in parallel.
        let leaf_of = |side: PortalSide| match side {
            PortalSide::Leaf(leaf) => usize::try_from(leaf.0).ok().filter(|&l| l < leaf_count),
            PortalSide::Outside => None,
        };
        let mut starts = vec![0_usize; leaf_count + 1];
        for portal in &portals {
            for leaf in [portal.front, portal.back].into_iter().filter_map(leaf_of) {
                starts[leaf + 1] += 1;
            }
        }
        for leaf in 0..leaf_count {
            starts[leaf + 1] += starts[leaf];
        }
        let mut placed = vec![PortalId(0); starts[leaf_count]];
        let mut next = starts.clone();
        for (index, portal) in portals.iter().enumerate() {
            let id = PortalId(u32::try_from(index).unwrap_or(u32::MAX));
            for leaf in [portal.front, portal.back].into_iter().filter_map(leaf_of) {
                placed[next[leaf]] = id;
                next[leaf] += 1;
            }
        }
        let mut leaf_portals = Vec::new();
        (0..leaf_count)
            .into_par_iter()
            .map(|leaf| placed[starts[leaf]..starts[leaf + 1]].to_vec())
            .collect_into_vec(&mut leaf_portals);
        Self {
            portals,
            leaf_portals,
        }
    }

    /// Brings the portals up to date after leaf `old` of `tree` was replaced by node `node`
    /// whose two children are leaves (`old` and a new one), `path` being the ancestors of
    /// `node` from the root down with the side (0 front, 1 back) each takes: every portal of
    /// the old leaf is split by the node's plane between the two children (pieces under
    /// [`MIN_PORTAL_AREA`] are dropped, the rest keep their plane and node), and the node's
    /// cross-section (its plane clipped to the root region and to the side of every ancestor
    /// plane that holds it) becomes the portal between the children, as [`portalize`] makes
    /// it. The result is what [`portalize`] computes for the new tree up to rounding (the same
    /// clips, in another order) and the numbering: a piece keeps its portal's id, other
    /// pieces and the cross-section get new ids at the end, and a portal without a kept piece
    /// is only taken off the lists (`Portals::compact` renumbers).
    ///
    /// # Complexity
    /// `O(p · v + d · v)` for the `p` portals of the leaf with `v` points and the depth `d`.
    pub(crate) fn split_leaf(
        &mut self,
        tree: &BspTree,
        node: NodeId,
        old: LeafId,
        path: &[(NodeId, usize)],
    ) {
        let Some(split_node) = tree.nodes.get(node.0 as usize).copied() else {
            return;
        };
        let [Child::Leaf(front_leaf), Child::Leaf(back_leaf)] = split_node.children else {
            return;
        };
        if self.leaf_portals.len() < tree.leaves.len() {
            self.leaf_portals.resize(tree.leaves.len(), Vec::new());
        }
        let plane = tree.planes.get(split_node.plane);
        let ids = self
            .leaf_portals
            .get_mut(old.0 as usize)
            .map(std::mem::take)
            .unwrap_or_default();
        for id in ids {
            let Some(portal) = self.portals.get(id.0 as usize) else {
                continue;
            };
            let (portal_plane, portal_node) = (portal.plane, portal.node);
            let old_is_front = portal.front == PortalSide::Leaf(old);
            let other = if old_is_front {
                portal.back
            } else {
                portal.front
            };
            let split = portal.winding.split(&plane);
            let mut reused = false;
            for (piece, leaf) in [(split.front, front_leaf), (split.back, back_leaf)] {
                let Some(winding) = piece.filter(kept) else {
                    continue;
                };
                let side = PortalSide::Leaf(leaf);
                let (front, back) = if old_is_front {
                    (side, other)
                } else {
                    (other, side)
                };
                let piece = Portal::new(portal_plane, portal_node, winding, front, back);
                if reused {
                    add_kept(self, piece);
                } else if let Some(slot) = self.portals.get_mut(id.0 as usize) {
                    *slot = piece;
                    if let Some(list) = self.leaf_portals.get_mut(leaf.0 as usize) {
                        list.push(id);
                    }
                    reused = true;
                }
            }
            if !reused
                && let PortalSide::Leaf(other) = other
                && let Some(list) = self.leaf_portals.get_mut(other.0 as usize)
            {
                list.retain(|&p| p != id);
            }
        }
        let mut points = Winding::from_plane(&plane).into_points();
        let mut clipper = Clipper::default();
        let mut alive = tree
            .root_planes
            .iter()
            .all(|&bound| clipper.clip_back(&mut points, &tree.planes.get(bound)));
        for &(ancestor, side) in path {
            let Some(ancestor) = tree.nodes.get(ancestor.0 as usize) else {
                continue;
            };
            let ancestor_plane = tree.planes.get(ancestor.plane);
            let keep_behind = if side == 0 {
                ancestor_plane.flipped()
            } else {
                ancestor_plane
            };
            alive = alive && clipper.clip_back(&mut points, &keep_behind);
        }
        if let Some(winding) = alive.then(|| Winding::new(points)).flatten().filter(kept) {
            add_kept(
                self,
                Portal::new(
                    split_node.plane,
                    Some(node),
                    winding,
                    PortalSide::Leaf(front_leaf),
                    PortalSide::Leaf(back_leaf),
                ),
            );
        }
    }

    /// Drops the portals no leaf lists any more (see `Portals::split_leaf`) and renumbers
    /// the rest in id order; each leaf's list is then in id order again.
    ///
    /// # Complexity
    /// `O(portals + Σ list lengths · log)`.
    pub(crate) fn compact(&mut self) {
        let mut live = vec![false; self.portals.len()];
        for id in self.leaf_portals.iter().flatten() {
            if let Some(flag) = live.get_mut(id.0 as usize) {
                *flag = true;
            }
        }
        let mut renumbered: Vec<Option<PortalId>> = vec![None; self.portals.len()];
        let mut next = 0_u32;
        for (slot, &is_live) in renumbered.iter_mut().zip(&live) {
            if is_live {
                *slot = Some(PortalId(next));
                next += 1;
            }
        }
        // In place: the live portals move down over the dropped ones.
        let mut index = 0;
        self.portals.retain(|_| {
            let keep = live.get(index).copied().unwrap_or(false);
            index += 1;
            keep
        });
        self.leaf_portals.par_iter_mut().for_each(|list| {
            list.retain_mut(
                |id| match renumbered.get(id.0 as usize).copied().flatten() {
                    Some(new) => {
                        *id = new;
                        true
                    }
                    None => false,
                },
            );
            list.sort_unstable();
        });
    }
}

/// Computes the portals of `tree`.
///
/// # Complexity
/// `O(Σ_nodes p · d)`: each node portal, cut into `p` pieces, descends at most the depth `d`
/// of its sub-trees; plus `O(nodes · f²·v)` for the node regions (`f` faces of `v` points).
/// Explicit stacks throughout; sub-trees below a fixed depth are walked in parallel (rayon),
/// their portals added in walk order, so the result does not depend on the thread count.
#[must_use]
pub fn portalize(tree: &BspTree) -> Portals {
    portalize_with_room(tree, false)
}

/// [`portalize()`], with room in the list of portals for as many again when `room` (for the
/// pieces the gravitational subdivision adds: room never written to costs address space
/// only, while growing the list later would copy it).
pub(crate) fn portalize_with_room(tree: &BspTree, room: bool) -> Portals {
    let Some(root_region) = ConvexBrush::from_planes(&tree.root_planes, &tree.planes) else {
        return Portals {
            portals: Vec::new(),
            leaf_portals: vec![Vec::new(); tree.leaves.len()],
        };
    };
    let mut outside = Vec::new();
    for face in root_region.faces() {
        let Some(winding) = face.winding() else {
            continue;
        };
        for (winding, leaf) in push_down(tree, winding, tree.root) {
            if kept(&winding) {
                outside.push(Portal::new(
                    face.plane,
                    None,
                    winding,
                    PortalSide::Outside,
                    PortalSide::Leaf(leaf),
                ));
            }
        }
    }
    if tree.sections.len() == tree.nodes.len() && tree.sections.iter().all(Option::is_some) {
        // Each node's cross-section is known: the node portals in walk order, in parallel.
        let mut found = vec![outside];
        found.par_extend(preorder_nodes(tree).into_par_iter().map(|id| {
            tree.sections
                .get(id.0 as usize)
                .cloned()
                .flatten()
                .map_or_else(Vec::new, |mid| node_portal_pieces(tree, id, mid))
        }));
        return Portals::from_lists(found, tree.leaves.len(), room);
    }
    // The walk down the tree splits each node's region by its plane (the node portal is the
    // cross-section) and pushes the node portal down both sub-trees. Below
    // [`PARALLEL_DEPTH`] the sub-trees are walked in parallel, each in the same order as the
    // whole walk would (front sub-tree first), and their portals added in that order: the
    // result does not depend on the number of threads.
    let mut items: Vec<WalkItem> = Vec::new();
    let mut stack: Vec<(Child, ConvexBrush, usize)> = vec![(tree.root, root_region, 0)];
    // Each node is visited once; the bound guards a corrupted tree.
    let mut budget = tree.nodes.len() + tree.leaves.len() + 1;
    while let Some((child, region, depth)) = stack.pop() {
        budget = budget.saturating_sub(1);
        if budget == 0 {
            break;
        }
        let Child::Node(id) = child else { continue };
        if depth >= PARALLEL_DEPTH {
            items.push(WalkItem::Subtree(child, region));
            continue;
        }
        let Some(node) = tree.nodes.get(id.0 as usize).copied() else {
            continue;
        };
        let split = region.split(node.plane, &tree.planes);
        if let Some(mid) = split.mid {
            items.push(WalkItem::Node(id, mid));
        }
        if let Some(back) = split.back {
            stack.push((node.children[1], back, depth + 1));
        }
        if let Some(front) = split.front {
            stack.push((node.children[0], front, depth + 1));
        }
    }
    let mut found = vec![outside];
    found.par_extend(items.into_par_iter().map(|item| match item {
        WalkItem::Node(id, mid) => node_portal_pieces(tree, id, mid),
        WalkItem::Subtree(child, region) => subtree_portals(tree, child, region),
    }));
    Portals::from_lists(found, tree.leaves.len(), room)
}

/// The nodes of `tree` in walk order: pre-order, front sub-tree first.
fn preorder_nodes(tree: &BspTree) -> Vec<NodeId> {
    let mut order = Vec::with_capacity(tree.nodes.len());
    let mut stack = vec![tree.root];
    while let Some(child) = stack.pop() {
        let Child::Node(id) = child else { continue };
        let Some(node) = tree.nodes.get(id.0 as usize) else {
            continue;
        };
        // Each node is visited once; the bound guards a corrupted tree.
        if order.len() > tree.nodes.len() {
            break;
        }
        order.push(id);
        stack.push(node.children[1]);
        stack.push(node.children[0]);
    }
    order
}

/// Nodes this deep and deeper are walked in parallel, one sub-tree per task (up to 64 tasks).
const PARALLEL_DEPTH: usize = 6;

/// A step of the walk above [`PARALLEL_DEPTH`]: a node portal to push down, or a sub-tree to
/// walk on its own.
enum WalkItem {
    Node(NodeId, Winding),
    Subtree(Child, ConvexBrush),
}

/// Whether a portal winding is kept: pieces under [`MIN_PORTAL_AREA`] are dropped.
fn kept(winding: &Winding) -> bool {
    let area = winding.area();
    !area.is_nan() && area >= MIN_PORTAL_AREA
}

/// The kept portals of node `id` whose cross-section is `mid`: `mid` pushed down the front
/// sub-tree, each piece then down the back sub-tree.
fn node_portal_pieces(tree: &BspTree, id: NodeId, mid: Winding) -> Vec<Portal> {
    let Some(node) = tree.nodes.get(id.0 as usize).copied() else {
        return Vec::new();
    };
    let front_pieces = push_down(tree, mid, node.children[0]);
    // Most front pieces stay whole down the back sub-tree.
    let mut found = Vec::with_capacity(front_pieces.len());
    for (piece, front_leaf) in front_pieces {
        for (winding, back_leaf) in push_down(tree, piece, node.children[1]) {
            if kept(&winding) {
                found.push(Portal::new(
                    node.plane,
                    Some(id),
                    winding,
                    PortalSide::Leaf(front_leaf),
                    PortalSide::Leaf(back_leaf),
                ));
            }
        }
    }
    found
}

/// The kept portals of every node of the sub-tree `start`, whose region is `region`, in walk
/// order (front sub-tree first).
fn subtree_portals(tree: &BspTree, start: Child, region: ConvexBrush) -> Vec<Portal> {
    let mut found = Vec::new();
    let mut stack: Vec<(Child, ConvexBrush)> = vec![(start, region)];
    // Each node is visited once; the bound guards a corrupted tree.
    let mut budget = tree.nodes.len() + tree.leaves.len() + 1;
    while let Some((child, region)) = stack.pop() {
        budget = budget.saturating_sub(1);
        if budget == 0 {
            break;
        }
        let Child::Node(id) = child else { continue };
        let Some(node) = tree.nodes.get(id.0 as usize).copied() else {
            continue;
        };
        let split = region.split(node.plane, &tree.planes);
        if let Some(mid) = split.mid {
            found.extend(node_portal_pieces(tree, id, mid));
        }
        if let Some(back) = split.back {
            stack.push((node.children[1], back));
        }
        if let Some(front) = split.front {
            stack.push((node.children[0], front));
        }
    }
    found
}

/// Adds a portal already known to be kept.
fn add_kept(portals: &mut Portals, portal: Portal) {
    let Ok(id) = u32::try_from(portals.portals.len()) else {
        return;
    };
    for side in [portal.front, portal.back] {
        if let PortalSide::Leaf(leaf) = side
            && let Some(list) = portals.leaf_portals.get_mut(leaf.0 as usize)
        {
            list.push(PortalId(id));
        }
    }
    portals.portals.push(portal);
}

/// The pieces of a winding pushed down a sub-tree: most windings end in one or two leaves,
/// and are kept without an allocation.
type Pieces = SmallVec<[(Winding, LeafId); 2]>;

/// Splits `winding` down the sub-tree `start` into pieces, each inside one leaf, front
/// sub-trees first. A piece that a node's plane does not cut descends without being moved.
fn push_down(tree: &BspTree, winding: Winding, start: Child) -> Pieces {
    let mut pieces = Pieces::new();
    let mut stack: SmallVec<[(Winding, Child, usize); 4]> = smallvec![(winding, start, 0_usize)];
    while let Some((mut winding, mut child, mut depth)) = stack.pop() {
        loop {
            let Child::Node(id) = child else {
                if let Child::Leaf(leaf) = child {
                    pieces.push((winding, leaf));
                }
                break;
            };
            let Some(node) = tree.nodes.get(id.0 as usize) else {
                break;
            };
            if depth > tree.nodes.len() {
                break;
            }
            depth += 1;
            let plane = tree.planes.get(node.plane);
            if let Some(front) = winding.whole_side(&plane) {
                child = node.children[usize::from(!front)];
                continue;
            }
            let split = winding.into_split(&plane);
            if let Some(back) = split.back {
                stack.push((back, node.children[1], depth));
            }
            let Some(front) = split.front else {
                break;
            };
            winding = front;
            child = node.children[0];
        }
    }
    pieces
}
