//! What the bot knows of the level's items, from its own senses only ([`BotView`]), the way
//! a human player keeps track of them: where they are (the map layout, [`LevelItems`]),
//! whether they were there when last looked at, when one was taken, and so when it should be
//! back. Nothing hidden is read: the world never says whether an item out of sight is there.
//!
//! # Rules
//!
//! For each view, in this order:
//!
//! 1. **Seen present**: a map item listed in [`BotView::items`] (by entity number, else the
//!    same item within [`KnowledgeSettings::match_distance`] of the spot) is
//!    [`Belief::Present`]. A dropped item listed there is remembered ([`DroppedItem`]).
//! 2. **Heard taken**: a [`SoundKind::Pickup`] of an item within `match_distance` of a spot
//!    of that item (the nearest) means that spot was just taken: [`Belief::Taken`] with
//!    `heard`, at the view's time. When no spot matches, the pickup was of a dropped item,
//!    which is forgotten. The world does not let a player hear its own pickups; rule 3
//!    covers those.
//! 3. **Seen empty** (only while alive): a map item's spot within
//!    [`KnowledgeSettings::absent_range`] horizontally and
//!    [`KnowledgeSettings::absent_height`] vertically of the bot's origin, whose item is not
//!    listed, is taken — the thesis (§11.1): the bot "can see the item has been picked up,
//!    because it is no longer there". The view lists present items in line of sight without
//!    saying which spots were in line of sight, so "not listed" only proves "not there" for a
//!    spot so close that nothing can hide it; the range is kept small for that reason (the
//!    bot standing on the spot after its own pickup is the main case). A spot already known
//!    taken and not yet due back keeps its time (the bot waiting next to it does not push
//!    the estimate back). A remembered dropped item that close and not listed is forgotten.
//! 4. **Dropped items expire** [`KnowledgeSettings::dropped_lifetime_ms`] after they were
//!    first seen (the game removes them 30 s after the drop; first seen is the latest the
//!    drop can have been).
//!
//! A taken item is expected back `respawntime` seconds (its `items.c` info; the default
//! [`KnowledgeSettings::default_respawn_s`] when it has none) after the time it was taken.
//! When it was seen empty rather than heard taken, the true pickup lies between the last time
//! it was seen present and now; "now" is used, the latest possible, so the estimate is when
//! the item is surely back. A spot never seen is assumed present ([`Belief::Assumed`]): a
//! player who knows the map expects items where they belong — except a powerup at the start
//! of a match, which the game spawns only 30 to 60 s in: it is believed taken until
//! [`KnowledgeSettings::powerup_first_spawn_ms`].

use bot_interface::{BotView, Item, SoundKind};
use glam::Vec3;

use super::level_items::{LevelItem, LevelItems};
use super::stack::seconds_to_ms;
use super::target::SpotId;

/// The distances and times of the rules.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KnowledgeSettings {
    /// Horizontal distance (units) within which a spot whose item is not listed counts as
    /// seen empty. Default 128.
    pub absent_range: f32,
    /// Vertical distance (units) between the bot's origin and a spot within which it counts
    /// as seen empty (keeps floors above and below out). Default 64.
    pub absent_height: f32,
    /// How near (units) a pickup sound or a seen item must be to a spot to be that spot's.
    /// Default 32.
    pub match_distance: f32,
    /// How long (ms) a dropped item is remembered after it was first seen. Default 30 000.
    pub dropped_lifetime_ms: u32,
    /// Respawn time (s) assumed for an item whose info has none (flags). Default 30
    /// (botlib's `AVOID_DEFAULT_TIME`).
    pub default_respawn_s: f32,
    /// When (match time, ms) the level's powerups are surely there for the first time: a
    /// player who knows the game does not expect them at the start. Default 60 000: Quake
    /// III spawns each 30 to 60 s into the match (45 ± 15 s), and the latest is used, as for
    /// items seen taken. 0: there from the start.
    pub powerup_first_spawn_ms: u32,
}

impl Default for KnowledgeSettings {
    fn default() -> Self {
        Self {
            absent_range: 128.0,
            absent_height: 64.0,
            match_distance: 32.0,
            dropped_lifetime_ms: 30_000,
            default_respawn_s: 30.0,
            powerup_first_spawn_ms: 60_000,
        }
    }
}

/// What the bot believes of a map item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Belief {
    /// Never seen nor heard of: assumed there.
    Assumed,
    /// Seen there.
    Present {
        /// When it was last seen (match time, ms).
        seen_ms: u32,
    },
    /// Taken.
    Taken {
        /// When it was taken (heard), or first seen missing (ms).
        at_ms: u32,
        /// When it is expected back (ms).
        back_ms: u32,
        /// Whether the pickup was heard (the time is exact) rather than inferred from an
        /// empty spot.
        heard: bool,
    },
}

/// An item a player dropped, as the bot saw it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DroppedItem {
    /// The world's entity number.
    pub entity: u32,
    /// What it is.
    pub item: Item,
    /// Where it was last seen.
    pub origin: Vec3,
    /// When it was first seen (ms).
    pub first_seen_ms: u32,
    /// When it was last seen (ms).
    pub last_seen_ms: u32,
}

/// The bot's knowledge of the level's items.
#[derive(Debug, Clone, PartialEq)]
pub struct ItemKnowledge {
    spots: Vec<Belief>,
    dropped: Vec<DroppedItem>,
    settings: KnowledgeSettings,
}

impl ItemKnowledge {
    /// Knowledge of `level` at the start of a match: every item assumed present, except the
    /// powerups, expected at [`KnowledgeSettings::powerup_first_spawn_ms`] (believed taken at
    /// time 0, not heard).
    #[must_use]
    pub fn new(level: &LevelItems, settings: KnowledgeSettings) -> Self {
        let first = settings.powerup_first_spawn_ms;
        let start = |item: &LevelItem| match item.item {
            Some(Item::Powerup(_)) if first > 0 => Belief::Taken {
                at_ms: 0,
                back_ms: first,
                heard: false,
            },
            _ => Belief::Assumed,
        };
        Self {
            spots: level.iter().map(|(_, item)| start(item)).collect(),
            dropped: Vec::new(),
            settings,
        }
    }

    /// The settings.
    #[must_use]
    pub fn settings(&self) -> &KnowledgeSettings {
        &self.settings
    }

    /// What the bot believes of level item `id` ([`Belief::Assumed`] for an unknown id).
    #[must_use]
    pub fn belief(&self, id: SpotId) -> Belief {
        self.spots
            .get(id.index())
            .copied()
            .unwrap_or(Belief::Assumed)
    }

    /// When level item `id` is expected back, if it is believed taken (possibly in the past:
    /// then it is believed back).
    #[must_use]
    pub fn back_ms(&self, id: SpotId) -> Option<u32> {
        match self.belief(id) {
            Belief::Taken { back_ms, .. } => Some(back_ms),
            Belief::Assumed | Belief::Present { .. } => None,
        }
    }

    /// The dropped items the bot remembers, in the order it first saw them.
    #[must_use]
    pub fn dropped(&self) -> &[DroppedItem] {
        &self.dropped
    }

    /// Updates the knowledge of `level` (the level it was made for) from one view (see the
    /// module's rules).
    ///
    /// # Complexity
    /// O(seen items × level items + sounds × level items + level items + dropped items).
    pub fn update(&mut self, level: &LevelItems, view: &BotView) {
        let now = view.time_ms;
        let near = self.settings.match_distance;
        // Knowledge made for another level: spots it lacks start assumed present.
        self.spots.resize(level.len(), Belief::Assumed);
        let mut seen = vec![false; self.spots.len()];
        // 1. Seen present.
        for item in &view.items {
            if item.dropped {
                self.saw_dropped(item.entity, item.item, item.origin, now);
                continue;
            }
            let spot = level
                .by_entity(item.entity)
                .or_else(|| nearest_spot(level, item.item, item.origin, near));
            if let Some(id) = spot {
                self.spots[id.index()] = Belief::Present { seen_ms: now };
                seen[id.index()] = true;
            }
        }
        // 2. Heard taken.
        for sound in &view.sounds {
            let SoundKind::Pickup(item) = sound.kind else {
                continue;
            };
            if let Some(id) = nearest_spot(level, item, sound.origin, near) {
                self.spots[id.index()] = self.taken(level, id, now, true);
                seen[id.index()] = true;
            } else if let Some(i) = self.nearest_dropped(item, sound.origin) {
                self.dropped.remove(i);
            }
        }
        // 3. Seen empty.
        if view.me.alive {
            let me = view.me.origin;
            for (id, spot) in level.iter() {
                if seen[id.index()] || spot.item.is_none() || !self.close(me, spot.origin) {
                    continue;
                }
                let waiting = matches!(
                    self.spots[id.index()],
                    Belief::Taken { back_ms, .. } if back_ms > now
                );
                if !waiting {
                    self.spots[id.index()] = self.taken(level, id, now, false);
                }
            }
            let settings = self.settings;
            self.dropped
                .retain(|d| d.last_seen_ms == now || !close(&settings, me, d.origin));
        }
        // 4. Dropped items expire.
        let lifetime = self.settings.dropped_lifetime_ms;
        self.dropped
            .retain(|d| d.first_seen_ms.saturating_add(lifetime) > now);
    }

    /// Records that level item `id` was taken at `now_ms` (for a caller that knows more, such
    /// as its own pickup from its inventory).
    pub fn mark_taken(&mut self, level: &LevelItems, id: SpotId, now_ms: u32) {
        if id.index() < self.spots.len() {
            self.spots[id.index()] = self.taken(level, id, now_ms, true);
        }
    }

    fn taken(&self, level: &LevelItems, id: SpotId, now: u32, heard: bool) -> Belief {
        let respawn = level.get(id).map_or(0.0, |item| item.respawntime).max(0.0);
        let respawn = if respawn > 0.0 {
            respawn
        } else {
            self.settings.default_respawn_s
        };
        Belief::Taken {
            at_ms: now,
            back_ms: now.saturating_add(seconds_to_ms(respawn)),
            heard,
        }
    }

    fn saw_dropped(&mut self, entity: u32, item: Item, origin: Vec3, now: u32) {
        if let Some(known) = self.dropped.iter_mut().find(|d| d.entity == entity) {
            known.item = item;
            known.origin = origin;
            known.last_seen_ms = now;
        } else {
            self.dropped.push(DroppedItem {
                entity,
                item,
                origin,
                first_seen_ms: now,
                last_seen_ms: now,
            });
        }
    }

    fn nearest_dropped(&self, item: Item, origin: Vec3) -> Option<usize> {
        let near = self.settings.match_distance;
        self.dropped
            .iter()
            .enumerate()
            .filter(|(_, d)| d.item == item && d.origin.distance(origin) <= near)
            .min_by(|(_, a), (_, b)| {
                a.origin
                    .distance_squared(origin)
                    .total_cmp(&b.origin.distance_squared(origin))
            })
            .map(|(i, _)| i)
    }

    fn close(&self, me: Vec3, spot: Vec3) -> bool {
        close(&self.settings, me, spot)
    }
}

/// Whether `spot` is close enough to `me` to be seen empty.
fn close(settings: &KnowledgeSettings, me: Vec3, spot: Vec3) -> bool {
    let d = spot - me;
    d.truncate().length() <= settings.absent_range && d.z.abs() <= settings.absent_height
}

/// The level item of `item` nearest to `origin`, within `near` units (the first on a tie).
fn nearest_spot(level: &LevelItems, item: Item, origin: Vec3, near: f32) -> Option<SpotId> {
    let mut best: Option<(SpotId, f32)> = None;
    for (id, spot) in level.iter() {
        if spot.item != Some(item) {
            continue;
        }
        let distance = spot.origin.distance(origin);
        if distance <= near && best.is_none_or(|(_, d)| distance < d) {
            best = Some((id, distance));
        }
    }
    best.map(|(id, _)| id)
}
