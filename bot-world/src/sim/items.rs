//! Item entities: spawning, respawning, dropping, falling, and pickups.

use bot_interface::{GameMode, Item, Team};
use glam::Vec3;
use serde::Serialize;

use super::{Event, World};
use crate::collision::mask;
use crate::level::{filtered_out, team_chains};
use crate::rules::{
    PickupContext, RespawnKeys, can_pick_up, drop_velocity, first_spawn_delay_ms, pick_up,
    respawn_delay_ms,
};

/// How far below its origin an item looks for the floor.
const DROP_DEPTH: f32 = 4096.0;

/// An item in the world: a map item (present or waiting to respawn) or a dropped one.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ItemEntity {
    /// Entity number.
    pub entity: u32,
    /// What it is.
    pub item: Item,
    /// Where it rests (or is, while falling).
    pub origin: Vec3,
    /// Whether it can be picked up now.
    pub present: bool,
    /// When it appears next (map items), if it will.
    pub respawn_ms: Option<u32>,
    /// The map item it is (`None`: dropped by a player).
    pub level_item: Option<usize>,
    /// When a dropped item vanishes (`None` for a dropped flag: it goes home by the flag
    /// rules).
    pub expires_ms: Option<u32>,
    /// When a player dropped it (`None`: a map item).
    pub dropped_ms: Option<u32>,
    /// Quantity override: a weapon's ammunition (`count` key), a dropped powerup's seconds.
    pub count: Option<i32>,
    /// Velocity while falling (dropped items).
    pub velocity: Vec3,
    /// The team chain it belongs to (one member of a chain is present at a time).
    pub chain: Option<usize>,
    /// Gone for good (dropped and picked up or expired, or never placeable).
    pub removed: bool,
}

impl World<'_> {
    /// Drops a point `origin` to the floor as the game drops an item (a 30-unit box traced
    /// down); `None` when the box starts in solid.
    fn rest_on_floor(&self, origin: Vec3) -> Option<Vec3> {
        let extent = Vec3::splat(self.settings.rules.items.item_radius);
        let trace = self.level.collision.trace(
            origin,
            origin - Vec3::Z * DROP_DEPTH,
            -extent,
            extent,
            mask::PLAYER_SOLID,
        );
        (!trace.start_solid).then_some(trace.end_pos)
    }

    /// Creates the map's items for this mode (the game's `notfree`/`notteam`/`gametype`
    /// filters; flags only in CTF), resting on the floor unless suspended, appearing after
    /// the spawn delay (powerups after their first delay).
    pub(super) fn spawn_level_items(&mut self) {
        let mode = self.settings.mode;
        let chains = team_chains(&self.level.items);
        for (index, level_item) in self.level.items.iter().enumerate() {
            let entity = &self.level.brushes.entities[level_item.entity];
            if filtered_out(entity, mode) {
                continue;
            }
            if matches!(level_item.item, Item::Flag(_)) && mode != GameMode::Ctf {
                continue;
            }
            let origin = if level_item.suspended {
                Some(level_item.origin)
            } else {
                self.rest_on_floor(level_item.origin)
            };
            let chain = chains.iter().position(|c| c.members.contains(&index));
            let is_master = chain.is_none_or(|c| chains[c].members.first() == Some(&index));
            let appears = if level_item.targetname.is_some() || !is_master {
                None
            } else {
                Some(first_spawn_delay_ms(
                    level_item.item,
                    &self.settings.rules,
                    &mut self.rng,
                ))
            };
            let entity_number = self.new_entity();
            self.items.push(ItemEntity {
                entity: entity_number,
                item: level_item.item,
                origin: origin.unwrap_or(level_item.origin),
                present: false,
                respawn_ms: appears.filter(|_| origin.is_some()),
                level_item: Some(index),
                expires_ms: None,
                dropped_ms: None,
                count: level_item.count,
                velocity: Vec3::ZERO,
                chain,
                removed: origin.is_none(),
            });
        }
    }

    /// Items appearing, dropped items falling and expiring.
    pub(super) fn run_items(&mut self) {
        let now = self.time_ms;
        let dt = self.settings.frame_ms as f32 / 1000.0;
        let gravity = self.physics.settings().gravity;
        for index in 0..self.items.len() {
            let item = &self.items[index];
            if item.removed {
                continue;
            }
            if let Some(expires) = item.expires_ms
                && now >= expires
            {
                self.items[index].removed = true;
                self.items[index].present = false;
                continue;
            }
            if item.velocity != Vec3::ZERO {
                let start = item.origin;
                let velocity = item.velocity - Vec3::Z * gravity * dt;
                let end = start + (item.velocity + velocity) * 0.5 * dt;
                let extent = Vec3::splat(self.settings.rules.items.item_radius);
                let trace =
                    self.level
                        .collision
                        .trace(start, end, -extent, extent, mask::PLAYER_SOLID);
                let item = &mut self.items[index];
                item.origin = trace.end_pos;
                // Dropped items have no bounce: the first contact stops them.
                item.velocity = if trace.fraction < 1.0 {
                    Vec3::ZERO
                } else {
                    velocity
                };
                if item.origin.z < -65536.0 {
                    item.removed = true;
                    item.present = false;
                }
                continue;
            }
            if !item.present
                && let Some(at) = item.respawn_ms
                && now >= at
            {
                self.respawn_item(index);
            }
        }
    }

    /// Map item `index` appears (for a team chain: one member drawn at random).
    fn respawn_item(&mut self, index: usize) {
        let mut chosen = index;
        if let Some(chain) = self.items[index].chain {
            let members: Vec<usize> = (0..self.items.len())
                .filter(|&i| self.items[i].chain == Some(chain) && !self.items[i].removed)
                .collect();
            if !members.is_empty() {
                chosen = members[self.rng.below(members.len())];
            }
            self.items[index].respawn_ms = None;
        }
        let item = &mut self.items[chosen];
        item.present = true;
        item.respawn_ms = None;
        self.events.push(Event::ItemSpawn {
            entity: item.entity,
            item: item.item.classname().to_owned(),
            origin: item.origin.to_array(),
        });
    }

    /// Tosses `item` from a dying player at `origin` towards `yaw` (degrees), returning the
    /// index of the new item entity.
    pub(super) fn drop_item(
        &mut self,
        item: Item,
        origin: Vec3,
        yaw: f32,
        count: Option<i32>,
    ) -> usize {
        let velocity = drop_velocity(yaw, &self.settings.rules, &mut self.rng);
        let entity = self.new_entity();
        let lifetime = self.settings.rules.items.dropped_lifetime_ms;
        self.items.push(ItemEntity {
            entity,
            item,
            origin,
            present: true,
            respawn_ms: None,
            level_item: None,
            expires_ms: Some(self.time_ms.saturating_add(lifetime)),
            dropped_ms: Some(self.time_ms),
            count,
            velocity,
            chain: None,
            removed: false,
        });
        self.events.push(Event::ItemSpawn {
            entity,
            item: item.classname().to_owned(),
            origin: origin.to_array(),
        });
        self.items.len() - 1
    }

    /// Player `index` touches the items around it.
    pub(super) fn touch_items(&mut self, index: usize) {
        let origin = self.players[index].body.origin;
        let now = self.time_ms;
        for item_index in 0..self.items.len() {
            let item = &self.items[item_index];
            if !item.present || item.removed {
                continue;
            }
            if !self.settings.rules.items.touches(origin, item.origin) {
                continue;
            }
            if let Item::Flag(team) = item.item {
                self.touch_flag(index, item_index, team);
                continue;
            }
            let player = &self.players[index];
            if player.inventory.health <= 0
                || !can_pick_up(&player.inventory, item.item, &self.settings.rules)
            {
                continue;
            }
            let context = PickupContext {
                time_ms: now,
                mode: self.settings.mode,
                dropped: item.level_item.is_none(),
                count_key: item.count,
            };
            let kind = item.item;
            let entity = item.entity;
            let level_item = item.level_item;
            pick_up(
                &mut self.players[index].inventory,
                kind,
                context,
                &self.settings.rules,
            );
            let player = &mut self.players[index];
            *player.stats.pickups.entry(kind.classname()).or_insert(0) += 1;
            self.events.push(Event::Pickup {
                player: player.id,
                entity,
                item: kind.classname().to_owned(),
            });
            let item = &mut self.items[item_index];
            item.present = false;
            match level_item {
                None => item.removed = true,
                Some(level_index) => {
                    let spec = &self.level.items[level_index];
                    let keys = RespawnKeys {
                        wait_s: spec.wait.unwrap_or(0.0),
                        random_s: spec.random.unwrap_or(0.0),
                    };
                    let delay = respawn_delay_ms(
                        kind,
                        self.settings.mode,
                        keys,
                        &self.settings.rules,
                        &mut self.rng,
                    );
                    self.items[item_index].respawn_ms = delay.map(|d| now.saturating_add(d));
                    if let Some(target) = spec.target.clone() {
                        self.use_targets(&target, Some(index));
                    }
                }
            }
        }
    }

    /// The base item entity of `team`'s flag, if the map has one.
    pub(super) fn flag_base(&self, team: Team) -> Option<usize> {
        self.items
            .iter()
            .position(|item| item.item == Item::Flag(team) && item.level_item.is_some())
    }
}
