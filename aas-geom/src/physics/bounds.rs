//! [`AreaBounds`]: where some kind of area (ladders, liquids) can be, as a few boxes, so that
//! the physics looks a point's area up only near one.

use glam::Vec3;

use crate::world::{AasWorld, Area};

/// How far (units) each area's stored bounds are grown before they are trusted.
const MARGIN: f32 = 1.0;

/// Boxes that together hold every area of one kind (each area's bounds grown by [`MARGIN`],
/// overlapping boxes merged into one): outside all of them, no area of that kind.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct AreaBounds {
    boxes: Vec<(Vec3, Vec3)>,
}

impl AreaBounds {
    /// The bounds of `world`'s areas that `kind` accepts.
    ///
    /// # Complexity
    /// `O(n²)` per merging pass for the `n` areas accepted (passes until nothing merges; few
    /// in practice).
    pub(crate) fn of(world: &AasWorld, kind: impl Fn(&Area) -> bool) -> Self {
        Self {
            boxes: merged(
                world
                    .areas
                    .iter()
                    .filter(|area| kind(area))
                    .map(|area| {
                        (
                            area.mins - Vec3::splat(MARGIN),
                            area.maxs + Vec3::splat(MARGIN),
                        )
                    })
                    .collect(),
            ),
        }
    }

    /// Whether there is no such area at all.
    pub(crate) fn is_empty(&self) -> bool {
        self.boxes.is_empty()
    }

    /// Whether the box `mins..=maxs` meets one of the boxes (so may meet such an area).
    pub(crate) fn meets(&self, mins: Vec3, maxs: Vec3) -> bool {
        self.boxes
            .iter()
            .any(|&bounds| overlaps(bounds, (mins, maxs)))
    }
}

/// `boxes` with every two that share a point replaced by the box around both, until no two
/// do.
fn merged(mut boxes: Vec<(Vec3, Vec3)>) -> Vec<(Vec3, Vec3)> {
    let mut merging = true;
    while merging {
        merging = false;
        let mut index = 0;
        while index < boxes.len() {
            let (mins, maxs) = boxes[index];
            let touching =
                (index + 1..boxes.len()).find(|&other| overlaps(boxes[other], (mins, maxs)));
            if let Some(other) = touching {
                let (omins, omaxs) = boxes.swap_remove(other);
                boxes[index] = (mins.min(omins), maxs.max(omaxs));
                merging = true;
            } else {
                index += 1;
            }
        }
    }
    boxes
}

/// Whether two closed boxes share a point.
fn overlaps((amins, amaxs): (Vec3, Vec3), (bmins, bmaxs): (Vec3, Vec3)) -> bool {
    amins.cmple(bmaxs).all() && bmins.cmple(amaxs).all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boxes_that_touch_merge_into_one_and_the_rest_stay_apart() {
        let boxes = merged(vec![
            (Vec3::ZERO, Vec3::ONE),
            (Vec3::splat(10.0), Vec3::splat(11.0)),
            (Vec3::splat(0.5), Vec3::splat(2.0)),
            // Touches the merged pair only through the second: merged on a later look.
            (Vec3::new(2.0, 0.0, 0.0), Vec3::new(3.0, 2.0, 2.0)),
        ]);
        assert_eq!(
            boxes,
            vec![
                (Vec3::ZERO, Vec3::new(3.0, 2.0, 2.0)),
                (Vec3::splat(10.0), Vec3::splat(11.0)),
            ]
        );
        let bounds = AreaBounds { boxes };
        assert!(bounds.meets(Vec3::splat(1.5), Vec3::splat(1.5)));
        assert!(!bounds.meets(Vec3::splat(5.0), Vec3::splat(6.0)));
        assert!(bounds.meets(Vec3::splat(9.0), Vec3::splat(10.0)));
        assert!(AreaBounds::default().is_empty());
    }
}
