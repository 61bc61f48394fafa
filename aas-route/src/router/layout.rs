//! [`Layout`]: the static per-cluster structure the caches are indexed by, computed once
//! from the graph and its clustering.
//!
//! A cluster's **routed areas** are its members followed by its portal areas; its **local
//! states** are the reachabilities leaving a routed area whose target is routed in it too,
//! ordered by source (routed-area index) then reachability id. A reachability between two
//! portals of the same two clusters is local to both. An area cache holds one `u16` per local
//! state of its cluster.

use glam::Vec3;

use crate::cluster::{Clustering, Membership};
use crate::cost::CostModel;
use crate::graph::{ReachInfo, RouteGraph};
use crate::{AreaId, ClusterId, ReachId, TravelFlags};

/// Where something sits in up to two clusters (`None` for unused slots).
pub(super) type TwoSlots = [Option<(ClusterId, u32)>; 2];

/// The routed areas, local states and reversed local reachabilities of one cluster.
#[derive(Debug, Clone, Default)]
pub(super) struct ClusterLayout {
    /// Its routed areas: members, then portal areas (in portal order).
    pub(super) routed: Vec<AreaId>,
    /// The local states: reachability ids.
    pub(super) states: Vec<ReachId>,
    /// Per local state: the routed-area index of its source.
    pub(super) state_source: Vec<u32>,
    /// Per routed area `i`: its outgoing local states are `outgoing[i]..outgoing[i + 1]`.
    outgoing: Vec<u32>,
    /// Per routed area `i`: the local states entering it are
    /// `incoming[incoming_start[i]..incoming_start[i + 1]]`.
    incoming_start: Vec<u32>,
    /// The local states entering each routed area (see `incoming_start`).
    incoming: Vec<u32>,
    /// Per routed area `i`: where its crossing matrix starts in `crossings`.
    matrix_start: Vec<u32>,
    /// Per routed area, row-major: for the `k`-th local state entering it and the `j`-th
    /// local state leaving it, the crossing time (entered) from the end of the first to the
    /// start of the second, hundredths of a second.
    crossings: Vec<u32>,
}

impl ClusterLayout {
    /// The local states leaving routed area `routed`.
    pub(super) fn outgoing_of(&self, routed: u32) -> std::ops::Range<usize> {
        let i = routed as usize;
        self.outgoing[i] as usize..self.outgoing[i + 1] as usize
    }

    /// The crossing time of routed area `routed` from the end of its `k`-th entering local
    /// state to the start of the leaving local state `state`.
    pub(super) fn crossing(&self, routed: u32, k: usize, state: usize) -> u32 {
        let i = routed as usize;
        let first = self.outgoing[i] as usize;
        let columns = self.outgoing[i + 1] as usize - first;
        self.crossings[self.matrix_start[i] as usize + k * columns + state - first]
    }

    /// The bytes of its vectors' contents.
    fn bytes(&self) -> usize {
        4 * (self.routed.len()
            + self.states.len()
            + self.state_source.len()
            + self.outgoing.len()
            + self.incoming_start.len()
            + self.incoming.len()
            + self.matrix_start.len()
            + self.crossings.len())
    }

    /// The local states entering routed area `routed`.
    pub(super) fn incoming_of(&self, routed: u32) -> &[u32] {
        let i = routed as usize;
        &self.incoming[self.incoming_start[i] as usize..self.incoming_start[i + 1] as usize]
    }
}

/// A reachability as the query scans the start area's exits: everything it tests or
/// computes per exit in 20 contiguous bytes.
#[derive(Debug, Clone, Copy)]
pub(super) struct Exit {
    /// The travel flags taking it and entering its target require (its type's and the
    /// target's contents'), so the query tests both at once.
    pub(super) enter: TravelFlags,
    /// Its target area (tested for being disabled).
    pub(super) target: AreaId,
    /// Its start point (the start's crossing ends there).
    pub(super) begin: Vec3,
}

/// What a query reads about its start and goal area, packed so each costs one or two cache
/// lines instead of one per table.
#[derive(Debug, Clone, Copy)]
pub(super) struct AreaQuery {
    /// The reachabilities leaving it: `leaving.0..leaving.1`.
    pub(super) leaving: (u32, u32),
    /// Its home cluster and its first local state there, when it is a member of that one
    /// cluster and every reachability leaving it is local to it — then the local state of
    /// its `i`-th leaving reachability is that first state plus `i` (the query's fast path;
    /// `None` for portal areas and the rest).
    pub(super) home: Option<(ClusterId, u32)>,
    /// The clusters it is routed in (as [`Layout::routed_in`], without the indices).
    pub(super) routed: [Option<ClusterId>; 2],
    /// Its in-area factor ([`CostModel::factor`]).
    pub(super) factor: f64,
    /// Whether it is in some cluster (not [`Membership::None`]).
    pub(super) clustered: bool,
    /// Whether it is marked "do not enter" (a query from or to it adds the flag).
    pub(super) marked: bool,
}

impl AreaQuery {
    /// Whether it is routed in `cluster`.
    pub(super) fn routed_in(&self, cluster: ClusterId) -> bool {
        self.routed.contains(&Some(cluster))
    }
}

/// The graph's reachabilities copied once, plus the cluster structure.
#[derive(Debug, Clone)]
pub(super) struct Layout {
    /// Every reachability.
    pub(super) reaches: Vec<ReachInfo>,
    /// Per reachability: the travel flags its type (and team bits) require.
    pub(super) required: Vec<TravelFlags>,
    /// Per reachability: what the query's scan of a start's exits reads.
    pub(super) exits: Vec<Exit>,
    /// Per area: everything a query reads about its start and goal, in one record.
    pub(super) areas: Vec<AreaQuery>,
    /// Per reachability: the clusters it is local to, with its local-state index there.
    pub(super) locals: Vec<TwoSlots>,
    /// Per area: the clusters it is routed in, with its routed-area index there.
    pub(super) routed_in: Vec<TwoSlots>,
    /// Per cluster.
    pub(super) clusters: Vec<ClusterLayout>,
    /// Whether every route the cost model allows can be answered from the clusters: no area
    /// in no cluster has both incoming and outgoing reachabilities (else a route could pass
    /// through it unseen by the caches).
    pub(super) complete: bool,
}

/// The home of `area` ([`Layout::home`]): its cluster and first local state there when it
/// is a member of one cluster and its leaving reachabilities `leaving` are local to it, in
/// order, from that state on.
fn home_of(
    area: usize,
    clustering: &Clustering,
    leaving: &std::ops::Range<u32>,
    locals: &[TwoSlots],
    clusters: &[ClusterLayout],
) -> Option<(ClusterId, u32)> {
    let Membership::Cluster(cluster) = clustering.membership[area] else {
        return None;
    };
    let first = leaving.clone().next().map_or_else(
        // No exits: any state works; the cluster's count keeps it in range.
        || Some(id32(clusters[cluster.index()].states.len())),
        |reach| {
            locals[reach as usize]
                .iter()
                .flatten()
                .find(|(c, _)| *c == cluster)
                .map(|&(_, state)| state)
        },
    )?;
    let contiguous = leaving.clone().zip(first..).all(|(reach, state)| {
        locals[reach as usize]
            .iter()
            .flatten()
            .any(|&slot| slot == (cluster, state))
    });
    contiguous.then_some((cluster, first))
}

/// The id at `index` (indices here come from `u32` ids or lengths checked on construction).
fn id32(index: usize) -> u32 {
    u32::try_from(index).unwrap_or(u32::MAX)
}

impl Layout {
    /// The layout of `graph` under `clustering` (which must have been validated), with the
    /// in-area crossing times of `model` (which do not change when areas are disabled).
    pub(super) fn new(graph: &impl RouteGraph, clustering: &Clustering, model: &CostModel) -> Self {
        let area_count = graph.area_count();
        let reaches: Vec<ReachInfo> = (0..graph.reach_count())
            .map(|r| graph.reach(ReachId(id32(r))))
            .collect();
        let required: Vec<TravelFlags> = reaches
            .iter()
            .map(|r| TravelFlags::for_travel(r.travel))
            .collect();
        let enter: Vec<TravelFlags> = reaches
            .iter()
            .zip(&required)
            .map(|(r, &flags)| {
                let target = model.area_flags(r.target);
                flags | target
            })
            .collect();
        let leaving: Vec<std::ops::Range<u32>> = (0..area_count)
            .map(|a| graph.reaches(AreaId(id32(a))))
            .collect();

        let mut clusters = vec![ClusterLayout::default(); clustering.clusters.len()];
        let mut routed_in: Vec<TwoSlots> = vec![[None, None]; area_count];
        let mut add_routed = |cluster: ClusterId, area: AreaId, clusters: &mut [ClusterLayout]| {
            let layout = &mut clusters[cluster.index()];
            let slot = (cluster, id32(layout.routed.len()));
            layout.routed.push(area);
            let slots = &mut routed_in[area.index()];
            if slots[0].is_none() {
                slots[0] = Some(slot);
            } else {
                slots[1] = Some(slot);
            }
        };
        for (index, info) in clustering.clusters.iter().enumerate() {
            let cluster = ClusterId(id32(index));
            for &area in &info.areas {
                add_routed(cluster, area, &mut clusters);
            }
            for portal in &info.portals {
                add_routed(
                    cluster,
                    clustering.portals[portal.index()].area,
                    &mut clusters,
                );
            }
        }

        let mut locals: Vec<TwoSlots> = vec![[None, None]; reaches.len()];
        for (index, layout) in clusters.iter_mut().enumerate() {
            let cluster = ClusterId(id32(index));
            let routed_index = |area: AreaId| {
                routed_in
                    .get(area.index())
                    .into_iter()
                    .flatten()
                    .flatten()
                    .find(|(c, _)| *c == cluster)
                    .map(|&(_, i)| i)
            };
            layout.outgoing.push(0);
            let mut entering: Vec<Vec<u32>> = vec![Vec::new(); layout.routed.len()];
            for (source, &area) in layout.routed.iter().enumerate() {
                for reach in leaving[area.index()].clone() {
                    let Some(target) = routed_index(reaches[reach as usize].target) else {
                        continue;
                    };
                    let state = id32(layout.states.len());
                    layout.states.push(ReachId(reach));
                    layout.state_source.push(id32(source));
                    entering[target as usize].push(state);
                    let slots = &mut locals[reach as usize];
                    let slot = Some((cluster, state));
                    if slots[0].is_none() {
                        slots[0] = slot;
                    } else {
                        slots[1] = slot;
                    }
                }
                layout.outgoing.push(id32(layout.states.len()));
            }
            layout.incoming_start.push(0);
            for list in entering {
                layout.incoming.extend(list);
                layout.incoming_start.push(id32(layout.incoming.len()));
            }
            let mut crossings = Vec::new();
            for (routed, &area) in layout.routed.iter().enumerate() {
                layout.matrix_start.push(id32(crossings.len()));
                let routed = id32(routed);
                for &before in layout.incoming_of(routed) {
                    let end = reaches[layout.states[before as usize].index()].end;
                    for after in layout.outgoing_of(routed) {
                        let start = reaches[layout.states[after].index()].start;
                        crossings.push(model.crossing(area, end, start, true));
                    }
                }
            }
            layout.crossings = crossings;
        }

        let mut has_incoming = vec![false; area_count];
        for reach in &reaches {
            if let Some(flag) = has_incoming.get_mut(reach.target.index()) {
                *flag = true;
            }
        }
        let exits = reaches
            .iter()
            .zip(&enter)
            .map(|(r, &enter)| Exit {
                enter,
                target: r.target,
                begin: r.start,
            })
            .collect();
        let areas = (0..area_count)
            .map(|a| {
                let area = AreaId(id32(a));
                AreaQuery {
                    leaving: (leaving[a].start, leaving[a].end),
                    home: home_of(a, clustering, &leaving[a], &locals, &clusters),
                    routed: routed_in[a].map(|slot| slot.map(|(c, _)| c)),
                    factor: model.factor(area),
                    clustered: clustering.membership[a] != Membership::None,
                    marked: model.area_flags(area).contains(TravelFlags::DONOTENTER),
                }
            })
            .collect();
        let complete = (0..area_count).all(|a| {
            !matches!(clustering.membership[a], Membership::None)
                || leaving[a].is_empty()
                || !has_incoming[a]
        });
        Self {
            reaches,
            required,
            exits,
            areas,
            locals,
            routed_in,
            clusters,
            complete,
        }
    }

    /// The bytes of its vectors' contents (an estimate of its heap size).
    pub(super) fn bytes(&self) -> usize {
        use std::mem::size_of;
        self.reaches.len() * size_of::<ReachInfo>()
            + self.required.len() * size_of::<TravelFlags>()
            + self.exits.len() * size_of::<Exit>()
            + self.areas.len() * size_of::<AreaQuery>()
            + (self.locals.len() + self.routed_in.len()) * size_of::<TwoSlots>()
            + self
                .clusters
                .iter()
                .map(ClusterLayout::bytes)
                .sum::<usize>()
    }

    /// The routed-area index of `area` in `cluster`, if it is routed there.
    pub(super) fn routed_index(&self, area: AreaId, cluster: ClusterId) -> Option<u32> {
        self.routed_in
            .get(area.index())?
            .iter()
            .flatten()
            .find(|(c, _)| *c == cluster)
            .map(|&(_, i)| i)
    }

    /// Whether a route under `flags` may take `reach`: its type is allowed and its target may
    /// be entered.
    pub(super) fn allowed(&self, reach: ReachId, flags: TravelFlags, model: &CostModel) -> bool {
        flags.allow(self.required[reach.index()])
            && model.can_enter(self.reaches[reach.index()].target, flags)
    }
}
