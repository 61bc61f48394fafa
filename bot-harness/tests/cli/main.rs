//! The `bot-harness` binary run end to end: on the shipped test map, on bad input, and on the
//! shared real data.

mod aas;
mod browser;
mod character;
mod chat;
mod common;
mod map_info;
mod matches;
mod nav_eval;
mod render;
mod route;
mod view;
mod weights;
