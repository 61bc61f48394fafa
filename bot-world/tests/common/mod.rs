//! Levels for the integration tests: small maps written out as `.map` text (axis-aligned
//! brushes, a closed room) with their navigation compiled in memory, and the pack's real
//! maps when they are here.

use std::path::Path;

use aas_geom::{ReadSettings, read_brush_world};
use bot_world::level::BuildError;
use bot_world::{Level, LevelError, LevelSettings};

/// A box from its lowest to its highest corner, in whole units.
pub(crate) type Block = ([i32; 3], [i32; 3]);

/// The floor, ceiling and four walls of a closed room 1024 × 1024 × 256 (inside: x and y
/// −512 … 512, z 0 … 256).
pub(crate) const ROOM: [Block; 6] = [
    ([-528, -528, -16], [528, 528, 0]),
    ([-528, -528, 256], [528, 528, 272]),
    ([-528, -528, 0], [-512, 528, 256]),
    ([512, -528, 0], [528, 528, 256]),
    ([-512, -528, 0], [512, -512, 256]),
    ([-512, 512, 0], [512, 528, 256]),
];

/// One axis-aligned brush in the Quake III legacy `.map` syntax.
pub(crate) fn brush(lo: [i32; 3], hi: [i32; 3]) -> String {
    let [x0, y0, z0] = lo;
    let [x1, y1, z1] = hi;
    let t = "base_wall/metal 0 0 0 0.5 0.5 0 0 0";
    format!(
        "{{\n( {x0} {y1} {z1} ) ( {x1} {y0} {z1} ) ( {x0} {y0} {z1} ) {t}\n\
         ( {x0} {y0} {z0} ) ( {x1} {y0} {z0} ) ( {x0} {y1} {z0} ) {t}\n\
         ( {x1} {y0} {z1} ) ( {x1} {y1} {z0} ) ( {x1} {y0} {z0} ) {t}\n\
         ( {x0} {y0} {z0} ) ( {x0} {y1} {z0} ) ( {x0} {y0} {z1} ) {t}\n\
         ( {x0} {y1} {z0} ) ( {x1} {y1} {z0} ) ( {x0} {y1} {z1} ) {t}\n\
         ( {x0} {y0} {z1} ) ( {x1} {y0} {z0} ) ( {x0} {y0} {z0} ) {t}\n}}\n"
    )
}

/// The [`ROOM`] with `walls` added to its world brushes, and `entities` (`.map` entity text)
/// inside.
pub(crate) fn room(walls: &[Block], entities: &str) -> String {
    let mut text = String::from("{\n\"classname\" \"worldspawn\"\n");
    for &(lo, hi) in ROOM.iter().chain(walls) {
        text.push_str(&brush(lo, hi));
    }
    text.push_str("}\n");
    text.push_str(entities);
    text
}

/// The level of `.map` text `text`, named `name`.
pub(crate) fn level_of(name: &str, text: &str) -> Result<Level, BuildError> {
    let brushes = read_brush_world(
        text.as_bytes(),
        Path::new(&format!("{name}.map")),
        &ReadSettings::default(),
    )
    .expect("the map text reads");
    Level::from_brush_world(name, brushes, 0, None)
}

/// The pack map `bsp` loaded with the navigation file of map `aas` (`None`: the pack maps are
/// not here, and the test has nothing to check).
pub(crate) fn pack_level(bsp: &str, aas: &str) -> Option<Result<Level, LevelError>> {
    let dir = real_data::pack_maps()?;
    Some(Level::load(
        &dir.join(format!("{bsp}.bsp")),
        Some(&dir.join(format!("{aas}.aas"))),
        &LevelSettings::default(),
    ))
}
