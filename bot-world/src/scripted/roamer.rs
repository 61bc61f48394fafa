//! [`Roamer`]: the scripted player, its construction and its frame (see the [module
//! docs](super) for the behaviour).

use aas_geom::physics::{Mover, PhysicsSettings};
use aas_geom::world::{AasWorld, TravelFlags};
use aas_route::RouterStats;
use bot_brain::movement::{
    DoorOpener, NavStats, Navigator, Shootable, respawn_input, standing_spot,
};
use bot_interface::{BotInput, BotView, Buttons, MatchInfo, Player, Route, Senses};
use glam::Vec3;

pub use bot_brain::movement::{SharedRouter, shared_router};

use super::fight;
use super::goals::{PICK_RETRY, Spot};
use super::rng::mix_seeds;
use crate::rules::GameRng;
use bot_brain::movement::in_trigger;

/// Counters of what a [`Roamer`] did, for tests and reports: its navigator's
/// ([`NavStats`]).
pub type RoamerStats = NavStats;

/// A scripted player that roams between the map's items along `aas-route` routes, carrying
/// out each reachability with the movement its travel type needs, and fires at the
/// opponents it sees (see the [module docs](super)).
///
/// Deterministic: its choices depend only on its seeds and the views it is given.
#[derive(Debug)]
pub struct Roamer<'w> {
    pub(super) name: String,
    /// Where it goes and how it gets there.
    pub(super) navigator: Navigator<'w>,
    seed: u64,
    pub(super) rng: GameRng,
    /// The match's item spots that a player can stand at.
    pub(super) spots: Vec<Spot>,
    /// The spot reached last (not picked again at once).
    pub(super) last_reached: Option<usize>,
    /// No goal is picked before this time (after a search that found none).
    next_pick: f32,
}

impl<'w> Roamer<'w> {
    /// A roamer named `name` on `world`, with its own randomness seeded by `seed` (mixed with
    /// the match's seed in [`Player::begin`]).
    ///
    /// It routes with the router [`shared_router`] builds for the world. Routes use
    /// [`TravelFlags::DEFAULT`] without bobbing platforms: no weapon jumps, no grappling
    /// hook, no slime or lava; [`with_movers`](Self::with_movers) adds bobbing platforms,
    /// and rocket jumps are added while it can make them
    /// ([`can_rocket_jump`](bot_brain::movement::can_rocket_jump)).
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
            navigator: Navigator::new(world, router),
            seed,
            rng: GameRng::new(seed),
            spots: Vec::new(),
            last_reached: None,
            next_pick: 0.0,
        }
    }

    /// The same roamer knowing the map's doors and buttons that open when shot
    /// ([`Level::shootables`](crate::Level::shootables) lists them;
    /// [`Navigator::with_shootables`]).
    #[must_use]
    pub fn with_shootables(mut self, shootables: &[Shootable]) -> Self {
        self.navigator = self.navigator.with_shootables(shootables);
        self
    }

    /// The same roamer knowing the map's doors that a button elsewhere opens
    /// ([`Level::door_openers`](crate::Level::door_openers) lists them;
    /// [`Navigator::with_door_openers`]).
    #[must_use]
    pub fn with_door_openers(mut self, openers: &[DoorOpener]) -> Self {
        self.navigator = self.navigator.with_door_openers(openers);
        self
    }

    /// The same roamer knowing the map's movers (as
    /// [`MapEntities::movers`](aas_geom::MapEntities::movers) lists them): what a player sees
    /// of them ([`Navigator::with_movers`]).
    #[must_use]
    pub fn with_movers(mut self, movers: &[Mover]) -> Self {
        self.navigator = self.navigator.with_movers(movers);
        self
    }

    /// The same roamer assuming the world's physics runs with `settings` (gravity, speeds),
    /// for air control and walks off ledges; the default is [`PhysicsSettings::default`].
    #[must_use]
    pub fn with_settings(mut self, settings: PhysicsSettings) -> Self {
        self.navigator = self.navigator.with_settings(settings);
        self
    }

    /// What it did so far.
    #[must_use]
    pub fn stats(&self) -> &RoamerStats {
        self.navigator.stats()
    }

    /// The point it is heading for (the standing spot of its goal item), if any.
    #[must_use]
    pub fn goal(&self) -> Option<Vec3> {
        self.navigator.goal().map(|goal| goal.point)
    }

    /// What it is doing, in a line, for logs and debugging ([`Navigator::activity`]; the
    /// goal's tag is its item spot).
    #[must_use]
    pub fn activity(&self) -> String {
        self.navigator.activity()
    }

    /// Its router's work counters (`None` when it has no router).
    #[must_use]
    pub fn router_stats(&self) -> Option<RouterStats> {
        self.navigator.router_stats()
    }

    /// The travel flags its routes use.
    #[must_use]
    pub fn travel_flags(&self) -> TravelFlags {
        self.navigator.travel_flags()
    }

    /// The input of a dead player: press respawn (every other frame, so that a game that
    /// wants a fresh press gets one) once allowed.
    fn dead(&mut self, view: &BotView) -> BotInput {
        self.navigator.reset();
        respawn_input(view)
    }
}

impl Player for Roamer<'_> {
    fn name(&self) -> &str {
        &self.name
    }

    /// Roamers read only the players they see (to fight them and to give way): items come
    /// from the map's item spots of [`MatchInfo`], and they do not dodge projectiles.
    fn senses(&self) -> Senses {
        Senses::PLAYERS
    }

    /// Seeds its randomness from its own seed and the match's, and finds where a player
    /// stands at each of the match's item spots (spots in solid, over a void, or inside a
    /// jump pad's or teleporter's trigger, where nobody stands, are left out).
    fn begin(&mut self, info: &MatchInfo) {
        self.rng = GameRng::new(mix_seeds(self.seed, info.seed));
        if info.frame_ms > 0 {
            self.navigator.set_frame_time(info.frame_ms as f32 / 1000.0);
        }
        let world = self.navigator.world();
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
        self.navigator.reset();
        self.last_reached = None;
        self.next_pick = 0.0;
    }

    fn think(&mut self, view: &BotView) -> BotInput {
        let me = &view.me;
        if !me.alive {
            return self.dead(view);
        }
        let time = view.time_ms as f32 / 1000.0;
        let frame = self.navigator.update(me, time);
        if let Some(arrived) = frame.arrived {
            self.last_reached = arrived.tag;
        }
        self.note_given_up(time);
        let supported = me.on_ground || me.water_level >= 2;
        if self.navigator.goal().is_none()
            && supported
            && time >= self.next_pick
            && let Some(area) = frame.area
        {
            self.pick_goal(area, me.origin, time);
            if self.navigator.goal().is_none() {
                self.next_pick = time + PICK_RETRY;
            }
        }
        let movement = self
            .navigator
            .steer(me, &view.players, frame.area, time, &mut self.rng);
        self.note_given_up(time);

        let mut input = movement.input(me);
        if movement.uses_weapon() {
            // A rocket jump needs the launcher and the view: the fight waits a moment.
            return input;
        }
        let engagement = fight::engage(view, &mut self.rng);
        if let Some(fight) = engagement {
            input.buttons.set(Buttons::ATTACK, fight.attack);
            input.view_angles = fight.view_angles;
        }
        input.weapon = engagement.map_or_else(|| fight::idle_weapon(me), |fight| fight.weapon);
        input
    }

    /// The route to its goal ([`Navigator::route`]). `None` without a goal (dead, or
    /// roaming about for want of one). Asking or not changes nothing in its play.
    fn route(&self) -> Option<&Route> {
        self.navigator.route()
    }
}
