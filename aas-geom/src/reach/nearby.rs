//! [`NearbyAreas`]: the areas whose bounds come near an area's, found without testing every
//! area (on a map of 5,000 areas, testing every pair was a tenth of the compile).
//!
//! The areas are sorted by their lowest x, in classes by width ([`WIDTH_CLASSES`]), with
//! their bounds copied next to each other in that order. The areas of a class near one can
//! only be those whose lowest x lies in a window: at most the margin past its highest x, and
//! at least the margin plus the class's largest width before its lowest x. Only the windows
//! are tested (a wide area would stretch its class's window: on oacmpdm2 the widest
//! areas are 17 times as wide as the median); areas wider than the last class (and any with
//! bounds that are not finite) are tested on every query. The areas that pass are gathered
//! in a bit set, which gives them in id order. The test is the one on every pair, to the
//! bit.

use glam::Vec3;

use crate::geom::push_set_bits;

/// The largest width along x (units) of the areas of each sorted class; wider areas are
/// tested on every query.
const WIDTH_CLASSES: [f32; 4] = [64.0, 256.0, 1024.0, 4096.0];

/// What a query asks for: areas within `margin` horizontally, reaching at most `below`
/// units under and `above` units over the area's bounds.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Reach {
    /// Horizontal distance between the bounds (units).
    pub(crate) margin: f32,
    /// How far under the area's lowest point another's highest may be.
    pub(crate) below: f32,
    /// How far over the area's highest point another's lowest may be.
    pub(crate) above: f32,
}

/// The areas of one width class, sorted by lowest x (ties by id).
#[derive(Debug, Clone, Default)]
struct SortedClass {
    /// Their ids.
    ids: Vec<u32>,
    /// Their bounds, in the same order.
    bounds: Vec<(Vec3, Vec3)>,
    /// Their largest width along x.
    width: f32,
}

/// Each area's bounds, sorted for [`NearbyAreas::near`].
#[derive(Debug, Clone)]
pub(crate) struct NearbyAreas {
    /// Every area's `(mins, maxs)`, by id.
    bounds: Vec<(Vec3, Vec3)>,
    /// The areas of each of [`WIDTH_CLASSES`].
    classes: Vec<SortedClass>,
    /// The other areas, in id order.
    wide: Vec<u32>,
}

impl NearbyAreas {
    /// The index of the areas with these bounds (`(mins, maxs)`, by area id).
    ///
    /// # Complexity
    /// `O(n log n)` for `n` areas.
    #[must_use]
    pub(crate) fn new(bounds: Vec<(Vec3, Vec3)>) -> Self {
        let mut classes = vec![SortedClass::default(); WIDTH_CLASSES.len()];
        let mut wide = Vec::new();
        for (id, &(mins, maxs)) in (0_u32..).zip(&bounds) {
            let width = maxs.x - mins.x;
            let class = (mins.is_finite() && maxs.is_finite())
                .then(|| WIDTH_CLASSES.iter().position(|&w| width <= w))
                .flatten()
                .and_then(|index| classes.get_mut(index));
            match class {
                Some(class) => class.ids.push(id),
                None => wide.push(id),
            }
        }
        let min_x = |id: &u32| bounds.get(*id as usize).map_or(0.0, |b| b.0.x);
        for class in &mut classes {
            class
                .ids
                .sort_by(|a, b| min_x(a).total_cmp(&min_x(b)).then(a.cmp(b)));
            class.bounds = class
                .ids
                .iter()
                .filter_map(|&id| bounds.get(id as usize).copied())
                .collect();
            class.width = class
                .bounds
                .iter()
                .map(|(mins, maxs)| maxs.x - mins.x)
                .fold(0.0_f32, f32::max);
        }
        Self {
            bounds,
            classes,
            wide,
        }
    }

    /// Puts into `found` (cleared first), in increasing id order, every area other than
    /// `area` whose bounds come within `reach.margin` of `area`'s horizontally and lie
    /// between `reach.below` units under and `reach.above` units over them; `seen` is
    /// scratch space.
    ///
    /// # Complexity
    /// `O(log n + w + k + n / 64)` for `n` areas, `w` of them in the windows or wide, `k`
    /// found.
    pub(crate) fn near(
        &self,
        area: usize,
        reach: Reach,
        seen: &mut Vec<u64>,
        found: &mut Vec<usize>,
    ) {
        found.clear();
        let Some(&(mins, maxs)) = self.bounds.get(area) else {
            return;
        };
        // The terms that depend on `area` alone, computed once (the same values).
        let x_end = maxs.x + reach.margin;
        let y_end = maxs.y + reach.margin;
        let z_low = mins.z - reach.below;
        let z_high = maxs.z + reach.above;
        // Without short cuts: no branch to mispredict.
        let passes = |&(m2, x2): &(Vec3, Vec3)| {
            (m2.x <= x_end)
                & (mins.x <= x2.x + reach.margin)
                & (m2.y <= y_end)
                & (mins.y <= x2.y + reach.margin)
                & (x2.z >= z_low)
                & (m2.z <= z_high)
        };
        seen.clear();
        seen.resize(self.bounds.len().div_ceil(64), 0);
        let mut mark = |id: u32, pass: bool| {
            let id = id as usize;
            if let Some(word) = seen.get_mut(id / 64) {
                *word |= u64::from(pass) << (id % 64);
            }
        };
        for class in &self.classes {
            // The window: past its end the first condition fails; before its start the
            // second does (an area that starts there ends, being at most `class.width` wide,
            // more than the margin before `mins.x`; one unit more for rounding, in `f64`).
            let end = class.bounds.partition_point(|(m2, _)| m2.x <= x_end);
            let lowest = f64::from(mins.x) - f64::from(reach.margin) - f64::from(class.width) - 1.0;
            let start = class
                .bounds
                .partition_point(|(m2, _)| f64::from(m2.x) < lowest)
                .min(end);
            let window = class.bounds.get(start..end).unwrap_or_default();
            let ids = class.ids.get(start..end).unwrap_or_default();
            for (&id, b) in ids.iter().zip(window) {
                mark(id, passes(b));
            }
        }
        for &id in &self.wide {
            mark(id, self.bounds.get(id as usize).is_some_and(passes));
        }
        if let Some(word) = seen.get_mut(area / 64) {
            *word &= !(1 << (area % 64));
        }
        push_set_bits(seen, found);
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn bounds() -> impl Strategy<Value = Vec<(Vec3, Vec3)>> {
        let coordinate = || (-4000_i32..4000).prop_map(|c| c as f32 * 0.5);
        let size = || prop_oneof![8 => 0.0_f32..300.0, 1 => 0.0_f32..3000.0];
        prop::collection::vec(
            (
                [coordinate(), coordinate(), coordinate()],
                [size(), size(), size()],
            ),
            0..120,
        )
        .prop_map(|list| {
            let mut boxes: Vec<(Vec3, Vec3)> = list
                .into_iter()
                .map(|(lo, size)| {
                    let lo = Vec3::from_array(lo);
                    (lo, lo + Vec3::from_array(size))
                })
                .collect();
            // Areas with non-finite bounds are answered too.
            if boxes.len() > 3 {
                boxes[1] = (Vec3::splat(f32::NEG_INFINITY), Vec3::splat(f32::INFINITY));
                boxes[2].0.x = f32::NAN;
            }
            boxes
        })
    }

    proptest! {
        #[test]
        fn near_is_the_test_of_every_pair(bounds in bounds(), margin in 0.0_f32..600.0) {
            let reach = Reach { margin, below: 250.0, above: 90.0 };
            let index = NearbyAreas::new(bounds.clone());
            let (mut seen, mut found) = (Vec::new(), Vec::new());
            for (area, &(mins, maxs)) in bounds.iter().enumerate() {
                index.near(area, reach, &mut seen, &mut found);
                let every: Vec<usize> = (0..bounds.len())
                    .filter(|&i| i != area)
                    .filter(|&i| {
                        let (m2, x2) = bounds[i];
                        m2.x <= maxs.x + margin
                            && mins.x <= x2.x + margin
                            && m2.y <= maxs.y + margin
                            && mins.y <= x2.y + margin
                            && x2.z >= mins.z - reach.below
                            && m2.z <= maxs.z + reach.above
                    })
                    .collect();
                prop_assert_eq!(&found, &every);
            }
        }
    }
}
