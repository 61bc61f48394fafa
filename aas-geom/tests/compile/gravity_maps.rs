//! Gravitational subdivision (`compile::subdivide_by_gravity`): on the hand-written maps no
//! area keeps both a ground face and a gap face it could fall through, points still land in
//! the area of their leaf, the world validates, and the area count grows only modestly; on the
//! nine shared maps the number of such areas drops to zero (or, failing that, strictly).

use aas_geom::PatchSettings;
use aas_geom::compile::{CompileOutput, CompileSettings, compile_world};
use aas_geom::format::bsp_q3::read_bsp;
use aas_geom::format::map_text::{MapSettings, read_map};
use aas_geom::world::AasWorld;
use aas_geom::world::FaceFlags;
use glam::DVec3;

use crate::areas_maps::{BOX_ROOM, LEDGE_ROOM, POOL_ROOM, check_point_agreement, check_round_trip};
use crate::common::{SHARED_MAPS, read_shared, shared_maps_dir};

fn compile(map: &[u8], gravity: bool) -> CompileOutput {
    let world = read_map(map, &MapSettings::default()).expect("test map parses");
    let settings = CompileSettings {
        gravity,
        ..CompileSettings::default()
    };
    compile_world(&world, &settings).expect("test map compiles")
}

/// Areas with a GROUND face and a GAP face, as `(below, any)`: `below` counts only gap faces
/// under the area (the face's normal pointing into the area has `z >= 0.7`: the area's floor
/// has a hole, what gravitational subdivision removes); `any` counts gap faces on either side
/// (a floor area with an open area above it counts too).
fn mixed_areas(world: &AasWorld) -> (usize, usize) {
    let mut below = 0;
    let mut any = 0;
    for area in &world.areas {
        let refs = &world.face_refs[area.faces.start as usize..area.faces.end as usize];
        let flags = |r: &aas_geom::world::FaceRef| world.faces[r.face.index()].flags;
        if !refs.iter().any(|r| flags(r).contains(FaceFlags::GROUND)) {
            continue;
        }
        let gaps: Vec<_> = refs
            .iter()
            .filter(|r| flags(r).contains(FaceFlags::GAP))
            .collect();
        any += usize::from(!gaps.is_empty());
        let under = gaps.iter().any(|r| {
            let plane = world.planes[world.faces[r.face.index()].plane.index()];
            let into_z = if r.back_side {
                -plane.normal.z
            } else {
                plane.normal.z
            };
            into_z >= 0.7
        });
        below += usize::from(under);
    }
    (below, any)
}

#[test]
fn pool_room_has_no_area_mixing_ground_and_gap() {
    let before = compile(POOL_ROOM, false);
    let after = compile(POOL_ROOM, true);
    let (below_before, _) = mixed_areas(&before.world);
    assert!(
        below_before > 0,
        "the pool room's floor area spans the pit before subdivision"
    );
    assert!(before.stats.gravity_splits == 0 && before.stats.gravity_mixed_before == 0);
    let (below, any) = mixed_areas(&after.world);
    assert_eq!(
        (below, after.stats.gravity_mixed_after),
        (0, 0),
        "mixed areas (gap below), mixed leaves left; stats {:?}",
        after.stats
    );
    // The gap faces left on grounded areas are their ceilings: the crouch-only strip above the
    // floor, the air above the pool. Nobody falls through those.
    assert!(any > 0);
    assert!(after.stats.gravity_mixed_before > 0);
    assert!(after.stats.gravity_splits > 0);
    assert!(
        after.stats.areas <= 2 * before.stats.areas + 8,
        "{} areas after subdivision, {} before",
        after.stats.areas,
        before.stats.areas
    );
    after.world.validate().expect("subdivided world validates");
    check_round_trip(&after.world);
}

#[test]
fn subdivided_test_maps_agree_with_the_tree() {
    for (name, map) in [
        ("box_room", BOX_ROOM),
        ("ledge_room", LEDGE_ROOM),
        ("pool_room", POOL_ROOM),
    ] {
        let before = compile(map, false);
        let out = compile(map, true);
        assert_eq!(mixed_areas(&out.world).0, 0, "{name}");
        assert!(
            out.stats.areas <= 2 * before.stats.areas + 8,
            "{name}: {} areas after subdivision, {} before",
            out.stats.areas,
            before.stats.areas
        );
        out.world.validate().expect("subdivided world validates");
        let compared = check_point_agreement(
            &out,
            DVec3::new(-300.0, -300.0, -100.0),
            DVec3::new(300.0, 300.0, 300.0),
            2000,
        );
        assert!(compared > 1500, "{name}: only {compared} points compared");
    }
}

#[test]
fn subdivision_is_deterministic() {
    let a = compile(POOL_ROOM, true);
    let b = compile(POOL_ROOM, true);
    assert_eq!(a.tree, b.tree);
    assert_eq!(a.world, b.world);
}

#[test]
fn shared_maps_lose_their_mixed_areas() {
    let Some(dir) = shared_maps_dir() else { return };
    let mut report = String::new();
    for map in SHARED_MAPS {
        let world = read_bsp(&read_shared(&dir, map, "bsp"), &PatchSettings::default())
            .unwrap_or_else(|e| panic!("{map}: {e}"));
        let compile = |gravity| {
            let settings = CompileSettings {
                gravity,
                ..CompileSettings::default()
            };
            compile_world(&world, &settings).unwrap_or_else(|e| panic!("{map}: {e}"))
        };
        let before = compile(false);
        let after = compile(true);
        let (below_before, any_before) = mixed_areas(&before.world);
        let (below_after, any_after) = mixed_areas(&after.world);
        report.push_str(&format!(
            "{map}: areas {} -> {}; mixed (gap below) {below_before} -> {below_after}; \
             mixed (any gap) {any_before} -> {any_after}; leaves mixing {} -> {}, {} splits\n",
            before.stats.areas,
            after.stats.areas,
            after.stats.gravity_mixed_before,
            after.stats.gravity_mixed_after,
            after.stats.gravity_splits,
        ));
        assert!(
            below_after == 0 || below_after < below_before,
            "{map}: {below_before} -> {below_after} mixed areas"
        );
        after.world.validate().expect("subdivided world validates");
    }
    #[expect(
        clippy::print_stdout,
        reason = "the per-map counts are the test's report"
    )]
    {
        println!("{report}");
    }
}
