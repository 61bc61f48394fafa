//! [`ChatEvent`]: what happened to the bot that it may chat about, and how an event becomes
//! an initial-chat type and its variables (botlib reference §10.5 and §6.7; thesis §10.4).
//!
//! # Chat types
//!
//! | Event | Type |
//! |---|---|
//! | enter / exit the game | `game_enter` / `game_exit` |
//! | level start | `level_start` |
//! | level end | `level_end_victory` when won, `level_end_lose` when the bot is last, else `level_end` |
//! | kill | `kill_rail` (railgun), `kill_gauntlet`, `kill_telefrag`, else `kill_insult` (draw below `CHAT_INSULT`) or `kill_praise` |
//! | death | `death_telefrag`, `death_cratered` (falling), `death_lava`, `death_slime`, `death_drown`, `death_suicide` (own weapon, `/kill`, a mover, a hurt brush, a laser), `death_gauntlet`, `death_rail`, `death_bfg` (direct or splash), else `death_insult` (draw below `CHAT_INSULT`) or `death_praise` |
//! | hit while typing / hit / hit someone | `hit_talking` / `hit_nodeath` / `hit_nokill` |
//! | enemy suicide | `enemy_suicide` |
//! | random | `random_misc` (draw below `CHAT_MISC`) or `random_insult` |
//!
//! # Variables
//!
//! The convention the real `*_t.c` files document in their comments (the default bot's
//! chat file of each shared set lists them under every type):
//!
//! - game and level chats: 0 = the bot's own name, 1 = a random opponent, 2 = the player in
//!   first place, 3 = the player in last place, 4 = the level's title;
//! - kill, hit-no-kill and enemy-suicide chats: 0 = the other player;
//! - death chats: 0 = the killer (a random opponent when nobody killed the bot: falling,
//!   liquids, suicide), 1 = the killer's weapon ([`weapon_name`]);
//! - hit chats (`hit_talking`, `hit_nodeath`): 0 = the shooter, 1 = the shooter's weapon;
//! - random chats: 0 = the chosen player, 1 = the last player this bot killed, 4 = the
//!   level's title, 5 = a random weapon name.
//!
//! Unknown values (no opponent known, no weapon) are empty strings. Randomness: one draw
//! per random opponent or random weapon the type uses, and one for insult-or-praise, in
//! that order after the caller's gate draw.

use bot_interface::{DamageCause, Weapon};
use rand::{Rng, RngExt};

use super::rates::ChatRates;

/// How many variables a chat line may use (0..=7).
pub const CHAT_VARIABLES: usize = 8;

/// Something that happened that the bot may chat about. Names are players' names as the
/// game shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChatEvent<'a> {
    /// The bot joined the match.
    EnterGame,
    /// The bot is leaving the match.
    ExitGame,
    /// A new level started with the bot in it.
    LevelStart,
    /// The level ended.
    LevelEnd {
        /// The bot ranks first.
        won: bool,
        /// The player in first place.
        first: &'a str,
        /// The player in last place (the bot's own name when it is last).
        last: &'a str,
    },
    /// The bot killed `victim`.
    Kill {
        /// Who died.
        victim: &'a str,
        /// How.
        cause: DamageCause,
    },
    /// The bot died.
    Death {
        /// Who killed it (`None`: the world or the bot itself).
        killer: Option<&'a str>,
        /// How.
        cause: DamageCause,
    },
    /// The bot was hit while typing a chat.
    HitTalking {
        /// Who hit it.
        attacker: &'a str,
        /// With what, when known.
        weapon: Option<Weapon>,
    },
    /// The bot was hit and survived.
    HitNoDeath {
        /// Who hit it.
        attacker: &'a str,
        /// With what, when known.
        weapon: Option<Weapon>,
    },
    /// The bot hit `target` without killing it.
    HitNoKill {
        /// Who was hit.
        target: &'a str,
    },
    /// An enemy killed itself.
    EnemySuicide {
        /// Who.
        name: &'a str,
    },
    /// The bot feels like chatting (the caller draws when): to or about `opponent`.
    Random {
        /// The chosen player.
        opponent: &'a str,
    },
}

/// What the bot knows of the match that chat lines may mention.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scene {
    /// The level's title (variable 4 of game, level and random chats).
    pub level_title: String,
    /// The bot's opponents' names, for "a random opponent" (kept in the caller's order).
    pub opponents: Vec<String>,
    /// The last player this bot killed (kept up to date by the kill events).
    pub last_victim: Option<String>,
}

/// An event turned into a chat type and its variables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prepared {
    /// The initial-chat type.
    pub chat_type: &'static str,
    /// Variables 0..=7.
    pub vars: [String; CHAT_VARIABLES],
}

/// The weapon's name as chat lines say it (the game's pickup names): `"Gauntlet"`,
/// `"Machinegun"`, `"Shotgun"`, `"Grenade Launcher"`, `"Rocket Launcher"`,
/// `"Lightning Gun"`, `"Railgun"`, `"Plasma Gun"`, `"BFG10K"`.
#[must_use]
pub fn weapon_name(weapon: Weapon) -> &'static str {
    match weapon {
        Weapon::Gauntlet => "Gauntlet",
        Weapon::Machinegun => "Machinegun",
        Weapon::Shotgun => "Shotgun",
        Weapon::GrenadeLauncher => "Grenade Launcher",
        Weapon::RocketLauncher => "Rocket Launcher",
        Weapon::LightningGun => "Lightning Gun",
        Weapon::Railgun => "Railgun",
        Weapon::PlasmaGun => "Plasma Gun",
        Weapon::Bfg => "BFG10K",
    }
}

/// The death chat type of `cause` when it does not depend on a draw: `None` for a weapon
/// kill that is neither gauntlet, railgun nor BFG (insult or praise).
#[must_use]
pub fn death_type(killer: Option<&str>, cause: DamageCause) -> Option<&'static str> {
    Some(match cause {
        DamageCause::Telefrag => "death_telefrag",
        DamageCause::Falling => "death_cratered",
        DamageCause::Lava => "death_lava",
        DamageCause::Slime => "death_slime",
        DamageCause::Drowning => "death_drown",
        DamageCause::Suicide
        | DamageCause::Crush
        | DamageCause::TriggerHurt
        | DamageCause::Laser => "death_suicide",
        DamageCause::Weapon(_) | DamageCause::Splash(_) if killer.is_none() => "death_suicide",
        DamageCause::Weapon(Weapon::Gauntlet) => "death_gauntlet",
        DamageCause::Weapon(Weapon::Railgun) => "death_rail",
        DamageCause::Weapon(Weapon::Bfg) | DamageCause::Splash(Weapon::Bfg) => "death_bfg",
        DamageCause::Weapon(_) | DamageCause::Splash(_) => return None,
    })
}

/// The kill chat type of `cause` when it does not depend on a draw: `None` for insult or
/// praise.
#[must_use]
pub fn kill_type(cause: DamageCause) -> Option<&'static str> {
    match cause {
        DamageCause::Weapon(Weapon::Railgun) => Some("kill_rail"),
        DamageCause::Weapon(Weapon::Gauntlet) => Some("kill_gauntlet"),
        DamageCause::Telefrag => Some("kill_telefrag"),
        _ => None,
    }
}

impl ChatEvent<'_> {
    /// The probability that the bot chats about this event (its characteristic).
    #[must_use]
    pub fn rate(&self, rates: &ChatRates) -> f32 {
        match self {
            Self::EnterGame | Self::ExitGame => rates.enter_exit_game,
            Self::LevelStart | Self::LevelEnd { .. } => rates.start_end_level,
            Self::Kill { .. } => rates.kill,
            Self::Death { .. } => rates.death,
            Self::HitTalking { .. } => rates.hit_talking,
            Self::HitNoDeath { .. } => rates.hit_no_death,
            Self::HitNoKill { .. } => rates.hit_no_kill,
            Self::EnemySuicide { .. } => rates.enemy_suicide,
            Self::Random { .. } => rates.random,
        }
    }

    /// The chat type and variables of this event for the bot named `me` (see the module
    /// documentation for the rules and the draws).
    pub fn prepare<R: Rng + ?Sized>(
        &self,
        me: &str,
        scene: &Scene,
        rates: &ChatRates,
        rng: &mut R,
    ) -> Prepared {
        let mut vars: [String; CHAT_VARIABLES] = Default::default();
        let insult = |rng: &mut R| rng.random::<f32>() < rates.insult;
        let chat_type = match *self {
            Self::EnterGame | Self::ExitGame | Self::LevelStart => {
                vars[0] = me.to_owned();
                vars[1] = random_opponent(scene, rng).to_owned();
                vars[4].clone_from(&scene.level_title);
                match self {
                    Self::EnterGame => "game_enter",
                    Self::ExitGame => "game_exit",
                    _ => "level_start",
                }
            }
            Self::LevelEnd { won, first, last } => {
                vars[0] = me.to_owned();
                vars[1] = random_opponent(scene, rng).to_owned();
                vars[2] = first.to_owned();
                vars[3] = last.to_owned();
                vars[4].clone_from(&scene.level_title);
                if won {
                    "level_end_victory"
                } else if last.eq_ignore_ascii_case(me) {
                    "level_end_lose"
                } else {
                    "level_end"
                }
            }
            Self::Kill { victim, cause } => {
                vars[0] = victim.to_owned();
                kill_type(cause).unwrap_or_else(|| {
                    if insult(rng) {
                        "kill_insult"
                    } else {
                        "kill_praise"
                    }
                })
            }
            Self::Death { killer, cause } => {
                let chat_type = death_type(killer, cause);
                match killer {
                    Some(killer) if chat_type != Some("death_suicide") => {
                        vars[0] = killer.to_owned();
                        vars[1] = cause
                            .weapon()
                            .map(weapon_name)
                            .unwrap_or_default()
                            .to_owned();
                    }
                    _ => vars[0] = random_opponent(scene, rng).to_owned(),
                }
                chat_type.unwrap_or_else(|| {
                    if insult(rng) {
                        "death_insult"
                    } else {
                        "death_praise"
                    }
                })
            }
            Self::HitTalking { attacker, weapon } | Self::HitNoDeath { attacker, weapon } => {
                vars[0] = attacker.to_owned();
                vars[1] = weapon.map(weapon_name).unwrap_or_default().to_owned();
                if matches!(self, Self::HitTalking { .. }) {
                    "hit_talking"
                } else {
                    "hit_nodeath"
                }
            }
            Self::HitNoKill { target } => {
                vars[0] = target.to_owned();
                "hit_nokill"
            }
            Self::EnemySuicide { name } => {
                vars[0] = name.to_owned();
                "enemy_suicide"
            }
            Self::Random { opponent } => {
                vars[0] = opponent.to_owned();
                vars[1] = scene.last_victim.clone().unwrap_or_default();
                vars[4].clone_from(&scene.level_title);
                vars[5] =
                    weapon_name(Weapon::ALL[rng.random_range(0..Weapon::ALL.len())]).to_owned();
                if rng.random::<f32>() < rates.misc {
                    "random_misc"
                } else {
                    "random_insult"
                }
            }
        };
        Prepared { chat_type, vars }
    }
}

/// A uniformly chosen opponent (one draw), or `""` when none is known (no draw).
fn random_opponent<'s, R: Rng + ?Sized>(scene: &'s Scene, rng: &mut R) -> &'s str {
    if scene.opponents.is_empty() {
        return "";
    }
    &scene.opponents[rng.random_range(0..scene.opponents.len())]
}

#[cfg(test)]
mod tests {
    use bot_interface::GameRng;

    use super::*;

    fn prepared(event: ChatEvent<'_>, insult: f32) -> Prepared {
        let scene = Scene {
            level_title: "Arena".to_owned(),
            opponents: vec!["Sarge".to_owned()],
            last_victim: Some("Doom".to_owned()),
        };
        let rates = ChatRates {
            insult,
            ..ChatRates::uniform(1.0, 400)
        };
        event.prepare("Major", &scene, &rates, &mut GameRng::new(3))
    }

    #[test]
    fn kills_by_weapon() {
        let kill = |cause, insult| {
            prepared(
                ChatEvent::Kill {
                    victim: "Doom",
                    cause,
                },
                insult,
            )
            .chat_type
        };
        assert_eq!(kill(DamageCause::Weapon(Weapon::Railgun), 1.0), "kill_rail");
        assert_eq!(
            kill(DamageCause::Weapon(Weapon::Gauntlet), 1.0),
            "kill_gauntlet"
        );
        assert_eq!(kill(DamageCause::Telefrag, 1.0), "kill_telefrag");
        assert_eq!(
            kill(DamageCause::Splash(Weapon::RocketLauncher), 1.0),
            "kill_insult"
        );
        assert_eq!(
            kill(DamageCause::Splash(Weapon::RocketLauncher), 0.0),
            "kill_praise"
        );
        let p = prepared(
            ChatEvent::Kill {
                victim: "Doom",
                cause: DamageCause::Telefrag,
            },
            1.0,
        );
        assert_eq!(p.vars[0], "Doom");
    }

    #[test]
    fn deaths_by_cause() {
        let killer = Some("Sarge");
        let cases = [
            (killer, DamageCause::Telefrag, "death_telefrag"),
            (None, DamageCause::Falling, "death_cratered"),
            (None, DamageCause::Lava, "death_lava"),
            (None, DamageCause::Slime, "death_slime"),
            (None, DamageCause::Drowning, "death_drown"),
            (None, DamageCause::Suicide, "death_suicide"),
            (
                None,
                DamageCause::Splash(Weapon::RocketLauncher),
                "death_suicide",
            ),
            (None, DamageCause::Crush, "death_suicide"),
            (
                killer,
                DamageCause::Weapon(Weapon::Gauntlet),
                "death_gauntlet",
            ),
            (killer, DamageCause::Weapon(Weapon::Railgun), "death_rail"),
            (killer, DamageCause::Splash(Weapon::Bfg), "death_bfg"),
            (killer, DamageCause::Weapon(Weapon::Shotgun), "death_insult"),
        ];
        for (killer, cause, want) in cases {
            let p = prepared(ChatEvent::Death { killer, cause }, 1.0);
            assert_eq!(p.chat_type, want, "{cause:?}");
        }
        let praise = prepared(
            ChatEvent::Death {
                killer,
                cause: DamageCause::Weapon(Weapon::PlasmaGun),
            },
            0.0,
        );
        assert_eq!(praise.chat_type, "death_praise");
        assert_eq!(
            (praise.vars[0].as_str(), praise.vars[1].as_str()),
            ("Sarge", "Plasma Gun")
        );
        // Nobody killed the bot: variable 0 is a random opponent, no weapon.
        let lava = prepared(
            ChatEvent::Death {
                killer: None,
                cause: DamageCause::Lava,
            },
            1.0,
        );
        assert_eq!(
            (lava.vars[0].as_str(), lava.vars[1].as_str()),
            ("Sarge", "")
        );
    }

    #[test]
    fn level_and_game_variables() {
        let end = |won, last| {
            prepared(
                ChatEvent::LevelEnd {
                    won,
                    first: "Sarge",
                    last,
                },
                1.0,
            )
        };
        assert_eq!(end(true, "Doom").chat_type, "level_end_victory");
        assert_eq!(end(false, "major").chat_type, "level_end_lose");
        let middle = end(false, "Doom");
        assert_eq!(middle.chat_type, "level_end");
        assert_eq!(
            middle.vars[..5],
            ["Major", "Sarge", "Sarge", "Doom", "Arena"]
        );
        let enter = prepared(ChatEvent::EnterGame, 1.0);
        assert_eq!(enter.chat_type, "game_enter");
        assert_eq!(enter.vars[..5], ["Major", "Sarge", "", "", "Arena"]);
        assert_eq!(prepared(ChatEvent::ExitGame, 1.0).chat_type, "game_exit");
        assert_eq!(
            prepared(ChatEvent::LevelStart, 1.0).chat_type,
            "level_start"
        );
    }

    #[test]
    fn hits_suicides_and_random_chats() {
        let hit = prepared(
            ChatEvent::HitNoDeath {
                attacker: "Sarge",
                weapon: Some(Weapon::RocketLauncher),
            },
            1.0,
        );
        assert_eq!(hit.chat_type, "hit_nodeath");
        assert_eq!(hit.vars[..2], ["Sarge", "Rocket Launcher"]);
        let talking = prepared(
            ChatEvent::HitTalking {
                attacker: "Sarge",
                weapon: None,
            },
            1.0,
        );
        assert_eq!(talking.chat_type, "hit_talking");
        assert_eq!(
            prepared(ChatEvent::HitNoKill { target: "X" }, 1.0).chat_type,
            "hit_nokill"
        );
        let suicide = prepared(ChatEvent::EnemySuicide { name: "X" }, 1.0);
        assert_eq!(
            (suicide.chat_type, suicide.vars[0].as_str()),
            ("enemy_suicide", "X")
        );
        let random = prepared(ChatEvent::Random { opponent: "Sarge" }, 1.0);
        assert_eq!(random.chat_type, "random_misc");
        assert_eq!(random.vars[..2], ["Sarge", "Doom"]);
        assert_eq!(random.vars[4], "Arena");
        assert!(
            Weapon::ALL
                .iter()
                .any(|&w| weapon_name(w) == random.vars[5])
        );
    }

    #[test]
    fn rates_follow_the_event() {
        let rates = ChatRates {
            kill: 0.25,
            death: 0.5,
            ..ChatRates::default()
        };
        let kill = ChatEvent::Kill {
            victim: "",
            cause: DamageCause::Telefrag,
        };
        assert!((kill.rate(&rates) - 0.25).abs() < f32::EPSILON);
        let death = ChatEvent::Death {
            killer: None,
            cause: DamageCause::Lava,
        };
        assert!((death.rate(&rates) - 0.5).abs() < f32::EPSILON);
        assert!(ChatEvent::EnterGame.rate(&rates).abs() < f32::EPSILON);
    }
}
