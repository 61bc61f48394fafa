//! [`Bot`]: the brain so far (issue 19): it knows what it wants (the items its fuzzy weights
//! value, divided by travel time, as botlib's goal AI scores them) and gets there with the
//! movement AI. Fighting, the AI network and chat come later.
//!
//! Each think (every 100 ms, staggered between bots by [`ThinkClock`]) it updates what it
//! knows of the items from its view ([`ItemKnowledge`]: only what it saw or heard), then
//! keeps a goal on its goal stack: with an empty stack it chooses a long-term goal
//! ([`GoalState::choose_ltg`]); every 0.5 s it looks for a nearby goal on the way
//! ([`GoalState::choose_nbg`], at most 1.5 s of travel, given up after botlib's NBG time).
//! The top of the stack is where the [`Navigator`] goes. A goal reached, or given up by the
//! navigator (stuck, or no progress), is popped, and the next is chosen at once, without
//! waiting for the next think. Travel times come from the navigator's router, from the area
//! of the bot's origin to the area of the goal's standing spot. Movement runs every frame.

use aas_geom::world::{AasWorld, AreaId};
use bot_interface::{BotInput, BotView, GameRng, MatchInfo, Player, Route, SelfView, Senses};
use fuzzy_weights::CompiledConfig;
use glam::Vec3;

use crate::goal::{
    Goal, GoalContext, GoalId, GoalState, ItemConfig, ItemKnowledge, KnowledgeSettings, LevelItems,
    NBG_CHECK_INTERVAL_MS, NBG_RANGE, NbgSituation, ScoreSettings, inventory_of, nbg_deadline_ms,
};
use crate::movement::{NavGoal, Navigator, SharedRouter, in_trigger, respawn_input, standing_spot};
use crate::schedule::{THINK_MS, ThinkClock};

/// How far (units) a chased point may move before the route to it is planned again.
const CHASE_RETARGET: f32 = 64.0;

/// How long a goal the navigator gave up is avoided (milliseconds).
const GIVEN_UP_AVOID_MS: u32 = 20_000;

/// The [`GoalId::Other`] of the caller's [`PlaceGoal`].
const PLACE_GOAL: GoalId = GoalId::Other(u32::MAX);

/// A place the caller wants the bot at instead of the items it would choose (a team task's
/// place: a flag base, a teammate, a camp spot). While set it is the long-term goal: nearby
/// goals are still picked up on the way; once within [`hold`](Self::hold) of the place the
/// bot stays there, leaving only for nearby goals.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlaceGoal {
    /// Where.
    pub point: Vec3,
    /// How near (units) counts as there, to stay; 0: the place is reached like an item and
    /// then chosen again.
    pub hold: f32,
    /// The nearby-goal range (route time, hundredths of a second) while the place is set:
    /// botlib's 150, 400 defending a key area, 50 carrying a flag.
    pub nearby: u16,
}

/// What a bot reads to choose goals: the level's item info and its item weights.
#[derive(Debug, Clone, Copy)]
pub struct GoalData<'c> {
    /// `items.c`.
    pub items: &'c ItemConfig,
    /// The bot's item weights (`*_i.c`), compiled.
    pub weights: &'c CompiledConfig,
    /// How goals are scored.
    pub score: ScoreSettings,
}

/// Counters of what a [`Bot`] decided, for tests and reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BotStats {
    /// Thinks.
    pub thinks: u32,
    /// Long-term goals chosen.
    pub long_term_goals: u32,
    /// Nearby goals chosen.
    pub nearby_goals: u32,
    /// Goals reached.
    pub reached: u32,
    /// Goals given up (by the navigator, or a nearby goal's time out).
    pub given_up: u32,
}

/// A bot: goals from fuzzy item weights and travel times, movement by the [`Navigator`]
/// (see the [module docs](self)).
#[derive(Debug)]
pub struct Bot<'w, 'c> {
    name: String,
    data: GoalData<'c>,
    navigator: Navigator<'w>,
    clock: ThinkClock,
    frame_ms: u32,
    rng: GameRng,
    seed: u64,
    level: LevelItems,
    /// Per level item: where a player touching it stands, `None` where nobody can.
    spots: Vec<Option<(Vec3, AreaId)>>,
    knowledge: ItemKnowledge,
    goals: GoalState,
    /// The goal the navigator was given (the stack's top when it was set).
    heading_for: Option<GoalId>,
    /// When the next nearby-goal check is due (match ms).
    next_nbg_ms: u32,
    /// The nearby goal on the stack's top and when it times out (match ms).
    nbg_until: Option<(GoalId, u32)>,
    /// The point driven to instead of the goals ([`Drive::Point`]) and whether a standing
    /// spot was found under it.
    chasing: Option<(Vec3, bool)>,
    /// Per area where a dropped item lay: whether a route leads from it back to where the
    /// bot was when it first asked (false: a trap, such as a pit under a killing trigger).
    traps: std::collections::BTreeMap<u32, bool>,
    /// The caller's place, replacing the item long-term goals while set.
    place: Option<PlaceGoal>,
    stats: BotStats,
}

impl<'w, 'c> Bot<'w, 'c> {
    /// A bot named `name` on `world`, routing with `router` (see
    /// [`shared_router`](crate::movement::shared_router)), choosing goals with `data`, its
    /// randomness seeded by `seed` (mixed with the match's in [`Player::begin`]); it is bot
    /// `index` of `count` for the think stagger.
    #[must_use]
    pub fn new(
        name: impl Into<String>,
        world: &'w AasWorld,
        router: Option<SharedRouter<'w>>,
        data: GoalData<'c>,
        seed: u64,
        (index, count): (usize, usize),
    ) -> Self {
        let level = LevelItems::new(std::iter::empty(), data.items, data.weights);
        let knowledge = ItemKnowledge::new(&level, KnowledgeSettings::default());
        Self {
            name: name.into(),
            data,
            navigator: Navigator::new(world, router),
            clock: ThinkClock::new(THINK_MS, index, count),
            frame_ms: 50,
            rng: GameRng::new(seed),
            seed,
            level,
            spots: Vec::new(),
            knowledge,
            goals: GoalState::new(),
            heading_for: None,
            next_nbg_ms: 0,
            nbg_until: None,
            chasing: None,
            traps: std::collections::BTreeMap::new(),
            place: None,
            stats: BotStats::default(),
        }
    }

    /// Sets (or with `None` clears) the place the bot goes to instead of the items it would
    /// choose ([`PlaceGoal`]). A new place, or one moved by more than a step, replaces the
    /// goals on the stack: the next think pushes it — except that a nearby item being
    /// fetched stays on top when only the place moved (a teammate walking).
    pub fn set_place_goal(&mut self, place: Option<PlaceGoal>) {
        let same = match (self.place, place) {
            (None, None) => true,
            (Some(old), Some(new)) => {
                old.point.distance(new.point) <= CHASE_RETARGET
                    && old.hold == new.hold
                    && old.nearby == new.nearby
            }
            _ => false,
        };
        if same {
            return;
        }
        if let (Some(old), Some(new)) = (self.place, place)
            && old.hold == new.hold
            && old.nearby == new.nearby
            && self.nbg_until.is_some()
            && let Some(nearby) = self.goals.stack.top().copied()
            && nearby.id != PLACE_GOAL
        {
            // Only the place moved (a teammate walking): the nearby item the bot is
            // fetching stays its goal; the place is pushed again after it.
            self.place = place;
            self.goals.stack.clear();
            let pushed = self.goals.stack.push(nearby);
            debug_assert!(pushed.is_ok(), "an emptied stack takes one goal");
            return;
        }
        self.place = place;
        self.empty_goal_stack();
    }

    /// The place set by [`set_place_goal`](Self::set_place_goal).
    #[must_use]
    pub fn place_goal(&self) -> Option<PlaceGoal> {
        self.place
    }

    /// The same bot with its navigator replaced (to give it the map's movers or physics
    /// settings: [`Navigator::with_movers`], [`Navigator::with_settings`]).
    #[must_use]
    pub fn with_navigator(mut self, edit: impl FnOnce(Navigator<'w>) -> Navigator<'w>) -> Self {
        self.navigator = edit(self.navigator);
        self
    }

    /// What it decided so far.
    #[must_use]
    pub fn stats(&self) -> BotStats {
        self.stats
    }

    /// Its navigator.
    #[must_use]
    pub fn navigator(&self) -> &Navigator<'w> {
        &self.navigator
    }

    /// The level's items as it sees them (those with item info and a weight).
    #[must_use]
    pub fn level_items(&self) -> &LevelItems {
        &self.level
    }

    /// The goal on top of its goal stack.
    #[must_use]
    pub fn goal(&self) -> Option<Goal> {
        self.goals.stack.top().copied()
    }

    /// Where a player touching goal `goal` stands.
    fn standing(&self, goal: &Goal) -> Option<(Vec3, AreaId)> {
        goal_standing(self.navigator.world(), &self.spots, goal)
    }

    /// One think: knowledge, then goals; returns nothing, sets the navigator's goal.
    fn think_goals(&mut self, view: &BotView, area: Option<AreaId>) {
        self.stats.thinks += 1;
        let me = &view.me;
        let now = view.time_ms;
        self.knowledge.update(&self.level, view);
        if let Some((id, until)) = self.nbg_until
            && now >= until
            && self.goals.stack.top().is_some_and(|top| top.id == id)
        {
            self.goals.stack.pop();
            self.nbg_until = None;
            self.stats.given_up += 1;
        }
        let supported = me.on_ground || me.water_level >= 2;
        if let Some(area) = area.filter(|_| supported) {
            let inventory = inventory_of(me);
            let Self {
                level,
                knowledge,
                goals,
                navigator,
                rng,
                spots,
                data,
                stats,
                next_nbg_ms,
                nbg_until,
                traps,
                place,
                ..
            } = self;
            let place = *place;
            let ctx = GoalContext {
                level,
                weights: data.weights,
                knowledge,
                inventory: &inventory,
                origin: me.origin,
                now_ms: now,
                settings: data.score,
            };
            let origin = me.origin;
            let mut travel = |from: Vec3, goal: &Goal| -> Option<u16> {
                let world = navigator.world();
                let (start_area, start) = if from == origin {
                    (area, origin)
                } else {
                    let (point, found) = standing_spot(world, from)?;
                    (found, point)
                };
                let (goal_point, goal_area) = goal_standing(world, spots, goal)?;
                if matches!(goal.id, GoalId::Dropped { .. }) {
                    // A dropped item may lie where nobody survives (it sank into lava or
                    // slime) or gets out of again (it fell into a pit under a killing
                    // trigger): only where neither holds and a route leads back.
                    if [goal.origin, goal_point]
                        .into_iter()
                        .filter_map(|point| world.point_area(point))
                        .any(|a| deadly(world, a))
                    {
                        return None;
                    }
                    let escapable = match traps.get(&goal_area.0) {
                        Some(&known) => known,
                        None => {
                            let known = navigator.route_to(goal_area, goal_point, area).is_some();
                            traps.insert(goal_area.0, known);
                            known
                        }
                    };
                    if !escapable {
                        return None;
                    }
                }
                navigator
                    .route_to(start_area, start, goal_area)
                    .map(|route| route.time)
            };
            let held = place.filter(|p| p.hold > 0.0 && p.point.distance(origin) <= p.hold);
            if goals.stack.top().is_none() && held.is_some() {
                // At the place: nothing to go to but nearby items.
                if now >= *next_nbg_ms {
                    *next_nbg_ms = now + NBG_CHECK_INTERVAL_MS;
                    let range = held.map_or(NBG_RANGE, |p| p.nearby);
                    if let Ok(choice) = goals.choose_nbg(&ctx, None, range, &mut travel, rng)
                        && let Some(goal) = choice.goal()
                    {
                        stats.nearby_goals += 1;
                        *nbg_until =
                            Some((goal.id, nbg_deadline_ms(NbgSituation::Seek, now, range)));
                    }
                }
            } else if goals.stack.top().is_none() {
                if let Some(place) = place {
                    if goals
                        .stack
                        .push(Goal {
                            id: PLACE_GOAL,
                            origin: place.point,
                            item: None,
                        })
                        .is_ok()
                    {
                        stats.long_term_goals += 1;
                    }
                } else if let Ok(choice) = goals.choose_ltg(&ctx, &mut travel, rng)
                    && choice.goal().is_some()
                {
                    stats.long_term_goals += 1;
                }
                *next_nbg_ms = now + NBG_CHECK_INTERVAL_MS;
            } else if now >= *next_nbg_ms && nbg_until.is_none() {
                *next_nbg_ms = now + NBG_CHECK_INTERVAL_MS;
                let ltg = goals.stack.top().copied();
                let range = place.map_or(NBG_RANGE, |p| p.nearby);
                if let Ok(choice) = goals.choose_nbg(&ctx, ltg.as_ref(), range, &mut travel, rng)
                    && let Some(goal) = choice.goal()
                {
                    stats.nearby_goals += 1;
                    *nbg_until = Some((goal.id, nbg_deadline_ms(NbgSituation::Seek, now, range)));
                }
            }
        }
        #[expect(clippy::cast_precision_loss, reason = "match times of hours at most")]
        self.steer_to_top(me, now as f32 / 1000.0);
    }

    /// Gives the navigator the stack's top when it is not already heading there (at match
    /// time `time`, seconds).
    fn steer_to_top(&mut self, me: &SelfView, time: f32) {
        let Some(top) = self.goals.stack.top().copied() else {
            if self.heading_for.take().is_some() {
                self.navigator.clear_goal();
            }
            return;
        };
        if self.heading_for == Some(top.id) && self.navigator.goal().is_some() {
            return;
        }
        let Some((point, area)) = self.standing(&top) else {
            // Nobody stands there: drop it.
            self.goals.stack.pop();
            self.heading_for = None;
            return;
        };
        let best = self
            .navigator
            .world()
            .point_area(me.origin)
            .and_then(|from| self.navigator.route_to(from, me.origin, area))
            .map_or(u16::MAX, |route| route.time);
        self.navigator.set_goal(
            NavGoal {
                point,
                area,
                tag: None,
            },
            me.origin,
            best,
            time,
        );
        self.heading_for = Some(top.id);
    }
}

/// Whether `area` holds lava or slime, or must not be entered.
fn deadly(world: &AasWorld, area: AreaId) -> bool {
    world.areas.get(area.index()).is_some_and(|record| {
        record.contents.intersects(
            aas_geom::world::AreaContents::LAVA
                | aas_geom::world::AreaContents::SLIME
                | aas_geom::world::AreaContents::DONOTENTER,
        )
    })
}

/// Where a player touching an item at `origin` stands ([`standing_spot`]), unless that is
/// inside a jump pad's or a teleporter's trigger: a player there is thrown or moved away
/// before it touches the item, and would go back for it again and again.
fn item_spot(world: &AasWorld, origin: Vec3) -> Option<(Vec3, AreaId)> {
    standing_spot(world, origin).filter(|&(_, area)| !in_trigger(world, area))
}

/// Where a player touching `goal` stands: a level item's precomputed spot (`spots`, by
/// level item), else the [`item_spot`] under the goal's origin.
fn goal_standing(
    world: &AasWorld,
    spots: &[Option<(Vec3, AreaId)>],
    goal: &Goal,
) -> Option<(Vec3, AreaId)> {
    match goal.id {
        GoalId::Spot(id) => spots.get(id.index()).copied().flatten(),
        GoalId::Dropped { .. } | GoalId::Other(_) => item_spot(world, goal.origin),
    }
}

impl Player for Bot<'_, '_> {
    fn name(&self) -> &str {
        &self.name
    }

    /// It reads the players it sees (to give way) and the items it sees.
    fn senses(&self) -> Senses {
        Senses::PLAYERS | Senses::ITEMS
    }

    /// Learns the map's items (those with item info and a weight) and where a player stands
    /// at each, and seeds its randomness from its own seed and the match's.
    fn begin(&mut self, info: &MatchInfo) {
        if info.frame_ms > 0 {
            self.frame_ms = info.frame_ms;
            #[expect(clippy::cast_precision_loss, reason = "a frame of a few milliseconds")]
            self.navigator.set_frame_time(info.frame_ms as f32 / 1000.0);
        }
        self.rng = GameRng::new(self.seed ^ info.seed.rotate_left(29));
        self.level = LevelItems::from_match(info, self.data.items, self.data.weights);
        let world = self.navigator.world();
        self.spots = self
            .level
            .items()
            .iter()
            .map(|item| item_spot(world, item.origin))
            .collect();
        self.knowledge = ItemKnowledge::new(&self.level, KnowledgeSettings::default());
        self.goals = GoalState::new();
        self.heading_for = None;
        self.nbg_until = None;
        self.chasing = None;
        self.navigator.reset();
    }

    fn think(&mut self, view: &BotView) -> BotInput {
        let thinks = self.clock.tick(self.frame_ms);
        self.drive(view, thinks, Drive::Items)
            .movement
            .input(&view.me)
    }

    fn route(&self) -> Option<&Route> {
        self.navigator.route()
    }
}

/// Where [`Bot::drive`] takes the bot this frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Drive {
    /// To the goals it chooses (the goal stack's top).
    Items,
    /// To this point (chasing an enemy out of sight, or investigating a sound), the goals
    /// waiting.
    Point(Vec3),
}

/// One frame of [`Bot::drive`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Driven {
    /// The movement wanted.
    pub movement: crate::movement::Movement,
    /// The area of the bot's origin.
    pub area: Option<AreaId>,
    /// Whether the goal it drove to was reached this frame.
    pub arrived: bool,
    /// Whether the navigator gave up its goal this frame.
    pub given_up: bool,
}

impl<'w> Bot<'w, '_> {
    /// One frame of goal seeking and movement (what [`Player::think`] does, with `thinks`
    /// telling whether this frame is one of its 10 Hz thinks): updates the navigator, pops
    /// goals reached or given up, on thinks updates its item knowledge and chooses goals, and
    /// steers. With [`Drive::Point`] it goes to the point instead, its goals waiting. A dead
    /// bot forgets its goals and asks to respawn.
    pub fn drive(&mut self, view: &BotView, thinks: bool, drive: Drive) -> Driven {
        let me = &view.me;
        if !me.alive {
            self.navigator.reset();
            self.goals.stack.clear();
            self.heading_for = None;
            self.nbg_until = None;
            self.chasing = None;
            let input = respawn_input(view);
            return Driven {
                movement: crate::movement::Movement {
                    look: Some(input.view_angles),
                    ..crate::movement::Movement::default()
                },
                area: None,
                arrived: false,
                given_up: false,
            };
        }
        #[expect(clippy::cast_precision_loss, reason = "match times of hours at most")]
        let time = view.time_ms as f32 / 1000.0;
        if let Drive::Point(point) = drive {
            return self.drive_to_point(view, point, time, thinks);
        }
        if self.chasing.take().is_some() {
            // Back to the goals: the navigator's goal is set again from the stack's top.
            self.navigator.clear_goal();
            self.heading_for = None;
        }
        let frame = self.navigator.update(me, time);
        let mut rethink = thinks;
        let arrived = frame.arrived.is_some();
        if arrived {
            self.stats.reached += 1;
            self.pop_heading();
            rethink = true;
        }
        let given_up = !self.navigator.take_given_up().is_empty();
        if given_up {
            self.stats.given_up += 1;
            if let Some(id) = self.heading_for {
                self.goals
                    .avoid
                    .add_for(id, view.time_ms, GIVEN_UP_AVOID_MS as f32 / 1000.0);
            }
            self.pop_heading();
            rethink = true;
        }
        if rethink {
            self.think_goals(view, frame.area);
        }
        let movement = self
            .navigator
            .steer(me, &view.players, frame.area, time, &mut self.rng);
        Driven {
            movement,
            area: frame.area,
            arrived,
            given_up,
        }
    }

    /// [`drive`](Self::drive) to `point`: the navigator's goal becomes the standing spot
    /// under it (set again when the point moved more than a step), the goal stack waits.
    fn drive_to_point(&mut self, view: &BotView, point: Vec3, time: f32, thinks: bool) -> Driven {
        let me = &view.me;
        let moved = self
            .chasing
            .is_none_or(|(chased, _)| chased.distance(point) > CHASE_RETARGET);
        if moved {
            self.heading_for = None;
            match standing_spot(self.navigator.world(), point) {
                Some((spot, area)) => {
                    let best = self
                        .navigator
                        .world()
                        .point_area(me.origin)
                        .and_then(|from| self.navigator.route_to(from, me.origin, area))
                        .map_or(u16::MAX, |route| route.time);
                    self.navigator.set_goal(
                        NavGoal {
                            point: spot,
                            area,
                            tag: None,
                        },
                        me.origin,
                        best,
                        time,
                    );
                    self.chasing = Some((point, true));
                }
                None => {
                    self.navigator.clear_goal();
                    self.chasing = Some((point, false));
                }
            }
        }
        let frame = self.navigator.update(me, time);
        let arrived = frame.arrived.is_some();
        let given_up = !self.navigator.take_given_up().is_empty();
        if thinks {
            // Goals are still chosen (and nearby ones noticed) while the point is chased.
            self.think_goals(view, frame.area);
        }
        let movement = if self.chasing.is_some_and(|(_, reachable)| !reachable) {
            crate::movement::Movement::default()
        } else {
            self.navigator
                .steer(me, &view.players, frame.area, time, &mut self.rng)
        };
        Driven {
            movement,
            area: frame.area,
            arrived: arrived || self.chasing.is_some_and(|(_, reachable)| !reachable),
            given_up,
        }
    }

    /// Updates what it knows of the items from `view` (what a think does first), without
    /// choosing goals: for a bot busy fighting.
    pub fn observe(&mut self, view: &BotView) {
        self.knowledge.update(&self.level, view);
    }

    /// Stops driving (a fight or a pause takes over the movement): the navigator forgets the
    /// reachability under way and its route, so that driving again later plans afresh from
    /// wherever the bot is then (a step half carried out elsewhere, a jump's run-up, would
    /// lead it astray). The goal stack stays.
    pub fn halt(&mut self) {
        self.navigator.reset();
        self.heading_for = None;
        self.chasing = None;
    }

    /// Empties its goal stack (botlib does before a fight: goals are chosen afresh after).
    pub fn empty_goal_stack(&mut self) {
        self.goals.stack.clear();
        self.nbg_until = None;
        self.heading_for = None;
        self.navigator.clear_goal();
    }

    /// Its goal state (the goal stack and avoid goals).
    #[must_use]
    pub fn goal_state(&self) -> &GoalState {
        &self.goals
    }

    /// Whether a nearby goal is on top of its stack (the AI network's Seek NBG / Battle NBG).
    #[must_use]
    pub fn has_nearby_goal(&self) -> bool {
        self.nbg_until
            .is_some_and(|(id, _)| self.goals.stack.top().is_some_and(|top| top.id == id))
    }

    /// The navigator, to change (footing checks of a fight's moves).
    pub fn navigator_mut(&mut self) -> &mut Navigator<'w> {
        &mut self.navigator
    }

    /// Its navigator and its randomness at once (a fight's moves check the footing while
    /// drawing).
    pub fn navigator_and_rng(&mut self) -> (&mut Navigator<'w>, &mut GameRng) {
        (&mut self.navigator, &mut self.rng)
    }

    /// Its randomness (shared with the fight and chat of a [`Brain`](crate::Brain), in a
    /// fixed order).
    pub fn rng(&mut self) -> &mut GameRng {
        &mut self.rng
    }

    /// What it knows of the level's items.
    #[must_use]
    pub fn knowledge(&self) -> &ItemKnowledge {
        &self.knowledge
    }
}

impl Bot<'_, '_> {
    /// Pops the goal the navigator was heading for off the stack (when it is on top).
    fn pop_heading(&mut self) {
        if let Some(id) = self.heading_for.take()
            && self.goals.stack.top().is_some_and(|top| top.id == id)
        {
            self.goals.stack.pop();
            if self.nbg_until.is_some_and(|(nbg, _)| nbg == id) {
                self.nbg_until = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {

    use super::*;

    /// `jumppad_room` of `aas-geom/tests/maps/`: a jump pad's trigger on the floor at
    /// x −96..−32, y −32..32.
    #[test]
    fn a_dropped_item_on_a_jump_pad_is_no_goal() {
        let (_, world) = crate::test_maps::load("jumppad_room");
        let dropped = |x: f32| Goal {
            id: GoalId::Dropped { entity: 7 },
            origin: Vec3::new(x, 0.0, 15.0),
            item: None,
        };
        assert_eq!(goal_standing(&world, &[], &dropped(-64.0)), None);
        let (spot, area) = goal_standing(&world, &[], &dropped(64.0)).expect("off the pad");
        assert!(!in_trigger(&world, area));
        assert!((spot.z - 24.0).abs() < 1.0, "{spot}");
    }
}
