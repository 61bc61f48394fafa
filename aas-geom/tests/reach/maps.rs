//! Loading the test maps: compiled with reachabilities, their entities extracted, and the
//! lookups the tests share (the area at a point, a reachability of a given type).

use aas_geom::compile::{CompileSettings, compile_world};
use aas_geom::entities::{DEFAULT_GRAVITY, EntityDiagnostic};
use aas_geom::format::map_text::{MapSettings, read_map};
use aas_geom::physics::{Physics, PhysicsSettings};
use aas_geom::world::TravelType;
use aas_geom::world::{AasWorld, AreaId, Reachability};
use aas_geom::{MapEntities, extract_entities};
use glam::Vec3;

/// The hand-made maps of `tests/maps/` these tests use.
const MAPS: [(&str, &[u8]); 22] = [
    ("barrier_room", include_bytes!("../maps/barrier_room.map")),
    ("crouch_tunnel", include_bytes!("../maps/crouch_tunnel.map")),
    ("stairs_room", include_bytes!("../maps/stairs_room.map")),
    ("ledge_room", include_bytes!("../maps/ledge_room.map")),
    ("jumppad_room", include_bytes!("../maps/jumppad_room.map")),
    ("jumppad_shaft", include_bytes!("../maps/jumppad_shaft.map")),
    ("jumppad_chain", include_bytes!("../maps/jumppad_chain.map")),
    ("jumppad_tower", include_bytes!("../maps/jumppad_tower.map")),
    (
        "slanted_pad_room",
        include_bytes!("../maps/slanted_pad_room.map"),
    ),
    (
        "teleporter_room",
        include_bytes!("../maps/teleporter_room.map"),
    ),
    ("elevator_room", include_bytes!("../maps/elevator_room.map")),
    ("bobbing_room", include_bytes!("../maps/bobbing_room.map")),
    (
        "waterjump_room",
        include_bytes!("../maps/waterjump_room.map"),
    ),
    (
        "rocketjump_room",
        include_bytes!("../maps/rocketjump_room.map"),
    ),
    ("shallow_pool", include_bytes!("../maps/shallow_pool.map")),
    ("deep_pool", include_bytes!("../maps/deep_pool.map")),
    (
        "wading_platform",
        include_bytes!("../maps/wading_platform.map"),
    ),
    ("steep_wall", include_bytes!("../maps/steep_wall.map")),
    ("patch_floors", include_bytes!("../maps/patch_floors.map")),
    ("spiral_ramp", include_bytes!("../maps/spiral_ramp.map")),
    ("helix_ramp", include_bytes!("../maps/helix_ramp.map")),
    (
        "teleporter_targets",
        include_bytes!("../maps/teleporter_targets.map"),
    ),
];

/// A compiled test map with its entities.
pub(crate) struct TestMap {
    pub(crate) name: String,
    pub(crate) world: AasWorld,
    pub(crate) entities: MapEntities,
    /// The compiler's entity diagnostics (none from extraction: those fail the load).
    pub(crate) diagnostics: Vec<EntityDiagnostic>,
}

impl TestMap {
    /// Compiles the hand-made map `name` (with reachabilities, the default settings).
    pub(crate) fn load(name: &str) -> Self {
        let (_, text) = MAPS
            .iter()
            .find(|(map, _)| *map == name)
            .unwrap_or_else(|| panic!("no test map {name}"));
        Self::from_text(name, text)
    }

    /// Compiles `.map` text.
    pub(crate) fn from_text(name: &str, text: &[u8]) -> Self {
        let brushes =
            read_map(text, &MapSettings::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let out = compile_world(&brushes, &CompileSettings::default())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(out.stats.leak.is_none(), "{name} leaks");
        out.world
            .validate()
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let entities = extract_entities(&brushes, DEFAULT_GRAVITY);
        assert!(
            entities.diagnostics.is_empty(),
            "{name}: {:?}",
            entities.diagnostics
        );
        Self {
            name: name.to_owned(),
            world: out.world,
            entities,
            diagnostics: out.entity_diagnostics,
        }
    }

    /// The default physics with the map's triggers and movers (platforms not started).
    pub(crate) fn physics(&self) -> Physics<'_> {
        Physics::new(&self.world, PhysicsSettings::default())
            .with_triggers(self.entities.triggers())
            .with_movers(self.entities.movers())
    }

    /// The area containing `point`.
    pub(crate) fn area_at(&self, point: Vec3) -> AreaId {
        self.world
            .point_area(point)
            .unwrap_or_else(|| panic!("{}: {point} is not in an area", self.name))
    }

    /// The area a standing player's origin at `point` (on a floor) is in.
    pub(crate) fn floor_area(&self, point: Vec3) -> AreaId {
        self.area_at(point + Vec3::Z * 0.25)
    }

    /// Every reachability of type `kind`, with its source area, in area order.
    pub(crate) fn reaches_of_kind(&self, kind: TravelType) -> Vec<(AreaId, Reachability)> {
        (0..self.world.areas.len())
            .map(|i| AreaId(u32::try_from(i).expect("few areas")))
            .flat_map(|area| {
                self.world
                    .reachabilities_of(area)
                    .iter()
                    .filter(move |r| r.kind() == Some(kind))
                    .map(move |r| (area, *r))
            })
            .collect()
    }

    /// The reachability of type `kind` from `from` to `to`; fails the test, listing what
    /// `from` has, when there is none.
    pub(crate) fn reach(&self, from: AreaId, to: AreaId, kind: TravelType) -> Reachability {
        let list = self.world.reachabilities_of(from);
        let found: Vec<&Reachability> = list.iter().filter(|r| r.target == to).collect();
        match found.as_slice() {
            [reach] if reach.kind() == Some(kind) => **reach,
            _ => panic!(
                "{}: expected one {kind:?} reachability from area {} to {}; area {} has {:#?}",
                self.name, from.0, to.0, from.0, list
            ),
        }
    }

    /// Whether the area lets a standing player in, or only a crouching one.
    pub(crate) fn crouch_only(&self, area: AreaId) -> bool {
        use aas_geom::world::PresenceType;
        let presence = self.world.areas[area.index()].presence;
        presence.contains(PresenceType::CROUCH) && !presence.contains(PresenceType::NORMAL)
    }
}
