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

#[test]
fn a_rising_mover_pushes_a_player_in_the_air_above_it_and_carries_it() {
    use aas_geom::physics::{Mover, MoverMotion};
    let world = room(&[]);
    // A 100 × 100 platform, its top at z 10, rising at 150 units/s from time 0 for 2 s.
    let platform = Mover {
        mins: Vec3::new(-50.0, -50.0, 0.0),
        maxs: Vec3::new(50.0, 50.0, 10.0),
        motion: MoverMotion::Linear {
            start: Vec3::ZERO,
            velocity: Vec3::new(0.0, 0.0, 150.0),
            from: 0.0,
            to: 2.0,
        },
    };
    let physics = physics(&world).with_movers(vec![platform]);
    // A player hanging 2 units above the top (its feet at 12): the platform's first frame
    // (7.5 units) moves into its box before gravity brings it down.
    let mut state = aas_geom::physics::PlayerState::at(Vec3::new(0.0, 0.0, 36.0));
    for frame in 0..30 {
        state = physics.step(&state, &MoveInput::idle()).0;
        let top = 10.0 + 150.0 * state.time.min(2.0);
        assert!(
            state.origin.z - 24.0 >= top - 0.01,
            "frame {frame}: feet at {} below the platform's top {top}",
            state.origin.z - 24.0
        );
    }
    assert!(state.on_ground(), "riding: {state:?}");
}
