//! [`ConvexBrush`]: a convex polytope as its face windings, split by planes. BSP construction
//! keeps every brush fragment and the region of every node as one; portalisation uses it for
//! node regions.
//!
//! A face marked [`BrushFace::on_split`] lies on a plane the polytope was already split or
//! sorted by: BSP construction never chooses it again.
//!
//! The face windings are stored one after another in a single point list (and the faces in a
//! second list), so that a polytope costs two allocations whatever its face count, and a split
//! writes the parts' points straight into their lists: BSP construction splits hundreds of
//! thousands of fragments on a large map.

use std::cell::RefCell;

use glam::DVec3;
use smallvec::SmallVec;

use super::plane_set::{PlaneId, PlaneSet};
use crate::brush::Plane;
use crate::geom::{Clipper, ON_EPSILON, Side, Winding, cut_into, usable, whole_goes_front};

/// Coordinates beyond this magnitude mean an unbounded polytope (Quake III maps fit in
/// ±65536).
pub const MAX_COORD: f64 = 131_072.0;

/// One face of a [`ConvexBrush`], borrowed: its outward plane and its polygon
/// (counter-clockwise seen from outside).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BrushFace<'a> {
    /// Outward plane.
    pub plane: PlaneId,
    /// The face polygon's points, in the plane (at least 3).
    pub points: &'a [DVec3],
    /// Whether the face lies on a plane already used to split or sort the polytope.
    pub on_split: bool,
    /// Whether the face lies inside another brush of the same kind (an internal face of a
    /// wall built from several brushes); set by BSP construction, kept through splits.
    pub covered: bool,
}

impl BrushFace<'_> {
    /// The face polygon as a winding of its own.
    #[must_use]
    pub fn winding(&self) -> Option<Winding> {
        Winding::from_points(self.points)
    }
}

/// What a [`ConvexBrush`] stores of a face: its points are `points[start..end]`.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Face {
    plane: PlaneId,
    start: u32,
    end: u32,
    on_split: bool,
    covered: bool,
}

/// A bounded convex polytope with non-zero volume, as the windings of its faces.
#[derive(Debug, Clone, PartialEq)]
pub struct ConvexBrush {
    faces: Vec<Face>,
    points: Vec<DVec3>,
    mins: DVec3,
    maxs: DVec3,
}

/// The result of [`ConvexBrush::split`].
#[derive(Debug, Clone, PartialEq)]
pub struct BrushSplit {
    /// The part in front of the plane.
    pub front: Option<ConvexBrush>,
    /// The part behind the plane.
    pub back: Option<ConvexBrush>,
    /// The cross-section on the plane (facing the plane's normal), when the plane cuts.
    pub mid: Option<Winding>,
}

/// A plane prepared for many [`ConvexBrush::side_of`] tests: its axis when it is axial (the
/// bounding box then decides exactly), else its normal's absolute values.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SideTest {
    plane: Plane,
    abs_normal: DVec3,
    /// `(axis, ±1)` for a normal `±1` along `axis` and 0 elsewhere.
    axis: Option<(usize, f64)>,
}

impl SideTest {
    /// `(axis, sign)` when the plane's normal is `sign` (±1) along `axis` and 0 elsewhere.
    pub(crate) fn axis(&self) -> Option<(usize, f64)> {
        self.axis
    }

    pub(crate) fn new(plane: Plane) -> Self {
        let axis = (0..3).find_map(|axis| {
            let others_zero = (0..3).all(|other| other == axis || plane.normal[other] == 0.0);
            let n = plane.normal[axis];
            (others_zero && (n == 1.0 || n == -1.0)).then_some((axis, n))
        });
        Self {
            plane,
            abs_normal: plane.normal.abs(),
            axis,
        }
    }
}

/// A polytope being assembled face by face.
struct Builder {
    faces: Vec<Face>,
    points: Vec<DVec3>,
}

/// Face and point lists of dropped polytopes, per thread, at most this many pairs, kept for
/// the next polytopes built: a BSP build makes and drops hundreds of thousands of them
/// (oacmpdm2: 600,000), and the allocator's slow path for lists of this size cost more than
/// the rest of their building (see [`Builder::with_capacity`]).
const MAX_SPARE_LISTS: usize = 32;

thread_local! {
    static SPARE_LISTS: RefCell<Vec<(Vec<Face>, Vec<DVec3>)>> = const { RefCell::new(Vec::new()) };
}

impl Drop for ConvexBrush {
    fn drop(&mut self) {
        let lists = (
            std::mem::take(&mut self.faces),
            std::mem::take(&mut self.points),
        );
        if lists.0.capacity() == 0 || lists.1.capacity() == 0 {
            return;
        }
        // During thread teardown the lists are simply freed.
        let _ = SPARE_LISTS.try_with(|spare| {
            if let Ok(mut spare) = spare.try_borrow_mut()
                && spare.len() < MAX_SPARE_LISTS
            {
                spare.push(lists);
            }
        });
    }
}

impl Builder {
    /// An empty builder with room for `faces` faces and `points` points, in the lists of a
    /// dropped polytope when this thread has some large enough.
    fn with_capacity(faces: usize, points: usize) -> Self {
        let spare = SPARE_LISTS
            .try_with(|spare| {
                spare
                    .try_borrow_mut()
                    .ok()
                    .and_then(|mut spare| spare.pop())
            })
            .ok()
            .flatten();
        let (mut face_list, mut point_list) = spare.unwrap_or_default();
        face_list.clear();
        point_list.clear();
        if face_list.capacity() < faces {
            face_list = Vec::with_capacity(faces);
        }
        if point_list.capacity() < points {
            point_list = Vec::with_capacity(points);
        }
        Self {
            faces: face_list,
            points: point_list,
        }
    }

    /// Where the next face's points start.
    fn mark(&self) -> usize {
        self.points.len()
    }

    /// Makes the points pushed since `start` a face, when they make a winding
    /// ([`Winding::new`]'s rule); otherwise drops them.
    fn close(&mut self, start: usize, plane: PlaneId, on_split: bool, covered: bool) {
        let end = self.points.len();
        match (u32::try_from(start), u32::try_from(end)) {
            (Ok(s), Ok(e)) if usable(&self.points[start..]) => self.faces.push(Face {
                plane,
                start: s,
                end: e,
                on_split,
                covered,
            }),
            _ => self.points.truncate(start),
        }
    }

    /// The polytope; `None` under the rules of [`ConvexBrush::from_planes`].
    fn finish(self) -> Option<ConvexBrush> {
        if self.faces.len() < 4 {
            return None;
        }
        // Bounds face by face, as the union of each winding's bounds.
        let (mut mins, mut maxs) = (DVec3::INFINITY, DVec3::NEG_INFINITY);
        for face in &self.faces {
            let (lo, hi) = self.points[face.start as usize..face.end as usize]
                .iter()
                .fold((DVec3::INFINITY, DVec3::NEG_INFINITY), |(lo, hi), &p| {
                    (lo.min(p), hi.max(p))
                });
            mins = mins.min(lo);
            maxs = maxs.max(hi);
        }
        let bounded = mins.is_finite()
            && maxs.is_finite()
            && mins.min_element() > -MAX_COORD
            && maxs.max_element() < MAX_COORD
            && (maxs - mins).min_element() > ON_EPSILON;
        bounded.then_some(ConvexBrush {
            faces: self.faces,
            points: self.points,
            mins,
            maxs,
        })
    }
}

impl ConvexBrush {
    /// The polytope `{x : n·x <= d}` of the planes `ids` (duplicates ignored). Planes touching
    /// the polytope in less than a polygon are dropped (they do not change it). Returns `None`
    /// when fewer than 4 faces remain (no volume), or the polytope is unbounded (beyond
    /// [`MAX_COORD`]) or not finite.
    ///
    /// # Complexity
    /// `O(n² · v)` for `n` planes and `v` points per face.
    #[must_use]
    pub fn from_planes(ids: &[PlaneId], planes: &PlaneSet) -> Option<Self> {
        let mut unique: Vec<PlaneId> = Vec::with_capacity(ids.len());
        for &id in ids {
            if !unique.contains(&id) {
                unique.push(id);
            }
        }
        let mut built = Builder::with_capacity(unique.len(), 4 * unique.len());
        let mut clipper = Clipper::default();
        for &id in &unique {
            let mut points = Winding::from_plane(&planes.get(id)).into_points();
            let alive = unique
                .iter()
                .filter(|&&other| other != id)
                .all(|&other| clipper.clip_back(&mut points, &planes.get(other)));
            if alive {
                let start = built.mark();
                built.points.extend_from_slice(&points);
                built.close(start, id, false, false);
            }
        }
        built.finish()
    }

    /// The faces, in order.
    pub fn faces(&self) -> impl ExactSizeIterator<Item = BrushFace<'_>> + DoubleEndedIterator {
        self.faces.iter().map(|face| BrushFace {
            plane: face.plane,
            points: &self.points[face.start as usize..face.end as usize],
            on_split: face.on_split,
            covered: face.covered,
        })
    }

    /// Whether every face lies on a plane already used to split or sort the polytope.
    #[must_use]
    pub fn all_faces_on_split(&self) -> bool {
        self.faces.iter().all(|face| face.on_split)
    }

    /// Sets [`BrushFace::covered`] of face `index` (ignored when out of range).
    pub(crate) fn set_covered(&mut self, index: usize, covered: bool) {
        if let Some(face) = self.faces.get_mut(index) {
            face.covered = covered;
        }
    }

    /// Smallest and largest coordinates.
    #[must_use]
    pub fn bounds(&self) -> (DVec3, DVec3) {
        (self.mins, self.maxs)
    }

    /// Whether any face is not yet [`BrushFace::on_split`].
    #[must_use]
    pub fn has_open_face(&self) -> bool {
        !self.all_faces_on_split()
    }

    /// Where the polytope lies relative to `plane`, within [`ON_EPSILON`]: the bounding box
    /// decides most cases, the face points the rest. Never [`Side::On`] for a polytope with
    /// volume.
    ///
    /// # Complexity
    /// `O(1)` when the bounding box decides, else `O(points)`.
    #[must_use]
    pub fn side_of(&self, plane: &Plane) -> Side {
        self.side_of_prepared(&SideTest::new(*plane))
    }

    /// [`ConvexBrush::side_of`] for a plane prepared once for many polytopes.
    #[must_use]
    pub(crate) fn side_of_prepared(&self, test: &SideTest) -> Side {
        let plane = &test.plane;
        if let Some((axis, sign)) = test.axis {
            return self.axial_side(axis, sign, plane.dist);
        }
        let center = (self.mins + self.maxs) * 0.5;
        let half = (self.maxs - self.mins) * 0.5;
        let c = plane.distance_to(center);
        let r = test.abs_normal.dot(half);
        if c - r > ON_EPSILON {
            return Side::Front;
        }
        if c + r < -ON_EPSILON {
            return Side::Back;
        }
        // `classify_range` of the points' distances, stopping at the first point on each side.
        let (mut front, mut back) = (false, false);
        for face in &self.faces {
            for &p in &self.points[face.start as usize..face.end as usize] {
                let d = plane.distance_to(p);
                front |= d > ON_EPSILON;
                back |= d < -ON_EPSILON;
            }
            if front && back {
                return Side::Cross;
            }
        }
        match (front, back) {
            (true, true) => Side::Cross,
            (true, false) => Side::Front,
            (false, true) => Side::Back,
            (false, false) => Side::On,
        }
    }

    /// [`ConvexBrush::side_of`] the plane whose normal is `sign` (±1) along `axis`, at
    /// `dist`: from the bounding box alone (the general test with the zero terms left out,
    /// on that axis only: the same values).
    #[inline]
    #[must_use]
    pub(crate) fn axial_side(&self, axis: usize, sign: f64, dist: f64) -> Side {
        let (lo, hi) = (self.mins[axis], self.maxs[axis]);
        let c = sign * ((lo + hi) * 0.5) - dist;
        let r = (hi - lo) * 0.5;
        if c - r > ON_EPSILON {
            return Side::Front;
        }
        if c + r < -ON_EPSILON {
            return Side::Back;
        }
        if sign > 0.0 {
            classify_range(lo - dist, hi - dist)
        } else {
            classify_range(-hi - dist, -lo - dist)
        }
    }

    /// [`ConvexBrush::distance_range`] for an axial plane, from the bounding box; `None` for
    /// any other plane.
    fn axial_range(&self, plane: &Plane) -> Option<(f64, f64)> {
        for axis in 0..3 {
            let others_zero = (0..3).all(|other| other == axis || plane.normal[other] == 0.0);
            if !others_zero {
                continue;
            }
            if plane.normal[axis] == 1.0 {
                return Some((self.mins[axis] - plane.dist, self.maxs[axis] - plane.dist));
            }
            if plane.normal[axis] == -1.0 {
                return Some((-self.maxs[axis] - plane.dist, -self.mins[axis] - plane.dist));
            }
        }
        None
    }

    /// The smallest and largest signed distance of the polytope's points from `plane`. For an
    /// axial plane the bounding box gives it exactly (the bounds are the points' extremes, and
    /// `±1 · x + 0 · y + 0 · z − d` is `±x − d` in floating point too), without a pass over
    /// the points: most split candidates of real maps are axial.
    fn distance_range(&self, plane: &Plane) -> (f64, f64) {
        if let Some(range) = self.axial_range(plane) {
            return range;
        }
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for &p in &self.points {
            let d = plane.distance_to(p);
            lo = lo.min(d);
            hi = hi.max(d);
        }
        (lo, hi)
    }

    /// Marks the faces lying on `plane` (within [`ON_EPSILON`]) or on plane pair `id` as
    /// [`BrushFace::on_split`]. Returns how many faces were newly marked.
    ///
    /// # Complexity
    /// `O(points)`.
    pub fn mark_faces_on(&mut self, id: PlaneId, plane: &Plane) -> usize {
        let (lo, hi) = self.distance_range(plane);
        self.mark_faces_within(id, plane, lo, hi)
    }

    /// [`ConvexBrush::mark_faces_on`] given the polytope's distance range `lo..=hi` from
    /// `plane`: when every point is farther than [`ON_EPSILON`] from the plane, no face can
    /// lie on it, and only the plane pair is compared.
    fn mark_faces_within(&mut self, id: PlaneId, plane: &Plane, lo: f64, hi: f64) -> usize {
        let may_touch = lo <= ON_EPSILON && hi >= -ON_EPSILON;
        let mut marked = 0;
        for face in &mut self.faces {
            if !face.on_split
                && (face.plane.pair() == id.pair()
                    || (may_touch
                        && self.points[face.start as usize..face.end as usize]
                            .iter()
                            .all(|&p| on_plane(plane.distance_to(p)))))
            {
                face.on_split = true;
                marked += 1;
            }
        }
        marked
    }

    /// Splits the polytope by plane `id`. A polytope within [`ON_EPSILON`] of one side goes
    /// whole to that side (its faces on the plane marked [`BrushFace::on_split`]); otherwise
    /// both parts get the cross-section as a new face, marked `on_split` (the back part with
    /// plane `id`, the front part with its opposite). A part with too little left to be a
    /// polytope is dropped.
    ///
    /// # Complexity
    /// `O(f · v)` for `f` faces of `v` points, plus `O(f · v)` to clip the cross-section.
    #[must_use]
    pub fn split(&self, id: PlaneId, planes: &PlaneSet) -> BrushSplit {
        let plane = planes.get(id);
        let (lo, hi) = self.distance_range(&plane);
        if classify_range(lo, hi) == Side::Cross
            && let Some(mid) = self.cross_section(&plane, planes)
        {
            // The usual case for a node region: no copy of the whole polytope.
            return self.split_faces(id, &plane, mid);
        }
        self.clone().into_split(id, planes)
    }

    /// [`ConvexBrush::split`] consuming the polytope, so that the usual case — the polytope
    /// wholly on one side — moves it instead of copying it. Same result as `split`.
    ///
    /// # Complexity
    /// As [`ConvexBrush::split`].
    #[must_use]
    pub fn into_split(mut self, id: PlaneId, planes: &PlaneSet) -> BrushSplit {
        let plane = planes.get(id);
        let (lo, hi) = self.distance_range(&plane);
        let front = match classify_range(lo, hi) {
            Side::Front => true,
            Side::Back | Side::On => false,
            Side::Cross => match self.cross_section(&plane, planes) {
                Some(mid) => return self.split_faces(id, &plane, mid),
                None => hi > -lo,
            },
        };
        self.mark_faces_within(id, &plane, lo, hi);
        if front {
            BrushSplit {
                front: Some(self),
                back: None,
                mid: None,
            }
        } else {
            BrushSplit {
                front: None,
                back: Some(self),
                mid: None,
            }
        }
    }

    /// The cross-section of the polytope on `plane` (facing the plane's normal), or `None`
    /// when it vanishes.
    fn cross_section(&self, plane: &Plane, planes: &PlaneSet) -> Option<Winding> {
        thread_local! {
            /// The clipping buffers, reused: a BSP build takes tens of thousands of sections.
            static SCRATCH: RefCell<(Clipper, Vec<DVec3>)> = RefCell::default();
        }
        SCRATCH.with_borrow_mut(|(clipper, points)| {
            points.clear();
            points.extend_from_slice(Winding::from_plane(plane).points());
            for face in &self.faces {
                if !clipper.clip_back(points, &planes.get(face.plane)) {
                    return None;
                }
            }
            Winding::from_points(points)
        })
    }

    /// The two parts of the polytope, which `plane` (id `id`) crosses, with cross-section
    /// `mid`: each face split as [`Winding::split`] splits it, then `mid` added to both.
    fn split_faces(&self, id: PlaneId, plane: &Plane, mid: Winding) -> BrushSplit {
        // Each face gains at most two crossing points on a side.
        let faces = self.faces.len() + 1;
        let points = self.points.len() + 2 * self.faces.len() + mid.points().len();
        let mut front = Builder::with_capacity(faces, points);
        let mut back = Builder::with_capacity(faces, points);
        let mut distances: SmallVec<[f64; 16]> = SmallVec::new();
        for face in &self.faces {
            let face_points = &self.points[face.start as usize..face.end as usize];
            distances.clear();
            let (mut any_front, mut any_back) = (false, false);
            for &point in face_points {
                let distance = plane.distance_to(point);
                any_front |= distance > ON_EPSILON;
                any_back |= distance < -ON_EPSILON;
                distances.push(distance);
            }
            let (front_start, back_start) = (front.mark(), back.mark());
            if any_front && any_back {
                cut_into(
                    face_points,
                    &distances,
                    plane,
                    &mut front.points,
                    &mut back.points,
                );
                front.close(front_start, face.plane, face.on_split, face.covered);
                back.close(back_start, face.plane, face.on_split, face.covered);
            } else if whole_goes_front(face_points, plane, any_front, any_back) {
                front.points.extend_from_slice(face_points);
                front.close(front_start, face.plane, face.on_split, face.covered);
            } else {
                back.points.extend_from_slice(face_points);
                back.close(back_start, face.plane, face.on_split, face.covered);
            }
        }
        let start = front.mark();
        front.points.extend(mid.points().iter().rev());
        front.close(start, id.opposite(), true, false);
        let start = back.mark();
        back.points.extend_from_slice(mid.points());
        back.close(start, id, true, false);
        BrushSplit {
            front: front.finish(),
            back: back.finish(),
            mid: Some(mid),
        }
    }
}

/// Whether a point at signed distance `distance` counts as on the plane ([`Side::On`]).
#[expect(
    clippy::manual_range_contains,
    reason = "NaN counts as on the plane, as `Winding::side_of` classifies it"
)]
fn on_plane(distance: f64) -> bool {
    !(distance > ON_EPSILON || distance < -ON_EPSILON)
}

fn classify_range(lo: f64, hi: f64) -> Side {
    if hi > ON_EPSILON && lo < -ON_EPSILON {
        Side::Cross
    } else if hi > ON_EPSILON {
        Side::Front
    } else if lo < -ON_EPSILON {
        Side::Back
    } else {
        Side::On
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cube(set: &mut PlaneSet, lo: f64, hi: f64) -> Vec<PlaneId> {
        let mut ids = Vec::new();
        for axis in [DVec3::X, DVec3::Y, DVec3::Z] {
            ids.push(
                set.insert(Plane {
                    normal: axis,
                    dist: hi,
                })
                .unwrap(),
            );
            ids.push(
                set.insert(Plane {
                    normal: -axis,
                    dist: -lo,
                })
                .unwrap(),
            );
        }
        ids
    }

    fn volume_surface(brush: &ConvexBrush) -> f64 {
        brush.faces().map(|f| f.winding().unwrap().area()).sum()
    }

    #[test]
    fn cube_has_six_faces_and_splits_in_two() {
        let mut set = PlaneSet::new();
        let ids = cube(&mut set, 0.0, 10.0);
        let brush = ConvexBrush::from_planes(&ids, &set).unwrap();
        assert_eq!(brush.faces().len(), 6);
        assert!((volume_surface(&brush) - 600.0).abs() < 1e-6);
        let cut = set
            .insert(Plane {
                normal: DVec3::new(1.0, 1.0, 0.0).normalize(),
                dist: 5.0,
            })
            .unwrap();
        let split = brush.split(cut, &set);
        let (front, back) = (split.front.unwrap(), split.back.unwrap());
        assert_eq!(front.faces().len(), 7);
        assert_eq!(back.faces().len(), 5);
        assert!(front.faces().last().unwrap().on_split);
        let mid_area = split.mid.unwrap().area();
        assert!(mid_area > 10.0);
        let away = set
            .insert(Plane {
                normal: DVec3::X,
                dist: 20.0,
            })
            .unwrap();
        assert_eq!(brush.side_of(&set.get(away)), Side::Back);
        let whole = brush.split(away, &set);
        assert!(whole.front.is_none() && whole.mid.is_none());
        let on = brush.split(ids[0], &set);
        assert!(on.front.is_none());
        assert!(on.back.unwrap().faces().next().unwrap().on_split);
    }

    #[test]
    fn degenerate_brushes_are_rejected() {
        let mut set = PlaneSet::new();
        let flat = [
            set.insert(Plane {
                normal: DVec3::Z,
                dist: 0.0,
            })
            .unwrap(),
            set.insert(Plane {
                normal: DVec3::NEG_Z,
                dist: 0.0,
            })
            .unwrap(),
            set.insert(Plane {
                normal: DVec3::X,
                dist: 1.0,
            })
            .unwrap(),
            set.insert(Plane {
                normal: DVec3::NEG_X,
                dist: 1.0,
            })
            .unwrap(),
            set.insert(Plane {
                normal: DVec3::Y,
                dist: 1.0,
            })
            .unwrap(),
            set.insert(Plane {
                normal: DVec3::NEG_Y,
                dist: 1.0,
            })
            .unwrap(),
        ];
        assert!(ConvexBrush::from_planes(&flat, &set).is_none());
        // Four side planes and no caps: unbounded.
        assert!(ConvexBrush::from_planes(&flat[2..], &set).is_none());
        assert!(ConvexBrush::from_planes(&[], &set).is_none());
    }
}
