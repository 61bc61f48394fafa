//! [`liquid_damage`] and [`PainDebounce`]: lava and slime (q3-game-rules.md §3.3 "Lava",
//! "Slime").

use serde::{Deserialize, Serialize};

use super::table::Rules;

/// The liquid a player is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Liquid {
    /// Water: harmless (but see [`Breath`](super::Breath)).
    Water,
    /// Slime: 10 per water level.
    Slime,
    /// Lava: 30 per water level.
    Lava,
}

/// Damage of one liquid hit at `water_level` (1 feet, 2 waist, 3 head; 0 is out of the
/// liquid): lava 30 × level, slime 10 × level, water 0 (§3.3). The battlesuit makes a player
/// immune (the caller skips the hit); armor absorbs as usual.
#[must_use]
pub fn liquid_damage(liquid: Liquid, water_level: u8, rules: &Rules) -> i32 {
    let per_level = match liquid {
        Liquid::Water => 0,
        Liquid::Slime => rules.damage.slime_per_level,
        Liquid::Lava => rules.damage.lava_per_level,
    };
    per_level.saturating_mul(i32::from(water_level.min(3)))
}

/// When lava and slime may hurt again (Quake III's `pain_debounce_time`, §3.3). Liquids hurt
/// on any frame at or after the debounce time; at the end of a frame in which the player was
/// hurt *by anything*, the debounce moves to now + 700 ms if now is after it. At 50 ms
/// frames that gives hits at t, t+700, t+750, t+1450, t+1500, … (two hits 50 ms apart every
/// 750 ms).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PainDebounce {
    /// Match time from which liquids may hurt again, in ms.
    pub until_ms: u32,
}

impl PainDebounce {
    /// Whether a liquid hurts at `now_ms` (`P_WorldEffects`).
    #[must_use]
    pub fn liquid_may_hurt(self, now_ms: u32) -> bool {
        self.until_ms <= now_ms
    }

    /// The end-of-frame feedback of a frame in which the player took damage
    /// (`P_DamageFeedback`).
    pub fn after_damage(&mut self, now_ms: u32, rules: &Rules) {
        if now_ms > self.until_ms {
            self.until_ms = now_ms.saturating_add(rules.damage.pain_debounce_ms);
        }
    }
}
