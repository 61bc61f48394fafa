//! Memory-model optimisation: automatic portals are removed, one pair of clusters at a time,
//! while that lowers the full-cache memory model `3·(Σ n_c² + N·P)` (thesis Eq. 6.5.1).
//!
//! Merging clusters `a` and `b` turns every portal between them into a member (a portal
//! must separate two *different* clusters). With `n_c` the areas with reachabilities routed
//! in cluster `c` (members and the portals touching it), `k` the portals between `a` and
//! `b` and `k_r` those of them with reachabilities, the merged cluster routes
//! `n_a + n_b − k_r` areas, `N` drops by `k_r` and `P` by `k`. Each step takes the merge
//! with the largest decrease (ties: the smallest pair of root labels); it stops when no
//! merge decreases the model. Pairs separated by an authored portal are never merged.
//! Every merge keeps the clustering valid: the portals left between the merged cluster and
//! a third one still separate two different clusters.

use std::collections::{BTreeMap, BTreeSet};

use super::partition::Partition;

/// What is known about the portals between one pair of clusters.
#[derive(Debug, Clone, Copy, Default)]
struct Between {
    /// Portals between them.
    portals: i64,
    /// Of which with reachabilities.
    routed: i64,
    /// Whether one of them is map-authored.
    authored: bool,
}

impl Between {
    /// The portals of both.
    fn join(self, other: Self) -> Self {
        Self {
            portals: self.portals + other.portals,
            routed: self.routed + other.routed,
            authored: self.authored || other.authored,
        }
    }
}

/// The change of `Σ n_c² + N·P` when merging clusters routing `na` and `nb` areas across
/// `between`, with `total = N` and `portals = P`.
fn merge_delta(na: i64, nb: i64, between: Between, total: i64, portals: i64) -> i64 {
    let merged = na + nb - between.routed;
    merged * merged - na * na - nb * nb + (total - between.routed) * (portals - between.portals)
        - total * portals
}

/// Merges clusters of `partition` while the memory model decreases. `has_reaches[area]`
/// says whether reachabilities leave an area; `authored[area]` whether it is a map-authored
/// portal.
pub(crate) fn optimise(partition: &mut Partition, has_reaches: &[bool], authored: &[bool]) {
    let labels = partition.parent.len();
    // Per root: the areas with reachabilities it routes (members and touching portals).
    let mut routed = vec![0_i64; labels];
    for (area, label) in partition.label.iter().enumerate() {
        if let Some(label) = label
            && has_reaches[area]
        {
            routed[partition.root(*label) as usize] += 1;
        }
    }
    let mut pairs: BTreeMap<[u32; 2], Between> = BTreeMap::new();
    let mut touching: Vec<BTreeSet<u32>> = vec![BTreeSet::new(); labels];
    let mut portal_count = 0_i64;
    for portal in partition.portals.iter().filter(|p| p.alive) {
        let sides = partition.portal_sides(portal);
        let reaches = has_reaches[portal.area as usize];
        portal_count += 1;
        let between = pairs.entry(sides).or_default();
        between.portals += 1;
        between.authored |= authored[portal.area as usize];
        if reaches {
            between.routed += 1;
            for side in sides {
                routed[side as usize] += 1;
            }
        }
        touching[sides[0] as usize].insert(sides[1]);
        touching[sides[1] as usize].insert(sides[0]);
    }
    let mut total: i64 = (0..labels)
        .filter(|&l| partition.root(crate::AreaId::from_index(l).0) as usize == l)
        .map(|l| routed[l])
        .sum();
    loop {
        let mut best: Option<(i64, [u32; 2])> = None;
        for (&[a, b], &between) in &pairs {
            if between.authored {
                continue;
            }
            let delta = merge_delta(
                routed[a as usize],
                routed[b as usize],
                between,
                total,
                portal_count,
            );
            if delta < 0 && best.is_none_or(|(d, _)| delta < d) {
                best = Some((delta, [a, b]));
            }
        }
        let Some((_, [keep, gone])) = best else {
            return;
        };
        let between = pairs.remove(&[keep, gone]).unwrap_or_default();
        partition.merge(keep, gone);
        routed[keep as usize] += routed[gone as usize] - between.routed;
        routed[gone as usize] = 0;
        total -= between.routed;
        portal_count -= between.portals;
        // The pairs of `gone` become pairs of `keep`.
        let others = std::mem::take(&mut touching[gone as usize]);
        touching[keep as usize].remove(&gone);
        for other in others {
            if other == keep {
                continue;
            }
            let old = [other.min(gone), other.max(gone)];
            let moved = pairs.remove(&old).unwrap_or_default();
            touching[other as usize].remove(&gone);
            touching[other as usize].insert(keep);
            touching[keep as usize].insert(other);
            let new = [other.min(keep), other.max(keep)];
            let joined = pairs.remove(&new).unwrap_or_default().join(moved);
            pairs.insert(new, joined);
        }
    }
}
