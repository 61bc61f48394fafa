//! [`ClusterSettings`]: the knobs of [`Clustering::compute`](super::Clustering::compute).

/// How [`Clustering::compute`](super::Clustering::compute) chooses its portals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClusterSettings {
    /// Whether to detect portal areas automatically (door openings, windows, corridor
    /// necks: areas that locally separate two groups of areas) besides the map-authored
    /// `CLUSTERPORTAL` areas. Off, the result is the authored clustering alone.
    pub automatic_portals: bool,
    /// The hop radius of the local separation test of automatic candidates: an area is a
    /// candidate when its neighbours fall apart into exactly two groups within this many
    /// steps of it once it is removed.
    pub local_radius: u32,
    /// Automatic candidates with more neighbours than this are not considered (a door
    /// opening has few).
    pub max_candidate_neighbours: usize,
    /// Whether automatic portals are then removed, one pair of clusters at a time, while
    /// that lowers the full-cache memory model. Off, every valid
    /// candidate stays a portal.
    pub optimise: bool,
    /// Whether large clusters are then cut along breadth-first layers of their areas (open
    /// spaces with no narrow opening) while that lowers the memory model.
    pub refine: bool,
    /// The largest maximum crossing time (hundredths of a second; see
    /// [`CostModel::portal_crossing`](crate::CostModel::portal_crossing)) of an automatic
    /// portal area. A route entering a portal area is charged its maximum crossing whatever
    /// way it crosses, so wide portal areas make routes look slower than they are; areas
    /// above this are never made portals automatically (authored portals always are). The
    /// default 48 is about 145 units at walking speed, a door opening's crossing.
    pub max_portal_crossing: u32,
}

impl Default for ClusterSettings {
    fn default() -> Self {
        Self {
            automatic_portals: true,
            local_radius: 2,
            max_candidate_neighbours: 12,
            optimise: true,
            refine: true,
            max_portal_crossing: 48,
        }
    }
}

impl ClusterSettings {
    /// Only the map-authored `CLUSTERPORTAL` areas are portals (what BSPC does).
    #[must_use]
    pub const fn authored_only() -> Self {
        Self {
            automatic_portals: false,
            local_radius: 0,
            max_candidate_neighbours: 0,
            optimise: false,
            refine: false,
            max_portal_crossing: 0,
        }
    }
}
