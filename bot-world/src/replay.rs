//! [`replay`]: re-simulates a recorded match and checks every frame's hash.

use bot_interface::Senses;
use serde::Serialize;

use crate::level::Level;
use crate::log::RecordedMatch;
use crate::sim::{PlayerSetup, World};

/// What a replay found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReplayReport {
    /// Frames re-simulated.
    pub frames: u32,
    /// The state hash after the last frame re-simulated (hexadecimal).
    pub final_hash: String,
    /// Whether every frame's hash (and the initial state's) matched the log.
    pub identical: bool,
    /// The first frame whose hash differs (`None` when identical; a differing initial state
    /// is reported as frame 0 with `initial_differs`).
    pub first_mismatch: Option<u32>,
    /// Whether the state before the first frame already differed (another map, settings or
    /// build).
    pub initial_differs: bool,
}

/// The world that re-simulates `recorded` on `level`, before its first frame: the header's
/// settings and players. Nobody looks during a replay: no line of sight is traced (sight
/// never changes the state, so the hashes are those of the match).
#[must_use]
pub fn replay_world<'l>(recorded: &RecordedMatch, level: &'l Level) -> World<'l> {
    let header = &recorded.header;
    let setups: Vec<PlayerSetup> = header
        .players
        .iter()
        .map(|p| PlayerSetup {
            name: p.name.clone(),
            team: p.team,
        })
        .collect();
    let mut world = World::new(level, header.settings.clone(), &setups);
    for index in 0..setups.len() {
        world.set_senses(index, Senses::empty());
    }
    world
}

/// Re-simulates `recorded` on `level` (the map the header names) with the recorded settings
/// and inputs, comparing each frame's hash with the logged one. Stops at the first
/// mismatch.
#[must_use]
pub fn replay(recorded: &RecordedMatch, level: &Level) -> ReplayReport {
    let header = &recorded.header;
    let mut world = replay_world(recorded, level);
    let initial = format!("{:016x}", world.last_hash());
    if initial != header.initial_hash {
        return ReplayReport {
            frames: 0,
            final_hash: initial,
            identical: false,
            first_mismatch: Some(0),
            initial_differs: true,
        };
    }
    for (index, frame) in recorded.frames.iter().enumerate() {
        world.step(&frame.inputs);
        if world.last_hash() != frame.hash {
            return ReplayReport {
                frames: u32::try_from(index + 1).unwrap_or(u32::MAX),
                final_hash: format!("{:016x}", world.last_hash()),
                identical: false,
                first_mismatch: Some(u32::try_from(index).unwrap_or(u32::MAX)),
                initial_differs: false,
            };
        }
    }
    ReplayReport {
        frames: world.frame(),
        final_hash: format!("{:016x}", world.last_hash()),
        identical: true,
        first_mismatch: None,
        initial_differs: false,
    }
}
