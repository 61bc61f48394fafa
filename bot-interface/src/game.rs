//! The game's vocabulary: weapons, items, powerups, teams, modes and player ids.

use serde::{Deserialize, Serialize};

/// A player in a match: its index in the match's player list (0-based, stable for the match).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
pub struct PlayerId(pub u16);

impl PlayerId {
    /// The index into the match's player list.
    #[must_use]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// The nine weapons of Quake III Arena, in the game's weapon-number order (1 to 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Weapon {
    /// Melee: 50 damage at 32 units.
    Gauntlet,
    /// Hitscan, 7 damage (5 in TDM) every 100 ms.
    Machinegun,
    /// Eleven hitscan pellets of 10.
    Shotgun,
    /// Bouncing grenades with splash.
    GrenadeLauncher,
    /// Rockets with splash.
    RocketLauncher,
    /// A short hitscan beam.
    LightningGun,
    /// A piercing hitscan slug.
    Railgun,
    /// Fast plasma balls with a small splash.
    PlasmaGun,
    /// The BFG10K.
    Bfg,
}

impl Weapon {
    /// Every weapon, in weapon-number order.
    pub const ALL: [Self; 9] = [
        Self::Gauntlet,
        Self::Machinegun,
        Self::Shotgun,
        Self::GrenadeLauncher,
        Self::RocketLauncher,
        Self::LightningGun,
        Self::Railgun,
        Self::PlasmaGun,
        Self::Bfg,
    ];

    /// The game's weapon number (`WP_GAUNTLET` = 1 … `WP_BFG` = 9).
    #[must_use]
    pub fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The weapon with the game's weapon number `number` (1 to 9).
    #[must_use]
    pub fn from_number(number: u8) -> Option<Self> {
        Self::ALL.get(usize::from(number.checked_sub(1)?)).copied()
    }

    /// 0-based index (`number() - 1`), for per-weapon arrays.
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// A stable lower-case name (`"rocketlauncher"`), the key of per-weapon JSON maps.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Gauntlet => "gauntlet",
            Self::Machinegun => "machinegun",
            Self::Shotgun => "shotgun",
            Self::GrenadeLauncher => "grenadelauncher",
            Self::RocketLauncher => "rocketlauncher",
            Self::LightningGun => "lightning",
            Self::Railgun => "railgun",
            Self::PlasmaGun => "plasmagun",
            Self::Bfg => "bfg",
        }
    }

    /// The weapon named `name` (as [`name`](Self::name) writes it), ignoring ASCII case.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|weapon| weapon.name().eq_ignore_ascii_case(name))
    }
}

/// What caused a hit (Quake III's "means of death"): in obituaries, logs and the rules that
/// depend on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DamageCause {
    /// A weapon's direct hit (trace, pellet or missile impact).
    Weapon(Weapon),
    /// A weapon's splash.
    Splash(Weapon),
    /// A hard landing.
    Falling,
    /// Lava.
    Lava,
    /// Slime.
    Slime,
    /// Out of air.
    Drowning,
    /// A door, plat or other mover.
    Crush,
    /// A `trigger_hurt` brush.
    TriggerHurt,
    /// A `target_laser`.
    Laser,
    /// Someone (or a spawn) arriving where the player stands, or a `target_kill`.
    Telefrag,
    /// The player's `/kill`.
    Suicide,
}

impl DamageCause {
    /// The stable name of a means of death in logs and summaries (`"rocket_splash"`,
    /// `"falling"` …): Quake III's `MOD_*` names in lower case without the prefix.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Weapon(weapon) => match weapon {
                Weapon::Gauntlet => "gauntlet",
                Weapon::Machinegun => "machinegun",
                Weapon::Shotgun => "shotgun",
                Weapon::GrenadeLauncher => "grenade",
                Weapon::RocketLauncher => "rocket",
                Weapon::LightningGun => "lightning",
                Weapon::Railgun => "railgun",
                Weapon::PlasmaGun => "plasma",
                Weapon::Bfg => "bfg",
            },
            Self::Splash(weapon) => match weapon {
                Weapon::GrenadeLauncher => "grenade_splash",
                Weapon::RocketLauncher => "rocket_splash",
                Weapon::PlasmaGun => "plasma_splash",
                Weapon::Bfg => "bfg_splash",
                // No other weapon splashes; named after the weapon all the same.
                other => other.name(),
            },
            Self::Falling => "falling",
            Self::Lava => "lava",
            Self::Slime => "slime",
            Self::Drowning => "water",
            Self::Crush => "crush",
            Self::TriggerHurt => "trigger_hurt",
            Self::Laser => "target_laser",
            Self::Telefrag => "telefrag",
            Self::Suicide => "suicide",
        }
    }

    /// The means of death named `name` (as [`name`](Self::name) writes it).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        const OTHERS: [DamageCause; 9] = [
            DamageCause::Falling,
            DamageCause::Lava,
            DamageCause::Slime,
            DamageCause::Drowning,
            DamageCause::Crush,
            DamageCause::TriggerHurt,
            DamageCause::Laser,
            DamageCause::Telefrag,
            DamageCause::Suicide,
        ];
        Weapon::ALL
            .into_iter()
            .flat_map(|weapon| [Self::Weapon(weapon), Self::Splash(weapon)])
            .chain(OTHERS)
            .find(|cause| cause.name() == name)
    }

    /// The weapon behind a means of death, if a weapon caused it.
    #[must_use]
    pub fn weapon(self) -> Option<Weapon> {
        match self {
            Self::Weapon(weapon) | Self::Splash(weapon) => Some(weapon),
            _ => None,
        }
    }
}

/// The six powerups of Quake III Arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Powerup {
    /// Quad damage (`item_quad`).
    Quad,
    /// Battle suit (`item_enviro`).
    Battlesuit,
    /// Haste (`item_haste`).
    Haste,
    /// Invisibility (`item_invis`).
    Invisibility,
    /// Regeneration (`item_regen`).
    Regeneration,
    /// Flight (`item_flight`).
    Flight,
}

impl Powerup {
    /// Every powerup.
    pub const ALL: [Self; 6] = [
        Self::Quad,
        Self::Battlesuit,
        Self::Haste,
        Self::Invisibility,
        Self::Regeneration,
        Self::Flight,
    ];

    /// 0-based index, for per-powerup arrays.
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The two holdable items of Quake III Arena.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Holdable {
    /// Personal teleporter (`holdable_teleporter`).
    Teleporter,
    /// Medkit (`holdable_medkit`).
    Medkit,
}

/// The armor items.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ArmorKind {
    /// `item_armor_shard` (+5).
    Shard,
    /// `item_armor_combat`, the yellow armor (+50).
    Combat,
    /// `item_armor_body`, the red armor (+100).
    Body,
}

/// The health items.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HealthKind {
    /// `item_health_small` (+5, may exceed the maximum).
    Small,
    /// `item_health` (+25).
    Medium,
    /// `item_health_large` (+50).
    Large,
    /// `item_health_mega` (+100, may exceed the maximum).
    Mega,
}

/// Every kind of item a map can hold (and a player can drop).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Item {
    /// A weapon (`weapon_*`).
    Weapon(Weapon),
    /// Ammunition for a weapon (`ammo_*`; the gauntlet has none).
    Ammo(Weapon),
    /// Armor (`item_armor_*`).
    Armor(ArmorKind),
    /// Health (`item_health*`).
    Health(HealthKind),
    /// A powerup (`item_quad` …).
    Powerup(Powerup),
    /// A holdable (`holdable_*`).
    Holdable(Holdable),
    /// A CTF flag of this team (`team_CTF_redflag`, `team_CTF_blueflag`).
    Flag(Team),
}

/// Every item and its class name, in the game's item-list order.
const CLASSNAMES: [(Item, &str); 36] = [
    (Item::Armor(ArmorKind::Shard), "item_armor_shard"),
    (Item::Armor(ArmorKind::Combat), "item_armor_combat"),
    (Item::Armor(ArmorKind::Body), "item_armor_body"),
    (Item::Health(HealthKind::Small), "item_health_small"),
    (Item::Health(HealthKind::Medium), "item_health"),
    (Item::Health(HealthKind::Large), "item_health_large"),
    (Item::Health(HealthKind::Mega), "item_health_mega"),
    (Item::Weapon(Weapon::Gauntlet), "weapon_gauntlet"),
    (Item::Weapon(Weapon::Shotgun), "weapon_shotgun"),
    (Item::Weapon(Weapon::Machinegun), "weapon_machinegun"),
    (
        Item::Weapon(Weapon::GrenadeLauncher),
        "weapon_grenadelauncher",
    ),
    (
        Item::Weapon(Weapon::RocketLauncher),
        "weapon_rocketlauncher",
    ),
    (Item::Weapon(Weapon::LightningGun), "weapon_lightning"),
    (Item::Weapon(Weapon::Railgun), "weapon_railgun"),
    (Item::Weapon(Weapon::PlasmaGun), "weapon_plasmagun"),
    (Item::Weapon(Weapon::Bfg), "weapon_bfg"),
    (Item::Ammo(Weapon::Shotgun), "ammo_shells"),
    (Item::Ammo(Weapon::Machinegun), "ammo_bullets"),
    (Item::Ammo(Weapon::GrenadeLauncher), "ammo_grenades"),
    (Item::Ammo(Weapon::PlasmaGun), "ammo_cells"),
    (Item::Ammo(Weapon::LightningGun), "ammo_lightning"),
    (Item::Ammo(Weapon::RocketLauncher), "ammo_rockets"),
    (Item::Ammo(Weapon::Railgun), "ammo_slugs"),
    (Item::Ammo(Weapon::Bfg), "ammo_bfg"),
    (Item::Holdable(Holdable::Teleporter), "holdable_teleporter"),
    (Item::Holdable(Holdable::Medkit), "holdable_medkit"),
    (Item::Powerup(Powerup::Quad), "item_quad"),
    (Item::Powerup(Powerup::Battlesuit), "item_enviro"),
    (Item::Powerup(Powerup::Haste), "item_haste"),
    (Item::Powerup(Powerup::Invisibility), "item_invis"),
    (Item::Powerup(Powerup::Regeneration), "item_regen"),
    (Item::Powerup(Powerup::Flight), "item_flight"),
    (Item::Flag(Team::Red), "team_CTF_redflag"),
    (Item::Flag(Team::Blue), "team_CTF_blueflag"),
    // The gauntlet has no ammunition and the free team no flag: these two names never match a
    // map entity; they keep `classname` total.
    (Item::Ammo(Weapon::Gauntlet), "ammo_gauntlet"),
    (Item::Flag(Team::Free), "team_CTF_neutralflag"),
];

impl Item {
    /// Every item a Quake III map can place, in the game's item-list order.
    pub fn all() -> impl Iterator<Item = Self> {
        CLASSNAMES.iter().take(34).map(|(item, _)| *item)
    }

    /// The entity class name (`"weapon_rocketlauncher"`, `"item_armor_body"`, …), the key of
    /// per-item JSON maps.
    #[must_use]
    pub fn classname(self) -> &'static str {
        CLASSNAMES
            .iter()
            .find(|(item, _)| *item == self)
            .map_or("unknown", |(_, name)| name)
    }

    /// The item of the entity class `classname`, ignoring ASCII case as the game does.
    #[must_use]
    pub fn from_classname(classname: &str) -> Option<Self> {
        CLASSNAMES
            .iter()
            .take(34)
            .find(|(_, name)| name.eq_ignore_ascii_case(classname))
            .map(|(item, _)| *item)
    }
}

/// A player's team. In free-for-all every player is [`Team::Free`].
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Team {
    /// No team (free-for-all).
    #[default]
    Free,
    /// The red team.
    Red,
    /// The blue team.
    Blue,
}

impl Team {
    /// The opposing team (`Free` has none and stays `Free`).
    #[must_use]
    pub fn opponent(self) -> Self {
        match self {
            Self::Red => Self::Blue,
            Self::Blue => Self::Red,
            Self::Free => Self::Free,
        }
    }

    /// A stable lower-case name (`"free"`, `"red"`, `"blue"`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Free => "free",
            Self::Red => "red",
            Self::Blue => "blue",
        }
    }
}

/// The game modes a match can be played in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameMode {
    /// Free-for-all deathmatch.
    #[default]
    Ffa,
    /// Team deathmatch.
    Tdm,
    /// Capture the flag.
    Ctf,
}

impl GameMode {
    /// A stable lower-case name (`"ffa"`, `"tdm"`, `"ctf"`).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Ffa => "ffa",
            Self::Tdm => "tdm",
            Self::Ctf => "ctf",
        }
    }

    /// Whether players are in teams.
    #[must_use]
    pub fn is_team(self) -> bool {
        !matches!(self, Self::Ffa)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weapon_numbers_and_names_round_trip() {
        for weapon in Weapon::ALL {
            assert_eq!(Weapon::from_number(weapon.number()), Some(weapon));
            assert_eq!(Weapon::from_name(weapon.name()), Some(weapon));
        }
        assert_eq!(Weapon::from_number(0), None);
        assert_eq!(Weapon::from_number(10), None);
        assert_eq!(Weapon::RocketLauncher.number(), 5);
    }

    #[test]
    fn every_cause_of_death_round_trips_by_name() {
        for weapon in Weapon::ALL {
            for cause in [DamageCause::Weapon(weapon), DamageCause::Splash(weapon)] {
                let back = DamageCause::from_name(cause.name()).expect("named");
                // Weapons without splash name their splash after the weapon: same name.
                assert_eq!(back.name(), cause.name());
                assert_eq!(back.weapon(), Some(weapon));
            }
        }
        assert_eq!(
            DamageCause::from_name("rocket_splash"),
            Some(DamageCause::Splash(Weapon::RocketLauncher))
        );
        assert_eq!(DamageCause::from_name("water"), Some(DamageCause::Drowning));
        assert_eq!(
            DamageCause::from_name("lava").and_then(DamageCause::weapon),
            None
        );
        assert_eq!(DamageCause::from_name("nonsense"), None);
    }

    #[test]
    fn every_item_class_round_trips() {
        assert_eq!(Item::all().count(), 34);
        for item in Item::all() {
            assert_eq!(Item::from_classname(item.classname()), Some(item));
        }
        assert_eq!(
            Item::from_classname("WEAPON_RAILGUN"),
            Some(Item::Weapon(Weapon::Railgun))
        );
        assert_eq!(Item::from_classname("team_CTF_neutralflag"), None);
        assert_eq!(Item::from_classname("item_botroam"), None);
    }
}
