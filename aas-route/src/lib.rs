#![doc = include_str!("../README.md")]

pub mod cluster;
pub mod cost;
mod graph;
pub mod query;
pub mod reference;
pub mod router;
mod search;

#[cfg(feature = "aas-geom")]
mod geom;

pub use cluster::{
    ClusterInfo, ClusterSettings, Clustering, ClusteringError, Membership, PortalInfo,
};
pub use cost::CostModel;
// The AAS vocabulary, defined once in `aas-types` and shared with `aas-geom`.
pub use aas_types::{
    AreaContents, AreaFlags, AreaId, ClusterId, PortalId, PresenceType, ReachId, Travel,
    TravelFlags, TravelTeamFlags, TravelType,
};
pub use graph::{AreaInfo, ReachInfo, RouteGraph};
pub use query::{
    AltRouteAreas, AltRouteGoal, HideArea, PredictStop, PredictStops, PredictedRoute,
    PredictedStep, RandomGoal,
};
pub use reference::{Route, reference_route, reference_route_from_reach};
pub use router::{Router, RouterSettings, RouterStats};
