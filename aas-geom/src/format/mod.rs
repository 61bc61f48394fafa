//! Readers and writers of the Quake III ecosystem's file formats.
//!
//! | Module | Format | Direction |
//! |---|---|---|
//! | [`aas_q3`] | Quake III `.aas` versions 4 and 5 | read + write, byte-identical round trip |
//! | [`bsp_q3`] | Quake III IBSP version 46 `.bsp` | read into a [`crate::BrushWorld`] |
//! | [`map_text`] | `.map` source (Quake 1/2, Quake III legacy, Valve 220, `brushDef`, `patchDef2`) | read into a [`crate::BrushWorld`] |

pub mod aas_q3;
pub mod bsp_q3;
mod load;
pub mod map_text;

pub use load::{LoadError, ReadSettings, load_brush_world, read_brush_world};
