//! [`Roamer`]: the scripted player, its construction and its frame (see the [module
//! docs](super) for the behaviour).

use aas_geom::physics::{Mover, MoverMotion, Physics, PhysicsSettings};
use aas_geom::world::{AasWorld, AreaId, TRAVEL_TYPE_COUNT, TravelFlags, TravelType};
use aas_route::cluster::ClusterSettings;
use aas_route::{ClusterInfo, Clustering, Membership, Router, RouterSettings, RouterStats};
use bot_interface::{
    BotInput, BotView, Buttons, MatchInfo, Player, Route, SeenPlayer, SelfView, Senses,
    view_angles_towards,
};
use glam::Vec3;
use std::cell::RefCell;
use std::rc::Rc;

use super::fight;
use super::locate::{crouch_only, flat, in_trigger, standable, standing_spot};
use super::navigate::{Nav, Spot};
use super::plan::Plan;
use super::rng::{coin, mix_seeds};
use super::steer::Steer;
use super::stuck::{Remedy, SIDESTEP_TIME, WANDER_TIME, Watch};
use crate::rules::GameRng;

/// Moving farther than this (units) in one frame is a teleport or a respawn.
const TELEPORT_DISTANCE: f32 = 160.0;
/// How far ahead (seconds at the current velocity) the edge check looks.
const EDGE_LOOKAHEAD: f32 = 0.15;
/// The wished speed near an edge (units/s): slow enough to turn within a few units.
const EDGE_SPEED: f32 = 100.0;
/// The frame length assumed before [`Player::begin`] tells it (seconds).
const DEFAULT_FRAME_TIME: f32 = 0.05;

/// Counters of what a [`Roamer`] did, for tests and reports. Travel-type arrays are indexed
/// by [`TravelType::position`](aas_geom::world::TravelType::position).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RoamerStats {
    /// Goals chosen.
    pub goals_picked: u32,
    /// Goals reached (the item spot touched).
    pub goals_reached: u32,
    /// Goals given up: unreachable from where the roamer stood, no progress for too long, or
    /// stuck.
    pub goals_given_up: u32,
    /// Route queries asked of the router.
    pub route_queries: u32,
    /// Jumps aside when stuck.
    pub sidesteps: u32,
    /// New routes avoiding the next area, when stuck or when a reachability failed.
    pub reroutes: u32,
    /// Random wanders when stuck in one place for long.
    pub wanders: u32,
    /// Reachabilities carried out into their target area, per travel type.
    pub travel_done: [u32; TRAVEL_TYPE_COUNT],
    /// Reachabilities that ended elsewhere or were given up, per travel type.
    pub travel_missed: [u32; TRAVEL_TYPE_COUNT],
}

/// A short movement that overrides the route (a sidestep or a wander).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Maneuver {
    /// Direction to run in.
    pub(super) direction: Vec3,
    /// When it ends (match seconds).
    pub(super) until: f32,
    /// Jump at its start.
    pub(super) jump: bool,
    /// Roaming about for want of a goal (ends as soon as there is one).
    pub(super) aimless: bool,
}

/// What the roamer remembers of the previous frame.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub(super) struct Memory {
    /// Its origin (`None` after a death).
    pub(super) origin: Option<Vec3>,
    /// Its velocity.
    pub(super) velocity: Vec3,
    /// Its water level.
    pub(super) water_level: u8,
    /// Whether it held jump.
    pub(super) jump_held: bool,
    /// The last area it stood on ground in.
    pub(super) ground_area: Option<AreaId>,
    /// The direction it last wanted to move in.
    pub(super) direction: Vec3,
}

/// A scripted player that roams between the map's items along `aas-route` routes, carrying
/// out each reachability with the movement its travel type needs, and fires at the
/// opponents it sees (see the [module docs](super)).
///
/// Deterministic: its choices depend only on its seeds and the views it is given.
#[derive(Debug)]
pub struct Roamer<'w> {
    pub(super) name: String,
    pub(super) world: &'w AasWorld,
    /// The physics settings (for air control) and the movers it knows of.
    pub(super) physics: Physics<'w>,
    /// `None` only when no clustering of the world could be built (never for a valid one).
    /// Possibly shared with other roamers ([`with_router`](Self::with_router)).
    pub(super) router: Option<SharedRouter<'w>>,
    /// The movers it knows of (bobbing platforms are timed by them).
    pub(super) movers: Vec<Mover>,
    /// The travel types and contents its routes may use.
    pub(super) flags: TravelFlags,
    seed: u64,
    pub(super) rng: GameRng,
    pub(super) frame_time: f32,
    /// The match's item spots that a player can stand at.
    pub(super) spots: Vec<Spot>,
    pub(super) nav: Nav,
    /// The planned route ([`Player::route`]): started with each goal and each step off the
    /// plan, walked only when asked.
    pub(super) plan: Option<Plan>,
    pub(super) memory: Memory,
    watch: Watch,
    maneuver: Option<Maneuver>,
    pub(super) stats: RoamerStats,
}

impl<'w> Roamer<'w> {
    /// A roamer named `name` on `world`, with its own randomness seeded by `seed` (mixed with
    /// the match's seed in [`Player::begin`]).
    ///
    /// It routes with the world's stored clustering when that fits the world, else with one
    /// computed for it ([`Clustering::compute`]), else with every area in one cluster. Routes
    /// use [`TravelFlags::DEFAULT`] without bobbing platforms: no weapon jumps, no grappling
    /// hook, no slime or lava; [`with_movers`](Self::with_movers) adds bobbing platforms.
    ///
    /// # Complexity
    /// `O(A + R)` for the world's areas and reachabilities (the router's layout), plus a
    /// clustering computation when the world stores none.
    #[must_use]
    pub fn new(name: impl Into<String>, world: &'w AasWorld, seed: u64) -> Self {
        Self::with_router(name, world, seed, shared_router(world))
    }

    /// [`new`](Self::new) with `router`, built by [`shared_router`] for the same `world`,
    /// which other roamers of the match may share: each route cache is then built once for
    /// all of them. Routes, and so the roamer's play, are the same as with a router of its
    /// own.
    ///
    /// # Complexity
    /// `O(1)` besides the name.
    #[must_use]
    pub fn with_router(
        name: impl Into<String>,
        world: &'w AasWorld,
        seed: u64,
        router: Option<SharedRouter<'w>>,
    ) -> Self {
        Self {
            name: name.into(),
            world,
            physics: Physics::new(world, PhysicsSettings::default()),
            router,
            movers: Vec::new(),
            flags: TravelFlags::DEFAULT.difference(TravelFlags::FUNCBOB),
            seed,
            rng: GameRng::new(seed),
            frame_time: DEFAULT_FRAME_TIME,
            spots: Vec::new(),
            nav: Nav::default(),
            plan: None,
            memory: Memory::default(),
            watch: Watch::new(Vec3::ZERO, 0.0),
            maneuver: None,
            stats: RoamerStats::default(),
        }
    }

    /// The same roamer knowing the map's movers (as
    /// [`MapEntities::movers`](aas_geom::MapEntities::movers) lists them): what a player sees
    /// of them. Bobbing platforms move with the match time, so it times boarding them and
    /// routes over them; of plats it uses nothing (their state is not visible in a
    /// [`BotView`]: it waits on them).
    #[must_use]
    pub fn with_movers(mut self, movers: &[Mover]) -> Self {
        self.movers = movers.to_vec();
        let bobbing = movers
            .iter()
            .any(|mover| matches!(mover.motion, MoverMotion::Sine { .. }));
        self.flags.set(TravelFlags::FUNCBOB, bobbing);
        self
    }

    /// The same roamer assuming the world's physics runs with `settings` (gravity, speeds,
    /// frame time), for air control and walks off ledges; the default is
    /// [`PhysicsSettings::default`].
    #[must_use]
    pub fn with_settings(mut self, settings: PhysicsSettings) -> Self {
        self.physics = Physics::new(self.world, settings);
        self
    }

    /// What it did so far.
    #[must_use]
    pub fn stats(&self) -> &RoamerStats {
        &self.stats
    }

    /// The point it is heading for (the standing spot of its goal item), if any.
    #[must_use]
    pub fn goal(&self) -> Option<Vec3> {
        self.nav.goal.map(|goal| goal.point)
    }

    /// What it is doing, in a line, for logs and debugging: the goal (spot, area, point) and
    /// the reachability being carried out (travel type, id, areas, phase), or the maneuver.
    #[must_use]
    pub fn activity(&self) -> String {
        let goal = self.nav.goal.map_or_else(
            || "no goal".to_owned(),
            |goal| {
                format!(
                    "goal {:?} area {} at {:.0} {:.0} {:.0}",
                    goal.spot, goal.area.0, goal.point.x, goal.point.y, goal.point.z
                )
            },
        );
        let step = self.nav.step.as_ref().map_or_else(
            || "no step".to_owned(),
            |step| {
                format!(
                    "{} #{} {}->{} {:?}",
                    step.kind.name(),
                    step.id.0,
                    step.source.0,
                    step.target.0,
                    step.phase
                )
            },
        );
        let maneuver = self
            .maneuver
            .map_or(String::new(), |m| format!(" maneuver until {:.2}", m.until));
        format!("{goal}; {step}{maneuver}")
    }

    /// Its router's work counters (`None` when it has no router).
    #[must_use]
    pub fn router_stats(&self) -> Option<RouterStats> {
        self.router.as_ref().map(|router| router.borrow().stats())
    }

    /// The travel flags its routes use.
    #[must_use]
    pub fn travel_flags(&self) -> TravelFlags {
        self.flags
    }

    /// The input of a dead player: press respawn (every other frame, so that a game that
    /// wants a fresh press gets one) once allowed.
    fn dead(&mut self, view: &BotView) -> BotInput {
        self.nav = Nav {
            last_reached: self.nav.last_reached,
            ..Nav::default()
        };
        self.maneuver = None;
        self.memory = Memory::default();
        let press = view.me.can_respawn && view.frame.is_multiple_of(2);
        BotInput {
            view_angles: view.me.view_angles,
            buttons: if press {
                Buttons::RESPAWN
            } else {
                Buttons::empty()
            },
            ..BotInput::default()
        }
    }

    /// Notices teleports and respawns (a jump in position) and jump-pad launches (a kick
    /// upwards that was not its own jump).
    fn observe(&mut self, me: &SelfView, area: Option<AreaId>, time: f32) {
        let Some(previous) = self.memory.origin else {
            // The first frame alive.
            self.watch = Watch::new(me.origin, time);
            return;
        };
        if me.origin.distance(previous) > TELEPORT_DISTANCE {
            self.teleported();
            self.nav.queried_area = None;
            self.watch = Watch::new(me.origin, time);
            self.maneuver = None;
            return;
        }
        let kick = me.velocity.z - self.memory.velocity.z;
        let launched = kick > super::navigate::LAUNCH_KICK
            && !me.on_ground
            && me.water_level == 0
            && self.memory.water_level == 0
            && !self.memory.jump_held;
        if launched {
            self.adopt_launch(me.origin, area, time);
        }
    }

    /// Moved far in one frame: a teleporter (counted as one carried out when the step was a
    /// teleport or led into a trigger) or a respawn.
    fn teleported(&mut self) {
        let world = self.world;
        let teleport = self.nav.step.take().is_some_and(|step| {
            step.kind == TravelType::Teleport
                || world
                    .reachabilities_of(step.target)
                    .iter()
                    .any(|reach| reach.kind() == Some(TravelType::Teleport))
        });
        if teleport {
            self.stats.travel_done[TravelType::Teleport.position()] += 1;
        }
    }

    /// Whether the roamer, on the ground in `area`, runs towards an edge: a point its
    /// velocity reaches within [`EDGE_LOOKAHEAD`] (halfway or at the end) lies in an area
    /// without ground (the air beyond a ledge) that is neither the area it is in nor the one
    /// its step leads to. Two point-to-area look-ups; the check (like botlib's gap check on walking) makes it slow
    /// down to turn on narrow walkways instead of running off them.
    fn edge_ahead(&self, me: &SelfView, area: Option<AreaId>) -> bool {
        let target = self.nav.step.as_ref().map(|step| step.target);
        [0.5, 1.0].into_iter().any(|part| {
            let ahead = me.origin + flat(me.velocity) * (EDGE_LOOKAHEAD * part);
            self.world.point_area(ahead).is_some_and(|there| {
                Some(there) != area && Some(there) != target && !standable(self.world, there)
            })
        })
    }

    /// Applies the stuck watch's remedy.
    fn remedy(&mut self, remedy: Remedy, area: Option<AreaId>, time: f32) {
        let forward = flat(self.memory.direction).normalize_or_zero();
        match remedy {
            Remedy::JumpAhead | Remedy::Sidestep => {
                self.stats.sidesteps += 1;
                let side = if coin(&mut self.rng) { 1.0 } else { -1.0 };
                let mut direction = if remedy == Remedy::JumpAhead {
                    forward
                } else {
                    Vec3::new(-forward.y, forward.x, 0.0) * side - forward
                };
                if direction == Vec3::ZERO {
                    direction = self.random_direction();
                }
                self.maneuver = Some(Maneuver {
                    direction: direction.normalize_or_zero(),
                    until: time + SIDESTEP_TIME,
                    jump: true,
                    aimless: false,
                });
            }
            Remedy::Reroute => self.reroute(area, time),
            Remedy::NewGoal => self.give_up_goal(area, time),
            Remedy::Wander => {
                self.stats.wanders += 1;
                self.give_up_goal(area, time);
                self.maneuver = Some(Maneuver {
                    direction: self.random_direction(),
                    until: time + WANDER_TIME,
                    jump: true,
                    aimless: false,
                });
            }
        }
    }

    /// A random horizontal unit direction.
    fn random_direction(&mut self) -> Vec3 {
        let angle = self.rng.random() * std::f32::consts::TAU;
        Vec3::new(angle.cos(), angle.sin(), 0.0)
    }

    /// The steering with the running maneuver, if any, in its place; in the air the
    /// steering's own air control goes on.
    fn maneuvered(&mut self, steer: Steer, time: f32, airborne: bool) -> Steer {
        let Some(maneuver) = self.maneuver.as_mut() else {
            return steer;
        };
        if time >= maneuver.until || maneuver.aimless && self.nav.goal.is_some() {
            self.maneuver = None;
            return steer;
        }
        if airborne {
            return steer;
        }
        let jump = maneuver.jump && !self.memory.jump_held;
        if jump {
            maneuver.jump = false;
        }
        Steer {
            jump,
            ..Steer::run(maneuver.direction)
        }
    }
}

impl Player for Roamer<'_> {
    fn name(&self) -> &str {
        &self.name
    }

    /// Seeds its randomness from its own seed and the match's, and finds where a player
    /// stands at each of the match's item spots (spots in solid, over a void, or inside a
    /// jump pad's or teleporter's trigger, where nobody stands, are left out).
    /// Roamers read only the players they see (to fight them and to give way): items come
    /// from the map's item spots of [`MatchInfo`], and they do not dodge projectiles.
    fn senses(&self) -> Senses {
        Senses::PLAYERS
    }

    fn begin(&mut self, info: &MatchInfo) {
        self.rng = GameRng::new(mix_seeds(self.seed, info.seed));
        if info.frame_ms > 0 {
            self.frame_time = info.frame_ms as f32 / 1000.0;
        }
        let world = self.world;
        self.spots = info
            .items
            .iter()
            .filter_map(|item| {
                let (point, area) = standing_spot(world, item.origin)?;
                if in_trigger(world, area) {
                    return None;
                }
                Some(Spot {
                    point,
                    area,
                    unreachable_until: f32::NEG_INFINITY,
                })
            })
            .collect();
        self.nav = Nav::default();
        self.plan = None;
        self.memory = Memory::default();
        self.maneuver = None;
    }

    fn think(&mut self, view: &BotView) -> BotInput {
        let me = &view.me;
        if !me.alive {
            return self.dead(view);
        }
        let time = view.time_ms as f32 / 1000.0;
        let area = self.world.point_area(me.origin);
        self.observe(me, area, time);
        let mut steer = self.navigate(me, area, time);
        if self.maneuver.is_none()
            && let Some(direction) = give_way(me, &view.players, steer.direction)
        {
            self.stats.sidesteps += 1;
            self.maneuver = Some(Maneuver {
                direction,
                until: time + GIVE_WAY_TIME,
                jump: false,
                aimless: false,
            });
        }
        if let Some(remedy) = self.watch.update(
            (me.origin, flat(me.velocity).length()),
            time,
            self.frame_time,
            steer.waiting,
        ) {
            self.remedy(remedy, area, time);
        }
        if self.nav.goal.is_none() && self.maneuver.is_none() {
            // Nowhere to go (a dead end, or no item reachable): roam about.
            self.maneuver = Some(Maneuver {
                direction: self.random_direction(),
                until: time + WANDER_TIME,
                jump: false,
                aimless: true,
            });
        }
        steer = self.maneuvered(steer, time, !me.on_ground && me.water_level < 2);
        if steer.careful && me.on_ground && self.edge_ahead(me, area) {
            steer.speed = steer.speed.min(EDGE_SPEED);
        }
        if me.water_level < 2 && area.is_some_and(|a| crouch_only(self.world, a)) {
            steer.crouch = true;
        }
        if steer.jump && self.memory.jump_held && me.water_level < 2 {
            // A new jump needs the button released first (swimming up may hold it).
            steer.jump = false;
        }

        let mut buttons = Buttons::empty();
        buttons.set(Buttons::JUMP, steer.jump);
        buttons.set(Buttons::CROUCH, steer.crouch);
        let engagement = fight::engage(view, &mut self.rng);
        let view_angles = match engagement {
            Some(fight) => {
                buttons.set(Buttons::ATTACK, fight.attack);
                fight.view_angles
            }
            None => look_along(me, steer.direction),
        };
        let weapon = engagement.map_or_else(|| fight::idle_weapon(me), |fight| fight.weapon);

        self.memory = Memory {
            origin: Some(me.origin),
            velocity: me.velocity,
            water_level: me.water_level,
            jump_held: steer.jump,
            ground_area: if me.on_ground {
                area.or(self.memory.ground_area)
            } else {
                self.memory.ground_area
            },
            direction: if steer.direction == Vec3::ZERO {
                self.memory.direction
            } else {
                steer.direction
            },
        };
        BotInput {
            move_direction: steer.direction,
            move_speed: steer.speed,
            view_angles,
            buttons,
            weapon,
            say: None,
            say_team: None,
        }
    }

    /// The route to its goal, from where it last planned: its position then, each
    /// reachability's start and end along its router's chain, and the goal's standing spot
    /// (see [`Route`]). `None` without a goal (dead, or roaming about for want of one).
    ///
    /// A new plan starts when it picks a goal or begins a reachability its plan does not
    /// take (a detour, a teleport or a jump pad elsewhere); reaching the next area along the
    /// plan keeps it. The chain is walked on the first ask of each plan (a route query per
    /// reachability, not counted in [`RoamerStats::route_queries`]); asking again returns
    /// it. Asking or not changes nothing in its play.
    fn route(&self) -> Option<&Route> {
        self.nav.goal?;
        let plan = self.plan.as_ref()?;
        Some(plan.route(self.world, self.router.as_ref(), self.flags))
    }
}

/// How close (units, horizontally) a player in the way must be for the roamer to give way.
const GIVE_WAY_DISTANCE: f32 = 56.0;
/// How long giving way lasts (seconds).
const GIVE_WAY_TIME: f32 = 0.4;

/// The direction to step in to let a player pass: when the roamer barely moves and a live
/// player stands close ahead along `direction`, to its own right and a little back. Two
/// roamers meeting head-on in a corridor both keep right, so they pass each other.
fn give_way(me: &SelfView, players: &[SeenPlayer], direction: Vec3) -> Option<Vec3> {
    let forward = flat(direction).normalize_or_zero();
    if forward == Vec3::ZERO || flat(me.velocity).length() > GIVE_WAY_SLOW {
        return None;
    }
    let blocked = players.iter().any(|player| {
        let offset = flat(player.origin - me.origin);
        player.alive
            && offset.length() < GIVE_WAY_DISTANCE
            && (player.origin.z - me.origin.z).abs() < 56.0
            && offset.normalize_or_zero().dot(forward) > 0.5
    });
    blocked.then(|| (Vec3::new(forward.y, -forward.x, 0.0) - forward * 0.3).normalize())
}

/// Below this horizontal speed (units/s) a roamer with a player ahead is blocked by it.
const GIVE_WAY_SLOW: f32 = 120.0;

/// The view angles looking along the movement `direction` (level unless swimming), or the
/// current ones when not moving.
fn look_along(me: &SelfView, direction: Vec3) -> Vec3 {
    let look = if me.water_level >= 2 {
        direction
    } else {
        flat(direction)
    };
    if look == Vec3::ZERO {
        me.view_angles
    } else {
        view_angles_towards(look)
    }
}

/// A router that several roamers of one match may share ([`Roamer::with_router`]): a route
/// does not depend on what the router's caches hold, so sharing changes no answer, only
/// how often the same caches are built (once per match instead of once per roamer).
pub type SharedRouter<'w> = Rc<RefCell<Router<'w, AasWorld>>>;

/// The router a [`Roamer`] builds for `world` ([`Roamer::new`] says how), to share between
/// the roamers of a match with [`Roamer::with_router`]; `None` when no clustering of the
/// world could be built (never for a valid world).
///
/// # Complexity
/// As [`Roamer::new`].
#[must_use]
pub fn shared_router(world: &AasWorld) -> Option<SharedRouter<'_>> {
    build_router(world).map(|router| Rc::new(RefCell::new(router)))
}

/// The router over `world`: with its stored clustering when that fits, else a computed one,
/// else (dense) one cluster of every area.
fn build_router(world: &AasWorld) -> Option<Router<'_, AasWorld>> {
    let stored = Clustering::from_world(world);
    if !stored.clusters.is_empty()
        && let Ok(router) = Router::new(world, stored, RouterSettings::default())
    {
        return Some(router);
    }
    let computed = Clustering::compute(world, &ClusterSettings::default());
    if let Ok(router) = Router::new(world, computed, RouterSettings::default()) {
        return Some(router);
    }
    let single = Clustering {
        membership: vec![Membership::Cluster(aas_route::ClusterId(0)); world.areas.len()],
        portals: Vec::new(),
        clusters: vec![ClusterInfo {
            areas: (0..world.areas.len()).map(AreaId::from_index).collect(),
            portals: Vec::new(),
        }],
    };
    let dense = RouterSettings {
        dense: true,
        ..RouterSettings::default()
    };
    Router::new(world, single, dense).ok()
}
