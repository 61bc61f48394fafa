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
        self.bboxes_leaves_all(&[(mins, maxs)], |_, leaf| test(leaf))
    }

    /// [`bbox_leaves_all`](Self::bbox_leaves_all) for several boxes (at most 32) in one walk
    /// down the tree: whether every leaf overlapping box `i` passes `test(i, leaf)`. Boxes
    /// close together share most of the walk.
    ///
    /// # Panics
    /// With more than 32 boxes.
    ///
    /// # Complexity
    /// `O(nodes whose region meets a box)`.
    #[must_use]
    pub fn bboxes_leaves_all(
        &self,
        boxes: &[(Vec3, Vec3)],
        mut test: impl FnMut(usize, NodeChild) -> bool,
    ) -> bool {
        assert!(boxes.len() <= 32, "at most 32 boxes");
        let halves: SmallVec<[(Vec3, Vec3); 4]> = boxes
            .iter()
            .map(|&(mins, maxs)| ((mins + maxs) * 0.5, (maxs - mins) * 0.5))
            .collect();
        let all = u32::MAX >> (32 - boxes.len().max(1));
        let mut stack: SmallVec<[(NodeChild, u32); 32]> = SmallVec::new();
        if !boxes.is_empty() {
            stack.push((self.root(), all));
        }
        let mut budget = 2 * self.nodes.len() + 2;
        while let Some((child, live)) = stack.pop() {
            budget = budget.saturating_sub(1);
            let NodeChild::Node(node) = child else {
                let mut rest = live;
                while rest != 0 {
                    let index = rest.trailing_zeros() as usize;
                    if !test(index, child) {
                        return false;
                    }
                    rest &= rest - 1;
                }
                continue;
            };
            if budget == 0 {
                return false;
            }
            let Some((record, plane)) = self.node_and_plane(node) else {
                return false;
            };
            let (mut front, mut back) = (0, 0);
            let mut rest = live;
            while rest != 0 {
                let index = rest.trailing_zeros() as usize;
                let (center, half) = halves[index];
                let distance = plane.normal.dot(center) - plane.dist;
                let reach = plane.normal.abs().dot(half);
                if distance >= -reach {
                    front |= 1 << index;
                }
                if distance <= reach {
                    back |= 1 << index;
                }
                rest &= rest - 1;
            }
            if front != 0 {
                stack.push((record.children[0], front));
            }
            if back != 0 {
                stack.push((record.children[1], back));
            }
        }
        true
    }
}
