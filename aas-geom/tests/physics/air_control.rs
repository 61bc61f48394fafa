//! Air control towards a landing point ([`Physics::air_steer`]).

use aas_geom::physics::{MoveInput, Physics, PlayerState, StopConditions, StopEvents, StopReason};
use glam::Vec3;

use crate::worlds::{physics, room, settled};

/// Throws the player at `from` straight up at `speed` and steers towards `target` until he
/// lands; returns where.
fn steered_landing(physics: &Physics<'_>, from: &PlayerState, speed: f32, target: Vec3) -> Vec3 {
    let mut state = *from;
    state.velocity = Vec3::Z * speed;
    state.ground = None;
    let flight = physics.predict(
        &state,
        |_, s| physics.air_steer(s, target),
        &StopConditions::time_limit(4.0).or(StopEvents::HIT_GROUND),
    );
    assert_eq!(flight.stop, StopReason::HitGround);
    flight.end().expect("frames").origin
}

/// Thrown straight up at 700 units per second (about 1.75 s in the air), a player steering
/// with air control lands on floor points up to about 200 units away, within a few units of
/// them; without input he comes straight back down; a point far beyond what 1.75 s of air
/// acceleration (320 units/s²) covers is missed, short of it on the way there.
#[test]
fn steering_in_the_air_lands_on_the_point_aimed_at() {
    let world = room(&[]);
    let physics = physics(&world);
    let start = settled(&physics, Vec3::new(0.0, 0.0, 40.0));
    let floor = start.origin.z;
    let straight = steered_landing(&physics, &start, 700.0, start.origin);
    assert!((straight - start.origin).length() < 0.5, "{straight}");
    for offset in [
        Vec3::new(150.0, 0.0, 0.0),
        Vec3::new(-150.0, 0.0, 0.0),
        Vec3::new(0.0, 200.0, 0.0),
        Vec3::new(120.0, -120.0, 0.0),
    ] {
        let target = start.origin + offset;
        let landing = steered_landing(&physics, &start, 700.0, target);
        assert!((landing.z - floor).abs() < 0.01);
        assert!(
            (landing - target).length() < 8.0,
            "aimed at {target}, landed at {landing}"
        );
    }
    let far = start.origin + Vec3::new(450.0, 0.0, 0.0);
    let short = steered_landing(&physics, &start, 700.0, far);
    assert!(short.x > 200.0 && short.x < 440.0, "{short}");
    assert!(short.y.abs() < 0.5, "{short}");
}

/// On the ground there is nothing to steer: the input is idle.
#[test]
fn no_air_control_on_the_ground() {
    let world = room(&[]);
    let physics = physics(&world);
    let start = settled(&physics, Vec3::new(0.0, 0.0, 40.0));
    let input = physics.air_steer(&start, start.origin + Vec3::X * 100.0);
    assert_eq!(input, MoveInput::idle());
}
