//! The level's items (botlib's level items, reference §8): every item placed in the map —
//! what a player who knows the map knows — joined with its `items.c` info (by class name)
//! and its item weight (by class name, case-sensitive as botlib's `strcmp`).
//!
//! - An item whose class has no info, or whose class has no weight in the config, is left out
//!   and reported in [`LevelItems::ignored`] (botlib logs such classes and ignores them).
//! - `item_botroam` spots ([`ROAM_CLASSNAME`]) are roam goals (botlib's `IFL_ROAM`): their
//!   weight is multiplied by the `item_botroam` weight when scored.
//! - The game-type flags of botlib (`IFL_NOTFREE`, `IFL_NOTTEAM`, `IFL_NOTSINGLE`) are the
//!   world's business: [`MatchInfo::items`] lists only the items placed in the match's mode.
//!
//! Travel times are not computed here: scoring asks a caller-supplied
//! [`TravelTimes`](super::TravelTimes), so this module knows nothing of routing.

use bot_interface::{Item, MatchInfo};
use fuzzy_weights::{CompiledConfig, WeightId};
use glam::Vec3;

use super::item_info::{ItemConfig, ROAM_CLASSNAME};
use super::target::{Goal, GoalId, SpotId};

/// An item placed in the map, as the caller knows it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placed<'a> {
    /// The world's entity number.
    pub entity: u32,
    /// Its entity class name (`"item_health_large"`, `"item_botroam"`).
    pub classname: &'a str,
    /// Where it rests.
    pub origin: Vec3,
}

/// One level item that can be a goal.
#[derive(Debug, Clone, PartialEq)]
pub struct LevelItem {
    /// The world's entity number.
    pub entity: u32,
    /// Its class name.
    pub classname: String,
    /// The game's item, when the class is one of `bot-interface`'s items (roam spots have
    /// none).
    pub item: Option<Item>,
    /// Where it rests.
    pub origin: Vec3,
    /// Its info's position in the [`ItemConfig`].
    pub info: usize,
    /// Its weight in the item weight config.
    pub weight: WeightId,
    /// Seconds until it respawns after a pickup (its info's `respawntime`; 0: none given).
    pub respawntime: f32,
    /// Whether it is a roam spot (`item_botroam`).
    pub roam: bool,
}

/// Why a placed item is not a level item.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IgnoreReason {
    /// `items.c` has no `iteminfo` for its class.
    NoItemInfo,
    /// The item weight config has no weight named after its class.
    NoWeight,
}

/// A placed item left out of the level items.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IgnoredItem {
    /// The world's entity number.
    pub entity: u32,
    /// Its class name.
    pub classname: String,
    /// Why it was left out.
    pub reason: IgnoreReason,
}

/// The level's items, in the order they were placed.
#[derive(Debug, Clone, PartialEq)]
pub struct LevelItems {
    items: Vec<LevelItem>,
    ignored: Vec<IgnoredItem>,
    /// The weight of every game item, for items dropped by players (in [`Item::all`] order).
    dropped: Vec<(Item, Option<WeightId>)>,
    roam_weight: Option<WeightId>,
}

impl LevelItems {
    /// The level items of `placed`, joined with `config` and `weights` (keep `weights` for
    /// scoring: the ids refer to it).
    ///
    /// # Complexity
    /// O(placed × (infos + weights)) name comparisons, once per match.
    #[must_use]
    pub fn new<'a>(
        placed: impl IntoIterator<Item = Placed<'a>>,
        config: &ItemConfig,
        weights: &CompiledConfig,
    ) -> Self {
        let mut items = Vec::new();
        let mut ignored = Vec::new();
        for spot in placed {
            let ignore = |reason| IgnoredItem {
                entity: spot.entity,
                classname: spot.classname.to_owned(),
                reason,
            };
            let Some(info) = config.position(spot.classname) else {
                ignored.push(ignore(IgnoreReason::NoItemInfo));
                continue;
            };
            let Some(weight) = weights.find(spot.classname) else {
                ignored.push(ignore(IgnoreReason::NoWeight));
                continue;
            };
            items.push(LevelItem {
                entity: spot.entity,
                classname: spot.classname.to_owned(),
                item: Item::from_classname(spot.classname),
                origin: spot.origin,
                info,
                weight,
                respawntime: config.infos[info].respawntime,
                roam: spot.classname == ROAM_CLASSNAME,
            });
        }
        let dropped = Item::all()
            .map(|item| (item, weights.find(item.classname())))
            .collect();
        Self {
            items,
            ignored,
            dropped,
            roam_weight: weights.find(ROAM_CLASSNAME),
        }
    }

    /// The level items of every item `info` places (see [`new`](Self::new)).
    #[must_use]
    pub fn from_match(info: &MatchInfo, config: &ItemConfig, weights: &CompiledConfig) -> Self {
        Self::new(
            info.items.iter().map(|spot| Placed {
                entity: spot.entity,
                classname: spot.item.classname(),
                origin: spot.origin,
            }),
            config,
            weights,
        )
    }

    /// Every level item, in placing order.
    #[must_use]
    pub fn items(&self) -> &[LevelItem] {
        &self.items
    }

    /// Every level item with its id.
    pub fn iter(&self) -> impl Iterator<Item = (SpotId, &LevelItem)> {
        self.items
            .iter()
            .enumerate()
            .map(|(i, item)| (SpotId(u32::try_from(i).unwrap_or(u32::MAX)), item))
    }

    /// The level item `id`.
    #[must_use]
    pub fn get(&self, id: SpotId) -> Option<&LevelItem> {
        self.items.get(id.index())
    }

    /// The number of level items.
    #[must_use]
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether there is no level item.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The placed items left out, in placing order.
    #[must_use]
    pub fn ignored(&self) -> &[IgnoredItem] {
        &self.ignored
    }

    /// The goal of going to level item `id` (`None` for an id of another level).
    #[must_use]
    pub fn goal(&self, id: SpotId) -> Option<Goal> {
        self.get(id).map(|item| Goal {
            id: GoalId::Spot(id),
            origin: item.origin,
            item: item.item,
        })
    }

    /// The level item with entity number `entity`.
    #[must_use]
    pub fn by_entity(&self, entity: u32) -> Option<SpotId> {
        self.iter()
            .find(|(_, item)| item.entity == entity)
            .map(|(id, _)| id)
    }

    /// The weight of `item` when a player dropped it (`None` when the config has none).
    #[must_use]
    pub fn dropped_weight(&self, item: Item) -> Option<WeightId> {
        self.dropped
            .iter()
            .find(|(i, _)| *i == item)
            .and_then(|(_, weight)| *weight)
    }

    /// The `item_botroam` weight, which multiplies the weight of roam spots.
    #[must_use]
    pub fn roam_weight(&self) -> Option<WeightId> {
        self.roam_weight
    }
}

/// The class names of `config` that have no weight in `weights`, in file order: what botlib
/// logs when it loads a bot's item weights (such items can never be goals).
///
/// # Complexity
/// O(infos × weights) name comparisons.
#[must_use]
pub fn unweighted_classes<'c>(config: &'c ItemConfig, weights: &CompiledConfig) -> Vec<&'c str> {
    config
        .infos
        .iter()
        .filter(|info| weights.find(&info.classname).is_none())
        .map(|info| info.classname.as_str())
        .collect()
}
