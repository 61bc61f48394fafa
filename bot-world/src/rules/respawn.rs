//! [`respawn_delay_ms`] and [`first_spawn_delay_ms`]: when items come back and when they first
//! appear (q3-game-rules.md §2.2).

use bot_interface::{GameMode, HealthKind, Item};

use super::table::{Rules, truncate};
use bot_interface::GameRng;

/// The map keys of an item entity that change its respawn (§2.2 "Map key overrides").
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct RespawnKeys {
    /// The `wait` key in seconds: above 0 replaces the class's respawn time; −1 means the
    /// item never respawns; anything else (0, absent) keeps the class's time.
    pub wait_s: f32,
    /// The `random` key in seconds: adds `crandom() × random` to the respawn time, which then
    /// stays at least 1 s. 0 draws nothing.
    pub random_s: f32,
}

/// Milliseconds from the pickup of a map item until it reappears, or `None` if it never does
/// (§2.2):
///
/// | class | respawn |
/// |---|---|
/// | weapon | 5 s; 30 s in team deathmatch |
/// | ammo | 40 s |
/// | health (mega too) | 35 s |
/// | armor | 25 s |
/// | holdable | 60 s |
/// | powerup | 120 s |
/// | flag | never (flags return to base, they do not respawn) |
///
/// then the `wait` and `random` keys of `keys`. `rng` is drawn from once when
/// `keys.random_s` is not 0, and never otherwise. Dropped items never respawn: they are not
/// map items (the caller removes them).
#[must_use]
pub fn respawn_delay_ms(
    item: Item,
    mode: GameMode,
    keys: RespawnKeys,
    rules: &Rules,
    rng: &mut GameRng,
) -> Option<u32> {
    let items = &rules.items;
    let class_ms = match item {
        Item::Weapon(_) => rules.weapon_respawn_ms(mode),
        Item::Ammo(_) => items.ammo_respawn_ms,
        Item::Health(HealthKind::Mega) => items.mega_health_respawn_ms,
        Item::Health(_) => items.health_respawn_ms,
        Item::Armor(_) => items.armor_respawn_ms,
        Item::Holdable(_) => items.holdable_respawn_ms,
        Item::Powerup(_) => items.powerup_respawn_ms,
        Item::Flag(_) => return None,
    };
    #[expect(clippy::float_cmp, reason = "the game tests the key for exactly -1")]
    if keys.wait_s == -1.0 {
        return None;
    }
    let mut seconds = if keys.wait_s > 0.0 {
        f64::from(keys.wait_s)
    } else {
        f64::from(class_ms) / 1000.0
    };
    if keys.random_s != 0.0 {
        seconds += f64::from(rng.crandom()) * f64::from(keys.random_s);
        seconds = seconds.max(1.0);
    }
    u32::try_from(truncate(seconds * 1000.0)).ok()
}

/// Milliseconds from the start of the match until a map item of class `item` first appears
/// (§2.2 "Initial appearance", "Item spawn delay"): every item finishes spawning after the
/// spawn delay (200 ms); a powerup then waits 45 s ± a uniform 15 s more (one `crandom()`
/// draw from `rng`; no draw for other items). The sum is truncated to whole milliseconds.
#[must_use]
pub fn first_spawn_delay_ms(item: Item, rules: &Rules, rng: &mut GameRng) -> u32 {
    let items = &rules.items;
    let base = items.spawn_delay_ms;
    let Item::Powerup(_) = item else {
        return base;
    };
    let jitter = f64::from(rng.crandom()) * f64::from(items.powerup_first_spawn_jitter_ms);
    let wait = (f64::from(items.powerup_first_spawn_ms) + jitter).max(0.0);
    base.saturating_add(u32::try_from(truncate(wait)).unwrap_or(0))
}
