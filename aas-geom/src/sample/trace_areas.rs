//! [`AasWorld::trace_areas`]: the areas a line passes through, in order.

use glam::Vec3;

use crate::world::{AasWorld, AreaId, NodeChild};

/// One area crossed by [`AasWorld::trace_areas`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AreaCrossing {
    /// The area.
    pub area: AreaId,
    /// Where the line enters it (the start point for the first area).
    pub entry: Vec3,
}

impl AasWorld {
    /// The areas the line from `start` to `end` passes through, in order from `start`, each
    /// with the point where the line enters it. Solid space is skipped (the line goes on
    /// through walls); consecutive pieces in the same area are reported once.
    ///
    /// # Complexity
    /// `O(nodes crossed)`, bounded by twice the node count for a malformed tree.
    #[must_use]
    pub fn trace_areas(&self, start: Vec3, end: Vec3) -> Vec<AreaCrossing> {
        let mut crossings: Vec<AreaCrossing> = Vec::new();
        let mut stack = vec![(self.root(), start, end)];
        let mut budget = 2 * self.nodes.len() + 2;
        while let Some((child, from, to)) = stack.pop() {
            budget = budget.saturating_sub(1);
            match child {
                NodeChild::Solid => {}
                NodeChild::Area(area) => {
                    if crossings.last().is_none_or(|last| last.area != area) {
                        crossings.push(AreaCrossing { area, entry: from });
                    }
                }
                NodeChild::Node(node) => {
                    if budget == 0 {
                        break;
                    }
                    let Some((record, plane)) = self.node_and_plane(node) else {
                        continue;
                    };
                    let front = plane.normal.dot(from) - plane.dist;
                    let back = plane.normal.dot(to) - plane.dist;
                    let [front_child, back_child] = record.children;
                    let (start_front, end_front) = (front > 0.0, back > 0.0);
                    if start_front == end_front {
                        stack.push((if start_front { front_child } else { back_child }, from, to));
                        continue;
                    }
                    let t = (front / (front - back)).clamp(0.0, 1.0);
                    let mid = from + (to - from) * t;
                    let (near, far) = if start_front {
                        (front_child, back_child)
                    } else {
                        (back_child, front_child)
                    };
                    stack.push((far, mid, to));
                    stack.push((near, from, mid));
                }
            }
        }
        crossings
    }
}
