//! Unit tests on hand-made brush worlds and `aas-geom`'s small test maps.

use aas_geom::brush::{BrushGeometryError, Contents, ModelNum, Plane, SurfaceFlags};
use glam::{DVec3, Vec3};

use super::test_worlds::{WALL, box_room, plane_brush, test_map, world};
use super::{BrushIndex, CollisionWorld, SURFACE_CLIP_EPSILON, TraceHit, mask, trace_boxes};

const PLAYER_MINS: Vec3 = Vec3::new(-15.0, -15.0, -24.0);
const PLAYER_MAXS: Vec3 = Vec3::new(15.0, 15.0, 32.0);

fn ray(world: &CollisionWorld, start: Vec3, end: Vec3, mask: Contents) -> TraceHit {
    world.trace(start, end, Vec3::ZERO, Vec3::ZERO, mask)
}

/// The BVH and the reference agree bit for bit.
fn assert_same(a: &TraceHit, b: &TraceHit) {
    assert_eq!(a.fraction.to_bits(), b.fraction.to_bits(), "{a:?} {b:?}");
    assert_eq!(
        a.end_pos.to_array().map(f32::to_bits),
        b.end_pos.to_array().map(f32::to_bits)
    );
    assert_eq!(a, b);
}

fn close(a: f32, b: f32) -> bool {
    (a - b).abs() < 1e-3
}

#[test]
fn a_ray_stops_an_eighth_unit_before_a_wall() {
    let room = CollisionWorld::new(&box_room());
    let start = Vec3::new(0.0, 128.0, 64.0);
    let hit = ray(&room, start, Vec3::new(1000.0, 128.0, 64.0), mask::SHOT);
    assert!(hit.hit() && !hit.start_solid && !hit.all_solid);
    assert!(
        close(hit.end_pos.x, 256.0 - SURFACE_CLIP_EPSILON),
        "{hit:?}"
    );
    assert!(close(hit.fraction, (256.0 - SURFACE_CLIP_EPSILON) / 1000.0));
    assert_eq!(hit.normal, Vec3::NEG_X);
    assert_eq!(hit.brush, Some(BrushIndex(2)));
    assert_eq!(hit.contents, Contents::SOLID);
    assert_eq!(hit.surface_flags, SurfaceFlags::empty());
    assert_eq!(room.contents(hit.end_pos, mask::ALL), Contents::empty());
}

#[test]
fn the_sky_is_no_impact() {
    let room = CollisionWorld::new(&box_room());
    let hit = ray(
        &room,
        Vec3::new(0.0, 128.0, 64.0),
        Vec3::new(0.0, 128.0, 999.0),
        mask::SHOT,
    );
    assert_eq!(hit.brush, Some(BrushIndex(1)));
    assert_eq!(hit.normal, Vec3::NEG_Z);
    assert!(hit.surface_flags.contains(SurfaceFlags::NOIMPACT));
}

#[test]
fn a_player_box_lands_on_the_floor_and_fits_where_it_stands() {
    let room = CollisionWorld::new(&box_room());
    let start = Vec3::new(0.0, 160.0, 100.0);
    let hit = room.trace(
        start,
        Vec3::new(0.0, 160.0, -100.0),
        PLAYER_MINS,
        PLAYER_MAXS,
        mask::PLAYER_SOLID,
    );
    assert!(close(hit.end_pos.z, 24.0 + SURFACE_CLIP_EPSILON), "{hit:?}");
    assert_eq!(hit.normal, Vec3::Z);
    assert_eq!(hit.brush, Some(BrushIndex(0)));
    // Standing there, the box fits: a zero-length trace is clear.
    let stay = room.trace(
        hit.end_pos,
        hit.end_pos,
        PLAYER_MINS,
        PLAYER_MAXS,
        mask::PLAYER_SOLID,
    );
    assert!(!stay.start_solid && !stay.hit());
    // Sunk into the floor, it does not.
    let sunk = Vec3::new(0.0, 160.0, 10.0);
    let stuck = room.trace(sunk, sunk, PLAYER_MINS, PLAYER_MAXS, mask::PLAYER_SOLID);
    assert!(stuck.start_solid && stuck.all_solid && stuck.fraction == 0.0);
    assert_eq!(stuck.brush, Some(BrushIndex(0)));
}

#[test]
fn starting_in_solid_is_reported_and_left() {
    let room = CollisionWorld::new(&box_room());
    let inside = Vec3::new(264.0, 128.0, 64.0);
    let out = ray(&room, inside, Vec3::new(0.0, 128.0, 64.0), mask::SHOT);
    assert!(out.start_solid && !out.all_solid && !out.hit(), "{out:?}");
    assert_eq!(out.end_pos, Vec3::new(0.0, 128.0, 64.0));
    let stay = ray(&room, inside, inside, mask::SHOT);
    assert!(stay.all_solid && stay.fraction == 0.0 && stay.end_pos == inside);
    assert_eq!(stay.brush, Some(BrushIndex(2)));
    assert_eq!(stay.normal, Vec3::ZERO);
    assert!(!room.line_of_sight(inside, Vec3::new(0.0, 128.0, 64.0)));
}

#[test]
fn water_is_seen_through_but_has_contents() {
    let room = CollisionWorld::new(&box_room());
    let in_pool = Vec3::new(128.0, 0.0, 32.0);
    assert_eq!(room.contents(in_pool, mask::LIQUID), Contents::WATER);
    assert_eq!(room.contents(in_pool, mask::SIGHT), Contents::empty());
    assert_eq!(room.contents(in_pool, mask::ALL), Contents::WATER);
    let (a, b) = (Vec3::new(40.0, 0.0, 32.0), Vec3::new(220.0, 0.0, 32.0));
    assert!(room.line_of_sight(a, b));
    // A trace that looks for water stops at its surface.
    let hit = ray(
        &room,
        Vec3::new(128.0, 0.0, 200.0),
        in_pool,
        Contents::WATER,
    );
    assert_eq!(hit.brush, Some(BrushIndex(6)));
    assert!(close(hit.end_pos.z, 64.0 + SURFACE_CLIP_EPSILON));
    assert_eq!(hit.contents, Contents::WATER);
}

#[test]
fn player_clip_stops_players_but_not_shots() {
    let room = CollisionWorld::new(&box_room());
    let (a, b) = (Vec3::new(-220.0, 0.0, 64.0), Vec3::new(-100.0, 0.0, 64.0));
    assert!(!ray(&room, a, b, mask::SHOT).hit());
    assert!(room.line_of_sight(a, b));
    let walk = room.trace(a, b, PLAYER_MINS, PLAYER_MAXS, mask::PLAYER_SOLID);
    assert_eq!(walk.brush, Some(BrushIndex(7)));
    assert!(
        close(walk.end_pos.x, -192.0 - 15.0 - SURFACE_CLIP_EPSILON),
        "{walk:?}"
    );
}

#[test]
fn a_ray_hits_the_slope_of_a_ramp_with_its_normal() {
    let room = CollisionWorld::new(&box_room());
    let hit = ray(
        &room,
        Vec3::new(-96.0, 128.0, 100.0),
        Vec3::new(-96.0, 128.0, -10.0),
        mask::SHOT,
    );
    let slope = Vec3::new(-0.5, 0.0, 1.0).normalize();
    assert_eq!(hit.brush, Some(BrushIndex(8)));
    assert!((hit.normal - slope).length() < 1e-6, "{hit:?}");
    // The end is an eighth of a unit above the slope, along its normal.
    let height = slope.dot(hit.end_pos) - slope.dot(Vec3::new(-128.0, 0.0, 0.0));
    assert!(close(height, SURFACE_CLIP_EPSILON), "{height}");
}

#[test]
fn a_box_falls_past_a_sharp_edge_without_snagging() {
    // The ramp's sharp edge is the line x = -128, z = 0. A box whose +x face is 4 units short
    // of it falls to the floor; grown without the ramp's -x bevel the slope plane would stop
    // it high above the floor.
    let room = CollisionWorld::new(&box_room());
    let (mins, maxs) = (Vec3::splat(-16.0), Vec3::splat(16.0));
    let x = -128.0 - 16.0 - 4.0;
    let fall = room.trace(
        Vec3::new(x, 128.0, 100.0),
        Vec3::new(x, 128.0, -50.0),
        mins,
        maxs,
        mask::SHOT,
    );
    assert_eq!(fall.brush, Some(BrushIndex(0)), "{fall:?}");
    assert!(close(fall.end_pos.z, 16.0 + SURFACE_CLIP_EPSILON));
    // Moving over the edge at the floor, the box is stopped by the -x bevel's plane only
    // where it touches the edge.
    let slide = room.trace(
        Vec3::new(-200.0, 128.0, 16.5),
        Vec3::new(-100.0, 128.0, 16.5),
        mins,
        maxs,
        mask::SHOT,
    );
    assert_eq!(slide.brush, Some(BrushIndex(8)), "{slide:?}");
    let normal = slide.normal;
    assert!(normal.x < 0.0, "{slide:?}");
}

#[test]
fn doors_are_traced_where_they_are() {
    let room = CollisionWorld::new(&box_room());
    let (a, b) = (Vec3::new(-100.0, 0.0, 64.0), Vec3::new(100.0, 0.0, 64.0));
    let door = ModelNum(1);
    // The world model alone does not hold the door.
    assert!(!ray(&room, a, b, mask::SHOT).hit());
    let closed = room.trace_model(door, Vec3::ZERO, a, b, Vec3::ZERO, Vec3::ZERO, mask::SHOT);
    assert_eq!(closed.brush, Some(BrushIndex(9)));
    assert!(close(closed.end_pos.x, -8.0 - SURFACE_CLIP_EPSILON));
    let opened = Vec3::new(0.0, 0.0, 120.0);
    let open = room.trace_model(door, opened, a, b, Vec3::ZERO, Vec3::ZERO, mask::SHOT);
    assert!(!open.hit(), "{open:?}");
    let high = room.trace_model(
        door,
        opened,
        a + Vec3::Z * 100.0,
        b + Vec3::Z * 100.0,
        Vec3::ZERO,
        Vec3::ZERO,
        mask::SHOT,
    );
    assert!(
        close(high.end_pos.z, 164.0) && close(high.end_pos.x, -8.125),
        "{high:?}"
    );
    assert_eq!(
        room.model_bounds(door),
        Some((Vec3::new(-8.0, -64.0, 0.0), Vec3::new(8.0, 64.0, 128.0)))
    );
    assert_eq!(room.model_bounds(ModelNum(7)), None);
    assert!(
        !room
            .trace_model(
                ModelNum(7),
                Vec3::ZERO,
                a,
                b,
                Vec3::ZERO,
                Vec3::ZERO,
                mask::ALL
            )
            .hit()
    );
    assert_eq!(room.models().collect::<Vec<_>>(), vec![ModelNum(0), door]);
    assert_eq!(
        room.model_contents(door, opened, Vec3::new(0.0, 0.0, 150.0), mask::ALL),
        Contents::SOLID
    );
    assert_eq!(
        room.contents(Vec3::new(0.0, 0.0, 64.0), mask::ALL),
        Contents::empty()
    );
    assert_eq!(room.brush_model(BrushIndex(9)), Some(door));
    assert_eq!(room.brush_contents(BrushIndex(6)), Some(Contents::WATER));
    assert_eq!(room.brush_contents(BrushIndex(99)), None);
}

#[test]
fn players_are_boxes_and_the_nearest_wins() {
    let boxes = [
        (Vec3::new(100.0, -15.0, -24.0), Vec3::new(130.0, 15.0, 32.0)),
        (Vec3::new(50.0, -15.0, -24.0), Vec3::new(80.0, 15.0, 32.0)),
        (Vec3::new(50.0, -15.0, -24.0), Vec3::new(80.0, 15.0, 32.0)),
    ];
    let hit = trace_boxes(
        Vec3::ZERO,
        Vec3::new(200.0, 0.0, 0.0),
        Vec3::ZERO,
        Vec3::ZERO,
        &boxes,
    )
    .expect("a hit");
    assert_eq!(hit.index, 1, "ties go to the lowest index");
    assert_eq!(hit.normal, Vec3::NEG_X);
    assert!(close(hit.fraction * 200.0, 50.0 - SURFACE_CLIP_EPSILON));
    // A swept box is grown by the other box.
    let swept = trace_boxes(
        Vec3::new(0.0, 20.0, 0.0),
        Vec3::new(200.0, 20.0, 0.0),
        Vec3::splat(-16.0),
        Vec3::splat(16.0),
        &boxes,
    );
    assert_eq!(swept.map(|h| h.index), Some(1));
    assert!(
        trace_boxes(
            Vec3::new(0.0, 60.0, 0.0),
            Vec3::new(200.0, 60.0, 0.0),
            Vec3::ZERO,
            Vec3::ZERO,
            &boxes
        )
        .is_none()
    );
    // Starting inside a box: it does not stop the trace unless the trace stays inside.
    let from_inside = trace_boxes(
        Vec3::new(115.0, 0.0, 0.0),
        Vec3::new(300.0, 0.0, 0.0),
        Vec3::ZERO,
        Vec3::ZERO,
        &boxes,
    );
    assert!(from_inside.is_none());
    let stay = trace_boxes(
        Vec3::new(115.0, 0.0, 0.0),
        Vec3::new(116.0, 0.0, 0.0),
        Vec3::ZERO,
        Vec3::ZERO,
        &boxes,
    )
    .expect("all solid");
    assert_eq!(
        (stay.index, stay.fraction, stay.normal),
        (0, 0.0, Vec3::ZERO)
    );
    assert!(trace_boxes(Vec3::NAN, Vec3::ZERO, Vec3::ZERO, Vec3::ZERO, &boxes).is_none());
}

#[test]
fn non_finite_inputs_give_a_stuck_trace_and_no_contents() {
    let room = CollisionWorld::new(&box_room());
    let hit = ray(&room, Vec3::new(f32::NAN, 0.0, 0.0), Vec3::ZERO, mask::ALL);
    assert!(hit.all_solid && hit.fraction == 0.0 && hit.brush.is_none());
    let hit = room.trace(
        Vec3::ZERO,
        Vec3::X,
        Vec3::splat(f32::INFINITY),
        Vec3::ZERO,
        mask::ALL,
    );
    assert!(hit.all_solid);
    let hit = room.trace_model(
        ModelNum(1),
        Vec3::NAN,
        Vec3::ZERO,
        Vec3::X,
        Vec3::ZERO,
        Vec3::ZERO,
        mask::ALL,
    );
    assert!(hit.all_solid);
    assert_eq!(room.contents(Vec3::NAN, mask::ALL), Contents::empty());
    assert_eq!(
        room.brute_force_contents(Vec3::INFINITY, mask::ALL),
        Contents::empty()
    );
    assert!(!room.line_of_sight(Vec3::NAN, Vec3::ZERO));
}

#[test]
fn box_corners_may_come_in_either_order() {
    let room = CollisionWorld::new(&box_room());
    let (a, b) = (Vec3::new(0.0, 160.0, 100.0), Vec3::new(0.0, 160.0, -100.0));
    let one = room.trace(a, b, PLAYER_MINS, PLAYER_MAXS, mask::SHOT);
    let other = room.trace(a, b, PLAYER_MAXS, PLAYER_MINS, mask::SHOT);
    assert_same(&one, &other);
}

#[test]
fn brushes_without_volume_are_listed_and_ignored() {
    let mut planes = Plane::axial_box(DVec3::ZERO, DVec3::splat(16.0)).to_vec();
    planes.pop();
    let open = plane_brush(&planes, WALL, Contents::SOLID, 0);
    let flat = plane_brush(
        &Plane::axial_box(DVec3::ZERO, DVec3::new(16.0, 16.0, 0.0)),
        WALL,
        Contents::SOLID,
        0,
    );
    let world = CollisionWorld::new(&world(vec![open, flat]));
    assert_eq!(
        world.rejected_brushes(),
        &[
            (BrushIndex(0), BrushGeometryError::Unbounded),
            (BrushIndex(1), BrushGeometryError::NoVolume)
        ]
    );
    assert_eq!(world.brush_count(), 2);
    assert_eq!(world.models().count(), 0);
    assert!(!ray(&world, Vec3::splat(8.0), Vec3::splat(-100.0), mask::ALL).hit());
    assert_eq!(
        world.contents(Vec3::splat(8.0), mask::ALL),
        Contents::empty()
    );
}

#[test]
fn patch_ramps_are_hit_from_either_side() {
    let map = test_map("patch_floors");
    assert!(!map.patches.is_empty());
    let world = CollisionWorld::new(&map);
    let patch_start = map.brushes.len();
    // Ramp A (y -192..-64) is drawn side up, ramp B (y 64..192) the same surface drawn side
    // down; z = 48·t² along x = 128·t. The default tessellation (16-unit error) makes each
    // ramp one flat facet from (0, 0) to (128, 48), so z = 24 at x = 64.
    let down = |y: f32| {
        ray(
            &world,
            Vec3::new(64.0, y, 200.0),
            Vec3::new(64.0, y, -8.0),
            mask::SHOT,
        )
    };
    let (a, b) = (down(-128.0), down(128.0));
    for hit in [&a, &b] {
        let brush = hit.brush.expect("a patch is hit").index();
        assert!(brush >= patch_start, "{hit:?}");
        assert!(hit.normal.z > 0.5, "{hit:?}");
        assert!((hit.end_pos.z - 24.0).abs() < 1.0, "{hit:?}");
    }
    // B is hit on the back of its thin brush, at most the brush's depth higher.
    let rise = b.end_pos.z - a.end_pos.z;
    assert!((0.0..=0.5).contains(&rise), "{rise}");
    // A player box walks onto both ramps from the floor.
    for y in [-128.0, 128.0] {
        let walk = world.trace(
            Vec3::new(-64.0, y, 24.5),
            Vec3::new(100.0, y, 24.5),
            PLAYER_MINS,
            PLAYER_MAXS,
            mask::PLAYER_SOLID,
        );
        assert!(
            walk.hit() && walk.brush.is_some_and(|b| b.index() >= patch_start),
            "{walk:?}"
        );
    }
}

#[test]
fn the_arch_is_walked_under_and_shot_through() {
    let world = CollisionWorld::new(&test_map("arch_room"));
    assert!(world.rejected_brushes().is_empty());
    // Under the arch (z below 96), through the opening at y = 0.
    let (a, b) = (Vec3::new(-200.0, 0.0, 40.0), Vec3::new(200.0, 0.0, 40.0));
    assert!(world.line_of_sight(a, b));
    let walk = world.trace(a, b, PLAYER_MINS, PLAYER_MAXS, mask::PLAYER_SOLID);
    assert!(!walk.hit(), "{walk:?}");
    // Through a pillar (|y| >= 48), blocked.
    let blocked = ray(
        &world,
        Vec3::new(-200.0, 100.0, 40.0),
        Vec3::new(200.0, 100.0, 40.0),
        mask::SHOT,
    );
    assert!(
        close(blocked.end_pos.x, -16.0 - SURFACE_CLIP_EPSILON),
        "{blocked:?}"
    );
}

#[test]
fn traces_are_deterministic_and_equal_the_reference_in_the_room() {
    let room = CollisionWorld::new(&box_room());
    let mut checked = 0;
    for i in 0..400_u16 {
        let f = f32::from(i);
        let start = Vec3::new(
            (f * 1.7).sin(),
            (f * 0.9).cos(),
            (f * 0.31).sin() * 0.5 + 0.5,
        ) * 300.0;
        let end = start + Vec3::new((f * 2.3).cos(), (f * 0.7).sin(), (f * 1.1).cos()) * 400.0;
        let (mins, maxs) = if i % 2 == 0 {
            (Vec3::ZERO, Vec3::ZERO)
        } else {
            (PLAYER_MINS, PLAYER_MAXS)
        };
        for mask in [mask::SHOT, mask::PLAYER_SOLID, mask::LIQUID, mask::ALL] {
            let tree = room.trace(start, end, mins, maxs, mask);
            assert_same(&tree, &room.brute_force_trace(start, end, mins, maxs, mask));
            assert_same(&tree, &room.trace(start, end, mins, maxs, mask));
            let offset = Vec3::new(0.0, 0.0, f);
            assert_same(
                &room.trace_model(ModelNum(1), offset, start, end, mins, maxs, mask),
                &room.brute_force_trace_model(ModelNum(1), offset, start, end, mins, maxs, mask),
            );
            assert_eq!(
                room.contents(start, mask),
                room.brute_force_contents(start, mask)
            );
            checked += usize::from(tree.hit());
        }
    }
    assert!(checked > 500, "{checked}");
}
