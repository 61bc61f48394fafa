#![doc = include_str!("../README.md")]

pub mod brush;
pub mod format;

pub use brush::{
    Brush, BrushSide, BrushWorld, Contents, Entity, Patch, PatchSettings, Plane, SurfaceFlags,
};
