//! Clustering rules on small hand-built graphs.

use std::ops::Range;

use glam::Vec3;
use proptest::prelude::*;

use super::{ClusterSettings, Clustering, Membership};
use crate::graph::{AreaInfo, ReachInfo, RouteGraph};
use crate::{
    AreaContents, AreaFlags, AreaId, ClusterId, PresenceType, ReachId, Travel, TravelType,
};

/// A graph of areas joined by reachabilities and faces; every area is open air.
#[derive(Debug, Clone, Default)]
struct TestGraph {
    /// Per area: its contents.
    contents: Vec<AreaContents>,
    /// Per area: the targets of its reachabilities.
    reaches: Vec<Vec<u32>>,
    /// Per area: the areas it shares a face with.
    faces: Vec<Vec<u32>>,
    /// Per area: whether the reachabilities leaving it start 1000 units from where those
    /// entering it end (a wide area: crossing it costs 330).
    wide: Vec<bool>,
}

impl TestGraph {
    fn new(areas: usize) -> Self {
        Self {
            contents: vec![AreaContents::empty(); areas],
            reaches: vec![Vec::new(); areas],
            faces: vec![Vec::new(); areas],
            wide: vec![false; areas],
        }
    }

    /// Makes `area` wide (see the field).
    fn widen(mut self, area: u32) -> Self {
        self.wide[area as usize] = true;
        self
    }

    /// Reachabilities both ways between `a` and `b`.
    fn walk(mut self, a: u32, b: u32) -> Self {
        self.reaches[a as usize].push(b);
        self.reaches[b as usize].push(a);
        self
    }

    /// A reachability from `a` to `b` only.
    fn drop(mut self, a: u32, b: u32) -> Self {
        self.reaches[a as usize].push(b);
        self
    }

    /// A face between `a` and `b`.
    fn face(mut self, a: u32, b: u32) -> Self {
        self.faces[a as usize].push(b);
        self.faces[b as usize].push(a);
        self
    }

    /// Marks `area` as a map-authored cluster portal.
    fn portal(mut self, area: u32) -> Self {
        self.contents[area as usize] |= AreaContents::CLUSTERPORTAL;
        self
    }

    /// Walks between every two of `areas`.
    fn room(self, areas: Range<u32>) -> Self {
        let list: Vec<u32> = areas.collect();
        let mut graph = self;
        for (i, &a) in list.iter().enumerate() {
            for &b in &list[i + 1..] {
                graph = graph.walk(a, b);
            }
        }
        graph
    }

    fn first_reach(&self, area: usize) -> usize {
        self.reaches[..area].iter().map(Vec::len).sum()
    }
}

impl RouteGraph for TestGraph {
    fn area_count(&self) -> usize {
        self.contents.len()
    }

    fn reach_count(&self) -> usize {
        self.reaches.iter().map(Vec::len).sum()
    }

    fn area(&self, area: AreaId) -> AreaInfo {
        AreaInfo {
            center: Vec3::ZERO,
            contents: self.contents[area.index()],
            flags: AreaFlags::GROUNDED,
            presence: PresenceType::NORMAL,
        }
    }

    fn reaches(&self, area: AreaId) -> Range<u32> {
        let first = self.first_reach(area.index());
        let count = self.reaches[area.index()].len();
        u32::try_from(first).unwrap()..u32::try_from(first + count).unwrap()
    }

    fn reach(&self, reach: ReachId) -> ReachInfo {
        let mut left = reach.index();
        for (source, list) in self.reaches.iter().enumerate() {
            if left < list.len() {
                let start = if self.wide[source] {
                    Vec3::new(0.0, 1000.0, 0.0)
                } else {
                    Vec3::ZERO
                };
                return ReachInfo {
                    target: AreaId(list[left]),
                    travel: Travel::new(TravelType::Walk),
                    travel_time: 10,
                    start,
                    end: Vec3::ZERO,
                };
            }
            left -= list.len();
        }
        panic!("no reachability {}", reach.0)
    }

    fn face_neighbours(&self, area: AreaId, visit: &mut dyn FnMut(AreaId)) {
        for &other in &self.faces[area.index()] {
            visit(AreaId(other));
        }
    }
}

fn authored(graph: &TestGraph) -> Clustering {
    let clustering = Clustering::compute(graph, &ClusterSettings::authored_only());
    clustering.validate(graph).unwrap();
    clustering
}

fn cluster(id: u32) -> Membership {
    Membership::Cluster(ClusterId(id))
}

/// Two rooms of three areas joined through area 3.
fn two_rooms() -> TestGraph {
    TestGraph::new(7)
        .room(0..3)
        .room(4..7)
        .walk(2, 3)
        .walk(3, 4)
}

#[test]
fn an_authored_portal_separates_two_rooms() {
    let clustering = authored(&two_rooms().portal(3));
    assert_eq!(clustering.clusters.len(), 2);
    assert_eq!(clustering.portals.len(), 1);
    let portal = clustering.portals[0];
    assert_eq!(portal.area, AreaId(3));
    assert_eq!((portal.front, portal.back), (ClusterId(0), ClusterId(1)));
    assert_eq!(&clustering.membership[..3], [cluster(0); 3]);
    assert_eq!(&clustering.membership[4..], [cluster(1); 3]);
    assert_eq!(
        clustering.clusters[1].areas,
        [AreaId(4), AreaId(5), AreaId(6)]
    );
}

#[test]
fn without_portals_connected_areas_form_one_cluster() {
    let clustering = authored(&two_rooms());
    assert_eq!(clustering.clusters.len(), 1);
    assert!(clustering.portals.is_empty());
    assert_eq!(clustering.membership, [cluster(0); 7]);
}

#[test]
fn a_portal_touching_one_cluster_is_demoted() {
    // Area 3 hangs off the first room: a dead end, not a separator.
    let graph = TestGraph::new(4).room(0..3).walk(2, 3).portal(3);
    let clustering = authored(&graph);
    assert!(clustering.portals.is_empty());
    assert_eq!(clustering.membership, [cluster(0); 4]);
}

#[test]
fn a_portal_between_three_clusters_is_demoted() {
    let graph = TestGraph::new(7)
        .room(0..2)
        .room(2..4)
        .room(4..6)
        .walk(6, 1)
        .walk(6, 3)
        .walk(6, 5)
        .portal(6);
    let clustering = authored(&graph);
    assert!(clustering.portals.is_empty());
    assert_eq!(clustering.clusters.len(), 1);
}

#[test]
fn a_shared_face_joins_clusters_past_a_portal() {
    // The rooms also touch through a face between areas 0 and 6: the portal separates
    // nothing.
    let clustering = authored(&two_rooms().portal(3).face(0, 6));
    assert!(clustering.portals.is_empty());
    assert_eq!(clustering.clusters.len(), 1);
}

#[test]
fn a_one_way_reachability_joins_clusters() {
    // A drop from the first room into the second, with no way back: one cluster.
    let clustering = authored(&two_rooms().portal(3).drop(0, 6));
    assert!(clustering.portals.is_empty());
    assert_eq!(clustering.membership[6], cluster(0));
}

#[test]
fn areas_without_reachabilities_are_in_no_cluster_and_block_the_flood() {
    // Area 3 joins the rooms by faces only.
    let graph = TestGraph::new(7)
        .room(0..3)
        .room(4..7)
        .face(2, 3)
        .face(3, 4);
    let clustering = authored(&graph);
    assert_eq!(clustering.membership[3], Membership::None);
    assert_eq!(clustering.clusters.len(), 2);
}

#[test]
fn neighbouring_portals_must_share_a_cluster() {
    // Rooms 0..2 | 2 | 3..5 | 5 | 6..8, and portal 5 touches portal 2 through a face while
    // portal 2 is between rooms A and B and 5 between B and C: they share B, both stay.
    let graph = TestGraph::new(8)
        .room(0..2)
        .room(3..5)
        .room(6..8)
        .walk(1, 2)
        .walk(2, 3)
        .walk(4, 5)
        .walk(5, 6)
        .face(2, 5)
        .portal(2)
        .portal(5);
    let clustering = authored(&graph);
    assert_eq!(clustering.portals.len(), 2);
    assert_eq!(clustering.clusters.len(), 3);
}

#[test]
fn neighbouring_portals_sharing_no_cluster_are_demoted() {
    // Portal 2 between rooms 0..2 and 3..5, portal 8 between rooms 5..8 and 9..11, and the
    // two portals touch through a face: portal 8 goes first (rooms 5..8 and 9..11 join
    // through it), then portal 2 touches three clusters and goes too.
    let graph = TestGraph::new(11)
        .room(0..2)
        .room(3..5)
        .room(5..8)
        .room(9..11)
        .walk(1, 2)
        .walk(2, 3)
        .walk(7, 8)
        .walk(8, 9)
        .face(2, 8)
        .portal(2)
        .portal(8);
    let clustering = authored(&graph);
    assert!(clustering.portals.is_empty());
    assert_eq!(clustering.membership, [cluster(0); 11]);
    // Without the face, both stay.
    let mut apart = graph;
    apart.faces = vec![Vec::new(); 11];
    let clustering = authored(&apart);
    assert_eq!(clustering.portal_areas(), [AreaId(2), AreaId(8)]);
    assert_eq!(clustering.clusters.len(), 4);
}

#[test]
fn a_long_corridor_ends_near_the_thesis_optimum() {
    // 900 areas in a row: the optimum is about √900 = 30 clusters and
    // 3 · 2 · 900 · 30 = 162,000 bytes (thesis Eq. 6.5.4).
    let mut graph = TestGraph::new(900);
    for a in 0..899 {
        graph = graph.walk(a, a + 1);
    }
    let clustering = Clustering::compute(&graph, &ClusterSettings::default());
    clustering.validate(&graph).unwrap();
    let clusters = clustering.clusters.len();
    assert!((20..=45).contains(&clusters), "{clusters} clusters");
    let bytes = clustering.memory_model_bytes(&graph);
    assert!(bytes * 4 <= 162_000 * 5, "{bytes} bytes");
}

/// `rooms` rooms of `size` areas in a row, each joined to the next through one door area.
fn row_of_rooms(rooms: u32, size: u32) -> TestGraph {
    let stride = size + 1;
    let mut graph = TestGraph::new(((rooms - 1) * stride + size) as usize);
    for room in 0..rooms {
        let first = room * stride;
        graph = graph.room(first..first + size);
        if room + 1 < rooms {
            let door = first + size;
            graph = graph.walk(first + size - 1, door).walk(door, door + 1);
        }
    }
    graph
}

#[test]
fn automatic_portals_are_the_doors_between_rooms() {
    let graph = row_of_rooms(5, 4);
    let settings = ClusterSettings {
        optimise: false,
        ..ClusterSettings::default()
    };
    let clustering = Clustering::compute(&graph, &settings);
    clustering.validate(&graph).unwrap();
    let doors: Vec<u32> = clustering.portals.iter().map(|p| p.area.0).collect();
    assert_eq!(doors, [4, 9, 14, 19]);
    assert_eq!(clustering.clusters.len(), 5);
}

#[test]
fn wide_openings_are_not_made_portals_automatically() {
    // The door between the second and third rooms is wide: crossing it costs more than
    // `max_portal_crossing`, so it is no portal (its narrow neighbours separate the rooms
    // instead).
    let graph = row_of_rooms(5, 4).widen(9);
    let settings = ClusterSettings {
        optimise: false,
        ..ClusterSettings::default()
    };
    let clustering = Clustering::compute(&graph, &settings);
    clustering.validate(&graph).unwrap();
    let doors: Vec<u32> = clustering.portals.iter().map(|p| p.area.0).collect();
    assert!(!doors.contains(&9), "{doors:?}");
    assert!(doors.contains(&4) && doors.contains(&14), "{doors:?}");
    let lenient = ClusterSettings {
        max_portal_crossing: 1000,
        ..settings
    };
    let doors: Vec<u32> = Clustering::compute(&graph, &lenient)
        .portals
        .iter()
        .map(|p| p.area.0)
        .collect();
    assert_eq!(doors, [4, 9, 14, 19]);
}

#[test]
fn optimisation_merges_a_corridor_into_a_few_clusters() {
    // A corridor of 40 areas: every inner area separates locally, so the candidates cut it
    // into single areas; merging brings it down to a handful of clusters.
    let mut graph = TestGraph::new(40);
    for a in 0..39 {
        graph = graph.walk(a, a + 1);
    }
    let rough = Clustering::compute(
        &graph,
        &ClusterSettings {
            optimise: false,
            ..ClusterSettings::default()
        },
    );
    let optimised = Clustering::compute(&graph, &ClusterSettings::default());
    optimised.validate(&graph).unwrap();
    assert!(rough.clusters.len() >= 15, "{}", rough.clusters.len());
    assert!(
        (3..=12).contains(&optimised.clusters.len()),
        "{} clusters",
        optimised.clusters.len()
    );
    let bytes = optimised.memory_model_bytes(&graph);
    assert!(bytes < rough.memory_model_bytes(&graph));
    assert!(bytes < authored(&graph).memory_model_bytes(&graph));
}

/// A `side` × `side` grid of areas, each walking to its four neighbours: an open space.
fn grid(side: u32) -> TestGraph {
    let mut graph = TestGraph::new((side * side) as usize);
    for y in 0..side {
        for x in 0..side {
            let at = y * side + x;
            if x + 1 < side {
                graph = graph.walk(at, at + 1);
            }
            if y + 1 < side {
                graph = graph.walk(at, at + side);
            }
        }
    }
    graph
}

#[test]
fn refinement_cuts_an_open_space() {
    let graph = grid(16);
    let settings = ClusterSettings::default();
    // No area of a grid separates its neighbours: without refinement, one cluster.
    let unrefined = Clustering::compute(
        &graph,
        &ClusterSettings {
            refine: false,
            ..settings
        },
    );
    assert_eq!(unrefined.clusters.len(), 1);
    assert_eq!(unrefined.memory_model_bytes(&graph), 3 * 256 * 256);
    let refined = Clustering::compute(&graph, &settings);
    refined.validate(&graph).unwrap();
    assert!(refined.clusters.len() >= 3, "{}", refined.clusters.len());
    // At least a third less memory than one cluster.
    let bytes = refined.memory_model_bytes(&graph);
    assert!(bytes * 3 < 2 * 3 * 256 * 256, "{bytes}");
}

#[test]
fn automatic_portals_keep_authored_ones() {
    let graph = row_of_rooms(3, 4).portal(4);
    let clustering = Clustering::compute(&graph, &ClusterSettings::default());
    clustering.validate(&graph).unwrap();
    assert!(clustering.portals.iter().any(|p| p.area == AreaId(4)));
}

/// A random graph: `areas` areas, reachabilities and faces from the index pairs, some areas
/// authored portals.
fn random_graph(
    areas: usize,
    reaches: &[(usize, usize)],
    faces: &[(usize, usize)],
    portals: &[usize],
) -> TestGraph {
    let index = |i: usize| u32::try_from(i % areas).unwrap();
    let mut graph = TestGraph::new(areas);
    for &(a, b) in reaches {
        graph = graph.drop(index(a), index(b));
    }
    for &(a, b) in faces {
        graph = graph.face(index(a), index(b));
    }
    for &p in portals {
        graph = graph.portal(index(p));
    }
    graph
}

proptest! {
    #[test]
    fn computed_clusterings_are_valid_and_deterministic(
        areas in 1_usize..40,
        reaches in prop::collection::vec((0_usize..40, 0_usize..40), 0..80),
        faces in prop::collection::vec((0_usize..40, 0_usize..40), 0..40),
        portals in prop::collection::vec(0_usize..40, 0..8),
        radius in 1_u32..4,
    ) {
        let graph = random_graph(areas, &reaches, &faces, &portals);
        let settings = ClusterSettings { local_radius: radius, ..ClusterSettings::default() };
        let clustering = Clustering::compute(&graph, &settings);
        prop_assert_eq!(clustering.validate(&graph), Ok(()));
        prop_assert_eq!(&clustering, &Clustering::compute(&graph, &settings));
        let only_authored = Clustering::compute(&graph, &ClusterSettings::authored_only());
        prop_assert_eq!(only_authored.validate(&graph), Ok(()));
        prop_assert!(
            clustering.memory_model_bytes(&graph) <= only_authored.memory_model_bytes(&graph)
        );
        // Routable areas are exactly those with a reachability in or out.
        for area in 0..areas {
            let routable = !graph.reaches[area].is_empty()
                || graph.reaches.iter().any(|list| list.contains(&u32::try_from(area).unwrap()));
            prop_assert_eq!(clustering.membership[area] != Membership::None, routable);
        }
    }
}
