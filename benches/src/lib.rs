#![doc = include_str!("../README.md")]

/// The expected answer for `map` in a bench's table of per-map answers (each bench checks
/// its answer before timing; see `ARCHITECTURE.md`).
///
/// # Panics
/// When `map` has no row: a map added to `real_data::SHARED_MAPS` needs its expected answers.
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
    use std::path::Path;

    use fuzzy_weights::WeightConfig;

    /// The item weights of `bots/default_i.c` of the botfiles folder `root` (`NeonKnightOA`'s,
    /// found by the bench with `real_data::find_bot_set`), if it loads.
    #[must_use]
    pub fn real_item_config(root: &Path) -> Option<WeightConfig> {
        fuzzy_weights::load_dir(root, "bots/default_i.c")
            .ok()
            .map(|loaded| loaded.config)
    }
}
