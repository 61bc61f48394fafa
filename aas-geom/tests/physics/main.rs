//! Player physics and movement prediction on small compiled worlds.

#[path = "../common/box_brush.rs"]
mod box_brush;

mod air_control;
mod jumps;
mod ladders;
mod prediction;
mod steps;
mod water;
mod worlds;
