//! [`PlaneSet`]: the deduplicated plane list of the BSP compiler. Every plane is stored once
//! together with its opposite, as map compilers do: plane `2k` and plane `2k + 1` face opposite
//! ways, so [`PlaneId::opposite`] is a bit flip and [`PlaneId::pair`] names the unoriented
//! plane.

use rustc_hash::FxHashMap;

use glam::DVec3;
use serde::{Deserialize, Serialize};

use crate::brush::Plane;

/// Two planes whose normals differ by less than this in every component are the same normal.
pub const NORMAL_EPSILON: f64 = 1e-6;

/// Two planes with the same normal whose distances differ by less than this are the same plane
/// (units).
pub const DIST_EPSILON: f64 = 1e-3;

/// Index of a plane in a [`PlaneSet`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PlaneId(pub u32);

impl PlaneId {
    /// The same plane facing the other way.
    #[must_use]
    pub const fn opposite(self) -> Self {
        Self(self.0 ^ 1)
    }

    /// The unoriented plane: equal for a plane and its opposite.
    #[must_use]
    pub const fn pair(self) -> u32 {
        self.0 >> 1
    }

    /// The member of the pair stored first (its largest normal component is positive).
    #[must_use]
    pub const fn canonical(self) -> Self {
        Self(self.0 & !1)
    }

    /// The index as a `usize`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A deduplicated list of planes, each stored with its opposite.
///
/// Lookups go through a hash map keyed by the rounded distance, never iterated, so that nothing
/// depends on hash order; insertion order alone decides the ids.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PlaneSet {
    planes: Vec<Plane>,
    /// `floor(dist)` → ids of planes (both orientations) with that rounded distance.
    buckets: FxHashMap<i64, Vec<u32>>,
}

impl PlaneSet {
    /// An empty set.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of planes (always even: planes come in opposite pairs).
    #[must_use]
    pub fn len(&self) -> usize {
        self.planes.len()
    }

    /// Whether the set is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.planes.is_empty()
    }

    /// The plane `id`. Ids come from this set; an unknown id yields a degenerate plane rather
    /// than a panic.
    #[must_use]
    pub fn get(&self, id: PlaneId) -> Plane {
        self.planes.get(id.index()).copied().unwrap_or(Plane {
            normal: DVec3::ZERO,
            dist: 0.0,
        })
    }

    /// Whether plane `id` is axial (its normal is a coordinate axis, either way).
    #[must_use]
    pub fn is_axial(&self, id: PlaneId) -> bool {
        let n = self.get(id).normal.abs();
        n.x == 1.0 || n.y == 1.0 || n.z == 1.0
    }

    /// All planes in id order.
    #[must_use]
    pub fn planes(&self) -> &[Plane] {
        &self.planes
    }

    /// The id of `plane`, adding it and its opposite when no stored plane is within
    /// [`NORMAL_EPSILON`] / [`DIST_EPSILON`]. Nearly axial normals are snapped to the axis.
    /// Returns `None` for a non-finite or zero normal, a non-finite distance, or when the set
    /// would exceed `u32` ids.
    ///
    /// # Complexity
    /// `O(k)` for `k` planes in the three buckets searched.
    pub fn insert(&mut self, plane: Plane) -> Option<PlaneId> {
        let plane = snap(plane)?;
        if let Some(id) = self.find(plane) {
            return Some(id);
        }
        let base = u32::try_from(self.planes.len()).ok()?;
        base.checked_add(2)?;
        let (first, second) = if is_canonical(plane.normal) {
            (plane, plane.flipped())
        } else {
            (plane.flipped(), plane)
        };
        for (offset, stored) in [first, second].into_iter().enumerate() {
            self.planes.push(stored);
            self.buckets
                .entry(bucket(stored.dist))
                .or_default()
                .push(base + offset as u32);
        }
        let id = if is_canonical(plane.normal) {
            base
        } else {
            base + 1
        };
        Some(PlaneId(id))
    }

    /// The id of a stored plane equal to `plane` within the epsilons, if any.
    ///
    /// # Complexity
    /// `O(log b + k)`, as [`PlaneSet::insert`].
    #[must_use]
    pub fn find(&self, plane: Plane) -> Option<PlaneId> {
        let plane = snap(plane)?;
        let key = bucket(plane.dist);
        for k in [key - 1, key, key + 1] {
            let Some(ids) = self.buckets.get(&k) else {
                continue;
            };
            for &id in ids {
                let stored = self.planes[id as usize];
                if (stored.dist - plane.dist).abs() < DIST_EPSILON
                    && (stored.normal - plane.normal).abs().max_element() < NORMAL_EPSILON
                {
                    return Some(PlaneId(id));
                }
            }
        }
        None
    }
}

fn bucket(dist: f64) -> i64 {
    // `as` saturates for huge values; distances are checked finite before.
    dist.floor() as i64
}

/// The orientation stored first: the largest normal component (first axis on ties) positive.
fn is_canonical(normal: DVec3) -> bool {
    let a = normal.abs();
    if a.x >= a.y && a.x >= a.z {
        normal.x > 0.0
    } else if a.y >= a.z {
        normal.y > 0.0
    } else {
        normal.z > 0.0
    }
}

/// Normalises, snaps nearly axial normals onto the axis and rejects non-finite planes.
fn snap(plane: Plane) -> Option<Plane> {
    let length = plane.normal.length();
    if !length.is_finite() || length < 1e-12 || !plane.dist.is_finite() {
        return None;
    }
    let mut normal = plane.normal / length;
    let mut dist = plane.dist / length;
    for axis in 0..3 {
        if (normal[axis].abs() - 1.0).abs() < NORMAL_EPSILON * 0.01 {
            let sign = normal[axis].signum();
            normal = DVec3::ZERO;
            normal[axis] = sign;
            break;
        }
    }
    if (dist - dist.round()).abs() < DIST_EPSILON * 0.01 {
        dist = dist.round();
    }
    Some(Plane { normal, dist })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposite_planes_share_a_pair() {
        let mut set = PlaneSet::new();
        let up = set
            .insert(Plane {
                normal: DVec3::Z,
                dist: 8.0,
            })
            .unwrap();
        let down = set
            .insert(Plane {
                normal: DVec3::NEG_Z,
                dist: -8.0,
            })
            .unwrap();
        assert_eq!(up.opposite(), down);
        assert_eq!(up.pair(), down.pair());
        assert_eq!(up.canonical(), up);
        assert_eq!(set.len(), 2);
        assert!(set.is_axial(down));
        let again = set
            .insert(Plane {
                normal: DVec3::new(1e-9, 0.0, 1.0),
                dist: 8.000_1,
            })
            .unwrap();
        assert_eq!(again, up);
        let slope = set
            .insert(Plane {
                normal: DVec3::new(-1.0, 0.0, 1.0).normalize(),
                dist: 3.0,
            })
            .unwrap();
        assert_eq!(
            slope.0, 3,
            "stored second: its largest component is negative"
        );
        assert!(!set.is_axial(slope));
        assert!(
            set.insert(Plane {
                normal: DVec3::NAN,
                dist: 0.0
            })
            .is_none()
        );
    }
}
