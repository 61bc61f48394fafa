//! [`Error`]: why a command failed — every failure, with the file it concerns. The command
//! line prints it as `error: <message>` and exits non-zero.

use std::path::PathBuf;

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Reading or writing a file failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// A map could not be loaded.
    #[error(transparent)]
    Load(#[from] aas_geom::format::LoadError),
    /// A `.aas` file is invalid.
    #[error("{}: {source}", path.display())]
    Aas {
        /// The file.
        path: PathBuf,
        /// What is wrong, with lump, record, field and byte offset.
        source: aas_geom::format::aas_q3::AasError,
    },
    /// A native AAS file is invalid.
    #[error("{}: {source}", path.display())]
    Native {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: aas_geom::world::NativeError,
    },
    /// A `.aas` file (either format) could not be loaded as a world.
    #[error(transparent)]
    World(#[from] aas_geom::world::WorldLoadError),
    /// A map could not be compiled.
    #[error("{}: {source}", path.display())]
    Compile {
        /// The map.
        path: PathBuf,
        /// What went wrong.
        source: aas_geom::compile::CompileError,
    },
    /// A weight config could not be loaded (file, line, column and include stack inside).
    #[error(transparent)]
    Weights(#[from] fuzzy_weights::LoadError),
    /// A character could not be loaded by any step of botlib's fallback chain (file, line,
    /// column and include stack inside).
    #[error(transparent)]
    Character(#[from] bot_brain::CharacterError),
    /// A map could not be made a level (read, navigation, spawn points).
    #[error(transparent)]
    Level(#[from] bot_world::LevelError),
    /// A match log could not be read.
    #[error("{}: {source}", path.display())]
    Log {
        /// The log.
        path: PathBuf,
        /// What is wrong, with the line.
        source: bot_world::log::LogError,
    },
    /// A rules file is invalid.
    #[error("{}: {source}", path.display())]
    Rules {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: bot_world::rules::RulesError,
    },
    /// A picture could not be drawn as asked (`aas render`: an area not in the file, an
    /// empty height slice, a route point in no area, no route) or rasterised.
    #[error("{}: {message}", path.display())]
    Render {
        /// The `.aas` drawn, or the picture written.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// A command-line argument is malformed or names something that does not exist.
    #[error("{0}")]
    Argument(String),
    /// Writing to standard output failed.
    #[error("cannot write output: {0}")]
    Output(#[from] std::io::Error),
    /// Serialising JSON failed.
    #[error("cannot encode JSON: {0}")]
    Json(#[from] serde_json::Error),
}
