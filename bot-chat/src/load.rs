//! Loading chat files from a botfiles root: which files, of which kind, and the report of
//! each (loaded, or rejected with its cause).

use std::path::{Path, PathBuf};

use bot_script::{DirSource, FileSource, Preprocessor};
use serde::Serialize;

use crate::data::ChatData;
use crate::error::LoadError;
use crate::model::InitialChatFile;
use crate::parse::{self, Ctx};

/// The kind of a chat file (serialised as `syn`, `rnd`, `match`, `rchat`, `initial`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FileKind {
    /// `syn.c`: synonym lists.
    #[serde(rename = "syn")]
    Synonyms,
    /// `rnd.c`: random-string lists.
    #[serde(rename = "rnd")]
    RandomStrings,
    /// `match.c`: match templates.
    #[serde(rename = "match")]
    MatchTemplates,
    /// `rchat.c`: reply chats.
    #[serde(rename = "rchat")]
    ReplyChats,
    /// `*_t.c`: initial chats.
    #[serde(rename = "initial")]
    InitialChats,
}

impl FileKind {
    /// The name used in reports: `syn`, `rnd`, `match`, `rchat` or `initial`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Synonyms => "syn",
            Self::RandomStrings => "rnd",
            Self::MatchTemplates => "match",
            Self::ReplyChats => "rchat",
            Self::InitialChats => "initial",
        }
    }
}

/// What happened to one file.
#[derive(Debug, Clone, PartialEq)]
pub struct FileReport {
    /// The file, relative to the botfiles root (`/` separators).
    pub file: String,
    /// Its kind.
    pub kind: FileKind,
    /// `None` when it loaded; otherwise why it was rejected (nothing of it is kept).
    pub error: Option<LoadError>,
}

/// The chat files that stand at a botfiles root, by name, in load order (initial chats, the
/// `*_t.c` files, are found anywhere below it; see [`discover`]).
pub const ROOT_CHAT_FILES: [(&str, FileKind); 4] = [
    ("syn.c", FileKind::Synonyms),
    ("rnd.c", FileKind::RandomStrings),
    ("match.c", FileKind::MatchTemplates),
    ("rchat.c", FileKind::ReplyChats),
];

/// The chat files under a botfiles root: `syn.c`, `rnd.c`, `match.c`, `rchat.c` at the root
/// (those present, any letter case) and every `*_t.c` below it, sorted by path.
///
/// # Errors
///
/// When the root cannot be listed.
pub fn discover(root: &Path) -> std::io::Result<Vec<(String, FileKind)>> {
    let mut out = Vec::new();
    let mut root_names: Vec<String> = std::fs::read_dir(root)?
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    root_names.sort();
    for (wanted, kind) in ROOT_CHAT_FILES {
        if let Some(name) = root_names.iter().find(|n| n.eq_ignore_ascii_case(wanted)) {
            out.push((name.clone(), kind));
        }
    }
    let mut initial = Vec::new();
    walk(root, root, &mut initial, 0)?;
    initial.sort();
    out.extend(initial.into_iter().map(|f| (f, FileKind::InitialChats)));
    Ok(out)
}

fn walk(root: &Path, dir: &Path, out: &mut Vec<String>, depth: usize) -> std::io::Result<()> {
    if depth > 16 {
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            walk(root, &path, out, depth + 1)?;
        } else if path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().to_ascii_lowercase().ends_with("_t.c"))
            && let Ok(rel) = path.strip_prefix(root)
        {
            let rel: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            out.push(rel.join("/"));
        }
    }
    Ok(())
}

impl ChatData {
    /// Loads every chat file under the botfiles folder `root` (see [`discover`]); files that
    /// fail are reported and left out.
    ///
    /// # Errors
    ///
    /// When the root cannot be listed.
    pub fn load_dir(root: &Path) -> std::io::Result<(Self, Vec<FileReport>)> {
        let files = discover(root)?;
        Ok(Self::load(&DirSource::new(root), &files))
    }

    /// Loads `files` (path relative to the source's root, kind) from `source`, each with a
    /// fresh preprocessor (macros do not leak between files); files that fail are reported
    /// and left out.
    pub fn load<S: FileSource>(
        source: &S,
        files: &[(String, FileKind)],
    ) -> (Self, Vec<FileReport>) {
        let mut data = Self::default();
        let mut reports = Vec::with_capacity(files.len());
        for (file, kind) in files {
            let error = data.load_file(source, file, *kind).err();
            reports.push(FileReport {
                file: file.clone(),
                kind: *kind,
                error,
            });
        }
        (data, reports)
    }

    /// Loads one file of kind `kind` and adds its content (nothing when it fails).
    ///
    /// # Errors
    ///
    /// The file cannot be read or preprocessed, breaks its grammar, or holds an
    /// out-of-range value; the error names the file, line, column and offending token.
    pub fn load_file<S: FileSource>(
        &mut self,
        source: &S,
        file: &str,
        kind: FileKind,
    ) -> Result<(), LoadError> {
        let mut pre = Preprocessor::new(source);
        let stream = pre.preprocess_file(file)?;
        let ctx = Ctx::new(&stream);
        match kind {
            FileKind::Synonyms => {
                let lists = parse::synonyms(&ctx)?;
                self.synonyms.extend(lists);
            }
            FileKind::RandomStrings => {
                let lists = parse::random_lists(&ctx)?;
                self.random.extend(lists);
            }
            FileKind::MatchTemplates => {
                let templates = parse::templates(&ctx)?;
                self.templates.extend(templates);
            }
            FileKind::ReplyChats => {
                let mut next = self.line_count;
                let replies = parse::replies(&ctx, &mut next)?;
                self.line_count = next;
                self.replies.extend(replies);
            }
            FileKind::InitialChats => {
                let mut next = self.line_count;
                let blocks = parse::initial_chats(&ctx, &mut next)?;
                self.line_count = next;
                self.initial.push(InitialChatFile {
                    file: file.to_owned(),
                    blocks,
                });
            }
        }
        Ok(())
    }
}
