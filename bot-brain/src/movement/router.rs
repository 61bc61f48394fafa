//! [`shared_router`]: the router a [`Navigator`](super::Navigator) routes with, which the
//! players of one match may share.

use std::cell::RefCell;
use std::rc::Rc;

use aas_geom::world::{AasWorld, AreaId};
use aas_route::cluster::ClusterSettings;
use aas_route::{ClusterInfo, Clustering, Membership, Router, RouterSettings};

/// A router that several players of one match may share: a route does not depend on what
/// the router's caches hold, so sharing changes no answer, only how often the same caches
/// are built (once per match instead of once per player).
pub type SharedRouter<'w> = Rc<RefCell<Router<'w, AasWorld>>>;

/// The router for `world`, to share between the navigators of a match: with the world's
/// stored clustering when that fits the world, else with one computed for it
/// ([`Clustering::compute`]), else with every area in one cluster. `None` when no
/// clustering of the world could be built (never for a valid world).
///
/// # Complexity
/// `O(A + R)` for the world's areas and reachabilities (the router's layout), plus a
/// clustering computation when the world stores none.
#[must_use]
pub fn shared_router(world: &AasWorld) -> Option<SharedRouter<'_>> {
    build_router(world).map(|router| Rc::new(RefCell::new(router)))
}

/// The router over `world`: with its stored clustering when that fits, else a computed one,
/// else (dense) one cluster of every area.
fn build_router(world: &AasWorld) -> Option<Router<'_, AasWorld>> {
    let stored = Clustering::from_world(world);
    if !stored.clusters.is_empty()
        && let Ok(router) = Router::new(world, stored, RouterSettings::default())
    {
        return Some(router);
    }
    let computed = Clustering::compute(world, &ClusterSettings::default());
    if let Ok(router) = Router::new(world, computed, RouterSettings::default()) {
        return Some(router);
    }
    let single = Clustering {
        membership: vec![Membership::Cluster(aas_route::ClusterId(0)); world.areas.len()],
        portals: Vec::new(),
        clusters: vec![ClusterInfo {
            areas: (0..world.areas.len()).map(AreaId::from_index).collect(),
            portals: Vec::new(),
        }],
    };
    let dense = RouterSettings {
        dense: true,
        ..RouterSettings::default()
    };
    Router::new(world, single, dense).ok()
}
