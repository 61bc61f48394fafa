//! Where script files come from: a botfiles directory (case-insensitive) or memory.

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};

/// The largest file a source will read (16 MiB): real bot files are below 64 KiB.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// Where the files come from: a botfiles root directory with case-insensitive lookup, or an
/// in-memory map (for tests, and for game developers who ship data in a pak).
pub trait FileSource {
    /// Reads the file at `relative_path` (relative to the botfiles root; `/` or `\`
    /// separators). Returns the resolved name (as found, `/` separators) and the bytes.
    ///
    /// # Errors
    ///
    /// `NotFound` when no file matches, `InvalidInput` for a path that leaves the root or is
    /// too large, or the underlying I/O error.
    fn read(&self, relative_path: &str) -> io::Result<(String, Vec<u8>)>;
}

impl<S: FileSource + ?Sized> FileSource for &S {
    fn read(&self, relative_path: &str) -> io::Result<(String, Vec<u8>)> {
        (**self).read(relative_path)
    }
}

/// Normalises a path relative to the botfiles root: `\` becomes `/`, repeated separators
/// collapse, `.` components and leading separators go. `None` for an empty path or one with
/// a `..` component (it would leave the root).
#[must_use]
pub fn normalize_path(path: &str) -> Option<String> {
    let mut out = String::with_capacity(path.len());
    for part in path.split(['/', '\\']) {
        match part {
            "" | "." => {}
            ".." => return None,
            _ => {
                if !out.is_empty() {
                    out.push('/');
                }
                out.push_str(part);
            }
        }
    }
    (!out.is_empty()).then_some(out)
}

fn invalid_path(path: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("invalid path \"{path}\" (empty or leaving the botfiles root)"),
    )
}

/// Files under a botfiles root directory, looked up case-insensitively (like the Quake file
/// system inside pk3 files): the exact path is tried first, then each component is matched
/// against the directory entries ignoring ASCII case (every matching entry is tried, in name
/// order, so the first file found wins).
#[derive(Debug, Clone)]
pub struct DirSource {
    root: PathBuf,
}

impl DirSource {
    /// Files under `root`.
    #[must_use]
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }

    /// The root directory.
    #[must_use]
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Finds `normalized` (a `/`-separated path) ignoring ASCII case: the exact path first,
    /// else a search that tries, component by component, every entry whose name matches
    /// (in name order), so `Bots/` and `bots/` side by side are both searched.
    fn find(&self, normalized: &str) -> io::Result<(String, PathBuf)> {
        let exact = self.root.join(normalized);
        if exact.is_file() {
            return Ok((normalized.to_owned(), exact));
        }
        let parts: Vec<&str> = normalized.split('/').collect();
        find_in(&self.root, &parts, "").ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::NotFound,
                format!("file \"{normalized}\" not found"),
            )
        })
    }
}

/// The file at `parts` under `dir`, matching each component ignoring ASCII case;
/// `resolved` is the path found so far.
fn find_in(dir: &Path, parts: &[&str], resolved: &str) -> Option<(String, PathBuf)> {
    let (part, rest) = parts.split_first()?;
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .filter_map(|entry| entry.file_name().into_string().ok())
        .filter(|name| name.eq_ignore_ascii_case(part))
        .collect();
    names.sort();
    names.into_iter().find_map(|name| {
        let path = dir.join(&name);
        let mut found = resolved.to_owned();
        if !found.is_empty() {
            found.push('/');
        }
        found.push_str(&name);
        if rest.is_empty() {
            path.is_file().then_some((found, path))
        } else if path.is_dir() {
            find_in(&path, rest, &found)
        } else {
            None
        }
    })
}

impl FileSource for DirSource {
    fn read(&self, relative_path: &str) -> io::Result<(String, Vec<u8>)> {
        let normalized =
            normalize_path(relative_path).ok_or_else(|| invalid_path(relative_path))?;
        let (resolved, path) = self.find(&normalized)?;
        let length = std::fs::metadata(&path)?.len();
        if length > MAX_FILE_BYTES {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("file \"{resolved}\" is larger than {MAX_FILE_BYTES} bytes"),
            ));
        }
        Ok((resolved, std::fs::read(&path)?))
    }
}

/// Files held in memory, looked up case-insensitively.
#[derive(Debug, Clone, Default)]
pub struct MemorySource {
    /// Lower-cased normalised path → (path as inserted, bytes).
    files: HashMap<String, (String, Vec<u8>)>,
}

impl MemorySource {
    /// An empty source.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds (or replaces) the file at `path` (`/` or `\` separators). An empty path or one
    /// with `..` is stored under its raw text and can never be read.
    pub fn insert(&mut self, path: &str, bytes: impl Into<Vec<u8>>) {
        let normalized = normalize_path(path).unwrap_or_else(|| path.to_owned());
        self.files
            .insert(normalized.to_ascii_lowercase(), (normalized, bytes.into()));
    }

    /// Builder form of [`MemorySource::insert`].
    #[must_use]
    pub fn with(mut self, path: &str, bytes: impl Into<Vec<u8>>) -> Self {
        self.insert(path, bytes);
        self
    }

    /// Number of files.
    #[must_use]
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// Whether there are no files.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }
}

impl FileSource for MemorySource {
    fn read(&self, relative_path: &str) -> io::Result<(String, Vec<u8>)> {
        let normalized =
            normalize_path(relative_path).ok_or_else(|| invalid_path(relative_path))?;
        self.files
            .get(&normalized.to_ascii_lowercase())
            .map(|(name, bytes)| (name.clone(), bytes.clone()))
            .ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::NotFound,
                    format!("file \"{normalized}\" not found"),
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_collapses_separators() {
        assert_eq!(
            normalize_path("bots\\\\x_i.c").as_deref(),
            Some("bots/x_i.c")
        );
        assert_eq!(normalize_path("/a//./b/").as_deref(), Some("a/b"));
        assert_eq!(normalize_path("../etc/passwd"), None);
        assert_eq!(normalize_path(""), None);
    }

    #[test]
    fn memory_source_ignores_case() {
        let source = MemorySource::new().with("Bots/Default_I.c", b"x".to_vec());
        let (name, bytes) = source.read("bots\\default_i.C").unwrap();
        assert_eq!(name, "Bots/Default_I.c");
        assert_eq!(bytes, b"x");
        assert_eq!(
            source.read("nothing.c").unwrap_err().kind(),
            io::ErrorKind::NotFound
        );
    }
}
