//! The navigation data the page's layers draw (`layers.js`): each area's routing cluster, the
//! cluster portals, every reachability, and the colours `aas render` gives them.
//!
//! The page embeds it as the `nav` field of its JSON, in compact arrays of whole numbers:
//!
//! - `clusters`: one number per area, in file order (entry `n − 1` is area `n`, the 1-based
//!   number the floor polygons carry): the area's cluster number (1-based), or 0 for a cluster
//!   portal area and for an area in no cluster.
//! - `portals`: one `[area, front cluster, back cluster]` per cluster portal, in file order:
//!   its area's number and the two clusters it joins (0 and 0 when the file's portal record is
//!   missing). An area of cluster 0 that is not listed here is in no cluster.
//! - `cluster_colours`: the tint of each cluster (entry `c − 1` is cluster `c`), `aas render
//!   --clusters`' palette; `portal_colour` and `no_cluster_colour` are its colours for portal
//!   areas and areas in no cluster.
//! - `reach`: one `[start area, end area, travel type, x0, y0, z0, x1, y1, z1]` per
//!   reachability, in file order (by start area, then as stored): the area it leaves and the
//!   area it reaches (1-based numbers), its travel type (the file's value, 1 walk … 19
//!   `func_bobbing`, or 0 for a value outside the 19 known ones), its start and end points in
//!   whole units.
//! - `types`: `[colour, label]` per travel type, indexed by the `reach` arrays' travel type
//!   (entry 0 the unknown types), the colours and names of `aas render --reach`.
//!
//! The same world always gives the same data: everything is in file order.

use aas_geom::world::{AasWorld, ClusterMembership, TravelType};
use glam::Vec3;
use serde::Serialize;

use super::floor::unit;
use crate::render::{clusters, reach};

/// The navigation data of the page (see the module documentation for the layout).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Nav {
    /// Per area: its cluster number, 0 for a portal area or an area in no cluster.
    pub(crate) clusters: Vec<u32>,
    /// Per cluster portal: `[area, front cluster, back cluster]`.
    pub(crate) portals: Vec<[u32; 3]>,
    /// Per cluster: its tint.
    pub(crate) cluster_colours: Vec<String>,
    /// The colour of a cluster portal area.
    pub(crate) portal_colour: String,
    /// The colour of an area in no cluster.
    pub(crate) no_cluster_colour: String,
    /// Per reachability: `[start area, end area, travel type, x0, y0, z0, x1, y1, z1]`.
    pub(crate) reach: Vec<[i32; 9]>,
    /// Per travel type value (0: unknown): `[colour, label]`.
    pub(crate) types: Vec<(String, String)>,
}

impl Nav {
    /// No navigation: no area, no reachability (the travel types are still listed).
    #[cfg(test)]
    pub(crate) fn empty() -> Self {
        Self {
            clusters: Vec::new(),
            portals: Vec::new(),
            cluster_colours: Vec::new(),
            portal_colour: clusters::PORTAL_FILL.to_owned(),
            no_cluster_colour: clusters::NO_CLUSTER.to_owned(),
            reach: Vec::new(),
            types: types(),
        }
    }
}

/// A 0-based index as a 1-based number.
fn number(index: usize) -> u32 {
    u32::try_from(index + 1).unwrap_or(u32::MAX)
}

/// A 0-based index as a 1-based number, signed (for the `reach` arrays).
fn signed(index: usize) -> i32 {
    i32::try_from(index + 1).unwrap_or(i32::MAX)
}

/// A point in whole units.
fn point(p: Vec3) -> [i32; 3] {
    [unit(p.x), unit(p.y), unit(p.z)]
}

/// The travel-type table: entry 0 the unknown types, then entry `t` the type of value `t`.
fn types() -> Vec<(String, String)> {
    std::iter::once((reach::UNKNOWN, "unknown"))
        .chain(
            TravelType::ALL
                .into_iter()
                .map(|kind| (reach::colour(kind), reach::label(kind))),
        )
        .map(|(colour, label)| (colour.to_owned(), label.to_owned()))
        .collect()
}

/// The navigation data of `world`.
pub(crate) fn nav(world: &AasWorld) -> Nav {
    let clusters = world
        .areas
        .iter()
        .map(|area| match area.cluster {
            ClusterMembership::Cluster(cluster) => number(cluster.index()),
            ClusterMembership::Portal(_) | ClusterMembership::None => 0,
        })
        .collect();
    let portals = world
        .areas
        .iter()
        .enumerate()
        .filter_map(|(index, area)| match area.cluster {
            ClusterMembership::Portal(portal) => Some(world.portals.get(portal.index()).map_or(
                [number(index), 0, 0],
                |p| {
                    [
                        number(index),
                        number(p.front.index()),
                        number(p.back.index()),
                    ]
                },
            )),
            ClusterMembership::Cluster(_) | ClusterMembership::None => None,
        })
        .collect();
    let mut reaches = Vec::with_capacity(world.reachabilities.len());
    for (index, area) in world.areas.iter().enumerate() {
        let range = area.reachabilities.start as usize..area.reachabilities.end as usize;
        for reach in world.reachabilities.get(range).unwrap_or(&[]) {
            let kind = reach.kind().map_or(0, TravelType::value);
            let [x0, y0, z0] = point(reach.start);
            let [x1, y1, z1] = point(reach.end);
            let (from, to) = (signed(index), signed(reach.target.index()));
            reaches.push([from, to, kind, x0, y0, z0, x1, y1, z1]);
        }
    }
    Nav {
        clusters,
        portals,
        cluster_colours: (0..world.clusters.len()).map(clusters::colour).collect(),
        portal_colour: clusters::PORTAL_FILL.to_owned(),
        no_cluster_colour: clusters::NO_CLUSTER.to_owned(),
        reach: reaches,
        types: types(),
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use aas_geom::world::{ClusterMembership, TravelType};

    use crate::commands::match_play::load_level;
    use crate::render::{clusters, reach};

    #[test]
    fn the_arena_navigation_is_the_worlds() {
        let level = load_level(Path::new("arena"), None).expect("the built-in arena");
        let world = &level.aas;
        let nav = super::nav(world);
        assert_eq!(nav, super::nav(world), "deterministic");

        // Every area's cluster, every portal with the clusters it joins.
        assert_eq!(nav.clusters.len(), world.areas.len());
        assert_eq!(nav.cluster_colours.len(), world.clusters.len());
        let mut portals = nav.portals.iter();
        for (index, area) in world.areas.iter().enumerate() {
            let number = u32::try_from(index + 1).expect("a small number");
            match area.cluster {
                ClusterMembership::Cluster(c) => {
                    assert_eq!(nav.clusters[index] as usize, c.index() + 1, "area {number}");
                    assert_eq!(nav.cluster_colours[c.index()], clusters::colour(c.index()));
                }
                ClusterMembership::Portal(p) => {
                    assert_eq!(nav.clusters[index], 0, "area {number}");
                    let portal = &world.portals[p.index()];
                    let [area, front, back] = *portals.next().expect("a portal entry");
                    assert_eq!(area, number);
                    assert_eq!(front as usize, portal.front.index() + 1);
                    assert_eq!(back as usize, portal.back.index() + 1);
                }
                ClusterMembership::None => assert_eq!(nav.clusters[index], 0),
            }
        }
        assert_eq!(portals.next(), None, "one entry per portal area");
        assert!(
            world.clusters.len() > 1 && !nav.portals.is_empty(),
            "{nav:?}"
        );

        // Every reachability, from the area whose range holds it, with its type and points.
        assert_eq!(nav.reach.len(), world.reachabilities.len());
        let mut listed = nav.reach.iter();
        for (index, area) in world.areas.iter().enumerate() {
            let range = area.reachabilities.start as usize..area.reachabilities.end as usize;
            for reach in &world.reachabilities[range] {
                let row = listed.next().expect("a reachability entry");
                assert_eq!(row[0] as usize, index + 1);
                assert_eq!(row[1] as usize, reach.target.index() + 1);
                let kind = reach.kind().expect("a known travel type");
                assert_eq!(row[2], kind.value());
                for (i, (start, end)) in reach
                    .start
                    .to_array()
                    .into_iter()
                    .zip(reach.end.to_array())
                    .enumerate()
                {
                    assert!((row[3 + i] as f32 - start).abs() <= 0.5, "{row:?}");
                    assert!((row[6 + i] as f32 - end).abs() <= 0.5, "{row:?}");
                }
            }
        }
        let kinds: Vec<i32> = nav.reach.iter().map(|r| r[2]).collect();
        assert!(kinds.contains(&TravelType::Walk.value()), "{kinds:?}");
        assert!(
            kinds.iter().any(|&k| k != TravelType::Walk.value()),
            "{kinds:?}"
        );

        // The travel-type table is `aas render`'s, indexed by value.
        assert_eq!(nav.types.len(), 20);
        assert_eq!(
            nav.types[0],
            (reach::UNKNOWN.to_owned(), "unknown".to_owned())
        );
        for kind in TravelType::ALL {
            let (colour, label) = &nav.types[kind.value() as usize];
            assert_eq!(
                (colour.as_str(), label.as_str()),
                (reach::colour(kind), reach::label(kind))
            );
        }
    }
}
