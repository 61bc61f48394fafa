//! [`AasWorld::bbox_areas`]: the areas an axis-aligned box touches; [`AasWorld::bbox_leaves_all`]:
//! whether every leaf it touches (areas and solid) passes a test.

use glam::Vec3;
use smallvec::SmallVec;

use crate::world::{AasWorld, AreaId, NodeChild};

impl AasWorld {
    /// The areas whose BSP leaf region overlaps the box `[mins, maxs]`, sorted by id, without
    /// duplicates. A box touching a plane counts on both sides.
    ///
    /// # Complexity
    /// `O(nodes whose region meets the box)`; each node is visited at most once (a malformed
    /// tree that shares subtrees is cut off after the node count).
    #[must_use]
    pub fn bbox_areas(&self, mins: Vec3, maxs: Vec3) -> Vec<AreaId> {
        let center = (mins + maxs) * 0.5;
        let half = (maxs - mins) * 0.5;
        let mut areas = Vec::new();
        let mut stack = vec![self.root()];
        let mut budget = 2 * self.nodes.len() + 2;
        while let Some(child) = stack.pop() {
            budget = budget.saturating_sub(1);
            match child {
                NodeChild::Solid => {}
                NodeChild::Area(area) => areas.push(area),
                NodeChild::Node(node) => {
                    if budget == 0 {
                        break;
                    }
                    let Some((record, plane)) = self.node_and_plane(node) else {
                        continue;
                    };
                    let distance = plane.normal.dot(center) - plane.dist;
                    let reach = plane.normal.abs().dot(half);
                    if distance >= -reach {
                        stack.push(record.children[0]);
                    }
                    if distance <= reach {
                        stack.push(record.children[1]);
                    }
                }
            }
        }
        areas.sort_unstable();
        areas.dedup();
        areas
    }
}

impl AasWorld {
    /// Whether every BSP leaf (an area, or solid) whose region overlaps the box `[mins, maxs]`
    /// passes `test`; stops at the first that does not. A box touching a plane counts on both
    /// sides, so the answer errs towards `false`. A malformed tree (shared subtrees, broken
    /// references) answers `false`.
    ///
    /// # Complexity
    /// `O(nodes whose region meets the box)`, with no allocation for boxes that meet fewer
    /// than 32 pending subtrees at once.
    #[must_use]
    pub fn bbox_leaves_all(
        &self,
        mins: Vec3,
        maxs: Vec3,
        mut test: impl FnMut(NodeChild) -> bool,
    ) -> bool {
        let center = (mins + maxs) * 0.5;
        let half = (maxs - mins) * 0.5;
        let mut stack: SmallVec<[NodeChild; 32]> = SmallVec::new();
        stack.push(self.root());
        let mut budget = 2 * self.nodes.len() + 2;
        while let Some(child) = stack.pop() {
            budget = budget.saturating_sub(1);
            let NodeChild::Node(node) = child else {
                if !test(child) {
                    return false;
                }
                continue;
            };
            if budget == 0 {
                return false;
            }
            let Some((record, plane)) = self.node_and_plane(node) else {
                return false;
            };
            let distance = plane.normal.dot(center) - plane.dist;
            let reach = plane.normal.abs().dot(half);
            if distance >= -reach {
                stack.push(record.children[0]);
            }
            if distance <= reach {
                stack.push(record.children[1]);
            }
        }
        true
    }
}
