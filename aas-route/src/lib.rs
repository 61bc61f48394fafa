#![doc = include_str!("../README.md")]

pub mod cluster;
pub mod cost;
mod graph;
mod ids;
pub mod query;
pub mod reference;
pub mod router;
mod search;
pub mod travel;

#[cfg(feature = "aas-geom")]
mod geom;

pub use cluster::{
    ClusterInfo, ClusterSettings, Clustering, ClusteringError, Membership, PortalInfo,
};
pub use cost::CostModel;
pub use graph::{AreaContents, AreaFlags, AreaInfo, Presence, ReachInfo, RouteGraph};
pub use ids::{AreaId, ClusterId, PortalId, ReachId};
pub use query::{
    AltRouteAreas, AltRouteGoal, HideArea, PredictStop, PredictStops, PredictedRoute,
    PredictedStep, RandomGoal,
};
pub use reference::{Route, reference_route, reference_route_from_reach};
pub use router::{Router, RouterSettings, RouterStats};
pub use travel::TravelFlags;
