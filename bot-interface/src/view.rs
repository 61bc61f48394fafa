//! [`BotView`]: what a fair player's client could know during one frame.

use glam::Vec3;
use serde::{Deserialize, Serialize};

use crate::{
    DamageCause, FlagStatus, Holdable, Item, PlayerId, Powerup, Team, TeamMessage, TeammateInfo,
    Weapon,
};

/// What one player may know at one frame: its own state, what is in line of sight from its
/// eye (occluded by the map's geometry, in every direction: field of view and reaction time
/// are the brain's business), what it hears, the chat, the scoreboard (with the flags'
/// status in capture the flag) and, in team modes, where its teammates are (the team
/// overlay). The world fills it and never puts hidden state into it (no item timers, no
/// health of others, no opponent behind walls).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct BotView {
    /// Server frame number (0 is the first frame of the match).
    pub frame: u32,
    /// Match time in milliseconds.
    pub time_ms: u32,
    /// The player's own state.
    pub me: SelfView,
    /// Other players in line of sight (invisible ones only while they fire).
    pub players: Vec<SeenPlayer>,
    /// Items in line of sight that are present (map items, dropped items, flags).
    pub items: Vec<SeenItem>,
    /// Projectiles in line of sight.
    pub projectiles: Vec<SeenProjectile>,
    /// Sounds heard this frame (within hearing range).
    pub sounds: Vec<Sound>,
    /// Chat lines said this frame that this player receives.
    pub chat: Vec<ChatLine>,
    /// Deaths this frame, as the game tells every player ("X was railed by Y").
    pub obituaries: Vec<Obituary>,
    /// The scores, as the in-game scoreboard shows them.
    pub scoreboard: Scoreboard,
    /// Every teammate but the player, wherever it is (team modes; Quake III's team overlay).
    pub teammates: Vec<TeammateInfo>,
}

/// The player's own state.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SelfView {
    /// This player.
    pub id: PlayerId,
    /// Its team.
    pub team: Team,
    /// Whether it is alive (a dead player waits to respawn).
    pub alive: bool,
    /// Whether it may respawn now (dead, and the respawn delay is over).
    pub can_respawn: bool,
    /// Origin (the centre of the box is 4 units above: the box is −24…+32 standing).
    pub origin: Vec3,
    /// Velocity, units per second.
    pub velocity: Vec3,
    /// View angles in degrees (pitch, yaw, roll).
    pub view_angles: Vec3,
    /// Eye height above the origin (26 standing, 12 crouching).
    pub view_height: f32,
    /// Health points.
    pub health: i32,
    /// Armor points.
    pub armor: i32,
    /// The weapon in hand (`None` while dead).
    pub weapon: Option<Weapon>,
    /// Milliseconds until the weapon may fire or switch again (0 when ready).
    pub weapon_time_ms: u32,
    /// Weapons owned, indexed by [`Weapon::index`].
    pub weapons: [bool; 9],
    /// Ammunition per weapon, indexed by [`Weapon::index`] (−1: unlimited).
    pub ammo: [i32; 9],
    /// Powerups held with the milliseconds left, in [`Powerup::ALL`] order.
    pub powerups: Vec<(Powerup, u32)>,
    /// The holdable item carried.
    pub holdable: Option<Holdable>,
    /// The flag carried (CTF), by its team.
    pub carrying_flag: Option<Team>,
    /// Whether it stands on walkable ground.
    pub on_ground: bool,
    /// Whether it crouches.
    pub crouched: bool,
    /// How deep it is in a liquid: 0 none, 1 feet, 2 waist, 3 eyes.
    pub water_level: u8,
    /// Its score.
    pub score: i32,
    /// The last other player that hurt it (Quake III's `PERS_ATTACKER`, kept across
    /// respawns; `None` until someone does).
    pub last_attacker: Option<PlayerId>,
    /// How many of its shots have hit another player this match (Quake III's `PERS_HITS`:
    /// a player hears each hit it lands).
    #[serde(default)]
    pub hits: u32,
}

impl SelfView {
    /// The eye position.
    #[must_use]
    pub fn eye(&self) -> Vec3 {
        self.origin + Vec3::Z * self.view_height
    }

    /// Whether the player owns `weapon` with ammunition for it.
    #[must_use]
    pub fn can_fire(&self, weapon: Weapon) -> bool {
        self.weapons[weapon.index()] && self.ammo[weapon.index()] != 0
    }
}

/// Another player in line of sight.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct SeenPlayer {
    /// Who.
    pub id: PlayerId,
    /// Its team.
    pub team: Team,
    /// Origin.
    pub origin: Vec3,
    /// Velocity (what a client sees from two frames).
    pub velocity: Vec3,
    /// Where it looks.
    pub view_angles: Vec3,
    /// Whether it is alive (a corpse is seen too).
    pub alive: bool,
    /// Whether it crouches.
    pub crouched: bool,
    /// The weapon in its hand.
    pub weapon: Option<Weapon>,
    /// Whether it fired this frame.
    pub firing: bool,
    /// The flag it carries.
    pub carrying_flag: Option<Team>,
    /// Powerups that show (every powerup glows; an invisible player is seen only firing).
    pub powerups: Vec<Powerup>,
}

/// An item in line of sight.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeenItem {
    /// The world's entity number (stable while the entity exists).
    pub entity: u32,
    /// What it is.
    pub item: Item,
    /// Where it is.
    pub origin: Vec3,
    /// Whether it was dropped by a player (dropped items vanish after 30 s).
    pub dropped: bool,
}

/// A projectile in line of sight.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeenProjectile {
    /// The world's entity number.
    pub entity: u32,
    /// The weapon that fired it.
    pub weapon: Weapon,
    /// Who fired it.
    pub owner: PlayerId,
    /// Where it is.
    pub origin: Vec3,
    /// Its velocity.
    pub velocity: Vec3,
}

/// What made a sound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SoundKind {
    /// A weapon fired.
    Fire(Weapon),
    /// A projectile exploded.
    Explosion(Weapon),
    /// An item was picked up.
    Pickup(Item),
    /// A player was hurt.
    Pain,
    /// A player died.
    Death,
    /// A player jumped.
    Jump,
    /// A player landed hard.
    Land,
    /// A jump pad launched a player.
    JumpPad,
    /// A player teleported (heard at both ends).
    Teleport,
    /// A player respawned.
    Respawn,
    /// A door, lift or button moved.
    Mover,
    /// A player made a gesture.
    Gesture,
}

/// A sound heard this frame.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Sound {
    /// What it was.
    pub kind: SoundKind,
    /// Where it came from.
    pub origin: Vec3,
    /// The player who made it, if one did.
    pub player: Option<PlayerId>,
}

/// A death, as the game announces it to every player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Obituary {
    /// Who died.
    pub victim: PlayerId,
    /// Who killed (`None`: the world, or the victim itself).
    pub killer: Option<PlayerId>,
    /// How.
    pub cause: DamageCause,
}

/// A chat line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChatLine {
    /// Who said it.
    pub from: PlayerId,
    /// The speaker's name.
    pub name: String,
    /// Said to the speaker's team only.
    pub team_only: bool,
    /// The words.
    pub text: String,
    /// The same team message in typed form, when the speaker attached one
    /// ([`BotInput::team_message`](crate::BotInput)).
    pub message: Option<TeamMessage>,
}

/// The scoreboard.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Scoreboard {
    /// Every player, in player order.
    pub players: Vec<ScoreLine>,
    /// Red team score (team modes).
    pub red: Option<i32>,
    /// Blue team score (team modes).
    pub blue: Option<i32>,
    /// Match time limit in milliseconds (0: none).
    pub time_limit_ms: u32,
    /// Frag limit (0: none).
    pub frag_limit: i32,
    /// Capture limit (0: none).
    pub capture_limit: i32,
    /// Where the red flag is (capture the flag only).
    pub red_flag: Option<FlagStatus>,
    /// Where the blue flag is (capture the flag only).
    pub blue_flag: Option<FlagStatus>,
}

impl Scoreboard {
    /// Where `team`'s flag is (capture the flag only).
    #[must_use]
    pub fn flag(&self, team: Team) -> Option<FlagStatus> {
        match team {
            Team::Red => self.red_flag,
            Team::Blue => self.blue_flag,
            Team::Free => None,
        }
    }
}

/// One player's line on the scoreboard.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScoreLine {
    /// Who.
    pub id: PlayerId,
    /// Its name.
    pub name: String,
    /// Its team.
    pub team: Team,
    /// Its score.
    pub score: i32,
    /// How often it died.
    pub deaths: u32,
    /// The flag it carries (the scoreboard shows it).
    pub carrying_flag: Option<Team>,
}
