//! [`Traveller`]: a player that goes to one point and stays there, for navigation tests and
//! evaluations (`bot-harness nav-eval`). It is the brain's movement without the rest of the
//! brain: a [`Navigator`] driven by a 10 Hz think.

use aas_geom::physics::{Mover, PhysicsSettings};
use aas_geom::world::AasWorld;
use bot_interface::{BotInput, BotView, GameRng, MatchInfo, Player, Route, SelfView, Senses};
use glam::Vec3;

use super::navigator::{NavGoal, NavStats, Navigator, respawn_input};
use super::opener::DoorOpener;
use super::router::SharedRouter;
use super::shootable::Shootable;
use crate::schedule::{THINK_MS, ThinkClock};

/// What a [`Traveller`] has done so far: the navigator's counters and its own record.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TravelRecord {
    /// The navigator's counters.
    pub stats: NavStats,
    /// Match time (seconds) at which the navigator said it arrived.
    pub arrived_at: Option<f32>,
    /// How often the navigator gave the goal up (it is set again on the next think).
    pub given_up: u32,
    /// Thinks on which no route led from where it stood to the goal.
    pub no_route: u32,
    /// Whether the last think found no route (it fell somewhere without a way back).
    pub no_route_now: bool,
    /// Thinks so far.
    pub thinks: u32,
}

/// A player that travels to one goal: it thinks every 100 ms (staggered as botlib staggers
/// bots, [`ThinkClock`]) and moves every frame. On each think without a goal (at the start,
/// or after the navigator gave it up) it sets the goal again if a route leads there from
/// where it stands; once arrived it stands still. It reads only its own state and the
/// players it sees (to give way).
#[derive(Debug)]
pub struct Traveller<'w> {
    name: String,
    navigator: Navigator<'w>,
    goal: NavGoal,
    rng: GameRng,
    clock: ThinkClock,
    frame_ms: u32,
    record: TravelRecord,
    /// Whether the goal was reached (it then stands still).
    arrived: bool,
}

impl<'w> Traveller<'w> {
    /// A traveller named `name` on `world` going to `goal`, routing with `router` (see
    /// [`shared_router`](super::shared_router)), deciding sidesteps with random numbers
    /// seeded by `seed`; it is bot `index` of `count` for the think stagger.
    #[must_use]
    pub fn new(
        name: impl Into<String>,
        world: &'w AasWorld,
        router: Option<SharedRouter<'w>>,
        goal: NavGoal,
        seed: u64,
        (index, count): (usize, usize),
    ) -> Self {
        Self {
            name: name.into(),
            navigator: Navigator::new(world, router),
            goal,
            rng: GameRng::new(seed),
            clock: ThinkClock::new(THINK_MS, index, count),
            frame_ms: 50,
            record: TravelRecord::default(),
            arrived: false,
        }
    }

    /// The same traveller knowing the map's doors and buttons that open when shot
    /// ([`Navigator::with_shootables`]).
    #[must_use]
    pub fn with_shootables(mut self, shootables: &[Shootable]) -> Self {
        self.navigator = self.navigator.with_shootables(shootables);
        self
    }

    /// The same traveller knowing the map's doors that a button elsewhere opens
    /// ([`Navigator::with_door_openers`]).
    #[must_use]
    pub fn with_door_openers(mut self, openers: &[DoorOpener]) -> Self {
        self.navigator = self.navigator.with_door_openers(openers);
        self
    }

    /// The same traveller knowing the map's movers ([`Navigator::with_movers`]).
    #[must_use]
    pub fn with_movers(mut self, movers: &[Mover]) -> Self {
        self.navigator = self.navigator.with_movers(movers);
        self
    }

    /// The same traveller assuming the world's physics runs with `settings`
    /// ([`Navigator::with_settings`]).
    #[must_use]
    pub fn with_settings(mut self, settings: PhysicsSettings) -> Self {
        self.navigator = self.navigator.with_settings(settings);
        self
    }

    /// Where it goes.
    #[must_use]
    pub fn goal(&self) -> NavGoal {
        self.goal
    }

    /// What it has done so far.
    #[must_use]
    pub fn record(&self) -> TravelRecord {
        TravelRecord {
            stats: self.navigator.stats().clone(),
            ..self.record.clone()
        }
    }

    /// Sets its navigator's travel flags for a player like `me` before the match
    /// ([`Navigator::anticipate`]): [`route_time_from`](Self::route_time_from) then answers
    /// with rocket jumps when `me` can make them.
    pub fn anticipate(&mut self, me: &SelfView) {
        self.navigator.anticipate(me);
    }

    /// The route time (hundredths of a second) from a player standing at `origin` to its
    /// goal under its navigator's travel flags, `None` when `origin` is in no area or no
    /// route leads from there (one route query, counted in [`NavStats::route_queries`]).
    pub fn route_time_from(&mut self, origin: Vec3) -> Option<u16> {
        let area = self.navigator.world().point_area(origin)?;
        let goal = self.goal.area;
        self.navigator
            .route_to(area, origin, goal)
            .map(|route| route.time)
    }

    /// Its navigator (what it is doing: [`Navigator::activity`],
    /// [`Navigator::current_travel`]).
    #[must_use]
    pub fn navigator(&self) -> &Navigator<'w> {
        &self.navigator
    }

    /// The think: set the goal again when the navigator has none and a route leads there.
    fn think_goal(&mut self, me: &SelfView, area: Option<aas_geom::world::AreaId>, time: f32) {
        self.record.thinks += 1;
        if self.arrived || self.navigator.goal().is_some() {
            return;
        }
        let supported = me.on_ground || me.water_level >= 2;
        let Some(area) = area.filter(|_| supported) else {
            return;
        };
        match self.navigator.route_to(area, me.origin, self.goal.area) {
            Some(route) => {
                self.record.no_route_now = false;
                self.navigator
                    .set_goal(self.goal, me.origin, route.time, time);
            }
            None => {
                self.record.no_route += 1;
                self.record.no_route_now = true;
            }
        }
    }
}

impl Player for Traveller<'_> {
    fn name(&self) -> &str {
        &self.name
    }

    fn senses(&self) -> Senses {
        Senses::PLAYERS
    }

    fn begin(&mut self, info: &MatchInfo) {
        if info.frame_ms > 0 {
            self.frame_ms = info.frame_ms;
            #[expect(clippy::cast_precision_loss, reason = "a frame of a few milliseconds")]
            self.navigator.set_frame_time(info.frame_ms as f32 / 1000.0);
        }
        self.rng = GameRng::new(self.rng.state() ^ info.seed.rotate_left(17));
        self.navigator.reset();
    }

    fn think(&mut self, view: &BotView) -> BotInput {
        let me = &view.me;
        let thinks = self.clock.tick(self.frame_ms);
        if !me.alive {
            self.navigator.reset();
            return respawn_input(view);
        }
        #[expect(clippy::cast_precision_loss, reason = "match times of hours at most")]
        let time = view.time_ms as f32 / 1000.0;
        let frame = self.navigator.update(me, time);
        if frame.arrived.is_some() {
            self.arrived = true;
            self.record.arrived_at.get_or_insert(time);
        }
        let given_up = self.navigator.take_given_up();
        self.record.given_up += u32::try_from(given_up.len()).unwrap_or(u32::MAX);
        if thinks || self.record.thinks == 0 {
            self.think_goal(me, frame.area, time);
        }
        if self.arrived {
            return BotInput::looking(me.view_angles);
        }
        let movement = self
            .navigator
            .steer(me, &view.players, frame.area, time, &mut self.rng);
        movement.input(me)
    }

    fn route(&self) -> Option<&Route> {
        self.navigator.route()
    }
}

/// The goal a [`Traveller`] heads for at a point: the standing spot of an item or spawn at
/// `origin` ([`standing_spot`](super::standing_spot)), `None` where nobody stands.
#[must_use]
pub fn goal_at(world: &AasWorld, origin: Vec3, tag: Option<usize>) -> Option<NavGoal> {
    let (point, area) = super::standing_spot(world, origin)?;
    Some(NavGoal { point, area, tag })
}
