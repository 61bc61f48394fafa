//! [`fire_interval_ms`], [`weapon_switch_ms`] and [`WeaponClock`]: when a weapon may fire
//! (q3-game-rules.md §1.2 "Haste", §1.3).

use bot_interface::Weapon;

use super::table::{Rules, truncate};

/// Milliseconds added to the weapon's cooldown by one shot of `weapon` (Quake III's
/// `addTime`, §1.1), divided by the haste factor (1.3) and truncated while `haste` is active
/// (§1.2: 800 → 615).
#[must_use]
pub fn fire_interval_ms(weapon: Weapon, haste: bool, rules: &Rules) -> u32 {
    let interval = rules.weapon(weapon).fire_interval_ms;
    if haste {
        u32::try_from(truncate(
            f64::from(interval) / rules.player.haste_fire_factor,
        ))
        .unwrap_or(0)
    } else {
        interval
    }
}

/// A full weapon switch: putting the old weapon away (200 ms) plus raising the new one
/// (250 ms) = 450 ms (§1.3).
#[must_use]
pub fn weapon_switch_ms(rules: &Rules) -> u32 {
    rules
        .firing
        .weapon_drop_ms
        .saturating_add(rules.firing.weapon_raise_ms)
}

/// The weapon cooldown of one player, Quake III's `weaponTime` (§1.3 "Cooldown model"): it
/// counts down with the frames; a shot is allowed at 0 or below and *adds* the interval, so a
/// negative remainder carries over and the average rate is exact at any frame length.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WeaponClock {
    /// Milliseconds until the weapon is ready (0 or below: ready).
    pub remaining_ms: i32,
}

impl WeaponClock {
    /// Counts `frame_ms` down while the cooldown is positive.
    pub fn advance(&mut self, frame_ms: u32) {
        if self.remaining_ms > 0 {
            let frame = i32::try_from(frame_ms).unwrap_or(i32::MAX);
            self.remaining_ms = self.remaining_ms.saturating_sub(frame);
        }
    }

    /// Whether a shot (or a switch) may start now.
    #[must_use]
    pub fn ready(self) -> bool {
        self.remaining_ms <= 0
    }

    /// Adds `ms` (a fire interval, a switch phase, the out-of-ammo wait).
    pub fn add(&mut self, ms: u32) {
        let ms = i32::try_from(ms).unwrap_or(i32::MAX);
        self.remaining_ms = self.remaining_ms.saturating_add(ms);
    }

    /// A frame without the attack button, once the weapon is ready, drops the carried-over
    /// negative remainder (§1.3: `weaponTime = 0`). A weapon still cooling down keeps its
    /// cooldown: the game only reaches that reset after the "still cooling down" exit, so
    /// tapping the button never beats the fire interval.
    pub fn release(&mut self) {
        if self.remaining_ms < 0 {
            self.remaining_ms = 0;
        }
    }
}
