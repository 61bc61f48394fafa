#![doc = include_str!("../README.md")]

use std::path::PathBuf;

pub use real_data::SHARED_MAPS;

/// The shared real-data folder: `$REAL_DATA`, else `../shared` beside the workspace root.
/// `None` when it is not there ([`real_data::find`]: silent, a bench never fails for it).
#[must_use]
pub fn real_data_dir() -> Option<PathBuf> {
    real_data::find()
}

/// The shared map folder, holding each of the [`SHARED_MAPS`]' `.bsp`, `.aas` and `.map`.
#[must_use]
pub fn shared_maps_dir() -> Option<PathBuf> {
    real_data_dir().map(|dir| dir.join(real_data::MAPS))
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
            .map(|dir| {
                dir.join(real_data::BOTFILES)
                    .join(real_data::BOT_SETS[0])
                    .join("botfiles")
            })
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
