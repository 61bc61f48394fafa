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

/// Lines of sight after the last frame.
#[derive(Debug, Clone, Default)]
pub(super) struct Sight {
    /// `players[i * n + j]`: player `i` sees player `j`.
    players: Vec<bool>,
    /// `items[i][k]`: player `i` sees item entity `k` (index into the world's items).
    items: Vec<Vec<bool>>,
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
        players.clear();
        players.resize(count * count, false);
        for i in 0..count {
            for j in i + 1..count {
                let (a, b) = (&self.players[i], &self.players[j]);
                if !a.entered || !b.entered {
                    continue;
                }
                let (eye_a, eye_b) = (self.eye_of(i), self.eye_of(j));
                let mutual = self.clear_line(eye_a, eye_b);
                players[i * count + j] = mutual || self.clear_line(eye_a, b.body.origin);
                players[j * count + i] = mutual || self.clear_line(eye_b, a.body.origin);
            }
        }
        self.sight.players = players;
        let mut items = std::mem::take(&mut self.sight.items);
        items.resize_with(count, Vec::new);
        let frame = self.frame as usize;
        for (viewer, seen) in items.iter_mut().enumerate() {
            let known = seen.len();
            seen.resize(self.items.len(), false);
            let eye = self.eye_of(viewer);
            for (index, item) in self.items.iter().enumerate() {
                let due =
                    index >= known || (index + viewer + frame).is_multiple_of(ITEM_SIGHT_PERIOD);
                if !due || item.removed {
                    continue;
                }
                seen[index] = self.clear_line(eye, item.origin + Vec3::Z * 8.0);
            }
        }
        self.sight.items = items;
    }
}
