//! Where the shared real data is, for the tests that read it.

use std::path::PathBuf;

/// The nine shared maps (real-data.md §1.1), each with a `.bsp`, a `.aas` and a `.map`.
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

/// The shared map folder `maps/openarena-lostlevels` of `$REAL_DATA`, else of `../shared`
/// beside the workspace root.
///
/// Returns `None` after printing "skipped: real data not found" when `REAL_DATA` is unset and
/// `../shared` is absent (a newcomer's fresh clone). Panics, failing the test, when `REAL_DATA`
/// is set but does not hold the maps: CI sets it and must not pass without the data.
pub(crate) fn shared_maps_dir() -> Option<PathBuf> {
    const MAPS: &str = "maps/openarena-lostlevels";
    if let Some(root) = std::env::var_os("REAL_DATA") {
        let dir = PathBuf::from(&root).join(MAPS);
        assert!(
            dir.is_dir(),
            "REAL_DATA={} does not contain {MAPS}/",
            PathBuf::from(root).display()
        );
        return Some(dir);
    }
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared")).join(MAPS);
    if dir.is_dir() {
        return Some(dir);
    }
    #[expect(clippy::print_stdout, reason = "a skipped real-data test must say so")]
    {
        println!(
            "skipped: real data not found (set REAL_DATA or put ../shared beside the workspace)"
        );
    }
    None
}

/// Reads `<map>.<extension>` from the shared map folder, failing the test if it is missing.
pub(crate) fn read_shared(maps: &std::path::Path, map: &str, extension: &str) -> Vec<u8> {
    let path = maps.join(format!("{map}.{extension}"));
    std::fs::read(&path).unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()))
}
