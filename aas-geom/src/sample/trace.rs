//! [`AasWorld::trace`]: move a player box in a straight line until it hits something.

use glam::Vec3;
use smallvec::SmallVec;

use crate::world::PresenceType;
use crate::world::{AasWorld, AreaId, NodeChild, NodeId, PlaneId};

/// How far (units, along the hit plane's normal) a trace stops short of the surface it hits,
/// so that its end point is never inside solid.
pub const TRACE_EPSILON: f32 = 0.125;

/// The result of [`AasWorld::trace`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Trace {
    /// The start point is in solid (or in an area the box does not fit): nothing moved.
    pub start_solid: bool,
    /// Fraction of the way from start to end travelled, in `[0, 1]`; 1 when nothing was hit.
    pub fraction: f32,
    /// Where the box stopped.
    pub end: Vec3,
    /// The area the box stopped in, if it is in one.
    pub area: Option<AreaId>,
    /// The plane hit, when something was hit after a move (not for `start_solid`).
    pub plane: Option<PlaneId>,
    /// The hit plane's normal facing back towards the start.
    pub normal: Vec3,
}

/// One pending piece of the traced segment: a subtree and the part of the segment inside it.
#[derive(Clone, Copy)]
struct Segment {
    child: NodeChild,
    start: Vec3,
    end: Vec3,
    /// The node plane the segment starts on (`None` for the trace's own start), with the
    /// normal facing back towards the trace start.
    entered_through: Option<(PlaneId, Vec3)>,
}

/// The pieces of a trace still to walk, nearest last.
type Pending = SmallVec<[Segment; 16]>;

impl AasWorld {
    /// Moves a player box of the given presence type (`PresenceType::NORMAL` or `CROUCH`) in a
    /// straight line from `start` to `end`, stopping at the first solid or at the first area
    /// the box does not fit in.
    ///
    /// # Complexity
    /// `O(nodes crossed)`; at most one stack entry per node crossed, and never more pieces than
    /// twice the node count, so a malformed tree cannot loop forever.
    #[must_use]
    pub fn trace(&self, start: Vec3, end: Vec3, presence: PresenceType) -> Trace {
        self.trace_with(start, end, presence, true)
    }

    /// [`trace`](Self::trace) that leaves [`Trace::area`] `None` after a hit, saving the
    /// descent that finds the stop point's area (the physics' moves do not use it).
    pub(crate) fn trace_without_stop_area(
        &self,
        start: Vec3,
        end: Vec3,
        presence: PresenceType,
    ) -> Trace {
        self.trace_with(start, end, presence, false)
    }

    /// [`trace`](Self::trace), looking up the area of a hit's stop point when `stop_area`.
    fn trace_with(&self, start: Vec3, end: Vec3, presence: PresenceType, stop_area: bool) -> Trace {
        let open = |area: AreaId| {
            self.areas
                .get(area.index())
                .is_some_and(|a| a.presence.intersects(presence))
        };
        let total = end - start;
        let length = total.length();
        let mut budget = 2 * self.nodes.len() + 2;
        // Down the tree while the whole segment lies on one side of each plane (most of the
        // way for a short trace), then piece by piece.
        let mut child = self.root();
        while let NodeChild::Node(node) = child
            && let Some((record, plane)) = self.node_and_plane(node)
            && budget > 1
        {
            let start_front = plane.normal.dot(start) - plane.dist > 0.0;
            if start_front != (plane.normal.dot(end) - plane.dist > 0.0) {
                break;
            }
            child = record.children[usize::from(!start_front)];
            budget -= 1;
        }
        // The piece being walked, and those waiting (a short trace keeps them on the call
        // stack: no allocation).
        let mut segment = Segment {
            child,
            start,
            end,
            entered_through: None,
        };
        let mut stack: Pending = SmallVec::new();
        let mut last_area = None;
        loop {
            budget = budget.saturating_sub(1);
            let blocked = match segment.child {
                NodeChild::Solid => true,
                NodeChild::Area(area) => {
                    last_area = Some(area);
                    !open(area)
                }
                // A well-formed tree is a tree: the segment meets every node's region in one
                // interval, so pieces never exceed nodes + leaves. Past that the tree is
                // malformed; stop conservatively, as at a wall.
                NodeChild::Node(_) if budget == 0 => true,
                NodeChild::Node(node) => {
                    // The nearer piece goes on at once, the farther one waits.
                    self.split_segment(node, &mut segment, &mut stack);
                    continue;
                }
            };
            if !blocked {
                match stack.pop() {
                    Some(waiting) => {
                        segment = waiting;
                        continue;
                    }
                    None => break,
                }
            }
            let Some((plane, normal)) = segment.entered_through else {
                return Trace {
                    start_solid: true,
                    fraction: 0.0,
                    end: start,
                    area: None,
                    plane: None,
                    normal: Vec3::ZERO,
                };
            };
            // Back off so that the end point lies TRACE_EPSILON in front of the hit plane.
            let along = total.dot(normal);
            let back_off = if along < 0.0 {
                TRACE_EPSILON / -along
            } else {
                0.0
            };
            let reached = if length > 0.0 {
                (segment.start - start).length() / length
            } else {
                0.0
            };
            let fraction = (reached - back_off).clamp(0.0, 1.0);
            let stop = start + total * fraction;
            return Trace {
                start_solid: false,
                fraction,
                end: stop,
                area: if stop_area {
                    self.point_area(stop)
                } else {
                    None
                },
                plane: Some(plane),
                normal,
            };
        }
        Trace {
            start_solid: false,
            fraction: 1.0,
            end,
            area: last_area,
            plane: None,
            normal: Vec3::ZERO,
        }
    }

    /// The tree's root: node 0, or solid for a world without nodes.
    pub(crate) fn root(&self) -> NodeChild {
        if self.nodes.is_empty() {
            NodeChild::Solid
        } else {
            NodeChild::Node(NodeId(0))
        }
    }

    /// Narrows `segment` to its part on its start's side of `node`'s plane, the piece to walk
    /// next; the part on the far side, when the segment crosses the plane, is pushed to wait.
    fn split_segment(&self, node: NodeId, segment: &mut Segment, stack: &mut Pending) {
        let Some((node_record, plane)) = self.node_and_plane(node) else {
            // A broken reference in an unvalidated world: treat it as a wall.
            segment.child = NodeChild::Solid;
            return;
        };
        let front = plane.normal.dot(segment.start) - plane.dist;
        let back = plane.normal.dot(segment.end) - plane.dist;
        let [front_child, back_child] = node_record.children;
        // As botlib: "in front" means strictly positive distance.
        let start_front = front > 0.0;
        let end_front = back > 0.0;
        if start_front == end_front {
            segment.child = if start_front { front_child } else { back_child };
            return;
        }
        let t = (front / (front - back)).clamp(0.0, 1.0);
        let mid = segment.start + (segment.end - segment.start) * t;
        let (near, far, facing) = if start_front {
            (front_child, back_child, plane.normal)
        } else {
            (back_child, front_child, -plane.normal)
        };
        stack.push(Segment {
            child: far,
            start: mid,
            end: segment.end,
            entered_through: Some((node_record.plane, facing)),
        });
        segment.child = near;
        segment.end = mid;
    }
}
