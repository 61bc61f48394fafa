//! [`Navigator`]: the movement AI's state, its construction and its frame (see the [module
//! docs](super) for the behaviour).

use aas_geom::physics::{Mover, MoverMotion, Physics, PhysicsSettings};
use aas_geom::world::{AasWorld, AreaId, PresenceType, TRAVEL_TYPE_COUNT, TravelFlags, TravelType};
use aas_route::RouterStats;
use bot_interface::{
    BotInput, BotView, Buttons, GameRng, Route, SeenPlayer, SelfView, Weapon, view_angles_towards,
};
use glam::Vec3;

use super::footing::{Footing, keep_footing, keeps_footing};
use super::locate::{crouch_only, flat, routing_area};
use super::navigate::Nav;
use super::open_floor::OpenPatch;
use super::opener::DoorOpener;
use super::plan::Plan;
use super::rocket_jump::{can_rocket_jump, own_kick};
use super::router::SharedRouter;
use super::shootable::{Shootable, door_weapon, shootable_in_the_way};
use super::steer::{Ctx, Steer, run_to};
use super::step::Phase;
use super::stuck::{Remedy, SIDESTEP_TIME, WANDER_TIME, Watch};

/// Moving farther than this (units) in one frame is a teleport or a respawn.
const TELEPORT_DISTANCE: f32 = 160.0;
/// The frame length assumed until [`Navigator::set_frame_time`] tells it (seconds).
const DEFAULT_FRAME_TIME: f32 = 0.05;
/// How much open water (units) a swimming player's attack move needs ahead of it.
const SWIM_CLEARANCE: f32 = 32.0;
/// How long (seconds) a wall may block every careful way on before the step is given up.
const BLOCKED_TIME: f32 = 0.5;
/// How close (units, horizontally) a player in the way must be to give way to it.
const GIVE_WAY_DISTANCE: f32 = 56.0;
/// How long giving way lasts (seconds).
const GIVE_WAY_TIME: f32 = 0.4;
/// Below this horizontal speed (units/s) a player ahead blocks the way.
const GIVE_WAY_SLOW: f32 = 120.0;
/// How long (seconds) the player of the two meeting head-on that yields stands aside after
/// its sidestep, so that the other passes.
const YIELD_TIME: f32 = 0.8;

/// Counters of what a [`Navigator`] did, for tests and reports. Travel-type arrays are
/// indexed by [`TravelType::position`](aas_geom::world::TravelType::position).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NavStats {
    /// Goals set ([`Navigator::set_goal`]).
    pub goals_picked: u32,
    /// Goals reached.
    pub goals_reached: u32,
    /// Goals given up: unreachable from where the player stood, no progress for too long,
    /// or stuck.
    pub goals_given_up: u32,
    /// Route queries asked of the router.
    pub route_queries: u32,
    /// Jumps aside when stuck, and steps aside to give way.
    pub sidesteps: u32,
    /// New routes avoiding the next area, when stuck or when a reachability failed.
    pub reroutes: u32,
    /// Random wanders when stuck in one place for long.
    pub wanders: u32,
    /// Loops broken: a reachability begun again and again, whose target the route then
    /// keeps out of for a while.
    pub loops_broken: u32,
    /// Detours to press a button that opens a door in the way.
    pub detours: u32,
    /// Reachabilities carried out into their target area, per travel type.
    pub travel_done: [u32; TRAVEL_TYPE_COUNT],
    /// Reachabilities that ended elsewhere or were given up, per travel type.
    pub travel_missed: [u32; TRAVEL_TYPE_COUNT],
}

/// Where a [`Navigator`] is asked to go.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NavGoal {
    /// The point to stand at (a standing origin: 24 units above the floor).
    pub point: Vec3,
    /// The area of that point.
    pub area: AreaId,
    /// The caller's name for the goal (an item spot's index, say), handed back when the goal
    /// is reached or given up.
    pub tag: Option<usize>,
}

/// What one frame of movement wants: the movement part of a
/// [`BotInput`](bot_interface::BotInput).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Movement {
    /// Direction to move in (zero: stand still); horizontal except when swimming.
    pub direction: Vec3,
    /// Wished speed, units per second.
    pub speed: f32,
    /// Hold jump (already released for a frame between jumps).
    pub jump: bool,
    /// Hold crouch.
    pub crouch: bool,
    /// Fire at this point: a door or button in the way that opens when shot
    /// ([`Navigator::with_shootables`]).
    pub shoot_at: Option<Vec3>,
    /// The weapon wanted in hand: the rocket launcher while carrying out a rocket jump; a
    /// hitscan weapon without splash, when the player has one, while shooting a door open;
    /// else `None` (the caller's choice).
    pub weapon: Option<Weapon>,
    /// View angles (pitch, yaw, roll in degrees) to hold instead of looking along the
    /// movement: straight down, along the way to the end, at a rocket jump's start.
    pub look: Option<Vec3>,
    /// Fire the weapon in hand where [`look`](Self::look) points: a rocket jump's rocket.
    pub attack: bool,
    /// Waiting on purpose (for a platform, a door to open, a plat to go down): the movement,
    /// if any, only keeps the player in place.
    pub waiting: bool,
}

impl Movement {
    /// The input that carries this movement out, looking at the point to shoot at (firing
    /// once the weapon wanted for it is in hand), else along [`look`](Self::look), else where
    /// it goes ([`look_along`]); switching to [`weapon`](Self::weapon) when wished; no chat.
    #[must_use]
    pub fn input(&self, me: &SelfView) -> BotInput {
        let mut buttons = Buttons::empty();
        buttons.set(Buttons::JUMP, self.jump);
        buttons.set(Buttons::CROUCH, self.crouch);
        // A door is shot once the weapon wanted for it is in hand (not the rocket launcher
        // still held while switching).
        let door_ready =
            self.shoot_at.is_some() && (self.weapon.is_none() || me.weapon == self.weapon);
        buttons.set(Buttons::ATTACK, door_ready || self.attack);
        let view_angles = match (self.shoot_at, self.look) {
            (Some(point), _) => view_angles_towards(point - me.eye()),
            (None, Some(angles)) => angles,
            (None, None) => look_along(me, self.direction),
        };
        BotInput {
            move_direction: self.direction,
            move_speed: self.speed,
            view_angles,
            buttons,
            weapon: self.weapon,
            ..BotInput::default()
        }
    }

    /// Whether the movement needs the weapon and the view for itself this frame (a rocket
    /// jump, or a door shot open with a weapon it picked): a caller that aims and picks
    /// weapons (a fight) should leave them alone.
    #[must_use]
    pub fn uses_weapon(&self) -> bool {
        self.weapon.is_some() || self.look.is_some() || self.attack
    }
}

/// The input of a dead player: press respawn once allowed, on every other frame (so that a
/// game wanting a fresh press gets one), keeping the view.
#[must_use]
pub fn respawn_input(view: &BotView) -> BotInput {
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
    /// After the run, stand still (waiting, not stuck) until this time: a player that
    /// yields the way stands aside.
    pub(super) stand_until: Option<f32>,
}

impl Maneuver {
    /// Whether it stands aside at `time` (its run over, its stand not).
    fn standing(&self, time: f32) -> bool {
        time >= self.until && self.stand_until.is_some_and(|end| time < end)
    }
}

/// What the navigator remembers of the previous frame.
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
    /// Since when a wall has blocked every careful way on (see `keep_footing`).
    pub(super) blocked_since: Option<f32>,
}

/// The movement AI of one player: goes to the [`NavGoal`] it is given along `aas-route`
/// routes, carrying out each reachability with the movement its travel type needs, and
/// notices and gets out of being stuck (see the [module docs](super)).
///
/// Each frame, call [`update`](Self::update) (it notes teleports and launches and whether
/// the goal was reached or given up), set a new goal if wanted, then call
/// [`steer`](Self::steer) for the movement. Deterministic: its choices depend only on the
/// views it is given and the random numbers passed to [`steer`](Self::steer).
#[derive(Debug)]
pub struct Navigator<'w> {
    pub(super) world: &'w AasWorld,
    /// The physics settings (for air control) and the movers it knows of.
    pub(super) physics: Physics<'w>,
    /// `None` only when no clustering of the world could be built (never for a valid one).
    pub(super) router: Option<SharedRouter<'w>>,
    /// The movers it knows of (bobbing platforms are timed by them).
    pub(super) movers: Vec<Mover>,
    /// The doors and buttons it opens by shooting them.
    shootables: Vec<Shootable>,
    /// The doors that buttons elsewhere open, with the spot to press each button from
    /// (`None`: out of reach).
    pub(super) openers: Vec<(DoorOpener, Option<NavGoal>)>,
    /// Openers not to go back to until a time (just pressed, or out of reach).
    pub(super) opener_pauses: Vec<(usize, f32)>,
    /// The opener whose door holds the player up, and since when.
    pub(super) opener_held: Option<(usize, f32)>,
    /// Match time of the last [`update`](Self::update), seconds.
    pub(super) now: f32,
    /// The travel types and contents its routes may use: the base ones, plus
    /// [`TravelFlags::ROCKETJUMP`] while the player can rocket jump (refreshed by
    /// [`update`](Self::update)).
    pub(super) flags: TravelFlags,
    pub(super) frame_time: f32,
    pub(super) nav: Nav,
    /// The planned route ([`route`](Self::route)): started with each goal and each step
    /// off the plan, walked only when asked.
    pub(super) plan: Option<Plan>,
    pub(super) memory: Memory,
    watch: Watch,
    maneuver: Option<Maneuver>,
    pub(super) stats: NavStats,
    /// Goals given up since [`take_given_up`](Self::take_given_up) was last called.
    pub(super) given_up: Vec<NavGoal>,
    /// The stretch of flat open floor the footing check last found (the world does not
    /// change: it stays true), so that frames within it need no look at the tree.
    pub(super) open_patch: Option<OpenPatch>,
}

/// What [`Navigator::update`] found at the start of a frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FrameStart {
    /// The area the player's origin is in (`None` in solid or outside the map).
    pub area: Option<AreaId>,
    /// The goal, if it was reached this frame (it is then cleared).
    pub arrived: Option<NavGoal>,
}

impl<'w> Navigator<'w> {
    /// A navigator on `world` routing with `router` (built by
    /// [`shared_router`](super::shared_router) for the same world, possibly shared with
    /// other players: routes do not depend on what the caches hold). Routes use
    /// [`TravelFlags::DEFAULT`] without bobbing platforms: no weapon jumps, no grappling
    /// hook, no slime or lava; [`with_movers`](Self::with_movers) adds bobbing platforms, and
    /// [`update`](Self::update) adds rocket jumps while the player can make them
    /// ([`can_rocket_jump`](super::can_rocket_jump)).
    ///
    /// # Complexity
    /// `O(1)`.
    #[must_use]
    pub fn new(world: &'w AasWorld, router: Option<SharedRouter<'w>>) -> Self {
        Self {
            world,
            physics: Physics::new(world, PhysicsSettings::default()),
            router,
            movers: Vec::new(),
            shootables: Vec::new(),
            openers: Vec::new(),
            opener_pauses: Vec::new(),
            opener_held: None,
            now: 0.0,
            flags: TravelFlags::DEFAULT.difference(TravelFlags::FUNCBOB),
            frame_time: DEFAULT_FRAME_TIME,
            nav: Nav::default(),
            plan: None,
            memory: Memory::default(),
            watch: Watch::new(Vec3::ZERO, 0.0),
            maneuver: None,
            stats: NavStats::default(),
            given_up: Vec::new(),
            open_patch: None,
        }
    }

    /// The same navigator knowing the map's movers (as
    /// [`MapEntities::movers`](aas_geom::MapEntities::movers) lists them): what a player sees
    /// of them. Bobbing platforms move with the match time, so it times boarding them and
    /// routes over them; of plats it uses nothing (their state is not visible in a
    /// [`BotView`](bot_interface::BotView): it waits on them).
    #[must_use]
    pub fn with_movers(mut self, movers: &[Mover]) -> Self {
        self.movers = movers.to_vec();
        let bobbing = movers
            .iter()
            .any(|mover| matches!(mover.motion, MoverMotion::Sine { .. }));
        self.flags.set(TravelFlags::FUNCBOB, bobbing);
        self
    }

    /// The same navigator knowing the map's doors and buttons that open when shot: held up
    /// by one (moving slower than a quarter of its wished speed with the door's closed box
    /// just ahead), it fires at it ([`Movement::shoot_at`]) and waits for it to open.
    #[must_use]
    pub fn with_shootables(mut self, shootables: &[Shootable]) -> Self {
        self.shootables = shootables.to_vec();
        self
    }

    /// The same navigator knowing the map's doors that a button elsewhere opens: held up by
    /// one for 0.3 s (as by a door that opens when shot), it leaves its goal waiting, walks to the spot
    /// in front of the button ([`DoorOpener::press_spot`], found here), presses it (walks into
    /// it for 0.75 s, or fires at it when it opens when shot), and takes the goal up again.
    /// [`goal`](Self::goal) stays the caller's goal all along; a button out of reach is left
    /// alone for 30 s, one just pressed for 3 s. Detours stack: a button behind another
    /// button's door is reached by pressing that one first.
    #[must_use]
    pub fn with_door_openers(mut self, openers: &[DoorOpener]) -> Self {
        self.openers = openers
            .iter()
            .map(|opener| (*opener, opener.press_spot(self.world)))
            .collect();
        self
    }

    /// The same navigator assuming the world's physics runs with `settings` (gravity,
    /// speeds), for air control and walks off ledges; the default is
    /// [`PhysicsSettings::default`].
    #[must_use]
    pub fn with_settings(mut self, settings: PhysicsSettings) -> Self {
        self.physics = Physics::new(self.world, settings);
        self
    }

    /// Sets the server frame length (seconds; 0.05 until set).
    pub fn set_frame_time(&mut self, seconds: f32) {
        self.frame_time = seconds;
    }

    /// Forgets the goal, the route and the previous frame: after a death, or before a match.
    pub fn reset(&mut self) {
        self.nav = Nav::default();
        self.plan = None;
        self.memory = Memory::default();
        self.maneuver = None;
        self.opener_pauses.clear();
        self.opener_held = None;
    }

    /// The world it navigates.
    #[must_use]
    pub fn world(&self) -> &'w AasWorld {
        self.world
    }

    /// What it did so far.
    #[must_use]
    pub fn stats(&self) -> &NavStats {
        &self.stats
    }

    /// The goal, if any.
    #[must_use]
    pub fn goal(&self) -> Option<NavGoal> {
        self.suspended_goal()
            .or(self.nav.goal)
            .map(super::navigate::Goal::nav_goal)
    }

    /// The goals given up since the last call (oldest first).
    pub fn take_given_up(&mut self) -> Vec<NavGoal> {
        std::mem::take(&mut self.given_up)
    }

    /// Its router's work counters (`None` when it has no router).
    #[must_use]
    pub fn router_stats(&self) -> Option<RouterStats> {
        self.router.as_ref().map(|router| router.borrow().stats())
    }

    /// The travel flags its routes use now: with [`TravelFlags::ROCKETJUMP`] only while the
    /// last [`update`](Self::update) found that the player can rocket jump.
    #[must_use]
    pub fn travel_flags(&self) -> TravelFlags {
        self.flags
    }

    /// The reachability being carried out (its travel type and target area), if any.
    #[must_use]
    pub fn current_travel(&self) -> Option<(TravelType, AreaId)> {
        self.nav.step.as_ref().map(|step| (step.kind, step.target))
    }

    /// What it is doing, in a line, for logs and debugging: the goal (tag, area, point) and
    /// the reachability being carried out (travel type, id, areas, phase), or the maneuver.
    #[must_use]
    pub fn activity(&self) -> String {
        let goal = self.nav.goal.map_or_else(
            || "no goal".to_owned(),
            |goal| {
                format!(
                    "goal {:?} area {} at {:.0} {:.0} {:.0}",
                    goal.tag, goal.area.0, goal.point.x, goal.point.y, goal.point.z
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

    /// The route to its goal, from where it last planned: its position then, each
    /// reachability's start and end along its router's chain, and the goal's point (see
    /// [`Route`]). `None` without a goal.
    ///
    /// A new plan starts with each goal and each reachability begun that the plan does not
    /// take (a detour, a teleport or a jump pad elsewhere); reaching the next area along the
    /// plan keeps it. The chain is walked on the first ask of each plan (a route query per
    /// reachability, not counted in [`NavStats::route_queries`]); asking again returns it.
    /// Asking or not changes nothing in its play.
    #[must_use]
    pub fn route(&self) -> Option<&Route> {
        self.nav.goal?;
        let plan = self.plan.as_ref()?;
        Some(plan.route(self.world, self.router.as_ref(), self.flags))
    }

    /// The start of a frame: finds the area the player routes from ([`routing_area`]), sets the travel flags from what the
    /// player holds (rocket jumps while it can make them), notices teleports and respawns (a
    /// jump in position) and jump-pad launches (a kick upwards that was not its own jump or
    /// rocket), and checks the goal: reached (returned and cleared), or given up when its
    /// route time has not improved for a while (see [`take_given_up`](Self::take_given_up)).
    pub fn update(&mut self, me: &SelfView, time: f32) -> FrameStart {
        self.now = time;
        let area = routing_area(self.world, me.origin, self.nav.goal.map(|g| g.area));
        self.refresh_flags(me, area);
        self.observe(me, area, time);
        let arrived = self.check_goal(me, area, time);
        FrameStart { area, arrived }
    }

    /// The physics it plays movement with (the map's triggers and movers, the settings):
    /// for predictions of other players' paths (a fight's leading).
    #[must_use]
    pub fn physics(&self) -> &Physics<'w> {
        &self.physics
    }

    /// Whether running along `direction` (horizontal; at full speed, or crouched) from where
    /// `me` stands keeps its footing: it could stop on the floor afterwards without falling
    /// more than a step, and no wall stops it at once. For callers that move the player
    /// themselves (a fight's attack moves). Swimming there is no footing to keep: only a
    /// wall within 32 units ahead says no; in the air, always true.
    pub fn keeps_footing_towards(
        &mut self,
        me: &SelfView,
        area: Option<AreaId>,
        direction: Vec3,
        crouch: bool,
        time: f32,
    ) -> bool {
        if me.water_level >= 2 {
            let ahead = me.origin + flat(direction).normalize_or_zero() * SWIM_CLEARANCE;
            return self
                .world
                .trace(me.origin, ahead, PresenceType::NORMAL)
                .fraction
                >= 1.0;
        }
        if !me.on_ground {
            return true;
        }
        let mut steer = Steer::run(flat(direction));
        steer.crouch = crouch;
        let mut patch = self.open_patch.take();
        let footing = keeps_footing(
            &self.ctx(me, area, time),
            (&steer, me.origin.z),
            &mut patch,
            &mut |_| false,
        );
        self.open_patch = patch;
        footing == Footing::Kept
    }

    /// The movement for this frame, the player being in `area` (as
    /// [`update`](Self::update) found it) and seeing `players`: carry on along the route to
    /// the goal, give way to a player standing in the way, escalate remedies when stuck,
    /// roam about without a goal. `rng` decides sidesteps and wanders.
    pub fn steer(
        &mut self,
        me: &SelfView,
        players: &[SeenPlayer],
        area: Option<AreaId>,
        time: f32,
        rng: &mut GameRng,
    ) -> Movement {
        let mut steer = self.navigate(me, area, time);
        let mut held_up_by = shootable_in_the_way(
            &self.shootables,
            me,
            steer.direction,
            steer.speed.min(self.physics.settings().max_walk_velocity),
        )
        .map(Shootable::aim_point);
        if let Some(press) = self.press(me, time) {
            steer = press.steer;
            held_up_by = press.shoot_at;
        } else if held_up_by.is_none() && self.detour_if_held_up(me, &steer, time) {
            // Off to the button; this frame stands.
            steer = Steer::wait();
        }
        // Waiting for a door to open is not being stuck.
        steer.waiting |= held_up_by.is_some();
        if self.maneuver.is_none()
            && let Some((direction, blocker)) = give_way(me, players, steer.direction)
        {
            self.stats.sidesteps += 1;
            // Of two players meeting head-on, the one with the higher id stands aside after
            // its sidestep: both keeping right passes in a wide corridor, not in a doorway
            // where each would walk back into the other's way.
            let yields = me.id > blocker;
            self.maneuver = Some(Maneuver {
                direction,
                until: time + GIVE_WAY_TIME,
                jump: false,
                aimless: false,
                stand_until: yields.then_some(time + GIVE_WAY_TIME + YIELD_TIME),
            });
        }
        let standing_aside = self.maneuver.is_some_and(|m| m.standing(time));
        if let Some(remedy) = self.watch.update(
            (me.origin, flat(me.velocity).length()),
            time,
            self.frame_time,
            steer.waiting || standing_aside,
        ) {
            self.remedy(remedy, area, time, rng);
        }
        if self.nav.goal.is_none() && self.maneuver.is_none() {
            // Nowhere to go (a dead end, or no goal reachable): roam about.
            self.maneuver = Some(Maneuver {
                direction: random_direction(rng),
                until: time + WANDER_TIME,
                jump: false,
                aimless: true,
                stand_until: None,
            });
        }
        steer = self.maneuvered(steer, time, !me.on_ground && me.water_level < 2);
        let mut blocked_since = None;
        if steer.careful && me.on_ground {
            let floor = self.walking_to().map_or(me.origin.z, |point| point.z);
            let beyond = self.walk_beyond(me, area, time);
            let mut here_time = None;
            let mut patch = self.open_patch.take();
            let mut no_worse =
                |landing: Vec3| self.lands_no_farther((me, area), landing, &mut here_time);
            let (kept, walled) = keep_footing(
                &self.ctx(me, area, time),
                (steer, beyond, floor),
                &mut patch,
                &mut no_worse,
            );
            self.open_patch = patch;
            steer = kept;
            blocked_since = walled.then(|| self.memory.blocked_since.unwrap_or(time));
            if blocked_since.is_some_and(|since| time - since >= BLOCKED_TIME) {
                // A wall the area graph does not know of stands between the player and the
                // step's end (a corner of two areas that touch only where no player fits):
                // take another way.
                blocked_since = None;
                self.reroute(area, time);
            }
        }
        if me.water_level < 2 && area.is_some_and(|a| crouch_only(self.world, a)) {
            steer.crouch = true;
        }
        if steer.jump && self.memory.jump_held && me.water_level < 2 {
            // A new jump needs the button released first (swimming up may hold it).
            steer.jump = false;
        }
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
            blocked_since,
        };
        Movement {
            direction: steer.direction,
            speed: steer.speed,
            jump: steer.jump,
            crouch: steer.crouch,
            shoot_at: held_up_by,
            weapon: if held_up_by.is_some() {
                door_weapon(me)
            } else {
                steer.weapon
            },
            look: steer.look,
            attack: steer.attack,
            waiting: steer.waiting,
        }
    }

    /// Sets the travel flags for a player like `me` (rocket jumps while it can make them), as
    /// [`update`](Self::update) does each frame: before the first frame, so that a route
    /// asked ([`route_to`](Self::route_to)) is the one the player will take.
    pub fn anticipate(&mut self, me: &SelfView) {
        let area = routing_area(self.world, me.origin, self.nav.goal.map(|g| g.area));
        self.refresh_flags(me, area);
    }

    /// Adds [`TravelFlags::ROCKETJUMP`] while the player can rocket jump
    /// ([`can_rocket_jump`]), removes it otherwise. A change asks the route again on the next
    /// frame the player stands (a committed step, such as a flight, finishes first); losing
    /// the ability drops a rocket jump not yet fired.
    fn refresh_flags(&mut self, me: &SelfView, area: Option<AreaId>) {
        let rocket = can_rocket_jump(me);
        if rocket == self.flags.contains(TravelFlags::ROCKETJUMP) {
            return;
        }
        self.flags.set(TravelFlags::ROCKETJUMP, rocket);
        self.nav.queried_area = None;
        let unfired = self.nav.step.as_ref().is_some_and(|step| {
            step.kind == TravelType::RocketJump && step.phase != Phase::Airborne
        });
        if !rocket && unfired {
            self.close_step(area, false);
        }
    }

    /// Notices teleports and respawns (a jump in position) and jump-pad launches (a kick
    /// upwards that was not its own jump, nor its own rocket just after a rocket jump's
    /// take-off).
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
            && !self.memory.jump_held
            && !own_kick(self.nav.step.as_ref(), time);
        if launched {
            self.adopt_launch((me.origin, me.velocity), area, time);
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

    /// The point the player walks to: the end of the reachability being carried out, else
    /// the goal's point.
    fn walking_to(&self) -> Option<Vec3> {
        match &self.nav.step {
            Some(step) => Some(step.end),
            None => self.nav.goal.map(|goal| goal.point),
        }
    }

    /// For a walk, the steering straight on to where the route goes after it (the next
    /// reachability's start, beyond the step's target area): the way around an end that lies
    /// where the player cannot stand (a sliver area on the edge of a ramp).
    fn walk_beyond(&self, me: &SelfView, area: Option<AreaId>, time: f32) -> Option<Steer> {
        let step = self.nav.step.as_ref()?;
        if !matches!(step.kind, TravelType::Walk | TravelType::Crouch) {
            return None;
        }
        let after = step.after?;
        Some(
            run_to(&self.ctx(me, area, time), after)
                .crouching(step.kind == TravelType::Crouch)
                .carefully(),
        )
    }

    /// Whether a player in `area` (at `me`'s origin) that drops down to `landing` is no
    /// farther from its goal there: the route time from the landing is at most the one from
    /// here, which is asked once per frame and kept in `here_time`. Up to two route queries
    /// (not counted in the stats: the check is asked while steering).
    fn lands_no_farther(
        &self,
        (me, area): (&SelfView, Option<AreaId>),
        landing: Vec3,
        here_time: &mut Option<Option<u16>>,
    ) -> bool {
        let (Some(router), Some(goal), Some(here)) = (&self.router, self.nav.goal, area) else {
            return false;
        };
        let Some(there) = self.world.point_area(landing) else {
            return false;
        };
        if there == goal.area {
            return true;
        }
        let mut router = router.borrow_mut();
        let Some(then) = router.route(there, landing, goal.area, self.flags) else {
            return false;
        };
        let now = *here_time.get_or_insert_with(|| {
            router
                .route(here, me.origin, goal.area, self.flags)
                .map(|route| route.time)
        });
        now.is_some_and(|now| then.time <= now)
    }

    /// What steering reads this frame, for the player `me` in `area` at match time `time`.
    pub(super) fn ctx<'a>(
        &'a self,
        me: &'a SelfView,
        area: Option<AreaId>,
        time: f32,
    ) -> Ctx<'a, 'w> {
        Ctx {
            me,
            area,
            time,
            frame_time: self.frame_time,
            physics: &self.physics,
            movers: &self.movers,
            jump_held: self.memory.jump_held,
        }
    }

    /// Applies the stuck watch's remedy.
    fn remedy(&mut self, remedy: Remedy, area: Option<AreaId>, time: f32, rng: &mut GameRng) {
        let forward = flat(self.memory.direction).normalize_or_zero();
        match remedy {
            Remedy::JumpAhead | Remedy::Sidestep => {
                self.stats.sidesteps += 1;
                let side = if coin(rng) { 1.0 } else { -1.0 };
                let mut direction = if remedy == Remedy::JumpAhead {
                    forward
                } else {
                    Vec3::new(-forward.y, forward.x, 0.0) * side - forward
                };
                if direction == Vec3::ZERO {
                    direction = random_direction(rng);
                }
                self.maneuver = Some(Maneuver {
                    direction: direction.normalize_or_zero(),
                    until: time + SIDESTEP_TIME,
                    jump: true,
                    aimless: false,
                    stand_until: None,
                });
            }
            Remedy::Reroute => self.reroute(area, time),
            Remedy::NewGoal => self.give_up_goal(area),
            Remedy::Wander => {
                self.stats.wanders += 1;
                self.give_up_goal(area);
                self.maneuver = Some(Maneuver {
                    direction: random_direction(rng),
                    until: time + WANDER_TIME,
                    jump: true,
                    aimless: false,
                    stand_until: None,
                });
            }
        }
    }

    /// The steering with the running maneuver, if any, in its place; in the air the
    /// steering's own air control goes on.
    fn maneuvered(&mut self, steer: Steer, time: f32, airborne: bool) -> Steer {
        let Some(maneuver) = self.maneuver.as_mut() else {
            return steer;
        };
        if maneuver.standing(time) {
            return Steer::wait();
        }
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

/// A fair coin.
fn coin(rng: &mut GameRng) -> bool {
    rng.next_u64() >> 63 == 1
}

/// A random horizontal unit direction.
fn random_direction(rng: &mut GameRng) -> Vec3 {
    let angle = rng.random() * std::f32::consts::TAU;
    Vec3::new(angle.cos(), angle.sin(), 0.0)
}

/// The direction to step in to let a player pass, and the player in the way: when barely
/// moving with a live player standing close ahead along `direction` (the nearest such), to
/// its own right and a little back. Two players meeting head-on in a corridor both keep
/// right, so they pass each other.
fn give_way(
    me: &SelfView,
    players: &[SeenPlayer],
    direction: Vec3,
) -> Option<(Vec3, bot_interface::PlayerId)> {
    let forward = flat(direction).normalize_or_zero();
    if forward == Vec3::ZERO || flat(me.velocity).length() > GIVE_WAY_SLOW {
        return None;
    }
    let blocker = players
        .iter()
        .filter(|player| {
            let offset = flat(player.origin - me.origin);
            player.alive
                && offset.length() < GIVE_WAY_DISTANCE
                && (player.origin.z - me.origin.z).abs() < 56.0
                && offset.normalize_or_zero().dot(forward) > 0.5
        })
        .min_by(|a, b| {
            flat(a.origin - me.origin)
                .length_squared()
                .total_cmp(&flat(b.origin - me.origin).length_squared())
        })?;
    let side = (Vec3::new(forward.y, -forward.x, 0.0) - forward * 0.3).normalize();
    Some((side, blocker.id))
}

/// The view angles looking along the movement `direction` (level unless swimming), or the
/// current ones when not moving.
#[must_use]
pub fn look_along(me: &SelfView, direction: Vec3) -> Vec3 {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn travel_flags_follow_the_rocket_launcher_and_the_health() {
        let world = AasWorld::default();
        let mut navigator = Navigator::new(&world, None);
        let base = navigator.travel_flags();
        assert!(!base.contains(TravelFlags::ROCKETJUMP));
        let launcher = Weapon::RocketLauncher.index();
        let mut me = SelfView {
            alive: true,
            health: 100,
            ..SelfView::default()
        };
        navigator.update(&me, 0.0);
        assert_eq!(navigator.travel_flags(), base);
        me.weapons[launcher] = true;
        me.ammo[launcher] = 5;
        navigator.update(&me, 0.05);
        assert_eq!(
            navigator.travel_flags(),
            base.union(TravelFlags::ROCKETJUMP)
        );
        me.health = 60;
        navigator.update(&me, 0.1);
        assert_eq!(navigator.travel_flags(), base);
        me.health = 100;
        me.ammo[launcher] = 0;
        navigator.update(&me, 0.15);
        assert_eq!(navigator.travel_flags(), base);
    }

    #[test]
    fn a_rocket_jump_holds_the_weapon_the_view_and_the_trigger() {
        let me = SelfView::default();
        let down = Vec3::new(90.0, 45.0, 0.0);
        let fire = Movement {
            direction: Vec3::X,
            speed: f32::MAX,
            jump: true,
            weapon: Some(Weapon::RocketLauncher),
            look: Some(down),
            attack: true,
            ..Movement::default()
        };
        let input = fire.input(&me);
        assert!(fire.uses_weapon());
        assert_eq!(input.weapon, Some(Weapon::RocketLauncher));
        assert_eq!(input.view_angles, down);
        assert!(input.holds(Buttons::ATTACK) && input.holds(Buttons::JUMP));
        let walk = Movement {
            direction: Vec3::Y,
            speed: f32::MAX,
            ..Movement::default()
        };
        let input = walk.input(&me);
        assert!(!walk.uses_weapon());
        assert_eq!(input.weapon, None);
        assert!(!input.holds(Buttons::ATTACK));
        assert_eq!(input.view_angles, look_along(&me, Vec3::Y));
    }

    #[test]
    fn a_door_is_fired_at_only_with_the_weapon_wanted_in_hand() {
        let mut me = SelfView {
            weapon: Some(Weapon::RocketLauncher),
            ..SelfView::default()
        };
        let shoot = Movement {
            shoot_at: Some(Vec3::new(64.0, 0.0, 40.0)),
            weapon: Some(Weapon::Machinegun),
            ..Movement::default()
        };
        let switching = shoot.input(&me);
        assert_eq!(switching.weapon, Some(Weapon::Machinegun));
        assert!(
            !switching.holds(Buttons::ATTACK),
            "no rocket while switching"
        );
        me.weapon = Some(Weapon::Machinegun);
        assert!(shoot.input(&me).holds(Buttons::ATTACK));
        let with_what_is_in_hand = Movement {
            weapon: None,
            ..shoot
        };
        assert!(with_what_is_in_hand.input(&me).holds(Buttons::ATTACK));
    }

    #[test]
    fn coins_are_fair() {
        let mut rng = GameRng::new(5);
        let heads = (0..1000).filter(|_| coin(&mut rng)).count();
        assert!((400..600).contains(&heads), "{heads}");
    }

    #[test]
    fn the_nearest_player_ahead_is_given_way_to_and_the_higher_id_stands_aside() {
        let me = SelfView {
            id: bot_interface::PlayerId(3),
            alive: true,
            ..SelfView::default()
        };
        let player = |id: u16, x: f32, y: f32| SeenPlayer {
            id: bot_interface::PlayerId(id),
            origin: Vec3::new(x, y, 0.0),
            alive: true,
            ..SeenPlayer::default()
        };
        let ahead = [
            player(1, 50.0, 5.0),
            player(5, 40.0, -5.0),
            player(2, -40.0, 0.0),
        ];
        let (side, blocker) = give_way(&me, &ahead, Vec3::X).expect("a player in the way");
        assert_eq!(blocker, bot_interface::PlayerId(5), "the nearest one ahead");
        assert!(
            side.y < -0.9 && side.x < 0.0,
            "to the right and a little back: {side}"
        );
        assert!(
            give_way(&me, &[player(2, -40.0, 0.0)], Vec3::X).is_none(),
            "behind"
        );
        let yielding = Maneuver {
            direction: side,
            until: 1.0,
            jump: false,
            aimless: false,
            stand_until: Some(1.0 + YIELD_TIME),
        };
        assert!(!yielding.standing(0.5) && yielding.standing(1.2));
        assert!(!yielding.standing(1.0 + YIELD_TIME));
        let passing = Maneuver {
            stand_until: None,
            ..yielding
        };
        assert!(!passing.standing(1.2));
    }
}
