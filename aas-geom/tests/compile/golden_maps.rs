//! Golden cases of thesis Figure 18.1 on small maps of our own: stairs, a crouch tunnel, a gap
//! in the floor and an arch; and a ladder.

use aas_geom::compile::{CompileSettings, compile_world};
use aas_geom::format::map_text::{MapSettings, read_map};
use aas_geom::world::{AasWorld, AreaId};
use aas_geom::world::{AreaFlags, FaceFlags, PresenceType};
use glam::Vec3;

const STAIRS_ROOM: &[u8] = include_bytes!("../maps/stairs_room.map");
const CROUCH_TUNNEL: &[u8] = include_bytes!("../maps/crouch_tunnel.map");
const GAP_ROOM: &[u8] = include_bytes!("../maps/gap_room.map");
const ARCH_ROOM: &[u8] = include_bytes!("../maps/arch_room.map");
const LADDER_ROOM: &[u8] = include_bytes!("../maps/ladder_room.map");

fn compile(map: &[u8]) -> AasWorld {
    let world = read_map(map, &MapSettings::default()).expect("test map parses");
    let world = compile_world(&world, &CompileSettings::default())
        .expect("test map compiles")
        .world;
    world.validate().expect("compiled world is consistent");
    world
}

/// Where a standing player dropped from `above` comes to rest.
fn landing(world: &AasWorld, above: Vec3) -> Vec3 {
    let trace = world.trace(above, above - Vec3::Z * 512.0, PresenceType::NORMAL);
    assert!(
        !trace.start_solid && trace.fraction < 1.0,
        "something below {above}"
    );
    trace.end
}

#[test]
fn each_stair_is_ground_at_its_own_height() {
    let world = compile(STAIRS_ROOM);
    // The floor, then the four steps (16 units each, 32 deep from x = 0) and the landing; a
    // standing origin rests 24 units above the surface.
    for (x, surface) in [
        (-128.0, 0.0),
        (16.0, 16.0),
        (48.0, 32.0),
        (80.0, 48.0),
        (160.0, 64.0),
    ] {
        let rest = landing(&world, Vec3::new(x, 0.0, 200.0));
        assert!(
            (rest.z - (surface + 24.0)).abs() < 0.5,
            "x {x}: rests at {}",
            rest.z
        );
        let area = world
            .point_area(rest + Vec3::Z)
            .expect("an area above the step");
        let flags = world.areas[area.index()].flags;
        assert!(flags.contains(AreaFlags::GROUNDED), "x {x}: {flags:?}");
    }
    // Walking up the stairs: a standing box moving along +x at step height is stopped by the
    // first riser (step-up is movement's job, not the area compiler's).
    let walk = world.trace(
        Vec3::new(-100.0, 0.0, 24.5),
        Vec3::new(200.0, 0.0, 24.5),
        PresenceType::NORMAL,
    );
    assert!(
        (walk.end.x - (-15.0)).abs() < 0.5,
        "stopped by the first riser at {}",
        walk.end.x
    );
}

#[test]
fn a_low_tunnel_holds_crouch_only_areas() {
    let world = compile(CROUCH_TUNNEL);
    let inside = Vec3::new(0.0, 0.0, 25.0);
    let area = world.point_area(inside).expect("the tunnel is open space");
    let presence = world.areas[area.index()].presence;
    assert!(presence.contains(PresenceType::CROUCH), "{presence:?}");
    assert!(!presence.contains(PresenceType::NORMAL), "{presence:?}");
    // A standing box cannot pass; a crouching one can.
    let (from, to) = (Vec3::new(-128.0, 0.0, 24.5), Vec3::new(128.0, 0.0, 24.5));
    let standing = world.trace(from, to, PresenceType::NORMAL);
    assert!(standing.fraction < 1.0, "standing stops at the tunnel");
    assert!(
        (standing.end.x - (-47.0)).abs() < 0.5,
        "at the wall minus the box: {}",
        standing.end.x
    );
    let crouching = world.trace(from, to, PresenceType::CROUCH);
    assert_eq!(crouching.fraction, 1.0, "crouching passes");
    // Both halves of the room are standing space.
    for x in [-128.0, 128.0] {
        let area = world.point_area(Vec3::new(x, 0.0, 25.0)).unwrap();
        assert!(
            world.areas[area.index()]
                .presence
                .contains(PresenceType::NORMAL)
        );
    }
}

/// The flags of the area at `point`, which must be open space.
fn area_flags(world: &AasWorld, point: Vec3) -> AreaFlags {
    let area = world
        .point_area(point)
        .unwrap_or_else(|| panic!("{point} is open space"));
    world.areas[area.index()].flags
}

#[test]
fn a_gap_in_the_floor_is_air_down_to_the_pit_floor() {
    let world = compile(GAP_ROOM);
    // Both floors are ground; the expanded floor edge reaches 15 units over the gap.
    for x in [-128.0, -20.0, 20.0, 128.0] {
        let rest = landing(&world, Vec3::new(x, 0.0, 200.0));
        assert!((rest.z - 24.0).abs() < 0.5, "x {x}: rests at {}", rest.z);
        let flags = area_flags(&world, rest + Vec3::Z);
        assert!(flags.contains(AreaFlags::GROUNDED), "x {x}: {flags:?}");
    }
    // Over the gap, at floor height, one falls into the pit: those points are not in the areas
    // of the floors beside it, and dropped from there one lands on the pit floor.
    let floor_areas = [-20.0, 20.0].map(|x| world.point_area(Vec3::new(x, 0.0, 25.0)));
    for x in [-14.0, 0.0, 14.0] {
        let over = Vec3::new(x, 0.0, 25.0);
        assert!(
            !floor_areas.contains(&world.point_area(over)),
            "x {x}: over the gap, yet in a floor's area"
        );
        let pit = landing(&world, over);
        assert!((pit.z - (-104.0)).abs() < 0.5, "x {x}: lands at {}", pit.z);
        let flags = area_flags(&world, pit + Vec3::Z);
        assert!(flags.contains(AreaFlags::GROUNDED), "pit floor: {flags:?}");
    }
    // Gravitational subdivision: no area is both ground and gap.
    for (index, area) in world.areas.iter().enumerate() {
        let faces = &world.face_refs[area.faces.start as usize..area.faces.end as usize];
        let has = |flag: FaceFlags| {
            faces
                .iter()
                .any(|r| world.faces[r.face.index()].flags.contains(flag))
        };
        // A gap face is a floor of the area above it; the area below it owns it too, as its
        // ceiling, so look at the faces whose normal points up into this area.
        let gap_below = faces.iter().any(|r| {
            let face = &world.faces[r.face.index()];
            let normal = world.planes[face.plane.index()].normal;
            let up_into_this = if r.back_side { -normal.z } else { normal.z };
            face.flags.contains(FaceFlags::GAP) && up_into_this > 0.7
        });
        assert!(
            !(has(FaceFlags::GROUND) && gap_below),
            "area {index} mixes ground and gap"
        );
    }
    // A standing box flies over the gap at floor height.
    let across = world.trace(
        Vec3::new(-128.0, 0.0, 24.5),
        Vec3::new(128.0, 0.0, 24.5),
        PresenceType::NORMAL,
    );
    assert_eq!(across.fraction, 1.0, "nothing blocks the way over the gap");
}

#[test]
fn an_arch_has_a_walkway_under_it_and_ground_on_top() {
    let world = compile(ARCH_ROOM);
    // Under the arch: standing ground, and a standing box walks through the opening.
    let under = Vec3::new(0.0, 0.0, 25.0);
    let flags = area_flags(&world, under);
    assert!(
        flags.contains(AreaFlags::GROUNDED),
        "under the arch: {flags:?}"
    );
    let under_area = world.point_area(under).unwrap();
    assert!(
        world.areas[under_area.index()]
            .presence
            .contains(PresenceType::NORMAL),
        "a standing player fits under the arch"
    );
    let through = world.trace(
        Vec3::new(-128.0, 0.0, 24.5),
        Vec3::new(128.0, 0.0, 24.5),
        PresenceType::NORMAL,
    );
    assert_eq!(
        through.fraction, 1.0,
        "the opening lets a standing box pass"
    );
    // Beside the opening the pillar stops it, at the wall minus the box half-width.
    let pillar = world.trace(
        Vec3::new(-128.0, -100.0, 24.5),
        Vec3::new(128.0, -100.0, 24.5),
        PresenceType::NORMAL,
    );
    assert!(
        (pillar.end.x - (-31.0)).abs() < 0.5,
        "stopped by the pillar at {}",
        pillar.end.x
    );
    // Under the sloped underside near a pillar a standing box does not fit: 96 − 56 < 48.
    let low = world.trace(
        Vec3::new(-128.0, -44.0, 24.5),
        Vec3::new(128.0, -44.0, 24.5),
        PresenceType::NORMAL,
    );
    assert!(
        low.fraction < 1.0,
        "the low end of the arch blocks a standing box"
    );
    // On top of the wall: ground at 160, in another area than the walkway below.
    let top = landing(&world, Vec3::new(0.0, 0.0, 200.0));
    assert!((top.z - 184.0).abs() < 0.5, "top rest at {}", top.z);
    let top_area = world.point_area(top + Vec3::Z).unwrap();
    assert!(
        world.areas[top_area.index()]
            .flags
            .contains(AreaFlags::GROUNDED)
    );
    assert_ne!(
        top_area, under_area,
        "the top and the walkway are stacked areas"
    );
}

/// The faces of `area` with `flag`, as (plane normal pointing into the area, face index).
fn faces_with(world: &AasWorld, area: AreaId, flag: FaceFlags) -> Vec<Vec3> {
    let area = &world.areas[area.index()];
    world.face_refs[area.faces.start as usize..area.faces.end as usize]
        .iter()
        .filter(|r| world.faces[r.face.index()].flags.contains(flag))
        .map(|r| {
            let normal = world.planes[world.faces[r.face.index()].plane.index()].normal;
            if r.back_side { -normal } else { normal }
        })
        .collect()
}

#[test]
fn a_ladder_marks_the_areas_in_front_of_it() {
    let world = compile(LADDER_ROOM);
    // In front of the ladder (its expanded face is at x = 225, |y| <= 47, z up to 216).
    let front = world
        .point_area(Vec3::new(215.0, 0.0, 100.0))
        .expect("open space in front of the ladder");
    assert!(
        world.areas[front.index()].flags.contains(AreaFlags::LADDER),
        "{:?}",
        world.areas[front.index()].flags
    );
    let ladder_faces = faces_with(&world, front, FaceFlags::LADDER);
    assert!(!ladder_faces.is_empty(), "the area has a ladder face");
    for normal in ladder_faces {
        assert!(
            (normal - Vec3::NEG_X).length() < 1e-6,
            "a ladder face looks away from the wall: {normal}"
        );
    }
    // Only faces on the ladder are ladder faces: the walls beside it are not.
    let ladder_face_count = world
        .faces
        .iter()
        .filter(|f| f.flags.contains(FaceFlags::LADDER))
        .count();
    let solid_faces_on_the_wall = world
        .faces
        .iter()
        .filter(|f| {
            f.flags.contains(FaceFlags::SOLID)
                && (world.planes[f.plane.index()].normal.x.abs() - 1.0).abs() < 1e-6
        })
        .count();
    assert!(ladder_face_count >= 1 && ladder_face_count < solid_faces_on_the_wall);
    // The same brush without the ladder surface flag makes no ladder at all.
    let text = std::str::from_utf8(LADDER_ROOM)
        .unwrap()
        .replace("common/ladderclip", "common/clip");
    let plain = compile(text.as_bytes());
    assert!(
        plain
            .faces
            .iter()
            .all(|f| !f.flags.contains(FaceFlags::LADDER))
    );
    assert!(
        plain
            .areas
            .iter()
            .all(|a| !a.flags.contains(AreaFlags::LADDER))
    );
}
