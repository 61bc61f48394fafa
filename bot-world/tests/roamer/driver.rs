//! A minimal world for one roamer: each frame a [`BotView`] of its own state (no opponents),
//! its input turned into a [`MoveInput`] as the world will (walk halves the speed cap), one
//! [`Physics::step`] with the map's triggers and movers, and plats started by standing on
//! them (and sent back up when they come down on the player, as Quake III's are). A player
//! touching a lethal `trigger_hurt` (a void, a pit) dies; after [`RESPAWN_DELAY`] it may
//! respawn, and does at the next spawn point when it presses respawn or attack.

use std::time::{Duration, Instant};

use aas_geom::physics::{MoveInput, Mover, MoverMotion, Physics, PhysicsSettings, PlayerState};
use aas_geom::physics::{STANDING_MAXS, STANDING_MINS};
use aas_geom::world::{TRAVEL_TYPE_COUNT, TravelType};
use bot_interface::{
    BotView, Buttons, GameMode, MatchInfo, Player, PlayerId, SelfView, Team, Weapon,
};
use bot_world::scripted::{Roamer, RoamerStats};
use glam::Vec3;

use crate::maps::Map;

/// Frame length, milliseconds.
const FRAME_MS: u32 = 50;
/// Moving farther than this from where it was counts as moving (the "one place").
pub(crate) const PLACE_RADIUS: f32 = 50.0;
/// A spawned player starts this far above the spawn point, as in Quake III.
const SPAWN_LIFT: f32 = 9.0;
/// Frames a dead player waits before it may respawn.
const RESPAWN_DELAY: u32 = 20;

/// What one run showed.
#[derive(Debug, Clone)]
pub(crate) struct Run {
    pub(crate) map: String,
    pub(crate) seconds: f32,
    pub(crate) stats: RoamerStats,
    pub(crate) router: Option<aas_route::RouterStats>,
    /// Longest time (s) the roamer stayed within [`PLACE_RADIUS`] of one point, and where.
    pub(crate) longest_still: (f32, Vec3),
    /// The first frame the origin was in no area, or below the lowest area.
    pub(crate) left_world: Option<(u32, Vec3)>,
    /// Deaths in lethal `trigger_hurt`s.
    pub(crate) deaths: u32,
    /// Time spent in `think`.
    pub(crate) thinking: Duration,
    pub(crate) thinks: u32,
}

impl Run {
    /// Reached goals per picked goal.
    pub(crate) fn reach_rate(&self) -> f32 {
        if self.stats.goals_picked == 0 {
            return 0.0;
        }
        self.stats.goals_reached as f32 / self.stats.goals_picked as f32
    }

    /// Microseconds per think.
    pub(crate) fn micros_per_think(&self) -> f64 {
        self.thinking.as_secs_f64() * 1e6 / f64::from(self.thinks.max(1))
    }

    /// Reachabilities of `kind` carried out into their target, and missed.
    pub(crate) fn travel(&self, kind: TravelType) -> (u32, u32) {
        let index = kind.position();
        (
            self.stats.travel_done[index],
            self.stats.travel_missed[index],
        )
    }

    /// One line of report.
    pub(crate) fn line(&self) -> String {
        let mut travel = String::new();
        for kind in TravelType::ALL.into_iter().take(TRAVEL_TYPE_COUNT) {
            let (done, missed) = self.travel(kind);
            if done + missed > 0 {
                travel.push_str(&format!(" {}:{done}/{}", kind.name(), done + missed));
            }
        }
        format!(
            "{:<16} {:>4.0}s goals {:>3}/{:<3} ({:>3.0}%) still {:>4.1}s at {:>6.0} {:>6.0} {:>5.0} | \
             µs/think {:>5.1} | deaths {} | queries {} sidesteps {} reroutes {} wanders {} given up {} |{travel}",
            self.map,
            self.seconds,
            self.stats.goals_reached,
            self.stats.goals_picked,
            self.reach_rate() * 100.0,
            self.longest_still.0,
            self.longest_still.1.x,
            self.longest_still.1.y,
            self.longest_still.1.z,
            self.micros_per_think(),
            self.deaths,
            self.stats.route_queries,
            self.stats.sidesteps,
            self.stats.reroutes,
            self.stats.wanders,
            self.stats.goals_given_up,
        ) + &self.router.map_or(String::new(), |r| {
            format!(
                " | router: {} queries, {} fallbacks, {} area caches, {} portal caches",
                r.queries, r.fallbacks, r.area_caches_built, r.portal_caches_built
            )
        })
    }
}

/// The plats of `movers` after a frame ending at `state`: one at rest at the bottom starts
/// when the player touches the trigger above it (its top, 25 units in from the edges where it
/// is wide enough, up to 8 units above it, as Quake III's plat trigger); one coming down onto
/// the player goes back up. Returns whether any changed.
fn update_plats(movers: &mut [Mover], state: &PlayerState, frame_time: f32) -> bool {
    let mut changed = false;
    let time = state.time;
    for mover in movers.iter_mut() {
        let MoverMotion::Plat {
            low,
            speed,
            wait,
            started,
        } = mover.motion
        else {
            continue;
        };
        let rise = if speed > 0.0 { -low / speed } else { 0.0 };
        let (mins, maxs) = mover.bounds_at(time);
        let inset = |lo: f32, hi: f32| {
            if hi - lo > 50.0 {
                (lo + 25.0, hi - 25.0)
            } else {
                (lo, hi)
            }
        };
        let ((x0, x1), (y0, y1)) = (inset(mins.x, maxs.x), inset(mins.y, maxs.y));
        let (pmins, pmaxs) = (state.origin + STANDING_MINS, state.origin + STANDING_MAXS);
        let on_it = pmins.x < x1
            && x0 < pmaxs.x
            && pmins.y < y1
            && y0 < pmaxs.y
            && (maxs.z - 1.0..=maxs.z + 8.0).contains(&pmins.z);
        let at_rest = started.is_none_or(|s| time >= s + 2.0 * rise + wait);
        let restart = if at_rest {
            on_it.then_some(time)
        } else {
            let descending = started.is_some_and(|s| time > s + rise + wait);
            let (mins, maxs) = mover.bounds_at(time + frame_time);
            let crushing = pmins.cmplt(maxs).all() && mins.cmplt(pmaxs).all();
            (descending && crushing).then(|| {
                let z = mover.motion.offset_at(time).z;
                time - (z - low) / speed
            })
        };
        if let Some(start) = restart {
            mover.motion = MoverMotion::Plat {
                low,
                speed,
                wait,
                started: Some(start),
            };
            changed = true;
        }
    }
    changed
}

/// `point`, or the nearest point up to 32 units off it (on a grid of 8) that lies in an area:
/// a spawn point may sit where the AAS is solid (closer to a wall than the player box's
/// half width, or in a corner the box's bevels fill), and a player there could not move.
fn open_spot(world: &aas_geom::world::AasWorld, point: Vec3) -> Vec3 {
    let offsets =
        (-4..=4_i8).flat_map(|x| (-4..=4_i8).flat_map(move |y| (0..=2_i8).map(move |z| (x, y, z))));
    let mut candidates: Vec<Vec3> = offsets
        .map(|(x, y, z)| point + Vec3::new(f32::from(x), f32::from(y), f32::from(z)) * 8.0)
        .collect();
    candidates.sort_by(|a, b| {
        a.distance_squared(point)
            .total_cmp(&b.distance_squared(point))
    });
    candidates
        .into_iter()
        .find(|candidate| world.point_area(*candidate).is_some())
        .unwrap_or(point)
}

/// The roamer's own state as a view.
fn view_of(frame: u32, state: &PlayerState, view_angles: Vec3, weapon: Weapon) -> BotView {
    let mut me = SelfView {
        id: PlayerId(0),
        team: Team::Free,
        alive: true,
        origin: state.origin,
        velocity: state.velocity,
        view_angles,
        view_height: if state.crouched { 12.0 } else { 26.0 },
        health: 100,
        weapon: Some(weapon),
        on_ground: state.on_ground(),
        crouched: state.crouched,
        water_level: state.water_level,
        ..SelfView::default()
    };
    me.weapons[Weapon::Gauntlet.index()] = true;
    me.ammo[Weapon::Gauntlet.index()] = -1;
    me.weapons[Weapon::Machinegun.index()] = true;
    me.ammo[Weapon::Machinegun.index()] = 100;
    BotView {
        frame,
        time_ms: frame * FRAME_MS,
        me,
        ..BotView::default()
    }
}

/// Drives one roamer seeded `seed` from spawn point `spawn` of `map` for `seconds`.
pub(crate) fn drive(map: &Map, spawn: Vec3, seed: u64, seconds: f32) -> Run {
    let settings = PhysicsSettings::default();
    let frame_time = settings.frame_time;
    let mut movers = map.entities.movers();
    let mut physics = Physics::new(&map.world, settings.clone())
        .with_triggers(map.entities.triggers())
        .with_movers(movers.clone());
    let mut roamer = Roamer::new("roamer", &map.world, seed).with_movers(&movers);
    roamer.begin(&MatchInfo {
        map: map.name.clone(),
        mode: GameMode::Ffa,
        you: PlayerId(0),
        team: Team::Free,
        items: map.items.clone(),
        frame_ms: FRAME_MS,
        seed: seed.rotate_left(17),
    });
    let lowest = map
        .world
        .areas
        .iter()
        .map(|area| area.mins.z)
        .fold(f32::INFINITY, f32::min);
    let mut state = PlayerState::at(open_spot(&map.world, spawn + Vec3::Z * SPAWN_LIFT));
    physics.update_water_level(&mut state);
    let mut view_angles = Vec3::ZERO;
    let mut weapon = Weapon::Machinegun;
    let (mut anchor, mut anchor_frame) = (state.origin, 0);
    let mut longest_still = (0.0, state.origin);
    let mut left_world = None;
    let mut thinking = Duration::ZERO;
    let frames = (seconds * 1000.0) as u32 / FRAME_MS;
    let trace = trace_window(&map.name, seed);
    let (mut deaths, mut dead_since) = (0, None::<u32>);
    for frame in 0..frames {
        let mut view = view_of(frame, &state, view_angles, weapon);
        if let Some(since) = dead_since {
            view.me.alive = false;
            view.me.can_respawn = frame >= since + RESPAWN_DELAY;
        }
        let clock = Instant::now();
        let input = roamer.think(&view);
        thinking += clock.elapsed();
        if dead_since.is_some() {
            if view.me.can_respawn && input.holds(Buttons::RESPAWN) | input.holds(Buttons::ATTACK) {
                let spawn = map.spawns[usize::try_from(deaths).unwrap_or(0) % map.spawns.len()];
                state = PlayerState::at(open_spot(&map.world, spawn + Vec3::Z * SPAWN_LIFT));
                physics.update_water_level(&mut state);
                dead_since = None;
                (anchor, anchor_frame) = (state.origin, frame);
            } else {
                state.time += frame_time;
                // Dead time does not count as staying in one place.
                anchor_frame = frame;
            }
            continue;
        }
        view_angles = input.view_angles;
        weapon = input.weapon.unwrap_or(weapon);
        let cap = if input.holds(Buttons::WALK) {
            settings.max_walk_velocity * 0.5
        } else {
            f32::MAX
        };
        let command = MoveInput {
            direction: input.move_direction,
            speed: input.move_speed.min(cap),
            jump: input.holds(Buttons::JUMP),
            crouch: input.holds(Buttons::CROUCH),
        };
        if trace.is_some_and(|(from, to)| (from..to).contains(&frame)) {
            trace_line(frame, &state, &input, &roamer, &map.world);
        }
        state = physics.step(&state, &command).0;
        if update_plats(&mut movers, &state, frame_time) {
            physics = physics.clone().with_movers(movers.clone());
        }
        if state.origin.distance(anchor) > PLACE_RADIUS {
            (anchor, anchor_frame) = (state.origin, frame);
        }
        let still = (frame - anchor_frame) as f32 * frame_time;
        if still > longest_still.0 {
            longest_still = (still, anchor);
        }
        let outside = map.world.point_area(state.origin).is_none() || state.origin.z < lowest;
        if outside && left_world.is_none() {
            left_world = Some((frame, state.origin));
        }
        let (pmins, pmaxs) = (state.origin + STANDING_MINS, state.origin + STANDING_MAXS);
        let hurt = map
            .death
            .iter()
            .any(|(mins, maxs)| pmins.cmplt(*maxs).all() && mins.cmplt(pmaxs).all());
        if hurt {
            deaths += 1;
            dead_since = Some(frame);
        }
    }
    Run {
        map: map.name.clone(),
        seconds,
        stats: roamer.stats().clone(),
        router: roamer.router_stats(),
        longest_still,
        left_world,
        deaths,
        thinking,
        thinks: frames,
    }
}

/// The frames to trace for `map` and `seed`: `ROAMER_TRACE=map:seed:from:to` (seconds).
fn trace_window(map: &str, seed: u64) -> Option<(u32, u32)> {
    let spec = std::env::var("ROAMER_TRACE").ok()?;
    let mut parts = spec.split(':');
    let (name, wanted) = (parts.next()?, parts.next()?.parse::<u64>().ok()?);
    let from: f32 = parts.next()?.parse().ok()?;
    let to: f32 = parts.next()?.parse().ok()?;
    (name == map && wanted == seed).then_some(((from * 20.0) as u32, (to * 20.0) as u32))
}

#[expect(clippy::print_stdout, reason = "a trace asked for by ROAMER_TRACE")]
fn trace_line(
    frame: u32,
    state: &PlayerState,
    input: &bot_interface::BotInput,
    roamer: &Roamer<'_>,
    world: &aas_geom::world::AasWorld,
) {
    let area = world.point_area(state.origin).map_or(0, |a| a.0);
    println!(
        "{:6.2} o {:7.1} {:7.1} {:6.1} v {:5.0} {:5.0} {:5.0} g{} w{} a{area} | in {:5.2} {:5.2} {:4.2} s{:.0} {:?} | {}",
        frame as f32 * 0.05,
        state.origin.x,
        state.origin.y,
        state.origin.z,
        state.velocity.x,
        state.velocity.y,
        state.velocity.z,
        u8::from(state.on_ground()),
        state.water_level,
        input.move_direction.x,
        input.move_direction.y,
        input.move_direction.z,
        input.move_speed.min(9999.0),
        input.buttons,
        roamer.activity()
    );
}
