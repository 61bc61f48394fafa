//! [`LevelError`]: why a level could not be loaded.

use std::path::PathBuf;

use thiserror::Error;

/// Why [`Level::load`](super::Level::load) failed. Each message names the file.
#[derive(Debug, Error)]
pub enum LevelError {
    /// The map could not be read.
    #[error(transparent)]
    Map(#[from] aas_geom::LoadError),
    /// The `.aas` could not be read.
    #[error(transparent)]
    Aas(#[from] aas_geom::WorldLoadError),
    /// The `.aas` was compiled from another `.bsp`.
    #[error(
        "{}: compiled for another map (its BSP checksum is {aas}, {} has {bsp}); \
         recompile it with `bot-harness aas compile` or leave out --aas to compile in memory",
        aas_path.display(), map_path.display()
    )]
    ChecksumMismatch {
        /// The `.aas` file.
        aas_path: PathBuf,
        /// The map file.
        map_path: PathBuf,
        /// The checksum the `.aas` stores.
        aas: i32,
        /// The map's checksum.
        bsp: i32,
    },
    /// Compiling the navigation world in memory failed.
    #[error("{}: compiling the navigation world failed: {source}", path.display())]
    Compile {
        /// The map file.
        path: PathBuf,
        /// The compiler's error.
        source: aas_geom::CompileError,
    },
    /// The map has no spawn point a player could start from.
    #[error(
        "{}: no spawn point (info_player_deathmatch, info_player_start or a team spawn)",
        path.display()
    )]
    NoSpawnPoints {
        /// The map file.
        path: PathBuf,
    },
}
