//! The toolkit's own botfiles folder (`bot-brain/botfiles`, MIT OR Apache-2.0), embedded
//! at build time (`build.rs`), so that bots play without any files on disk.

use bot_script::MemorySource;

include!(concat!(env!("OUT_DIR"), "/botfiles.rs"));

/// The toolkit's own botfiles folder, as a file source.
#[must_use]
pub fn default_botfiles() -> MemorySource {
    let mut source = MemorySource::new();
    for &(path, bytes) in FILES {
        source.insert(path, bytes);
    }
    source
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The embedded list is the folder's files (README aside), so nothing was forgotten.
    #[test]
    fn the_embedded_files_are_the_folders() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("botfiles");
        let mut on_disk = Vec::new();
        let mut stack = vec![root.clone()];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).expect("the folder exists").flatten() {
                let path = entry.path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.file_name().is_some_and(|n| n != "README.md") {
                    let relative = path.strip_prefix(&root).expect("under the root");
                    on_disk.push(relative.to_string_lossy().replace('\\', "/"));
                }
            }
        }
        on_disk.sort();
        let embedded: Vec<String> = FILES.iter().map(|(p, _)| (*p).to_owned()).collect();
        assert_eq!(embedded, on_disk);
        assert!(!DEFAULT_BOTS.is_empty());
        let source = default_botfiles();
        for name in DEFAULT_BOTS {
            assert!(
                bot_script::FileSource::read(&source, &format!("bots/{name}_c.c")).is_ok(),
                "{name}"
            );
        }
    }
}
