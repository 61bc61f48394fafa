//! [`Merged`]: the order-independent combination of per-brush clips into one [`TraceHit`].
//!
//! Flags are or-ed; the nearest hit wins, ties going to the lowest brush index. Neither rule
//! depends on the order in which brushes are visited, which is why the BVH and the brute-force
//! reference agree bit for bit.

use aas_geom::brush::{Contents, SurfaceFlags};
use glam::Vec3;

use super::clip::{Clip, Sweep};
use super::world::CollisionWorld;
use super::{BrushIndex, TraceHit};

/// The best hit so far: `(fraction, brush, plane)`; no plane for an all-solid brush.
type Best = (f32, u32, Option<usize>);

/// Per-brush clips combined so far.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Merged {
    start_solid: bool,
    all_solid: bool,
    best: Option<Best>,
}

impl Merged {
    /// The fraction a brush must not exceed to matter: the best hit's, else 1.
    #[inline]
    pub(crate) fn limit(&self) -> f32 {
        self.best.map_or(1.0, |(fraction, _, _)| fraction)
    }

    /// Adds what brush `brush` did.
    #[inline]
    pub(crate) fn add(&mut self, brush: u32, clip: Clip) {
        let candidate = match clip {
            Clip::Miss => return,
            Clip::StartSolid => {
                self.start_solid = true;
                return;
            }
            Clip::AllSolid => {
                self.start_solid = true;
                self.all_solid = true;
                (0.0, brush, None)
            }
            Clip::Hit { fraction, plane } => (fraction, brush, Some(plane)),
        };
        let better = self
            .best
            .is_none_or(|(f, b, _)| candidate.0 < f || (candidate.0 == f && candidate.1 < b));
        if better {
            self.best = Some(candidate);
        }
    }

    /// The trace result; `sweep` is the trace in world coordinates (for the end position).
    pub(crate) fn finish(self, world: &CollisionWorld, sweep: &Sweep) -> TraceHit {
        let Some((fraction, brush, plane)) = self.best else {
            return TraceHit::clear(sweep.end, self.start_solid);
        };
        let entry = world.brushes.get(brush as usize);
        let (normal, surface_flags) = entry
            .zip(plane)
            .and_then(|(entry, plane)| {
                let index = entry.first_plane as usize + plane;
                Some((world.planes.get(index)?.normal, *world.surfaces.get(index)?))
            })
            .unwrap_or((Vec3::ZERO, SurfaceFlags::empty()));
        TraceHit {
            fraction,
            end_pos: sweep.point_at(fraction),
            normal,
            start_solid: self.start_solid,
            all_solid: self.all_solid,
            contents: entry.map_or_else(Contents::empty, |entry| entry.contents),
            surface_flags,
            brush: Some(BrushIndex(brush)),
        }
    }
}
