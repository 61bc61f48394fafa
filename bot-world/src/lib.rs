#![doc = include_str!("../README.md")]

pub mod collision;
pub mod rules;
