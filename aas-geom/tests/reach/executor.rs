//! The executor: carries out a reachability with the player physics, moving the obvious way
//! for its travel type, and reports whether the player got into the target area.
//!
//! | Type | Start | Input |
//! |---|---|---|
//! | walk | standing [`RUN_UP`] behind the start (less where the source area is shorter) | run towards the end |
//! | walk off ledge | the same | walk towards the end at the speed that, kept while falling, lands on it, and at least the stop speed (run when the end is within a step of the start's height) |
//! | crouch | the same, crouching | run crouched towards the end |
//! | barrier jump, jump | the same | run towards the end, pressing jump once the start edge is within this frame's travel |
//! | swim | [`RUN_UP`] behind the start along the (3-D) line from the end through it: beside a face between two liquid areas, or under or over one between stacked areas (crouched in an area only a crouching player fits) | swim towards the end (3-D) |
//! | water jump | [`WAIST`] below the start (waist deep for a surface edge; on the bottom of shallower water), [`RUN_UP`] behind it | swim towards the end (3-D), holding jump (moving up) |
//!
//! The prediction stops when the player enters the target area (or after [`TIME_LIMIT`]).
//! Walking, crouching and swimming end there: the reachability is executed. After a jump, a
//! fall or a water jump, the player is then left without input to come down, and must land
//! on ground in the target area (entering it in the air, or flying over it, is not enough);
//! a jump or a fall into a liquid area ends when the player enters it.

use aas_geom::physics::{
    MoveInput, Physics, PlayerState, Prediction, StopConditions, StopEvents, StopReason,
};
use aas_geom::world::{AreaContents, TravelType};
use aas_geom::world::{AreaId, Reachability};
use glam::Vec3;

/// How far behind the reachability's start point (away from its end) the player starts.
pub(crate) const RUN_UP: f32 = 32.0;
/// How far below the start point a swimming player starts: for a start on a liquid surface's
/// edge (the origin height where the box's bottom touches the surface), the player is waist
/// deep (water level 2).
pub(crate) const WAIST: f32 = 30.0;
/// The longest the movement towards the target area is followed (seconds).
pub(crate) const TIME_LIMIT: f32 = 3.0;
/// The longest the player is then left to come down (seconds).
const SETTLE_LIMIT: f32 = 2.0;

/// The result of executing a reachability.
#[derive(Debug, Clone)]
pub(crate) struct Outcome {
    /// The movement towards the target area.
    pub(crate) approach: Prediction,
    /// Coming down afterwards (only after a jump, a fall or a water jump that entered the
    /// target area in the air).
    pub(crate) settle: Option<Prediction>,
    /// The player's state at the end.
    pub(crate) end: PlayerState,
    /// The area the player ends in.
    pub(crate) end_area: Option<AreaId>,
    /// Whether the movement ends with a landing that must be in the target area.
    pub(crate) lands: bool,
}

impl Outcome {
    /// Whether the player entered `target`, and after a jump, a fall or a water jump, came
    /// down on ground in it.
    pub(crate) fn reached(&self, target: AreaId) -> bool {
        self.approach.stop == StopReason::EnteredArea(target)
            && (!self.lands || self.end_area == Some(target) && self.end.on_ground())
    }

    /// The whole trajectory after the start.
    pub(crate) fn trajectory(&self) -> impl Iterator<Item = &PlayerState> {
        self.approach
            .trajectory
            .iter()
            .chain(self.settle.iter().flat_map(|p| p.trajectory.iter()))
    }
}

/// A player standing still at `origin`, on the ground.
pub(crate) fn standing(origin: Vec3) -> PlayerState {
    PlayerState::standing_at(origin + Vec3::Z * 0.125)
}

/// The horizontal unit direction from `from` to `to` (zero when straight above or below).
pub(crate) fn towards(from: Vec3, to: Vec3) -> Vec3 {
    (to - from).truncate().normalize_or_zero().extend(0.0)
}

/// Executes `reach` (leaving `source`) the way its travel type says.
pub(crate) fn execute(physics: &Physics<'_>, source: AreaId, reach: &Reachability) -> Outcome {
    let kind = reach.kind().expect("a known travel type");
    execute_as(physics, source, reach, kind)
}

/// Executes `reach` (leaving `source`) with the movement of travel type `kind`, which need not
/// be its own: the tests use it to check that the wrong movement fails.
///
/// # Panics
/// When the start point is not in `source`, or `kind` has no movement here.
pub(crate) fn execute_as(
    physics: &Physics<'_>,
    source: AreaId,
    reach: &Reachability,
    kind: TravelType,
) -> Outcome {
    let world = physics.world();
    let direction = towards(reach.start, reach.end);
    let start_at = |run_up: f32| {
        let back = reach.start - direction * run_up;
        let mut state = match kind {
            // Swimming through a face: straight back from it, up or down too.
            TravelType::Swim => PlayerState::at(
                reach.start - (reach.end - reach.start).normalize_or_zero() * run_up,
            ),
            // Waist deep, or standing on the bottom of water shallower than that.
            TravelType::WaterJump => {
                let bottom = world.areas[source.index()].mins.z + 0.125;
                PlayerState::at(back.with_z((back.z - WAIST).max(bottom)))
            }
            _ => standing(back),
        };
        // Crouched for a crouch reachability, and where only a crouching player fits.
        let presence = world.areas[source.index()].presence;
        state.crouched =
            kind == TravelType::Crouch || !presence.contains(aas_geom::world::PresenceType::NORMAL);
        state
    };
    // The longest run-up (halving from RUN_UP) that starts in the source area.
    let start = std::iter::successors(Some(RUN_UP), |d| Some(d * 0.5))
        .take(6)
        .map(start_at)
        .find(|state| world.point_area(state.origin) == Some(source))
        .unwrap_or_else(|| {
            panic!(
                "no {kind:?} start in area {} behind {}",
                source.0, reach.start
            )
        });
    let settings = physics.settings();
    let frame_time = settings.frame_time;
    // Walking off a ledge at the speed that lands on the end point; running across a level
    // gap (the speed is then unbounded, capped at running speed).
    let drop = reach.start.z - reach.end.z;
    let fall_time = (drop > settings.step_height).then(|| (2.0 * drop / settings.gravity).sqrt());
    let move_input = |_: usize, state: &PlayerState| -> MoveInput {
        let towards_end = towards(state.origin, reach.end);
        match kind {
            TravelType::Walk => MoveInput::run(towards_end),
            TravelType::WalkOffLedge => {
                let to_end = (reach.end - state.origin).truncate().length();
                // Never slower than the stop speed: friction stops anything slower at once.
                MoveInput {
                    speed: fall_time
                        .map_or(f32::MAX, |time| to_end / time)
                        .max(settings.stop_speed),
                    ..MoveInput::run(towards_end)
                }
            }
            TravelType::Crouch => MoveInput::run(towards_end).with_crouch(),
            TravelType::BarrierJump | TravelType::Jump => {
                let to_edge = (reach.start - state.origin).dot(direction);
                let this_frame = (state.velocity.truncate().length() * frame_time).max(1.0);
                let run = MoveInput::run(towards_end);
                if to_edge <= this_frame {
                    run.with_jump()
                } else {
                    run
                }
            }
            // A water jump also moves up, as botlib's bot does: swimming up in deep water,
            // jumping out of water too shallow to swim in.
            TravelType::Swim | TravelType::WaterJump => MoveInput {
                direction: (reach.end - state.origin).normalize_or_zero(),
                speed: f32::MAX,
                jump: kind == TravelType::WaterJump,
                crouch: false,
            },
            other => panic!("the executor has no movement for {other:?}"),
        }
    };
    let approach = physics.predict(
        &start,
        move_input,
        &StopConditions::time_limit(TIME_LIMIT).or_enter(reach.target),
    );
    let last = approach.end().copied().unwrap_or(start);
    let into_liquid = world.areas[reach.target.index()]
        .contents
        .intersects(AreaContents::LIQUIDS);
    let lands = !into_liquid
        && matches!(
            kind,
            TravelType::BarrierJump
                | TravelType::Jump
                | TravelType::WalkOffLedge
                | TravelType::WaterJump
        );
    let settle =
        (lands && approach.stop == StopReason::EnteredArea(reach.target) && !last.on_ground())
            .then(|| {
                physics.predict(
                    &last,
                    |_, _| MoveInput::idle(),
                    &StopConditions::time_limit(SETTLE_LIMIT).or(StopEvents::HIT_GROUND),
                )
            });
    let end = settle
        .as_ref()
        .and_then(Prediction::end)
        .copied()
        .unwrap_or(last);
    Outcome {
        approach,
        settle,
        end,
        end_area: world.point_area(end.origin),
        lands,
    }
}

/// Executes `reach` from `from`, failing the test with the trajectory's end when the player
/// does not end in the target area.
pub(crate) fn executes(
    physics: &Physics<'_>,
    name: &str,
    from: AreaId,
    reach: &Reachability,
) -> Outcome {
    let outcome = execute(physics, from, reach);
    assert!(
        outcome.reached(reach.target),
        "{name}: {:?} from area {} to {} not executed: stopped by {:?} at {} in {:?} \
         (on ground: {})",
        reach.kind(),
        from.0,
        reach.target.0,
        outcome.approach.stop,
        outcome.end.origin,
        outcome.end_area,
        outcome.end.on_ground(),
    );
    outcome
}
