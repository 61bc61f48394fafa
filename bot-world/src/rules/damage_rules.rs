//! [`DamageRules`]: armor, knockback, damage factors, splash and the world's damage
//! (q3-game-rules.md §3).

use serde::{Deserialize, Serialize};

/// Where the splash line-of-sight test aims when the target's centre is hidden (§3.2
/// "Line-of-sight").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SplashSight {
    /// Quake III 1.32: the centre, then four offsets (±15 x, ±15 y, same z).
    FourSides,
    /// ioquake3: the centre, then the eight corners (±15 on every axis). The default.
    EightCorners,
}

/// How damage is scaled, absorbed and turned into knockback, and what the world deals (§3).
///
/// Factors that scale integer damage are `f64`, as in the game's C code (a `0.66` stored as
/// `f32` would make `ceil(100 × 0.66)` 67).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DamageRules {
    /// Share of the damage armor absorbs, rounded up and capped by the armor: 0.66 (§3.1 step
    /// 10, `ARMOR_PROTECTION`).
    pub armor_protection: f64,
    /// Knockback strength, `g_knockback`: 1000 (§3.1 step 5).
    pub knockback: f32,
    /// Player mass for knockback: 200 (§3.1 step 5). Velocity += dir × knockback × points /
    /// mass, so 5 ups per point.
    pub knockback_mass: f32,
    /// Knockback points are the damage, at most this: 200 (§3.1 step 4; so at most 1000 ups).
    pub knockback_max_points: i32,
    /// Knockback control loss is this many ms per point … (§3.1 step 5: 2).
    pub knockback_ms_per_point: u32,
    /// … at least this: 50 ms …
    pub knockback_min_ms: u32,
    /// … and at most this: 200 ms.
    pub knockback_max_ms: u32,
    /// Quad damage multiplies weapon damage and splash damage by this: 3 (§1.2 "Quad factor",
    /// `g_quadfactor`). Applied when firing, before splash falloff.
    pub quad_factor: f64,
    /// Self-damage is multiplied by this, truncating: 0.5 (§3.1 step 8).
    pub self_damage_factor: f64,
    /// Non-splash, non-falling damage to a battlesuit wearer is multiplied by this,
    /// truncating: 0.5 (§3.1 step 7).
    pub battlesuit_factor: f64,
    /// Damage below this after scaling becomes this: 1 (§3.1 step 9).
    pub min_damage: i32,
    /// Health at or below this gibs the body: −40 (§3.1 step 12, `GIB_HEALTH`).
    pub gib_health: i32,
    /// Health of a dead player never goes below this: −999 (§3.1 step 12).
    pub min_health: i32,
    /// Splash knockback direction is raised by this before normalizing: 24 units (§3.2
    /// "Knockback dir").
    pub splash_knockback_lift: f32,
    /// Offset of the splash line-of-sight probes from the target's centre: 15 units (§3.2).
    pub splash_sight_offset: f32,
    /// Which probes the splash line-of-sight test tries (§3.2; ioquake3's corners).
    pub splash_sight: SplashSight,
    /// Telefrag damage: 100000 (§3.3 "Telefrag"; also `target_kill`).
    pub telefrag: i32,
    /// Fall delta is the impact speed squared times this: 0.0001 (§3.3 "Falling").
    pub fall_delta_scale: f32,
    /// A landing with a delta above this is a short landing without damage: 7.
    pub fall_short_delta: f32,
    /// A landing with a delta above this deals [`fall_medium_damage`](Self::fall_medium_damage):
    /// 40 (about 250 units of free fall).
    pub fall_medium_delta: f32,
    /// A landing with a delta above this deals [`fall_far_damage`](Self::fall_far_damage): 60
    /// (about 375 units of free fall).
    pub fall_far_delta: f32,
    /// Damage of a medium fall (`EV_FALL_MEDIUM`): 5.
    pub fall_medium_damage: i32,
    /// Damage of a far fall (`EV_FALL_FAR`): 10.
    pub fall_far_damage: i32,
    /// Lava damage per water level (1 to 3): 30 (§3.3 "Lava").
    pub lava_per_level: i32,
    /// Slime damage per water level: 10 (§3.3 "Slime").
    pub slime_per_level: i32,
    /// After a frame in which the player was hurt, lava and slime wait this long: 700 ms
    /// (§3.3, the pain debounce; the derived cadence is t, t+700, t+750, t+1450, …).
    pub pain_debounce_ms: u32,
    /// Air lasts this long after the head goes under: 12000 ms (§3.3 "Drowning").
    pub air_ms: u32,
    /// With the battlesuit the air is kept at this: 10000 ms.
    pub battlesuit_air_ms: u32,
    /// Period of drowning damage once out of air: 1000 ms.
    pub drown_interval_ms: u32,
    /// Drowning counter after surfacing: 2 (the first hit is this plus the step, 4).
    pub drown_start: i32,
    /// Drowning damage grows by this per hit: 2.
    pub drown_step: i32,
    /// Drowning damage is at most this: 15.
    pub drown_max: i32,
    /// `trigger_hurt` damage when the map gives none: 5 (§3.3).
    pub trigger_hurt_default: i32,
    /// `trigger_hurt` period per trigger: 100 ms (`FRAMETIME`; 1000 with its SLOW flag).
    pub trigger_hurt_interval_ms: u32,
    /// Door and plat crush damage per blocked frame when the map gives none: 2 (§3.3).
    pub crush_default: i32,
    /// Damage of a blocked bobbing or pendulum mover: 99999 (§3.3).
    pub crush_kill: i32,
}

impl Default for DamageRules {
    fn default() -> Self {
        Self {
            armor_protection: 0.66,
            knockback: 1000.0,
            knockback_mass: 200.0,
            knockback_max_points: 200,
            knockback_ms_per_point: 2,
            knockback_min_ms: 50,
            knockback_max_ms: 200,
            quad_factor: 3.0,
            self_damage_factor: 0.5,
            battlesuit_factor: 0.5,
            min_damage: 1,
            gib_health: -40,
            min_health: -999,
            splash_knockback_lift: 24.0,
            splash_sight_offset: 15.0,
            splash_sight: SplashSight::EightCorners,
            telefrag: 100_000,
            fall_delta_scale: 0.0001,
            fall_short_delta: 7.0,
            fall_medium_delta: 40.0,
            fall_far_delta: 60.0,
            fall_medium_damage: 5,
            fall_far_damage: 10,
            lava_per_level: 30,
            slime_per_level: 10,
            pain_debounce_ms: 700,
            air_ms: 12_000,
            battlesuit_air_ms: 10_000,
            drown_interval_ms: 1000,
            drown_start: 2,
            drown_step: 2,
            drown_max: 15,
            trigger_hurt_default: 5,
            trigger_hurt_interval_ms: 100,
            crush_default: 2,
            crush_kill: 99_999,
        }
    }
}
