//! Integration tests of the reachability computation ([`aas_geom::reach`]) on the hand-made
//! movement maps of `tests/maps/`: each map compiles with the reachabilities it was built
//! for, and the player physics carries each of them out: walking, crouching and jumping
//! with the [executor](executor), riding jump pads (steering in the air, from pad to pad),
//! teleporters, lifts and bobbing platforms with the map's entities, swimming, jumping into
//! and out of water and rocket jumping.
//!
//! One test binary (modules below) keeps link time low.

#[path = "../common/box_brush.rs"]
mod box_brush;

mod deep_water;
mod executor;
mod floors;
mod jump_pads;
mod maps;
mod patches;
mod platforms;
mod rocket;
mod teleports;
mod thin_floors;
mod triggers;
mod water;
#[path = "../physics/worlds.rs"]
#[expect(
    dead_code,
    reason = "shared with the physics tests; only the map writer is used here"
)]
mod worlds;
