//! Removal of solid sub-trees (thesis §6.2): a node whose two children are solid leaves with
//! equal contents and model becomes one solid leaf, bottom-up, so whole solid sub-trees
//! collapse. Open leaves are never merged (their union would not be convex).
//!
//! Leaf and node ids change: the tree is rebuilt compactly in pre-order, front child first.
//! Portals computed before pruning are stale afterwards.

use super::bsp_tree::{BspLeaf, BspNode, BspTree, Child, LeafId, NodeId};

/// Node and leaf counts before and after [`prune_solid`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PruneStats {
    /// Inner nodes before.
    pub nodes_before: usize,
    /// Inner nodes after.
    pub nodes_after: usize,
    /// Leaves before.
    pub leaves_before: usize,
    /// Leaves after.
    pub leaves_after: usize,
}

/// Collapses solid sub-trees of `tree` in place.
///
/// # Complexity
/// `O(nodes + leaves)`, two passes with explicit stacks.
pub fn prune_solid(tree: &mut BspTree) -> PruneStats {
    let nodes_before = tree.nodes.len();
    let leaves_before = tree.leaves.len();
    // Pass 1, post-order: the solid leaf each node collapses into, if any.
    let mut collapsed: Vec<Option<BspLeaf>> = vec![None; tree.nodes.len()];
    let mut stack: Vec<(NodeId, bool)> = Vec::new();
    if let Child::Node(root) = tree.root {
        stack.push((root, false));
    }
    // Each node is pushed at most twice per parent edge; the bound guards a corrupted tree.
    let mut budget = 4 * tree.nodes.len() + 4;
    while let Some((id, children_done)) = stack.pop() {
        budget = budget.saturating_sub(1);
        if budget == 0 {
            break;
        }
        let Some(node) = tree.nodes.get(id.0 as usize).copied() else {
            continue;
        };
        if !children_done {
            stack.push((id, true));
            for child in node.children {
                if let Child::Node(n) = child {
                    stack.push((n, false));
                }
            }
            continue;
        }
        let solid_leaf = |child: Child| -> Option<BspLeaf> {
            let leaf = match child {
                Child::Leaf(l) => tree.leaves.get(l.0 as usize).cloned(),
                Child::Node(n) => collapsed.get(n.0 as usize).cloned().flatten(),
            }?;
            leaf.is_solid(tree.box_count).then_some(leaf)
        };
        if let (Some(a), Some(b)) = (solid_leaf(node.children[0]), solid_leaf(node.children[1]))
            && a.contents == b.contents
            && a.model == b.model
        {
            collapsed[id.0 as usize] = Some(BspLeaf {
                blocked: a.blocked.union(b.blocked),
                contents: a.contents,
                model: a.model,
                mins: a.mins.min(b.mins),
                maxs: a.maxs.max(b.maxs),
                removed_as_outside: a.removed_as_outside && b.removed_as_outside,
            });
        }
    }
    // Pass 2, pre-order: rebuild. A kept node keeps its cross-section (its region does not
    // change: only sub-trees below it collapse).
    let complete = tree.sections.len() == tree.nodes.len();
    let mut old_sections = std::mem::take(&mut tree.sections);
    // Sized for the tree before pruning (the lists only shrink), so that they never grow.
    let mut sections = Vec::with_capacity(if complete { tree.nodes.len() } else { 0 });
    let mut nodes: Vec<BspNode> = Vec::with_capacity(tree.nodes.len());
    let mut leaves: Vec<BspLeaf> = Vec::with_capacity(tree.leaves.len());
    let mut root = Child::Leaf(LeafId(0));
    let mut stack: Vec<(Child, Option<(usize, usize)>)> = vec![(tree.root, None)];
    let mut budget = 2 * (tree.nodes.len() + tree.leaves.len()) + 2;
    while let Some((child, slot)) = stack.pop() {
        budget = budget.saturating_sub(1);
        if budget == 0 {
            break;
        }
        let new_child = match child {
            Child::Leaf(l) => {
                leaves.push(tree.leaves.get(l.0 as usize).cloned().unwrap_or(BspLeaf {
                    blocked: super::PresenceMask::all(tree.box_count),
                    contents: crate::brush::Contents::empty(),
                    model: 0,
                    mins: tree.region_mins,
                    maxs: tree.region_maxs,
                    removed_as_outside: false,
                }));
                Child::Leaf(LeafId((leaves.len() - 1) as u32))
            }
            Child::Node(n) => {
                if let Some(leaf) = collapsed.get(n.0 as usize).cloned().flatten() {
                    leaves.push(leaf);
                    Child::Leaf(LeafId((leaves.len() - 1) as u32))
                } else if let Some(node) = tree.nodes.get(n.0 as usize).copied() {
                    let index = nodes.len();
                    nodes.push(BspNode {
                        plane: node.plane,
                        children: [Child::Leaf(LeafId(u32::MAX)); 2],
                    });
                    if complete {
                        sections.push(old_sections.get_mut(n.0 as usize).and_then(Option::take));
                    }
                    stack.push((node.children[1], Some((index, 1))));
                    stack.push((node.children[0], Some((index, 0))));
                    Child::Node(NodeId(index as u32))
                } else {
                    continue;
                }
            }
        };
        match slot {
            None => root = new_child,
            Some((parent, side)) => nodes[parent].children[side] = new_child,
        }
    }
    tree.nodes = nodes;
    tree.sections = sections;
    tree.leaves = leaves;
    tree.root = root;
    PruneStats {
        nodes_before,
        nodes_after: tree.nodes.len(),
        leaves_before,
        leaves_after: tree.leaves.len(),
    }
}
