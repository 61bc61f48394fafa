//! Embeds the toolkit's own botfiles folder (`botfiles/`) in the crate: generates
//! `$OUT_DIR/botfiles.rs` with every file's path (relative, `/`-separated) and bytes, in
//! path order, and the characters it holds (`bots/<name>_c.c` but `default`), for
//! `bot_brain::setup::default_botfiles` and `DEFAULT_BOTS`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out);
        } else if path.file_name().is_some_and(|n| n != "README.md") {
            out.push(path);
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let root = manifest.join("botfiles");
    println!("cargo:rerun-if-changed=botfiles");
    let mut files = Vec::new();
    walk(&root, &mut files);
    files.sort();
    let mut code = String::from("/// Every file of `botfiles/`: relative path, bytes.\n");
    code.push_str("pub(super) const FILES: &[(&str, &[u8])] = &[\n");
    let mut bots = Vec::new();
    for path in &files {
        let relative = path
            .strip_prefix(&root)
            .expect("under the root")
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join("/");
        if let Some(name) = relative
            .strip_prefix("bots/")
            .and_then(|f| f.strip_suffix("_c.c"))
            .filter(|name| *name != "default")
        {
            bots.push(name.to_owned());
        }
        writeln!(
            code,
            "    ({relative:?}, include_bytes!({:?})),",
            path.display().to_string()
        )
        .expect("writing to a string");
    }
    code.push_str("];\n\n");
    code.push_str(
        "/// The characters of the toolkit's own botfiles (`bots/<name>_c.c` but `default`), in\n\
         /// name order: the bots of a match when none are asked for.\n",
    );
    writeln!(code, "pub const DEFAULT_BOTS: &[&str] = &{bots:?};").expect("writing to a string");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo")).join("botfiles.rs");
    std::fs::write(out, code).expect("OUT_DIR is writable");
}
