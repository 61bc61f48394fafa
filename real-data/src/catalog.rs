//! What the shared data holds (its `reference/real-data.md` describes each file), and opening
//! it in tests.

use std::path::{Path, PathBuf};

/// The nine maps of [`MAPS`](crate::MAPS) (real-data.md §1.1), each with a `.bsp`, a `.aas`
/// and a `.map`.
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

/// The nine maps of [`PACK`](crate::PACK): the `OpenArena` community map pack.
pub const PACK_MAPS: [&str; 9] = [
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

/// The three bot-data sets of [`BOTFILES`](crate::BOTFILES) (real-data.md §2), each holding a
/// `botfiles/` folder.
pub const BOT_SETS: [&str; 3] = [
    "NeonKnightOA-nk-oa-botfiles",
    "Amanieu-tremfusion",
    "mecwerks-Mecwerks-AI",
];

/// The `botfiles` root of the set `set` in the bot-data folder `botfiles`.
///
/// # Panics
/// Failing the test when it is missing.
#[must_use]
#[track_caller]
pub fn bot_set(botfiles: &Path, set: &str) -> PathBuf {
    let root = botfiles.join(set).join("botfiles");
    assert!(root.is_dir(), "{} is missing", root.display());
    root
}

/// The bytes of `<name>.<extension>` in the folder `dir`.
///
/// # Panics
/// Failing the test when the file cannot be read.
#[must_use]
#[track_caller]
pub fn read(dir: &Path, name: &str, extension: &str) -> Vec<u8> {
    let path = dir.join(format!("{name}.{extension}"));
    std::fs::read(&path).unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_gives_the_file_bytes() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
        assert_eq!(read(dir, "Cargo", "toml"), include_bytes!("../Cargo.toml"));
    }

    #[test]
    #[should_panic(expected = "cannot read")]
    fn read_of_a_missing_file_fails_the_test() {
        let _ = read(Path::new(env!("CARGO_MANIFEST_DIR")), "no-such-file", "bsp");
    }

    #[test]
    #[should_panic(expected = "is missing")]
    fn a_missing_bot_set_fails_the_test() {
        let _ = bot_set(Path::new(env!("CARGO_MANIFEST_DIR")), "no-such-set");
    }
}
