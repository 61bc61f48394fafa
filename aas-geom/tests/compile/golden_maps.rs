//! Golden cases of thesis Figure 18.1 on small maps of our own: stairs and a crouch tunnel.

use aas_geom::compile::{CompileSettings, compile_world};
use aas_geom::format::aas_q3::{AreaFlags, PresenceType};
use aas_geom::format::map_text::{MapOptions, read_map};
use aas_geom::world::AasWorld;
use glam::Vec3;

const STAIRS_ROOM: &[u8] = include_bytes!("../maps/stairs_room.map");
const CROUCH_TUNNEL: &[u8] = include_bytes!("../maps/crouch_tunnel.map");

fn compile(map: &[u8]) -> AasWorld {
    let world = read_map(map, &MapOptions::default()).expect("test map parses");
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
