//! Where the shared real data is, for the tests that read it.

use std::path::{Path, PathBuf};

/// The three shared bot-data sets (real-data.md §2), each holding a `botfiles/` folder.
pub(crate) const SETS: [&str; 3] = [
    "NeonKnightOA-nk-oa-botfiles",
    "Amanieu-tremfusion",
    "mecwerks-Mecwerks-AI",
];

/// The shared `botfiles` folder of `$REAL_DATA`, else of `../shared` beside the workspace
/// root.
///
/// Returns `None` after printing "skipped: real data not found" when `REAL_DATA` is unset and
/// `../shared` is absent (a newcomer's fresh clone). Panics, failing the test, when
/// `REAL_DATA` is set but does not hold the bot files: CI sets it and must not pass without
/// the data.
pub(crate) fn shared_botfiles_dir() -> Option<PathBuf> {
    const BOTFILES: &str = "botfiles";
    if let Some(root) = std::env::var_os("REAL_DATA") {
        let dir = PathBuf::from(&root).join(BOTFILES);
        assert!(
            dir.is_dir(),
            "REAL_DATA={} does not contain {BOTFILES}/",
            PathBuf::from(root).display()
        );
        return Some(dir);
    }
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../shared")).join(BOTFILES);
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

/// The `botfiles` root of one set, failing the test if it is missing.
pub(crate) fn set_root(dir: &Path, set: &str) -> PathBuf {
    let root = dir.join(set).join("botfiles");
    assert!(
        root.is_dir(),
        "missing shared bot-data set {}",
        root.display()
    );
    root
}

/// Every `*.c` and `*.h` file under `root`, as `/`-separated paths relative to it, sorted.
pub(crate) fn script_files(root: &Path) -> Vec<String> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
        let entries =
            std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                walk(root, &path, out);
            } else if path.extension().is_some_and(|e| e == "c" || e == "h") {
                let relative = path.strip_prefix(root).expect("under the root");
                let parts: Vec<String> = relative
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                out.push(parts.join("/"));
            }
        }
    }
    let mut out = Vec::new();
    walk(root, root, &mut out);
    out.sort();
    out
}
