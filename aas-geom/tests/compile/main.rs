//! Integration tests of the AAS compiler stages: property tests of bevelling and expansion
//! against a brute-force overlap test, preparation of small synthetic worlds,
//! preparation and BSP construction on the nine shared real maps, and `compile_world` on small hand-written maps
//! (`tests/maps/`), with and without merging of leaves into convex areas and gravitational
//! subdivision, and property tests of the compiled world and its queries on random box worlds
//! against brute force.
//!
//! One test binary (modules below) keeps link time low and lets the modules share
//! [`common`].

#[path = "../common/mod.rs"]
mod common;

#[path = "../common/box_brush.rs"]
mod box_brush;

mod areas_maps;
mod bsp_real_data;
mod expansion_props;
mod golden_maps;
mod gravity_maps;
mod merge_maps;
mod prepare_real_data;
mod prepare_synthetic;
mod random_worlds;
mod reach_real_data;
