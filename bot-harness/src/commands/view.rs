//! [`view()`] (`view LOG -o PAGE.html [--map MAP] [--aas FILE]`): one self-contained HTML page
//! that replays a match log from above over the map's navigation floor (see
//! `src/viewer/` for what it holds, the crate README, "Watching a match", for how to use it).
//!
//! The map is `--map` (a `.bsp` or `.map`, or `arena`), else the one the log's header names,
//! looked for as `replay` does (as written, then beside the log); its `.aas` is `--aas`, else
//! the header's (when the map is the header's too), else the navigation is compiled in memory. A map file whose bytes differ
//! from the recorded one is refused.

use std::io::{BufReader, Write};
use std::path::{Path, PathBuf};

use bot_world::log::read_log;
use serde::Serialize;

use super::replay::{load_recorded_level, locate};
use crate::error::Error;
use crate::output::{Report, write_json_direct};
use crate::viewer::data::read_match;
use crate::viewer::floor::floor;
use crate::viewer::nav::nav;
use crate::viewer::page;
use crate::viewer::projectiles::flights;

/// Everything `view` takes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ViewArgs {
    /// The match log (`match --log`).
    pub log: PathBuf,
    /// Where to write the page.
    pub output: PathBuf,
    /// The map (`.bsp`, `.map` or `arena`); default: the log header's.
    pub map: Option<PathBuf>,
    /// The map's `.aas`; default: the log header's when `map` is not given, else compiled in
    /// memory.
    pub aas: Option<PathBuf>,
}

/// The report of `view`: `{"output", "bytes", "frames", "players", "polygons",
/// "reachabilities", "projectiles", "diverged_at"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ViewReport {
    /// The page written.
    pub output: PathBuf,
    /// Its size, bytes.
    pub bytes: usize,
    /// Frames of the match.
    pub frames: u32,
    /// Players of the match.
    pub players: usize,
    /// Floor polygons drawn.
    pub polygons: usize,
    /// Reachabilities the page can draw.
    pub reachabilities: usize,
    /// Projectiles drawn (their flights come from re-simulating the log).
    pub projectiles: usize,
    /// The first frame that did not re-simulate as logged (another build, an edited log):
    /// projectiles are drawn up to there only. `null` when every frame matched.
    pub diverged_at: Option<u32>,
}

/// Writes the replay page of `args.log`.
///
/// # Errors
/// When the log cannot be read, its map cannot be found, loaded or is another file, or the
/// page cannot be written.
pub fn view(args: &ViewArgs) -> Result<ViewReport, Error> {
    let log = &args.log;
    let file = std::fs::File::open(log).map_err(|source| Error::Io {
        path: log.clone(),
        source,
    })?;
    let (header, mut data) = read_match(BufReader::new(file)).map_err(|source| Error::Log {
        path: log.clone(),
        source,
    })?;
    let map = match &args.map {
        Some(map) => map.clone(),
        None => locate(&header.map_path, log),
    };
    let aas = match (&args.aas, &header.aas_path) {
        (Some(aas), _) => Some(aas.clone()),
        (None, Some(path)) if args.map.is_none() => Some(locate(path, log)),
        (None, _) => None,
    };
    if map.as_os_str() != super::match_play::ARENA_NAME && !map.exists() {
        return Err(Error::Argument(format!(
            "{}: the log's map is not there (nor beside the log); give it with --map MAP",
            map.display()
        )));
    }
    let level = load_recorded_level(&map, aas.as_deref(), &header.map_checksum)?;
    let recorded = std::fs::File::open(log)
        .map_err(|source| Error::Io {
            path: log.clone(),
            source,
        })
        .and_then(|file| {
            read_log(BufReader::new(file)).map_err(|source| Error::Log {
                path: log.clone(),
                source,
            })
        })?;
    let flights = flights(&recorded, &level);
    data.projectiles = flights.tracks;
    let floor = floor(&level.aas);
    let nav = nav(&level.aas);
    let html = page(&data, &floor, &nav)?;
    write_page(&args.output, &html)?;
    Ok(ViewReport {
        output: args.output.clone(),
        bytes: html.len(),
        frames: data.frames,
        players: data.players.len(),
        polygons: floor.polygons.len(),
        reachabilities: nav.reach.len(),
        projectiles: data.projectiles.len(),
        diverged_at: flights.diverged_at,
    })
}

/// Writes `html` to `path`.
fn write_page(path: &Path, html: &str) -> Result<(), Error> {
    std::fs::write(path, html).map_err(|source| Error::Io {
        path: path.to_owned(),
        source,
    })
}

impl Report for ViewReport {
    fn write_json(&self, out: &mut dyn Write) -> Result<(), Error> {
        write_json_direct(out, self)
    }

    fn write_text(&self, out: &mut dyn Write) -> Result<(), Error> {
        writeln!(
            out,
            "{}: {} frames, {} players, {} floor polygons, {} reachabilities, {} projectiles, {} bytes",
            self.output.display(),
            self.frames,
            self.players,
            self.polygons,
            self.reachabilities,
            self.projectiles,
            self.bytes
        )?;
        if let Some(frame) = self.diverged_at {
            writeln!(
                out,
                "warning: the log does not re-simulate as recorded from frame {frame} on \
                 (another build of the world, or an edited log): projectiles are drawn up to there"
            )?;
        }
        Ok(())
    }
}
