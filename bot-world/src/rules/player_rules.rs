//! [`PlayerRules`]: health, respawning, the once-a-second tick and powerup effects
//! (q3-game-rules.md §2.3, §4).
//!
//! The living player's boxes ([`aas_geom::physics::STANDING_MINS`],
//! [`STANDING_MAXS`](aas_geom::physics::STANDING_MAXS),
//! [`CROUCHING_MAXS`](aas_geom::physics::CROUCHING_MAXS)), view heights, speeds and gravity
//! are movement constants and live in aas-geom's physics
//! ([`PhysicsSettings`](aas_geom::physics::PhysicsSettings)) with the rest of the player
//! movement; only the dead player's box and view height, which movement never uses, are here.

use serde::{Deserialize, Serialize};

/// The player's own numbers (§4, and the powerup effects of §2.3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PlayerRules {
    /// Max health, Quake III's `STAT_MAX_HEALTH` without handicap: 100 (§4; a handicap lowers
    /// it, clamped to 1..=100).
    pub max_health: i32,
    /// Spawn health above the max: 25, so 125 (§4 "Spawn health").
    pub spawn_health_over_max: i32,
    /// Armor at spawn: 0 (§4).
    pub spawn_armor: i32,
    /// Earliest respawn after death: 1700 ms, then on the first frame with attack or use held
    /// (§4 "Respawn delay").
    pub respawn_delay_ms: u32,
    /// Forced respawn this long after the earliest respawn: 20000 ms (§4, `g_forcerespawn`;
    /// about 21.7 s after death). 0 never forces.
    pub forced_respawn_ms: u32,
    /// Period of the health and armor tick: 1000 ms (§4 "The one-second clock").
    pub tick_ms: u32,
    /// Health lost per tick above the max, without regeneration: 1 (§4 "Health above max").
    pub health_decay: i32,
    /// Armor lost per tick above the max health: 1 (§4 "Armor above max").
    pub armor_decay: i32,
    /// Regeneration per tick below the max: +15 (§2.3 `item_regen`) …
    pub regen_below_max: i32,
    /// … up to this multiple of the max: 1.1 (110; truncated).
    pub regen_below_max_cap: f64,
    /// Regeneration per tick between the max and the ceiling: +5 …
    pub regen_above_max: i32,
    /// … up to this multiple of the max: 2.0 (200).
    pub regen_above_max_cap: f64,
    /// Using the medkit sets health to the max plus this: 25, so 125; not usable at or above
    /// that (§2.3 `holdable_medkit`).
    pub medkit_health_over_max: i32,
    /// Haste multiplies the run speed by this: 1.3 (§2.3 `item_haste`, 320 → 416).
    pub haste_speed_factor: f64,
    /// Haste divides the fire interval by this, truncating: 1.3 (§1.2 "Haste", 800 → 615).
    pub haste_fire_factor: f64,
    /// Height above a spawn spot's origin where the player appears: 9 units (§4 "Spawn
    /// origin").
    pub spawn_lift: f32,
    /// After spawning the player only air-accelerates for this long: 100 ms (§4 "Spawn
    /// movement lock").
    pub spawn_lock_ms: u32,
    /// Top of a dead player's box above its origin: −8 units (§4 "Bbox dead",
    /// `DEAD_HEIGHT`; the box's other sides are the standing ones).
    pub dead_maxs_z: f32,
    /// View height of a dead player: −16 units (§4 "View height", `DEAD_VIEWHEIGHT`).
    pub dead_view_height: f32,
}

impl Default for PlayerRules {
    fn default() -> Self {
        Self {
            max_health: 100,
            spawn_health_over_max: 25,
            spawn_armor: 0,
            respawn_delay_ms: 1700,
            forced_respawn_ms: 20_000,
            tick_ms: 1000,
            health_decay: 1,
            armor_decay: 1,
            regen_below_max: 15,
            regen_below_max_cap: 1.1,
            regen_above_max: 5,
            regen_above_max_cap: 2.0,
            medkit_health_over_max: 25,
            haste_speed_factor: 1.3,
            haste_fire_factor: 1.3,
            spawn_lift: 9.0,
            spawn_lock_ms: 100,
            dead_maxs_z: -8.0,
            dead_view_height: -16.0,
        }
    }
}

impl PlayerRules {
    /// Health at spawn for a player whose max health is `max_health` (125 by default).
    #[must_use]
    pub fn spawn_health(&self, max_health: i32) -> i32 {
        max_health.saturating_add(self.spawn_health_over_max)
    }
}
