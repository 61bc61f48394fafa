//! [`Characteristic`]: the 49 characteristics of the stock `chars.h`, with their indices,
//! names and declared kinds.

use std::fmt;

/// How many slots a character has (botlib's `MAX_CHARACTERISTICS`): indices 0..=79.
pub const MAX_CHARACTERISTICS: usize = 80;

/// The kind of value `chars.h` declares for a characteristic (in its comments).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A float (most characteristics, usually in [0, 1]).
    Float,
    /// An integer (`CHAT_CPM` only).
    Integer,
    /// A string (names and file names).
    String,
}

macro_rules! characteristics {
    ($( $(#[$doc:meta])* $variant:ident = $index:literal, $name:literal, $kind:ident; )*) => {
        /// A characteristic of the stock `chars.h`, named like its `CHARACTERISTIC_*` define
        /// (botlib reference §11.3). Its discriminant is the slot index.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum Characteristic {
            $( $(#[$doc])* $variant = $index, )*
        }

        impl Characteristic {
            /// Every characteristic, by index.
            pub const ALL: [Self; 49] = [ $( Self::$variant, )* ];

            /// The `chars.h` define, such as `CHARACTERISTIC_ATTACK_SKILL`.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self { $( Self::$variant => $name, )* }
            }

            /// The kind `chars.h` declares.
            #[must_use]
            pub const fn kind(self) -> Kind {
                match self { $( Self::$variant => Kind::$kind, )* }
            }
        }
    };
}

characteristics! {
    /// Name of the bot (string).
    Name = 0, "CHARACTERISTIC_NAME", String;
    /// Gender: "male", "female" or "it" (string; judged by its first letter).
    Gender = 1, "CHARACTERISTIC_GENDER", String;
    /// Attack skill [0, 1] (movement bands in thesis §8.2).
    AttackSkill = 2, "CHARACTERISTIC_ATTACK_SKILL", Float;
    /// Weapon weight file (string).
    WeaponWeights = 3, "CHARACTERISTIC_WEAPONWEIGHTS", String;
    /// View angle difference to angle change factor ⟨0, 1].
    ViewFactor = 4, "CHARACTERISTIC_VIEW_FACTOR", Float;
    /// Maximum view angle change per second [1, 360].
    ViewMaxChange = 5, "CHARACTERISTIC_VIEW_MAXCHANGE", Float;
    /// Reaction time in seconds [0, 5].
    ReactionTime = 6, "CHARACTERISTIC_REACTIONTIME", Float;
    /// Aim accuracy [0, 1].
    AimAccuracy = 7, "CHARACTERISTIC_AIM_ACCURACY", Float;
    /// Machine-gun aim accuracy [0, 1].
    AimAccuracyMachinegun = 8, "CHARACTERISTIC_AIM_ACCURACY_MACHINEGUN", Float;
    /// Shotgun aim accuracy [0, 1].
    AimAccuracyShotgun = 9, "CHARACTERISTIC_AIM_ACCURACY_SHOTGUN", Float;
    /// Rocket-launcher aim accuracy [0, 1].
    AimAccuracyRocketlauncher = 10, "CHARACTERISTIC_AIM_ACCURACY_ROCKETLAUNCHER", Float;
    /// Grenade-launcher aim accuracy [0, 1].
    AimAccuracyGrenadelauncher = 11, "CHARACTERISTIC_AIM_ACCURACY_GRENADELAUNCHER", Float;
    /// Lightning-gun aim accuracy [0, 1].
    AimAccuracyLightning = 12, "CHARACTERISTIC_AIM_ACCURACY_LIGHTNING", Float;
    /// Plasma-gun aim accuracy [0, 1].
    AimAccuracyPlasmagun = 13, "CHARACTERISTIC_AIM_ACCURACY_PLASMAGUN", Float;
    /// Railgun aim accuracy [0, 1].
    AimAccuracyRailgun = 14, "CHARACTERISTIC_AIM_ACCURACY_RAILGUN", Float;
    /// BFG aim accuracy [0, 1].
    AimAccuracyBfg10k = 15, "CHARACTERISTIC_AIM_ACCURACY_BFG10K", Float;
    /// Aim skill [0, 1] (leading bands in thesis §8.2).
    AimSkill = 16, "CHARACTERISTIC_AIM_SKILL", Float;
    /// Rocket-launcher aim skill [0, 1].
    AimSkillRocketlauncher = 17, "CHARACTERISTIC_AIM_SKILL_ROCKETLAUNCHER", Float;
    /// Grenade-launcher aim skill [0, 1].
    AimSkillGrenadelauncher = 18, "CHARACTERISTIC_AIM_SKILL_GRENADELAUNCHER", Float;
    /// Plasma-gun aim skill [0, 1].
    AimSkillPlasmagun = 19, "CHARACTERISTIC_AIM_SKILL_PLASMAGUN", Float;
    /// BFG aim skill [0, 1].
    AimSkillBfg10k = 20, "CHARACTERISTIC_AIM_SKILL_BFG10K", Float;
    /// Chat file (string).
    ChatFile = 21, "CHARACTERISTIC_CHAT_FILE", String;
    /// Name of the chat character in the chat file (string).
    ChatName = 22, "CHARACTERISTIC_CHAT_NAME", String;
    /// Typing speed in characters per minute (integer, [1, 4000]).
    ChatCpm = 23, "CHARACTERISTIC_CHAT_CPM", Integer;
    /// Tendency to insult or praise [0, 1].
    ChatInsult = 24, "CHARACTERISTIC_CHAT_INSULT", Float;
    /// Tendency to chat about miscellaneous things [0, 1].
    ChatMisc = 25, "CHARACTERISTIC_CHAT_MISC", Float;
    /// Tendency to chat at the start or end of a level [0, 1].
    ChatStartEndLevel = 26, "CHARACTERISTIC_CHAT_STARTENDLEVEL", Float;
    /// Tendency to chat entering or leaving the game [0, 1].
    ChatEnterExitGame = 27, "CHARACTERISTIC_CHAT_ENTEREXITGAME", Float;
    /// Tendency to chat after a kill [0, 1].
    ChatKill = 28, "CHARACTERISTIC_CHAT_KILL", Float;
    /// Tendency to chat after dying [0, 1].
    ChatDeath = 29, "CHARACTERISTIC_CHAT_DEATH", Float;
    /// Tendency to chat when an enemy kills itself [0, 1].
    ChatEnemySuicide = 30, "CHARACTERISTIC_CHAT_ENEMYSUICIDE", Float;
    /// Tendency to chat when hit while talking [0, 1].
    ChatHitTalking = 31, "CHARACTERISTIC_CHAT_HITTALKING", Float;
    /// Tendency to chat when hit but not killed [0, 1].
    ChatHitNoDeath = 32, "CHARACTERISTIC_CHAT_HITNODEATH", Float;
    /// Tendency to chat when hitting an enemy without killing it [0, 1].
    ChatHitNoKill = 33, "CHARACTERISTIC_CHAT_HITNOKILL", Float;
    /// Tendency to chat at random [0, 1].
    ChatRandom = 34, "CHARACTERISTIC_CHAT_RANDOM", Float;
    /// Tendency to reply [0, 1].
    ChatReply = 35, "CHARACTERISTIC_CHAT_REPLY", Float;
    /// Tendency to crouch [0, 1].
    Croucher = 36, "CHARACTERISTIC_CROUCHER", Float;
    /// Tendency to jump [0, 1].
    Jumper = 37, "CHARACTERISTIC_JUMPER", Float;
    /// Tendency to jump with a weapon (rocket jump) [0, 1].
    WeaponJumping = 38, "CHARACTERISTIC_WEAPONJUMPING", Float;
    /// Tendency to use the grapple [0, 1].
    GrappleUser = 39, "CHARACTERISTIC_GRAPPLE_USER", Float;
    /// Item weight file (string).
    ItemWeights = 40, "CHARACTERISTIC_ITEMWEIGHTS", String;
    /// Aggression [0, 1].
    Aggression = 41, "CHARACTERISTIC_AGGRESSION", Float;
    /// Self-preservation [0, 1].
    SelfPreservation = 42, "CHARACTERISTIC_SELFPRESERVATION", Float;
    /// Vengefulness [0, 1].
    Vengefulness = 43, "CHARACTERISTIC_VENGEFULNESS", Float;
    /// Tendency to camp [0, 1].
    Camper = 44, "CHARACTERISTIC_CAMPER", Float;
    /// Tendency to go for easy frags [0, 1].
    EasyFragger = 45, "CHARACTERISTIC_EASY_FRAGGER", Float;
    /// Alertness (view distance) [0, 1].
    Alertness = 46, "CHARACTERISTIC_ALERTNESS", Float;
    /// How much the bot fires [0, 1].
    FireThrottle = 47, "CHARACTERISTIC_FIRETHROTTLE", Float;
    /// Tendency to walk instead of run [0, 1] (out of order in `chars.h`).
    Walker = 48, "CHARACTERISTIC_WALKER", Float;
}

impl Characteristic {
    /// The slot index (0..=48).
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The characteristic at slot `index`, if `chars.h` names one.
    #[must_use]
    pub fn from_index(index: usize) -> Option<Self> {
        Self::ALL.get(index).copied()
    }

    /// The characteristic named `name` (`CHARACTERISTIC_REACTIONTIME`; the prefix may be left
    /// out, and letter case is ignored).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        let upper = name.to_ascii_uppercase();
        let full = if upper.starts_with("CHARACTERISTIC_") {
            upper
        } else {
            format!("CHARACTERISTIC_{upper}")
        };
        Self::ALL.into_iter().find(|c| c.name() == full)
    }
}

impl fmt::Display for Characteristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indices_follow_the_table_and_names_round_trip() {
        for (i, c) in Characteristic::ALL.into_iter().enumerate() {
            assert_eq!(c.index(), i);
            assert_eq!(Characteristic::from_index(i), Some(c));
            assert_eq!(Characteristic::from_name(c.name()), Some(c));
        }
        assert_eq!(Characteristic::Walker.index(), 48);
        assert_eq!(Characteristic::ItemWeights.index(), 40);
        assert_eq!(
            Characteristic::from_name("reactiontime"),
            Some(Characteristic::ReactionTime)
        );
        assert_eq!(Characteristic::from_index(49), None);
        assert_eq!(Characteristic::ChatCpm.kind(), Kind::Integer);
        assert_eq!(Characteristic::ChatFile.kind(), Kind::String);
        assert_eq!(Characteristic::ViewMaxChange.kind(), Kind::Float);
    }
}
