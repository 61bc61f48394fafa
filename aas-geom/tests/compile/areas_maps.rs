//! `compile_world` on three small hand-written maps (`tests/maps/`): a closed box room, a room
//! with a raised ledge and a room with a water pool. Checks area presence and flags, face
//! counts, agreement of `AasWorld::point_area` with `BspTree::point_leaf`, validation, the
//! `.aas` round trip and a trace against a wall.

use aas_geom::compile::{CompileError, CompileOutput, CompileSettings, compile_world};
use aas_geom::format::aas_q3::AasFile;
use aas_geom::format::map_text::{MapSettings, read_map};
use aas_geom::world::{AasWorld, AreaId};
use aas_geom::world::{AreaContents, AreaFlags, FaceFlags, PresenceType};
use glam::{DVec3, Vec3};

pub(crate) const BOX_ROOM: &[u8] = include_bytes!("../maps/box_room.map");
pub(crate) const LEDGE_ROOM: &[u8] = include_bytes!("../maps/ledge_room.map");
pub(crate) const POOL_ROOM: &[u8] = include_bytes!("../maps/pool_room.map");
const LEAKY_ROOM: &[u8] = include_bytes!("../maps/leaky_room.map");

fn compile(map: &[u8]) -> CompileOutput {
    let world = read_map(map, &MapSettings::default()).expect("test map parses");
    compile_world(&world, &CompileSettings::default()).expect("test map compiles")
}

/// The faces of `area` with their flags.
fn face_flags(world: &AasWorld, area: AreaId) -> Vec<FaceFlags> {
    let a = &world.areas[area.index()];
    world.face_refs[a.faces.start as usize..a.faces.end as usize]
        .iter()
        .map(|r| world.faces[r.face.index()].flags)
        .collect()
}

/// A deterministic pseudo-random sequence in `[0, 1)` (64-bit LCG).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 11) as f64 / (1_u64 << 53) as f64
    }
}

/// `point_area` and `point_leaf` agree on `count` random points of the box `mins..maxs`
/// (points within 0.1 of a tree plane skipped); returns how many points were compared.
pub(crate) fn check_point_agreement(
    out: &CompileOutput,
    mins: DVec3,
    maxs: DVec3,
    count: usize,
) -> usize {
    let mut rng = Lcg(0x5EED);
    let planes = out.tree.planes.planes();
    let mut compared = 0;
    for _ in 0..count {
        let p = mins + (maxs - mins) * DVec3::new(rng.next(), rng.next(), rng.next());
        if planes.iter().any(|pl| pl.distance_to(p).abs() < 0.1) {
            continue;
        }
        let leaf = out.tree.point_leaf(p);
        let area = out.world.point_area(p.as_vec3());
        if out.tree.is_solid(leaf) {
            assert_eq!(area, None, "solid leaf {leaf:?} at {p} but area {area:?}");
        } else {
            assert_eq!(
                area, out.leaf_area[leaf.0 as usize],
                "open leaf {leaf:?} at {p}"
            );
            assert!(area.is_some(), "open leaf {leaf:?} at {p} has no area");
        }
        compared += 1;
    }
    compared
}

/// Every face's plane points into its front area (the area's centre is in front, or behind
/// for a `back_side` reference), and its vertex loop is counter-clockwise seen from the front.
fn check_face_orientation(world: &AasWorld) {
    for (index, area) in world.areas.iter().enumerate() {
        for face_ref in &world.face_refs[area.faces.start as usize..area.faces.end as usize] {
            let face = &world.faces[face_ref.face.index()];
            let plane = world.planes[face.plane.index()];
            let side = plane.normal.dot(area.center) - plane.dist;
            if face_ref.back_side {
                assert!(
                    side < 0.0,
                    "area {index} not behind face {:?}",
                    face_ref.face
                );
                assert_eq!(face.back, Some(AreaId(index as u32)));
            } else {
                assert!(
                    side > 0.0,
                    "area {index} not in front of face {:?}",
                    face_ref.face
                );
                assert_eq!(face.front, Some(AreaId(index as u32)));
            }
            let points: Vec<Vec3> = world.edge_refs
                [face.edges.start as usize..face.edges.end as usize]
                .iter()
                .map(|r| {
                    let edge = world.edges[r.edge.index()];
                    world.vertices[edge[usize::from(r.reversed)].index()]
                })
                .collect();
            let mut twice = Vec3::ZERO;
            for pair in points[1..].windows(2) {
                twice += (pair[0] - points[0]).cross(pair[1] - points[0]);
            }
            assert!(
                twice.normalize().dot(plane.normal) > 0.99,
                "face {:?} winding not counter-clockwise from the front",
                face_ref.face
            );
        }
    }
}

pub(crate) fn check_round_trip(world: &AasWorld) {
    world.validate().expect("compiled world validates");
    check_face_orientation(world);
    let bytes = world.to_q3().to_bytes();
    let file = AasFile::from_bytes(&bytes).expect("exported .aas reads back");
    let back = AasWorld::from_q3(&file).expect("exported .aas imports");
    assert_eq!(&back, world, "import of the export is the same world");
}

#[test]
fn box_room_compiles_to_grounded_areas() {
    let out = compile(BOX_ROOM);
    let world = &out.world;
    let names: Vec<&str> = out.phases.iter().map(|(n, _)| *n).collect();
    assert_eq!(
        names,
        [
            "prepare",
            "bsp",
            "prune",
            "portals",
            "outside",
            "gravity",
            "areas",
            "store",
            "reachability"
        ]
    );
    assert!(
        out.stats.leak.is_none(),
        "closed room leaks: {:?}",
        out.stats.leak
    );
    assert_eq!(out.stats.seeds, 1);
    assert!(!world.areas.is_empty());
    assert_eq!(out.stats.areas, world.areas.len());
    assert!(out.prepare_diagnostics.is_empty());
    for (index, area) in world.areas.iter().enumerate() {
        let flags = face_flags(world, AreaId(index as u32));
        assert!(flags.len() >= 4, "area {index} has {} faces", flags.len());
        let ground = flags.iter().any(|f| f.contains(FaceFlags::GROUND));
        let gap = flags.iter().any(|f| f.contains(FaceFlags::GAP));
        assert_eq!(ground, area.flags.contains(AreaFlags::GROUNDED));
        if area.presence.contains(PresenceType::NORMAL) {
            assert_eq!(area.presence, PresenceType::NORMAL | PresenceType::CROUCH);
            assert!(ground, "standing area {index} has no ground face");
        } else {
            // The strip under the ceiling where only the crouch box fits: it floats above the
            // standing areas, with a gap face below.
            assert_eq!(area.presence, PresenceType::CROUCH);
            assert!(gap, "crouch-only area {index} has neither ground nor gap");
            assert!(
                area.mins.z >= 223.0,
                "crouch-only area {index} low: {}",
                area.mins.z
            );
        }
        assert!(area.contents.is_empty());
        assert!((area.mins.cmple(area.center) & area.center.cmple(area.maxs)).all());
    }
    // A standing point on the floor is in a grounded area whose floor is at z 24.
    let floor = world
        .point_area(Vec3::new(10.0, 20.0, 40.0))
        .expect("room centre is in an area");
    let floor_area = &world.areas[floor.index()];
    assert!(floor_area.flags.contains(AreaFlags::GROUNDED));
    assert!((floor_area.mins.z - 24.0).abs() < 0.01);
    let compared = check_point_agreement(
        &out,
        DVec3::new(-300.0, -300.0, -40.0),
        DVec3::new(300.0, 300.0, 300.0),
        3000,
    );
    assert!(compared > 2500, "only {compared} points compared");
    check_round_trip(world);
}

#[test]
fn box_room_trace_stops_at_the_wall() {
    let out = compile(BOX_ROOM);
    let world = &out.world;
    let start = Vec3::new(0.0, 0.0, 40.0);
    let trace = world.trace(start, Vec3::new(1000.0, 0.0, 40.0), PresenceType::NORMAL);
    assert!(!trace.start_solid);
    assert!(trace.fraction < 1.0);
    // The wall is at x 256; the box's half-size is 15.
    assert!(
        (trace.end.x - 241.0).abs() < 0.5,
        "trace stopped at {}",
        trace.end
    );
    let down = world.trace(start, Vec3::new(0.0, 0.0, -100.0), PresenceType::NORMAL);
    assert!((down.end.z - 24.0).abs() < 0.5, "fell to {}", down.end);
}

#[test]
fn ledge_room_has_grounded_areas_on_the_ledge() {
    let out = compile(LEDGE_ROOM);
    let world = &out.world;
    assert!(out.stats.leak.is_none());
    let on_ledge = world
        .point_area(Vec3::new(160.0, 0.0, 100.0))
        .expect("above the ledge is an area");
    let ledge = &world.areas[on_ledge.index()];
    assert!(ledge.flags.contains(AreaFlags::GROUNDED));
    assert!(
        (ledge.mins.z - 88.0).abs() < 0.01,
        "ledge floor {}",
        ledge.mins.z
    );
    let below = world
        .point_area(Vec3::new(-128.0, 0.0, 40.0))
        .expect("the room floor is an area");
    assert!(
        world.areas[below.index()]
            .flags
            .contains(AreaFlags::GROUNDED)
    );
    assert_ne!(on_ledge, below);
    // Inside the ledge brush (expanded) is solid.
    assert_eq!(world.point_area(Vec3::new(160.0, 0.0, 40.0)), None);
    check_point_agreement(
        &out,
        DVec3::new(-300.0, -300.0, -40.0),
        DVec3::new(300.0, 300.0, 300.0),
        2000,
    );
    check_round_trip(world);
}

#[test]
fn pool_room_has_liquid_areas() {
    let out = compile(POOL_ROOM);
    let world = &out.world;
    assert!(out.stats.leak.is_none());
    let in_water = world
        .point_area(Vec3::new(0.0, 0.0, -30.0))
        .expect("the pool is an area");
    let pool = &world.areas[in_water.index()];
    assert!(pool.contents.contains(AreaContents::WATER));
    assert!(pool.flags.contains(AreaFlags::LIQUID));
    assert!(
        world
            .faces
            .iter()
            .any(|f| f.flags.contains(FaceFlags::LIQUIDSURFACE)),
        "no liquid surface face"
    );
    for area in &world.areas {
        assert_eq!(
            area.flags.contains(AreaFlags::LIQUID),
            area.contents.contains(AreaContents::WATER)
        );
    }
    let dry = world
        .point_area(Vec3::new(-192.0, 0.0, 40.0))
        .expect("the floor beside the pool is an area");
    let dry = &world.areas[dry.index()];
    assert!(dry.contents.is_empty());
    assert!(dry.flags.contains(AreaFlags::GROUNDED));
    check_point_agreement(
        &out,
        DVec3::new(-300.0, -300.0, -100.0),
        DVec3::new(300.0, 300.0, 300.0),
        2000,
    );
    check_round_trip(world);
}

#[test]
fn leaky_room_reports_the_leak_and_still_compiles() {
    let out = compile(LEAKY_ROOM);
    let (seed, point) = out.stats.leak.expect("a room without its +Y wall leaks");
    // The spawn origin (0, 0, 24) lies on the expanded floor, solid side: nudged up by 1.
    assert_eq!(seed, [0.0, 0.0, 25.0]);
    assert!(
        point[1] > 200.0,
        "leak point {point:?} not towards the open side"
    );
    out.world
        .validate()
        .expect("a leaking world is still valid");
}

#[test]
fn a_map_without_entities_has_no_seed() {
    let mut world = read_map(BOX_ROOM, &MapSettings::default()).expect("test map parses");
    world.entities.truncate(1);
    let error = compile_world(&world, &CompileSettings::default()).expect_err("no seed");
    assert_eq!(error, CompileError::NoSeed { entities: 0 });
}
