//! Water jumps: out of the water onto a bank, and not onto a step under the surface.

use aas_geom::physics::{MoveInput, PlayerState, StopConditions, Timer};
use glam::Vec3;

use crate::worlds::{Block, physics, room};

/// Water up to z 200 over the whole room; a step under the surface (x 100..200, top z 180) and
/// beyond deep water a bank above the surface (x 300..512, top z 212). Swimming along +X,
/// holding jump, the player gets onto the step without a water jump (its top is below the
/// water jump's wall height, 4 units above a waist-deep origin: it is swum onto, then waded
/// over), and water-jumps onto the bank (12 units above the surface).
#[test]
fn the_step_under_the_surface_is_swum_over_and_the_bank_is_jumped_onto() {
    let world = room(&[
        Block::water(
            Vec3::new(-512.0, -256.0, 0.0),
            Vec3::new(512.0, 256.0, 200.0),
        ),
        Block::solid(
            Vec3::new(100.0, -256.0, 0.0),
            Vec3::new(200.0, 256.0, 180.0),
        ),
        Block::solid(
            Vec3::new(300.0, -256.0, 0.0),
            Vec3::new(512.0, 256.0, 212.0),
        ),
    ]);
    let physics = physics(&world);
    let input = MoveInput {
        direction: Vec3::X,
        speed: f32::MAX,
        jump: true,
        crouch: false,
    };
    let swim = physics.predict(
        &PlayerState::at(Vec3::new(0.0, 0.0, 170.0)),
        |_, _| input,
        &StopConditions::time_limit(5.0),
    );
    let first_jump = swim
        .trajectory
        .iter()
        .find(|s| matches!(s.timer, Some(Timer::WaterJump { .. })))
        .expect("a water jump");
    assert!(
        first_jump.origin.x > 250.0,
        "the first water jump is at the bank, not the step: {}",
        first_jump.origin
    );
    let end = swim.end().expect("frames");
    assert!(
        end.on_ground() && (end.origin.z - 236.0).abs() < 1.0,
        "{end:?}"
    );
}
