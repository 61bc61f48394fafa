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
    /// That of merging the `n` boxes (a sort and a sweep per round, few rounds).
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

/// `boxes` with every group that touches (directly or through others) replaced by the box
/// around it, until no two boxes share a point.
///
/// # Complexity
/// Per round, a sort and a sweep along x: `O(n log n + p)` for the `p` pairs whose x ranges
/// overlap; a round more only when merged boxes newly touch.
fn merged(mut boxes: Vec<(Vec3, Vec3)>) -> Vec<(Vec3, Vec3)> {
    loop {
        boxes.sort_by(|a, b| a.0.x.total_cmp(&b.0.x));
        let mut parent: Vec<usize> = (0..boxes.len()).collect();
        for i in 0..boxes.len() {
            for j in i + 1..boxes.len() {
                if boxes[j].0.x > boxes[i].1.x {
                    break;
                }
                if overlaps(boxes[i], boxes[j]) {
                    let (a, b) = (root(&mut parent, i), root(&mut parent, j));
                    parent[a.max(b)] = a.min(b);
                }
            }
        }
        let mut groups: Vec<Option<(Vec3, Vec3)>> = vec![None; boxes.len()];
        for (index, &(mins, maxs)) in boxes.iter().enumerate() {
            let group = &mut groups[root(&mut parent, index)];
            *group = Some(group.map_or((mins, maxs), |(gmins, gmaxs)| {
                (gmins.min(mins), gmaxs.max(maxs))
            }));
        }
        let next: Vec<(Vec3, Vec3)> = groups.into_iter().flatten().collect();
        if next.len() == boxes.len() {
            return next;
        }
        boxes = next;
    }
}

/// The representative of `index`'s group (halving the path on the way).
fn root(parent: &mut [usize], mut index: usize) -> usize {
    while parent[index] != index {
        parent[index] = parent[parent[index]];
        index = parent[index];
    }
    index
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

    #[test]
    fn merged_boxes_hold_every_box_and_never_touch_each_other() {
        // A fixed pseudo-random scatter of small and long boxes.
        let mut seed = 0x9E37_79B9_u32;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            f32::from(u16::try_from(seed % 1000).unwrap_or(0))
        };
        let boxes: Vec<(Vec3, Vec3)> = (0..300)
            .map(|_| {
                let mins = Vec3::new(next(), next(), next() * 0.1);
                let size = Vec3::new(next() * 0.02, next() * 0.02, next() * 0.01) + Vec3::ONE;
                (mins, mins + size)
            })
            .collect();
        let result = merged(boxes.clone());
        assert!(result.len() < boxes.len(), "some of 300 boxes touch");
        for &(mins, maxs) in &boxes {
            assert!(
                result
                    .iter()
                    .any(|&(rmins, rmaxs)| rmins.cmple(mins).all() && maxs.cmple(rmaxs).all()),
                "{mins}..{maxs} not held"
            );
        }
        for (index, &a) in result.iter().enumerate() {
            for &b in &result[index + 1..] {
                assert!(!overlaps(a, b), "{a:?} and {b:?} touch");
            }
        }
    }
}
