//! [`Adjacency`]: the undirected area graph clustering floods through — shared faces and
//! reachabilities in both directions — restricted to the routable areas.

use crate::graph::RouteGraph;
use crate::{AreaId, ReachId};

/// Which areas touch which, for clustering.
///
/// An area is *routable* when a reachability leaves or enters it; the others are left out of
/// clustering (they become [`Membership::None`](super::Membership::None)) and have no
/// neighbours here. Neighbour lists are sorted, without duplicates or self-loops.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Adjacency {
    /// Per area: whether a reachability leaves or enters it.
    pub(crate) routable: Vec<bool>,
    /// Per area: the routable areas sharing a face or a reachability with it (sorted).
    pub(crate) neighbours: Vec<Vec<u32>>,
}

impl Adjacency {
    /// The adjacency of `graph`.
    pub(crate) fn of(graph: &impl RouteGraph) -> Self {
        let count = graph.area_count();
        let mut routable = vec![false; count];
        let mut neighbours: Vec<Vec<u32>> = vec![Vec::new(); count];
        for from in 0..count {
            let area = AreaId::from_index(from);
            for reach in graph.reaches(area) {
                let to = graph.reach(ReachId(reach)).target.index();
                if to >= count {
                    continue;
                }
                routable[from] = true;
                routable[to] = true;
                if to != from {
                    neighbours[from].push(AreaId::from_index(to).0);
                    neighbours[to].push(area.0);
                }
            }
        }
        for from in 0..count {
            if !routable[from] {
                continue;
            }
            let mut faces = Vec::new();
            graph.face_neighbours(AreaId::from_index(from), &mut |other: AreaId| {
                faces.push(other);
            });
            for other in faces {
                if other.index() < count && other.index() != from && routable[other.index()] {
                    neighbours[from].push(other.0);
                    neighbours[other.index()].push(AreaId::from_index(from).0);
                }
            }
        }
        for (list, &keep) in neighbours.iter_mut().zip(&routable) {
            if keep {
                list.sort_unstable();
                list.dedup();
            } else {
                list.clear();
            }
        }
        Self {
            routable,
            neighbours,
        }
    }

    /// The neighbours of area `index`.
    pub(crate) fn of_area(&self, index: usize) -> &[u32] {
        self.neighbours.get(index).map_or(&[], Vec::as_slice)
    }
}
