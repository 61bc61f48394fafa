//! Jumping: apex height, barriers.

use aas_geom::physics::{MoveInput, PhysicsSettings};
use glam::Vec3;

use crate::worlds::{Block, physics, room, settled};

#[test]
fn a_standing_jump_peaks_at_the_ballistic_apex() {
    let world = room(&[]);
    let physics = physics(&world);
    let mut state = settled(&physics, Vec3::new(0.0, 0.0, 40.0));
    let floor = state.origin.z;
    let mut top = floor;
    let mut input = MoveInput::idle().with_jump();
    for _ in 0..40 {
        state = physics.step(&state, &input).0;
        input = MoveInput::idle();
        top = top.max(state.origin.z);
    }
    let expected = PhysicsSettings::default().jump_apex_height();
    assert!((expected - 45.5625).abs() < 1e-3);
    assert!(
        (top - floor - expected).abs() <= 1.0,
        "apex {} above the floor, expected {expected}",
        top - floor
    );
    assert!(state.on_ground(), "landed again");
    assert!((state.origin.z - floor).abs() < 0.01);
}

/// Runs at a block of height `height` (16 units ahead of the start) jumping when asked, and
/// reports whether the player ends up on top of it.
fn climbs(height: f32, jump: bool) -> bool {
    let world = room(&[Block::solid(
        Vec3::new(0.0, -256.0, 0.0),
        Vec3::new(512.0, 256.0, height),
    )]);
    let physics = physics(&world);
    let mut state = settled(&physics, Vec3::new(-64.0, 0.0, 40.0));
    for frame in 0..40 {
        let mut input = MoveInput::run(Vec3::X);
        if jump && frame == 2 {
            input = input.with_jump();
        }
        state = physics.step(&state, &input).0;
    }
    state.on_ground() && state.origin.x > 16.0 && (state.origin.z - (height + 24.0)).abs() < 1.0
}

#[test]
fn steps_up_to_the_step_height_are_walked_up() {
    let step = PhysicsSettings::default().step_height;
    assert!(climbs(16.0, false));
    assert!(climbs(step, false));
    assert!(!climbs(step + 2.0, false));
    assert!(!climbs(32.0, false));
}

#[test]
fn barriers_up_to_the_barrier_height_are_jumped_onto() {
    let settings = PhysicsSettings::default();
    assert!(climbs(24.0, true));
    assert!(climbs(settings.reach_max_barrier, true));
    // A running jump clears its apex plus a step at most.
    let highest = settings.jump_apex_height() + settings.step_height;
    assert!(!climbs(highest + 4.0, true));
}
