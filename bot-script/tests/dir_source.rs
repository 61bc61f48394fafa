//! `DirSource` on a real directory: case-insensitive lookup, separators, refusals.

use std::io::ErrorKind;
use std::path::PathBuf;

use bot_script::{DirSource, FileSource, Preprocessor};

/// A fresh directory under the system temporary directory, removed on drop.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("bot-script-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create the temporary directory");
        Self(dir)
    }

    fn write(&self, relative: &str, text: &str) {
        let path = self.0.join(relative);
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("create folders");
        std::fs::write(path, text).expect("write a file");
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn case_insensitive_lookup_from_the_root() {
    let dir = TempDir::new("lookup");
    dir.write("Inv.H", "#define INVENTORY_ARMOR 1\n");
    dir.write(
        "Bots/Default_I.c",
        "#include \"inv.h\"\n#include \"BOTS\\\\body.C\"\n",
    );
    dir.write("bots/Body.c", "return INVENTORY_ARMOR;\n");
    let source = DirSource::new(&dir.0);
    let (name, bytes) = source.read("bots\\\\DEFAULT_i.C").expect("found");
    assert_eq!(name, "Bots/Default_I.c");
    assert!(bytes.starts_with(b"#include"));
    assert_eq!(
        source.read("bots/none.c").unwrap_err().kind(),
        ErrorKind::NotFound
    );
    assert_eq!(
        source.read("../etc/passwd").unwrap_err().kind(),
        ErrorKind::InvalidInput
    );
    // A folder is not a file.
    assert_eq!(source.read("bots").unwrap_err().kind(), ErrorKind::NotFound);
    let stream = Preprocessor::new(DirSource::new(&dir.0))
        .preprocess_file("bots/default_i.c")
        .expect("preprocesses");
    assert_eq!(stream.canonical().text, "return 1 ;");
    // Positions use the name as written in the include, normalised.
    assert_eq!(&*stream.tokens[0].pos.file, "BOTS/body.C");
}
