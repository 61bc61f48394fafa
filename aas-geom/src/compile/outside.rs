//! Removal of the outside (thesis §6.2): flood fill from the leaves holding seed points (entity
//! origins: spawn points, items) through portals between open leaves; every open leaf not
//! reached is outside the map or sealed away, and becomes solid.
//!
//! A seed in a solid leaf is ignored (entity origins often sit inside floors; the caller nudges
//! them). When the flood reaches the outside pseudo-leaf the map leaks: a [`Leak`] is reported
//! with the leaf path from the seed and a point on the leaking portal, and the fill still
//! keeps exactly the leaves reachable from the seeds (so a leaking map keeps its outside void
//! and stays usable, just larger).

use std::collections::VecDeque;

use glam::DVec3;
use thiserror::Error;

use super::PresenceMask;
use super::bsp_tree::{BspTree, LeafId};
use super::portalize::{PortalId, PortalSide, Portals};

/// A path from a seed to the outside of the map.
#[derive(Debug, Clone, PartialEq)]
pub struct Leak {
    /// Index of the seed in the caller's list.
    pub seed: usize,
    /// The seed point.
    pub seed_point: DVec3,
    /// The leaves from the seed's leaf to the leaf on the leaking portal, through portals.
    pub leaf_path: Vec<LeafId>,
    /// The portal to the outside pseudo-leaf.
    pub portal: PortalId,
    /// The centre of that portal.
    pub point: DVec3,
}

/// What [`remove_outside`] did.
#[derive(Debug, Clone, PartialEq)]
pub struct OutsideReport {
    /// Seeds whose leaf was open and started the fill.
    pub seeds_used: usize,
    /// Seeds ignored because their leaf is solid.
    pub seeds_in_solid: usize,
    /// Open leaves reached (kept).
    pub leaves_kept: usize,
    /// Open leaves not reached, now solid.
    pub leaves_removed: usize,
    /// The first leak found (breadth first, so the path is a shortest one from some seed).
    pub leak: Option<Leak>,
}

/// Why [`remove_outside`] refused to change the tree.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OutsideError {
    /// No seed lies in an open leaf: filling would make the whole map solid.
    #[error("none of the {seeds} seed points lies in an open leaf")]
    NoSeed {
        /// How many seeds were given.
        seeds: usize,
    },
    /// The portals were computed for another tree (or before pruning).
    #[error("portals do not match the tree ({portal_leaves} leaves vs {tree_leaves})")]
    StalePortals {
        /// Leaves the portals know.
        portal_leaves: usize,
        /// Leaves in the tree.
        tree_leaves: usize,
    },
}

/// Flood-fills `tree` from `seeds` through `portals` (computed for this tree) and makes every
/// open leaf not reached solid (blocked for every box, [`removed_as_outside`] set).
///
/// [`removed_as_outside`]: super::bsp_tree::BspLeaf::removed_as_outside
///
/// # Errors
/// [`OutsideError::NoSeed`] when no seed lies in an open leaf, [`OutsideError::StalePortals`]
/// when the portals do not match the tree; the tree is unchanged then.
///
/// # Complexity
/// `O(seeds · depth + leaves + portals)`.
pub fn remove_outside(
    tree: &mut BspTree,
    portals: &Portals,
    seeds: &[DVec3],
) -> Result<OutsideReport, OutsideError> {
    if portals.leaf_portals.len() != tree.leaves.len() {
        return Err(OutsideError::StalePortals {
            portal_leaves: portals.leaf_portals.len(),
            tree_leaves: tree.leaves.len(),
        });
    }
    let leaf_count = tree.leaves.len();
    // For each leaf: reached, and the leaf it was reached from (itself for a seed leaf).
    let mut from: Vec<Option<u32>> = vec![None; leaf_count];
    let mut seed_of: Vec<usize> = vec![0; leaf_count];
    let mut queue = VecDeque::new();
    let (mut seeds_used, mut seeds_in_solid) = (0, 0);
    for (index, &seed) in seeds.iter().enumerate() {
        let leaf = tree.point_leaf(seed);
        if tree.is_solid(leaf) || !seed.is_finite() {
            seeds_in_solid += 1;
            continue;
        }
        seeds_used += 1;
        let i = leaf.0 as usize;
        if from[i].is_none() {
            from[i] = Some(leaf.0);
            seed_of[i] = index;
            queue.push_back(leaf);
        }
    }
    if seeds_used == 0 {
        return Err(OutsideError::NoSeed { seeds: seeds.len() });
    }
    let mut leak = None;
    while let Some(leaf) = queue.pop_front() {
        for &portal_id in portals.of_leaf(leaf) {
            match portals.other_side(portal_id, leaf) {
                Some(PortalSide::Outside) if leak.is_none() => {
                    leak = Some(Leak {
                        seed: seed_of[leaf.0 as usize],
                        seed_point: seeds[seed_of[leaf.0 as usize]],
                        leaf_path: path_to(&from, leaf),
                        portal: portal_id,
                        point: portals
                            .get(portal_id)
                            .map_or(DVec3::ZERO, |p| p.winding.center()),
                    });
                }
                Some(PortalSide::Leaf(next)) => {
                    let n = next.0 as usize;
                    if n < leaf_count && from[n].is_none() && !tree.is_solid(next) {
                        from[n] = Some(leaf.0);
                        seed_of[n] = seed_of[leaf.0 as usize];
                        queue.push_back(next);
                    }
                }
                Some(PortalSide::Outside) | None => {}
            }
        }
    }
    let all = PresenceMask::all(tree.box_count);
    let box_count = tree.box_count;
    let (mut leaves_kept, mut leaves_removed) = (0, 0);
    for (leaf, reached) in tree.leaves.iter_mut().zip(&from) {
        if leaf.is_solid(box_count) {
            continue;
        }
        if reached.is_some() {
            leaves_kept += 1;
        } else {
            leaf.blocked = leaf.blocked.union(all);
            leaf.removed_as_outside = true;
            leaves_removed += 1;
        }
    }
    Ok(OutsideReport {
        seeds_used,
        seeds_in_solid,
        leaves_kept,
        leaves_removed,
        leak,
    })
}

/// The leaf path from the seed leaf to `leaf`, following `from` links.
fn path_to(from: &[Option<u32>], leaf: LeafId) -> Vec<LeafId> {
    let mut path = vec![leaf];
    let mut current = leaf.0;
    // A path visits each leaf at most once.
    for _ in 0..from.len() {
        match from.get(current as usize).copied().flatten() {
            Some(previous) if previous != current => {
                path.push(LeafId(previous));
                current = previous;
            }
            _ => break,
        }
    }
    path.reverse();
    path
}
