//! [`Sight`]: who sees whom and which items, kept up to date by the world once per frame so
//! that building every player's view costs no traces of its own.
//!
//! - **Players**: recomputed every frame for every pair. A player sees another when the line
//!   from its eye to the other's eye, or to the other's origin, is clear; the eye-to-eye line
//!   is traced once for both.
//! - **Projectiles**: every frame, from every player's eye to each projectile's position.
//! - **Items**: only present items are seen (a taken item's empty place is not reported). An
//!   item never moves once it rests, so each (player, item) line is re-traced every
//!   [`ITEM_SIGHT_PERIOD`] frames (staggered across items and players), and at once for an
//!   item that just appeared (a dropped weapon, a flag, an item that respawned).
//!
//! Only the lines some player reads are traced: each player's [`Senses`] (from
//! [`Player::senses`](bot_interface::Player::senses)) say whether it reads players, items or
//! projectiles; what it does not read stays unseen.
//!
//! Before any trace, the map's potentially visible set culls lines between clusters that
//! cannot see each other. Every line checked again and again (each pair of players' three,
//! each player's line to each item) keeps the brush that blocked it last
//! ([`CollisionWorld::line_of_sight_hinted`](crate::collision::CollisionWorld::line_of_sight_hinted)):
//! a wall between two players mostly stays between them, and testing that one brush first
//! answers most blocked lines without walking the tree. The answers are exactly those of a
//! full trace.

use bot_interface::Senses;
use glam::Vec3;

use super::World;
use super::placements::KnownCluster;
use crate::collision::BrushIndex;

/// The brush that blocked a line last time it was checked.
type Hint = Option<BrushIndex>;

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
    /// `pair_hints[i * n + j]` for `i < j`: the blockers of the eye-to-eye line, of `i`'s eye
    /// to `j`'s origin, and of `j`'s eye to `i`'s origin.
    pair_hints: Vec<[Hint; 3]>,
    /// `item_present[k]`: item `k` was present at the last update.
    item_present: Vec<bool>,
    /// `item_hints[i][k]`: the blocker of player `i`'s line to item `k`.
    item_hints: Vec<Vec<Hint>>,
    /// `projectiles[i][k]`: player `i` sees projectile `k` (index into the world's
    /// projectiles in flight).
    projectiles: Vec<Vec<bool>>,
    /// `projectile_hints[i]`: the blocker of player `i`'s line to each projectile it last
    /// checked, by projectile entity, in entity order (the world's order).
    projectile_hints: Vec<Vec<(u32, Hint)>>,
    /// Reused for the next frame's projectile hints.
    spare_hints: Vec<(u32, Hint)>,
    /// What each player reads of its view (everything for one not listed): lines nobody
    /// reads are not traced.
    senses: Vec<Senses>,
    /// The potentially-visible-set cluster of each item's sight point, with the point it
    /// was looked up for (items rest once they appear; one that moved is looked up again).
    item_clusters: Vec<(Vec3, Option<u32>)>,
    /// The cluster of each player's eye and origin as last looked up (reused while the point
    /// stays in the same leaf of the `.bsp` tree).
    known_clusters: Vec<[Option<KnownCluster>; 2]>,
}

impl Sight {
    /// What player `viewer` reads of its view.
    pub(super) fn senses_of(&self, viewer: usize) -> Senses {
        self.senses.get(viewer).copied().unwrap_or_default()
    }

    /// Sets what player `viewer` reads of its view.
    pub(super) fn set_senses(&mut self, viewer: usize, senses: Senses) {
        if self.senses.len() <= viewer {
            self.senses.resize(viewer + 1, Senses::all());
        }
        self.senses[viewer] = senses;
    }

    /// Whether player `viewer` of `count` sees player `seen`.
    pub(super) fn sees_player(&self, viewer: usize, seen: usize, count: usize) -> bool {
        self.players
            .get(viewer * count + seen)
            .copied()
            .unwrap_or(false)
    }

    /// Whether player `viewer` sees projectile `projectile` (index among those in flight).
    pub(super) fn sees_projectile(&self, viewer: usize, projectile: usize) -> bool {
        self.projectiles
            .get(viewer)
            .and_then(|seen| seen.get(projectile))
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
        let mut pair_hints = std::mem::take(&mut self.sight.pair_hints);
        let mut item_hints = std::mem::take(&mut self.sight.item_hints);
        let eyes: Vec<Vec3> = (0..count).map(|i| self.eye_of(i)).collect();
        let mut known = std::mem::take(&mut self.sight.known_clusters);
        known.resize(count, [None; 2]);
        let eye_clusters: Vec<Option<u32>> = eyes
            .iter()
            .zip(&mut known)
            .map(|(&eye, [known_eye, _])| self.cluster_near(eye, known_eye))
            .collect();
        // An origin's cluster is needed only when the eyes do not see each other.
        let mut origin_clusters: Vec<Option<Option<u32>>> = vec![None; count];
        let mut origin_cluster = |index: usize| {
            *origin_clusters[index].get_or_insert_with(|| {
                self.cluster_near(self.players[index].body.origin, &mut known[index][1])
            })
        };
        // A line from `from` (cluster `cf`) to `to` (cluster `ct`) is clear: the set first.
        let line = |from: Vec3, cf: Option<u32>, to: Vec3, ct: Option<u32>, hint: &mut Hint| {
            self.clusters_see(cf, ct) && self.traced_clear_hinted(from, to, hint)
        };
        players.clear();
        players.resize(count * count, false);
        pair_hints.resize(count * count, [None; 3]);
        for i in 0..count {
            for j in i + 1..count {
                let (a, b) = (&self.players[i], &self.players[j]);
                if !a.entered || !b.entered {
                    continue;
                }
                let wants = |k: usize| self.sight.senses_of(k).contains(Senses::PLAYERS);
                let (i_reads, j_reads) = (wants(i), wants(j));
                if !(i_reads || j_reads) {
                    continue;
                }
                let [eye_to_eye, i_to_j, j_to_i] = &mut pair_hints[i * count + j];
                let mutual = line(
                    eyes[i],
                    eye_clusters[i],
                    eyes[j],
                    eye_clusters[j],
                    eye_to_eye,
                );
                players[i * count + j] = i_reads
                    && (mutual
                        || line(
                            eyes[i],
                            eye_clusters[i],
                            b.body.origin,
                            origin_cluster(j),
                            i_to_j,
                        ));
                players[j * count + i] = j_reads
                    && (mutual
                        || line(
                            eyes[j],
                            eye_clusters[j],
                            a.body.origin,
                            origin_cluster(i),
                            j_to_i,
                        ));
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
        item_hints.resize_with(count, Vec::new);
        // Items that came (back) since the last frame are checked at once.
        let mut present = std::mem::take(&mut self.sight.item_present);
        present.resize(self.items.len(), false);
        let appeared: Vec<bool> = present
            .iter_mut()
            .zip(&self.items)
            .map(|(was, item)| {
                let now = item.present && !item.removed;
                !std::mem::replace(was, now) && now
            })
            .collect();
        let frame = self.frame as usize;
        for (viewer, (seen, hints)) in items.iter_mut().zip(&mut item_hints).enumerate() {
            if !self.sight.senses_of(viewer).contains(Senses::ITEMS) {
                seen.clear();
                continue;
            }
            let known = seen.len();
            seen.resize(self.items.len(), false);
            hints.resize(self.items.len(), None);
            let (eye, cluster) = (eyes[viewer], eye_clusters[viewer]);
            for (index, item) in self.items.iter().enumerate() {
                if !item.present || item.removed {
                    seen[index] = false;
                    continue;
                }
                let due = index >= known
                    || appeared[index]
                    || (index + viewer + frame).is_multiple_of(ITEM_SIGHT_PERIOD);
                if !due {
                    continue;
                }
                let (point, item_cluster) = item_clusters[index];
                seen[index] = self.clusters_see(cluster, item_cluster)
                    && self.traced_clear_hinted(eye, point, &mut hints[index]);
            }
        }
        self.sight.known_clusters = known;
        self.sight.players = players;
        self.sight.items = items;
        self.sight.item_clusters = item_clusters;
        self.sight.pair_hints = pair_hints;
        self.sight.item_present = present;
        self.sight.item_hints = item_hints;
        self.update_projectile_sight(&eyes, &eye_clusters);
    }

    /// Which projectiles each player sees, from the eyes (and their clusters) of this frame.
    fn update_projectile_sight(&mut self, eyes: &[Vec3], eye_clusters: &[Option<u32>]) {
        let mut seen = std::mem::take(&mut self.sight.projectiles);
        let mut hints = std::mem::take(&mut self.sight.projectile_hints);
        let mut spare = std::mem::take(&mut self.sight.spare_hints);
        let anyone_reads = (0..eyes.len())
            .any(|viewer| self.sight.senses_of(viewer).contains(Senses::PROJECTILES));
        let clusters: Vec<Option<u32>> = if anyone_reads {
            self.projectiles
                .iter()
                .map(|p| self.cluster_of(p.origin))
                .collect()
        } else {
            Vec::new()
        };
        seen.resize_with(eyes.len(), Vec::new);
        hints.resize_with(eyes.len(), Vec::new);
        for (viewer, (seen, hints)) in seen.iter_mut().zip(&mut hints).enumerate() {
            seen.clear();
            if !self.sight.senses_of(viewer).contains(Senses::PROJECTILES) {
                hints.clear();
                continue;
            }
            spare.clear();
            // Both lists are in entity order: walk the old hints alongside.
            let mut old = hints.iter().peekable();
            for (projectile, &cluster) in self.projectiles.iter().zip(&clusters) {
                while old
                    .next_if(|(entity, _)| *entity < projectile.entity)
                    .is_some()
                {}
                let mut hint = old
                    .next_if(|(entity, _)| *entity == projectile.entity)
                    .and_then(|&(_, hint)| hint);
                seen.push(
                    self.clusters_see(eye_clusters[viewer], cluster)
                        && self.traced_clear_hinted(eyes[viewer], projectile.origin, &mut hint),
                );
                spare.push((projectile.entity, hint));
            }
            std::mem::swap(hints, &mut spare);
        }
        self.sight.projectiles = seen;
        self.sight.projectile_hints = hints;
        self.sight.spare_hints = spare;
    }
}
