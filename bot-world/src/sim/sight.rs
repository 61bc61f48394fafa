//! [`Sight`]: who sees whom and which items, kept up to date by the world once per frame so
//! that building every player's view costs no traces of its own.
//!
//! - **Players**: recomputed every frame for every pair. A player sees another when the line
//!   from its eye to the other's eye, or to the other's origin, is clear; the eye-to-eye line
//!   is traced once for both.
//! - **Items**: an item never moves once it rests, so each (player, item) line is re-traced
//!   every [`ITEM_SIGHT_PERIOD`] frames (staggered across items and players), and at once for
//!   an item that just appeared (a dropped weapon, a flag).

use glam::Vec3;

use super::World;

/// Frames between two checks of the line from a player to an item (4 frames: 200 ms at
/// 20 Hz).
pub const ITEM_SIGHT_PERIOD: usize = 4;

/// An item is seen when the point this far above its origin is.
const ITEM_SIGHT_LIFT: f32 = 8.0;

/// Lines of sight after the last frame.
#[derive(Debug, Clone, Default)]
pub(super) struct Sight {
    /// `players[i * n + j]`: player `i` sees player `j`.
    players: Vec<bool>,
    /// `items[i][k]`: player `i` sees item entity `k` (index into the world's items).
    items: Vec<Vec<bool>>,
    /// The potentially-visible-set cluster of each item's sight point, with the point it
    /// was looked up for (items rest once they appear; one that moved is looked up again).
    item_clusters: Vec<(Vec3, Option<u32>)>,
}

impl Sight {
    /// Whether player `viewer` of `count` sees player `seen`.
    pub(super) fn sees_player(&self, viewer: usize, seen: usize, count: usize) -> bool {
        self.players
            .get(viewer * count + seen)
            .copied()
            .unwrap_or(false)
    }

    /// Whether player `viewer` sees item `item`.
    pub(super) fn sees_item(&self, viewer: usize, item: usize) -> bool {
        self.items
            .get(viewer)
            .and_then(|items| items.get(item))
            .copied()
            .unwrap_or(false)
    }
}

impl World<'_> {
    /// A player's eye.
    fn eye_of(&self, index: usize) -> Vec3 {
        let physics = self.physics.settings();
        self.players[index].eye(physics.view_height, physics.crouch_view_height)
    }

    /// Brings the lines of sight up to date after a frame (see the [module docs](self)).
    pub(super) fn update_sight(&mut self) {
        let count = self.players.len();
        let mut players = std::mem::take(&mut self.sight.players);
        let mut item_clusters = std::mem::take(&mut self.sight.item_clusters);
        let mut items = std::mem::take(&mut self.sight.items);
        let eyes: Vec<Vec3> = (0..count).map(|i| self.eye_of(i)).collect();
        let eye_clusters: Vec<Option<u32>> = eyes.iter().map(|&e| self.cluster_of(e)).collect();
        let origin_clusters: Vec<Option<u32>> = self
            .players
            .iter()
            .map(|p| self.cluster_of(p.body.origin))
            .collect();
        // A line from `from` (cluster `cf`) to `to` (cluster `ct`) is clear: the set first.
        let line = |from: Vec3, cf: Option<u32>, to: Vec3, ct: Option<u32>| {
            self.clusters_see(cf, ct) && self.traced_clear(from, to)
        };
        players.clear();
        players.resize(count * count, false);
        for i in 0..count {
            for j in i + 1..count {
                let (a, b) = (&self.players[i], &self.players[j]);
                if !a.entered || !b.entered {
                    continue;
                }
                let mutual = line(eyes[i], eye_clusters[i], eyes[j], eye_clusters[j]);
                players[i * count + j] =
                    mutual || line(eyes[i], eye_clusters[i], b.body.origin, origin_clusters[j]);
                players[j * count + i] =
                    mutual || line(eyes[j], eye_clusters[j], a.body.origin, origin_clusters[i]);
            }
        }
        item_clusters.resize(self.items.len(), (Vec3::NAN, None));
        for (entry, item) in item_clusters.iter_mut().zip(&self.items) {
            let point = item.origin + Vec3::Z * ITEM_SIGHT_LIFT;
            // NaN never equals: a new entry is always looked up.
            if entry.0 != point {
                *entry = (point, self.cluster_of(point));
            }
        }
        items.resize_with(count, Vec::new);
        let frame = self.frame as usize;
        for (viewer, seen) in items.iter_mut().enumerate() {
            let known = seen.len();
            seen.resize(self.items.len(), false);
            let (eye, cluster) = (eyes[viewer], eye_clusters[viewer]);
            for (index, item) in self.items.iter().enumerate() {
                let due =
                    index >= known || (index + viewer + frame).is_multiple_of(ITEM_SIGHT_PERIOD);
                if !due || item.removed {
                    continue;
                }
                let (point, item_cluster) = item_clusters[index];
                seen[index] =
                    self.clusters_see(cluster, item_cluster) && self.traced_clear(eye, point);
            }
        }
        self.sight.players = players;
        self.sight.items = items;
        self.sight.item_clusters = item_clusters;
    }
}
