#![doc = include_str!("../README.md")]

mod catalog;
mod locate;

pub use catalog::{BOT_SETS, PACK_MAPS, SHARED_MAPS, bot_set, read};
pub use locate::{
    BOTFILES, ENV_VAR, MAPS, PACK, SKIPPED, botfiles, find, find_bot_set, find_in, folder, maps,
    pack_maps,
};
