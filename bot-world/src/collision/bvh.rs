//! [`Bvh`]: a bounding volume hierarchy over brush bounds, built with a binned surface-area
//! heuristic and stored flat in depth-first order.
//!
//! Each inner [`Node`] holds the bounds of *both* its children (so that a query tests the two
//! boxes it may descend into with one node read) and, per child, the union of its brushes'
//! contents (so that a query whose mask no brush below matches skips the subtree). A
//! [`ChildRef`] names either an inner node or a leaf: a run of [`Bvh::items`] whose bounds are
//! kept beside them in [`Bvh::item_bounds`], so a leaf is tested without reading the brushes.
//! Bounds are [`Vec3A`] (16-byte lanes) so the slab tests run in SIMD registers.

use aas_geom::brush::Contents;
use glam::{Vec3, Vec3A};

/// At most this many brushes in a leaf (up to twice as many when the heuristic finds a
/// leaf cheaper than a split).
const MAX_LEAF: usize = 4;

/// Centroid bins per axis of the surface-area heuristic.
const BINS: usize = 16;

/// Below this depth the build splits by the surface-area heuristic; from it on it halves the
/// brush list, so that the depth stays below [`MAX_DEPTH`] whatever the input.
const SAH_DEPTH: usize = 48;

/// No tree is deeper than this (`SAH_DEPTH` levels of heuristic splits, then at most 32
/// halvings of a list of at most `u32::MAX` brushes), so a traversal stack of this many
/// entries never overflows.
pub(crate) const MAX_DEPTH: usize = SAH_DEPTH + 33;

/// One brush as the build sees it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BvhItem {
    /// The brush's index.
    pub(crate) brush: u32,
    /// Its bounds.
    pub(crate) mins: Vec3,
    /// Its bounds.
    pub(crate) maxs: Vec3,
    /// Its contents.
    pub(crate) contents: Contents,
}

impl BvhItem {
    fn centroid(&self) -> Vec3 {
        (self.mins + self.maxs) * 0.5
    }
}

/// A subtree: an inner node or a leaf.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ChildRef {
    /// A leaf: its first item. An inner node: its index in [`Bvh::nodes`].
    pub(crate) index: u32,
    /// A leaf: how many items (at least one). An inner node: 0.
    pub(crate) count: u32,
}

/// Bounds `(mins, maxs)` of a subtree or a brush.
pub(crate) type Bounds = (Vec3A, Vec3A);

/// An inner node: its two children with their bounds and contents.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Node {
    /// The bounds of every brush below each child.
    pub(crate) bounds: [Bounds; 2],
    /// The union of the contents of every brush below each child.
    pub(crate) contents: [Contents; 2],
    /// The children.
    pub(crate) children: [ChildRef; 2],
}

/// A bounding volume hierarchy over brushes.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Bvh {
    /// The whole tree: `None` for no brushes.
    pub(crate) root: Option<(ChildRef, Bounds, Contents)>,
    /// The inner nodes in depth-first order.
    pub(crate) nodes: Vec<Node>,
    /// Brush indices, in leaf order.
    pub(crate) items: Vec<u32>,
    /// The bounds of each item's brush.
    pub(crate) item_bounds: Vec<Bounds>,
    /// The number of levels on the longest root-to-leaf path (the root is level 1).
    pub(crate) depth: usize,
}

impl Bvh {
    /// Builds the tree over `items`. Deterministic: the same items in the same order give the
    /// same tree.
    ///
    /// # Complexity
    /// `O(n log n)` time for `n` brushes in balanced cases (`O(n · BINS)` per level), `O(n)`
    /// memory.
    pub(crate) fn build(mut items: Vec<BvhItem>) -> Self {
        let mut tree = Self {
            root: None,
            nodes: Vec::with_capacity(items.len() / MAX_LEAF + 1),
            items: Vec::with_capacity(items.len()),
            item_bounds: Vec::with_capacity(items.len()),
            depth: 0,
        };
        if !items.is_empty() {
            let mut scratch = Vec::with_capacity(items.len());
            tree.root = Some(tree.build_node(&mut items, &mut scratch, 1));
        }
        tree
    }

    /// Appends the subtree over `items` (reordered in place); returns it with its bounds and
    /// contents.
    fn build_node(
        &mut self,
        items: &mut [BvhItem],
        scratch: &mut Vec<BvhItem>,
        depth: usize,
    ) -> (ChildRef, Bounds, Contents) {
        self.depth = self.depth.max(depth);
        let (mins, maxs, contents) = items.iter().fold(
            (Vec3::INFINITY, Vec3::NEG_INFINITY, Contents::empty()),
            |(lo, hi, c), item| (lo.min(item.mins), hi.max(item.maxs), c | item.contents),
        );
        let bounds = (Vec3A::from(mins), Vec3A::from(maxs));
        let split = if items.len() <= MAX_LEAF {
            None
        } else if depth >= SAH_DEPTH {
            Some(items.len() / 2)
        } else {
            sah_split(items, scratch, surface_area(mins, maxs))
        };
        let Some(split) = split.filter(|&s| s > 0 && s < items.len()) else {
            let leaf = ChildRef {
                index: index_u32(self.items.len()),
                count: index_u32(items.len()),
            };
            self.items.extend(items.iter().map(|item| item.brush));
            self.item_bounds.extend(
                items
                    .iter()
                    .map(|item| (Vec3A::from(item.mins), Vec3A::from(item.maxs))),
            );
            return (leaf, bounds, contents);
        };
        let index = self.nodes.len();
        let empty = (Vec3A::ZERO, Vec3A::ZERO);
        self.nodes.push(Node {
            bounds: [empty; 2],
            contents: [Contents::empty(); 2],
            children: [ChildRef { index: 0, count: 0 }; 2],
        });
        let (left, right) = items.split_at_mut(split);
        let first = self.build_node(left, scratch, depth + 1);
        let second = self.build_node(right, scratch, depth + 1);
        self.nodes[index] = Node {
            bounds: [first.1, second.1],
            contents: [first.2, second.2],
            children: [first.0, second.0],
        };
        (
            ChildRef {
                index: index_u32(index),
                count: 0,
            },
            bounds,
            contents,
        )
    }
}

/// Partitions `items` (stably) at the cheapest binned surface-area split and returns the size
/// of the first part; `None` when a leaf is cheaper (for few brushes) and, for many brushes
/// whose centroids coincide, the middle.
fn sah_split(items: &mut [BvhItem], scratch: &mut Vec<BvhItem>, area: f32) -> Option<usize> {
    let (lo, hi) = items
        .iter()
        .fold((Vec3::INFINITY, Vec3::NEG_INFINITY), |(lo, hi), item| {
            (lo.min(item.centroid()), hi.max(item.centroid()))
        });
    let extent = hi - lo;
    // (cost, axis, bins on the first side)
    let mut best: Option<(f32, usize, usize)> = None;
    for axis in 0..3 {
        if extent[axis] <= 0.0 {
            continue;
        }
        let scale = BINS as f32 / extent[axis];
        let mut counts = [0_usize; BINS];
        let mut bounds = [(Vec3::INFINITY, Vec3::NEG_INFINITY); BINS];
        for item in items.iter() {
            let bin = bin_of(item.centroid()[axis], lo[axis], scale);
            counts[bin] += 1;
            bounds[bin] = (bounds[bin].0.min(item.mins), bounds[bin].1.max(item.maxs));
        }
        // Costs of the first `k` bins, for k in 1..BINS.
        let mut left_cost = [0.0_f32; BINS];
        let (mut count, mut b) = (0, (Vec3::INFINITY, Vec3::NEG_INFINITY));
        for k in 1..BINS {
            count += counts[k - 1];
            b = (b.0.min(bounds[k - 1].0), b.1.max(bounds[k - 1].1));
            left_cost[k] = count as f32 * surface_area(b.0, b.1);
        }
        let (mut count, mut b) = (0, (Vec3::INFINITY, Vec3::NEG_INFINITY));
        for k in (1..BINS).rev() {
            count += counts[k];
            b = (b.0.min(bounds[k].0), b.1.max(bounds[k].1));
            let left = items.len() - count;
            if left == 0 || count == 0 {
                continue;
            }
            let cost = left_cost[k] + count as f32 * surface_area(b.0, b.1);
            if best.is_none_or(|(c, _, _)| cost < c) {
                best = Some((cost, axis, k));
            }
        }
    }
    let Some((cost, axis, k)) = best else {
        return (items.len() > 2 * MAX_LEAF).then_some(items.len() / 2);
    };
    // One traversal step against testing every brush of a leaf.
    let split_cost = 1.0 + cost / area.max(f32::MIN_POSITIVE);
    if items.len() <= 2 * MAX_LEAF && split_cost >= items.len() as f32 {
        return None;
    }
    let scale = BINS as f32 / extent[axis];
    let goes_first = |item: &BvhItem| bin_of(item.centroid()[axis], lo[axis], scale) < k;
    scratch.clear();
    scratch.extend(items.iter().filter(|item| goes_first(item)));
    let split = scratch.len();
    scratch.extend(items.iter().filter(|item| !goes_first(item)));
    items.copy_from_slice(scratch);
    Some(split)
}

/// The bin of a centroid coordinate.
fn bin_of(value: f32, lo: f32, scale: f32) -> usize {
    // Saturating float-to-int conversion; NaN (not produced by finite bounds) goes to bin 0.
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "the product is in 0..=BINS and the conversion saturates"
    )]
    let bin = ((value - lo) * scale) as usize;
    bin.min(BINS - 1)
}

/// The surface area of the box `mins..maxs` (0 for an empty box).
fn surface_area(mins: Vec3, maxs: Vec3) -> f32 {
    let d = (maxs - mins).max(Vec3::ZERO);
    2.0 * (d.x * d.y + d.y * d.z + d.z * d.x)
}

/// `value` as a `u32` (node and item counts are bounded by the brush count, itself a `u32`).
fn index_u32(value: usize) -> u32 {
    u32::try_from(value).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(brush: u32, at: Vec3) -> BvhItem {
        BvhItem {
            brush,
            mins: at - Vec3::ONE,
            maxs: at + Vec3::ONE,
            contents: Contents::SOLID,
        }
    }

    fn holds(outer: Bounds, inner: Bounds) -> bool {
        outer.0.cmple(inner.0).all() && inner.1.cmple(outer.1).all()
    }

    /// Every item appears once, inside the bounds of every subtree above it; inner nodes come
    /// after their parents; leaves are small.
    fn check(tree: &Bvh, count: usize) {
        let mut seen = tree.items.clone();
        seen.sort_unstable();
        assert_eq!(seen, (0..u32::try_from(count).unwrap()).collect::<Vec<_>>());
        let (root, bounds, _) = tree.root.unwrap();
        let mut pending = vec![(root, bounds, 0_usize)];
        while let Some((child, bounds, parent)) = pending.pop() {
            if child.count > 0 {
                assert!(child.count as usize <= 2 * MAX_LEAF);
                let run = child.index as usize..(child.index + child.count) as usize;
                assert!(tree.item_bounds[run].iter().all(|&b| holds(bounds, b)));
            } else {
                let index = child.index as usize;
                assert!(index >= parent);
                let node = &tree.nodes[index];
                for side in 0..2 {
                    assert!(holds(bounds, node.bounds[side]));
                    pending.push((node.children[side], node.bounds[side], index + 1));
                }
            }
        }
        assert!(tree.depth < MAX_DEPTH);
    }

    #[test]
    fn builds_a_valid_tree_over_scattered_and_coincident_brushes() {
        let scattered: Vec<BvhItem> = (0..500_u32)
            .map(|i| {
                let f = i as f32;
                item(
                    i,
                    Vec3::new((f * 7.3).sin(), (f * 1.9).cos(), (f * 0.37).sin()) * 900.0,
                )
            })
            .collect();
        let tree = Bvh::build(scattered);
        check(&tree, 500);
        assert!(tree.depth < 20, "depth {}", tree.depth);

        let same: Vec<BvhItem> = (0..100_u32).map(|i| item(i, Vec3::ZERO)).collect();
        check(&Bvh::build(same), 100);
        let one = Bvh::build(vec![item(0, Vec3::ZERO)]);
        assert!(one.nodes.is_empty() && one.root.is_some_and(|r| r.0.count == 1));
        assert!(Bvh::build(Vec::new()).root.is_none());
    }
}
