//! [`Router`]: the clustered router — lazily built area and portal caches of `u16` travel
//! times (hundredths of a second) under an LRU byte budget, answering the same queries as
//! [`reference_route`](crate::reference_route) with the same [cost model](crate::cost).
//!
//! - **Area cache** (cluster `C`, goal `G` routed in `C`, flags): per local state `r` of `C`
//!   (a reachability between two areas routed in `C`; routed = members and portals), the
//!   time from `r`'s start to entering `G` without leaving `C`.
//! - **Portal cache** (goal `G`, flags): per portal `P`, the time from having entered `P` to
//!   entering `G`.
//! - **Goal cache** (cluster `C` with portals, goal `G` routed in `C`, flags): per local state
//!   `r` of `C`, the exact time `T*(r)` to entering `G`, the least of the area cache and of
//!   `T_{C,P}(r) + U_G(P)` over the portals `P` of `C` — so routes that leave the cluster
//!   and come back are included (botlib's same-cluster shortcut ignores them), at the cost of
//!   one cache look-up instead of a scan of the portals.
//! - **Query** from `S` (at `origin`) to `G`: the least, over the allowed reachabilities `r`
//!   leaving `S` and the clusters `C` `r` is local to, of the crossing of `S` from `origin` to
//!   `r`'s start plus `T*(r)` (when `G` is routed in `C`; `T_{C,G}(r)` when `C` has no
//!   portals) or `T_{C,P}(r) + U_G(P)` over the portals `P` of `C`.
//!
//! In dense mode ([`RouterSettings::dense`]) every area is routed as one cluster.
//!
//! Queries the clusters cannot answer fall back to the flat reference search: a start or goal
//! in no cluster, and every query when some area in no cluster has both incoming and
//! outgoing reachabilities (a route could pass through it unseen by the caches).

mod area_cache;
mod budget;
mod caches;
mod goal_cache;
mod layout;
mod portal_cache;
mod query;
mod queue;
mod start_scan;

use budget::{CacheKey, CacheStore};
use layout::Layout;

use crate::cluster::{ClusterInfo, Clustering, ClusteringError, Membership};
use crate::cost::CostModel;
use crate::graph::RouteGraph;
use crate::{AreaId, ClusterId};

/// Settings of a [`Router`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RouterSettings {
    /// The most bytes the stored caches may count (see [`Router::bytes_used`]); default
    /// 2 MiB, Doom 3's routing-cache limit.
    pub budget_bytes: usize,
    /// Dense mode, for small maps: route as if every area were in one cluster, so each goal
    /// has one area cache over all reachabilities (`2 · R` bytes for `R` reachabilities;
    /// all goals: `2 · A · R`) and a query is one look-up per reachability leaving the start.
    /// No portal caches, no fallbacks. The cost model still charges the clustering's portal
    /// areas their maximum crossing, so answers are the same as in clustered mode. Default
    /// `false`.
    pub dense: bool,
    /// Whether crossing an area costs time, as in the [cost model](crate::cost) (default
    /// `true`). `false` routes with [`CostModel::without_crossing`]: every in-area crossing
    /// costs 0 and a route's time is the sum of its reachabilities' travel times — for graphs
    /// whose areas are points, such as waypoint graphs. The reference search answers alike
    /// when given the same model ([`Router::model`]).
    pub crossing: bool,
}

impl Default for RouterSettings {
    fn default() -> Self {
        Self {
            budget_bytes: 2 * 1024 * 1024,
            dense: false,
            crossing: true,
        }
    }
}

/// Counters of a [`Router`]'s work since it was built.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RouterStats {
    /// Queries answered.
    pub queries: u64,
    /// Queries answered by the flat reference search instead of the caches.
    pub fallbacks: u64,
    /// Area caches computed (including recomputations after eviction or invalidation).
    pub area_caches_built: u64,
    /// Portal caches computed.
    pub portal_caches_built: u64,
    /// Goal caches computed (one per cluster with portals and goal area routed in it).
    pub goal_caches_built: u64,
}

/// The clustered router over one graph (see the [module docs](self)).
#[derive(Debug)]
pub struct Router<'g, G: RouteGraph> {
    graph: &'g G,
    clustering: Clustering,
    model: CostModel,
    layout: Layout,
    store: CacheStore,
    stats: RouterStats,
    /// How many areas the model has disabled (the query skips the per-target test when none).
    disabled_areas: usize,
    /// Buffers a query reuses (no allocation or large copies per warm query).
    scratch: start_scan::Scratch,
}

impl<'g, G: RouteGraph> Router<'g, G> {
    /// A router over `graph` with `clustering` (validated here), its cost model built with
    /// the clustering's portal areas (and without in-area crossing when
    /// [`RouterSettings::crossing`] is `false`), and no caches yet. In [dense](RouterSettings::dense)
    /// mode it routes with a single cluster of every area instead (see
    /// [`clustering`](Self::clustering)).
    ///
    /// # Errors
    /// When the clustering does not fit the graph ([`Clustering::validate`]).
    ///
    /// # Complexity
    /// `O(A + R)` for the graph's `A` areas and `R` reachabilities.
    pub fn new(
        graph: &'g G,
        clustering: Clustering,
        settings: RouterSettings,
    ) -> Result<Self, ClusteringError> {
        clustering.validate(graph)?;
        let mut model = CostModel::new(graph, &clustering.portal_areas());
        if !settings.crossing {
            model = model.without_crossing();
        }
        let clustering = if settings.dense {
            single_cluster(graph.area_count())
        } else {
            clustering
        };
        let layout = Layout::new(graph, &clustering, &model);
        let disabled_areas = (0..model.area_count())
            .filter(|&a| model.is_disabled(AreaId::from_index(a)))
            .count();
        Ok(Self {
            graph,
            clustering,
            model,
            layout,
            store: CacheStore::new(settings.budget_bytes),
            stats: RouterStats::default(),
            disabled_areas,
            scratch: start_scan::Scratch::default(),
        })
    }

    /// The graph routed over.
    #[must_use]
    pub fn graph(&self) -> &'g G {
        self.graph
    }

    /// The clustering routed with: the one given, or in dense mode a single cluster holding
    /// every area.
    #[must_use]
    pub fn clustering(&self) -> &Clustering {
        &self.clustering
    }

    /// The cost model (with the current disabled areas).
    #[must_use]
    pub fn model(&self) -> &CostModel {
        &self.model
    }

    /// The bytes the stored caches count: per cache 2 bytes per `u16` time, 4 per recorded
    /// cluster and a fixed header estimate. Never above [`budget_bytes`](Self::budget_bytes).
    #[must_use]
    pub fn bytes_used(&self) -> usize {
        self.store.used()
    }

    /// The bytes of the static structure built on construction, outside the budget: the
    /// copied reachabilities, the per-cluster local states and reversed reachabilities, and
    /// the precomputed in-area crossing times (an estimate of the heap contents).
    #[must_use]
    pub fn static_bytes(&self) -> usize {
        self.layout.bytes()
    }

    /// The byte budget of the stored caches.
    #[must_use]
    pub fn budget_bytes(&self) -> usize {
        self.store.budget()
    }

    /// How many caches are stored.
    #[must_use]
    pub fn cache_count(&self) -> usize {
        self.store.len()
    }

    /// The work counters.
    #[must_use]
    pub fn stats(&self) -> RouterStats {
        self.stats
    }

    /// Drops every stored cache.
    pub fn clear_caches(&mut self) {
        self.store.clear();
    }

    /// Disables (`enabled = false`) or re-enables `area` for routing, dropping exactly the
    /// caches that depended on it: the area caches of the cluster(s) it is routed in, and the
    /// portal caches built from any of those. Nothing is dropped when the state does not
    /// change, or for an area in no cluster (no cache routes through one). An area outside the
    /// graph is ignored.
    pub fn set_area_enabled(&mut self, area: AreaId, enabled: bool) {
        if area.index() >= self.model.area_count() || self.model.is_disabled(area) != enabled {
            return;
        }
        self.model.set_enabled(area, enabled);
        if enabled {
            self.disabled_areas -= 1;
        } else {
            self.disabled_areas += 1;
        }
        let affected: Vec<ClusterId> = self.layout.routed_in[area.index()]
            .iter()
            .flatten()
            .map(|&(c, _)| c)
            .collect();
        if affected.is_empty() {
            return;
        }
        self.store.remove_where(|key, cached| match key {
            CacheKey::Area(cluster, _, _) => affected.contains(cluster),
            CacheKey::Goal(_, _, _) | CacheKey::Portal(_, _) => {
                cached.clusters.iter().any(|c| affected.contains(c))
            }
        });
    }
}

/// The clustering of dense mode: every area in cluster 0, no portals.
fn single_cluster(areas: usize) -> Clustering {
    Clustering {
        membership: vec![Membership::Cluster(ClusterId(0)); areas],
        portals: Vec::new(),
        clusters: vec![ClusterInfo {
            areas: (0..areas).map(AreaId::from_index).collect(),
            portals: Vec::new(),
        }],
    }
}
