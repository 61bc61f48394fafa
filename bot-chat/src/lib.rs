#![doc = include_str!("../README.md")]

mod compat;
pub mod consts;
mod data;
mod engine;
mod error;
pub mod lint;
mod load;
mod matching;
pub mod model;
mod parse;
pub mod synonyms;
pub mod text;

pub use compat::CompatSettings;
pub use data::ChatData;
pub use engine::{ChatState, ChatTime, ExpandError, Gender, InitialChat, Reply, construct};
pub use error::LoadError;
pub use load::{FileKind, FileReport, ROOT_CHAT_FILES, discover};
pub use matching::{Captures, Match, match_text, strings_match};
