//! Thin floors and thin layers (see the [gravity module docs](super)), kept up to date from
//! round to round of the gravitational subdivision: what each leaf's portals say is stored
//! per leaf and computed again only for the leaves whose portals a round changed; the layers
//! are then found again from those stores.

use rayon::prelude::*;
use smallvec::SmallVec;

use super::leaf_side;
use crate::brush::Plane;
use crate::compile::areas::is_ground_normal;
use crate::compile::bsp_tree::{BspTree, LeafId};
use crate::compile::portalize::{PortalId, Portals};

#[cfg(doc)]
use super::THIN_FLOOR_NOISE;

/// What the thin-floor rule reads of one open leaf's portals (nothing for a solid leaf).
#[derive(Debug, Clone, Default)]
struct LeafSides {
    /// The planes of its ground portals, oriented into the leaf.
    grounds: SmallVec<[Plane; 2]>,
    /// The open leaves below it (through its floor portals).
    below: SmallVec<[LeafId; 4]>,
    /// Its portals to open leaves above it.
    tops: SmallVec<[PortalId; 4]>,
    /// Whether it is a thin floor: it has ground, and its top comes within the height of it.
    thin: bool,
}

/// The thin-floor rule's view of every leaf of a tree (see [`ThinFloors::flags`]).
#[derive(Debug, Clone)]
pub(crate) struct ThinFloors {
    height: f64,
    sides: Vec<LeafSides>,
}

impl ThinFloors {
    /// The view of every leaf of `tree`, whose portals are `portals`, for a thin-floor
    /// `height`.
    ///
    /// # Complexity
    /// `O(Σ portal points · ground planes)`, over the threads.
    pub(crate) fn new(tree: &BspTree, portals: &Portals, height: f64) -> Self {
        let sides = (0..tree.leaves.len())
            .into_par_iter()
            .map(|index| {
                u32::try_from(index)
                    .map(|index| leaf_sides(tree, portals, LeafId(index), height))
                    .unwrap_or_default()
            })
            .collect();
        Self { height, sides }
    }

    /// Takes in the changes to the portals of `leaves` (and any leaf `tree` has gained): the
    /// view of each is made again.
    ///
    /// # Complexity
    /// `O(Σ portal points · ground planes)` over those leaves.
    pub(crate) fn update(&mut self, tree: &BspTree, portals: &Portals, leaves: &[LeafId]) {
        let mut leaves: Vec<LeafId> = leaves.to_vec();
        let known = self.sides.len();
        leaves.extend((known..tree.leaves.len()).filter_map(|i| u32::try_from(i).ok().map(LeafId)));
        leaves.sort_unstable();
        leaves.dedup();
        self.sides
            .resize_with(tree.leaves.len(), LeafSides::default);
        let height = self.height;
        let fresh: Vec<(LeafId, LeafSides)> = leaves
            .into_par_iter()
            .filter(|leaf| (leaf.0 as usize) < tree.leaves.len())
            .map(|leaf| (leaf, leaf_sides(tree, portals, leaf, height)))
            .collect();
        for (leaf, sides) in fresh {
            if let Some(slot) = self.sides.get_mut(leaf.0 as usize) {
                *slot = sides;
            }
        }
    }

    /// Per leaf: whether it is thin, a thin floor or a thin layer (see
    /// [`thin_floor_leaves`](super::thin_floor_leaves)). `portals` must be those the view was
    /// last made from.
    ///
    /// # Complexity
    /// `O(leaves)` per pass, one pass per layer of the deepest stack, plus the tests of the
    /// leaves that may be layers.
    pub(crate) fn flags(&self, portals: &Portals) -> Vec<bool> {
        let count = self.sides.len();
        let mut thin: Vec<bool> = self.sides.iter().map(|sides| sides.thin).collect();
        // A layer's ground: the grounds of the thin leaves it stands on.
        let mut inherited: Vec<Option<SmallVec<[Plane; 2]>>> = vec![None; count];
        // Layers: an air leaf standing only on thin leaves inherits their ground, and is thin
        // when its top comes within the height of that ground.
        loop {
            let mut changed = false;
            for index in 0..count {
                let sides = &self.sides[index];
                let has_ground = inherited[index].is_some() || !sides.grounds.is_empty();
                if thin[index] || has_ground || sides.below.is_empty() {
                    continue;
                }
                if !sides
                    .below
                    .iter()
                    .all(|l| thin.get(l.0 as usize).copied().unwrap_or(false))
                {
                    continue;
                }
                let ground_of = |l: LeafId| {
                    let l = l.0 as usize;
                    inherited[l].as_ref().unwrap_or(&self.sides[l].grounds)
                };
                let layer_ground: SmallVec<[Plane; 2]> = sides
                    .below
                    .iter()
                    .flat_map(|&l| ground_of(l).iter().copied())
                    .collect();
                let tops = sides
                    .tops
                    .iter()
                    .filter_map(|&id| portals.get(id))
                    .flat_map(|portal| portal.winding.points().iter().copied());
                if within(&layer_ground, tops, self.height) {
                    inherited[index] = Some(layer_ground);
                    thin[index] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        thin
    }
}

/// The view of `leaf`'s portals (empty for a solid leaf).
fn leaf_sides(tree: &BspTree, portals: &Portals, leaf: LeafId, height: f64) -> LeafSides {
    let mut sides = LeafSides::default();
    if tree.is_solid(leaf) {
        return sides;
    }
    for &id in portals.of_leaf(leaf) {
        let Some(portal) = portals.get(id) else {
            continue;
        };
        let Some((into, other)) = leaf_side(tree, portal, leaf) else {
            continue;
        };
        match other {
            None if is_ground_normal(into.normal.z) => sides.grounds.push(into),
            Some(other) if is_ground_normal(into.normal.z) => sides.below.push(other),
            Some(_) if is_ground_normal(-into.normal.z) => sides.tops.push(id),
            _ => {}
        }
    }
    let tops = sides
        .tops
        .iter()
        .filter_map(|&id| portals.get(id))
        .flat_map(|portal| portal.winding.points().iter().copied());
    sides.thin = !sides.grounds.is_empty() && within(&sides.grounds, tops, height);
    sides
}

/// Whether some of the `tops` points lies above one of the `grounds` planes by more than
/// [`THIN_FLOOR_NOISE`] and less than `height`, measured vertically.
fn within(grounds: &[Plane], mut tops: impl Iterator<Item = glam::DVec3>, height: f64) -> bool {
    tops.any(|p| {
        grounds.iter().any(|g| {
            let above = g.distance_to(p) / g.normal.z;
            above > super::THIN_FLOOR_NOISE && above < height
        })
    })
}
