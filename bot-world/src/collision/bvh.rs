//! [`Bvh`]: a bounding volume hierarchy over brush bounds, built with a binned surface-area
//! heuristic and stored flat in depth-first order.
//!
//! Each node keeps its bounds and the union of its brushes' contents (so that a query whose
//! mask no brush below matches skips the whole subtree). An inner node's first child follows
//! it; its second child's index is stored. A leaf names a run of [`Bvh::items`].

use aas_geom::brush::Contents;
use glam::Vec3;

/// At most this many brushes in a leaf.
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

/// A node of the flat tree.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Node {
    /// Smallest corner of the bounds of every brush below.
    pub(crate) mins: Vec3,
    /// Largest corner.
    pub(crate) maxs: Vec3,
    /// The union of the contents of every brush below.
    pub(crate) contents: Contents,
    /// A leaf: the first of its items. An inner node: the index of its second child.
    pub(crate) first: u32,
    /// A leaf: how many items (at least one). An inner node: 0.
    pub(crate) count: u32,
}

/// A bounding volume hierarchy over brushes (empty for no brushes).
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Bvh {
    /// The nodes in depth-first order; node 0 is the root.
    pub(crate) nodes: Vec<Node>,
    /// Brush indices, in leaf order.
    pub(crate) items: Vec<u32>,
    /// The number of nodes on the longest root-to-leaf path.
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
        let mut tree = Self::default();
        if items.is_empty() {
            return tree;
        }
        tree.nodes.reserve(2 * items.len() / MAX_LEAF + 1);
        tree.items.reserve(items.len());
        let mut scratch = Vec::with_capacity(items.len());
        tree.build_node(&mut items, &mut scratch, 1);
        tree
    }

    /// Appends the subtree over `items` (reordered in place) and returns its root's index.
    fn build_node(
        &mut self,
        items: &mut [BvhItem],
        scratch: &mut Vec<BvhItem>,
        depth: usize,
    ) -> u32 {
        self.depth = self.depth.max(depth);
        let (mins, maxs, contents) = items.iter().fold(
            (Vec3::INFINITY, Vec3::NEG_INFINITY, Contents::empty()),
            |(lo, hi, c), item| (lo.min(item.mins), hi.max(item.maxs), c | item.contents),
        );
        let index = index_u32(self.nodes.len());
        self.nodes.push(Node {
            mins,
            maxs,
            contents,
            first: 0,
            count: 0,
        });
        let split = if items.len() <= MAX_LEAF {
            None
        } else if depth >= SAH_DEPTH {
            Some(items.len() / 2)
        } else {
            sah_split(items, scratch, surface_area(mins, maxs))
        };
        let Some(split) = split.filter(|&s| s > 0 && s < items.len()) else {
            let first = index_u32(self.items.len());
            self.items.extend(items.iter().map(|item| item.brush));
            self.nodes[index as usize].first = first;
            self.nodes[index as usize].count = index_u32(items.len());
            return index;
        };
        let (left, right) = items.split_at_mut(split);
        self.build_node(left, scratch, depth + 1);
        let second = self.build_node(right, scratch, depth + 1);
        self.nodes[index as usize].first = second;
        index
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

    /// Every item appears once; every node's bounds hold its children's; inner nodes link
    /// correctly.
    fn check(tree: &Bvh, count: usize) {
        let mut seen = tree.items.clone();
        seen.sort_unstable();
        assert_eq!(seen, (0..u32::try_from(count).unwrap()).collect::<Vec<_>>());
        for (index, node) in tree.nodes.iter().enumerate() {
            if node.count == 0 {
                for child in [index + 1, node.first as usize] {
                    let c = &tree.nodes[child];
                    assert!(child > index);
                    assert!(node.mins.cmple(c.mins).all() && c.maxs.cmple(node.maxs).all());
                }
            } else {
                assert!(node.count as usize <= 2 * MAX_LEAF);
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
        assert!(Bvh::build(Vec::new()).nodes.is_empty());
    }
}
