#![doc = include_str!("../README.md")]

pub mod collision;
pub mod level;
pub mod log;
pub mod replay;
pub mod rules;
pub mod run;
pub mod scripted;
pub mod sim;

pub use level::{Level, LevelDiagnostic, LevelError, LevelSettings};
pub use replay::{ReplayReport, replay, replay_world};
pub use run::{
    Entrant, MatchRunner, MatchSummary, PlayOptions, TeamNames, TeamPair, play, play_until,
    player_seed,
};
pub use sim::{Event, FixedStart, MatchSettings, PlayerSetup, World};
