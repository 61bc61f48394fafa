#![doc = include_str!("../README.md")]

pub mod brush;
pub mod compile;
pub mod entities;
pub mod format;
pub mod geom;
pub mod physics;
pub mod reach;
pub mod sample;
pub mod world;

pub use brush::{
    Brush, BrushSide, BrushWorld, Contents, Entity, Patch, PatchSettings, Plane, SurfaceFlags,
};
pub use entities::{
    Bobbing, EntityDiagnostic, EntityProblem, ItemSpot, JumpPad, MapEntities, Plat, Teleporter,
    extract_entities, world_gravity,
};
