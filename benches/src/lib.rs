#![doc = include_str!("../README.md")]

use std::path::PathBuf;

/// The shared real-data folder: `$REAL_DATA`, else `../shared` beside the workspace root.
/// `None` when neither exists.
#[must_use]
pub fn real_data_dir() -> Option<PathBuf> {
    let candidate = std::env::var_os("REAL_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared"));
    candidate.is_dir().then_some(candidate)
}

/// The nine shared maps, each with a `.bsp`, a `.aas` and a `.map` in [`shared_maps_dir`].
pub const SHARED_MAPS: [&str; 9] = [
    "q3dm6ish",
    "oa_dm1v2",
    "am_galmevish",
    "oa_bases3cl",
    "blitzkrieg2",
    "dm4ish",
    "ps37ctf",
    "am_underworks",
    "dm3ish",
];

/// The shared map folder, holding each map's `.bsp`, `.aas` and `.map`.
#[must_use]
pub fn shared_maps_dir() -> Option<PathBuf> {
    real_data_dir().map(|dir| dir.join("maps/openarena-lostlevels"))
}
