//! [`AasWorld`]: the Area Awareness System world (thesis §6) with typed ids and no dummy
//! records — what routing, sampling and movement work on.
//!
//! The Quake III `.aas` file ([`crate::format::aas_q3::AasFile`]) numbers areas, faces, edges,
//! nodes, reachabilities, portals and clusters from 1, keeping a dummy record 0; here every id
//! is a 0-based index ([`AreaId`] and the other ids, with the flags and travel types, come from
//! the `aas-types` crate and are re-exported here). [`AasWorld::from_q3`] and [`AasWorld::to_q3`] are the only
//! places that know about the offset, and a bspc file survives the round trip byte for byte.
//! [`AasWorld::to_native`] / [`AasWorld::from_native`] store the world in this crate's own
//! versioned, checksummed format; [`AasWorld::load`] reads a file of either format.
//!
//! ```no_run
//! use aas_geom::format::aas_q3::AasFile;
//! use aas_geom::world::AasWorld;
//!
//! let file = AasFile::from_bytes(&std::fs::read("maps/q3dm6ish.aas")?)?;
//! let world = AasWorld::from_q3(&file)?;
//! let area = world.point_area(glam::Vec3::new(0.0, 0.0, 64.0));
//! println!("{area:?}, {} reachabilities there", area.map_or(0, |a| world.reachabilities_of(a).len()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod export;
mod import;
mod load;
mod model;
mod native;
mod validate;

// The AAS vocabulary, defined once in `aas-types` and shared with `aas-route`.
pub use aas_types::{
    AREACONTENTS_MODELNUM_SHIFT, AreaContents, AreaFlags, AreaId, ClusterId, EdgeId, FaceFlags,
    FaceId, NodeId, PlaneId, PortalId, PresenceType, ReachId, TRAVEL_TYPE_COUNT, TRAVELTYPE_MASK,
    Travel, TravelFlags, TravelTeamFlags, TravelType, UnknownTravelType, VertexId,
};
pub use import::ImportError;
pub use load::WorldLoadError;
pub use model::{
    AasWorld, Area, Cluster, ClusterMembership, EdgeRef, Face, FaceRef, Node, NodeChild, Portal,
    ReachDetail, Reachability, WorldBox, WorldPlane,
};
pub use native::{NATIVE_MAGIC, NATIVE_VERSION, NativeError};
pub use validate::WorldError;
