//! [`Breath`] and [`drowning_damage`]: running out of air (q3-game-rules.md §3.3
//! "Drowning").

use serde::{Deserialize, Serialize};

use super::table::Rules;

/// Damage of the next drowning hit after a hit of `previous` (or after the counter's reset
/// value, 2): `previous + 2`, at most 15. The sequence is 4, 6, 8, 10, 12, 14, 15, 15, …
#[must_use]
pub fn drowning_damage(previous: i32, rules: &Rules) -> i32 {
    let damage = &rules.damage;
    previous
        .saturating_add(damage.drown_step)
        .min(damage.drown_max)
}

/// A player's air (Quake III's `air_outtime` and `drowndamage`, §3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Breath {
    /// Match time when the air runs out (then the time of the next drowning hit), in ms.
    pub air_out_ms: u32,
    /// The last drowning damage (the reset value 2 after breathing).
    pub last_damage: i32,
}

impl Breath {
    /// Full lungs at `now_ms`.
    #[must_use]
    pub fn new(now_ms: u32, rules: &Rules) -> Self {
        Self {
            air_out_ms: now_ms.saturating_add(rules.damage.air_ms),
            last_damage: rules.damage.drown_start,
        }
    }

    /// One end-of-frame check at `now_ms` (`P_WorldEffects`) and the drowning damage due,
    /// if any. With the head out of the liquid (`water_level` < 3) the air refills; with the
    /// battlesuit it stays topped up at 10 s; otherwise, once the air time is past, each
    /// check past it hurts by [`drowning_damage`] and moves it 1 s on. The hit is dealt with
    /// [`DamageCause::Drowning`](super::DamageCause::Drowning) (armor does not absorb it).
    pub fn check(
        &mut self,
        now_ms: u32,
        water_level: u8,
        battlesuit: bool,
        rules: &Rules,
    ) -> Option<i32> {
        let damage = &rules.damage;
        if water_level < 3 {
            *self = Self::new(now_ms, rules);
            return None;
        }
        if battlesuit {
            self.air_out_ms = now_ms.saturating_add(damage.battlesuit_air_ms);
            return None;
        }
        if self.air_out_ms >= now_ms {
            return None;
        }
        self.last_damage = drowning_damage(self.last_damage, rules);
        self.air_out_ms = self.air_out_ms.saturating_add(damage.drown_interval_ms);
        Some(self.last_damage)
    }
}
