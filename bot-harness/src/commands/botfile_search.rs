//! Finding bot files of one kind under a botfiles folder (`weights check`, `character check`).

use std::path::Path;

use crate::error::Error;

/// Every file under `dir` whose name ends (ignoring ASCII case) with one of `suffixes`, as a
/// `/`-separated path relative to `dir`, sorted.
///
/// # Errors
/// When a folder cannot be listed.
pub(crate) fn find_botfiles(dir: &Path, suffixes: &[&str]) -> Result<Vec<String>, Error> {
    let mut files = Vec::new();
    collect(dir, "", suffixes, &mut files)?;
    files.sort();
    Ok(files)
}

/// Adds the matching files under `dir` (as `prefix` + name) to `files`.
fn collect(
    dir: &Path,
    prefix: &str,
    suffixes: &[&str],
    files: &mut Vec<String>,
) -> Result<(), Error> {
    let io_error = |source| Error::Io {
        path: dir.to_owned(),
        source,
    };
    for entry in std::fs::read_dir(dir).map_err(io_error)? {
        let entry = entry.map_err(io_error)?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = format!("{prefix}{name}");
        if entry.file_type().map_err(io_error)?.is_dir() {
            collect(&entry.path(), &format!("{path}/"), suffixes, files)?;
        } else {
            let lower = name.to_ascii_lowercase();
            if suffixes.iter().any(|suffix| lower.ends_with(suffix)) {
                files.push(path);
            }
        }
    }
    Ok(())
}
