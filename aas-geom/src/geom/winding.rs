//! [`Winding`]: a convex polygon in `f64`, the workhorse of brush geometry, BSP splitting and
//! portalisation.
//!
//! A winding's points are ordered counter-clockwise seen from the side its plane normal points
//! to. Points closer than [`ON_EPSILON`] to a splitting plane count as on it, so that nearly
//! coplanar geometry does not produce slivers.

use glam::DVec3;
use smallvec::SmallVec;

use crate::brush::Plane;

/// Distance under which a point counts as lying on a plane (units).
pub const ON_EPSILON: f64 = 0.01;

/// Half the side of the square that [`Winding::from_plane`] starts from: larger than any map
/// (Quake III maps fit in ±65536).
const HUGE: f64 = 262_144.0;

/// Where something lies relative to a plane.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// In front (on the normal's side), beyond [`ON_EPSILON`].
    Front,
    /// Behind, beyond [`ON_EPSILON`].
    Back,
    /// Within [`ON_EPSILON`] of the plane.
    On,
    /// Points on both sides.
    Cross,
}

/// The result of [`Winding::split`].
#[derive(Debug, Clone, PartialEq)]
pub struct WindingSplit {
    /// The part in front of the plane, if any.
    pub front: Option<Winding>,
    /// The part behind the plane, if any.
    pub back: Option<Winding>,
}

/// A convex polygon in `f64`.
#[derive(Debug, Clone, PartialEq)]
pub struct Winding {
    points: Points,
}

/// A winding's points: inline up to [`INLINE_POINTS`] (most faces and portals have four), so
/// that splitting and clipping brushes does not allocate per polygon.
type Points = SmallVec<[DVec3; INLINE_POINTS]>;

/// How many points a winding holds without a heap allocation.
const INLINE_POINTS: usize = 6;

impl Winding {
    /// A winding through `points` (at least 3, convex, in order). Returns `None` for fewer than
    /// 3 points or non-finite coordinates.
    #[must_use]
    pub fn new(points: Vec<DVec3>) -> Option<Self> {
        usable(&points).then(|| Self {
            points: if points.len() <= INLINE_POINTS {
                Points::from_slice(&points)
            } else {
                Points::from_vec(points)
            },
        })
    }

    /// A winding through a copy of `points`; `None` under the rules of [`Winding::new`].
    #[must_use]
    pub fn from_points(points: &[DVec3]) -> Option<Self> {
        usable(points).then(|| Self {
            points: Points::from_slice(points),
        })
    }

    /// A huge square lying in `plane`, counter-clockwise seen from the normal's side: the start
    /// of every brush face and portal before clipping.
    #[must_use]
    pub fn from_plane(plane: &Plane) -> Self {
        let normal = plane.normal;
        // Pick the world axis least aligned with the normal as the "up" helper.
        let abs = normal.abs();
        let helper = if abs.x <= abs.y && abs.x <= abs.z {
            DVec3::X
        } else if abs.y <= abs.z {
            DVec3::Y
        } else {
            DVec3::Z
        };
        let u = helper.cross(normal).normalize() * HUGE;
        let v = normal.cross(u.normalize()) * HUGE;
        let origin = normal * plane.dist;
        Self {
            points: smallvec::smallvec![
                origin - u - v,
                origin + u - v,
                origin + u + v,
                origin - u + v,
            ],
        }
    }

    /// The points, in order.
    #[must_use]
    pub fn points(&self) -> &[DVec3] {
        &self.points
    }

    /// Consumes the winding, returning its points.
    #[must_use]
    pub fn into_points(self) -> Vec<DVec3> {
        self.points.into_vec()
    }

    /// The area (square units).
    #[must_use]
    pub fn area(&self) -> f64 {
        area_of(&self.points)
    }

    /// The average of the points.
    #[must_use]
    pub fn center(&self) -> DVec3 {
        self.points.iter().copied().sum::<DVec3>() / self.points.len() as f64
    }

    /// The plane the winding lies in, its normal following the point order (counter-clockwise
    /// seen from the front). `None` for a degenerate winding.
    #[must_use]
    pub fn plane(&self) -> Option<Plane> {
        plane_of(&self.points)
    }

    /// Smallest and largest coordinates.
    #[must_use]
    pub fn bounds(&self) -> (DVec3, DVec3) {
        self.points
            .iter()
            .fold((DVec3::INFINITY, DVec3::NEG_INFINITY), |(lo, hi), &p| {
                (lo.min(p), hi.max(p))
            })
    }

    /// Where the winding lies relative to `plane`.
    #[must_use]
    pub fn side_of(&self, plane: &Plane) -> Side {
        let mut front = false;
        let mut back = false;
        for &point in &self.points {
            let distance = plane.distance_to(point);
            front |= distance > ON_EPSILON;
            back |= distance < -ON_EPSILON;
        }
        match (front, back) {
            (true, true) => Side::Cross,
            (true, false) => Side::Front,
            (false, true) => Side::Back,
            (false, false) => Side::On,
        }
    }

    /// Splits the winding by `plane`. Points within [`ON_EPSILON`] go to both parts; a winding
    /// lying on the plane goes to the side its own normal faces (front when it faces the same
    /// way as `plane`).
    ///
    /// # Complexity
    /// `O(points)`.
    #[must_use]
    pub fn split(&self, plane: &Plane) -> WindingSplit {
        self.clone().into_split(plane)
    }

    /// [`Winding::split`] consuming the winding, so that a winding wholly on one side (the
    /// usual case down a BSP tree) is moved, not copied.
    ///
    /// # Complexity
    /// `O(points)`.
    #[must_use]
    pub fn into_split(self, plane: &Plane) -> WindingSplit {
        let parts = with_cut(&self.points, plane, |cut| match cut {
            Cut::Whole { front } => Err(front),
            Cut::Parts { front, back } => Ok(WindingSplit {
                front: Self::from_points(front),
                back: Self::from_points(back),
            }),
        });
        match parts {
            Ok(split) => split,
            Err(true) => WindingSplit {
                front: Some(self),
                back: None,
            },
            Err(false) => WindingSplit {
                front: None,
                back: Some(self),
            },
        }
    }

    /// The side the whole winding goes to when `plane` does not cut it (`Some(true)` for the
    /// front), as [`Winding::split`] decides; `None` when the plane cuts it.
    ///
    /// # Complexity
    /// `O(points)`.
    #[must_use]
    pub fn whole_side(&self, plane: &Plane) -> Option<bool> {
        let (mut any_front, mut any_back) = (false, false);
        for &point in &self.points {
            let distance = plane.distance_to(point);
            any_front |= distance > ON_EPSILON;
            any_back |= distance < -ON_EPSILON;
        }
        (!(any_front && any_back))
            .then(|| whole_goes_front(&self.points, plane, any_front, any_back))
    }

    /// The parts [`Winding::split`] would give, without building them: `piece(front, points,
    /// whole)` for each (the front part first), where `whole` says that the plane does not cut
    /// the winding and `points` are its own.
    ///
    /// # Complexity
    /// `O(points)`, without allocating for windings of up to 12 points.
    pub fn split_pieces(&self, plane: &Plane, mut piece: impl FnMut(bool, &[DVec3], bool)) {
        with_cut(&self.points, plane, |cut| match cut {
            Cut::Whole { front } => piece(front, &self.points, true),
            Cut::Parts { front, back } => {
                if usable(front) {
                    piece(true, front, false);
                }
                if usable(back) {
                    piece(false, back, false);
                }
            }
        });
    }

    /// The part of the winding behind `plane` (kept when within [`ON_EPSILON`] of it), or
    /// `None` when nothing is left.
    #[must_use]
    pub fn clip_back(&self, plane: &Plane) -> Option<Self> {
        match self.side_of(plane) {
            Side::Back | Side::On => Some(self.clone()),
            Side::Front => None,
            Side::Cross => self.split(plane).back,
        }
    }

    /// The same polygon facing the other way.
    #[must_use]
    pub fn reversed(&self) -> Self {
        let mut points = self.points.clone();
        points.reverse();
        Self { points }
    }
}

/// Sorts the `points` of a winding crossing `plane` (at signed `distances`) into `front` and
/// `back` (each room for `2 · points`), adding the crossings to both; returns how many each
/// got.
fn cut(
    points: &[DVec3],
    distances: &[f64],
    plane: &Plane,
    front: &mut [DVec3],
    back: &mut [DVec3],
) -> (usize, usize) {
    let (mut front_len, mut back_len) = (0, 0);
    let push = |side: &mut [DVec3], len: &mut usize, point: DVec3| {
        if let Some(slot) = side.get_mut(*len) {
            *slot = point;
            *len += 1;
        }
    };
    cut_with(points, distances, plane, |to_front, to_back, point| {
        if to_front {
            push(front, &mut front_len, point);
        }
        if to_back {
            push(back, &mut back_len, point);
        }
    });
    (front_len, back_len)
}

/// The points of a winding crossing `plane` (at signed `distances`), in order, each given
/// to `emit(to_front, to_back, point)`: points within [`ON_EPSILON`] and the crossings go
/// to both parts.
fn cut_with(
    points: &[DVec3],
    distances: &[f64],
    plane: &Plane,
    mut emit: impl FnMut(bool, bool, DVec3),
) {
    let count = points.len();
    for (i, (&point, &distance)) in points.iter().zip(distances).enumerate() {
        let side = classify(distance);
        match side {
            Side::On => {
                emit(true, true, point);
                continue;
            }
            Side::Front => emit(true, false, point),
            Side::Back | Side::Cross => emit(false, true, point),
        }
        let next = if i + 1 == count { 0 } else { i + 1 };
        let crosses = matches!(
            (side, classify(distances[next])),
            (Side::Front, Side::Back) | (Side::Back, Side::Front)
        );
        if crosses {
            emit(
                true,
                true,
                crossing(point, points[next], distance, distances[next], plane),
            );
        }
    }
}

/// How a winding lies across a plane (see [`with_cut`]).
enum Cut<'a> {
    /// It does not cross the plane: it goes whole to the front, or to the back.
    Whole { front: bool },
    /// It crosses: the points of its two parts (not yet checked with [`usable`]).
    Parts {
        front: &'a [DVec3],
        back: &'a [DVec3],
    },
}

/// Calls `f` with how the winding `points` lies across `plane`, as [`Winding::split`] cuts it
/// (the parts' points on the stack for windings of up to [`SPLIT_STACK`] points).
fn with_cut<R>(points: &[DVec3], plane: &Plane, f: impl FnOnce(Cut<'_>) -> R) -> R {
    let count = points.len();
    // On the stack for the usual few points: this runs for every portal piece pushed down the
    // tree and every candidate of the gravitational split.
    let (mut distances_stack, mut distances_heap) = ([0.0_f64; SPLIT_STACK], Vec::new());
    let distances: &mut [f64] = if count <= SPLIT_STACK {
        &mut distances_stack[..count]
    } else {
        distances_heap.resize(count, 0.0);
        &mut distances_heap
    };
    let (mut any_front, mut any_back) = (false, false);
    for (distance, &point) in distances.iter_mut().zip(points) {
        *distance = plane.distance_to(point);
        any_front |= *distance > ON_EPSILON;
        any_back |= *distance < -ON_EPSILON;
    }
    if !(any_front && any_back) {
        return f(Cut::Whole {
            front: whole_goes_front(points, plane, any_front, any_back),
        });
    }
    // Each point adds itself and at most one crossing to a side: 2 · count at most, even
    // for a winding that rounding left slightly non-convex.
    let mut stack = [[DVec3::ZERO; 2 * SPLIT_STACK]; 2];
    let mut heap = Vec::new();
    let [front, back]: [&mut [DVec3]; 2] = if count <= SPLIT_STACK {
        let [front, back] = &mut stack;
        [front, back]
    } else {
        heap.resize(4 * count, DVec3::ZERO);
        let (front, back) = heap.split_at_mut(2 * count);
        [front, back]
    };
    let (front_len, back_len) = cut(points, distances, plane, front, back);
    f(Cut::Parts {
        front: &front[..front_len],
        back: &back[..back_len],
    })
}

/// [`Winding::area`] of the polygon `points` (at least one).
pub(crate) fn area_of(points: &[DVec3]) -> f64 {
    let first = points[0];
    let mut twice = DVec3::ZERO;
    for pair in points[1..].windows(2) {
        twice += (pair[0] - first).cross(pair[1] - first);
    }
    twice.length() * 0.5
}

/// Whether `points` make a winding: at least 3, all finite.
pub(crate) fn usable(points: &[DVec3]) -> bool {
    points.len() >= 3 && points.iter().all(|p| p.is_finite())
}

/// [`Winding::plane`] of the winding through `points` (at least one).
pub(crate) fn plane_of(points: &[DVec3]) -> Option<Plane> {
    let first = points[0];
    let mut twice = DVec3::ZERO;
    for pair in points[1..].windows(2) {
        twice += (pair[0] - first).cross(pair[1] - first);
    }
    let length = twice.length();
    if length.is_nan() || length <= 1e-12 {
        return None;
    }
    let normal = twice / length;
    let center = points.iter().copied().sum::<DVec3>() / points.len() as f64;
    Some(Plane {
        normal,
        dist: normal.dot(center),
    })
}

/// Whether a polygon of `points` at signed `distances` from `plane` (none of them crossing
/// it: not both in front and behind beyond [`ON_EPSILON`]) goes to the front as a whole, as
/// [`Winding::split`] decides: when some point is in front, or, lying on the plane, when its
/// own normal faces the plane's way.
pub(crate) fn whole_goes_front(
    points: &[DVec3],
    plane: &Plane,
    any_front: bool,
    any_back: bool,
) -> bool {
    any_front
        || (!any_back && plane_of(points).is_none_or(|own| own.normal.dot(plane.normal) >= 0.0))
}

/// [`Winding::split`] of the polygon `points` (at signed `distances` from `plane`, which it
/// crosses) appending the parts to `front` and `back`: the same points in the same order.
pub(crate) fn cut_into(
    points: &[DVec3],
    distances: &[f64],
    plane: &Plane,
    front: &mut Vec<DVec3>,
    back: &mut Vec<DVec3>,
) {
    cut_with(points, distances, plane, |to_front, to_back, point| {
        if to_front {
            front.push(point);
        }
        if to_back {
            back.push(point);
        }
    });
}

/// Windings of up to this many points are split on the stack.
const SPLIT_STACK: usize = 12;

/// Where the edge from `point` (at signed distance `d0`) to `next` (at `d1`, on the other
/// side) crosses `plane`, snapped exactly onto an axial plane to keep coordinates clean.
#[inline]
pub(crate) fn crossing(point: DVec3, next: DVec3, d0: f64, d1: f64, plane: &Plane) -> DVec3 {
    let t = d0 / (d0 - d1);
    let mut mid = point + (next - point) * t;
    for axis in 0..3 {
        if plane.normal[axis] == 1.0 {
            mid[axis] = plane.dist;
        } else if plane.normal[axis] == -1.0 {
            mid[axis] = -plane.dist;
        }
    }
    mid
}

fn classify(distance: f64) -> Side {
    if distance > ON_EPSILON {
        Side::Front
    } else if distance < -ON_EPSILON {
        Side::Back
    } else {
        Side::On
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plane(normal: DVec3, dist: f64) -> Plane {
        Plane {
            normal: normal.normalize(),
            dist,
        }
    }

    #[test]
    fn base_winding_lies_in_its_plane_and_faces_its_normal() {
        for normal in [
            DVec3::X,
            DVec3::NEG_Z,
            DVec3::new(1.0, 2.0, -3.0),
            DVec3::new(0.0, 1.0, 1.0),
        ] {
            let p = plane(normal, 37.5);
            let w = Winding::from_plane(&p);
            for &point in w.points() {
                assert!(p.distance_to(point).abs() < 1e-6);
            }
            let own = w.plane().unwrap();
            assert!(own.normal.dot(p.normal) > 0.999_999);
        }
    }

    #[test]
    fn split_square_in_half() {
        let w = Winding::new(vec![
            DVec3::new(0.0, 0.0, 0.0),
            DVec3::new(10.0, 0.0, 0.0),
            DVec3::new(10.0, 10.0, 0.0),
            DVec3::new(0.0, 10.0, 0.0),
        ])
        .unwrap();
        let split = w.split(&plane(DVec3::X, 4.0));
        let (front, back) = (split.front.unwrap(), split.back.unwrap());
        assert!((front.area() - 60.0).abs() < 1e-9);
        assert!((back.area() - 40.0).abs() < 1e-9);
        assert_eq!(w.side_of(&plane(DVec3::X, 4.0)), Side::Cross);
        assert_eq!(w.side_of(&plane(DVec3::X, -1.0)), Side::Front);
        assert_eq!(w.side_of(&plane(DVec3::Z, 0.0)), Side::On);
        assert!(w.clip_back(&plane(DVec3::X, -1.0)).is_none());
        assert!((w.clip_back(&plane(DVec3::X, 4.0)).unwrap().area() - 40.0).abs() < 1e-9);
    }

    #[test]
    fn many_sided_and_zigzag_windings_split_whole() {
        // A regular polygon of more points than are split on the stack: the halves add up.
        let sides = 3 * SPLIT_STACK;
        let round: Vec<DVec3> = (0..sides)
            .map(|i| {
                let angle = std::f64::consts::TAU * i as f64 / sides as f64;
                DVec3::new(angle.cos() * 50.0, angle.sin() * 50.0, 0.0)
            })
            .collect();
        let round = Winding::new(round).unwrap();
        let cut = plane(DVec3::new(1.0, 0.3, 0.0), 7.0);
        let halves = round.split(&cut);
        let (front, back) = (halves.front.unwrap(), halves.back.unwrap());
        assert!((front.area() + back.area() - round.area()).abs() < 1e-6);
        // A badly non-convex winding crossing the plane at every edge (rounding never makes one
        // this bad, but a split must not fail on it): every point and crossing is kept.
        let zigzag: Vec<DVec3> = (0..SPLIT_STACK)
            .map(|i| DVec3::new(if i % 2 == 0 { 1.0 } else { -1.0 }, i as f64, 0.0))
            .collect();
        let zigzag = Winding::new(zigzag).unwrap();
        let parts = zigzag.split(&plane(DVec3::X, 0.0));
        let count = |w: Option<Winding>| w.map_or(0, |w| w.points().len());
        assert_eq!(count(parts.front) + count(parts.back), 3 * SPLIT_STACK);
    }

    #[test]
    fn coplanar_winding_goes_to_the_side_it_faces() {
        let w = Winding::new(vec![DVec3::ZERO, DVec3::X, DVec3::Y]).unwrap();
        let up = w.split(&plane(DVec3::Z, 0.0));
        assert!(up.front.is_some() && up.back.is_none());
        let down = w.split(&plane(DVec3::NEG_Z, 0.0));
        assert!(down.front.is_none() && down.back.is_some());
    }

    #[test]
    fn clipping_a_base_winding_by_a_box_gives_the_box_face() {
        let top = plane(DVec3::Z, 64.0);
        let mut w = Winding::from_plane(&top);
        for (normal, dist) in [
            (DVec3::X, 32.0),
            (DVec3::NEG_X, 0.0),
            (DVec3::Y, 16.0),
            (DVec3::NEG_Y, 16.0),
        ] {
            w = w.clip_back(&plane(normal, dist)).unwrap();
        }
        assert!((w.area() - 32.0 * 32.0).abs() < 1e-6);
        let (lo, hi) = w.bounds();
        assert_eq!(lo, DVec3::new(0.0, -16.0, 64.0));
        assert_eq!(hi, DVec3::new(32.0, 16.0, 64.0));
        assert_eq!(w.reversed().plane().unwrap().normal, DVec3::NEG_Z);
    }
}
