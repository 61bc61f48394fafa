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

/// The expected answer for `map` in a bench's table of per-map answers (each bench checks
/// its answer before timing; see `ARCHITECTURE.md`).
///
/// # Panics
/// When `map` has no row: a map added to [`SHARED_MAPS`] needs its expected answers.
#[must_use]
#[track_caller]
pub fn expected<T: Copy>(table: &[(&str, T)], map: &str) -> T {
    table
        .iter()
        .find(|(name, _)| *name == map)
        .map(|&(_, value)| value)
        .unwrap_or_else(|| panic!("no expected answer for map {map}"))
}

/// Checks a floating answer against its expected value within `tolerance`.
///
/// # Panics
/// When `actual` is not within `tolerance` of `expected` (or is not finite), naming `what`.
#[track_caller]
pub fn assert_close(what: &str, actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "{what}: got {actual}, expected {expected} (tolerance {tolerance})"
    );
}

/// Fuzzy-weight data for the `fuzzy_weights` benches.
pub mod fuzzy {
    use fuzzy_weights::WeightConfig;

    /// The `NeonKnightOA` bot-data folder (`botfiles/` of the set) in the shared data.
    #[must_use]
    pub fn neonknight_botfiles() -> Option<std::path::PathBuf> {
        super::real_data_dir()
            .map(|dir| dir.join("botfiles/NeonKnightOA-nk-oa-botfiles/botfiles"))
            .filter(|dir| dir.is_dir())
    }

    /// The item weights of `NeonKnightOA`'s `bots/default_i.c`, if the shared data is there.
    #[must_use]
    pub fn real_item_config() -> Option<WeightConfig> {
        let root = neonknight_botfiles()?;
        fuzzy_weights::load_from_dir(root, "bots/default_i.c")
            .ok()
            .map(|loaded| loaded.config)
    }
}
