//! Typed ids of the records of an AAS world and of a routing graph.
//!
//! Every id is a dense 0-based index into the vector of its records. The Quake III `.aas` file
//! numbers the same records from 1 where it keeps an index-0 dummy (areas, faces, edges, nodes,
//! reachabilities, portals, clusters); that offset lives only in `aas-geom`'s import and export
//! code, never in these types.

macro_rules! typed_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        pub struct $name(pub u32);

        impl $name {
            /// The id of the record at `index` of its vector.
            ///
            /// # Panics
            /// When `index` does not fit in a `u32`: no AAS world or routing graph holds more
            /// than `u32::MAX` records of one kind (the builders and readers check their counts
            /// before handing out ids).
            #[must_use]
            pub fn from_index(index: usize) -> Self {
                match u32::try_from(index) {
                    Ok(value) => Self(value),
                    Err(_) => panic!(
                        concat!(stringify!($name), " index {} does not fit in a u32"),
                        index
                    ),
                }
            }

            /// The id as an index into the vector of these records.
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
    /// A reachability: a directed link to travel from one area to another.
    ReachId
);
typed_id!(
    /// A routing cluster: a set of areas routed together, bounded by portals.
    ClusterId
);
typed_id!(
    /// A cluster portal: an area that separates exactly two clusters.
    PortalId
);

#[cfg(test)]
mod tests {
    use super::{AreaId, ReachId};

    #[test]
    fn ids_convert_to_and_from_indices() {
        assert_eq!(AreaId::from_index(7), AreaId(7));
        assert_eq!(AreaId(7).index(), 7);
        assert_eq!(ReachId::from_index(0).index(), 0);
        let largest = usize::try_from(u32::MAX).expect("usize holds a u32");
        assert_eq!(ReachId::from_index(largest), ReachId(u32::MAX));
    }

    #[test]
    #[cfg(target_pointer_width = "64")]
    #[should_panic(expected = "AreaId index 4294967296 does not fit in a u32")]
    fn an_index_beyond_u32_panics() {
        let _ = AreaId::from_index(1 << 32);
    }
}
