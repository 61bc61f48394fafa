//! Typed indices of the routing graph: areas, reachabilities, clusters and portals, each a
//! dense `u32` index from 0 (the Quake III file's index-0 dummies do not exist here).

macro_rules! id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(pub u32);

        impl $name {
            /// The index as a `usize`, for indexing slices.
            #[must_use]
            pub const fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

id!(
    /// An area of the routing graph.
    AreaId
);
id!(
    /// A reachability (a directed link from one area to another).
    ReachId
);
id!(
    /// A cluster: a set of areas routed together, bounded by portals.
    ClusterId
);
id!(
    /// A portal: an area that separates exactly two clusters.
    PortalId
);
