//! [`health_tick`] and [`SecondClock`]: the once-a-second health and armor changes
//! (q3-game-rules.md §4 "Health above max", "Armor above max", §2.3 `item_regen`).

use bot_interface::Powerup;

use super::inventory::Inventory;
use super::table::{Rules, truncate};

/// Quake III's one-second clock (`timeResidual`, §4): it sums each think's milliseconds and
/// fires once per `tick_ms` (1000).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SecondClock {
    /// Milliseconds accumulated since the last tick.
    pub residual_ms: u32,
}

impl SecondClock {
    /// Adds `elapsed_ms` and returns how many ticks are due (usually 0 or 1). A `tick_ms` of
    /// 0 never ticks.
    pub fn advance(&mut self, elapsed_ms: u32, rules: &Rules) -> u32 {
        let tick = rules.player.tick_ms;
        if tick == 0 {
            return 0;
        }
        self.residual_ms = self.residual_ms.saturating_add(elapsed_ms);
        let ticks = self.residual_ms / tick;
        self.residual_ms %= tick;
        ticks
    }
}

/// What one tick did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct HealthTick {
    /// Change of health (positive with regeneration, −1 when decaying).
    pub health_change: i32,
    /// Change of armor (−1 when decaying, else 0).
    pub armor_change: i32,
    /// Whether regeneration added health (the game plays its sound).
    pub regenerated: bool,
}

/// One tick of the one-second clock for a living player at `time_ms` (§4, §2.3):
///
/// - with regeneration active: below the max health, +15 up to 1.1 × max (110, truncated);
///   otherwise below 2 × max, +5 up to 2 × max (200);
/// - without it: health above the max loses 1;
/// - armor above the max *health* loses 1, whatever the powerups.
///
/// So 150 health and 150 armor come down to 100 in 50 ticks. The dead do not tick.
pub fn health_tick(inventory: &mut Inventory, time_ms: u32, rules: &Rules) -> HealthTick {
    let player = &rules.player;
    let mut tick = HealthTick::default();
    if !inventory.is_alive() {
        return tick;
    }
    let max = inventory.max_health;
    let before = inventory.health;
    if inventory.has_powerup(Powerup::Regeneration, time_ms) {
        let below_cap = truncate(f64::from(max) * player.regen_below_max_cap);
        let above_cap = truncate(f64::from(max) * player.regen_above_max_cap);
        if inventory.health < max {
            inventory.health = inventory
                .health
                .saturating_add(player.regen_below_max)
                .min(below_cap);
            tick.regenerated = true;
        } else if inventory.health < above_cap {
            inventory.health = inventory
                .health
                .saturating_add(player.regen_above_max)
                .min(above_cap);
            tick.regenerated = true;
        }
    } else if inventory.health > max {
        inventory.health = inventory
            .health
            .saturating_sub(player.health_decay)
            .max(max);
    }
    if inventory.armor > max {
        let armor_before = inventory.armor;
        inventory.armor = inventory.armor.saturating_sub(player.armor_decay).max(max);
        tick.armor_change = inventory.armor.saturating_sub(armor_before);
    }
    tick.health_change = inventory.health.saturating_sub(before);
    tick
}
