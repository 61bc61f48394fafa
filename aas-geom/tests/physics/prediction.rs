//! Movement prediction: stop events and agreement with step-by-step simulation.

use aas_geom::physics::{MoveInput, StopConditions, StopEvents, StopReason};
use glam::Vec3;
use proptest::prelude::*;

use crate::worlds::{Block, dropped, physics, room, settled};

#[test]
fn walking_off_a_ledge_stops_at_the_gap_then_lands() {
    // A 128-unit-high platform on the left half; the player runs off its edge.
    let world = room(&[Block::solid(
        Vec3::new(-512.0, -256.0, 0.0),
        Vec3::new(0.0, 256.0, 128.0),
    )]);
    let physics = physics(&world);
    let start = settled(&physics, Vec3::new(-100.0, 0.0, 170.0));
    let run = |_: usize, _: &_| MoveInput::run(Vec3::X);
    let gap = physics.predict(
        &start,
        run,
        &StopConditions::time_limit(2.0).or(StopEvents::GAP),
    );
    assert_eq!(gap.stop, StopReason::Gap);
    let last = gap.end().expect("moved");
    assert!(
        last.origin.x > -20.0 && last.origin.x < 40.0,
        "{}",
        last.origin
    );

    let land = physics.predict(
        &start,
        run,
        &StopConditions::time_limit(3.0).or(StopEvents::HIT_GROUND),
    );
    assert_eq!(land.stop, StopReason::HitGround);
    let last = land.end().expect("moved");
    assert!(
        (last.origin.z - 24.0).abs() < 1.0,
        "landed on the low floor: {}",
        last.origin
    );
    let damage = physics.predict(
        &start,
        run,
        &StopConditions::time_limit(3.0).or(StopEvents::HIT_GROUND_DAMAGE),
    );
    // A 128-unit fall lands at about 453 units per second: fall delta 20.5, no damage.
    assert_eq!(damage.stop, StopReason::TimeLimit);
}

#[test]
fn running_into_a_wall_is_reported_and_entering_water_too() {
    let world = room(&[Block::water(
        Vec3::new(100.0, -256.0, 0.0),
        Vec3::new(300.0, 256.0, 40.0),
    )]);
    let physics = physics(&world);
    let start = settled(&physics, Vec3::new(0.0, 0.0, 40.0));
    let run = |_: usize, _: &_| MoveInput::run(Vec3::X);
    let water = physics.predict(
        &start,
        run,
        &StopConditions::time_limit(3.0).or(StopEvents::ENTER_WATER),
    );
    assert_eq!(water.stop, StopReason::EnteredWater);
    let wall = physics.predict(
        &start,
        run,
        &StopConditions::time_limit(5.0).or(StopEvents::HIT_WALL),
    );
    assert_eq!(wall.stop, StopReason::HitWall);
    assert!(wall.end().expect("moved").origin.x > 490.0);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Prediction is the step function run in a loop: bit-identical states.
    #[test]
    fn prediction_and_stepping_agree_bit_for_bit(
        seed in any::<u64>(),
        x in -400.0f32..400.0,
        y in -200.0f32..200.0,
    ) {
        let world = shared_world();
        let physics = physics(world);
        let start = dropped(&physics, Vec3::new(x, y, 100.0), 20);
        let inputs: Vec<MoveInput> = (0..60u64)
            .map(|i| {
                let bits = seed.rotate_left((i % 64) as u32) ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                let angle = (bits & 0xFFFF) as f32 / 65536.0 * std::f32::consts::TAU;
                MoveInput {
                    direction: Vec3::new(angle.cos(), angle.sin(), 0.0),
                    speed: ((bits >> 16) & 0x1FF) as f32,
                    jump: bits & (1 << 40) != 0,
                    crouch: bits & (1 << 41) != 0 && bits & (1 << 42) != 0,
                }
            })
            .collect();
        let predicted = physics.predict_inputs(&start, &inputs, &StopConditions::time_limit(3.0));
        let mut state = start;
        for (frame, expected) in predicted.trajectory.iter().enumerate() {
            let input = inputs.get(frame).copied().unwrap_or_default();
            state = physics.step(&state, &input).0;
            prop_assert_eq!(state.origin.to_array().map(f32::to_bits), expected.origin.to_array().map(f32::to_bits));
            prop_assert_eq!(state.velocity.to_array().map(f32::to_bits), expected.velocity.to_array().map(f32::to_bits));
            prop_assert_eq!(&state, expected);
        }
    }
}

/// One room with a step, a barrier, a pit and water, compiled once for the property test.
fn shared_world() -> &'static aas_geom::world::AasWorld {
    static WORLD: std::sync::OnceLock<aas_geom::world::AasWorld> = std::sync::OnceLock::new();
    WORLD.get_or_init(|| {
        room(&[
            Block::solid(Vec3::new(-200.0, -256.0, 0.0), Vec3::new(-100.0, 0.0, 16.0)),
            Block::solid(Vec3::new(100.0, 0.0, 0.0), Vec3::new(200.0, 256.0, 30.0)),
            Block::water(Vec3::new(-100.0, 50.0, 0.0), Vec3::new(50.0, 250.0, 48.0)),
        ])
    })
}
