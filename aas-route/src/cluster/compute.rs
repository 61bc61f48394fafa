//! [`Clustering::compute`]: clusters and portals of any [`RouteGraph`] (thesis §6.5).
//!
//! 1. **Routable areas** are those a reachability leaves or enters; the others are in no
//!    cluster ([`Membership::None`](super::Membership::None), as BSPC's cluster 0): no route
//!    can start, end or pass there, and clustering does not flood through them.
//! 2. **Portal candidates** (see [`portals`](super::portals)): the routable areas with
//!    `CLUSTERPORTAL` contents, plus the automatically detected local separators whose
//!    maximum crossing time is at most
//!    [`max_portal_crossing`](ClusterSettings::max_portal_crossing) (a wide portal area
//!    makes every route through it look slower, see [`crate::cost`]).
//! 3. **Flood**: clusters are the connected groups of routable areas through shared faces and
//!    reachabilities (both directions) that do not pass through a candidate.
//! 4. **Validity, until stable**: a candidate next to fewer or more than two clusters is
//!    demoted to an ordinary area (the clusters it touches then flood together); when every
//!    candidate touches exactly two, two candidates next to each other that share no cluster
//!    lose the higher-numbered one. Each round removes candidates, so this ends.
//! 5. **Optimisation** (see [`merge`]): pairs of clusters separated only by
//!    automatic portals are merged while the memory model decreases.
//! 6. **Refinement** (see [`refine`](super::refine)): a large cluster is cut along a
//!    breadth-first layer of its areas (only of areas narrow enough to be portals) when that
//!    lowers the memory model, repeatedly.
//! 7. **Fallback**: when the authored portals alone give a smaller memory model, that
//!    clustering is returned instead, so automatic detection never makes it worse.
//!
//! Everything runs in area order with sorted neighbour lists, so the result is a function
//! of the graph and the settings alone. The result satisfies
//! [`Clustering::validate`].

use super::adjacency::Adjacency;
use super::partition::{Partition, flood, touching};
use super::portals::select_portals;
use super::refine::refine;
use super::{ClusterSettings, Clustering, merge};
use crate::cost::CostModel;
use crate::graph::RouteGraph;
use crate::{AreaContents, AreaId};

impl Clustering {
    /// Clusters and portals of `graph`.
    ///
    /// Areas no reachability leaves or enters are in no cluster. Portal candidates are the
    /// map-authored `CLUSTERPORTAL` areas and, with
    /// [`automatic_portals`](ClusterSettings::automatic_portals), the areas whose
    /// neighbours fall into exactly two groups nearby once they are removed (door openings,
    /// windows, corridor necks). Clusters are flooded through shared faces and
    /// reachabilities (both directions) without crossing a candidate; a candidate next to
    /// fewer or more than two clusters, or next to a candidate sharing none of its
    /// clusters, is demoted, until every portal separates exactly two clusters. Then
    /// clusters separated by automatic portals only are merged, and large clusters cut
    /// along breadth-first layers, while that lowers
    /// [`memory_model_bytes`](Self::memory_model_bytes); the authored clustering is
    /// returned when it is smaller still. The result satisfies [`validate`](Self::validate)
    /// and depends only on the graph and the settings. `aas-route/ARCHITECTURE.md`
    /// ("Clustering") states the rules in full.
    #[must_use]
    pub fn compute(graph: &impl RouteGraph, settings: &ClusterSettings) -> Self {
        let problem = Problem::new(graph, settings);
        let only_authored = problem.solve(problem.authored.clone());
        if !settings.automatic_portals {
            return only_authored;
        }
        let mut computed = problem.solve(select_portals(
            &problem.adjacency,
            &problem.authored,
            &problem.narrow,
            settings,
        ));
        if settings.refine {
            computed = refine(&problem, graph, computed);
        }
        if only_authored.memory_model_bytes(graph) < computed.memory_model_bytes(graph) {
            only_authored
        } else {
            computed
        }
    }
}

/// What [`Clustering::compute`] knows about a graph.
pub(crate) struct Problem {
    /// The flood graph.
    pub(crate) adjacency: Adjacency,
    /// Per area: whether it is a routable map-authored portal.
    pub(crate) authored: Vec<bool>,
    /// Per area: whether its maximum crossing time is small enough for an automatic portal
    /// ([`ClusterSettings::max_portal_crossing`]).
    pub(crate) narrow: Vec<bool>,
    /// Per area: whether reachabilities leave it.
    has_reaches: Vec<bool>,
    /// Whether to merge clusters on the memory model.
    optimise: bool,
}

impl Problem {
    /// The problem of `graph`.
    fn new(graph: &impl RouteGraph, settings: &ClusterSettings) -> Self {
        let adjacency = Adjacency::of(graph);
        let count = graph.area_count();
        let every_area: Vec<AreaId> = (0..count).map(AreaId::from_index).collect();
        let crossings = CostModel::new(graph, &every_area);
        let narrow = every_area
            .iter()
            .map(|&a| {
                crossings
                    .portal_crossing(a)
                    .is_some_and(|max| max <= settings.max_portal_crossing)
            })
            .collect();
        let authored = (0..count)
            .map(|a| {
                adjacency.routable[a]
                    && graph
                        .area(AreaId::from_index(a))
                        .contents
                        .contains(AreaContents::CLUSTERPORTAL)
            })
            .collect();
        let has_reaches = (0..count)
            .map(|a| !graph.reaches(AreaId::from_index(a)).is_empty())
            .collect();
        Self {
            adjacency,
            authored,
            narrow,
            has_reaches,
            optimise: settings.optimise,
        }
    }

    /// The clustering with the portal candidates `portal` (per area): flood, demotion until
    /// every portal is valid, then the memory-model merging when asked for.
    pub(crate) fn solve(&self, mut portal: Vec<bool>) -> Clustering {
        let adjacency = &self.adjacency;
        let count = adjacency.neighbours.len();
        let (label, clusters, portals) = loop {
            let (label, clusters) = flood(adjacency, &portal);
            let mut sides: Vec<Option<[u32; 2]>> = vec![None; count];
            let mut demote = Vec::new();
            for area in (0..count).filter(|&a| portal[a]) {
                match touching(adjacency, &label, area).as_slice() {
                    &[a, b] => sides[area] = Some([a, b]),
                    _ => demote.push(area),
                }
            }
            if demote.is_empty() {
                demote = unshared_neighbours(adjacency, &sides);
            }
            if demote.is_empty() {
                let portals: Vec<(u32, [u32; 2])> = sides
                    .iter()
                    .enumerate()
                    .filter_map(|(area, s)| Some((AreaId::from_index(area).0, (*s)?)))
                    .collect();
                break (label, clusters, portals);
            }
            for area in demote {
                portal[area] = false;
            }
        };
        let mut partition = Partition::new(label, clusters, &portals);
        if self.optimise {
            merge::optimise(&mut partition, &self.has_reaches, &self.authored);
        }
        partition.into_clustering(count)
    }
}

/// The higher-numbered area of every pair of neighbouring portals that share no cluster
/// (`sides` of every portal known), sorted and without duplicates.
fn unshared_neighbours(adjacency: &Adjacency, sides: &[Option<[u32; 2]>]) -> Vec<usize> {
    let mut demote = Vec::new();
    for (area, own) in sides.iter().enumerate() {
        let Some(own) = own else { continue };
        for &n in adjacency.of_area(area) {
            let n = n as usize;
            if n > area
                && let Some(other) = sides[n]
                && !own.iter().any(|c| other.contains(c))
            {
                demote.push(n);
            }
        }
    }
    demote.sort_unstable();
    demote.dedup();
    demote
}
