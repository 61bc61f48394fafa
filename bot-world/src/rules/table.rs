//! [`Rules`]: the whole settings table, its JSON form and its per-mode accessors.

use bot_interface::{GameMode, Weapon};
use serde::{Deserialize, Serialize};

use super::damage_rules::DamageRules;
use super::error::RulesError;
use super::firing_rules::FiringRules;
use super::item_rules::ItemRules;
use super::mode_rules::ModeRules;
use super::player_rules::PlayerRules;
use super::weapon_rules::{WeaponRules, WeaponTable};

/// Quake III Arena's rules as one table. [`Rules::default`] is baseq3 as ioquake3 plays it
/// (q3-game-rules.md; each field names the section and row its number comes from). Times are
/// integer milliseconds, speeds units per second, damages integers.
///
/// # One table for every mode
///
/// The few numbers that differ in team deathmatch are stored next to the plain ones in fields
/// named `tdm_*` (machinegun damage 5, starting machinegun ammo 50, weapon respawn 30 s, full
/// ammunition on weapon pickup, powerups lost on death), and the accessors below take the
/// [`GameMode`] and pick. So one table (and one JSON file) serves every mode, and a table
/// never has to be "converted" to a mode. CTF uses the FFA values, as in Quake III.
///
/// # Overriding from JSON
///
/// [`Rules::from_json`] starts from the defaults and replaces only what the text names, at any
/// depth: `{"player": {"spawn_health_over_max": 0}}` changes one number. Weapons are keyed by
/// [`Weapon::name`] and are partial too: `{"weapons": {"railgun": {"damage": 80}}}` keeps every
/// other railgun number. Unknown keys are errors that name the key.
/// [`Rules::to_json_pretty`] writes the whole table (every key, so it doubles as the list of
/// what can be overridden).
///
/// ```
/// use bot_interface::{GameMode, Weapon};
/// use bot_world::rules::Rules;
///
/// let rules = Rules::from_json(r#"{"weapons": {"railgun": {"damage": 80}}}"#)?;
/// assert_eq!(rules.weapon_damage(Weapon::Railgun, GameMode::Ffa, false), 80);
/// assert_eq!(rules.weapon(Weapon::Railgun).fire_interval_ms, 1500);
/// assert_eq!(rules.weapon_damage(Weapon::Machinegun, GameMode::Tdm, false), 5);
///
/// let error = Rules::from_json(r#"{"player": {"max_helth": 90}}"#).unwrap_err();
/// assert!(error.to_string().contains("unknown field `max_helth`"));
/// # Ok::<(), bot_world::rules::RulesError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// The nine weapons (§1.1, §1.2, §1.4).
    pub weapons: WeaponTable,
    /// What every weapon shares: ammo cap, switching, missile start (§1.2–§1.4).
    pub firing: FiringRules,
    /// Items: amounts, caps, respawn times, powerups, drops (§2).
    pub items: ItemRules,
    /// The player: health, respawning, the one-second tick, powerup effects (§4, §2.3).
    pub player: PlayerRules,
    /// Damage: armor, knockback, factors, splash, the world's damage (§3).
    pub damage: DamageRules,
    /// Scoring, limits, friendly fire and CTF (§5).
    pub modes: ModeRules,
}

impl Rules {
    /// The defaults with the overrides of `text`, a JSON object (see the type's docs). Every
    /// value is then [validated](Self::validate).
    ///
    /// # Errors
    ///
    /// [`RulesError::Json`] for text that is not JSON, a value of the wrong type or an unknown
    /// key (the message names it); [`RulesError::Invalid`] for a value the rules cannot use.
    pub fn from_json(text: &str) -> Result<Self, RulesError> {
        let rules: Self = serde_json::from_str(text)?;
        rules.validate()?;
        Ok(rules)
    }

    /// The whole table as indented JSON, every key present. It reads back with
    /// [`from_json`](Self::from_json) to an equal table.
    #[must_use]
    pub fn to_json_pretty(&self) -> String {
        // Every key is a string and every number finite (`validate`), so writing cannot fail;
        // the fallback is unreachable for a valid table.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Checks the values the rule functions divide by or would misbehave with.
    ///
    /// # Errors
    ///
    /// [`RulesError::Invalid`] naming the first bad key.
    pub fn validate(&self) -> Result<(), RulesError> {
        let invalid = |key: String, reason| Err(RulesError::Invalid { key, reason });
        let positive_f32 = [
            ("damage.knockback_mass", self.damage.knockback_mass),
            ("damage.knockback", self.damage.knockback),
        ];
        for (key, value) in positive_f32 {
            if !(value.is_finite() && value > 0.0) {
                return invalid(key.to_owned(), "must be a finite number above 0");
            }
        }
        let positive_f64 = [
            ("player.haste_fire_factor", self.player.haste_fire_factor),
            ("player.haste_speed_factor", self.player.haste_speed_factor),
            (
                "player.regen_below_max_cap",
                self.player.regen_below_max_cap,
            ),
            (
                "player.regen_above_max_cap",
                self.player.regen_above_max_cap,
            ),
            ("damage.quad_factor", self.damage.quad_factor),
            ("damage.self_damage_factor", self.damage.self_damage_factor),
            ("damage.battlesuit_factor", self.damage.battlesuit_factor),
        ];
        for (key, value) in positive_f64 {
            if !(value.is_finite() && value > 0.0) {
                return invalid(key.to_owned(), "must be a finite number above 0");
            }
        }
        if !(0.0..=1.0).contains(&self.damage.armor_protection) {
            return invalid("damage.armor_protection".to_owned(), "must be in 0..=1");
        }
        if self.player.max_health < 1 {
            return invalid("player.max_health".to_owned(), "must be at least 1");
        }
        if self.player.tick_ms == 0 {
            return invalid("player.tick_ms".to_owned(), "must be above 0");
        }
        for (weapon, rules) in self.weapons.iter() {
            let name = weapon.name();
            if !(rules.splash_radius.is_finite() && rules.splash_radius >= 0.0) {
                return invalid(
                    format!("weapons.{name}.splash_radius"),
                    "must be a finite number, 0 or above",
                );
            }
            if !(rules.projectile_speed.is_finite() && rules.projectile_speed >= 0.0) {
                return invalid(
                    format!("weapons.{name}.projectile_speed"),
                    "must be a finite number, 0 or above",
                );
            }
        }
        Ok(())
    }

    /// The rules of `weapon`.
    #[must_use]
    pub fn weapon(&self, weapon: Weapon) -> &WeaponRules {
        self.weapons.get(weapon)
    }

    /// Damage per hit of `weapon` in `mode`, multiplied by the quad factor (truncating) when
    /// `quad` (§1.1, §1.2 "Quad factor", §5.2).
    #[must_use]
    pub fn weapon_damage(&self, weapon: Weapon, mode: GameMode, quad: bool) -> i32 {
        let rules = self.weapon(weapon);
        let damage = match mode {
            GameMode::Tdm => rules.tdm_damage.unwrap_or(rules.damage),
            GameMode::Ffa | GameMode::Ctf => rules.damage,
        };
        self.quad_scaled(damage, quad)
    }

    /// Splash damage of `weapon` at the explosion point, multiplied by the quad factor
    /// (truncating) when `quad`; 0 for none (§1.1, §1.2).
    #[must_use]
    pub fn weapon_splash_damage(&self, weapon: Weapon, quad: bool) -> i32 {
        self.quad_scaled(self.weapon(weapon).splash_damage, quad)
    }

    /// `damage` times the quad factor when `quad`, truncated.
    fn quad_scaled(&self, damage: i32, quad: bool) -> i32 {
        if quad {
            truncate(f64::from(damage) * self.damage.quad_factor)
        } else {
            damage
        }
    }

    /// Ammunition of `weapon` at spawn in `mode`; −1 (infinite) for the gauntlet (§1.4
    /// "Starting loadout", §5.2).
    #[must_use]
    pub fn start_ammo(&self, weapon: Weapon, mode: GameMode) -> i32 {
        let rules = self.weapon(weapon);
        if rules.infinite_ammo {
            return -1;
        }
        match mode {
            GameMode::Tdm => rules.tdm_start_ammo.unwrap_or(rules.start_ammo),
            GameMode::Ffa | GameMode::Ctf => rules.start_ammo,
        }
    }

    /// Weapon respawn time in `mode` (§2.2: 5 s, 30 s in team deathmatch).
    #[must_use]
    pub fn weapon_respawn_ms(&self, mode: GameMode) -> u32 {
        match mode {
            GameMode::Tdm => self.items.tdm_weapon_respawn_ms,
            GameMode::Ffa | GameMode::Ctf => self.items.weapon_respawn_ms,
        }
    }

    /// Whether a weapon pickup always gives its full ammunition in `mode` (§1.4, §5.2).
    #[must_use]
    pub fn weapon_pickup_full_ammo(&self, mode: GameMode) -> bool {
        mode == GameMode::Tdm && self.items.tdm_weapon_full_ammo
    }

    /// Whether a dying player drops its powerups in `mode` (§2.3, §5.2).
    #[must_use]
    pub fn drops_powerups_on_death(&self, mode: GameMode) -> bool {
        match mode {
            GameMode::Tdm => self.items.tdm_drop_powerups_on_death,
            GameMode::Ffa | GameMode::Ctf => self.items.drop_powerups_on_death,
        }
    }

    /// Whether player score changes also change the team score in `mode` (§5.1).
    #[must_use]
    pub fn team_score_from_frags(&self, mode: GameMode) -> bool {
        mode == GameMode::Tdm && self.modes.tdm_team_score_from_frags
    }
}

/// `value` truncated toward zero to an `i32`, saturating (as the game's float-to-int
/// conversions of damage).
#[expect(
    clippy::cast_possible_truncation,
    reason = "truncation toward zero is the rule; `as` saturates out-of-range values"
)]
pub(crate) fn truncate(value: f64) -> i32 {
    value as i32
}
