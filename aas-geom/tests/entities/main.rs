//! Integration tests of game-entity extraction ([`aas_geom::entities`]): the nine shared real
//! maps, and the hand-made test maps of `tests/maps/` with jump pads, teleporters, lifts,
//! bobbing platforms and items.
//!
//! One test binary (modules below) keeps link time low and lets the modules share
//! [`common`].

#[path = "../common/mod.rs"]
mod common;

mod real_data;
mod test_maps;
