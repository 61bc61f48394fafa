//! The hand-made test maps of `aas-geom/tests/maps/`, compiled for unit tests.

use std::path::PathBuf;

use aas_geom::BrushWorld;
use aas_geom::compile::pipeline::compile_world;
use aas_geom::format::map_text::{MapSettings, read_map};
use aas_geom::world::AasWorld;

/// `aas-geom/tests/maps/NAME.map`: its brushes and entities, and its compiled areas.
pub(crate) fn load(name: &str) -> (BrushWorld, AasWorld) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../aas-geom/tests/maps")
        .join(format!("{name}.map"));
    let text = std::fs::read(path).expect("the test map");
    let brushes = read_map(&text, &MapSettings::default()).expect("the map parses");
    let world = compile_world(&brushes, &Default::default())
        .expect("the map compiles")
        .world;
    (brushes, world)
}
