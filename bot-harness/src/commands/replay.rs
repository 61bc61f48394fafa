//! [`replay()`] (`replay LOG`): re-simulates a match log and checks every frame's hash.
//!
//! The map (and `.aas`) are the ones the log's header names, looked for as written, then
//! beside the log; a map file whose bytes differ from the recorded one is refused.

use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};

use bot_world::ReplayReport as WorldReplay;
use bot_world::log::read_log;
use serde::Serialize;

use super::match_play::{ARENA_NAME, load_level};
use crate::error::Error;
use crate::output::{Report, write_json_direct};

/// The report of `replay`: `{"frames", "final_hash", "identical", "first_mismatch"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReplayReport {
    /// Frames re-simulated.
    pub frames: u32,
    /// The state hash after the last frame re-simulated.
    pub final_hash: String,
    /// Whether every frame matched the log.
    pub identical: bool,
    /// The first frame whose hash differs, if any.
    pub first_mismatch: Option<u32>,
}

/// `path` as written, else beside `log`.
pub(crate) fn locate(path: &str, log: &Path) -> PathBuf {
    let written = PathBuf::from(path);
    if written.exists() || path == ARENA_NAME {
        return written;
    }
    let beside = log
        .parent()
        .map(|dir| dir.join(written.file_name().unwrap_or_default()));
    beside.filter(|p| p.exists()).unwrap_or(written)
}

/// The level of `map` (with `aas`, when given) that a log was recorded on: refused, naming
/// both checksums, when the map file's checksum is not `checksum` (the log's, in hex).
pub(crate) fn load_recorded_level(
    map: &Path,
    aas: Option<&Path>,
    checksum: &str,
) -> Result<bot_world::Level, Error> {
    let level = load_level(map, aas)?;
    let found = format!("{:016x}", level.file_hash);
    if found != checksum {
        return Err(Error::Argument(format!(
            "{}: the map file differs from the one the log was recorded on (checksum {found}, the log says {checksum})",
            map.display(),
        )));
    }
    Ok(level)
}

/// Replays the log at `log`.
///
/// # Errors
/// When the log cannot be read, or its map cannot be found or is another file.
pub fn replay(log: &Path) -> Result<ReplayReport, Error> {
    let file = std::fs::File::open(log).map_err(|source| Error::Io {
        path: log.to_owned(),
        source,
    })?;
    let recorded = read_log(BufReader::new(file)).map_err(|source| Error::Log {
        path: log.to_owned(),
        source,
    })?;
    let header = &recorded.header;
    let map = locate(&header.map_path, log);
    let aas = header.aas_path.as_deref().map(|p| locate(p, log));
    let level = load_recorded_level(&map, aas.as_deref(), &header.map_checksum)?;
    let WorldReplay {
        frames,
        final_hash,
        identical,
        first_mismatch,
        ..
    } = bot_world::replay(&recorded, &level);
    Ok(ReplayReport {
        frames,
        final_hash,
        identical,
        first_mismatch,
    })
}

impl Report for ReplayReport {
    fn write_json(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_json_direct(out, self)
    }

    fn write_text(&self, out: &mut dyn Write) -> Result<(), Error> {
        match self.first_mismatch {
            None => writeln!(
                out,
                "{} frames replayed, every hash identical; final hash {}",
                self.frames, self.final_hash
            )?,
            Some(frame) => writeln!(
                out,
                "frame {frame} differs from the log (replayed {} frames); the log was edited, or recorded on another map, settings or build",
                self.frames
            )?,
        }
        Ok(())
    }

    /// A replay that differs fails.
    fn status(&self) -> Result<(), Error> {
        if self.identical {
            Ok(())
        } else {
            Err(Error::Argument(format!(
                "the replay differs from the log at frame {}",
                self.first_mismatch.unwrap_or(0)
            )))
        }
    }
}
