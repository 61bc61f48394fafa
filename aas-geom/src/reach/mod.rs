//! Reachabilities (thesis §6.4): how a player travels from one area to another, with the
//! travel type, start and end points and botlib's travel times ([`TravelTimes`]).
//!
//! [`compute_reachabilities`] tests every area against the areas near it: per ordered pair
//! swim, then the floor-edge types; then the walk-off-ledge reachabilities found by dropping a
//! box past the floor's edges; then jumps — keeping at most one of these per pair (a pair a
//! drop reaches is not jumped); then ladders and the entity types. The rules (each
//! source file, one per family, documents its own in detail):
//!
//! | Type | Rule | Time (1/100 s) |
//! |---|---|---|
//! | swim | two liquid areas share a face whose centre is under the surface (`swim.rs`) | 1 |
//! | walk, crouch | floor edges of both areas on one vertical plane, within a step up or down (`edge_pairs.rs`); crouch when either area is crouch-only | 1, crouch + 300 |
//! | barrier jump | the same, A2 up to `reach_max_barrier` higher | 100 |
//! | walk off ledge | the same with A2 lower, or a box dropped past a floor edge lands in A2 (`ledges.rs`), or a gap crossed without jumping (`jumps.rs`) | 70 + height × 50 / gravity, + fall damage |
//! | water jump | A1's liquid-surface edge (or liquid-ceiling edge under a layer too thin to swim into) and A2's floor edge on one plane, the floor at most `reach_max_water_jump` above the surface | 400 |
//! | jump | the closest floor points across a gap (both ends and the middle drop deeper than a barrier), the arc predicted with the physics (`jumps.rs`) | 300 + distance × 240 / 320, + fall damage |
//! | ladder | from the floor in front of a ladder face to the floor behind its top, and back (`ladders.rs`) | 10 |
//! | teleport | the trigger's areas → where the physics brings a player teleported to the destination down (`teleports.rs`) | 50 |
//! | jump pad | the pad's areas → where the physics lands a player launched by the pad without input, or the next pad of a chain its flight touches (`jump_pads.rs`) | 250 |
//! | jump pad, steered | the pad's areas → floors more than a barrier jump above the pad, or other pads, that the flight reaches steering with air control towards them (within its envelope, spaced out; `jump_pads.rs`) | 300 |
//! | elevator | floors around a `func_plat` at the bottom → floors around it at the top (`platforms.rs`) | 50 + height × 100 / speed |
//! | bobbing platform | floors around a `func_bobbing` at one extreme ↔ the other | 300 |
//! | rocket jump | from area centres towards floors of areas holding valuable items, predicted; starts towards one area at least `rocket_jump_spacing` apart (`rocket_jumps.rs`) | 500 |
//!
//! Areas are processed in parallel (each area's outgoing list depends only on the world), and
//! the result is deterministic: the lists are built in a fixed order per area.

mod edge_pairs;
mod floor;
mod jump_pads;
mod jumps;
mod ladders;
mod ledges;
mod nearby;
mod platforms;
mod rocket_jumps;
mod swim;
mod teleports;
mod travel_time;
mod triggers;

use glam::Vec3;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

pub use travel_time::TravelTimes;

use crate::entities::{EntityDiagnostic, EntityProblem, MapEntities};
use crate::physics::{Physics, PhysicsSettings, Trigger};
use crate::world::{AasWorld, AreaContents, AreaId, ReachDetail, Reachability, Travel, TravelType};
use floor::{AreaFloor, area_floor};
use nearby::NearbyAreas;

/// Settings of [`compute_reachabilities`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ReachSettings {
    /// The physics constants (steps, barriers, jumps, falls).
    pub physics: PhysicsSettings,
    /// The travel-time rules.
    pub times: TravelTimes,
    /// The longest horizontal distance between the floors of a jump (units). The default 400
    /// is botlib's bound: twice the running speed times the time to a jump's apex plus the time
    /// to fall a barrier's height (`2 × 320 × (270 / 800 + √(33 / 400))`).
    pub max_jump_distance: f32,
    /// Compute rocket-jump reachabilities (towards item areas).
    pub rocket_jumps: bool,
    /// Upward speed of a rocket jump. Quake III's knockback depends on when the rocket goes
    /// off under the jumping player, so it is no constant; the default 700 (the 270 of the jump
    /// plus 430 of knockback: an apex of 306 units, about 400 units of reach for a 190-unit
    /// rise below 300 units per second) covers the rocket jumps of bspc's reference files,
    /// whose largest rise is 192 units and longest reach 391 units.
    pub rocket_jump_velocity: f32,
    /// The item classes worth a rocket jump (compared ignoring ASCII case): areas holding one
    /// are rocket-jump targets.
    pub rocket_jump_items: Vec<String>,
    /// Rocket jumps towards one area start at least this far apart (units): of rocket jumps
    /// starting closer to each other, only the shortest is kept, since a player a few steps
    /// from a start can walk there first. The thesis keeps rocket jumps few so that routing
    /// stays fast. The default 128 is 0.4 s of running; 0 keeps them all.
    pub rocket_jump_spacing: f32,
    /// Steered jump-pad landings of one pad lie at least this far apart (units): a point
    /// aimed at closer than this to a landing already kept is not tried, since a player
    /// landing there walks the rest (see `jump_pads.rs`). The default 128 is 0.4 s of running,
    /// as [`rocket_jump_spacing`](Self::rocket_jump_spacing).
    pub jump_pad_landing_spacing: f32,
}

/// The default [`ReachSettings::rocket_jump_items`]: the strong weapons, armours, the mega
/// health and the powerups.
pub const ROCKET_JUMP_ITEMS: [&str; 12] = [
    "item_armor_body",
    "item_armor_combat",
    "item_health_mega",
    "weapon_grenadelauncher",
    "weapon_rocketlauncher",
    "weapon_lightning",
    "weapon_plasmagun",
    "weapon_railgun",
    "weapon_bfg",
    "item_quad",
    "item_regen",
    "item_invulnerability",
];

impl Default for ReachSettings {
    fn default() -> Self {
        Self {
            physics: PhysicsSettings::default(),
            times: TravelTimes::default(),
            max_jump_distance: 400.0,
            rocket_jumps: true,
            rocket_jump_velocity: 700.0,
            rocket_jump_items: ROCKET_JUMP_ITEMS.iter().map(|&s| s.to_owned()).collect(),
            rocket_jump_spacing: 128.0,
            jump_pad_landing_spacing: 128.0,
        }
    }
}

/// What the reachability tests share: the world, each area's floor, the settings and the
/// physics used for predictions.
pub(crate) struct ReachContext<'a> {
    pub(crate) world: &'a AasWorld,
    pub(crate) floors: Vec<AreaFloor>,
    /// The areas' bounds, sorted to find the areas near one without testing every area.
    pub(crate) nearby: NearbyAreas,
    pub(crate) settings: &'a ReachSettings,
    pub(crate) physics: Physics<'a>,
}

/// Per-task scratch space of [`ReachContext::nearby`].
#[derive(Default)]
struct NearbyScratch {
    /// The bit set of [`NearbyAreas::near`].
    seen: Vec<u64>,
    /// The areas near the area (indices).
    candidates: Vec<usize>,
}

impl ReachContext<'_> {
    /// A reachability record to `a2` (no face or edge); the caller files it under its source
    /// area.
    pub(crate) fn reach(
        &self,
        a2: AreaId,
        kind: TravelType,
        start: Vec3,
        end: Vec3,
        time: u16,
    ) -> Reachability {
        Reachability {
            target: a2,
            detail: ReachDetail::NONE,
            start,
            end,
            travel: Travel::new(kind),
            travel_time: time,
        }
    }

    /// The extra time of landing in `target` after falling `height` units: no damage when the
    /// landing is in a liquid (the water breaks the fall) or on a jump pad, else
    /// [`TravelTimes::fall_damage`].
    pub(crate) fn landing_damage(&self, height: f32, target: AreaId) -> u16 {
        let area = &self.world.areas[target.index()];
        let soft = area
            .contents
            .intersects(AreaContents::LIQUIDS.union(AreaContents::JUMPPAD));
        if soft {
            return 0;
        }
        let physics = &self.settings.physics;
        self.settings.times.fall_damage(
            height,
            physics.gravity,
            physics.fall_delta_5,
            physics.fall_delta_10,
        )
    }

    /// Whether a player stands on dry ground in `area`, free to jump from it or land in it:
    /// the area is grounded, a standing player fits, and it is neither liquid nor a
    /// teleporter or jump pad trigger (whose touch sends the player elsewhere).
    pub(crate) fn plain_ground(&self, area: AreaId) -> bool {
        let floor = &self.floors[area.index()];
        floor.grounded
            && floor.standing
            && !floor.liquid
            && !self.world.areas[area.index()]
                .contents
                .intersects(AreaContents::TELEPORTER | AreaContents::JUMPPAD)
    }

    /// The time of walking off a ledge and falling `height` units into `target`.
    pub(crate) fn ledge_time(&self, height: f32, target: AreaId) -> u16 {
        self.settings
            .times
            .walk_off_ledge(height, self.settings.physics.gravity)
            .saturating_add(self.landing_damage(height, target))
    }

    /// Every reachability leaving `a1` found from the geometry (not from entities);
    /// `scratch` is scratch space for finding the areas near it.
    fn area_reachabilities(&self, a1: AreaId, scratch: &mut NearbyScratch) -> Vec<Reachability> {
        let area = &self.world.areas[a1.index()];
        // Teleporter and jump pad areas lead only where their trigger sends the player.
        if area
            .contents
            .intersects(AreaContents::TELEPORTER | AreaContents::JUMPPAD)
        {
            return Vec::new();
        }
        let physics = &self.settings.physics;
        let mut found = Vec::new();
        let mut reached = Vec::new();
        let margin = self.settings.max_jump_distance;
        let below = physics
            .reach_max_jump_fall_height
            .max(physics.reach_max_barrier);
        let above = physics.jump_apex_height().max(physics.reach_max_barrier) + 1.0;
        let NearbyScratch { seen, candidates } = scratch;
        let reach = nearby::Reach {
            margin,
            below,
            above,
        };
        self.nearby.near(a1.index(), reach, seen, candidates);
        for a2 in candidates.iter().map(|&i| area_id(i)) {
            let reach = self
                .swim_reachability(a1, a2)
                .or_else(|| self.edge_pair_reachability(a1, a2));
            if let Some(reach) = reach {
                reached.push(a2);
                found.push(reach);
            }
        }
        found.extend(self.ledge_reachabilities(a1, &mut reached));
        for a2 in candidates.iter().map(|&i| area_id(i)) {
            if reached.contains(&a2) {
                continue;
            }
            if let Some(reach) = self.jump_reachability(a1, a2) {
                reached.push(a2);
                found.push(reach);
            }
        }
        found
    }
}

/// Computes the reachabilities of `world` from its geometry and `entities`: one list per
/// area, in area order. Within a list: the geometric reachabilities (in the order of the
/// [module docs](self)), then teleporters, jump pads, elevators, bobbing platforms and rocket
/// jumps; a rocket jump is only added towards an area the list does not reach yet.
///
/// [`compute_reachabilities_reporting`] also says which entities got no reachability because
/// of where they lead.
#[must_use]
pub fn compute_reachabilities(
    world: &AasWorld,
    entities: &MapEntities,
    settings: &ReachSettings,
) -> Vec<Vec<Reachability>> {
    compute_reachabilities_reporting(world, entities, settings).0
}

/// [`compute_reachabilities`], with a diagnostic for every entity left without reachabilities
/// by where it leads (a teleporter whose destination is blocked, or from which the player never
/// comes down), in entity order.
#[must_use]
pub fn compute_reachabilities_reporting(
    world: &AasWorld,
    entities: &MapEntities,
    settings: &ReachSettings,
) -> (Vec<Vec<Reachability>>, Vec<EntityDiagnostic>) {
    let floors: Vec<AreaFloor> = (0..world.areas.len())
        .into_par_iter()
        .map(|i| area_floor(world, area_id(i), settings.physics.max_steepness))
        .collect();
    // Jump pads and teleporters as their bounds: the reference compiler computes their
    // reachabilities from the trigger's bounding box, not its brushes.
    let physics = Physics::new(world, settings.physics.clone())
        .with_triggers(
            entities
                .triggers()
                .into_iter()
                .map(Trigger::boxed)
                .collect(),
        )
        .with_movers(entities.movers());
    let nearby = NearbyAreas::new(floors.iter().map(|f| (f.mins, f.maxs)).collect());
    let context = ReachContext {
        world,
        floors,
        nearby,
        settings,
        physics,
    };
    let mut lists: Vec<Vec<Reachability>> = (0..world.areas.len())
        .into_par_iter()
        .map_init(NearbyScratch::default, |scratch, i| {
            context.area_reachabilities(area_id(i), scratch)
        })
        .collect();
    // Ladders come before the entity types; like the geometric types, one per area pair.
    for (area, reach) in context.ladder_reachabilities() {
        let list = &mut lists[area.index()];
        if !list.iter().any(|r| r.target == reach.target) {
            list.push(reach);
        }
    }
    let teleports = context.teleport_reachabilities(entities);
    let mut diagnostics = teleports.diagnostics;
    let per_pad = context.jump_pad_reachabilities(entities);
    for (pad, found) in entities.jump_pads.iter().zip(&per_pad) {
        if found.is_empty() {
            diagnostics.push(EntityDiagnostic {
                entity: pad.entity,
                classname: "trigger_push".to_owned(),
                problem: EntityProblem::JumpPadLeadsNowhere,
                skipped: true,
            });
        }
    }
    let entity_reaches = [
        teleports.reaches,
        per_pad.into_iter().flatten().collect(),
        context.elevator_reachabilities(entities),
        context.bobbing_reachabilities(entities),
    ];
    for (area, reach) in entity_reaches.into_iter().flatten() {
        lists[area.index()].push(reach);
    }
    if settings.rocket_jumps {
        let items = context.item_areas(entities);
        let rocket: Vec<Vec<Reachability>> = (0..world.areas.len())
            .into_par_iter()
            .map(|i| context.rocket_jump_reachabilities(area_id(i), &items))
            .collect();
        let mut candidates: Vec<(AreaId, Reachability)> = Vec::new();
        for (i, jumps) in rocket.into_iter().enumerate() {
            for jump in jumps {
                if !lists[i].iter().any(|r| r.target == jump.target) {
                    candidates.push((area_id(i), jump));
                }
            }
        }
        for (area, jump) in rocket_jumps::spread_out(candidates, settings.rocket_jump_spacing) {
            lists[area.index()].push(jump);
        }
    }
    (lists, diagnostics)
}

/// The id of the area at `index`.
pub(crate) fn area_id(index: usize) -> AreaId {
    AreaId::from_index(index)
}

/// Replaces `world`'s reachabilities by `lists` (one list per area, in area order).
///
/// # Panics
/// When `lists` does not have one list per area, or there are more than `u32::MAX`
/// reachabilities.
pub fn store_reachabilities(world: &mut AasWorld, lists: Vec<Vec<Reachability>>) {
    assert_eq!(
        lists.len(),
        world.areas.len(),
        "one reachability list per area"
    );
    world.reachabilities.clear();
    for (area, list) in world.areas.iter_mut().zip(lists) {
        let start =
            u32::try_from(world.reachabilities.len()).expect("fewer than 2^32 reachabilities");
        world.reachabilities.extend(list);
        let end =
            u32::try_from(world.reachabilities.len()).expect("fewer than 2^32 reachabilities");
        area.reachabilities = start..end;
    }
}
