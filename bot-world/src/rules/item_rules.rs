//! [`ItemRules`]: health, armor, respawn times, powerups and pickups (q3-game-rules.md §2).

use bot_interface::Powerup;
use glam::Vec3;
use serde::{Deserialize, Serialize};

/// One health item: how much it gives and whether it may go above the maximum (§2.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HealthItemRules {
    /// Health added.
    pub amount: i32,
    /// Whether the item may raise health up to [`ItemRules::over_max_factor`] × max health
    /// (200), rather than only up to the max health (100). Quake III keys this off the
    /// quantities 5 and 100 (small and mega health).
    pub exceeds_max: bool,
}

/// Powerup durations in milliseconds (§2.3 "Quantity (s)"). A map item's or dropped powerup's
/// `count` key (whole seconds) replaces these.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PowerupDurations {
    /// `item_quad`: 30000.
    pub quad_ms: u32,
    /// `item_enviro`: 30000.
    pub battlesuit_ms: u32,
    /// `item_haste`: 30000.
    pub haste_ms: u32,
    /// `item_invis`: 30000.
    pub invisibility_ms: u32,
    /// `item_regen`: 30000.
    pub regeneration_ms: u32,
    /// `item_flight`: 60000.
    pub flight_ms: u32,
}

impl Default for PowerupDurations {
    fn default() -> Self {
        Self {
            quad_ms: 30_000,
            battlesuit_ms: 30_000,
            haste_ms: 30_000,
            invisibility_ms: 30_000,
            regeneration_ms: 30_000,
            flight_ms: 60_000,
        }
    }
}

impl PowerupDurations {
    /// The duration of `powerup`, in milliseconds.
    #[must_use]
    pub fn get(&self, powerup: Powerup) -> u32 {
        match powerup {
            Powerup::Quad => self.quad_ms,
            Powerup::Battlesuit => self.battlesuit_ms,
            Powerup::Haste => self.haste_ms,
            Powerup::Invisibility => self.invisibility_ms,
            Powerup::Regeneration => self.regeneration_ms,
            Powerup::Flight => self.flight_ms,
        }
    }
}

/// Items: amounts, caps, respawn times, powerups, pickups and dropped items (§2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ItemRules {
    /// `item_health_small`: +5, may exceed the max (§2.1).
    pub health_small: HealthItemRules,
    /// `item_health`: +25, up to the max (§2.1).
    pub health_medium: HealthItemRules,
    /// `item_health_large`: +50, up to the max (§2.1).
    pub health_large: HealthItemRules,
    /// `item_health_mega`: +100, may exceed the max (§2.1).
    pub health_mega: HealthItemRules,
    /// Health and armor caps as a multiple of the max health: 2, so 200 with the default max
    /// (§2.1 "Cap after pickup"; also the regeneration ceiling above the max, §2.3).
    pub over_max_factor: i32,
    /// `item_armor_shard`: +5 (§2.1).
    pub armor_shard: i32,
    /// `item_armor_combat` (yellow): +50 (§2.1).
    pub armor_combat: i32,
    /// `item_armor_body` (red): +100 (§2.1).
    pub armor_body: i32,
    /// Weapon respawn in ms after pickup, FFA and CTF: 5000 (§2.2, `g_weaponrespawn`).
    pub weapon_respawn_ms: u32,
    /// Weapon respawn in team deathmatch: 30000 (§2.2, `g_weaponTeamRespawn`; §5.2).
    pub tdm_weapon_respawn_ms: u32,
    /// Whether picking up a weapon in team deathmatch always gives its full ammunition,
    /// rather than "up to the quantity, else +1" (§1.4, §5.2): true.
    pub tdm_weapon_full_ammo: bool,
    /// Ammo box respawn: 40000 ms (§2.2, `RESPAWN_AMMO`).
    pub ammo_respawn_ms: u32,
    /// Small, medium and large health respawn: 35000 ms (§2.2, `RESPAWN_HEALTH`).
    pub health_respawn_ms: u32,
    /// Mega health respawn: 35000 ms (§2.1; the game's define has a commented-out 120 s).
    pub mega_health_respawn_ms: u32,
    /// Armor respawn: 25000 ms (§2.2, `RESPAWN_ARMOR`).
    pub armor_respawn_ms: u32,
    /// Holdable respawn: 60000 ms (§2.2, `RESPAWN_HOLDABLE`).
    pub holdable_respawn_ms: u32,
    /// Powerup respawn: 120000 ms (§2.2, `RESPAWN_POWERUP`).
    pub powerup_respawn_ms: u32,
    /// Mean delay of a powerup's first appearance after it finished spawning: 45000 ms
    /// (§2.2 "Initial appearance").
    pub powerup_first_spawn_ms: u32,
    /// Half-width of the uniform jitter of that first appearance: 15000 ms, so 30–60 s
    /// (§2.2, `crandom()·15 s`).
    pub powerup_first_spawn_jitter_ms: u32,
    /// Powerup durations (§2.3).
    pub powerup_durations: PowerupDurations,
    /// Delay after the start of the level before items appear: 200 ms (§2.2 "Item spawn
    /// delay", 2 × `FRAMETIME`).
    pub spawn_delay_ms: u32,
    /// A dropped item (weapon, powerup) disappears after this: 30000 ms (§2.4).
    pub dropped_lifetime_ms: u32,
    /// Whether a dying player drops its current weapon (§1.4 "Weapon dropped on death": if
    /// better than the machinegun and with ammunition): true.
    pub drop_weapon_on_death: bool,
    /// Whether a dying player drops its powerups in FFA and CTF: true (§2.3).
    pub drop_powerups_on_death: bool,
    /// Whether a dying player drops its powerups in team deathmatch: false (§5.2).
    pub tdm_drop_powerups_on_death: bool,
    /// Horizontal speed of a dropped item's toss: 150 ups (§2.4 "Dropped item").
    pub drop_speed: f32,
    /// Upward speed of that toss: 200 ups (§2.4).
    pub drop_up_speed: f32,
    /// Half-width of the uniform jitter of that upward speed: 50 ups (§2.4, `crandom()·50`).
    pub drop_up_jitter: f32,
    /// Yaw between successive drops of one dying player: 45° (§2.3 "Powerups on death").
    pub drop_yaw_step_degrees: f32,
    /// Half-size of an item's own box: 15 units (§2.4, `ITEM_RADIUS`).
    pub item_radius: f32,
    /// Lowest (player origin − item origin) that still touches the item: (−50, −36, −36)
    /// (§2.4 "Pickup test"; crouching is ignored).
    pub pickup_box_min: Vec3,
    /// Highest (player origin − item origin) that still touches the item: (44, 36, 36).
    pub pickup_box_max: Vec3,
}

impl Default for ItemRules {
    fn default() -> Self {
        Self {
            health_small: HealthItemRules {
                amount: 5,
                exceeds_max: true,
            },
            health_medium: HealthItemRules {
                amount: 25,
                exceeds_max: false,
            },
            health_large: HealthItemRules {
                amount: 50,
                exceeds_max: false,
            },
            health_mega: HealthItemRules {
                amount: 100,
                exceeds_max: true,
            },
            over_max_factor: 2,
            armor_shard: 5,
            armor_combat: 50,
            armor_body: 100,
            weapon_respawn_ms: 5_000,
            tdm_weapon_respawn_ms: 30_000,
            tdm_weapon_full_ammo: true,
            ammo_respawn_ms: 40_000,
            health_respawn_ms: 35_000,
            mega_health_respawn_ms: 35_000,
            armor_respawn_ms: 25_000,
            holdable_respawn_ms: 60_000,
            powerup_respawn_ms: 120_000,
            powerup_first_spawn_ms: 45_000,
            powerup_first_spawn_jitter_ms: 15_000,
            powerup_durations: PowerupDurations::default(),
            spawn_delay_ms: 200,
            dropped_lifetime_ms: 30_000,
            drop_weapon_on_death: true,
            drop_powerups_on_death: true,
            tdm_drop_powerups_on_death: false,
            drop_speed: 150.0,
            drop_up_speed: 200.0,
            drop_up_jitter: 50.0,
            drop_yaw_step_degrees: 45.0,
            item_radius: 15.0,
            pickup_box_min: Vec3::new(-50.0, -36.0, -36.0),
            pickup_box_max: Vec3::new(44.0, 36.0, 36.0),
        }
    }
}

impl ItemRules {
    /// Whether a player at `player_origin` touches the item at `item_origin` (§2.4 "Pickup
    /// test": the box test on the difference of the origins, not a box contact).
    #[must_use]
    pub fn touches(&self, player_origin: Vec3, item_origin: Vec3) -> bool {
        let d = player_origin - item_origin;
        d.cmpge(self.pickup_box_min).all() && d.cmple(self.pickup_box_max).all()
    }
}
