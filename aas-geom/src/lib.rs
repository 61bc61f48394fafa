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
// The front door: load or compile a world, then move a player through it.
pub use compile::{CompileError, CompileOutput, CompileSettings, compile_world};
pub use format::{LoadError, ReadSettings, load_brush_world, read_brush_world};
pub use physics::{MoveInput, Physics, PhysicsSettings, PlayerState, Prediction, StopConditions};
pub use reach::ReachSettings;
pub use world::{AasWorld, AreaId, ReachId, WorldLoadError};
