//! [`Caches`]: the router's stored caches together with the static structure they are built
//! from, borrowed apart from the rest of the [`Router`](super::Router) so a query can read
//! the layout while it fetches caches.

use std::sync::Arc;

use super::budget::{CacheKey, CacheStore, Cached};
use super::layout::Layout;
use super::{RouterStats, area_cache, goal_cache, portal_cache};
use crate::cluster::Clustering;
use crate::cost::CostModel;
use crate::{AreaId, ClusterId, TravelFlags};

/// The caches of one router: the static parts read-only, the store and counters mutable.
pub(super) struct Caches<'a> {
    pub(super) layout: &'a Layout,
    pub(super) clustering: &'a Clustering,
    pub(super) model: &'a CostModel,
    pub(super) store: &'a mut CacheStore,
    pub(super) stats: &'a mut RouterStats,
}

impl Caches<'_> {
    /// Calls `read` with the times of the area or goal cache `key` (a portal-cache key reads
    /// the portal cache), built if needed: a warm look-up is one hash probe and no reference
    /// counting.
    pub(super) fn read(&mut self, key: CacheKey, read: &mut dyn FnMut(&[u16])) {
        if self.store.read(key, &mut *read).is_none() {
            let times = match key {
                CacheKey::Area(cluster, goal, flags) => self.area(cluster, goal, flags),
                CacheKey::Goal(cluster, goal, flags) => self.goal(cluster, goal, flags),
                CacheKey::Portal(goal, flags) => self.portal(goal, flags).times,
            };
            read(&times);
        }
    }

    /// The area cache of (`cluster`, `goal`) under the query flags `flags`, built if needed.
    pub(super) fn area(
        &mut self,
        cluster: ClusterId,
        goal: AreaId,
        flags: TravelFlags,
    ) -> Arc<[u16]> {
        fetch_area(
            self.layout,
            self.model,
            self.store,
            self.stats,
            (cluster, goal, flags),
        )
    }

    /// The portal cache of `goal` under the query flags `flags` (its times and the clusters
    /// it was built from), built if needed.
    pub(super) fn portal(&mut self, goal: AreaId, flags: TravelFlags) -> Cached {
        let key = CacheKey::Portal(goal, flags);
        if let Some(cached) = self.store.get_cached(key) {
            return cached;
        }
        let (layout, model) = (self.layout, self.model);
        let (store, stats) = (&mut *self.store, &mut *self.stats);
        let built = portal_cache::build(layout, self.clustering, model, goal, &mut |c, g| {
            fetch_area(layout, model, store, stats, (c, g, flags))
        });
        self.stats.portal_caches_built += 1;
        let cached = Cached {
            times: built.times.into(),
            clusters: built.clusters.into(),
        };
        self.store.insert(key, cached.clone());
        cached
    }

    /// The goal cache of (`cluster`, `goal`) under the query flags `flags`
    /// ([`goal_cache`]), built if needed from the cluster's area caches for the goal and
    /// its portals and the goal's portal cache. It depends on the clusters the portal cache
    /// was built from and on `cluster`.
    pub(super) fn goal(
        &mut self,
        cluster: ClusterId,
        goal: AreaId,
        flags: TravelFlags,
    ) -> Arc<[u16]> {
        let key = CacheKey::Goal(cluster, goal, flags);
        if let Some(times) = self.store.get(key) {
            return times;
        }
        let onward = self.portal(goal, flags);
        let mut times = self.area(cluster, goal, flags).to_vec();
        for &portal in &self.clustering.clusters[cluster.index()].portals {
            let area = self.clustering.portals[portal.index()].area;
            let rest = onward.times[portal.index()];
            if area == goal || rest == u16::MAX {
                continue;
            }
            let through = self.area(cluster, area, flags);
            goal_cache::lower_through_portal(&mut times, &through, rest);
        }
        self.stats.goal_caches_built += 1;
        let mut clusters = onward.clusters.to_vec();
        if let Err(at) = clusters.binary_search(&cluster) {
            clusters.insert(at, cluster);
        }
        let times: Arc<[u16]> = times.into();
        self.store.insert(
            key,
            Cached {
                times: Arc::clone(&times),
                clusters: clusters.into(),
            },
        );
        times
    }
}

/// The area cache of `(cluster, goal, flags)` from `store`, built and stored if missing.
fn fetch_area(
    layout: &Layout,
    model: &CostModel,
    store: &mut CacheStore,
    stats: &mut RouterStats,
    (cluster, goal, flags): (ClusterId, AreaId, TravelFlags),
) -> Arc<[u16]> {
    let key = CacheKey::Area(cluster, goal, flags);
    if let Some(times) = store.get(key) {
        return times;
    }
    let times: Arc<[u16]> = area_cache::build(layout, model, cluster, goal, flags).into();
    stats.area_caches_built += 1;
    store.insert(
        key,
        Cached {
            times: Arc::clone(&times),
            clusters: Arc::new([]),
        },
    );
    times
}
