//! Memory-model optimisation: automatic portals are removed, one pair of clusters at a time,
//! while that lowers the full-cache memory model `3·(Σ n_c² + N·P)` (thesis Eq. 6.5.1).
//!
//! Merging clusters `a` and `b` turns every portal between them into a member (a portal
//! must separate two *different* clusters). With `n_c` the areas with reachabilities routed
//! in cluster `c` (members and the portals touching it), `k` the portals between `a` and
//! `b` and `k_r` those of them with reachabilities, the merged cluster routes
//! `n_a + n_b − k_r` areas, `N` drops by `k_r` and `P` by `k`. Each step takes the merge
//! with the largest decrease (ties: the smallest pair of flood labels); it stops when no
//! merge decreases the model. Pairs separated by an authored portal are never merged.
//! Every merge keeps the clustering valid: the portals left between the merged cluster and
//! a third one still separate two different clusters.

use std::collections::BTreeMap;

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

/// Merges clusters of `partition` while the memory model decreases. `has_reaches[area]`
/// says whether reachabilities leave an area; `authored[area]` whether it is a map-authored
/// portal.
pub(crate) fn optimise(partition: &mut Partition, has_reaches: &[bool], authored: &[bool]) {
    let labels = partition.parent.len();
    // Members with reachabilities per flood label (moved to the root on merges).
    let mut members = vec![0_i64; labels];
    for (area, label) in partition.label.iter().enumerate() {
        if let Some(label) = label
            && has_reaches[area]
        {
            members[*label as usize] += 1;
        }
    }
    loop {
        let mut routed = members.clone();
        let mut pairs: BTreeMap<[u32; 2], Between> = BTreeMap::new();
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
        }
        let total: i64 = (0..labels)
            .filter(|&l| partition.root(l as u32) as usize == l)
            .map(|l| routed[l])
            .sum();
        let mut best: Option<(i64, [u32; 2], i64)> = None;
        for (&[a, b], between) in &pairs {
            if between.authored {
                continue;
            }
            let (na, nb) = (routed[a as usize], routed[b as usize]);
            let merged = na + nb - between.routed;
            let delta = merged * merged - na * na - nb * nb
                + (total - between.routed) * (portal_count - between.portals)
                - total * portal_count;
            if delta < 0 && best.is_none_or(|(d, _, _)| delta < d) {
                best = Some((delta, [a, b], between.routed));
            }
        }
        let Some((_, [a, b], routed_between)) = best else {
            return;
        };
        partition.merge(a, b);
        let moved = members[b as usize];
        members[a as usize] += moved + routed_between;
        members[b as usize] = 0;
    }
}
