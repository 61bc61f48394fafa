//! Floors made of curved patches (`patch_floors.map`): ramps and a trim that players stand on
//! from either side, at the height of the surface, and walk along.

use aas_geom::format::map_text::{MapSettings, read_map};
use aas_geom::world::AreaId;
use aas_geom::world::{AreaFlags, TravelType};
use glam::Vec3;

use aas_geom::physics::{MoveInput, StopConditions};

use crate::executor::{standing, towards};
use crate::maps::TestMap;

/// y of the middle of ramp A (drawn side up) and ramp B (drawn side down).
const RAMP_A_Y: f32 = -128.0;
const RAMP_B_Y: f32 = 128.0;

/// The lowest origin z above `z_min` at (`x`, `y`) that lies in an area, scanning up in
/// eighths of a unit (the floor under a standing player there, plus 24).
fn standing_z(map: &TestMap, x: f32, y: f32, z_min: f32) -> f32 {
    (0..2048)
        .map(|step| z_min + step as f32 * 0.125)
        .find(|&z| map.world.point_area(Vec3::new(x, y, z)).is_some())
        .unwrap_or_else(|| panic!("no open space above ({x}, {y}, {z_min})"))
}

fn grounded(map: &TestMap, area: AreaId) -> bool {
    map.world.areas[area.index()]
        .flags
        .contains(AreaFlags::GROUNDED)
}

#[test]
fn the_map_has_the_facings_it_describes() {
    let text = include_bytes!("../maps/patch_floors.map");
    let world = read_map(text, &MapSettings::default()).unwrap();
    let normal_z = |patch: usize| {
        let patch = &world.patches[patch];
        let facet = patch.facets[0];
        facet.normal(&patch.vertices).normalize().z
    };
    assert_eq!(world.patches.len(), 3);
    assert!(normal_z(0) > 0.5, "ramp A is drawn side up");
    assert!(normal_z(1) < -0.5, "ramp B is drawn side down");
    assert!(normal_z(2) < -0.99, "the trim is drawn side down");
}

#[test]
fn a_patch_lying_on_a_floor_is_stood_on_at_the_floor() {
    let map = TestMap::load("patch_floors");
    // The trim covers x -192..-128, y -32..32; the floor around it is z 0.
    let on_trim = standing_z(&map, -150.0, 0.0, 0.0);
    let beside = standing_z(&map, -64.0, 0.0, 0.0);
    assert!(
        (on_trim - 24.0).abs() <= 0.25 && (beside - 24.0).abs() <= 0.25,
        "origin on the trim {on_trim}, beside it {beside}: both stand on z 0"
    );
    let area = map.floor_area(Vec3::new(-150.0, 0.0, 24.0));
    assert!(grounded(&map, area));
}

#[test]
fn a_ramp_is_stood_on_at_its_surface_from_either_side() {
    let map = TestMap::load("patch_floors");
    for x in [16.0, 48.0, 80.0, 112.0] {
        let front = standing_z(&map, x, RAMP_A_Y, 0.0);
        let back = standing_z(&map, x, RAMP_B_Y, 0.0);
        assert!(
            (front - back).abs() <= 0.25,
            "x {x}: origin {front} on the ramp drawn up, {back} on the one drawn down"
        );
        // The surface is z = 48·(x/128)²; the box rests on the highest point under it,
        // 15 units further up the slope; the facet is its chord, at most 12 units above
        // (within the tessellation's 16-unit tolerance).
        let surface = |x: f32| 48.0 * (x.clamp(0.0, 128.0) / 128.0).powi(2);
        let highest = surface(x + 15.0);
        assert!(
            front >= highest + 24.0 - 0.25 && front <= highest + 24.0 + 12.25,
            "x {x}: origin {front}, surface under the box up to {highest}"
        );
        for y in [RAMP_A_Y, RAMP_B_Y] {
            let area = map.floor_area(Vec3::new(x, y, if y < 0.0 { front } else { back }));
            assert!(
                grounded(&map, area),
                "x {x} y {y}: area {area:?} not grounded"
            );
        }
    }
}

#[test]
fn both_ramps_are_walked_up_to_the_terrace() {
    let map = TestMap::load("patch_floors");
    let physics = map.physics();
    let terrace = map.floor_area(Vec3::new(192.0, 0.0, 72.0));
    for y in [RAMP_A_Y, RAMP_B_Y] {
        // Walk reachabilities lead from the floor in front of the ramp to the terrace.
        let foot = map.floor_area(Vec3::new(-32.0, y, 24.0));
        let mut reached = vec![foot];
        let mut next = 0;
        while let Some(&area) = reached.get(next) {
            next += 1;
            for reach in map.world.reachabilities_of(area) {
                if reach.kind() == Some(TravelType::Walk) && !reached.contains(&reach.target) {
                    reached.push(reach.target);
                }
            }
        }
        assert!(
            reached.contains(&terrace),
            "y {y}: no walk from the ramp's foot (area {foot:?}) to the terrace"
        );
        // And the player runs up it.
        let goal = Vec3::new(192.0, y, 72.0);
        let start = standing(Vec3::new(-32.0, y, 24.0));
        let run = physics.predict(
            &start,
            |_, state| MoveInput::run(towards(state.origin, goal)),
            &StopConditions::time_limit(3.0).or_enter(terrace),
        );
        let end = run.end().copied().unwrap_or(start);
        assert_eq!(
            map.world.point_area(end.origin),
            Some(terrace),
            "y {y}: running up the ramp ends at {}",
            end.origin
        );
    }
}
