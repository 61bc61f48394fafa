//! Finding the shared data folder: `$REAL_DATA`, else `../shared` beside the workspace.

use std::path::PathBuf;

/// The environment variable naming the data folder.
pub const ENV_VAR: &str = "REAL_DATA";

/// The sub-folder of the bot-data sets (each holding a `botfiles/` folder).
pub const BOTFILES: &str = "botfiles";

/// The sub-folder of the nine [`SHARED_MAPS`](crate::SHARED_MAPS), each with a `.bsp`, a
/// `.aas` (bspc's) and a `.map`.
pub const MAPS: &str = "maps/openarena-lostlevels";

/// The sub-folder of the nine [`PACK_MAPS`](crate::PACK_MAPS) of the `OpenArena` community map
/// pack, with bspc's references.
pub const PACK: &str = "maps/oacmpvol1";

/// What a test prints when it skips for want of data.
pub const SKIPPED: &str =
    "skipped: real data not found (set REAL_DATA or put ../shared beside the workspace)";

/// `../shared` beside the workspace root (every member sits one level below it).
fn default_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared"))
}

/// The data folder, for benches and tools: `$REAL_DATA` if set, else `../shared` beside the
/// workspace; `None` when that is not a folder. Prints nothing, never panics.
#[must_use]
pub fn find() -> Option<PathBuf> {
    let dir = std::env::var_os(ENV_VAR).map_or_else(default_dir, PathBuf::from);
    dir.is_dir().then_some(dir)
}

/// The folder `sub` of the data [`find`] finds, for benches and tools; `None` when there is no
/// data or it has no `sub`. Prints nothing, never panics.
#[must_use]
pub fn find_in(sub: &str) -> Option<PathBuf> {
    find().map(|dir| dir.join(sub)).filter(|dir| dir.is_dir())
}

/// The `botfiles` root of the bot-data set `set` (one of [`BOT_SETS`](crate::BOT_SETS)), for
/// benches and tools ([`find_in`]).
#[must_use]
pub fn find_bot_set(set: &str) -> Option<PathBuf> {
    find_in(&format!("{BOTFILES}/{set}/botfiles"))
}

/// The folder `sub` of the data, for tests.
///
/// Returns `None` after printing [`SKIPPED`] when `REAL_DATA` is unset and `../shared` is
/// absent.
///
/// # Panics
/// Failing the test when `REAL_DATA` is set but is not a folder, or when the data folder has
/// no `sub`: CI sets `REAL_DATA` and must not pass without the data.
#[must_use]
#[track_caller]
pub fn folder(sub: &str) -> Option<PathBuf> {
    let root = match std::env::var_os(ENV_VAR) {
        Some(dir) => {
            let dir = PathBuf::from(dir);
            assert!(dir.is_dir(), "{ENV_VAR}={} is not a folder", dir.display());
            dir
        }
        None => {
            let dir = default_dir();
            if !dir.is_dir() {
                #[expect(clippy::print_stdout, reason = "a skipped real-data test must say so")]
                {
                    println!("{SKIPPED}");
                }
                return None;
            }
            dir
        }
    };
    let dir = root.join(sub);
    assert!(
        dir.is_dir(),
        "the real data folder {} does not contain {sub}/",
        root.display()
    );
    Some(dir)
}

/// The bot-data folder [`BOTFILES`] ([`folder`]).
#[must_use]
#[track_caller]
pub fn botfiles() -> Option<PathBuf> {
    folder(BOTFILES)
}

/// The map folder [`MAPS`] of the nine [`SHARED_MAPS`](crate::SHARED_MAPS) ([`folder`]).
#[must_use]
#[track_caller]
pub fn maps() -> Option<PathBuf> {
    folder(MAPS)
}

/// The map folder [`PACK`] of the nine [`PACK_MAPS`](crate::PACK_MAPS) ([`folder`]).
#[must_use]
#[track_caller]
pub fn pack_maps() -> Option<PathBuf> {
    folder(PACK)
}
