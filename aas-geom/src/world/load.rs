//! [`AasWorld::load`]: a world from a `.aas` file in either format.

use std::path::{Path, PathBuf};

use thiserror::Error;

use super::{AasWorld, ImportError, NATIVE_MAGIC, NativeError};
use crate::format::aas_q3::{AasError, AasFile};

/// Why [`AasWorld::load`] failed; each variant names the file.
#[derive(Debug, Error)]
pub enum WorldLoadError {
    /// The file could not be read.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// A Quake III `.aas` file is invalid.
    #[error("{}: {source}", path.display())]
    Aas {
        /// The file.
        path: PathBuf,
        /// What is wrong, with lump, record, field and byte offset.
        source: AasError,
    },
    /// A native file (starting with [`NATIVE_MAGIC`]) is invalid.
    #[error("{}: {source}", path.display())]
    Native {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: NativeError,
    },
    /// A valid Quake III `.aas` file cannot be imported as a world.
    #[error("{}: {source}", path.display())]
    Import {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: ImportError,
    },
}

impl AasWorld {
    /// Loads the world stored at `path`: this crate's native format when the file starts with
    /// [`NATIVE_MAGIC`], else a Quake III `.aas` file (version 4 or 5, as bspc writes them),
    /// imported with [`AasWorld::from_q3`].
    ///
    /// ```no_run
    /// use aas_geom::AasWorld;
    ///
    /// let world = AasWorld::load("maps/q3dm6ish.aas")?;
    /// println!("{} areas", world.areas.len());
    /// # Ok::<(), aas_geom::world::WorldLoadError>(())
    /// ```
    ///
    /// # Errors
    /// [`WorldLoadError`] when the file cannot be read, is not a valid file of either format,
    /// or its records do not form a world.
    pub fn load(path: impl AsRef<Path>) -> Result<Self, WorldLoadError> {
        let path = path.as_ref();
        let bytes = std::fs::read(path).map_err(|source| WorldLoadError::Io {
            path: path.to_owned(),
            source,
        })?;
        if bytes.starts_with(&NATIVE_MAGIC) {
            return Self::from_native(&bytes).map_err(|source| WorldLoadError::Native {
                path: path.to_owned(),
                source,
            });
        }
        let file = AasFile::from_bytes(&bytes).map_err(|source| WorldLoadError::Aas {
            path: path.to_owned(),
            source,
        })?;
        Self::from_q3(&file).map_err(|source| WorldLoadError::Import {
            path: path.to_owned(),
            source,
        })
    }
}
