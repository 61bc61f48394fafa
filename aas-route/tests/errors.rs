//! The messages of [`ClusteringError`], one per variant.

use aas_route::{AreaId, ClusterId, ClusteringError, PortalId};

#[test]
fn clustering_errors_name_what_does_not_fit() {
    let messages = [
        (
            ClusteringError::AreaCount {
                membership: 3,
                areas: 5,
            },
            "3 cluster memberships for 5 areas",
        ),
        (
            ClusteringError::BadPortal(PortalId(7)),
            "portal 7 is inconsistent",
        ),
        (
            ClusteringError::BadCluster(ClusterId(2)),
            "cluster 2 is inconsistent",
        ),
        (
            ClusteringError::LeavesCluster {
                from: AreaId(11),
                to: AreaId(12),
            },
            "a reachability from area 11 to area 12 leaves its cluster other than through a \
             portal",
        ),
    ];
    for (error, message) in messages {
        assert_eq!(error.to_string(), message);
    }
}
