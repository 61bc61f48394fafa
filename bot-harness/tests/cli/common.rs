//! Helpers shared by the CLI tests: running the binary and finding the real data.

use std::path::PathBuf;
use std::process::Output;

pub(crate) use real_data::{PACK_MAPS, SHARED_MAPS};

/// Runs `bot-harness` with `args`.
pub(crate) fn run(args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_bot-harness"))
        .args(args)
        .output()
        .expect("the bot-harness binary runs")
}

/// Runs `bot-harness` with `args`, asserts success and parses standard output as JSON.
pub(crate) fn run_json(args: &[&str]) -> serde_json::Value {
    let output = run(args);
    assert!(
        output.status.success(),
        "bot-harness {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("stdout is JSON")
}

/// A file shipped with the harness.
pub(crate) fn harness_file(relative: &str) -> String {
    format!("{}/{relative}", env!("CARGO_MANIFEST_DIR"))
}

/// The shared map folder `maps/openarena-lostlevels` (`real_data::maps`: `None`, skipped and
/// said so, when the real data is absent).
pub(crate) fn shared_maps() -> Option<PathBuf> {
    real_data::maps()
}

/// The shared map folder `maps/oacmpvol1` (`real_data::pack_maps`): the nine maps of the
/// `OpenArena` community map pack with bspc's references.
pub(crate) fn pack_maps() -> Option<PathBuf> {
    real_data::pack_maps()
}

/// Every shared map: its folder and name, the lost-levels maps first.
pub(crate) fn all_shared_maps() -> Option<Vec<(PathBuf, &'static str)>> {
    let (lost, pack) = (shared_maps()?, pack_maps()?);
    Some(
        SHARED_MAPS
            .iter()
            .map(|&name| (lost.clone(), name))
            .chain(PACK_MAPS.iter().map(|&name| (pack.clone(), name)))
            .collect(),
    )
}

/// The shared bot-data folder `botfiles` (`real_data::botfiles`).
pub(crate) fn shared_botfiles() -> Option<PathBuf> {
    real_data::botfiles()
}
