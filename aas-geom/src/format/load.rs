//! Loading a [`BrushWorld`] from a file, whichever map format it is in.

use std::path::{Path, PathBuf};

use thiserror::Error;

use super::bsp_q3::{BspError, read_bsp};
use super::map_text::{MapError, MapSettings, read_map};
use crate::brush::{BrushWorld, PatchSettings};

/// How map files are read.
#[derive(Debug, Clone, Default)]
pub struct ReadSettings {
    /// `.map` options: the texture-name contents rules and patch tessellation.
    pub map: MapSettings,
    /// Patch tessellation for `.bsp` files.
    pub bsp_patches: PatchSettings,
}

/// Why a map file could not be loaded. Displays as `path: cause`, where the cause carries its
/// own location (line:column, or lump, record and byte offset).
#[derive(Debug, Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// The file is a `.bsp` with a defect.
    #[error("{}: {source}", path.display())]
    Bsp {
        /// The file.
        path: PathBuf,
        /// What is wrong and where.
        source: BspError,
    },
    /// The file is a `.map` with a defect.
    #[error("{}:{source}", path.display())]
    Map {
        /// The file.
        path: PathBuf,
        /// What is wrong and where.
        source: MapError,
    },
}

/// Reads a `.bsp` or `.map` file into a [`BrushWorld`].
///
/// The format is recognised by content: a file starting with `IBSP` is a compiled map, anything
/// else is read as `.map` text.
///
/// # Errors
/// [`LoadError`] naming the file and the defect's location.
pub fn load_brush_world(path: &Path, options: &ReadSettings) -> Result<BrushWorld, LoadError> {
    let bytes = std::fs::read(path).map_err(|source| LoadError::Io {
        path: path.to_owned(),
        source,
    })?;
    read_brush_world(&bytes, path, options)
}

/// [`load_brush_world`] on bytes already read from `path` (which names the file in errors).
///
/// # Errors
/// [`LoadError::Bsp`] or [`LoadError::Map`] naming `path` and the defect's location.
pub fn read_brush_world(
    bytes: &[u8],
    path: &Path,
    options: &ReadSettings,
) -> Result<BrushWorld, LoadError> {
    if bytes.starts_with(b"IBSP") {
        read_bsp(bytes, &options.bsp_patches).map_err(|source| LoadError::Bsp {
            path: path.to_owned(),
            source,
        })
    } else {
        read_map(bytes, &options.map).map_err(|source| LoadError::Map {
            path: path.to_owned(),
            source,
        })
    }
}
