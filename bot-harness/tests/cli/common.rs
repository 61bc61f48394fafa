//! Helpers shared by the CLI tests: running the binary and finding the real data.

use std::path::PathBuf;
use std::process::Output;

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

/// The folder `sub` of the shared real data: `$REAL_DATA/sub`, else `../shared/sub` beside
/// the workspace. `None` (after saying so) when the data is absent and `REAL_DATA` is unset; a
/// `REAL_DATA` that names a missing folder, or data without `sub`, fails the test.
pub(crate) fn shared_data(sub: &str) -> Option<PathBuf> {
    let root = match std::env::var_os("REAL_DATA") {
        Some(dir) => {
            let dir = PathBuf::from(dir);
            assert!(dir.is_dir(), "REAL_DATA={} is not a folder", dir.display());
            dir
        }
        None => {
            let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared"));
            if !dir.is_dir() {
                #[expect(
                    clippy::print_stderr,
                    reason = "tell the developer why a real-data test did nothing"
                )]
                {
                    eprintln!(
                        "skipped: real data not found (set REAL_DATA or put ../shared beside the workspace)"
                    );
                }
                return None;
            }
            dir
        }
    };
    let folder = root.join(sub);
    assert!(folder.is_dir(), "{} is missing", folder.display());
    Some(folder)
}

/// The shared map folder `maps/openarena-lostlevels` ([`shared_data`]).
pub(crate) fn shared_maps() -> Option<PathBuf> {
    shared_data("maps/openarena-lostlevels")
}

/// The shared map folder `maps/oacmpvol1` ([`shared_data`]): the nine maps of the
/// `OpenArena` community map pack with bspc's references.
pub(crate) fn pack_maps() -> Option<PathBuf> {
    shared_data("maps/oacmpvol1")
}

/// The nine maps of [`pack_maps`].
pub(crate) const PACK_MAPS: [&str; 9] = [
    "oacmpctf1",
    "oacmpctf2",
    "oacmpdm1",
    "oacmpdm2",
    "oacmpdm3",
    "oacmpdm5",
    "oacmpdm6",
    "oacmpdm7",
    "oacmpdm8",
];

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

/// The shared bot-data folder `botfiles` ([`shared_data`]).
pub(crate) fn shared_botfiles() -> Option<PathBuf> {
    shared_data("botfiles")
}

/// The nine shared maps.
pub(crate) const SHARED_MAPS: [&str; 9] = [
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
