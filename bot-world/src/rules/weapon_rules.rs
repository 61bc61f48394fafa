//! [`WeaponRules`] and [`WeaponTable`]: the numbers of the nine weapons (q3-game-rules.md §1).

use bot_interface::Weapon;
use serde::de::Error as _;
use serde::ser::{SerializeMap as _, SerializeTuple as _};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

/// How a weapon delivers its damage (§1.1 "Kind", §1.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WeaponKind {
    /// A short trace that must hit something that takes damage, or nothing is fired (gauntlet).
    Melee,
    /// One instant trace with a random spread (machinegun: angle θ, then up, then right).
    Hitscan,
    /// Several instant traces in a square pattern (shotgun: right, then up, per pellet).
    Pellets,
    /// One instant trace that damages the first thing hit (lightning gun).
    Beam,
    /// One instant trace that damages up to [`WeaponRules::pierce_limit`] things (railgun).
    Rail,
    /// A projectile entity (grenade, rocket, plasma, BFG).
    Missile,
}

/// How a bouncing projectile bounces (§1.2 "Grenade physics"). Defaults are the grenade's.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BounceRules {
    /// Speed kept after a bounce (`EF_BOUNCE_HALF`): 0.65.
    pub factor: f32,
    /// The projectile stops when the surface normal's z is above this (0.2) …
    pub stop_normal_z: f32,
    /// … and its speed after the bounce is below this, in ups (40).
    pub stop_speed: f32,
}

impl Default for BounceRules {
    fn default() -> Self {
        Self {
            factor: 0.65,
            stop_normal_z: 0.2,
            stop_speed: 40.0,
        }
    }
}

/// Everything about one weapon. Damages are before quad, handicap, armor and the halving for
/// self-damage (§1.1). Fields named `tdm_*` replace their plain counterpart in team
/// deathmatch only (Quake III's `GT_TEAM`; CTF uses the plain values).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponRules {
    /// How the damage is delivered (§1.1 "Kind").
    pub kind: WeaponKind,
    /// Damage per hit, per pellet, per beam shot or of a direct missile hit (§1.1 "Damage per
    /// hit"): gauntlet 50, machinegun 7, shotgun 10 ×11, grenade 100, rocket 100, lightning 8,
    /// rail 100, plasma 20, BFG 100.
    pub damage: i32,
    /// Damage in team deathmatch, when it differs (§5.2: the machinegun's 5).
    pub tdm_damage: Option<i32>,
    /// Splash damage at the explosion point, 0 for none (§1.1 "Splash dmg"): grenade 100,
    /// rocket 100, plasma 15, BFG 100.
    pub splash_damage: i32,
    /// Splash radius in units, 0 for none (§1.1 "radius"): grenade 150, rocket 120, plasma
    /// 20, BFG 120.
    pub splash_radius: f32,
    /// Milliseconds between shots, Quake III's `addTime` (§1.1 "Fire interval"): gauntlet
    /// 400, machinegun 100, shotgun 1000, grenade 800, rocket 800, lightning 50, rail 1500,
    /// plasma 100, BFG 200.
    pub fire_interval_ms: u32,
    /// Length of the trace in units; `None` for missiles (§1.1 "Range"): gauntlet 32 from the
    /// muzzle, machinegun and shotgun 131072 (8192×16), lightning 768, rail 8192.
    pub range: Option<f32>,
    /// Traces per shot (§1.2 "SG pattern"): 11 for the shotgun, 1 otherwise.
    pub pellets: u32,
    /// Largest sideways offset of a trace's end point, in units at [`range`](Self::range)
    /// (§1.2): machinegun 3200 (200×16, on a circle of random angle), shotgun 11200
    /// (700×16, per axis), 0 for an exact aim.
    pub spread: f32,
    /// How many things a piercing trace damages before it stops (§1.2 "Rail piercing",
    /// `MAX_RAIL_HITS`): 4 for the rail, 1 otherwise.
    pub pierce_limit: u32,
    /// Projectile speed in ups, 0 for traces (§1.1 "Projectile speed"): grenade 700, rocket
    /// 900, plasma 2000, BFG 2000.
    pub projectile_speed: f32,
    /// Downward acceleration of the projectile in ups², `None` for a straight flight
    /// (§1.2 "Grenade physics": a fixed 800, not the player gravity `g_gravity`).
    pub projectile_gravity: Option<f32>,
    /// Added to the aim's forward z before normalizing, lobbing the projectile (§1.2 "Grenade
    /// launch": 0.2 for the grenade launcher, 0 otherwise).
    pub launch_lift: f32,
    /// How the projectile bounces on geometry; `None` explodes on impact (§1.2: grenade only).
    pub bounce: Option<BounceRules>,
    /// Milliseconds until the projectile explodes by itself, 0 for traces (§1.1
    /// "Lifetime/fuse"): grenade 2500, rocket 15000, plasma 10000, BFG 10000.
    pub lifetime_ms: u32,
    /// Ammunition used per shot (§1.3 "Ammo use": 1 for every weapon; the shotgun's 11
    /// pellets and each 50 ms lightning shot cost 1).
    pub ammo_per_shot: i32,
    /// Whether the weapon needs no ammunition (the gauntlet: ammo −1, §1.3).
    pub infinite_ammo: bool,
    /// Ammunition given by picking up the weapon (§1.4 "Weapon pickup gives"): shotgun 10,
    /// machinegun 40, grenade 10, rocket 10, lightning 100, rail 10, plasma 50, BFG 20.
    pub pickup_ammo: i32,
    /// Ammunition given by the weapon's ammo box (§1.4 "Box gives"): shells 10, bullets 50,
    /// grenades 5, rockets 5, lightning 60, slugs 10, cells 30, BFG 15.
    pub ammo_box: i32,
    /// Whether a player spawns with the weapon (§1.4 "Starting loadout": gauntlet and
    /// machinegun).
    pub start_owned: bool,
    /// Ammunition at spawn (§1.4: machinegun 100; 0 for the others; ignored with
    /// [`infinite_ammo`](Self::infinite_ammo)).
    pub start_ammo: i32,
    /// Ammunition at spawn in team deathmatch, when it differs (§5.2: machinegun 50).
    pub tdm_start_ammo: Option<i32>,
}

impl WeaponRules {
    /// Quake III's numbers for `weapon` (q3-game-rules.md §1.1, §1.2, §1.4, §5.2).
    #[must_use]
    pub fn quake3(weapon: Weapon) -> Self {
        let base = Self {
            kind: WeaponKind::Missile,
            damage: 100,
            tdm_damage: None,
            splash_damage: 0,
            splash_radius: 0.0,
            fire_interval_ms: 800,
            range: None,
            pellets: 1,
            spread: 0.0,
            pierce_limit: 1,
            projectile_speed: 0.0,
            projectile_gravity: None,
            launch_lift: 0.0,
            bounce: None,
            lifetime_ms: 0,
            ammo_per_shot: 1,
            infinite_ammo: false,
            pickup_ammo: 10,
            ammo_box: 10,
            start_owned: false,
            start_ammo: 0,
            tdm_start_ammo: None,
        };
        match weapon {
            Weapon::Gauntlet => Self {
                kind: WeaponKind::Melee,
                damage: 50,
                fire_interval_ms: 400,
                range: Some(32.0),
                infinite_ammo: true,
                pickup_ammo: 0,
                ammo_box: 0,
                start_owned: true,
                ..base
            },
            Weapon::Machinegun => Self {
                kind: WeaponKind::Hitscan,
                damage: 7,
                tdm_damage: Some(5),
                fire_interval_ms: 100,
                range: Some(131_072.0),
                spread: 3200.0,
                pickup_ammo: 40,
                ammo_box: 50,
                start_owned: true,
                start_ammo: 100,
                tdm_start_ammo: Some(50),
                ..base
            },
            Weapon::Shotgun => Self {
                kind: WeaponKind::Pellets,
                damage: 10,
                fire_interval_ms: 1000,
                range: Some(131_072.0),
                pellets: 11,
                spread: 11_200.0,
                ..base
            },
            Weapon::GrenadeLauncher => Self {
                splash_damage: 100,
                splash_radius: 150.0,
                projectile_speed: 700.0,
                projectile_gravity: Some(800.0),
                launch_lift: 0.2,
                bounce: Some(BounceRules::default()),
                lifetime_ms: 2500,
                ammo_box: 5,
                ..base
            },
            Weapon::RocketLauncher => Self {
                splash_damage: 100,
                splash_radius: 120.0,
                projectile_speed: 900.0,
                lifetime_ms: 15_000,
                ammo_box: 5,
                ..base
            },
            Weapon::LightningGun => Self {
                kind: WeaponKind::Beam,
                damage: 8,
                fire_interval_ms: 50,
                range: Some(768.0),
                pickup_ammo: 100,
                ammo_box: 60,
                ..base
            },
            Weapon::Railgun => Self {
                kind: WeaponKind::Rail,
                fire_interval_ms: 1500,
                range: Some(8192.0),
                pierce_limit: 4,
                ..base
            },
            Weapon::PlasmaGun => Self {
                damage: 20,
                splash_damage: 15,
                splash_radius: 20.0,
                fire_interval_ms: 100,
                projectile_speed: 2000.0,
                lifetime_ms: 10_000,
                pickup_ammo: 50,
                ammo_box: 30,
                ..base
            },
            Weapon::Bfg => Self {
                splash_damage: 100,
                splash_radius: 120.0,
                fire_interval_ms: 200,
                projectile_speed: 2000.0,
                lifetime_ms: 10_000,
                pickup_ammo: 20,
                ammo_box: 15,
                ..base
            },
        }
    }

    /// Whether the weapon fires projectiles (rather than traces).
    #[must_use]
    pub fn is_missile(&self) -> bool {
        self.kind == WeaponKind::Missile
    }

    /// Whether the weapon has splash damage.
    #[must_use]
    pub fn has_splash(&self) -> bool {
        self.splash_damage > 0 && self.splash_radius > 0.0
    }
}

/// The names of the weapons, as JSON keys of the table.
const WEAPON_NAMES: &[&str] = &[
    "gauntlet",
    "machinegun",
    "shotgun",
    "grenadelauncher",
    "rocketlauncher",
    "lightning",
    "railgun",
    "plasmagun",
    "bfg",
];

/// The nine weapons' rules, indexed by [`Weapon`].
///
/// In JSON (and every human-readable format) the table is an object keyed by
/// [`Weapon::name`], and each weapon's object may be *partial*: the fields it names replace
/// that weapon's own defaults, the others keep them. So
/// `{"weapons": {"rocketlauncher": {"splash_radius": 150}}}` changes one number of one weapon.
/// An unknown weapon name or field is an error that names it. In binary formats the table is a
/// plain tuple of nine complete entries, in weapon-number order.
#[derive(Debug, Clone, PartialEq)]
pub struct WeaponTable([WeaponRules; 9]);

impl Default for WeaponTable {
    fn default() -> Self {
        Self(Weapon::ALL.map(WeaponRules::quake3))
    }
}

impl WeaponTable {
    /// The rules of `weapon`.
    #[must_use]
    pub fn get(&self, weapon: Weapon) -> &WeaponRules {
        &self.0[weapon.index()]
    }

    /// The rules of `weapon`, to change them in code.
    pub fn get_mut(&mut self, weapon: Weapon) -> &mut WeaponRules {
        &mut self.0[weapon.index()]
    }

    /// Every weapon with its rules, in weapon-number order.
    pub fn iter(&self) -> impl Iterator<Item = (Weapon, &WeaponRules)> {
        Weapon::ALL.into_iter().zip(self.0.iter())
    }
}

impl Serialize for WeaponTable {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            let mut map = serializer.serialize_map(Some(self.0.len()))?;
            for (weapon, rules) in self.iter() {
                map.serialize_entry(weapon.name(), rules)?;
            }
            map.end()
        } else {
            let mut tuple = serializer.serialize_tuple(self.0.len())?;
            for rules in &self.0 {
                tuple.serialize_element(rules)?;
            }
            tuple.end()
        }
    }
}

impl<'de> Deserialize<'de> for WeaponTable {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        if !deserializer.is_human_readable() {
            return <[WeaponRules; 9]>::deserialize(deserializer).map(Self);
        }
        let patches = serde_json::Map::<String, Value>::deserialize(deserializer)?;
        let mut table = Self::default();
        for (name, patch) in patches {
            let weapon = Weapon::ALL
                .into_iter()
                .find(|weapon| weapon.name() == name)
                .ok_or_else(|| D::Error::unknown_field(&name, WEAPON_NAMES))?;
            let defaults = serde_json::to_value(table.get(weapon)).map_err(D::Error::custom)?;
            let merged = merge_patch(defaults, patch);
            *table.get_mut(weapon) = WeaponRules::deserialize(merged)
                .map_err(|error| D::Error::custom(format_args!("weapons.{name}: {error}")))?;
        }
        Ok(table)
    }
}

/// `patch` laid over `base`: objects merge key by key (recursively), anything else replaces.
/// Keys the base lacks are kept, so that the strict deserialization after it rejects them.
fn merge_patch(base: Value, patch: Value) -> Value {
    match (base, patch) {
        (Value::Object(mut base), Value::Object(patch)) => {
            for (key, value) in patch {
                let merged = match base.remove(&key) {
                    Some(old) => merge_patch(old, value),
                    None => value,
                };
                base.insert(key, merged);
            }
            Value::Object(base)
        }
        (_, patch) => patch,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_the_vocabulary() {
        for (weapon, name) in Weapon::ALL.into_iter().zip(WEAPON_NAMES) {
            assert_eq!(weapon.name(), *name);
        }
    }

    #[test]
    fn a_partial_weapon_keeps_its_own_defaults() {
        let table: WeaponTable =
            serde_json::from_str(r#"{"grenadelauncher": {"bounce": {"factor": 0.5}}}"#).unwrap();
        let grenade = table.get(Weapon::GrenadeLauncher);
        assert_eq!(grenade.bounce.map(|b| b.factor), Some(0.5));
        assert_eq!(grenade.bounce.map(|b| b.stop_speed), Some(40.0));
        assert_eq!(grenade.splash_radius, 150.0);
        assert_eq!(
            table.get(Weapon::RocketLauncher),
            &WeaponRules::quake3(Weapon::RocketLauncher)
        );
    }

    #[test]
    fn unknown_weapon_and_field_are_named() {
        let error = serde_json::from_str::<WeaponTable>(r#"{"rocket": {}}"#).unwrap_err();
        assert!(
            error.to_string().contains("unknown field `rocket`"),
            "{error}"
        );
        let error =
            serde_json::from_str::<WeaponTable>(r#"{"railgun": {"damag": 1}}"#).unwrap_err();
        let message = error.to_string();
        assert!(message.contains("weapons.railgun"), "{message}");
        assert!(message.contains("unknown field `damag`"), "{message}");
    }
}
