//! The navigation floor the page draws under the match: every AAS area's ground faces seen
//! from above, through the shapes and area kinds of `aas render` ([`crate::render::areas`]).

use aas_geom::AasWorld;
use serde::Serialize;

use crate::render::areas::{KINDS, Shape, ground_height, kind, shape};

/// The floor: area kinds and ground polygons, lower grounds first.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Floor {
    /// The area kinds `aas render` fills by: `[colour, label]`.
    pub(crate) kinds: Vec<(String, String)>,
    /// Each ground polygon as `[kind, ground height, area number, x0, y0, x1, y1, …]`, whole
    /// units; an area without faces (`bspc -optimize`) is its bounding rectangle.
    pub(crate) polygons: Vec<Vec<i32>>,
    /// The lowest and highest ground (whole units).
    pub(crate) heights: (i32, i32),
}

/// A coordinate in whole units.
#[expect(clippy::cast_possible_truncation, reason = "map coordinates")]
pub(super) fn unit(value: f32) -> i32 {
    value.round() as i32
}

/// The floor of `world`.
pub(crate) fn floor(world: &AasWorld) -> Floor {
    let mut drawn: Vec<(f32, usize, Vec<i32>)> = Vec::new();
    for (index, area) in world.areas.iter().enumerate() {
        let shape = shape(world, area);
        let ground = ground_height(area, &shape);
        let number = i32::try_from(index + 1).unwrap_or(i32::MAX);
        #[expect(clippy::cast_possible_wrap, reason = "fewer than a dozen kinds")]
        let head = [kind(area) as i32, unit(ground), number];
        let rings: Vec<Vec<(f32, f32)>> = match &shape {
            Shape::Nothing => continue,
            Shape::Bounds => vec![vec![
                (area.mins.x, area.mins.y),
                (area.maxs.x, area.mins.y),
                (area.maxs.x, area.maxs.y),
                (area.mins.x, area.maxs.y),
            ]],
            Shape::Ground(polygons) => polygons
                .iter()
                .map(|p| p.iter().map(|v| (v.x, v.y)).collect())
                .collect(),
        };
        for ring in rings {
            let mut polygon = head.to_vec();
            polygon.extend(ring.iter().flat_map(|&(x, y)| [unit(x), unit(y)]));
            drawn.push((ground, index, polygon));
        }
    }
    drawn.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let heights = drawn
        .iter()
        .fold(None, |range: Option<(i32, i32)>, (_, _, p)| {
            Some(range.map_or((p[1], p[1]), |(lo, hi)| (lo.min(p[1]), hi.max(p[1]))))
        })
        .unwrap_or((0, 0));
    Floor {
        kinds: KINDS
            .iter()
            .map(|&(colour, label)| (colour.to_owned(), label.to_owned()))
            .collect(),
        polygons: drawn.into_iter().map(|(_, _, p)| p).collect(),
        heights,
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use crate::commands::match_play::load_level;

    #[test]
    fn the_arena_floor_is_its_ground_lower_first() {
        let level = load_level(Path::new("arena"), None).expect("the built-in arena");
        let floor = super::floor(&level.aas);
        assert!(!floor.polygons.is_empty());
        let grounds: Vec<i32> = floor.polygons.iter().map(|p| p[1]).collect();
        assert!(grounds.is_sorted(), "lower grounds first");
        assert_eq!(floor.heights, (grounds[0], grounds[grounds.len() - 1]));
        // The ground floor and the mezzanine 128 units above it (origins 24 above the floor).
        assert!(
            grounds.contains(&24) && grounds.contains(&152),
            "{grounds:?}"
        );
        for polygon in &floor.polygons {
            assert!(
                polygon.len() >= 3 + 6 && polygon.len() % 2 == 1,
                "{polygon:?}"
            );
            // Every polygon lies inside the arena.
            assert!(polygon[3..].iter().all(|c| c.abs() <= 1100), "{polygon:?}");
        }
    }
}
