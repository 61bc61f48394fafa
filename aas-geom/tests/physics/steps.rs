//! Walking: acceleration to running speed, friction, determinism.

use aas_geom::physics::{MoveInput, PhysicsSettings};
use glam::Vec3;

use crate::worlds::{physics, room, settled};

#[test]
fn running_reaches_the_walking_speed_and_friction_stops_the_player() {
    let world = room(&[]);
    let physics = physics(&world);
    let mut state = settled(&physics, Vec3::new(-300.0, 0.0, 40.0));
    for _ in 0..20 {
        state = physics.step(&state, &MoveInput::run(Vec3::X)).0;
    }
    let max = PhysicsSettings::default().max_walk_velocity;
    assert!(
        (state.velocity.length() - max).abs() <= 1.0,
        "{}",
        state.velocity
    );
    for _ in 0..20 {
        state = physics.step(&state, &MoveInput::idle()).0;
    }
    assert_eq!(state.velocity, Vec3::ZERO);
}

#[test]
fn a_wall_stops_the_player_and_sliding_keeps_the_parallel_speed() {
    let world = room(&[]);
    let physics = physics(&world);
    let mut state = settled(&physics, Vec3::new(400.0, -200.0, 40.0));
    let diagonal = Vec3::new(1.0, 1.0, 0.0);
    for _ in 0..16 {
        state = physics.step(&state, &MoveInput::run(diagonal)).0;
    }
    // Stopped by the +x wall (interior ends at 512, the box is 15 wide) and sliding along it.
    assert!(state.origin.x < 512.0 - 15.0 + 0.01 && state.origin.x > 512.0 - 15.0 - 1.0);
    assert!(state.velocity.x.abs() < 1.0);
    assert!(state.velocity.y > 200.0, "{}", state.velocity);
}

#[test]
fn a_nan_input_is_no_input() {
    let world = room(&[]);
    let physics = physics(&world);
    let state = settled(&physics, Vec3::new(0.0, 0.0, 40.0));
    let bad = MoveInput {
        direction: Vec3::new(f32::NAN, 1.0, 0.0),
        speed: f32::NAN,
        jump: false,
        crouch: false,
    };
    let (after, _) = physics.step(&state, &bad);
    assert_eq!(after, physics.step(&state, &MoveInput::idle()).0);
    assert!(after.origin.is_finite() && after.velocity.is_finite());
}

#[test]
fn a_player_set_down_inside_the_floor_is_lifted_out_and_moves_on() {
    // A teleporter's destination one unit above the map's floor can lie a unit or two inside
    // the floor of the areas (the floor's standing origins are at 24.125 here).
    let world = room(&[]);
    let physics = physics(&world);
    let mut state = aas_geom::physics::PlayerState::at(Vec3::new(0.0, 0.0, 22.5));
    state.velocity = Vec3::new(400.0, 0.0, 0.0);
    for _ in 0..10 {
        state = physics.step(&state, &MoveInput::run(Vec3::X)).0;
    }
    assert!(state.on_ground(), "{state:?}");
    assert!((state.origin.z - 24.125).abs() < 1.0, "{}", state.origin);
    assert!(state.origin.x > 100.0, "{}", state.origin);
    // Deep inside solid (below the floor slab) stays where it is: nothing to lift it to.
    let buried = aas_geom::physics::PlayerState::at(Vec3::new(0.0, 0.0, -40.0));
    let (after, _) = physics.step(&buried, &MoveInput::run(Vec3::X));
    assert_eq!(after.origin, buried.origin);
}
