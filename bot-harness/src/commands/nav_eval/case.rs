//! One navigation case: a [`Traveller`] placed at one relevant point must reach another.

use std::io::Write;

use aas_geom::physics::{Mover, PhysicsSettings};
use aas_geom::world::TravelType;
use bot_brain::movement::{DoorOpener, NavGoal, SharedRouter, Shootable, TravelRecord, Traveller};
use bot_interface::{SelfView, Team, Weapon};
use bot_world::log::{Header, LogWriter};
use bot_world::rules::{Inventory, Rules};
use bot_world::{
    Entrant, FixedStart, Level, MatchRunner, MatchSettings, PlayOptions, PlayerSetup, World,
    play_until,
};
use glam::Vec3;

use super::points::Point;

/// A case ends in success within this horizontal distance (units) of the goal's standing
/// point …
pub const ARRIVE_RADIUS: f32 = 24.0;
/// … and this height.
pub const ARRIVE_HEIGHT: f32 = 40.0;
/// The least time a case is given (seconds).
pub const MIN_TIME: f32 = 10.0;
/// A player that moved less than this (units) over the last [`STUCK_WINDOW`] seconds of a
/// case that timed out was stuck.
const STUCK_DISTANCE: f32 = 48.0;
/// See [`STUCK_DISTANCE`].
const STUCK_WINDOW: f32 = 3.0;

/// How a case ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// No route leads from the start to the goal under the travel flags (the AAS, not the
    /// bot, is to blame).
    NotBuilt,
    /// Arrived after this many seconds.
    Success {
        /// Seconds from entering to arriving.
        seconds: f32,
    },
    /// Did not arrive.
    Failure(Failure),
}

/// Where and why a case failed.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    /// `died`, `no_route` (it fell where no route leads back), `stuck:TYPE` (it barely moved
    /// over the last 3 s, carrying out a reachability of TYPE, `goal_area` in the goal's
    /// area, `none` without one) or `timeout:TYPE` (still moving when the time ran out).
    pub cause: String,
    /// Where the player was at the end.
    pub position: Vec3,
    /// Its area then (the last area it was found in).
    pub area: Option<aas_geom::world::AreaId>,
    /// What its navigator was doing at the end ([`Navigator::activity`](bot_brain::movement::Navigator::activity)).
    pub activity: String,
}

/// A case's result.
#[derive(Debug, Clone, PartialEq)]
pub struct CaseResult {
    /// The start point's index.
    pub start: usize,
    /// The goal point's index.
    pub goal: usize,
    /// The route's travel time (hundredths of a second) when one exists.
    pub route_time: Option<u16>,
    /// How it ended.
    pub outcome: Outcome,
    /// What the traveller did.
    pub record: TravelRecord,
}

/// What a case runs with.
#[derive(Debug, Clone, Copy)]
pub struct CaseContext<'a, 'l> {
    /// The level.
    pub level: &'l Level,
    /// Its relevant points.
    pub points: &'a [Point],
    /// The level's movers.
    pub movers: &'a [Mover],
    /// The level's doors and buttons that open when shot.
    pub shootables: &'a [Shootable],
    /// The level's doors that a button elsewhere opens.
    pub openers: &'a [DoorOpener],
    /// Time allowed: this factor × the route's travel time (at least [`MIN_TIME`]).
    pub time_factor: f32,
    /// The traveller owns a rocket launcher with rockets from the start (its routes may
    /// rocket jump, and the time allowed and whether a path is built come from the route
    /// with rocket jumps).
    pub rocket_launcher: bool,
}

/// Runs case (`start`, `goal`) with `seed` (the match's and the traveller's randomness),
/// routing with `router` (built for `ctx.level.aas`), writing its match log to `log` when
/// given.
///
/// # Errors
/// When writing the log fails.
pub fn run_case<'l, W: Write>(
    ctx: CaseContext<'_, 'l>,
    (start, goal): (usize, usize),
    seed: u64,
    router: Option<SharedRouter<'l>>,
    log: Option<(&mut LogWriter<W>, &str, Option<&str>)>,
) -> std::io::Result<CaseResult> {
    let level = ctx.level;
    let from = &ctx.points[start];
    let to = &ctx.points[goal];
    let target = NavGoal {
        point: to.standing,
        area: to.area,
        tag: Some(goal),
    };
    let settings = PhysicsSettings {
        gravity: level.gravity,
        ..PhysicsSettings::default()
    };
    let mut traveller = Traveller::new("traveller", &level.aas, router, target, seed, (0, 1))
        .with_movers(ctx.movers)
        .with_shootables(ctx.shootables)
        .with_door_openers(ctx.openers)
        .with_settings(settings);
    let match_settings = match_settings(from, to, seed, ctx.rocket_launcher);
    // Route as the player that enters will (with rocket jumps when it can make them).
    traveller.anticipate(&spawned_player(from.standing, &match_settings));
    let route_time = traveller.route_time_from(from.standing);
    let Some(time) = route_time else {
        return Ok(CaseResult {
            start,
            goal,
            route_time,
            outcome: Outcome::NotBuilt,
            record: traveller.record(),
        });
    };
    let allowed = (ctx.time_factor * f32::from(time) / 100.0).max(MIN_TIME);
    let frame_ms = match_settings.frame_ms;
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a case lasts minutes at most"
    )]
    #[expect(clippy::cast_sign_loss, reason = "allowed is positive")]
    let max_frames = (allowed * 1000.0 / frame_ms as f32).ceil() as u32 + 1;
    let mut watch = Watch::new(to.standing);
    {
        let entrant = Entrant {
            setup: PlayerSetup {
                name: "traveller".to_owned(),
                team: Team::Free,
            },
            kind: "traveller".to_owned(),
            driver: Box::new(&mut traveller),
        };
        let mut runner = MatchRunner::new(level, match_settings, vec![entrant]);
        let options = PlayOptions { max_frames };
        let stop = |world: &World<'_>| watch.after_frame(world);
        match log {
            Some((writer, map, aas)) => {
                let header: Header = runner.header(map, aas);
                play_until(&mut runner, options, Some((writer, &header)), |_| {}, stop)?;
            }
            None => {
                play_until::<std::io::Sink>(&mut runner, options, None, |_| {}, stop)?;
            }
        }
    }
    let mut record = traveller.record();
    if watch.arrived.is_some()
        && let Some((kind, _)) = traveller.navigator().current_travel()
    {
        // The case ends on the frame the player arrives, before the navigator closes the
        // reachability that brought it there (a flight landing on the goal): it was carried
        // out.
        record.stats.travel_done[kind.position()] += 1;
    }
    let outcome = match watch.arrived {
        Some(seconds) => Outcome::Success { seconds },
        None => Outcome::Failure(watch.failure(&traveller)),
    };
    Ok(CaseResult {
        start,
        goal,
        route_time,
        outcome,
        record,
    })
}

/// The player a traveller enters a match of `settings` as: standing at `origin` with the
/// health, weapons and ammunition a player spawns with.
fn spawned_player(origin: Vec3, settings: &MatchSettings) -> SelfView {
    let inventory = Inventory::spawn(&settings.rules, settings.mode);
    SelfView {
        alive: true,
        origin,
        on_ground: true,
        health: inventory.health,
        weapons: inventory.weapons,
        ammo: inventory.ammo,
        ..SelfView::default()
    }
}

/// Rockets a traveller given a rocket launcher starts with.
const START_ROCKETS: i32 = 10;

/// The match a case plays: free-for-all, no limits, the player entering at the start point
/// looking towards the goal, owning a rocket launcher with [`START_ROCKETS`] rockets when
/// `rocket_launcher`.
fn match_settings(from: &Point, to: &Point, seed: u64, rocket_launcher: bool) -> MatchSettings {
    let mut rules = Rules::default();
    rules.modes.time_limit_ms = 0;
    rules.modes.frag_limit = 0;
    if rocket_launcher {
        let launcher = rules.weapons.get_mut(Weapon::RocketLauncher);
        launcher.start_owned = true;
        launcher.start_ammo = START_ROCKETS;
    }
    let towards = to.standing - from.standing;
    let yaw = towards.y.atan2(towards.x).to_degrees();
    MatchSettings {
        rules,
        seed,
        fixed_starts: vec![FixedStart {
            player: 0,
            origin: from.standing.to_array(),
            yaw,
        }],
        ..MatchSettings::default()
    }
}

/// Watches the player frame by frame: arrival, death, and where it was each second.
struct Watch {
    /// The goal's standing point.
    goal: Vec3,
    /// Seconds from entering to arriving.
    arrived: Option<f32>,
    /// Whether it died.
    died: bool,
    /// When it entered (match seconds).
    entered: Option<f32>,
    /// Its origin at the end of each frame (last [`STUCK_WINDOW`] seconds), with the time.
    trail: std::collections::VecDeque<(f32, Vec3)>,
    /// The last area it was found in.
    area: Option<aas_geom::world::AreaId>,
}

impl Watch {
    fn new(goal: Vec3) -> Self {
        Self {
            goal,
            arrived: None,
            died: false,
            entered: None,
            trail: std::collections::VecDeque::new(),
            area: None,
        }
    }

    /// Notes the frame; `true` ends the case (arrived or died).
    fn after_frame(&mut self, world: &World<'_>) -> bool {
        let Some(player) = world.players().first() else {
            return true;
        };
        #[expect(clippy::cast_precision_loss, reason = "match times of minutes")]
        let now = world.time_ms() as f32 / 1000.0;
        if !player.alive {
            self.died = player.entered;
            return self.died;
        }
        let entered = *self.entered.get_or_insert(now);
        let origin = player.body.origin;
        if let Some(area) = world.level().aas.point_area(origin) {
            self.area = Some(area);
        }
        self.trail.push_back((now, origin));
        while self
            .trail
            .front()
            .is_some_and(|&(time, _)| now - time > STUCK_WINDOW)
        {
            self.trail.pop_front();
        }
        let offset = origin - self.goal;
        if offset.truncate().length() < ARRIVE_RADIUS && offset.z.abs() < ARRIVE_HEIGHT {
            self.arrived = Some(now - entered);
            return true;
        }
        false
    }

    /// Why the case failed.
    fn failure(&self, traveller: &Traveller<'_>) -> Failure {
        let position = self.trail.back().map_or(self.goal, |&(_, origin)| origin);
        let travel = || match traveller.navigator().current_travel() {
            Some((kind, _)) => kind.name(),
            None if self.area == Some(traveller.goal().area) => "goal_area",
            None => "none",
        };
        let moved = match (self.trail.front(), self.trail.back()) {
            (Some(&(_, first)), Some(&(_, last))) => self
                .trail
                .iter()
                .map(|&(_, origin)| origin.distance(first))
                .fold(0.0_f32, f32::max)
                .max(last.distance(first)),
            _ => 0.0,
        };
        let cause = if self.died {
            "died".to_owned()
        } else if traveller.record().no_route_now {
            "no_route".to_owned()
        } else if moved < STUCK_DISTANCE {
            format!("stuck:{}", travel())
        } else {
            format!("timeout:{}", travel())
        };
        Failure {
            cause,
            position,
            area: self.area,
            activity: traveller.navigator().activity(),
        }
    }
}

/// The travel types a case's traveller carried out (`used`: begun and ended, into the
/// target area or not) and missed, per [`TravelType::ALL`] position.
#[must_use]
pub fn travel_counts(record: &TravelRecord) -> Vec<(TravelType, u32, u32)> {
    TravelType::ALL
        .iter()
        .map(|&kind| {
            let done = record.stats.travel_done[kind.position()];
            let missed = record.stats.travel_missed[kind.position()];
            (kind, done + missed, missed)
        })
        .collect()
}
