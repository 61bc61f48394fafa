//! Finding the shared real data (the pattern of `aas-route/tests/common`).

use std::path::PathBuf;

/// The shared bot-data folder: `$REAL_DATA/botfiles`, else `../shared/botfiles` beside the
/// workspace. `None` (after saying so) when absent and `REAL_DATA` is unset; a `REAL_DATA`
/// without the data fails the test.
pub(crate) fn shared_botfiles() -> Option<PathBuf> {
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
    let botfiles = root.join("botfiles");
    assert!(botfiles.is_dir(), "{} is missing", botfiles.display());
    Some(botfiles)
}

/// The `botfiles` folder of shared set `set`.
pub(crate) fn set_dir(shared: &std::path::Path, set: &str) -> PathBuf {
    let dir = shared.join(set).join("botfiles");
    assert!(dir.is_dir(), "{} is missing", dir.display());
    dir
}
