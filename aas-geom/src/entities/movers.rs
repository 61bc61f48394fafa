//! Moving platforms: [`Plat`] (`func_plat`) and [`Bobbing`] (`func_bobbing`).

use std::f32::consts::TAU;

use glam::Vec3;
use serde::{Deserialize, Serialize};

use super::diagnostic::{EntityProblem, Notes};
use super::keys;
use super::model::Placed;
use crate::brush::Entity;

/// Default `func_plat` speed (units/s).
pub const PLAT_DEFAULT_SPEED: f32 = 200.0;
/// Default `func_plat` lip (units): without a `height` key, the travel is the model's height
/// minus this.
pub const PLAT_DEFAULT_LIP: f32 = 8.0;
/// Default `func_plat` wait at the top before returning (seconds).
pub const PLAT_DEFAULT_WAIT: f32 = 1.0;
/// Default `func_bobbing` amplitude (units).
pub const BOBBING_DEFAULT_HEIGHT: f32 = 32.0;
/// Default `func_bobbing` period (seconds).
pub const BOBBING_DEFAULT_PERIOD: f32 = 4.0;

/// A lift: built at its top position (`mins..maxs`), resting at its bottom position
/// `height` lower, riding up at `speed` when stood on and back down after `wait` seconds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Plat {
    /// Index of the `func_plat` entity.
    pub entity: usize,
    /// Its brush model number.
    pub model: u32,
    /// Lower corner of the model at its top position (as built).
    pub mins: Vec3,
    /// Upper corner of the model at its top position (as built).
    pub maxs: Vec3,
    /// Vertical travel between bottom and top (units).
    pub height: f32,
    /// Speed in both directions (units/s).
    pub speed: f32,
    /// `lip` as read (units); only used to compute `height` when no `height` key is given.
    pub lip: f32,
    /// Seconds at the top before returning.
    pub wait: f32,
    /// The bottom position's offset from the top: `−height`.
    pub bottom_offset_z: f32,
}

impl Plat {
    /// The model's bounds moved `offset_z` units up from where it was built (the top);
    /// [`bottom_offset_z`](Self::bottom_offset_z) gives the resting position.
    #[must_use]
    pub fn bounds_at(&self, offset_z: f32) -> (Vec3, Vec3) {
        let shift = Vec3::Z * offset_z;
        (self.mins + shift, self.maxs + shift)
    }

    /// The bounds at the bottom, where the lift rests.
    #[must_use]
    pub fn bottom_bounds(&self) -> (Vec3, Vec3) {
        self.bounds_at(self.bottom_offset_z)
    }

    /// Seconds to travel between bottom and top.
    #[must_use]
    pub fn travel_time(&self) -> f32 {
        self.height / self.speed
    }
}

/// A platform swinging along one axis around the position it was built at.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Bobbing {
    /// Index of the `func_bobbing` entity.
    pub entity: usize,
    /// Its brush model number.
    pub model: u32,
    /// Lower corner of the model at its centre position (as built).
    pub mins: Vec3,
    /// Upper corner of the model at its centre position (as built).
    pub maxs: Vec3,
    /// Unit axis of motion: X for spawnflag 1, Y for spawnflag 2, else Z.
    pub axis: Vec3,
    /// Amplitude (units): the platform reaches `±height` along `axis`.
    pub height: f32,
    /// Seconds per full swing (the `speed` key).
    pub period: f32,
    /// Phase as a fraction of the period, `0..1`.
    pub phase: f32,
}

impl Bobbing {
    /// Offset from the built position at game time `time_seconds`:
    /// `axis · height · sin(2π (time / period − phase))`.
    #[must_use]
    pub fn offset_at(&self, time_seconds: f32) -> Vec3 {
        let turns = time_seconds / self.period - self.phase;
        self.axis * (self.height * (TAU * turns).sin())
    }

    /// The model's bounds at game time `time_seconds`.
    #[must_use]
    pub fn bounds_at(&self, time_seconds: f32) -> (Vec3, Vec3) {
        let offset = self.offset_at(time_seconds);
        (self.mins + offset, self.maxs + offset)
    }

    /// The bounds of everything the platform sweeps over a period: its bounds at both
    /// extremes, joined.
    #[must_use]
    pub fn swept_bounds(&self) -> (Vec3, Vec3) {
        let reach = self.axis.abs() * self.height.abs();
        (self.mins - reach, self.maxs + reach)
    }
}

/// The lift of `func_plat` entity `entity`, or `None` with the reason noted.
pub(super) fn extract_plat(
    entity: &Entity,
    placed: Result<Placed, EntityProblem>,
    notes: &mut Notes<'_>,
) -> Option<Plat> {
    let Placed {
        model, mins, maxs, ..
    } = notes.require(placed)?;
    let speed = keys::number(entity, "speed", PLAT_DEFAULT_SPEED, notes);
    let speed = notes.require(keys::positive("speed", speed))?;
    let lip = keys::number(entity, "lip", PLAT_DEFAULT_LIP, notes);
    let wait = keys::number(entity, "wait", PLAT_DEFAULT_WAIT, notes);
    let height = keys::optional_number(entity, "height", notes).unwrap_or((maxs.z - mins.z) - lip);
    let height = notes.require(keys::positive("height", height))?;
    Some(Plat {
        entity: notes.entity(),
        model,
        mins,
        maxs,
        height,
        speed,
        lip,
        wait,
        bottom_offset_z: -height,
    })
}

/// The platform of `func_bobbing` entity `entity`, or `None` with the reason noted.
pub(super) fn extract_bobbing(
    entity: &Entity,
    placed: Result<Placed, EntityProblem>,
    notes: &mut Notes<'_>,
) -> Option<Bobbing> {
    let Placed {
        model, mins, maxs, ..
    } = notes.require(placed)?;
    let flags = keys::spawnflags(entity, notes);
    let axis = if flags & 1 != 0 {
        Vec3::X
    } else if flags & 2 != 0 {
        Vec3::Y
    } else {
        Vec3::Z
    };
    let height = keys::number(entity, "height", BOBBING_DEFAULT_HEIGHT, notes);
    let period = keys::number(entity, "speed", BOBBING_DEFAULT_PERIOD, notes);
    let period = notes.require(keys::positive("speed", period))?;
    let phase = keys::number(entity, "phase", 0.0, notes);
    Some(Bobbing {
        entity: notes.entity(),
        model,
        mins,
        maxs,
        axis,
        height,
        period,
        phase,
    })
}
