#![doc = include_str!("../README.md")]

pub mod bot;
pub mod brain;
pub mod character;
pub mod fight;
pub mod goal;
pub mod movement;
pub mod network;
pub mod perception;
pub mod schedule;
pub mod setup;
pub mod talk;
pub mod team;
#[cfg(test)]
mod test_maps;
mod token_cursor;

pub use bot::{Bot, BotStats, Drive, Driven, GoalData, PlaceGoal};
pub use brain::{Brain, BrainData};
pub use character::{
    AccessError, Character, CharacterError, Characteristic, Compat, Gender, Kind, Value,
};
pub use goal::{
    Goal, GoalContext, GoalId, GoalState, ItemConfig, ItemConfigError, ItemKnowledge, LevelItems,
    TravelTimes,
};
