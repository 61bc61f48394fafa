//! [`AreaLinks`]: which areas each entity touches, and which entities are in each area.

use glam::Vec3;
use slotmap::{SlotMap, new_key_type};

use crate::world::{AasWorld, AreaId};

new_key_type! {
    /// A linked entity's handle in an [`AreaLinks`].
    pub struct LinkKey;
}

#[derive(Debug, Clone)]
struct Linked {
    areas: Vec<AreaId>,
    mins: Vec3,
    maxs: Vec3,
}

/// Entity linking both ways (botlib's `aas_link_t` lists): for each linked entity the areas
/// its bounding box touches, and for each area the entities touching it.
///
/// Entities are handles ([`LinkKey`]) in a slot map; the caller keeps its own mapping from game
/// entities to keys. Lists are kept in link order, so results are deterministic.
#[derive(Debug, Clone, Default)]
pub struct AreaLinks {
    entities: SlotMap<LinkKey, Linked>,
    by_area: Vec<Vec<LinkKey>>,
}

impl AreaLinks {
    /// An empty set of links for `world`.
    #[must_use]
    pub fn new(world: &AasWorld) -> Self {
        Self {
            entities: SlotMap::with_key(),
            by_area: vec![Vec::new(); world.areas.len()],
        }
    }

    /// Links an entity whose absolute bounding box is `[mins, maxs]`.
    ///
    /// # Complexity
    /// That of [`AasWorld::bbox_areas`], plus `O(1)` per area.
    pub fn link(&mut self, world: &AasWorld, mins: Vec3, maxs: Vec3) -> LinkKey {
        let areas = world.bbox_areas(mins, maxs);
        let key = self.entities.insert(Linked {
            areas: Vec::new(),
            mins,
            maxs,
        });
        self.attach(key, areas);
        key
    }

    /// Moves a linked entity to a new bounding box. Returns `false` for an unknown key.
    pub fn relink(&mut self, world: &AasWorld, key: LinkKey, mins: Vec3, maxs: Vec3) -> bool {
        if !self.detach(key) {
            return false;
        }
        if let Some(linked) = self.entities.get_mut(key) {
            linked.mins = mins;
            linked.maxs = maxs;
        }
        let areas = world.bbox_areas(mins, maxs);
        self.attach(key, areas);
        true
    }

    /// Removes an entity. Returns `false` for an unknown key.
    pub fn unlink(&mut self, key: LinkKey) -> bool {
        self.detach(key) && self.entities.remove(key).is_some()
    }

    /// The areas a linked entity touches (sorted by id); empty for an unknown key.
    #[must_use]
    pub fn areas_of(&self, key: LinkKey) -> &[AreaId] {
        self.entities.get(key).map_or(&[], |linked| &linked.areas)
    }

    /// The bounding box an entity was linked with.
    #[must_use]
    pub fn bounds_of(&self, key: LinkKey) -> Option<(Vec3, Vec3)> {
        self.entities
            .get(key)
            .map(|linked| (linked.mins, linked.maxs))
    }

    /// The entities touching `area`, in the order they were linked there.
    #[must_use]
    pub fn entities_in(&self, area: AreaId) -> &[LinkKey] {
        self.by_area.get(area.index()).map_or(&[], Vec::as_slice)
    }

    /// Number of linked entities.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entities.len()
    }

    /// Whether no entity is linked.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entities.is_empty()
    }

    fn attach(&mut self, key: LinkKey, areas: Vec<AreaId>) {
        for &area in &areas {
            if let Some(list) = self.by_area.get_mut(area.index()) {
                list.push(key);
            }
        }
        if let Some(linked) = self.entities.get_mut(key) {
            linked.areas = areas;
        }
    }

    fn detach(&mut self, key: LinkKey) -> bool {
        let Some(linked) = self.entities.get_mut(key) else {
            return false;
        };
        for area in std::mem::take(&mut linked.areas) {
            if let Some(list) = self.by_area.get_mut(area.index()) {
                list.retain(|&k| k != key);
            }
        }
        true
    }
}
