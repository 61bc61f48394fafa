//! Player physics on a real map's compiled world (with its jump pads, teleporters and
//! platforms): one `Physics::step` of a player running on the floor, and one prediction of 2 s
//! of running (40 frames of 0.05 s) with a fixed input from a standing start.
//!
//! The start is found before timing: a standing box dropped at each `info_player_deathmatch`
//! (lifted as the game does) settles on the floor; of those spawns and eight directions, the
//! run that stays on the ground for the full 2 s and covers the longest distance is measured.
//! The measured step is that run's eleventh frame, at full running speed.
//!
//! Before timing, the answers are checked: the prediction equals 40 single steps bit for bit
//! (so the measured step is the run's eleventh frame), the measured step reaches full running
//! speed, and the run starts at and covers what it did when this bench was written.

use std::hint::black_box;

use aas_geom::compile::{CompileSettings, compile_world};
use aas_geom::entities::extract_entities;
use aas_geom::format::{ReadSettings, load_brush_world};
use aas_geom::physics::{
    MoveInput, Physics, PhysicsSettings, PlayerState, Prediction, StopConditions,
};
use criterion::{BenchmarkId, Criterion, criterion_main};
use glam::Vec3;

/// The shared map the player runs on.
const MAP: &str = "q3dm6ish";
/// Seconds of movement per prediction.
const PREDICTION_TIME: f32 = 2.0;
/// Height above a spawn point's origin where the game puts a spawning player (the origin itself
/// lies on the floor expanded by the player's box).
const SPAWN_LIFT: f32 = 9.0;
/// Frames to reach running speed before the state whose next step is measured.
const RUN_UP_FRAMES: usize = 10;
/// Where the measured run starts (a spawn point's standing position) and the horizontal
/// distance it covers in 2 s, as this bench's code found them when it was written: straight
/// along +y at 320 units/s once up to speed.
const RUN_START: Vec3 = Vec3::new(272.0, -528.0, -39.875);
/// See [`RUN_START`].
const RUN_DISTANCE: f64 = 629.6;

/// Checks the run the bench measures: every predicted frame is one [`Physics::step`] of the
/// previous (bit for bit), the player is at full running speed after the run-up, and the
/// run starts at [`RUN_START`] and covers [`RUN_DISTANCE`].
fn check_run(physics: &Physics<'_>, start: &PlayerState, inputs: &[MoveInput], run: &Prediction) {
    assert_eq!(
        run.trajectory.len(),
        inputs.len(),
        "{MAP}: predicted frames (one per input)"
    );
    let mut state = *start;
    for (frame, (input, predicted)) in inputs.iter().zip(&run.trajectory).enumerate() {
        state = physics.step(&state, input).0;
        assert_eq!(
            &state, predicted,
            "{MAP}: frame {frame} stepped alone differs from the prediction's"
        );
    }
    let stepped = run.trajectory[RUN_UP_FRAMES];
    benches::assert_close(
        &format!("{MAP}: horizontal speed after {} frames", RUN_UP_FRAMES + 1),
        f64::from(stepped.velocity.truncate().length()),
        f64::from(physics.settings().max_walk_velocity),
        1e-3,
    );
    assert!(
        start.origin.abs_diff_eq(RUN_START, 1e-3),
        "{MAP}: the run starts at {}, expected {RUN_START}",
        start.origin
    );
    let end = run.end().map_or(start.origin, |state| state.origin);
    benches::assert_close(
        &format!("{MAP}: horizontal distance run in {PREDICTION_TIME} s"),
        f64::from((end - start.origin).truncate().length()),
        RUN_DISTANCE,
        1e-2,
    );
}

/// A standing player dropped at a spawn point, after up to 2 s of falling, if it lands.
fn settled(physics: &Physics<'_>, spawn: Vec3) -> Option<PlayerState> {
    let mut state = PlayerState::at(spawn + Vec3::Z * SPAWN_LIFT);
    for _ in 0..40 {
        state = physics.step(&state, &MoveInput::idle()).0;
        if state.on_ground() && state.velocity == Vec3::ZERO {
            return Some(state);
        }
    }
    None
}

/// The start and the inputs (one fixed input per frame) of the longest 2 s run on the ground
/// from a spawn point in one of eight directions.
fn longest_run(physics: &Physics<'_>, spawns: &[Vec3]) -> Option<(PlayerState, Vec<MoveInput>)> {
    let frames = (PREDICTION_TIME / physics.settings().frame_time).round();
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a small positive whole number of frames"
    )]
    let frames = frames as usize;
    let stop = StopConditions::time_limit(PREDICTION_TIME);
    let mut best: Option<(f32, PlayerState, Vec<MoveInput>)> = None;
    for &spawn in spawns {
        let Some(start) = settled(physics, spawn) else {
            continue;
        };
        for octant in 0..8u8 {
            let angle = f32::from(octant) * std::f32::consts::FRAC_PI_4;
            let inputs = vec![MoveInput::run(Vec3::new(angle.cos(), angle.sin(), 0.0)); frames];
            let run = physics.predict_inputs(&start, &inputs, &stop);
            if run.trajectory.len() != frames || !run.trajectory.iter().all(PlayerState::on_ground)
            {
                continue;
            }
            let Some(end) = run.end() else { continue };
            let distance = (end.origin - start.origin).truncate().length();
            if best.as_ref().is_none_or(|(d, _, _)| distance > *d) {
                best = Some((distance, start, inputs));
            }
        }
    }
    best.map(|(_, start, inputs)| (start, inputs))
}

fn physics(c: &mut Criterion) {
    let Some(maps) = real_data::find_in(real_data::MAPS) else {
        #[expect(
            clippy::print_stderr,
            reason = "a bench run without data must say why it measured nothing"
        )]
        {
            eprintln!("physics: real data not found (set REAL_DATA); nothing measured");
        }
        return;
    };
    let Ok(brushes) = load_brush_world(&maps.join(format!("{MAP}.bsp")), &ReadSettings::default())
    else {
        #[expect(
            clippy::print_stderr,
            reason = "a bench run without data must say why it measured nothing"
        )]
        {
            eprintln!("physics: {MAP}.bsp not found; nothing measured");
        }
        return;
    };
    let settings = PhysicsSettings::default();
    let entities = extract_entities(&brushes, settings.gravity);
    let compile = CompileSettings {
        reachability: None,
        ..CompileSettings::default()
    };
    let world = compile_world(&brushes, &compile)
        .expect("shared map compiles")
        .world;
    let physics = Physics::new(&world, settings)
        .with_triggers(entities.triggers())
        .with_movers(entities.movers());
    let spawns: Vec<Vec3> = brushes
        .entities
        .iter()
        .filter(|e| e.classname().eq_ignore_ascii_case("info_player_deathmatch"))
        .filter_map(aas_geom::Entity::origin)
        .map(|origin| origin.as_vec3())
        .collect();
    let (start, inputs) =
        longest_run(&physics, &spawns).expect("a 2 s run on the floor from a spawn point");
    let stop = StopConditions::time_limit(PREDICTION_TIME);
    let run = physics.predict_inputs(&start, &inputs, &stop);
    let running = run.trajectory[RUN_UP_FRAMES - 1];
    let input = inputs[RUN_UP_FRAMES];
    check_run(&physics, &start, &inputs, &run);

    let mut group = c.benchmark_group("physics");
    group.bench_function(BenchmarkId::new("step_run", MAP), |b| {
        b.iter(|| physics.step(black_box(&running), black_box(&input)));
    });
    group.bench_function(BenchmarkId::new("predict_2s_run", MAP), |b| {
        b.iter(|| physics.predict_inputs(black_box(&start), black_box(&inputs), &stop));
    });
    group.finish();
}

/// `criterion_group!` makes an undocumented public function; a private module keeps it private.
mod group {
    use super::physics;
    criterion::criterion_group!(benches, physics);
}
use group::benches;
criterion_main!(benches);
