#![doc = include_str!("../README.md")]

pub mod commands;
mod error;
mod output;
mod render;
pub mod route_agreement;
mod viewer;

pub use error::Error;
pub use output::Report;
