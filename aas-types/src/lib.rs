#![doc = include_str!("../README.md")]

mod flags;
mod ids;
mod travel_flags;
mod travel_type;

pub use flags::{
    AREACONTENTS_MODELNUM_SHIFT, AreaContents, AreaFlags, FaceFlags, PresenceType, TRAVELTYPE_MASK,
    TravelTeamFlags,
};
pub use ids::{AreaId, ClusterId, EdgeId, FaceId, NodeId, PlaneId, PortalId, ReachId, VertexId};
pub use travel_flags::TravelFlags;
pub use travel_type::{TRAVEL_TYPE_COUNT, Travel, TravelType, UnknownTravelType};
