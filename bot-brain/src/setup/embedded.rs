//! The project's own default botfiles folder (`bot-brain/botfiles/`, MIT OR Apache-2.0),
//! embedded in the binary so a bot runs without the repository.
//!
//! Rules: [`EMBEDDED_FILES`] lists every file of the folder, by its path relative to the
//! folder with `/` separators, sorted; a test checks it against the folder on disk, so a file
//! added there must be added here too.

use bot_script::MemorySource;

/// Every file of `bot-brain/botfiles/`: (path relative to the folder, bytes), sorted by path.
pub const EMBEDDED_FILES: [(&str, &[u8]); 33] = [
    ("README.md", include_bytes!("../../botfiles/README.md")),
    (
        "bots/bastion_c.c",
        include_bytes!("../../botfiles/bots/bastion_c.c"),
    ),
    (
        "bots/bastion_i.c",
        include_bytes!("../../botfiles/bots/bastion_i.c"),
    ),
    (
        "bots/bastion_t.c",
        include_bytes!("../../botfiles/bots/bastion_t.c"),
    ),
    (
        "bots/bastion_w.c",
        include_bytes!("../../botfiles/bots/bastion_w.c"),
    ),
    (
        "bots/clatter_c.c",
        include_bytes!("../../botfiles/bots/clatter_c.c"),
    ),
    (
        "bots/clatter_i.c",
        include_bytes!("../../botfiles/bots/clatter_i.c"),
    ),
    (
        "bots/clatter_t.c",
        include_bytes!("../../botfiles/bots/clatter_t.c"),
    ),
    (
        "bots/clatter_w.c",
        include_bytes!("../../botfiles/bots/clatter_w.c"),
    ),
    (
        "bots/default_c.c",
        include_bytes!("../../botfiles/bots/default_c.c"),
    ),
    (
        "bots/default_i.c",
        include_bytes!("../../botfiles/bots/default_i.c"),
    ),
    (
        "bots/default_t.c",
        include_bytes!("../../botfiles/bots/default_t.c"),
    ),
    (
        "bots/default_w.c",
        include_bytes!("../../botfiles/bots/default_w.c"),
    ),
    (
        "bots/fw_items.c",
        include_bytes!("../../botfiles/bots/fw_items.c"),
    ),
    (
        "bots/fw_weap.c",
        include_bytes!("../../botfiles/bots/fw_weap.c"),
    ),
    (
        "bots/kestrel_c.c",
        include_bytes!("../../botfiles/bots/kestrel_c.c"),
    ),
    (
        "bots/kestrel_i.c",
        include_bytes!("../../botfiles/bots/kestrel_i.c"),
    ),
    (
        "bots/kestrel_t.c",
        include_bytes!("../../botfiles/bots/kestrel_t.c"),
    ),
    (
        "bots/kestrel_w.c",
        include_bytes!("../../botfiles/bots/kestrel_w.c"),
    ),
    (
        "bots/vesper_c.c",
        include_bytes!("../../botfiles/bots/vesper_c.c"),
    ),
    (
        "bots/vesper_i.c",
        include_bytes!("../../botfiles/bots/vesper_i.c"),
    ),
    (
        "bots/vesper_t.c",
        include_bytes!("../../botfiles/bots/vesper_t.c"),
    ),
    (
        "bots/vesper_w.c",
        include_bytes!("../../botfiles/bots/vesper_w.c"),
    ),
    ("chars.h", include_bytes!("../../botfiles/chars.h")),
    ("inv.h", include_bytes!("../../botfiles/inv.h")),
    ("items.c", include_bytes!("../../botfiles/items.c")),
    ("match.c", include_bytes!("../../botfiles/match.c")),
    ("match.h", include_bytes!("../../botfiles/match.h")),
    ("rchat.c", include_bytes!("../../botfiles/rchat.c")),
    ("rnd.c", include_bytes!("../../botfiles/rnd.c")),
    ("syn.c", include_bytes!("../../botfiles/syn.c")),
    ("syn.h", include_bytes!("../../botfiles/syn.h")),
    ("weapons.c", include_bytes!("../../botfiles/weapons.c")),
];

/// The characters of the default folder (`bots/<name>_c.c`, `default` aside), in name
/// order: the bots of a match when none are asked for.
pub const DEFAULT_BOTS: [&str; 4] = ["bastion", "clatter", "kestrel", "vesper"];

/// The default botfiles folder as a file source: every file of [`EMBEDDED_FILES`].
#[must_use]
pub fn default_botfiles() -> MemorySource {
    let mut source = MemorySource::new();
    for (path, bytes) in EMBEDDED_FILES {
        source.insert(path, bytes);
    }
    source
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`DEFAULT_BOTS`] are exactly the folder's characters but `default`.
    #[test]
    fn the_default_bots_are_the_folders_characters() {
        let characters: Vec<&str> = EMBEDDED_FILES
            .iter()
            .filter_map(|(path, _)| path.strip_prefix("bots/")?.strip_suffix("_c.c"))
            .filter(|name| *name != "default")
            .collect();
        assert_eq!(characters, DEFAULT_BOTS);
    }
}
