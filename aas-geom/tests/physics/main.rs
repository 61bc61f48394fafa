//! Player physics and movement prediction on small compiled worlds.

mod jumps;
mod ladders;
mod prediction;
mod steps;
mod worlds;
