//! Refinement: cutting large clusters along breadth-first layers.
//!
//! Local separation finds no portal inside an open space, so it can stay one large cluster
//! whose `n_c²` dominates the memory model. For each cluster, most areas first, the members
//! are layered breadth-first (through the flood graph, inside the cluster) three times: from
//! its lowest area, from the last member reached then (`far`), and from the last member
//! reached from `far` (a pseudo-peripheral member). Every layer with at least a tenth of the
//! members on each side (at most [`MAX_LAYERS_TRIED`] per layering, evenly spread) is tried
//! as a cut: its areas become portal candidates beside the current portals and the authored
//! ones. When the members beyond the layer fall apart into several groups, the layer
//! without the areas that touch only the smaller groups is tried too (those areas then join
//! the near side, taking their groups with them, instead of becoming portals between three
//! clusters). Each try solves the whole clustering again (demotion, then merging). Of the
//! first of the [`MAX_CLUSTERS_TRIED`] largest clusters that has an improving cut, the cut
//! with the smallest memory model is kept; this repeats, at most [`MAX_ROUNDS`] times, until
//! no cut helps. Each kept step lowers the model, and the result is a solved clustering, so
//! it is valid.

use std::cmp::Reverse;

use super::Clustering;
use super::Membership;
use super::adjacency::Adjacency;
use super::compute::Problem;
use crate::ClusterId;
use crate::graph::RouteGraph;

/// At most this many layers are kept.
const MAX_ROUNDS: usize = 64;

/// Per round, at most this many clusters (the largest) are tried.
const MAX_CLUSTERS_TRIED: usize = 4;

/// Per layering, at most this many layers are tried.
const MAX_LAYERS_TRIED: usize = 8;

/// Clusters with fewer members are not cut.
const MIN_MEMBERS: usize = 16;

/// The breadth-first layers of the members of `cluster` from `start` (each layer sorted).
fn layers_from(
    adjacency: &Adjacency,
    membership: &[Membership],
    cluster: ClusterId,
    start: usize,
) -> Vec<Vec<usize>> {
    let mut seen = vec![false; membership.len()];
    seen[start] = true;
    let mut layers = vec![vec![start]];
    loop {
        let mut next = Vec::new();
        for &area in layers.last().map_or(&[][..], Vec::as_slice) {
            for &n in adjacency.of_area(area) {
                let n = n as usize;
                if !seen[n] && membership[n] == Membership::Cluster(cluster) {
                    seen[n] = true;
                    next.push(n);
                }
            }
        }
        if next.is_empty() {
            return layers;
        }
        next.sort_unstable();
        layers.push(next);
    }
}

/// The three layerings of the members of `cluster` (see the module docs); `first` is its
/// lowest area.
fn layers(
    adjacency: &Adjacency,
    membership: &[Membership],
    cluster: ClusterId,
    first: usize,
) -> Vec<Vec<Vec<usize>>> {
    let last = |layers: &[Vec<usize>]| {
        layers
            .last()
            .and_then(|layer| layer.last())
            .copied()
            .unwrap_or(first)
    };
    let from_first = layers_from(adjacency, membership, cluster, first);
    let far = last(&from_first);
    let from_far = layers_from(adjacency, membership, cluster, far);
    let farther = last(&from_far);
    vec![
        from_first,
        from_far,
        layers_from(adjacency, membership, cluster, farther),
    ]
}

/// The cuts tried at layer `index` of `layering`: the layer itself and, when the members
/// beyond it fall apart into several groups, the layer without the areas that touch only
/// smaller groups (those then join the near side, taking their groups with them, instead of
/// making a portal between three clusters).
fn cuts(
    adjacency: &Adjacency,
    layering: &[Vec<usize>],
    index: usize,
    area_count: usize,
) -> Vec<Vec<usize>> {
    let mut depth = vec![usize::MAX; area_count];
    for (d, layer) in layering.iter().enumerate() {
        for &area in layer {
            depth[area] = d;
        }
    }
    // Groups of the members beyond the layer, and their sizes.
    let mut group = vec![usize::MAX; area_count];
    let mut sizes: Vec<usize> = Vec::new();
    for &seed in layering.iter().skip(index + 1).flatten() {
        if group[seed] != usize::MAX {
            continue;
        }
        let label = sizes.len();
        group[seed] = label;
        let mut stack = vec![seed];
        let mut size = 0;
        while let Some(at) = stack.pop() {
            size += 1;
            for &n in adjacency.of_area(at) {
                let n = n as usize;
                if depth[n] != usize::MAX && depth[n] > index && group[n] == usize::MAX {
                    group[n] = label;
                    stack.push(n);
                }
            }
        }
        sizes.push(size);
    }
    let layer = layering[index].clone();
    if sizes.len() < 2 {
        return vec![layer];
    }
    let largest = (0..sizes.len())
        .max_by_key(|&g| (sizes[g], Reverse(g)))
        .unwrap_or(0);
    let trimmed: Vec<usize> = layer
        .iter()
        .copied()
        .filter(|&area| {
            let groups: Vec<usize> = adjacency
                .of_area(area)
                .iter()
                .map(|&n| group[n as usize])
                .filter(|&g| g != usize::MAX)
                .collect();
            groups.is_empty() || groups.contains(&largest)
        })
        .collect();
    vec![layer, trimmed]
}

/// The layers of `layering` (of `total` members) tried as cuts: those with at least a tenth
/// of the members before and after them, at most [`MAX_LAYERS_TRIED`] evenly spread.
fn eligible(layering: &[Vec<usize>], total: usize) -> Vec<usize> {
    let mut before = 0;
    let mut fitting = Vec::new();
    for (index, layer) in layering.iter().enumerate() {
        let after = total.saturating_sub(before + layer.len());
        if before * 10 >= total && after * 10 >= total {
            fitting.push(index);
        }
        before += layer.len();
    }
    if fitting.len() <= MAX_LAYERS_TRIED {
        return fitting;
    }
    let last = fitting.len() - 1;
    let mut picked: Vec<usize> = (0..MAX_LAYERS_TRIED)
        .map(|i| i * last / (MAX_LAYERS_TRIED - 1))
        .collect();
    picked.dedup();
    picked.into_iter().map(|i| fitting[i]).collect()
}

/// `start` refined by cutting large clusters along layers (see the module docs).
pub(crate) fn refine(problem: &Problem, graph: &impl RouteGraph, start: Clustering) -> Clustering {
    let mut best_bytes = start.memory_model_bytes(graph);
    let mut best = start;
    for _ in 0..MAX_ROUNDS {
        let mut order: Vec<(Reverse<usize>, usize)> = best
            .clusters
            .iter()
            .enumerate()
            .map(|(index, cluster)| (Reverse(cluster.areas.len()), index))
            .collect();
        order.sort_unstable();
        let mut found: Option<(u64, Clustering)> = None;
        for (Reverse(total), index) in order.into_iter().take(MAX_CLUSTERS_TRIED) {
            let Some(&first) = best.clusters[index].areas.first() else {
                continue;
            };
            if total < MIN_MEMBERS {
                continue;
            }
            let id = ClusterId::from_index(index);
            let portals: Vec<bool> = best
                .membership
                .iter()
                .zip(&problem.authored)
                .map(|(m, &authored)| authored || matches!(m, Membership::Portal(_)))
                .collect();
            for layering in layers(&problem.adjacency, &best.membership, id, first.index()) {
                for index in eligible(&layering, total) {
                    for cut in cuts(&problem.adjacency, &layering, index, portals.len()) {
                        if !cut.iter().all(|&area| problem.narrow[area]) {
                            continue;
                        }
                        let mut candidates = portals.clone();
                        for area in cut {
                            candidates[area] = true;
                        }
                        let tried = problem.solve(candidates);
                        let bytes = tried.memory_model_bytes(graph);
                        if bytes < found.as_ref().map_or(best_bytes, |(b, _)| *b) {
                            found = Some((bytes, tried));
                        }
                    }
                }
            }
            if found.is_some() {
                break;
            }
        }
        let Some((bytes, better)) = found else { break };
        best = better;
        best_bytes = bytes;
    }
    best
}
