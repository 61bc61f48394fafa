#![doc = include_str!("../README.md")]

pub mod command;
pub mod member;
pub mod protocol;
mod team_bot;

pub use team_bot::{TeamBot, TeamData, TeamSettings};
