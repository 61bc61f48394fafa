//! Random clustered worlds for the property tests (the generator of `router_props.rs`,
//! shared here): clusters are blocks of member areas joined only through portal areas, with
//! random travel types, contents, crouch-only and disabled areas and loose areas in no cluster.

use std::collections::BTreeSet;
use std::ops::Range;

use aas_route::{
    AreaContents, AreaFlags, AreaId, AreaInfo, ClusterId, ClusterInfo, Clustering, Membership,
    PortalId, PortalInfo, PresenceType, ReachId, ReachInfo, RouteGraph, Travel, TravelFlags,
    TravelTeamFlags, TravelType,
};
use glam::Vec3;

/// A hand-made graph.
#[derive(Debug, Clone)]
pub(crate) struct TestGraph {
    pub(crate) areas: Vec<AreaInfo>,
    pub(crate) ranges: Vec<Range<u32>>,
    pub(crate) reaches: Vec<ReachInfo>,
}

impl RouteGraph for TestGraph {
    fn area_count(&self) -> usize {
        self.areas.len()
    }
    fn reach_count(&self) -> usize {
        self.reaches.len()
    }
    fn area(&self, area: AreaId) -> AreaInfo {
        self.areas[area.index()]
    }
    fn reaches(&self, area: AreaId) -> Range<u32> {
        self.ranges[area.index()].clone()
    }
    fn reach(&self, reach: ReachId) -> ReachInfo {
        self.reaches[reach.index()]
    }
}

/// A small deterministic generator (splitmix64).
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number in `0..n` (`n > 0`).
    pub(crate) fn below(&mut self, n: u32) -> u32 {
        u32::try_from(self.next() % u64::from(n)).unwrap_or(0)
    }
    /// True with probability `percent`/100.
    pub(crate) fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < percent
    }
    #[expect(clippy::cast_precision_loss, reason = "small numbers")]
    pub(crate) fn coord(&mut self, span: u32) -> f32 {
        self.below(span) as f32
    }
}

pub(crate) fn id(index: usize) -> u32 {
    u32::try_from(index).unwrap()
}

/// A random graph and a valid clustering of it: clusters are blocks of member areas joined
/// only through portal areas; reachabilities run between areas routed in one cluster (to and
/// from its portals included); some areas are in no cluster with incoming reachabilities only
/// (or, when `pass_through`, with outgoing ones too: the router must then fall back).
pub(crate) fn random_world(seed: u64, pass_through: bool) -> (TestGraph, Clustering) {
    random_world_sized(seed, pass_through, SMALL)
}

/// How large a random world may be.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Size {
    /// At most this many clusters.
    pub(crate) clusters: u32,
    /// At most this many members per cluster.
    pub(crate) members: u32,
    /// Reachability density between routed areas of a cluster: `base + random(0..spread)`
    /// percent.
    pub(crate) density: (u32, u32),
}

/// Up to 4 clusters of up to 6 members, dense.
pub(crate) const SMALL: Size = Size {
    clusters: 4,
    members: 6,
    density: (15, 40),
};

/// Up to 9 clusters of up to 25 members, sparse (long routes through many portals).
pub(crate) const LARGE: Size = Size {
    clusters: 9,
    members: 25,
    density: (4, 10),
};

pub(crate) fn random_world_sized(
    seed: u64,
    pass_through: bool,
    size: Size,
) -> (TestGraph, Clustering) {
    let mut rng = Rng(seed);
    let cluster_count = 1 + rng.below(size.clusters) as usize;
    let mut membership = Vec::new();
    let mut clusters = vec![ClusterInfo::default(); cluster_count];
    let mut positions = Vec::new();
    for (c, cluster) in clusters.iter_mut().enumerate() {
        for _ in 0..=rng.below(size.members - 1) {
            cluster.areas.push(AreaId(id(membership.len())));
            membership.push(Membership::Cluster(ClusterId(id(c))));
            #[expect(clippy::cast_precision_loss, reason = "small numbers")]
            let x = c as f32 * 800.0;
            positions.push(Vec3::new(x + rng.coord(600), rng.coord(600), rng.coord(64)));
        }
    }
    let mut portals = Vec::new();
    for a in 0..cluster_count {
        for b in a + 1..cluster_count {
            for _ in 0..rng.below(3) {
                let portal = PortalId(id(portals.len()));
                let area = AreaId(id(membership.len()));
                membership.push(Membership::Portal(portal));
                portals.push(PortalInfo {
                    area,
                    front: ClusterId(id(a)),
                    back: ClusterId(id(b)),
                });
                clusters[a].portals.push(portal);
                clusters[b].portals.push(portal);
                #[expect(clippy::cast_precision_loss, reason = "small numbers")]
                let x = (a + b) as f32 * 400.0;
                positions.push(Vec3::new(x + rng.coord(200), rng.coord(600), rng.coord(64)));
            }
        }
    }
    let routed_count = membership.len();
    let loose = rng.below(3) as usize;
    for _ in 0..loose {
        membership.push(Membership::None);
        positions.push(Vec3::new(rng.coord(3000), rng.coord(600), 0.0));
    }

    let mut outgoing: Vec<Vec<ReachInfo>> = vec![Vec::new(); membership.len()];
    let mut add = |rng: &mut Rng, from: usize, to: usize| {
        // Mostly walks; some jumps, rocket jumps, teleports and ledges; a walk team 1 may
        // not use; and a type no graph should know (routed as invalid).
        let travel = match rng.below(20) {
            0..=11 => Travel::new(TravelType::Walk),
            12..=13 => Travel::new(TravelType::Jump),
            14..=15 => Travel::new(TravelType::RocketJump),
            16 => Travel::new(TravelType::Teleport),
            17 => Travel::new(TravelType::Walk).with_team(TravelTeamFlags::NOTTEAM1),
            18 => Travel::new(TravelType::WalkOffLedge),
            _ => Travel::from_raw(99),
        };
        let travel_time = if rng.chance(3) {
            20_000 + u16::try_from(rng.below(30_000)).unwrap_or(0)
        } else {
            u16::try_from(rng.below(400)).unwrap_or(0)
        };
        let jitter = |rng: &mut Rng| Vec3::new(rng.coord(80), rng.coord(80), 0.0) - 40.0;
        let start = positions[from] + jitter(rng);
        let end = positions[to] + jitter(rng);
        outgoing[from].push(ReachInfo {
            target: AreaId(id(to)),
            travel,
            travel_time,
            start,
            end,
        });
    };
    let density = size.density.0 + rng.below(size.density.1);
    let mut linked = BTreeSet::new();
    for cluster in &clusters {
        let routed: Vec<usize> = cluster
            .areas
            .iter()
            .map(|a| a.index())
            .chain(
                cluster
                    .portals
                    .iter()
                    .map(|p| portals[p.index()].area.index()),
            )
            .collect();
        for &from in &routed {
            for &to in &routed {
                if from != to && rng.chance(density) && linked.insert((from, to)) {
                    add(&mut rng, from, to);
                    if rng.chance(10) {
                        add(&mut rng, from, to);
                    }
                }
            }
        }
    }
    for loose_area in routed_count..membership.len() {
        for _ in 0..=rng.below(3) {
            let from = rng.below(id(routed_count)) as usize;
            add(&mut rng, from, loose_area);
        }
        if pass_through {
            for _ in 0..=rng.below(2) {
                let to = rng.below(id(routed_count)) as usize;
                add(&mut rng, loose_area, to);
            }
        }
    }

    let mut areas = Vec::new();
    for &center in &positions {
        let mut contents = AreaContents::empty();
        match rng.below(20) {
            0 | 1 => contents |= AreaContents::WATER,
            2 => contents |= AreaContents::LAVA,
            3 => contents |= AreaContents::DONOTENTER,
            4 => contents |= AreaContents::NOTTEAM1,
            _ => {}
        }
        let presence = if rng.chance(10) {
            PresenceType::CROUCH
        } else {
            PresenceType::NORMAL | PresenceType::CROUCH
        };
        let flags = if rng.chance(5) {
            AreaFlags::GROUNDED | AreaFlags::DISABLED
        } else {
            AreaFlags::GROUNDED
        };
        areas.push(AreaInfo {
            center,
            contents,
            flags,
            presence,
        });
    }
    let mut ranges = Vec::new();
    let mut reaches = Vec::new();
    for list in outgoing {
        let begin = id(reaches.len());
        reaches.extend(list);
        ranges.push(begin..id(reaches.len()));
    }
    let clustering = Clustering {
        membership,
        portals,
        clusters,
    };
    let graph = TestGraph {
        areas,
        ranges,
        reaches,
    };
    clustering
        .validate(&graph)
        .expect("the generator makes valid clusterings");
    (graph, clustering)
}

/// The query flags of a case.
pub(crate) fn query_flags(pick: u32) -> TravelFlags {
    match pick % 3 {
        0 => TravelFlags::DEFAULT,
        1 => TravelFlags::DEFAULT | TravelFlags::ROCKETJUMP | TravelFlags::LAVA,
        _ => TravelFlags::DEFAULT | TravelFlags::NOTTEAM1 | TravelFlags::DONOTENTER,
    }
}
