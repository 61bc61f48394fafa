//! [`Event`]: what happens during a frame, as the match log records it.

use bot_interface::{PlayerId, Team, Weapon};

use crate::rules::DamageCause;
use serde::{Deserialize, Serialize};

/// The stable name of a means of death in logs and summaries (see [`DamageCause::name`]).
#[must_use]
pub fn cause_name(cause: DamageCause) -> &'static str {
    cause.name()
}

/// The weapon behind a means of death, if a weapon caused it (see [`DamageCause::weapon`]).
#[must_use]
pub fn cause_weapon(cause: DamageCause) -> Option<Weapon> {
    cause.weapon()
}

/// What happened to a CTF flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlagAction {
    /// Taken from its base or picked up where it lay.
    Taken,
    /// Dropped by its dying carrier.
    Dropped,
    /// Returned to base by a defender's touch.
    Returned,
    /// Returned to base after lying dropped too long.
    AutoReturned,
    /// Captured.
    Captured,
}

/// One thing that happened in a frame. Serialized with its kind under `"event"`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A player entered the match or respawned.
    Spawn {
        /// Who.
        player: PlayerId,
        /// Where.
        origin: [f32; 3],
        /// Facing (yaw, degrees).
        yaw: f32,
    },
    /// A player picked up an item.
    Pickup {
        /// Who.
        player: PlayerId,
        /// The item entity.
        entity: u32,
        /// Its class name.
        item: String,
    },
    /// An item appeared (respawned, or dropped by a player).
    ItemSpawn {
        /// The item entity.
        entity: u32,
        /// Its class name.
        item: String,
        /// Where.
        origin: [f32; 3],
    },
    /// A player fired.
    Fire {
        /// Who.
        player: PlayerId,
        /// With what.
        weapon: String,
        /// From where (the muzzle).
        origin: [f32; 3],
        /// Where the shot (the first pellet, the beam, the slug) ended, for hitscan weapons.
        end: Option<[f32; 3]>,
    },
    /// A player was hurt.
    Damage {
        /// Who hurt (`None`: the world).
        attacker: Option<PlayerId>,
        /// Who was hurt.
        target: PlayerId,
        /// Damage after protection (health + armor lost).
        amount: i32,
        /// Of which armor took this much.
        armor: i32,
        /// How.
        cause: String,
    },
    /// A player died.
    Frag {
        /// Who killed (`None`: the world).
        killer: Option<PlayerId>,
        /// Who died.
        victim: PlayerId,
        /// The killer's weapon, when a weapon killed.
        weapon: Option<String>,
        /// The means of death.
        cause: String,
    },
    /// Something happened to a CTF flag.
    Flag {
        /// What.
        action: FlagAction,
        /// Whose flag.
        team: Team,
        /// The player involved, if any.
        player: Option<PlayerId>,
    },
    /// A player said something.
    Chat {
        /// Who.
        player: PlayerId,
        /// To the own team only.
        team_only: bool,
        /// The words.
        text: String,
        /// The typed form of a team message, when the speaker attached one.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        message: Option<bot_interface::TeamMessage>,
    },
    /// A player teleported (by a trigger or the holdable).
    Teleport {
        /// Who.
        player: PlayerId,
        /// From where.
        from: [f32; 3],
        /// To where.
        to: [f32; 3],
    },
    /// A jump pad launched a player.
    JumpPad {
        /// Who.
        player: PlayerId,
        /// Where.
        origin: [f32; 3],
    },
    /// A projectile exploded (or a grenade's fuse ran out).
    Explosion {
        /// Of which weapon.
        weapon: String,
        /// Where.
        origin: [f32; 3],
    },
    /// The match ended.
    MatchEnd {
        /// Why: `"frag_limit"`, `"time_limit"`, `"capture_limit"` or `"frames"` (the run
        /// stopped).
        reason: String,
    },
}
