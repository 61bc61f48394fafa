//! Compile a map, route between two of its items, and predict a move.
//!
//! ```text
//! cargo run --release -p aas-route --example compile_and_route [MAP.map|MAP.bsp]
//! ```
//!
//! Without an argument it uses `bot-harness/maps/harness_room.map`. The three steps are the
//! whole front door of the navigation layer: `aas_geom`'s [`load_brush_world`] +
//! [`compile_world`] (or [`AasWorld::load`] for a `.aas` file), this crate's [`Router`] for
//! travel times and the next reachability, and [`Physics::predict`] for what a player does
//! when it follows it. (It lives here, not in `aas-geom`, so that `aas-geom` does not
//! dev-depend on this crate, which depends on it: the cycle keeps `cargo package` from
//! packaging the workspace.)

#![expect(clippy::print_stdout, reason = "an example prints what it finds")]

use std::path::PathBuf;

use aas_geom::physics::StopEvents;
use aas_geom::{
    AasWorld, CompileSettings, MoveInput, Physics, PhysicsSettings, PlayerState, ReadSettings,
    StopConditions, compile_world, extract_entities, load_brush_world,
};
use aas_route::cluster::ClusterSettings;
use aas_route::{Clustering, Router, RouterSettings, TravelFlags};
use glam::Vec3;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let map = std::env::args_os().nth(1).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../bot-harness/maps/harness_room.map"),
        PathBuf::from,
    );
    // 1. Compile: brushes and entities in, an AAS world with reachabilities out.
    let brushes = load_brush_world(&map, &ReadSettings::default())?;
    let mut world = compile_world(&brushes, &CompileSettings::default())?.world;
    Clustering::compute(&world, &ClusterSettings::default()).store_into(&mut world);
    println!(
        "{}: {} areas, {} reachabilities",
        map.display(),
        world.areas.len(),
        world.reachabilities.len()
    );

    // 2. Route between the first two items that stand in an area.
    let entities = extract_entities(&brushes, PhysicsSettings::default().gravity);
    let placed: Vec<_> = entities
        .items
        .iter()
        .filter_map(|item| {
            let (point, area) = area_at(&world, item.origin)?;
            Some((item, point, area))
        })
        .take(2)
        .collect();
    let [(from, origin, start), (to, _, goal)] = placed[..] else {
        println!("fewer than two items stand in an area: nothing to route");
        return Ok(());
    };
    let mut router = Router::new(
        &world,
        Clustering::from_world(&world),
        RouterSettings::default(),
    )?;
    let route = router.route(start, origin, goal, TravelFlags::DEFAULT);
    let Some(route) = route else {
        println!("{} cannot reach {}", from.classname, to.classname);
        return Ok(());
    };
    println!(
        "{} -> {}: {:.2} s",
        from.classname,
        to.classname,
        f32::from(route.time) / 100.0
    );

    // 3. Predict: run towards the end of the first reachability for up to two seconds.
    let Some(first) = route
        .first
        .and_then(|r| world.reachabilities.get(r.index()))
    else {
        println!("already there");
        return Ok(());
    };
    let physics = Physics::new(&world, PhysicsSettings::default());
    let target = first.end;
    let stop = StopConditions::time_limit(2.0).or(StopEvents::ENTER_AREA);
    let stop = StopConditions {
        area: Some(first.target),
        ..stop
    };
    let prediction = physics.predict(
        &PlayerState::standing_at(origin),
        |_, state| MoveInput::run(target - state.origin),
        &stop,
    );
    let end = prediction.end().map_or(origin, |s| s.origin);
    println!(
        "following the first reachability: {:?} after {} frames at {end}",
        prediction.stop,
        prediction.trajectory.len()
    );
    Ok(())
}

/// Where a player stands at an item, and its area: an item's origin is often inside the floor of
/// the AAS (whose floors are raised by the player box's height below its origin, 24 units),
/// so look up to 32 units up, then up to 64 units down.
fn area_at(world: &AasWorld, origin: Vec3) -> Option<(Vec3, aas_geom::AreaId)> {
    let offsets = [0.0, 8.0, 16.0, 24.0, 32.0, -8.0, -16.0, -32.0, -64.0];
    offsets.iter().find_map(|&dz| {
        let point = origin + Vec3::Z * dz;
        world.point_area(point).map(|area| (point, area))
    })
}
