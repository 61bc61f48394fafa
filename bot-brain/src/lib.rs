#![doc = include_str!("../README.md")]

pub mod bot;
pub mod character;
pub mod goal;
pub mod movement;
pub mod schedule;
pub mod setup;
mod token_cursor;

pub use bot::{Bot, BotStats, GoalData};
pub use character::{
    AccessError, Character, CharacterError, Characteristic, Compat, Gender, Kind, Value,
};
pub use goal::{
    Goal, GoalContext, GoalId, GoalState, ItemConfig, ItemConfigError, ItemKnowledge, LevelItems,
    TravelTimes,
};
