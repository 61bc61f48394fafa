//! Typed ids of the records of an [`AasWorld`](super::AasWorld).
//!
//! Every id is a 0-based index into the world's vector of that record. The Quake III file
//! numbers the same records from 1 where it keeps an index-0 dummy (areas, faces, edges, nodes,
//! reachabilities, portals, clusters); that offset lives only in the import/export code.

use serde::{Deserialize, Serialize};

macro_rules! typed_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub struct $name(pub u32);

        impl $name {
            /// The id as an index into the world's vector of these records.
            #[must_use]
            pub const fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

typed_id!(
    /// An area: a convex region in which a player moves in a straight line.
    AreaId
);
typed_id!(
    /// A face bounding one or two areas.
    FaceId
);
typed_id!(
    /// An edge of a face.
    EdgeId
);
typed_id!(
    /// A vertex.
    VertexId
);
typed_id!(
    /// A plane (the Quake III file keeps no dummy plane, so this is the file's plane number).
    PlaneId
);
typed_id!(
    /// A BSP node.
    NodeId
);
typed_id!(
    /// A reachability: a way to travel from one area to another.
    ReachId
);
typed_id!(
    /// A routing cluster.
    ClusterId
);
typed_id!(
    /// A cluster portal.
    PortalId
);
