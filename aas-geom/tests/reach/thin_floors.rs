//! Thin floors: a player standing anywhere on a floor is in a grounded area with
//! reachabilities, also where a node plane of a curved ramp passes a fraction of a unit above
//! the floor (`spiral_ramp.map`; the gravitational subdivision's thin-floor columns).

use aas_geom::world::{AreaFlags, PresenceType};
use glam::Vec3;

use crate::maps::TestMap;

/// The floor under `(x, y)`, dropped from `top`: the resting origin of a standing player.
fn floor_at(map: &TestMap, x: f32, y: f32, top: f32) -> Option<Vec3> {
    let start = Vec3::new(x, y, top);
    let trace = map
        .world
        .trace(start, start - Vec3::Z * 1024.0, PresenceType::NORMAL);
    (!trace.start_solid && trace.fraction < 1.0).then_some(trace.end)
}

/// The standing points of a grid (`columns × rows` points, `step` apart from `origin`)
/// dropped from height `top`, without those on the rim of a ramp (a floor more than a step
/// away within 16 units: the player would rest on the ramp's edge, not on a floor), and
/// those of them outside a grounded area with reachabilities.
fn standing_points(
    map: &TestMap,
    origin: (f32, f32),
    (columns, rows): (i32, i32),
    step: f32,
    top: f32,
) -> (usize, Vec<Vec3>) {
    let (mut points, mut lost) = (0, Vec::new());
    for i in 0..columns {
        for j in 0..rows {
            let (x, y) = (origin.0 + i as f32 * step, origin.1 + j as f32 * step);
            let Some(rest) = floor_at(map, x, y, top) else {
                continue;
            };
            let near = [(16.0, 0.0), (-16.0, 0.0), (0.0, 16.0), (0.0, -16.0)];
            let level = near.iter().all(|&(dx, dy)| {
                floor_at(map, x + dx, y + dy, top).is_some_and(|p| (p.z - rest.z).abs() < 18.0)
            });
            if !level {
                continue;
            }
            points += 1;
            let grounded = map
                .world
                .point_area(rest + Vec3::Z * 0.125)
                .is_some_and(|a| {
                    let area = &map.world.areas[a.index()];
                    area.flags.contains(AreaFlags::GROUNDED) && !area.reachabilities.is_empty()
                });
            if !grounded {
                lost.push(rest);
            }
        }
    }
    (points, lost)
}

#[test]
fn every_standing_point_of_a_curved_ramp_and_its_floor_is_in_a_grounded_area() {
    let map = TestMap::load("spiral_ramp");
    let (points, lost) = standing_points(&map, (-588.0, -588.0), (75, 75), 16.0, 400.0);
    assert!(points > 4000, "{points}");
    // Measured on 5,424 points: 21 lost without the thin-floor columns (slabs under the air
    // of the ramp and the floor next to it), 1 or 2 with them in two rounds of splits (a wedge
    // between two slabs near the top of the ramp, where two node planes cross within a unit
    // of the floor), none when the rounds go on until nothing more splits.
    assert!(
        lost.is_empty(),
        "{} of {points} standing points: {lost:?}",
        lost.len()
    );
}

#[test]
fn every_standing_point_of_a_wide_helical_ramp_is_in_a_grounded_area() {
    // Facet planes crossing at shallow angles stack thin layers of air on slivers of floor
    // (`helix_ramp.map`): the layers count as thin, and the thin leaves are cut along the
    // sides of the columns above them, so that merging joins each stack into one column.
    let map = TestMap::load("helix_ramp");
    let (points, lost) = standing_points(&map, (-1116.0, -4.0), (141, 141), 8.0, 470.0);
    assert!(points > 15_000, "{points}");
    // Measured on 18,445 points: 439 lost with thin floors alone, 287 with thin layers, the
    // sides of the columns above them and the patch rows bspc takes, in two rounds of splits
    // (most of them on the ramp's nearly level end under the landing's plane, where cutting
    // one stack makes the next one mixed); none when the rounds go on until nothing more
    // splits (11 rounds here).
    assert!(
        lost.is_empty(),
        "{} of {points} standing points: {lost:?}",
        lost.len()
    );
}
