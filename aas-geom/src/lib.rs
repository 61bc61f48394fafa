#![doc = include_str!("../README.md")]

pub mod brush;
pub mod compile;
pub mod format;
pub mod geom;
pub mod physics;
pub mod reach;
pub mod sample;
pub mod world;

pub use brush::{
    Brush, BrushSide, BrushWorld, Contents, Entity, Patch, PatchSettings, Plane, SurfaceFlags,
};
