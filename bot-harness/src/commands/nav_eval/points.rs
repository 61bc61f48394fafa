//! The relevant points of a map (seed 001's "relevant paths" connect inventory spots and
//! player starts): where a player stands at each item, weapon, ammunition box, flag and
//! spawn point.

use bot_brain::movement::{in_trigger, standing_spot};
use bot_world::Level;
use glam::Vec3;
use serde::Serialize;

/// One relevant point.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Point {
    /// What is there: the item's class name, or `"spawn"`.
    pub what: String,
    /// The entity's origin as the map places it.
    pub origin: [f32; 3],
    /// Where a standing player touching it is (a player origin).
    #[serde(skip)]
    pub standing: Vec3,
    /// The area of that point.
    #[serde(skip)]
    pub area: aas_geom::world::AreaId,
}

/// The relevant points of `level`: every item of the map (whatever the mode: flags too),
/// then every spawn point, in entity order, at the place a standing player touching it
/// occupies ([`standing_spot`]). Points where nobody can stand (in solid, over a void,
/// inside a jump pad's or teleporter's trigger) are left out; the second value counts them.
#[must_use]
pub fn relevant_points(level: &Level) -> (Vec<Point>, usize) {
    let world = &level.aas;
    let candidates = level
        .items
        .iter()
        .map(|item| (item.item.classname().to_owned(), item.origin))
        .chain(
            level
                .spawns
                .iter()
                .map(|spawn| ("spawn".to_owned(), spawn.origin)),
        );
    let mut points = Vec::new();
    let mut left_out = 0;
    for (what, origin) in candidates {
        match standing_spot(world, origin).filter(|&(_, area)| !in_trigger(world, area)) {
            Some((standing, area)) => points.push(Point {
                what,
                origin: origin.to_array(),
                standing,
                area,
            }),
            None => left_out += 1,
        }
    }
    (points, left_out)
}
