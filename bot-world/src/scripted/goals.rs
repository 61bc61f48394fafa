//! The roamer's goals: a random item spot it has a route to, or a random standable area on
//! a map without items.

use aas_geom::world::AreaId;
use bot_brain::movement::{NavGoal, in_trigger, standable, standing_spot};
use glam::Vec3;

use super::roamer::Roamer;

/// A spot given up as a goal is not picked again for this long (seconds).
const GIVEN_UP_FOR: f32 = 60.0;
/// After a search for a goal found none, the next waits this long (seconds).
pub(super) const PICK_RETRY: f32 = 1.0;
/// Goal candidates tried per search.
const PICK_TRIES: usize = 12;
/// A spot found without a route is not tried again for this long (seconds).
const UNREACHABLE_FOR: f32 = 20.0;

/// An item spot a player can stand at.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Spot {
    /// Where a player touching the item stands.
    pub(super) point: Vec3,
    /// The area of that point.
    pub(super) area: AreaId,
    /// Not tried as a goal before this time (a search found no route to it, or it was given
    /// up).
    pub(super) unreachable_until: f32,
}

impl Roamer<'_> {
    /// A new goal: a random item spot with a route from `area` (not the one just reached,
    /// nor one found unreachable lately), else, on a map without items, a random standable
    /// area. At most [`PICK_TRIES`] candidates are tried (each a route query, which builds
    /// the goal's caches the first time): a dead end costs a bounded search per
    /// [`PICK_RETRY`].
    pub(super) fn pick_goal(&mut self, area: AreaId, origin: Vec3, time: f32) {
        if self.navigator.world().reachabilities_of(area).is_empty() {
            // No route leaves this area (a sliver, a plat's shaft): no answer would tell
            // anything about the spots.
            return;
        }
        let count = self.spots.len();
        if count == 0 {
            self.pick_random_area(area, origin, time);
            return;
        }
        let skip = self.last_reached.filter(|_| count > 1);
        for _ in 0..PICK_TRIES {
            let index = self.rng.below(count);
            let spot = self.spots[index];
            if Some(index) == skip || spot.unreachable_until > time {
                continue;
            }
            match self.navigator.route_to(area, origin, spot.area) {
                Some(route) => {
                    let goal = NavGoal {
                        point: spot.point,
                        area: spot.area,
                        tag: Some(index),
                    };
                    self.navigator.set_goal(goal, origin, route.time, time);
                    return;
                }
                None => self.spots[index].unreachable_until = time + UNREACHABLE_FOR,
            }
        }
    }

    /// A random standable area with a route from `area` as the goal (at most
    /// [`PICK_TRIES`] tried), for maps without items.
    fn pick_random_area(&mut self, area: AreaId, origin: Vec3, time: f32) {
        let world = self.navigator.world();
        for _ in 0..PICK_TRIES {
            let candidate = AreaId::from_index(self.rng.below(world.areas.len()));
            if candidate == area || !standable(world, candidate) || in_trigger(world, candidate) {
                continue;
            }
            let Some(center) = world.areas.get(candidate.index()).map(|a| a.center) else {
                continue;
            };
            let Some((point, _)) =
                standing_spot(world, center).filter(|(_, found)| *found == candidate)
            else {
                continue;
            };
            if let Some(route) = self.navigator.route_to(area, origin, candidate) {
                let goal = NavGoal {
                    point,
                    area: candidate,
                    tag: None,
                };
                self.navigator.set_goal(goal, origin, route.time, time);
                return;
            }
        }
    }

    /// Marks the spots of the goals the navigator gave up since the last call as not to be
    /// picked again for [`GIVEN_UP_FOR`] (a spot the roamer failed to reach will likely fail
    /// again from nearby).
    pub(super) fn note_given_up(&mut self, time: f32) {
        for goal in self.navigator.take_given_up() {
            if let Some(spot) = goal.tag.and_then(|index| self.spots.get_mut(index)) {
                spot.unreachable_until = time + GIVEN_UP_FOR;
            }
        }
    }
}
