//! [`Partition`]: the working state of [`Clustering::compute`](super::Clustering::compute) —
//! flooded clusters (merged through a flat label-to-root map) and the portals between them —
//! and its conversion into a [`Clustering`].

use super::adjacency::Adjacency;
use super::{ClusterInfo, Clustering, Membership, PortalInfo};
use crate::{AreaId, ClusterId, PortalId};

/// A portal of a [`Partition`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PortalState {
    /// The portal area.
    pub(crate) area: u32,
    /// The flood labels of its two clusters (resolve them with [`Partition::root`]).
    pub(crate) sides: [u32; 2],
    /// Whether it is still a portal (a merge turns it into a member).
    pub(crate) alive: bool,
}

/// Clusters as flood labels joined by a flat label-to-root map, and the portals between
/// them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Partition {
    /// Per area: the flood label of its cluster, for members; `None` for portals and
    /// unroutable areas.
    pub(crate) label: Vec<Option<u32>>,
    /// Per flood label: the root label of its cluster (a root maps to itself; always flat).
    pub(crate) parent: Vec<u32>,
    /// Per root label: the flood labels it holds.
    held: Vec<Vec<u32>>,
    /// The portals, in area order.
    pub(crate) portals: Vec<PortalState>,
}

/// Flood labels of the routable non-portal areas: the connected groups of `adjacency` that
/// do not pass through a portal area, numbered in the order of their lowest area.
pub(crate) fn flood(adjacency: &Adjacency, portal: &[bool]) -> (Vec<Option<u32>>, u32) {
    let count = adjacency.neighbours.len();
    let mut label: Vec<Option<u32>> = vec![None; count];
    let mut next = 0_u32;
    let mut stack = Vec::new();
    for seed in 0..count {
        if !adjacency.routable[seed] || portal[seed] || label[seed].is_some() {
            continue;
        }
        label[seed] = Some(next);
        stack.push(seed);
        while let Some(at) = stack.pop() {
            for &n in adjacency.of_area(at) {
                let n = n as usize;
                if !portal[n] && label[n].is_none() {
                    label[n] = Some(next);
                    stack.push(n);
                }
            }
        }
        next += 1;
    }
    (label, next)
}

/// The distinct flood labels of the members next to `area`, sorted.
pub(crate) fn touching(adjacency: &Adjacency, label: &[Option<u32>], area: usize) -> Vec<u32> {
    let mut sides: Vec<u32> = adjacency
        .of_area(area)
        .iter()
        .filter_map(|&n| label[n as usize])
        .collect();
    sides.sort_unstable();
    sides.dedup();
    sides
}

impl Partition {
    /// The partition of a flood with `label` (and `clusters` labels) whose `portals` are
    /// given as `(area, sides)` in area order.
    pub(crate) fn new(label: Vec<Option<u32>>, clusters: u32, portals: &[(u32, [u32; 2])]) -> Self {
        Self {
            label,
            parent: (0..clusters).collect(),
            held: (0..clusters).map(|l| vec![l]).collect(),
            portals: portals
                .iter()
                .map(|&(area, sides)| PortalState {
                    area,
                    sides,
                    alive: true,
                })
                .collect(),
        }
    }

    /// The root label of `label`'s cluster.
    pub(crate) fn root(&self, label: u32) -> u32 {
        self.parent.get(label as usize).copied().unwrap_or(label)
    }

    /// The current clusters of a live portal (roots), the smaller first.
    pub(crate) fn portal_sides(&self, portal: &PortalState) -> [u32; 2] {
        let (a, b) = (self.root(portal.sides[0]), self.root(portal.sides[1]));
        [a.min(b), a.max(b)]
    }

    /// Merges the clusters of roots `a` and `b`: every live portal between them becomes a
    /// member, and the smaller root holds the larger's labels.
    pub(crate) fn merge(&mut self, a: u32, b: u32) {
        let keep = a.min(b);
        let gone = a.max(b);
        let mut members = Vec::new();
        for index in 0..self.portals.len() {
            let portal = self.portals[index];
            if portal.alive && self.portal_sides(&portal) == [keep, gone] {
                self.portals[index].alive = false;
                members.push(portal.area as usize);
            }
        }
        for area in members {
            self.label[area] = Some(keep);
        }
        let moved = std::mem::take(&mut self.held[gone as usize]);
        for &label in &moved {
            self.parent[label as usize] = keep;
        }
        self.held[keep as usize].extend(moved);
    }

    /// The [`Clustering`] of this partition: clusters numbered in the order of their lowest
    /// area, portals in area order with `front` the smaller cluster id.
    pub(crate) fn into_clustering(self, area_count: usize) -> Clustering {
        let mut number: Vec<Option<u32>> = vec![None; self.parent.len()];
        let mut next = 0_u32;
        let mut membership = vec![Membership::None; area_count];
        let mut clusters: Vec<ClusterInfo> = Vec::new();
        for (index, label) in self.label.iter().enumerate() {
            let Some(label) = label else { continue };
            let root = self.root(*label) as usize;
            let id = *number[root].get_or_insert_with(|| {
                next += 1;
                clusters.push(ClusterInfo::default());
                next - 1
            });
            membership[index] = Membership::Cluster(ClusterId(id));
            clusters[id as usize].areas.push(AreaId::from_index(index));
        }
        let mut portals = Vec::new();
        for portal in self.portals.iter().filter(|p| p.alive) {
            let [a, b] = self.portal_sides(portal);
            let (Some(a), Some(b)) = (number[a as usize], number[b as usize]) else {
                continue;
            };
            let id = PortalId::from_index(portals.len());
            membership[portal.area as usize] = Membership::Portal(id);
            let (front, back) = (a.min(b), a.max(b));
            clusters[front as usize].portals.push(id);
            clusters[back as usize].portals.push(id);
            portals.push(PortalInfo {
                area: AreaId(portal.area),
                front: ClusterId(front),
                back: ClusterId(back),
            });
        }
        Clustering {
            membership,
            portals,
            clusters,
        }
    }
}
